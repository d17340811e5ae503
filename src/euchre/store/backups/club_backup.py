"""The club's backup: its members (with their merges), its events and its seasons in one
file, restored whole into an empty club (docs/season.md, "The club's backup").

An event's own backup (:mod:`euchre.store.backups.event_backup`) restores one night into any
database and links its players to members by name; the seasons' backup refers to events by ids that
a restore changes. The club's backup keeps the three together so nothing is matched by name:
members are restored first (new ids, mapped), then the events with each player linked to
his member through that map, then the seasons with their event ids mapped to the restored
events' new ids. The club code is not in the file (only whether one was set): the director
sets it again after a restore.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from euchre.store.access.club_code import club_code_set
from euchre.store.audit import record_club_audit
from euchre.store.backups.event_backup import BackupFile, backup_event, restore_backup
from euchre.store.club.members import (
    MemberFields,
    create_member,
    list_members,
    list_merges,
    member_json,
    record_merge_audit,
    remember_classes,
)
from euchre.store.errors import ConflictError, StoreError
from euchre.store.models import Entrant, Event, Member, MemberMerge, Season
from euchre.store.names import name_key
from euchre.store.seasons.backup import seasons_backup
from euchre.store.seasons.definitions import restore_season
from euchre.tournament.codec import validation_message

__all__ = [
    "CLUB_BACKUP_FORMAT",
    "ClubBackupFile",
    "ClubRestored",
    "backup_club",
    "club_holdings",
    "restore_club",
]

CLUB_BACKUP_FORMAT = "euchre-club-backup/1"
_INT_LIMIT = 2**31
Id = Annotated[int, Field(ge=1, lt=_INT_LIMIT)]
Int32 = Annotated[int, Field(gt=-_INT_LIMIT, lt=_INT_LIMIT)]
_CLUB_CODE_NOTE = (
    "The club code is not in the backup (not even its hash): after a restore the public "
    "pages are open until the director sets the code again."
)


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def backup_club(session: Session) -> dict[str, Any]:
    """Everything the club keeps, as JSON that :func:`restore_club` reads back: every member
    (merged ones too) with contact details, notes, whether active and the merges he went
    into, the settings (whether a club code is set; never the code), every event's own
    backup (with its id, which the seasons and members refer to) and the seasons' backup."""
    events = list(session.scalars(select(Event.id).order_by(Event.id)))
    numbers = {
        entrant_id: (event_id, number)
        for entrant_id, event_id, number in session.execute(
            select(Entrant.id, Entrant.event_id, Entrant.number)
        )
    }
    merges: dict[int, list[dict[str, Any]]] = {}
    for merge in reversed(list_merges(session)):
        players = [
            {"event": numbers[entrant][0], "number": numbers[entrant][1]}
            for entrant in (int(value) for value in merge.entrant_ids["entrants"])
            if entrant in numbers  # an event deleted since: its players went with it
        ]
        merges.setdefault(merge.merged_id, []).append(
            {
                "into": merge.kept_id,
                "players": players,
                "merged_was_active": merge.merged_was_active,
                "who": merge.who,
                "at": _time(merge.at),
                "undone_at": _time(merge.undone_at),
            }
        )
    return {
        "format": CLUB_BACKUP_FORMAT,
        "members": [
            {
                **member_json(member),
                "merged_into": member.merged_into_id,
                "created_at": _time(member.created_at),
                "merges": merges.get(member.id, []),
                # His next night's defaults (a sheet's [players] values), when he has any.
                **({"seat_class": member.seat_class} if member.seat_class else {}),
                **({"prize_category": member.prize_category} if member.prize_category else {}),
            }
            for member in sorted(list_members(session, include_merged=True), key=_by_id)
        ],
        "settings": {
            "club_only": club_code_set(session) is not None,
            "club_code": _CLUB_CODE_NOTE,
        },
        "events": [
            {"id": event_id, **backup_event(session, event_id=event_id)} for event_id in events
        ],
        "seasons": {
            **seasons_backup(session).model_dump(mode="json"),
            "created_at": {
                str(season_id): _time(created)
                for season_id, created in session.execute(select(Season.id, Season.created_at))
            },
        },
    }


def _by_id(member: Member) -> int:
    return member.id


# --- the file as the restore reads it --------------------------------------------------------


class _Part(BaseModel):
    """A part of the club's file (keys not listed here are ignored, as in an event's)."""

    model_config = ConfigDict(extra="ignore", frozen=True)


class _PlayerRef(_Part):
    event: Id
    number: Int32


class _MergePart(_Part):
    into: Id
    players: list[_PlayerRef] = []
    merged_was_active: bool = True
    who: str = Field(default="", max_length=200)
    at: datetime | None = None
    undone_at: datetime | None = None


class _MemberPart(_Part):
    id: Id
    name: str = Field(min_length=1, max_length=200)
    email: str = ""
    phone: str = ""
    notes: str = ""
    active: bool = True
    merged_into: Id | None = None
    created_at: datetime | None = None
    merges: list[_MergePart] = []
    seat_class: str | None = Field(default=None, max_length=20)
    prize_category: str | None = Field(default=None, max_length=20)


class _SettingsPart(_Part):
    club_only: bool = False


class _EventEntry(BackupFile):
    """An event's own backup (:class:`BackupFile`) with the id it had."""

    id: Id


class _SeasonEntry(BaseModel):
    """A season as the seasons' backup writes it; its definition's fields are checked when
    it is kept (``restore_season``), so they pass through as given."""

    model_config = ConfigDict(extra="allow", frozen=True)
    id: Id
    name: str = Field(min_length=1, max_length=2000)
    events: list[Id] | None = None
    tag: str | None = Field(default=None, max_length=2000)

    @model_validator(mode="after")
    def _events_or_tag(self) -> _SeasonEntry:
        if (self.events is None) == (self.tag is None):
            raise ValueError("a season has its events (ids) or a tag, one of the two")
        return self


class _SeasonsPart(_Part):
    format: Literal["euchre-seasons-backup/1"] = "euchre-seasons-backup/1"
    seasons: list[_SeasonEntry] = []
    created_at: dict[str, datetime] = {}


class ClubBackupFile(_Part):
    """A club's backup as :func:`backup_club` writes it, validated whole (and its ids
    checked against each other) before anything is restored."""

    format: Literal["euchre-club-backup/1"]
    members: list[_MemberPart] = []
    settings: _SettingsPart = _SettingsPart()
    events: list[_EventEntry] = []
    seasons: _SeasonsPart = _SeasonsPart()


def _read_club_backup(data: Any) -> ClubBackupFile:
    """The file checked as a whole: a malformed one raises ``StoreError`` naming the first
    bad field (``club backup is malformed: events.1.entrants.0.number: Field required``),
    an id that refers to nothing names where it is."""
    if not isinstance(data, dict) or data.get("format") != CLUB_BACKUP_FORMAT:
        raise StoreError(f"not a club backup: expected 'format': {CLUB_BACKUP_FORMAT!r}")
    try:
        backup = ClubBackupFile.model_validate(data)
    except ValidationError as error:
        raise StoreError(f"club backup is malformed: {validation_message(error)}") from None
    _check_references(backup)
    return backup


def _refuse(where: str, problem: str) -> StoreError:
    return StoreError(f"club backup is malformed: {where}: {problem}")


def _check_references(backup: ClubBackupFile) -> None:
    """Every id the file uses refers to something in it: members' merges to members,
    players to members, merges' players to events' players, seasons to events."""
    members: dict[int, int] = {}
    names: dict[str, int] = {}
    for index, member in enumerate(backup.members):
        if member.id in members:
            raise _refuse(f"members.{index}.id", f"member {member.id} is listed twice")
        key = name_key(member.name)
        if key in names:
            raise _refuse(
                f"members.{index}.name",
                f"{member.name!r} is also the name of members.{names[key]}",
            )
        members[member.id], names[key] = index, index
    players: dict[int, set[int]] = {}
    for index, event in enumerate(backup.events):
        if event.id in players:
            raise _refuse(f"events.{index}.id", f"event {event.id} is listed twice")
        players[event.id] = {entrant.number for entrant in event.entrants}
        for row, entrant in enumerate(event.entrants):
            if entrant.member_id is not None and entrant.member_id not in members:
                raise _refuse(
                    f"events.{index}.entrants.{row}.member_id",
                    f"no member {entrant.member_id} in the file",
                )
    for index, member in enumerate(backup.members):
        for into, where in [(member.merged_into, f"members.{index}.merged_into")] + [
            (merge.into, f"members.{index}.merges.{row}.into")
            for row, merge in enumerate(member.merges)
        ]:
            if into is not None and (into not in members or into == member.id):
                raise _refuse(where, f"no other member {into} in the file")
        for row, merge in enumerate(member.merges):
            for place, player in enumerate(merge.players):
                if player.number not in players.get(player.event, set()):
                    raise _refuse(
                        f"members.{index}.merges.{row}.players.{place}",
                        f"no player {player.number} in event {player.event} of the file",
                    )
    _check_merge_circles(backup)
    seen: set[int] = set()
    for index, season in enumerate(backup.seasons.seasons):
        if season.id in seen:
            raise _refuse(f"seasons.seasons.{index}.id", f"season {season.id} is listed twice")
        seen.add(season.id)


def _check_merge_circles(backup: ClubBackupFile) -> None:
    """No member is merged, through others, into himself (a name would never find its
    member: the store follows ``merged_into`` to the member kept)."""
    merged_into = {member.id: member.merged_into for member in backup.members}
    for index, member in enumerate(backup.members):
        chain = {member.id}
        kept = merged_into[member.id]
        while kept is not None:
            if kept in chain:
                raise _refuse(
                    f"members.{index}.merged_into",
                    "the merges go round in a circle (each member is merged into another)",
                )
            chain.add(kept)
            kept = merged_into[kept]


# --- restoring -------------------------------------------------------------------------------


class ClubRestored(BaseModel):
    """What a restore did: the new ids of the members, events and seasons by their ids in
    the file, and whether the club had a code to set again."""

    members: dict[int, int]
    events: dict[int, int]
    seasons: dict[int, int]
    club_code_to_set: bool
    note: str = _CLUB_CODE_NOTE


def club_holdings(session: Session) -> dict[str, int]:
    """How many events, members and seasons the club has (all none: a backup may be
    restored into it)."""
    return {
        what: int(session.scalar(select(func.count()).select_from(table)) or 0)
        for what, table in (("events", Event), ("members", Member), ("seasons", Season))
    }


def _refuse_unless_empty(session: Session) -> None:
    counts = club_holdings(session)
    if any(counts.values()):
        held = ", ".join(f"{count} {what}" for what, count in counts.items() if count)
        raise ConflictError(
            f"a club's backup restores only into an empty club, and this one has {held}: "
            "start the app on a new database (DATABASE_URL) and restore there"
        )


def restore_club(session: Session, *, data: Any, who: str) -> ClubRestored:
    """Restore :func:`backup_club`'s JSON into an empty club, all or nothing (the caller's
    transaction): a club that has events, members or seasons is a ``ConflictError``; a
    malformed file a ``StoreError`` naming the first bad field, before anything is written.
    Members first (same names, contact details, notes, active; merged members merged again,
    their merges kept so they can still be undone), then the events in the order they had
    (each player linked to his restored member), then the seasons (chosen events' ids mapped
    to the restored events')."""
    _refuse_unless_empty(session)
    backup = _read_club_backup(data)
    member_ids = _restore_members(session, backup, who)
    event_ids: dict[int, int] = {}
    for event in sorted(backup.events, key=lambda entry: entry.id):
        event_ids[event.id] = restore_backup(
            session, backup=event, who=who, member_ids=member_ids
        ).id
    _restore_merges(session, backup, member_ids, event_ids, who)
    season_ids = _restore_seasons(session, backup, event_ids, who)
    record_club_audit(
        session,
        who=who,
        action="restore_club",
        target="club",
        new_value={
            "members": len(member_ids),
            "events": len(event_ids),
            "seasons": len(season_ids),
        },
    )
    session.flush()
    return ClubRestored(
        members=member_ids,
        events=event_ids,
        seasons=season_ids,
        club_code_to_set=backup.settings.club_only,
    )


def _restore_members(session: Session, backup: ClubBackupFile, who: str) -> dict[int, int]:
    """Each member as new (checked as the roster page checks one), then merged members
    pointed at their kept member again; the file's member ids -> the new ones."""
    new_ids: dict[int, int] = {}
    restored: dict[int, Member] = {}
    for index, part in enumerate(backup.members):
        fields = MemberFields(part.name, part.email, part.phone, part.notes, part.active)
        try:
            member = create_member(session, fields=fields, who=who)
        except StoreError as error:
            raise type(error)(f"club backup: members.{index}: {error}") from None
        if part.created_at is not None:
            member.created_at = part.created_at
        remember_classes(member, seat_class=part.seat_class, prize_category=part.prize_category)
        new_ids[part.id], restored[part.id] = member.id, member
    for part in backup.members:
        if part.merged_into is not None:
            member = restored[part.id]
            member.merged_into_id = new_ids[part.merged_into]
            member.active = False
    session.flush()
    return new_ids


def _restore_merges(
    session: Session,
    backup: ClubBackupFile,
    member_ids: Mapping[int, int],
    event_ids: Mapping[int, int],
    who: str,
) -> None:
    """Each merge as it was (who, when, undone or not, the players it moved, now the
    restored events' players), so an undo still moves exactly those back; an audit line
    says it came from the backup."""
    entrants = {
        (event_id, number): entrant_id
        for entrant_id, event_id, number in session.execute(
            select(Entrant.id, Entrant.event_id, Entrant.number)
        )
    }
    for part in backup.members:
        for merge in part.merges:
            moved = [entrants[(event_ids[ref.event], ref.number)] for ref in merge.players]
            row = MemberMerge(
                kept_id=member_ids[merge.into],
                merged_id=member_ids[part.id],
                entrant_ids={"entrants": moved},
                merged_was_active=merge.merged_was_active,
                who=merge.who or who,
                undone_at=merge.undone_at,
            )
            if merge.at is not None:
                row.at = merge.at
            session.add(row)
            session.flush()
            record_merge_audit(
                session,
                row,
                merged_name=part.name,
                kept_name=None,
                who=who,
                reason=(
                    f"restored from the club's backup (merged by {row.who}"
                    + (f" at {_time(merge.at)}" if merge.at else "")
                    + (", since undone)" if merge.undone_at else ")")
                ),
            )


def _restore_seasons(
    session: Session, backup: ClubBackupFile, event_ids: Mapping[int, int], who: str
) -> dict[int, int]:
    """Each season in the order it was defined; chosen events' ids become the restored
    events' (an id the file has no event for was an event deleted before the backup, left
    out of the table already, and is dropped)."""
    new_ids: dict[int, int] = {}
    for index, season in enumerate(sorted(backup.seasons.seasons, key=lambda entry: entry.id)):
        fields = {
            key: value
            for key, value in season.model_dump().items()
            if key not in {"id", "events"} and value is not None
        }
        chosen = None
        if season.events is not None:
            chosen = [event_ids[old] for old in season.events if old in event_ids]
        try:
            kept = restore_season(session, data=fields, event_ids=chosen, who=who)
        except StoreError as error:
            raise type(error)(f"club backup: seasons.seasons.{index}: {error}") from None
        created = backup.seasons.created_at.get(str(season.id))
        if created is not None:
            kept.created_at = created
        new_ids[season.id] = kept.id
    session.flush()
    return new_ids
