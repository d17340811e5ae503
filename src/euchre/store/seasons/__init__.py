"""A club's seasons in storage: event tags, season definitions, and the season table read
from the events' own standings (docs/season.md, "Seasons in the app").

A season is stored as its definition only (``SeasonDefinition`` as JSON) and which events
count: chosen one by one (``event_ids``) or every event carrying a tag. Its table is computed
whenever it is read: each event's standings come from the event's snapshot (the same one the
event's own pages show, cached per event until a result or setting changes), so a corrected
result in a past event moves the season table at the next read and nothing can go stale.

One module per concern: ``tags``, ``definitions`` (reading, checking and keeping a season),
``nights`` (an event as a night of the season), ``standings`` (the table and its JSON),
``lines`` (what the pages show), ``exports`` (CSV and PDF) and ``backup``. This package
names their public parts for the web layer and the club's backup.
"""

from __future__ import annotations

from euchre.store.seasons.backup import (
    SEASONS_BACKUP_FORMAT,
    SeasonsBackup,
    restore_seasons,
    seasons_backup,
)
from euchre.store.seasons.definitions import (
    SeasonData,
    SeasonDefinitionError,
    SeasonOut,
    create_season,
    delete_season,
    get_season,
    list_seasons,
    restore_season,
    season_data,
    season_definition,
    season_json,
    season_out,
    season_warnings,
    update_season,
)
from euchre.store.seasons.exports import CSV_COLUMNS, printable_table, standings_csv
from euchre.store.seasons.lines import SeasonLine, number_ranges, scoring_words
from euchre.store.seasons.nights import NightEvent, event_night, season_events, sit_out_points
from euchre.store.seasons.standings import (
    NightOut,
    NightPointsOut,
    SeasonRowOut,
    SeasonStandings,
    SeasonStandingsOut,
    season_lines,
    season_standings,
    standings_json,
    standings_out,
)
from euchre.store.seasons.tags import set_event_tags, tidy_tags

__all__ = [
    "CSV_COLUMNS",
    "SEASONS_BACKUP_FORMAT",
    "NightEvent",
    "NightOut",
    "NightPointsOut",
    "SeasonData",
    "SeasonDefinitionError",
    "SeasonLine",
    "SeasonOut",
    "SeasonRowOut",
    "SeasonStandings",
    "SeasonStandingsOut",
    "SeasonsBackup",
    "create_season",
    "delete_season",
    "event_night",
    "get_season",
    "list_seasons",
    "number_ranges",
    "printable_table",
    "restore_season",
    "restore_seasons",
    "scoring_words",
    "season_data",
    "season_definition",
    "season_events",
    "season_json",
    "season_lines",
    "season_out",
    "season_standings",
    "season_warnings",
    "seasons_backup",
    "set_event_tags",
    "sit_out_points",
    "standings_csv",
    "standings_json",
    "standings_out",
    "tidy_tags",
    "update_season",
]
