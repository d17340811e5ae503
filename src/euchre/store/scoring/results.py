"""A table's result: what is entered (``ResultInput``), how it is built and checked against the
event's rules, the official result's lookup, and how a change reads in the audit log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from euchre.store.core import player_id
from euchre.store.errors import NotFoundError
from euchre.store.models import (
    Entrant,
    Event,
    Result,
    Round,
)
from euchre.store.night.rounds import get_round
from euchre.store.scoring.table_lookup import RoundTimes, TableEvent
from euchre.tournament import (
    TableResult,
    TableSeating,
)
from euchre.tournament.naming import PlayerNames
from euchre.tournament.validation import PER_PLAYER_WORDS, ResultError, complete_result

__all__ = [
    "FIELD_WORDS",
    "RESULT_FIELDS",
    "ResultInput",
    "build_result",
    "check_table",
    "correction_input",
    "describe_changes",
    "describe_result",
    "official_result",
    "seat_names",
    "table_seating",
    "validated_result",
]


RESULT_FIELDS = (
    "team_points",
    "hand_points",
    "lone_hands",
    "lone_marches",
    "euchres",
    "lone_euchres",
    "player_points",
    "first_to_tying_score",
)
"""The parts of a result a table or the director enters (a correction names those it
changes)."""

FIELD_WORDS = {
    "team_points": "the score",
    "hand_points": "the hands",
    "lone_hands": "lone hands made",
    "lone_marches": "alone, all five tricks",
    "euchres": "times euchred",
    "lone_euchres": "times euchred on a lone hand",
    "player_points": "own points",
    "first_to_tying_score": "first to the level score",
    "hands_played": "hands played",
    "stage": "played as",
}
"""A result's fields as the score pages name them: a correction's message and the audit say
these, never the stored names (``team_points``)."""


@dataclass(frozen=True)
class ResultInput:
    """A table's score as entered: totals, or hand by hand (totals are then their sums).
    Per-player counts are keyed by player number. ``lone_marches`` counts the lone hands of
    five tricks each player called (5/4 scoring derives the players' own points from them).

    ``given`` names the fields a director's correction changes (the others keep their
    recorded values); None means every field was entered (a table's submission).
    ``rulings_in_totals``: see below."""

    team_points: tuple[int, int] | None = None
    hand_points: tuple[tuple[int, int], ...] = ()
    lone_hands: dict[int, int] = field(default_factory=dict)
    euchres: dict[int, int] = field(default_factory=dict)
    player_points: dict[int, int] = field(default_factory=dict)
    first_to_tying_score: int | None = None
    lone_marches: dict[int, int] = field(default_factory=dict)
    lone_euchres: dict[int, int] = field(default_factory=dict)
    """Of each player's ``euchres``, those on a lone hand (the cup's lone-hand stake)."""
    given: frozenset[str] | None = None
    rulings_in_totals: bool | None = None
    """For totals alone at a table with rulings that have points: whether the totals already
    hold them (the director says; the one ledger, docs/scores.md)."""


def _by_player(
    field_name: str,
    counts: dict[int, int],
    players: set[int],
    table: int,
    names: PlayerNames,
) -> None:
    words = PER_PLAYER_WORDS[field_name]
    for number, count in counts.items():
        if number not in players:
            raise ResultError(
                f"{words}: no player number {number} plays at table {table} (there: "
                f"{names.players(player_id(player) for player in sorted(players))})",
                field=f"{field_name}.{player_id(number)}",
            )
        if count < 0:
            raise ResultError(
                f"{words} of {names.player(player_id(number))} is {count}; must be 0 or more",
                field=f"{field_name}.{player_id(number)}",
            )


def build_result(
    context_round: Round | RoundTimes,
    table_number: int,
    players: set[int],
    entered: ResultInput,
    names: Mapping[str, str] | None = None,
) -> TableResult:
    """The result ``entered`` at one table as the core reads it (per-player counts keyed by
    player id), refusing a count for someone not at the table; ``names`` (player id -> name)
    makes the messages name people. At a table of three (each player for himself) the
    result is each player's own total (``player_points``), no team totals."""
    seating = context_round.plan.table(table_number)
    if seating is not None and seating.three_handed:
        return _three_handed_result(context_round, table_number, players, entered, names)
    if entered.hand_points:
        sums = (
            sum(hand[0] for hand in entered.hand_points),
            sum(hand[1] for hand in entered.hand_points),
        )
        if entered.team_points is not None and tuple(entered.team_points) != sums:
            raise ResultError(
                f"totals {entered.team_points[0]}-{entered.team_points[1]} do not match the "
                f"hands, which add up to {sums[0]}-{sums[1]}: change the hands too, or clear them",
                field="team_points",
            )
        totals = sums
    elif entered.team_points is not None:
        totals = (entered.team_points[0], entered.team_points[1])
    else:
        raise ResultError("enter the two team totals, or the hands", field="team_points")
    label = PlayerNames(names)
    for field_name, counts in (
        ("lone_hands", entered.lone_hands),
        ("lone_marches", entered.lone_marches),
        ("euchres", entered.euchres),
        ("lone_euchres", entered.lone_euchres),
        ("player_points", entered.player_points),
    ):
        _by_player(field_name, counts, players, table_number, label)
    if entered.first_to_tying_score not in (None, 0, 1):
        raise ResultError(
            f"first_to_tying_score must be 0 or 1, got {entered.first_to_tying_score}",
            field="first_to_tying_score",
        )
    return TableResult(
        round=context_round.number,
        table=table_number,
        team_points=totals,
        hand_points=tuple((int(ours), int(theirs)) for ours, theirs in entered.hand_points),
        player_points={player_id(number): count for number, count in entered.player_points.items()},
        lone_hands={
            player_id(number): count for number, count in entered.lone_hands.items() if count
        },
        euchres={player_id(number): count for number, count in entered.euchres.items() if count},
        hands_played=len(entered.hand_points) or None,
        first_to_tying_score=entered.first_to_tying_score,
        stage=context_round.plan.stage,
        lone_marches={
            player_id(number): count for number, count in entered.lone_marches.items() if count
        },
        lone_euchres={
            player_id(number): count for number, count in entered.lone_euchres.items() if count
        },
    )


def _three_handed_result(
    context_round: Round | RoundTimes,
    table_number: int,
    players: set[int],
    entered: ResultInput,
    names: Mapping[str, str] | None,
) -> TableResult:
    """A table of three's result: the three own totals (checked against the game by
    :func:`complete_result`); team totals, hands and per-hand counts are refused in words."""
    where = f"table {table_number} is a table of three"
    if any(entered.team_points or ()) or entered.hand_points:
        raise ResultError(
            f"{where}: each player plays for himself, so enter each player's own total, "
            "not team totals or hands",
            field="player_points",
        )
    label = PlayerNames(names)
    _by_player("player_points", entered.player_points, players, table_number, label)
    for field_name in ("lone_hands", "lone_marches", "euchres", "lone_euchres"):
        if any(getattr(entered, field_name).values()):
            raise ResultError(
                f"{where}: {PER_PLAYER_WORDS[field_name]} are not kept at a table of three "
                "(a three-handed game is scored by each player's own total)",
                field=field_name,
            )
    return TableResult(
        round=context_round.number,
        table=table_number,
        team_points=(0, 0),
        player_points={player_id(number): count for number, count in entered.player_points.items()},
        stage=context_round.plan.stage,
    )


def correction_input(current: TableResult | None, entered: ResultInput) -> ResultInput:
    """A correction's input: the fields it names, the recorded values for the rest."""
    if entered.given is None or current is None:
        return entered

    def numbers(mapping: Any) -> dict[int, int]:
        return {int(player): int(count) for player, count in mapping.items()}

    given = entered.given

    def pick(name: str, new: Any, old: Any) -> Any:
        return new if name in given else old

    return ResultInput(
        # New hands without new totals: the totals are the hands' sums.
        team_points=pick(
            "team_points",
            entered.team_points,
            None if "hand_points" in given and entered.hand_points else current.team_points,
        ),
        hand_points=pick("hand_points", entered.hand_points, current.hand_points),
        lone_hands=pick("lone_hands", entered.lone_hands, numbers(current.lone_hands)),
        lone_marches=pick("lone_marches", entered.lone_marches, numbers(current.lone_marches)),
        euchres=pick("euchres", entered.euchres, numbers(current.euchres)),
        lone_euchres=pick("lone_euchres", entered.lone_euchres, numbers(current.lone_euchres)),
        # Own totals are derived from the lone hands: only a typed one is checked again.
        player_points=pick("player_points", entered.player_points, {}),
        first_to_tying_score=pick(
            "first_to_tying_score", entered.first_to_tying_score, current.first_to_tying_score
        ),
    )


def describe_changes(
    old: dict[str, Any] | None,
    new: dict[str, Any] | None,
    *,
    names: Mapping[str, str] | None = None,
    teams: Sequence[str] | None = None,
) -> str:
    """What a change did to a result, field by field in words: ``the score: 7-6 -> 6-7; ...``
    (the fields that stayed the same are not named). ``names`` (player number -> name) and
    ``teams`` (the two partnerships' names) make players and teams read by name."""
    if old is None and new is None:
        return ""
    if old is None:
        if _three_handed(new or {}):
            return "recorded the score: " + describe_result(new or {}, names=names, teams=teams)
        return "recorded the score " + _value_text("team_points", (new or {}).get("team_points"))
    if new is None:
        return "removed"
    parts = []
    for name in (*RESULT_FIELDS, "hands_played", "stage"):
        before, after = old.get(name), new.get(name)
        if _normal(before) == _normal(after):
            continue
        if name == "hand_points" and before and after and len(before) == len(after):
            parts += [
                f"hand {number}: {old_hand[0]}-{old_hand[1]} -> {new_hand[0]}-{new_hand[1]}"
                for number, (old_hand, new_hand) in enumerate(
                    zip(before, after, strict=True), start=1
                )
                if list(old_hand) != list(new_hand)
            ]
            continue
        parts.append(
            f"{FIELD_WORDS[name]}: {_value_text(name, before, names, teams)} -> "
            f"{_value_text(name, after, names, teams)}"
        )
    return "; ".join(parts) or "no change"


def describe_result(
    value: Mapping[str, Any],
    *,
    names: Mapping[str, str] | None = None,
    teams: Sequence[str] | None = None,
) -> str:
    """A recorded result in words, only the fields it has: ``the score: 9-4; times euchred:
    Ann 1`` (a playoff says so); ``names`` and ``teams`` as in :func:`describe_changes`."""
    three = _three_handed(value)
    parts = [
        f"{FIELD_WORDS[name]}: {_value_text(name, value.get(name), names, teams)}"
        for name in (*RESULT_FIELDS, "hands_played")
        if _normal(value.get(name)) is not None and not (three and name == "team_points")
    ]
    if value.get("stage") not in (None, "main"):
        parts.append(f"{FIELD_WORDS['stage']}: {value['stage']}")
    return "; ".join(parts)


def _three_handed(value: Mapping[str, Any]) -> bool:
    """A table of three's result: three own totals and a 0-0 team score that says nothing."""
    own = value.get("player_points")
    return (
        isinstance(own, Mapping)
        and len(own) == 3
        and list(value.get("team_points") or []) == [0, 0]
    )


def _normal(value: Any) -> Any:
    if value in (None, {}, []):
        return None
    return value


def _value_text(
    name: str,
    value: Any,
    names: Mapping[str, str] | None = None,
    teams: Sequence[str] | None = None,
) -> str:
    if value in (None, {}, []):
        return "none"
    if name == "team_points":
        return f"{value[0]}-{value[1]}"
    if name == "hand_points":
        return " ".join(f"{hand[0]}-{hand[1]}" for hand in value)
    if isinstance(value, dict):
        return ", ".join(
            f"{(names or {}).get(str(player), f'#{player}')} {count}"
            for player, count in sorted(value.items())
        )
    if name == "first_to_tying_score":
        return teams[int(value)] if teams else f"team {int(value) + 1}"
    return str(value)


def validated_result(
    event: Event | TableEvent,
    result: TableResult,
    seating: TableSeating,
    names: dict[str, str],
    *,
    penalty_points: tuple[int, int] = (0, 0),
) -> TableResult:
    """The result checked against the event's rules and completed, as stored. ``names`` are
    the table's own players (the messages name only them): never the whole event's list, so a
    score costs the same however many players the event has. ``penalty_points``: what the
    director's rulings change in the totals (a game they make level names who was first)."""
    return complete_result(event.config, result, seating, names, penalty_points=penalty_points)


def seat_names(session: Session, event_id: int, seating: TableSeating) -> dict[str, str]:
    """Player id -> name for the four players of one table (one query for the four)."""
    numbers = [int(player) for player in seating.players]
    return {
        player_id(number): name
        for number, name in session.execute(
            select(Entrant.number, Entrant.name).where(
                Entrant.event_id == event_id, Entrant.number.in_(numbers)
            )
        )
    }


def table_seating(round_row: Round | RoundTimes, table: int) -> TableSeating:
    """The seating of one table of a round (``NotFoundError`` when the round has no such
    table)."""
    seating = round_row.plan.table(table)
    if seating is not None:
        return seating
    raise NotFoundError(f"round {round_row.number} has no table {table}")


_OFFICIAL = select(Result).where(
    Result.event_id == bindparam("event_id"),
    Result.round_number == bindparam("round_number"),
    Result.table_number == bindparam("table_number"),
)
"""One table's official result (built once)."""


def official_result(
    session: Session, *, event_id: int, round_number: int, table: int
) -> Result | None:
    """The official result of one table, if recorded."""
    return session.scalar(
        _OFFICIAL, {"event_id": event_id, "round_number": round_number, "table_number": table}
    )


def check_table(session: Session, event_id: int, round_number: int, table: int) -> Round:
    """The round, once it is known to have that table (``NotFoundError`` otherwise)."""
    round_row = get_round(session, event_id=event_id, number=round_number)
    if round_row.plan.table(table) is None:
        raise NotFoundError(f"round {round_number} has no table {table}")
    return round_row
