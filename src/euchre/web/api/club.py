"""The club's backup in the JSON API: members, events and seasons in one file, and its
restore into an empty club (docs/season.md, "The club's backup"). Director only."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from euchre.store.backups import club_backup
from euchre.web.api.schemas import ClubBackupOut, ErrorOut
from euchre.web.common.deps import ReadSession, WriteSession, director_for_read, director_for_write
from euchre.web.common.security import DirectorSession

__all__ = ["router"]

_errors: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorOut} for status in (400, 401, 403, 409, 422)
}
router = APIRouter(prefix="/api/club", tags=["backup"], responses=_errors)
Reader = Annotated[DirectorSession, Depends(director_for_read)]
Writer = Annotated[DirectorSession, Depends(director_for_write)]


@router.get("/backup")
def backup_club(director: Reader, session: ReadSession) -> ClubBackupOut:
    """Every member (contact details, notes, active, merges), whether a club code is set
    (never the code), every event's backup and the seasons, for ``POST /api/club/restore``."""
    return ClubBackupOut.model_validate(club_backup.backup_club(session))


@router.post("/restore", status_code=201)
def restore_club(
    director: Writer, session: WriteSession, body: dict[str, Any]
) -> club_backup.ClubRestored:
    """Restore a club's backup into this club, which must have no events, members or
    seasons yet (409 otherwise); a malformed file is a 400 naming the first bad field, and
    nothing is written."""
    return club_backup.restore_club(session, data=body, who=director.name)
