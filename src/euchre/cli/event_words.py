"""What ``euchre event ...`` reads and prints about people: the per-player counts a result
carries (lone hands made, lone hands of five tricks, times euchred, own totals; the web's
score form has the same boxes), read from options that name a player by id or by name, and
the lines that report a result or a penalty naming players, as the web's pages do.

The checks themselves are the web's: a result goes through
:func:`euchre.tournament.validation.complete_result` with the players' names, so its
refusals name people too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from euchre.cli.errors import CliError
from euchre.tournament import EventInputs, MovementChange, PenaltyRuling, TableResult
from euchre.tournament.model import PenaltyRecord, TableSeating
from euchre.tournament.naming import PlayerNames
from euchre.tournament.penalties import ruling_words
from euchre.tournament.validation import PER_PLAYER_WORDS

__all__ = [
    "event_names",
    "penalty_json",
    "penalty_lines",
    "per_player_counts",
    "result_lines",
    "table_names",
]


def event_names(inputs: EventInputs) -> dict[str, str]:
    """Player id -> name for every entrant of the event."""
    return {entrant.id: entrant.name for entrant in inputs.entrants}


def table_names(inputs: EventInputs, seating: TableSeating) -> PlayerNames:
    """The event's names, with the table's two partnerships for naming its teams."""
    return PlayerNames(event_names(inputs), seating.partnerships)


def _player_at_table(text: str, option: str, seating: TableSeating, label: PlayerNames) -> str:
    """The id of the player ``text`` names (his id, or his name in any case) at the table."""
    wanted = text.strip()
    for player in seating.players:
        if wanted == player:
            return player
    matches = [p for p in seating.players if label.player(p).casefold() == wanted.casefold()]
    if len(matches) == 1:
        return matches[0]
    raise CliError(
        f"{option} {text!r}: nobody of that id or name plays at table {seating.table} "
        f"(there: {label.players(seating.players)})"
    )


def per_player_counts(
    values: Sequence[str] | None,
    option: str,
    seating: TableSeating,
    label: PlayerNames,
    *,
    counted: bool = True,
) -> dict[str, int]:
    """Counts per player id from repeated options: ``PLAYER`` counts one each time it is
    given (when ``counted``; else a number is required), ``PLAYER=N`` adds N (a player by id
    or name)."""
    form = "PLAYER or PLAYER=N" if counted else "PLAYER=N"
    counts: dict[str, int] = {}
    for value in values or []:
        who, number = value, "1" if counted else ""
        if "=" in value:
            who, _, number = value.rpartition("=")
        try:
            count = int(number)
        except ValueError:
            raise CliError(f"{option} {value!r}: write {form} (N a whole number)") from None
        player = _player_at_table(who, option, seating, label)
        counts[player] = counts.get(player, 0) + count
    return counts


def _counts_text(counts: Mapping[str, int], label: PlayerNames) -> str:
    return ", ".join(f"{label.player(player)} {count}" for player, count in sorted(counts.items()))


def result_lines(
    result: TableResult,
    label: PlayerNames,
    changes: Sequence[MovementChange],
    scored: tuple[int, int] | None = None,
) -> list[str]:
    """A recorded result in words, players and teams by name (the web's result table): the
    totals (``scored``: with the director's penalties, as the standings count them), each
    player's own points where they differ from the team's, the lone hands, the times
    euchred, who reached a level score first, and the seats the result moved."""
    first, second = result.team_points
    sides = label.partnerships
    if sides is not None and not sides[1]:
        # A table of three: each player's own total is the score.
        totals = ", ".join(
            f"{label.player(player)} {result.player_points.get(player, 0)}" for player in sides[0]
        )
        return [f"round {result.round} table {result.table} (a table of three): {totals}"]
    if scored is None or scored == result.team_points:
        head = f"{first}-{second} ({label.team(0)} {first}, {label.team(1)} {second})"
    else:
        head = (
            f"{scored[0]}-{scored[1]} with the penalties ({label.team(0)} {scored[0]}, "
            f"{label.team(1)} {scored[1]}; the game {first}-{second})"
        )
    level = scored[0] if scored is not None and scored[0] == scored[1] else first
    lines = [f"round {result.round} table {result.table}: {head}"]
    for player, own in sorted(result.player_points.items()):
        lines.append(f"  {label.player(player)} scores {own}")
    for field, counts in (
        ("lone_hands", result.lone_hands),
        ("lone_marches", result.lone_marches),
        ("euchres", result.euchres),
    ):
        if counts:
            lines.append(f"  {PER_PLAYER_WORDS[field]}: {_counts_text(counts, label)}")
    if result.first_to_tying_score is not None:
        lines.append(
            f"  level game: {label.team(result.first_to_tying_score)} reached {level} first"
        )
    for change in changes:
        if change.before != "not planned":
            lines.append(
                f"  moved: round {change.round} {label.player(change.player_id)}: "
                f"{change.before} -> {change.after}"
            )
    return lines


def _is_warning(ruling: PenaltyRuling | None, record: PenaltyRecord) -> bool:
    """A table-talk report that scored nothing: the warning (the player's next one is the
    penalty), as the web's penalties page shows it."""
    return record.kind == "table_talk" and ruling is not None and not any(ruling.team_points)


def penalty_lines(
    record: PenaltyRecord,
    ruling: PenaltyRuling | None,
    label: PlayerNames,
) -> list[str]:
    """One penalty in words: its kind and the player named by name, its points per team by
    name (or that it is a warning), the clause, and the director's note."""
    kind = record.kind.replace("_", " ")
    if ruling is not None:
        sides = label.partnerships
        kind = ruling_words(ruling, None if sides is None else TableSeating(record.table, sides))
    head = f"{kind}, {label.player(record.offender_id)} named"
    if record.hand_number is not None:
        head += f" (hand {record.hand_number})"
    lines = [head]
    if ruling is None:
        lines.append(
            f"  recorded; it is scored once round {record.round} table {record.table} has its "
            "result"
        )
    else:
        points = f"{ruling.team_points[0]}-{ruling.team_points[1]}"
        paid = [
            f"{label.team(side)} +{amount}"
            for side, amount in enumerate(ruling.team_points)
            if amount
        ]
        what = "a warning: no points; the player's next table-talk offence is the penalty"
        if not _is_warning(ruling, record):
            what = ", ".join(paid) or "no points"
        lines.append(f"  {ruling.kind}: points {points} ({what}); {ruling.clause}")
    if record.note:
        lines.append(f"  note: {record.note}")
    return lines


def penalty_json(
    record: PenaltyRecord, ruling: PenaltyRuling | None, label: PlayerNames
) -> dict[str, Any]:
    """One penalty for ``--json``: the record, its ruling, the offender's name and whether it
    is a table-talk warning."""
    return {
        "record": record.to_json(),
        "ruling": None if ruling is None else ruling.to_json(),
        "offender_name": label.player(record.offender_id),
        "warning": _is_warning(ruling, record),
    }
