"""The season table as the pages, the projector and the PDF show it: rows as ready texts,
how the season is scored in a sentence, and night numbers written as runs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from euchre.tournament.season import (
    NightPoints,
    NonMemberPlaces,
    SeasonDefinition,
    SeasonRow,
    SeasonTable,
    TiedPlaces,
)

__all__ = [
    "SeasonLine",
    "computer_words",
    "number_ranges",
    "number_text",
    "sat_words",
    "scoring_words",
    "table_lines",
]


@dataclass(frozen=True)
class SeasonLine:
    """A row of the season table as the pages show it (texts ready to print)."""

    member_id: int
    rank: str
    name: str
    points: str
    games: int
    games_won: int
    nights: int
    movement: str
    """"+2" (up two places since the last night), "-1", "=" (unchanged), "new" (ranked now,
    not before the latest night), "" (the first night, or not qualified)."""
    movement_word: str
    counted: str
    """The nights counted, by their number in the season ("1–3, 5")."""
    prize: str
    qualified: bool
    by_night: tuple[str, ...] = ()
    """Each night's points in night order ("" for a night not attended; "14 s" when the
    night had a sit-out, whose points are in the 14)."""
    sat_out: str = ""
    """The member's sit-outs in words ("night 1: sat out 1 round, 4 points"), or ""."""
    total: str = ""
    """Every point of every night (sit-outs' points in)."""
    computer: str = ""
    """The nights a computer player played for the member, in words, or ""."""


def number_ranges(numbers: Iterable[int]) -> str:
    """Night numbers as the pages write them, runs joined: ``1–3, 5, 7–8``."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(str(first) if first == last else f"{first}–{last}" for first, last in runs)


def number_text(value: Any) -> str:
    """A season figure as the pages write it: ``14``, ``6.5``, ``7.667``."""
    number = float(value)
    return str(int(number)) if number == int(number) else f"{number:.3f}".rstrip("0")


def scoring_words(definition: SeasonDefinition) -> str:
    """How the season is scored, in a sentence."""
    scoring = str(definition.scoring)
    if scoring == "total_points":
        words = "Total points of every night (sit-outs' points in)"
    elif scoring == "average":
        words = (
            "Average points per game played (a sit-out is no game: its points are left out "
            "of the average)"
        )
    elif scoring == "best_nights":
        best = definition.best_nights
        words = (
            f"Points of each member's best {best} night{'' if best == 1 else 's'} "
            "(sit-outs' points in)"
        )
    else:
        table = ", ".join(str(points) for points in definition.place_points)
        tied = (
            "tied players each take that place's points"
            if definition.tied_places == TiedPlaces.FULL
            else "ties share"
        )
        words = f"Points by place each night ({table}; {tied})"
        if definition.non_member_places == NonMemberPlaces.NEXT_MEMBER:
            words += "; places among members only (the next member moves up)"
        else:
            words += "; a non-member's place stays empty"
    bars = []
    if definition.min_games:
        bars.append(f"{definition.min_games} games")
    if definition.min_nights:
        bars.append(f"{definition.min_nights} nights")
    if bars:
        words += f"; to qualify: at least {' and '.join(bars)}"
    if definition.tie_breaks:
        words += "; tie-breaks: " + ", ".join(
            str(tie).replace("_", " ") for tie in definition.tie_breaks
        )
    return words + "."


def table_lines(table: SeasonTable) -> list[SeasonLine]:
    """The table's rows as the season page, the projector and the PDF show them."""
    numbers = {key: index for index, key in enumerate(table.nights, start=1)}
    several = len(table.nights) > 1
    lines = []
    for row in table.rows:
        nights = {night.key: night for night in row.by_night}
        if row.movement is not None:
            movement = "=" if row.movement == 0 else f"{row.movement:+d}"
            word = (
                "unchanged"
                if row.movement == 0
                else f"{'up' if row.movement > 0 else 'down'} {abs(row.movement)}"
            )
        elif several and row.qualified and row.previous_rank is None:
            movement, word = "new", "new in the table this night"
        else:
            movement, word = "", ""
        rank = "" if row.rank is None else (f"={row.rank}" if row.tied else str(row.rank))
        lines.append(
            SeasonLine(
                member_id=row.member_id,
                rank=rank,
                name=row.name,
                points=number_text(row.points),
                games=row.games,
                games_won=row.games_won,
                nights=row.nights,
                movement=movement,
                movement_word=word,
                counted=number_ranges([numbers[key] for key in row.nights_counted]),
                prize=(
                    "; ".join(row.prizes)
                    + (f" ${row.prize_cents / 100:.2f}" if row.prize_cents else "")
                ),
                qualified=row.qualified,
                by_night=tuple(
                    _night_cell(night) if (night := nights.get(key)) is not None else ""
                    for key in table.nights
                ),
                sat_out="; ".join(
                    f"night {numbers[night.key]}: {sat_words(night)}"
                    for night in row.by_night
                    if night.sit_outs
                ),
                total=str(row.total_points),
                computer=computer_words(row, numbers),
            )
        )
    return lines


def _night_cell(night: NightPoints) -> str:
    """A night's points as the page and the PDF show them: "14"; "14 s" when a sit-out's
    points are in them, "14 c" when a computer played a game for the member ("14 sc": both)."""
    marks = ("s" if night.sit_outs else "") + ("c" if night.computer_games else "")
    return f"{night.points} {marks}" if marks else str(night.points)


def computer_words(row: SeasonRow, numbers: Mapping[str, int]) -> str:
    """The nights a computer player played for the member, in words ("night 2: a computer
    played 1 game for him"), or ""."""
    return "; ".join(
        f"night {numbers[night.key]}: a computer played {night.computer_games} "
        f"game{'' if night.computer_games == 1 else 's'} for him"
        for night in row.by_night
        if night.computer_games
    )


def sat_words(night: NightPoints) -> str:
    """A night's sit-outs in words: "sat out 1 round, 4 points"."""
    rounds = "round" if night.sit_outs == 1 else "rounds"
    points = "point" if night.sit_out_points == 1 else "points"
    return f"sat out {night.sit_outs} {rounds}, {night.sit_out_points} {points}"
