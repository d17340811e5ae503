"""The penalties page: every penalty with its ruling, a table-talk warning that can become
the penalty, and the penalty form's kinds and players (the dashboard's form lists them too)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from euchre.store import events, scores
from euchre.tournament import TableSeating
from euchre.tournament.penalties import ruling_words
from euchre.web.deps import database
from euchre.web.director_views import director_page
from euchre.web.page_helpers import page_director

__all__ = [
    "penalties_page",
    "penalty_kinds",
    "penalty_players",
    "router",
    "table_groups",
    "uncovered_kinds",
]

router = APIRouter(include_in_schema=False)


def penalty_kinds(profile_id: str) -> list[dict[str, str]]:
    """Each penalty kind the event's sheet covers, as the penalty form lists it: its words,
    whom to name, which team its points go to and what the table writes for the hand (0-0
    only where the ruling ends it). A kind the sheet does not have is not offered (the
    director decides it: :func:`uncovered_kinds`)."""
    from euchre.engine.profile import load_profile
    from euchre.tournament import PENALTY_KINDS
    from euchre.tournament.penalties import penalty_role, ruled_hand_words

    profile = load_profile(profile_id)
    listed = []
    for kind in PENALTY_KINDS:
        covered, hand = ruled_hand_words(profile, kind)
        if covered:
            listed.append(
                {
                    "kind": kind,
                    "words": kind.replace("_", " "),
                    "named": penalty_role(kind).named,
                    "scores": penalty_role(kind).scores,
                    "hand": hand,
                }
            )
    return listed


def uncovered_kinds(profile_id: str) -> str:
    """The irregularities the event's sheet has no clause for, in words ("" when none): the
    director decides them, with no points from the app."""
    from euchre.engine.profile import load_profile
    from euchre.tournament import PENALTY_KINDS
    from euchre.tournament.penalties import ruled_hand_words

    profile = load_profile(profile_id)
    return ", ".join(
        kind.replace("_", " ") for kind in PENALTY_KINDS if not ruled_hand_words(profile, kind)[0]
    )


def penalty_players(
    names: Mapping[int, str], tables: Sequence[tuple[int, Sequence[int]]] = ()
) -> list[tuple[str, list[tuple[int, str]]]]:
    """The players as the penalty form's lists offer them, grouped by the table they play at
    in the round in play (``tables``: table number and its players' numbers), then everyone
    else: (group label, [(number, name)]) with the players by name within a group (the
    director knows the player by name; the number tells two of one name apart)."""

    def by_name(numbers: Sequence[int]) -> list[tuple[int, str]]:
        return sorted(
            ((number, names[number]) for number in numbers if number in names),
            key=lambda item: (item[1].casefold(), item[0]),
        )

    seated = {number for _, players in tables for number in players}
    groups = [(f"Table {table}", by_name(players)) for table, players in tables]
    others = [number for number in names if number not in seated]
    if others:
        groups.append(("Other players" if groups else "Players", by_name(others)))
    return groups


def table_groups(session: Session, event_id: int) -> list[tuple[int, list[int]]]:
    """The tables of the latest round started and their players' numbers (the penalty
    form's groups): a penalty is nearly always for a table of the round in play."""
    started = events.started_rounds(session, event_id=event_id)
    if not started:
        return []
    return [
        (table.table, [int(player) for player in table.players])
        for table in started[-1].plan.tables
    ]


@router.get("/director/events/{event_id}/penalties", response_class=HTMLResponse)
def penalties_page(request: Request, event_id: int) -> Response:
    """Every penalty with its ruling (points per team by name); a table-talk warning can be
    turned into the penalty."""
    from euchre.store.core import display_snapshot

    director = page_director(request)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        title = f"{event.name}: penalties"
        snapshot = display_snapshot(session, event)
        names = {
            str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)
        }
        rows = scores.list_penalties(session, event_id=event_id)
        plans = {
            (round_row.number, entry.table): entry.partnerships
            for round_row in events.started_rounds(session, event_id=event_id)
            for entry in round_row.plan.tables
        }
    rulings = list(snapshot.penalties)
    items = []
    warnings: dict[str, int] = {}
    for row in rows:
        record = row.record
        kind = record.kind
        offender = record.offender_id
        ruling = next(
            (
                candidate
                for candidate in rulings
                if (candidate.round, candidate.table, candidate.kind, candidate.offender_id)
                == (row.round_number, row.table_number, kind, offender)
            ),
            None,
        )
        if ruling is not None:
            rulings.remove(ruling)
        sides = plans.get((row.round_number, row.table_number), ((), ()))
        teams = [" & ".join(names.get(p, p) for p in side) for side in sides]
        if ruling is None:
            outcome = "not scored"
        else:
            paid = [
                f"{teams[side]} +{points}"
                for side, points in enumerate(ruling.team_points)
                if points
            ]
            outcome = f"{ruling.outcome.replace('_', ' ')}: " + (", ".join(paid) or "no points")
        if kind == "table_talk":
            warnings[offender] = warnings.get(offender, 0) + 1
        items.append(
            {
                "id": row.id,
                "round": row.round_number,
                "table": row.table_number,
                "kind": kind.replace("_", " ")
                if ruling is None or not any(sides)
                else ruling_words(ruling, TableSeating(row.table_number, (sides[0], sides[1]))),
                "offender": names.get(offender, offender),
                "outcome": outcome,
                # A warning (no points yet) can be made the penalty.
                "escalate": kind == "table_talk"
                and ruling is not None
                and not any(ruling.team_points),
            }
        )
    return director_page(
        request,
        "penalties.html",
        director,
        title,
        {
            "event_id": event_id,
            "items": items,
            "warnings": [
                (names.get(player, player), count) for player, count in sorted(warnings.items())
            ],
            "kinds": penalty_kinds(event.config.profile_id),
            "uncovered": uncovered_kinds(event.config.profile_id),
            "players": penalty_players(
                {int(number): name for number, name in names.items()},
                table_groups(session, event_id),
            ),
        },
    )
