"""Every season's definition in one file, and adding them back (the tables are computed)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict
from sqlalchemy.orm import Session

from euchre.store.errors import StoreError
from euchre.store.models import Season
from euchre.store.seasons.definitions import SeasonOut, create_season, list_seasons, season_out

__all__ = ["SEASONS_BACKUP_FORMAT", "SeasonsBackup", "restore_seasons", "seasons_backup"]

SEASONS_BACKUP_FORMAT = "euchre-seasons-backup/1"


class SeasonsBackup(BaseModel):
    """Every season's definition, oldest first (``format``: ``euchre-seasons-backup/1``).
    A part this model does not name is kept too (``extra="allow"``): a backup never drops
    data."""

    model_config = ConfigDict(frozen=True, extra="allow")
    format: str
    seasons: list[SeasonOut]


def seasons_backup(session: Session) -> SeasonsBackup:
    """Every season's definition, for :func:`restore_seasons` (the tables are computed)."""
    return SeasonsBackup(
        format=SEASONS_BACKUP_FORMAT,
        seasons=[season_out(season) for season in reversed(list_seasons(session))],
    )


def restore_seasons(session: Session, *, data: Any, who: str) -> list[Season]:
    """Add the seasons of :func:`seasons_backup`'s JSON (all or nothing: a bad season, a
    name already used or an event no longer stored refuses the file, naming the season)."""
    if not isinstance(data, dict) or data.get("format") != SEASONS_BACKUP_FORMAT:
        raise StoreError(f"not a seasons backup: expected 'format': {SEASONS_BACKUP_FORMAT!r}")
    entries = data.get("seasons")
    if not isinstance(entries, list):
        raise StoreError("seasons backup: 'seasons' must be a list")
    added = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise StoreError(f"seasons backup: season {index + 1} is not an object")
        fields = {key: value for key, value in entry.items() if key != "id"}
        if fields.get("events") is None:
            fields.pop("events", None)
        if fields.get("tag") is None:
            fields.pop("tag", None)
        try:
            added.append(create_season(session, data=fields, who=who))
        except StoreError as error:
            raise type(error)(f"seasons backup: season {index + 1}: {error}") from None
    return added
