"""What a change to a recorded result moved besides the scores: each player's prize money,
euchred-cup money and sit-out points, before and after (docs/season.md, "Money never moves
silently").

Works on two snapshots of one event (the core's, before and after the change), so it sees
exactly what the event's pages and the season read; it says nothing when nothing moved.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from euchre.store.audit import record_club_audit
from euchre.store.core import snapshot_of
from euchre.store.money_record import MoneyMove, money_words
from euchre.store.night.events import get_event
from euchre.store.seasons.nights import sit_out_points
from euchre.tournament import EventSnapshot

__all__ = ["MoneyMove", "after_change", "before_change", "money_moves", "money_words"]


def _prize_cents(snapshot: EventSnapshot) -> dict[str, int]:
    out: dict[str, int] = {}
    for award in snapshot.prizes:
        out[award.competitor_id] = out.get(award.competitor_id, 0) + award.amount_cents
    return out


def _cup_cents(snapshot: EventSnapshot) -> dict[str, int]:
    cup = snapshot.side_pot
    if cup is None:
        return {}
    out: dict[str, int] = {}
    for winner, cents in zip(cup.winners, cup.shares_cents, strict=False):
        out[winner] = out.get(winner, 0) + cents
    return out


def money_moves(before: EventSnapshot, after: EventSnapshot) -> list[MoneyMove]:
    """Every competitor whose prize money, cup money or sit-out points differ between the
    two snapshots, in that order, then by competitor."""
    names = {row.competitor_id: row.name for row in (*before.standings, *after.standings)}
    moves = []
    for kind, read in (
        ("prize", _prize_cents),
        ("cup", _cup_cents),
        ("sit-out points", sit_out_points),
    ):
        old, new = read(before), read(after)
        for competitor in sorted({*old, *new}, key=lambda unit: (len(unit), unit)):
            if old.get(competitor, 0) != new.get(competitor, 0):
                moves.append(
                    MoneyMove(
                        kind,
                        competitor,
                        names.get(competitor, competitor),
                        old.get(competitor, 0),
                        new.get(competitor, 0),
                    )
                )
    return moves


def before_change(session: Session, *, event_id: int) -> EventSnapshot:
    """The event's snapshot before a change (to hand to :func:`after_change`)."""
    return snapshot_of(session, get_event(session, event_id=event_id))


def after_change(
    session: Session, *, event_id: int, before: EventSnapshot, who: str, reason: str = ""
) -> list[MoneyMove]:
    """What the change since ``before`` moved (prize money, cup money, sit-out points), kept
    in the app-wide audit log as ``money_moved`` (target ``event <id>: <names>``), naming
    each player, before and after."""
    session.flush()
    after = snapshot_of(session, get_event(session, event_id=event_id))
    moves = money_moves(before, after)
    if moves:
        # In the app-wide log (the club's money, like the seasons'), after the event's own
        # ``correct_result`` line, which stays the event's latest.
        record_club_audit(
            session,
            who=who,
            action="money_moved",
            target=f"event {event_id}: " + ", ".join(sorted({move.name for move in moves}))[:180],
            old_value={f"{move.kind}: {move.name}": move.before for move in moves},
            new_value={f"{move.kind}: {move.name}": move.after for move in moves},
            reason=reason,
        )
    return moves
