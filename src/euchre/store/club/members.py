"""The club's members: one person across events (docs/season.md, "Members").

A member's name is unique within the club whatever its letters' case; contact details and
notes are the director's only. Every event player is linked to a member
(``Entrant.member_id``): adding a player picks one by id or by name and creates it for a new
name. Two members found to be one person are merged (every event player of one moves to the
other, with an audit line) and the merge can be undone. The roster goes out and comes in as
CSV; a file with bad rows names each by its line and imports nothing.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any, TypedDict

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from euchre.store.audit import record_club_audit
from euchre.store.csv_text import csv_cell_value, csv_text
from euchre.store.errors import ConflictError, NotFoundError, StoreError
from euchre.store.models import Entrant, Member, MemberMerge, utc_now
from euchre.store.names import check_name, name_key
from euchre.tournament.sheets import SheetPlayers

__all__ = [
    "CSV_COLUMNS",
    "MemberChanges",
    "MemberFields",
    "MemberJson",
    "change_member",
    "create_member",
    "export_csv",
    "get_member",
    "import_csv",
    "link_players",
    "list_members",
    "list_merges",
    "member_by_name",
    "member_classes",
    "member_for_player",
    "member_json",
    "merge_members",
    "players_of",
    "record_merge_audit",
    "remember_classes",
    "undo_merge",
    "update_member",
]

CSV_COLUMNS = ("name", "email", "phone", "notes", "active")
"""The roster file's columns, in the order the export writes them (only ``name`` required)."""
EMAIL_LIMIT = 200
PHONE_LIMIT = 40
NOTES_LIMIT = 2000
_PHONE_CHARACTERS = set("0123456789 +-().")
_TRUE_WORDS = {"1", "yes", "y", "true", "x", "active"}
_FALSE_WORDS = {"0", "no", "n", "false", "inactive"}


@dataclass(frozen=True, slots=True)
class MemberFields:
    """A member as the director types it (checked by :func:`create_member`)."""

    name: str
    email: str = ""
    phone: str = ""
    notes: str = ""
    active: bool = True


class MemberJson(TypedDict):
    """A member's fields as JSON (the audit log's values, the roster's and the backup's rows)."""

    id: int
    name: str
    email: str
    phone: str
    notes: str
    active: bool


def member_json(member: Member) -> MemberJson:
    """A member's fields as JSON-ready data (the audit log's values, the roster's rows)."""
    return {
        "id": member.id,
        "name": member.name,
        "email": member.email,
        "phone": member.phone,
        "notes": member.notes,
        "active": member.active,
    }


def _checked(fields: MemberFields) -> MemberFields:
    """``fields`` tidied, or ``StoreError`` naming the bad field and quoting it."""
    name = check_name(fields.name, "member name")
    email = fields.email.strip()
    if len(email) > EMAIL_LIMIT or (email and ("@" not in email or " " in email)):
        raise StoreError(f"email {email[:60]!r} is not an email address (name@example.org)")
    phone = " ".join(fields.phone.split())
    if len(phone) > PHONE_LIMIT or not set(phone) <= _PHONE_CHARACTERS:
        raise StoreError(
            f"phone {phone[:60]!r} is not a phone number (digits, spaces and + - ( ) only, "
            f"at most {PHONE_LIMIT} characters)"
        )
    notes = fields.notes.strip()
    if len(notes) > NOTES_LIMIT:
        raise StoreError(f"notes can be at most {NOTES_LIMIT} characters; these have {len(notes)}")
    return MemberFields(name, email, phone, notes, fields.active)


def member_by_name(session: Session, *, name: str) -> Member | None:
    """The member called ``name`` (spaces and case aside), following a merge to the member
    kept; None when the club has none of that name."""
    member = session.scalar(select(Member).where(Member.name_key == name_key(name)))
    while member is not None and member.merged_into_id is not None:
        member = session.get(Member, member.merged_into_id)
    return member


def _refuse_clash(session: Session, name: str, *, other_than: int | None = None) -> None:
    taken = session.scalar(select(Member).where(Member.name_key == name_key(name)))
    if taken is None or taken.id == other_than:
        return
    if taken.merged_into_id is not None:
        kept = get_member(session, member_id=taken.merged_into_id)
        raise ConflictError(
            f"the name {name!r} is already used: {taken.name!r} was merged into "
            f"{kept.name!r} (member {kept.id})"
        )
    raise ConflictError(f"the name {name!r} is already used by member {taken.id} ({taken.name!r})")


def _write_fields(member: Member, checked: MemberFields) -> None:
    """Write checked fields onto a member (a new one or one being changed)."""
    member.name = checked.name
    member.name_key = name_key(checked.name)
    member.email = checked.email
    member.phone = checked.phone
    member.notes = checked.notes
    member.active = checked.active


def create_member(session: Session, *, fields: MemberFields, who: str) -> Member:
    """Add a member; a name the club already uses (whatever its case) raises
    ``ConflictError`` naming it."""
    checked = _checked(fields)
    _refuse_clash(session, checked.name)
    member = Member()
    _write_fields(member, checked)
    session.add(member)
    session.flush()
    record_club_audit(
        session,
        who=who,
        action="add_member",
        target=f"member {member.id}",
        new_value={"id": member.id, "name": member.name},
    )
    return member


def update_member(session: Session, *, member_id: int, fields: MemberFields, who: str) -> Member:
    """Change a member's name, contact details, notes or whether active (event records keep
    the name each night was played under)."""
    member = get_member(session, member_id=member_id)
    checked = _checked(fields)
    _refuse_clash(session, checked.name, other_than=member.id)
    old = member_json(member)
    _write_fields(member, checked)
    session.flush()
    before: dict[str, object] = dict(old)
    changed = [key for key, value in member_json(member).items() if before[key] != value]
    record_club_audit(
        session,
        who=who,
        action="update_member",
        target=f"member {member.id}",
        # Contact details stay out of the log (it is shown on pages beyond the roster).
        old_value={key: old[key] for key in ("name", "active")},
        new_value={"name": member.name, "active": member.active, "changed": changed},
    )
    return member


@dataclass(frozen=True, slots=True)
class MemberChanges:
    """Some of a member's fields (``PATCH``): a field left ``None`` keeps what the member
    has."""

    name: str | None = None
    email: str | None = None
    phone: str | None = None
    notes: str | None = None
    active: bool | None = None


def change_member(session: Session, *, member_id: int, changes: MemberChanges, who: str) -> Member:
    """Change only the fields given (the rest as they are), checked as
    :func:`update_member` checks a whole member."""
    member = get_member(session, member_id=member_id)
    fields = MemberFields(
        name=member.name if changes.name is None else changes.name,
        email=member.email if changes.email is None else changes.email,
        phone=member.phone if changes.phone is None else changes.phone,
        notes=member.notes if changes.notes is None else changes.notes,
        active=member.active if changes.active is None else changes.active,
    )
    return update_member(session, member_id=member_id, fields=fields, who=who)


def get_member(session: Session, *, member_id: int) -> Member:
    """One member by id, merged or not (raises ``NotFoundError`` naming the id)."""
    member = session.get(Member, member_id)
    if member is None:
        raise NotFoundError(f"no member with id {member_id}")
    return member


def list_members(session: Session, *, include_merged: bool = False) -> list[Member]:
    """The roster by name (members merged into another left out unless asked for)."""
    query = select(Member).order_by(Member.name_key, Member.id)
    if not include_merged:
        query = query.where(Member.merged_into_id.is_(None))
    return list(session.scalars(query))


def players_of(session: Session, *, member_ids: list[int]) -> dict[int, int]:
    """How many event players each of ``member_ids`` has been (0 for none)."""
    counts = dict.fromkeys(member_ids, 0)
    query = (
        select(Entrant.member_id, func.count(Entrant.id))
        .where(Entrant.member_id.in_(member_ids))
        .group_by(Entrant.member_id)
    )
    for member_id, count in session.execute(query):
        if member_id is not None:
            counts[member_id] = int(count)
    return counts


def member_for_player(session: Session, *, name: str, member_id: int | None, who: str) -> Member:
    """The member an event player being added is: ``member_id``'s (a merged one's kept
    member; ``name``, if given too, must be that member's), else the member called ``name``,
    created when the club has none. An inactive member playing again becomes active."""
    if member_id is not None:
        member = get_member(session, member_id=member_id)
        while member.merged_into_id is not None:
            member = get_member(session, member_id=member.merged_into_id)
        if name.strip() and name_key(name) != member.name_key:
            raise StoreError(
                f"member {member_id} is {member.name!r}, not {' '.join(name.split())!r}: "
                "send the member or a name, not both"
            )
    else:
        found = member_by_name(session, name=check_name(name, "player name"))
        if found is None:
            return create_member(session, fields=MemberFields(name), who=who)
        member = found
    if not member.active:
        member.active = True
        record_club_audit(
            session,
            who=who,
            action="update_member",
            target=f"member {member.id}",
            old_value={"name": member.name, "active": False},
            new_value={"name": member.name, "active": True, "changed": ["active"]},
            reason="added to an event",
        )
    return member


# --- what a member carries from night to night (a seat class, a prize category) ------------


def member_classes(
    member: Member,
    players: SheetPlayers,
    *,
    seat_class: str | None,
    prize_category: str | None,
) -> tuple[str | None, str | None]:
    """The seat class and prize category a member is added with: those given, else his last
    night's where the event's sheet names them (a class another sheet named is no default)."""
    if seat_class is None and member.seat_class in players.seat_classes:
        seat_class = member.seat_class
    if prize_category is None and member.prize_category in players.prize_categories:
        prize_category = member.prize_category
    return seat_class, prize_category


def remember_classes(member: Member, *, seat_class: str | None, prize_category: str | None) -> None:
    """Keep the seat class and prize category a member was just entered with as his next
    night's defaults (a night whose sheet names none leaves the last ones as they were)."""
    if seat_class is not None:
        member.seat_class = seat_class
    if prize_category is not None:
        member.prize_category = prize_category


def link_players(session: Session, *, event_id: int, who: str) -> None:
    """Link each player of the event not yet linked to a member by name (creating members
    for new names): for events restored from a backup. A guest stays no member."""
    unlinked = select(Entrant).where(
        Entrant.event_id == event_id, Entrant.member_id.is_(None), Entrant.guest.is_(False)
    )
    for entrant in session.scalars(unlinked):
        name = " ".join(entrant.name.split())[:40]
        member = member_for_player(session, name=name, member_id=None, who=who)
        entrant.member_id = member.id


def merge_members(
    session: Session, *, keep_id: int, merge_id: int, who: str, reason: str = ""
) -> MemberMerge:
    """``merge_id`` and ``keep_id`` are one person: every event player of ``merge_id`` moves
    to ``keep_id`` (events keep the names they were played under) and ``merge_id`` leaves the
    roster, its name then finding ``keep_id``. Logged; :func:`undo_merge` takes it back."""
    if keep_id == merge_id:
        raise StoreError(f"member {keep_id} cannot be merged with itself")
    kept = get_member(session, member_id=keep_id)
    merged = get_member(session, member_id=merge_id)
    for member in (kept, merged):
        if member.merged_into_id is not None:
            raise ConflictError(
                f"{member.name!r} was already merged into member {member.merged_into_id}"
            )
    moved = list(
        session.scalars(
            select(Entrant.id).where(Entrant.member_id == merged.id).order_by(Entrant.id)
        )
    )
    session.execute(update(Entrant).where(Entrant.id.in_(moved)).values(member_id=kept.id))
    merge = MemberMerge(
        kept_id=kept.id,
        merged_id=merged.id,
        entrant_ids={"entrants": moved},
        merged_was_active=merged.active,
        who=who,
    )
    merged.merged_into_id = kept.id
    merged.active = False
    kept.active = True
    session.add(merge)
    session.flush()
    record_merge_audit(
        session, merge, merged_name=merged.name, kept_name=kept.name, who=who, reason=reason
    )
    return merge


def record_merge_audit(
    session: Session,
    merge: MemberMerge,
    *,
    merged_name: str,
    kept_name: str | None,
    who: str,
    reason: str,
) -> None:
    """The audit line of a merge (written, the merge has its id): who went into whom and the
    players it moved. A merge restored from the club's backup gives no ``kept_name``."""
    kept: dict[str, Any] = {"member": merge.kept_id}
    if kept_name is not None:
        kept["name"] = kept_name
    record_club_audit(
        session,
        who=who,
        action="merge_members",
        target=f"member {merge.merged_id} into member {merge.kept_id}",
        old_value={
            "member": merge.merged_id,
            "name": merged_name,
            "players": merge.entrant_ids["entrants"],
        },
        new_value={**kept, "merge": merge.id},
        reason=reason,
    )


def undo_merge(session: Session, *, merge_id: int, who: str, reason: str = "") -> MemberMerge:
    """Take a merge back: the players it moved go back to the merged member, who returns to
    the roster as he was."""
    merge = session.get(MemberMerge, merge_id)
    if merge is None:
        raise NotFoundError(f"no member merge with id {merge_id}")
    if merge.undone_at is not None:
        raise ConflictError(f"merge {merge_id} was already undone")
    merged = get_member(session, member_id=merge.merged_id)
    if merged.merged_into_id != merge.kept_id:
        raise ConflictError(f"{merged.name!r} is no longer merged into member {merge.kept_id}")
    moved = [int(entrant_id) for entrant_id in merge.entrant_ids["entrants"]]
    session.execute(
        update(Entrant)
        .where(Entrant.id.in_(moved), Entrant.member_id == merge.kept_id)
        .values(member_id=merged.id)
    )
    merged.merged_into_id = None
    merged.active = merge.merged_was_active
    merge.undone_at = utc_now()
    record_club_audit(
        session,
        who=who,
        action="undo_member_merge",
        target=f"member {merged.id} out of member {merge.kept_id}",
        old_value={"member": merge.kept_id, "merge": merge.id},
        new_value={"member": merged.id, "name": merged.name, "players": moved},
        reason=reason,
    )
    return merge


def list_merges(session: Session) -> list[MemberMerge]:
    """Every merge, newest first."""
    return list(session.scalars(select(MemberMerge).order_by(MemberMerge.id.desc())))


# --- the roster as CSV -----------------------------------------------------------------------


def export_csv(session: Session) -> str:
    """The roster as CSV (UTF-8 text, header ``name,email,phone,notes,active``)."""
    return csv_text(
        CSV_COLUMNS,
        (
            [
                member.name,
                member.email,
                member.phone,
                member.notes,
                "yes" if member.active else "no",
            ]
            for member in list_members(session)
        ),
    )


def _decoded(data: bytes) -> tuple[str, list[str]]:
    """The file as text, and a problem for each line that is not UTF-8 (such a line is kept
    with its bad bytes replaced, so the other lines' problems are found too)."""
    problems: list[str] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for number, line in enumerate(data.split(b"\n"), start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as error:
            problems.append(
                f"line {number}: not UTF-8 (byte 0x{line[error.start]:02x} at character "
                f"{error.start + 1}); save the file as CSV UTF-8"
            )
    return data.decode("utf-8", errors="replace"), problems


def _row_fields(row: list[str], header: list[str]) -> dict[str, str]:
    # A cell this app escaped against formulas ("'=1+2") reads back as typed.
    return {
        column: csv_cell_value(value.strip()) for column, value in zip(header, row, strict=False)
    }


def import_csv(session: Session, *, data: bytes, who: str) -> list[Member]:
    """Add the members of a roster file (header row first; ``name`` required, ``email``,
    ``phone``, ``notes`` and ``active`` optional). All or nothing: every bad row (a missing
    name, a name twice in the file or already on the roster, a line that is not UTF-8, a
    malformed line, a bad field) is named by its line in one ``StoreError``."""
    text, problems = _decoded(data)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = [column.strip().lower() for column in next(reader, [])]
    except csv.Error as error:
        raise StoreError(f"line 1: the header cannot be read ({error})") from None
    if "name" not in header:
        raise StoreError(
            f"line 1: the header must have a 'name' column (got {', '.join(header) or 'nothing'})"
        )
    unknown = [column for column in header if column not in CSV_COLUMNS]
    if unknown:
        raise StoreError(
            f"line 1: unknown column {', '.join(map(repr, unknown))}; "
            f"the columns are {', '.join(CSV_COLUMNS)}"
        )
    rows: list[tuple[int, MemberFields]] = []
    first_line: dict[str, int] = {}
    line = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            problems.append(f"line {reader.line_num}: malformed ({error})")
            line = reader.line_num
            continue
        line, start = reader.line_num, line + 1
        if not any(value.strip() for value in row):
            continue
        if len(row) > len(header):
            problems.append(
                f"line {start}: {len(row)} fields, but the header has {len(header)} "
                "(a comma in a field needs the field in double quotes)"
            )
            continue
        values = _row_fields(row, header)
        problem = _row_problem(session, values, first_line, start)
        if problem:
            problems.append(f"line {start}: {problem}")
            continue
        flag = values.get("active", "").lower()
        rows.append(
            (
                start,
                MemberFields(
                    values["name"],
                    values.get("email", ""),
                    values.get("phone", ""),
                    values.get("notes", ""),
                    flag not in _FALSE_WORDS,
                ),
            )
        )
    problems.sort(key=lambda text: int(text.split(":")[0].split()[1]))
    if problems:
        raise StoreError(
            f"nothing imported; fix {'this row' if len(problems) == 1 else 'these rows'}: "
            + "; ".join(problems)
        )
    if not rows:
        raise StoreError("nothing imported: the file has no members")
    return [create_member(session, fields=fields, who=who) for _, fields in rows]


def _row_problem(
    session: Session, values: dict[str, str], first_line: dict[str, int], line: int
) -> str:
    """What is wrong with one row of a roster file ("" when nothing)."""
    flag = values.get("active", "").lower()
    if flag and flag not in _TRUE_WORDS | _FALSE_WORDS:
        return f"active {flag!r} is not yes or no"
    try:
        checked = _checked(
            MemberFields(
                values.get("name", ""),
                values.get("email", ""),
                values.get("phone", ""),
                values.get("notes", ""),
            )
        )
    except StoreError as error:
        return "the name is missing" if not values.get("name") else str(error)
    key = name_key(checked.name)
    if key in first_line:
        return f"{checked.name!r} is a duplicate of line {first_line[key]}"
    first_line[key] = line
    try:
        _refuse_clash(session, checked.name)
    except ConflictError as error:
        return str(error)
    return ""
