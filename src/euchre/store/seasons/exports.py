"""The season table as files: the CSV and the PDF's printout."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from euchre.season_printing import SeasonPrintout, SeasonPrintRow
from euchre.store.csv_text import csv_text
from euchre.store.models import utc_now
from euchre.store.seasons.lines import computer_words, number_text, sat_words, scoring_words
from euchre.store.seasons.nights import event_date, night_key
from euchre.store.seasons.standings import SeasonStandings, row_json, season_lines
from euchre.tournament.season import SeasonRow

__all__ = ["CSV_COLUMNS", "printable_table", "standings_csv"]


CSV_COLUMNS = (
    "rank",
    "name",
    "member_id",
    "points",
    "games",
    "games_won",
    "lone_hands",
    "euchres",
    "nights",
    "nights_counted",
    "qualified",
    "tied",
    "movement",
    "prizes",
    "prize",
    "total_points",
    "sit_outs",
    "sit_out_points",
    "computer_games",
)
"""The CSV's fixed columns; one column per night follows them (its date and name), then
``sat_out`` and ``computer_played`` (in words)."""


def standings_csv(standings: SeasonStandings) -> str:
    """The season table as CSV (``nights_counted``: event ids separated by spaces), then
    each night's points in a column headed by the night's date and name (sit-outs' points
    in; "(corrected after play)" after the name of a night a late correction moved money
    on), and ``sat_out``: the nights with a sit-out and its points."""
    keys = [night_key(event.id) for event in standings.nights]
    header = (
        *CSV_COLUMNS,
        *(
            f"{event_date(event).isoformat()} {event.name}"
            + (" (corrected after play)" if event.id in standings.corrected else "")
            for event in standings.nights
        ),
        "sat_out",
        "computer_played",
    )
    numbers = {key: index for index, key in enumerate(keys, start=1)}
    return csv_text(header, (_csv_row(row, keys, numbers) for row in standings.table.rows))


def _csv_row(row: SeasonRow, keys: list[str], numbers: Mapping[str, int]) -> list[object]:
    data = row_json(row)
    nights = {night.key: night for night in row.by_night}
    sat = "; ".join(
        f"night {numbers[night.key]}: {sat_words(night)}"
        for night in row.by_night
        if night.sit_outs
    )
    return [
        "" if row.rank is None else row.rank,
        row.name,
        row.member_id,
        number_text(row.points),
        row.games,
        row.games_won,
        row.lone_hands,
        row.euchres,
        row.nights,
        " ".join(str(event_id) for event_id in data["nights_counted"]),
        "yes" if row.qualified else "no",
        "yes" if row.tied else "",
        "" if row.movement is None else f"{row.movement:+d}",
        "; ".join(row.prizes),
        f"{row.prize_cents / 100:.2f}" if row.prize_cents else "",
        row.total_points,
        row.sit_outs,
        row.sit_out_points,
        row.computer_games,
        *(nights[key].points if key in nights else "" for key in keys),
        sat,
        computer_words(row, numbers),
    ]


def printable_table(
    standings: SeasonStandings, *, now: datetime.datetime | None = None
) -> SeasonPrintout:
    """The season table as the PDF prints it, stamped "as of" ``now`` (default: now, UTC)."""
    definition = standings.definition
    moment = (now or utc_now()).astimezone(datetime.UTC)
    return SeasonPrintout(
        as_of=f"As of {moment:%Y-%m-%d %H:%M} UTC, after {len(standings.nights)} "
        f"night{'' if len(standings.nights) == 1 else 's'}",
        season=standings.season.name
        + ("" if standings.part is None else f": {standings.part.name}"),
        scoring=scoring_words(definition),
        nights=tuple(
            f"{index}. {event.name} ({event_date(event).isoformat()}"
            + (
                ", corrected after play: see the season page"
                if event.id in standings.corrected
                else ""
            )
            + ")"
            for index, event in enumerate(standings.nights, start=1)
        ),
        rows=tuple(
            SeasonPrintRow(
                rank=line.rank or "-",
                name=line.name,
                points=line.points,
                games=line.games,
                nights=line.nights,
                movement=line.movement,
                counted=line.counted,
                prize=line.prize,
                by_night=line.by_night,
            )
            for line in season_lines(standings)
        ),
    )
