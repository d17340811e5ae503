"""The penalty form's choices (read model): the kinds the event's sheet covers, the ones it
does not, and the players grouped by their table in the round in play (the penalties page and
the dashboard's form list them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy.orm import Session

from euchre.store.night import events

__all__ = [
    "penalty_kinds",
    "penalty_players",
    "table_groups",
    "uncovered_kinds",
]


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
