"""The night's clock cut-off as stored: refusing a main round started after it (unless the
director says so, written in the audit) and ending the night with the rounds played.

The rule itself (when the cut-off falls, its words) is ``tournament/cut_off.py``; here it meets
the rounds' start times and the event's settings.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlalchemy.orm import Session

from euchre.store.audit import record_audit
from euchre.store.core import compute, event_inputs
from euchre.store.errors import ConflictError
from euchre.store.models import Event, EventStatus, Round
from euchre.store.night.events import get_event, started_rounds, touch
from euchre.tournament import Stage
from euchre.tournament.cut_off import cut_off_refusal

__all__ = ["check_start_before_cut_off", "cut_off_words", "end_night", "main_rounds_started"]


def main_rounds_started(rounds: list[Round]) -> int:
    """How many main rounds (not playoff games) have started."""
    return sum(1 for row in rounds if row.plan.stage == Stage.MAIN)


def cut_off_words(event: Event, rounds: list[Round], *, now: datetime) -> str | None:
    """Why the next main round may not start at ``now`` (None: it may, or it is a playoff)."""
    config = event.config
    played = main_rounds_started(rounds)
    if played >= config.rounds:
        return None  # the main rounds are done: what follows is a playoff, never cut off
    return cut_off_refusal(
        config.last_round_by,
        config.time_zone,
        night_started=rounds[0].started_at if rounds else None,
        now=now,
        played=played,
    )


def check_start_before_cut_off(
    session: Session,
    *,
    event: Event,
    rounds: list[Round],
    now: datetime,
    past_cut_off: bool,
    reason: str,
    who: str,
) -> None:
    """Refuse (``ConflictError``, in words) a main round started after the night's cut-off,
    unless the director says ``past_cut_off``: then the start is written in the audit with
    his ``reason``."""
    refusal = cut_off_words(event, rounds, now=now)
    if refusal is None:
        return
    if not past_cut_off:
        raise ConflictError(refusal)
    record_audit(
        session,
        event_id=event.id,
        who=who,
        action="start_past_cut_off",
        target=f"round {main_rounds_started(rounds) + 1}",
        old_value={"last_round_by": event.config.last_round_by},
        reason=reason.strip() or "the director started it after the cut-off",
    )


def end_night(session: Session, *, event_id: int, who: str, reason: str = "") -> Event:
    """End the night with the main rounds played (the cut-off has passed, or the director
    says so): the event's ``rounds`` becomes that number, so the standings, the prizes and
    any playoff follow from the rounds played. Refused while a round is in play, before the
    first round, or when the night already plays no more rounds."""
    event = get_event(session, event_id=event_id, for_update=True)
    rounds = started_rounds(session, event_id=event_id)
    if rounds and rounds[-1].closed_at is None:
        raise ConflictError(
            f"round {rounds[-1].number} is still in play; close it before ending the night"
        )
    played = main_rounds_started(rounds)
    if not played:
        raise ConflictError("no round has been played yet; there is no night to end")
    config = event.config
    if played >= config.rounds:
        raise ConflictError(f"the night already ends with its {config.rounds} rounds")
    event.config = replace(config, rounds=played)
    touch(event)
    session.flush()
    if compute(event_inputs(session, event)).is_over:
        event.status = EventStatus.FINISHED
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="end_night",
        target=f"after round {played}",
        old_value={"rounds": config.rounds},
        new_value={"rounds": played},
        reason=reason.strip()
        or (
            f"the night's cut-off ({config.last_round_by})"
            if config.last_round_by
            else "the director ended the night"
        ),
    )
    return event
