"""Players who asked for the movement's stationary seat (Chatgamers: "if you would like to be
a North Player for the progressive tourney let Maria or I know"), checked against the night.

The movement honours a request where it can (``movement_rules``: the first draw puts each
asker in the stationary seat of a table of his own, and the others sit out before him); this
module tells the director, in words, each request the seating does not meet and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from euchre.tournament.compass import SEAT_WORDS
from euchre.tournament.formats import FORMATS
from euchre.tournament.model import EventConfig, RoundPlan, Stage

__all__ = ["seat_request_problems"]


def _seat_of(plan: RoundPlan, player: str) -> tuple[int, str] | None:
    """(table, compass seat) of ``player`` in ``plan``, or None when he does not play it."""
    for table in plan.tables:
        for side, pair in enumerate(table.partnerships):
            for place, seated in enumerate(pair):
                if seated == player:
                    return table.table, SEAT_WORDS[side][place]
    return None


def seat_request_problems(
    config: EventConfig,
    asking: Sequence[str],
    names: Mapping[str, str],
    plans: Sequence[RoundPlan],
) -> list[str]:
    """One sentence for each request for the stationary seat that the night's seating
    (``plans``: the rounds played and the next) does not meet, saying why; ``asking`` are the
    players who asked, in the order they were entered; ``names`` their names as shown."""
    if not asking:
        return []
    spec = FORMATS[config.format].movement_for(config) if config.format in FORMATS else None
    seat = spec.stationary_seat() if spec is not None else None
    if seat is None:
        return [
            f"{names.get(player, player)} asked for the stationary seat, but this night's "
            "movement has no seat that stays at its table: every player moves as the "
            "movement says"
            for player in asking
        ]
    seat_word = seat.value.capitalize()
    problems: list[str] = []
    first: dict[str, tuple[int, str]] = {}
    main = [plan for plan in plans if plan.stage == Stage.MAIN]
    for plan in main:
        tables = len(plan.tables)
        holders = [p for p in asking if (_seat_of(plan, p) or (0, ""))[1] == seat_word]
        for player in asking:
            where = _seat_of(plan, player)
            name = names.get(player, player)
            if where is None:
                continue
            if player not in first:
                first[player] = where
                if where[1] != seat_word:
                    why = (
                        f"{len(asking)} players asked and there are {tables} tables"
                        if len(holders) >= tables
                        else "the sheet's seat classes could not be kept at that seat"
                    )
                    problems.append(
                        f"round {plan.round}: {name} asked for the stationary {seat_word} "
                        f"seat, but sits {where[1]} at table {where[0]}: {why}"
                    )
                continue
            if where != first[player] and first[player][1] == seat_word:
                problems.append(
                    f"round {plan.round}: {name} asked to stay {seat_word} at table "
                    f"{first[player][0]}, but the movement seats him {where[1]} at table "
                    f"{where[0]} (he sat out or arrived after the others were seated)"
                )
                first[player] = where
    return problems
