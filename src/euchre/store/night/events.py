"""Events and their players: create, configure, add, import, check in, withdraw, pair."""

from __future__ import annotations

import csv
import datetime
import io
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Annotated, NamedTuple

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.store import lifecycle
from euchre.store.audit import record_audit
from euchre.store.club.members import member_classes, member_for_player, remember_classes
from euchre.store.db import the_row
from euchre.store.errors import ConflictError, NotFoundError, StoreError
from euchre.store.models import Entrant, Event, EventStatus, Member, Round
from euchre.store.names import NAME_LIMIT, check_name
from euchre.tournament import FORMAT_NAMES, EventConfig
from euchre.tournament.codec import OMIT_FALSE, JsonCodec
from euchre.tournament.errors import TournamentError
from euchre.tournament.settings import ROUNDS, SettingError, check_settings
from euchre.tournament.sheets import (
    check_player_classes,
    check_stationary_request,
    sheet_players,
)

__all__ = [
    "CSV_COLUMNS",
    "MAX_ROUNDS",
    "NAME_LIMIT",
    "ONLINE_PLAYER_CODE_DIGITS",
    "EntrantChange",
    "NewPlayer",
    "add_entrant",
    "archive_event",
    "check_config",
    "check_in",
    "check_in_all",
    "check_name",
    "create_event",
    "delete_event",
    "get_entrant",
    "get_event",
    "import_entrants_csv",
    "list_entrants",
    "list_events",
    "next_round_number",
    "pair_entrants",
    "parse_date",
    "reinstate",
    "set_classes",
    "set_event_date",
    "started_rounds",
    "touch",
    "update_config",
    "withdraw",
]

MAX_ROUNDS = ROUNDS.high
EVENT_NAME_LIMIT = 200
"""The most characters an event's name may have (refused beyond it, never cut)."""
_PLAYER_CODE_DIGITS = 4
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_EARLIEST = datetime.date(1900, 1, 1)


def parse_date(text: str) -> datetime.date:
    """A night's date as the API and the forms take it, ``YYYY-MM-DD``; anything else raises
    ``StoreError`` naming ``date`` and what was typed."""
    tidy = text.strip()
    try:
        if not _DATE.fullmatch(tidy):
            raise ValueError(tidy)
        day = datetime.date.fromisoformat(tidy)
    except ValueError:
        raise StoreError(
            f"date: {tidy[:40]!r} is not a day; write it as YYYY-MM-DD (2027-01-14)"
        ) from None
    if day < _EARLIEST:
        raise StoreError(f"date: {tidy} is before {_EARLIEST.year}; check the year")
    return day


ONLINE_PLAYER_CODE_DIGITS = 12
"""An online night's player code opens his seat from anywhere: long enough that guessing one
behind the wrong-code limit is hopeless (the arithmetic: ``docs/online.md``, *Player
codes*). Digits still, so a phone shows its number pad."""


def touch(event: Event) -> None:
    """Mark the event's inputs as changed (cached snapshots of it become stale)."""
    event.revision = (event.revision or 0) + 1


def check_config(config: EventConfig) -> None:
    """Refuse a configuration the app cannot run, naming the bad setting: the bounds the
    web app and the CLI share, then the core's own checks (format options it does not
    know)."""
    _check_bounds(config)
    from euchre.tournament.formats import check_config as check_with_core

    check_with_core(config)


def _check_bounds(config: EventConfig) -> None:
    if not config.name.strip():
        raise StoreError("event name must not be empty")
    if len(config.name.strip()) > EVENT_NAME_LIMIT:
        name = config.name.strip()
        raise StoreError(
            f"Event names can be at most {EVENT_NAME_LIMIT} characters; "
            f"'{name[:40]}…' has {len(name)}: shorten it"
        )
    try:
        load_profile(config.profile_id)
    except EuchreError as error:
        raise StoreError(str(error)) from None
    if config.format not in FORMAT_NAMES:
        raise StoreError(f"unknown format {config.format!r}; formats: {', '.join(FORMAT_NAMES)}")
    try:  # the bounds the sheet files and the API declare too (one declaration)
        check_settings(
            {
                "rounds": config.rounds,
                "round_minutes": config.round_minutes,
                "side_pot_cents": config.side_pot_cents,
                "side_pot_lone_cents": config.side_pot_lone_cents,
                "sit_out_points": config.sit_out_points,
                "break_after_round": config.break_after_round,
                "break_minutes": config.break_minutes,
            }
        )
    except SettingError as error:
        raise StoreError(str(error)) from None
    # sit_out_scoring and tie_breaks: read from JSON they are checked by the codec (with
    # the same words), and the core's check_config below refuses them however made.
    for tier in config.prizes.tiers:
        counted = tier.min_entrants if tier.min_entrants else tier.min_tables
        if counted < 1 or any(amount < 0 for amount in tier.amounts_cents):
            raise StoreError(
                f"prize tier {tier.to_json()} needs min_tables (or min_entrants) >= 1 "
                "and amounts >= 0"
            )


def create_event(
    session: Session,
    *,
    config: EventConfig,
    who: str,
    held_on: datetime.date | None = None,
) -> Event:
    """Create an event from a checked configuration (a random seed is drawn when it is 0),
    played on ``held_on`` (default: today, UTC)."""
    check_config(config)
    if config.seed == 0:
        config = replace(config, seed=secrets.randbelow(2**31) + 1)
    event = Event(name=config.name.strip(), config=config, status=EventStatus.SETUP, revision=1)
    if held_on is not None:
        event.held_on = held_on
    session.add(event)
    session.flush()
    record_audit(session, event_id=event.id, who=who, action="create_event", new_value=config)
    return event


def set_event_date(session: Session, *, event_id: int, held_on: datetime.date, who: str) -> Event:
    """Set the night's date, at any time (the date changes no result, only where the night
    stands among the others: seasons, histories and ratings read it), with an audit line."""
    event = get_event(session, event_id=event_id, for_update=True)
    old = event.held_on
    if old != held_on:
        event.held_on = held_on
        # The revision keys every cache of the event (its season nights, the club's games).
        touch(event)
        record_audit(
            session,
            event_id=event.id,
            who=who,
            action="set_date",
            target=f"event {event.id}",
            old_value={"date": None if old is None else old.isoformat()},
            new_value={"date": held_on.isoformat()},
        )
        session.flush()
    return event


def update_config(session: Session, *, event_id: int, config: EventConfig, who: str) -> Event:
    """Replace the configuration; only before the first round starts. A seed of 0 keeps the
    event's seed (drawn when it was created): a client that leaves the seed out changes no
    seating."""
    event = get_event(session, event_id=event_id, for_update=True)
    if started_rounds(session, event_id=event_id):
        raise ConflictError(f"event {event_id} has started; its configuration is fixed")
    check_config(config)
    if config.seed == 0:
        config = replace(config, seed=event.config.seed)
    old = event.config
    event.config = config
    event.name = config.name.strip()
    touch(event)
    record_audit(
        session,
        event_id=event.id,
        who=who,
        action="update_config",
        old_value=old,
        new_value=config,
    )
    return event


def delete_event(session: Session, *, event_id: int, who: str) -> str:
    """Delete an event with everything in it (players, rounds, scores, its online tables'
    play logs, its audit log); the deletion itself stays in the app-wide audit log. Returns
    the event's name."""
    event = get_event(session, event_id=event_id, for_update=True)
    name = event.name
    record_audit(
        session,
        event_id=None,
        who=who,
        action="delete_event",
        target=f"event {event_id} ({name})",
        old_value={"config": event.config.to_json(), "status": event.status},
    )
    lifecycle.event_deleted(session, event_id=event_id)  # online tables' logs name its players
    session.delete(event)
    session.flush()
    return name


def archive_event(session: Session, *, event_id: int, who: str) -> Event:
    """Put a finished event away: kept whole, but off the public home page and the director's
    list of current events."""
    event = get_event(session, event_id=event_id, for_update=True)
    if event.status != "finished":
        raise ConflictError(
            f"{event.name!r} is {event.status}; only a finished event can be archived "
            "(delete it instead)"
        )
    event.status = EventStatus.ARCHIVED
    record_audit(session, event_id=event_id, who=who, action="archive_event", target=event.name)
    return event


def list_events(session: Session) -> list[Event]:
    """Every event, newest first."""
    return list(session.scalars(select(Event).order_by(Event.id.desc())))


def get_event(session: Session, *, event_id: int, for_update: bool = False) -> Event:
    """One event (raises ``NotFoundError`` naming the id)."""
    # FOR NO KEY UPDATE (key_share): still one writer per event at a time, but it does not
    # wait on the KEY SHARE locks that inserting a row referencing the event takes, so two
    # confirmations (insert a result, then lock the event) cannot deadlock on PostgreSQL.
    event = session.get(
        Event, event_id, with_for_update={"key_share": True} if for_update else False
    )
    if event is None:
        raise NotFoundError(f"no event with id {event_id}")
    return event


def started_rounds(session: Session, *, event_id: int) -> list[Round]:
    """The rounds started so far, in order."""
    query = select(Round).where(Round.event_id == event_id).order_by(Round.number)
    return list(session.scalars(query))


def latest_round(session: Session, *, event_id: int) -> Round | None:
    """The round started last (it may be closed), or None before the first."""
    query = select(Round).where(Round.event_id == event_id).order_by(Round.number.desc())
    return session.scalar(query.limit(1))


def entrant_by_code(session: Session, *, event_id: int, player_code: str) -> Entrant:
    """The player whose card carries ``player_code`` (spaces and dashes ignored: a long code
    may be typed in groups, "4821 0937 5562"); an unknown code raises ``NotFoundError``."""
    cleaned = "".join(player_code.split()).replace("-", "")
    return the_row(
        session,
        select(Entrant).where(Entrant.event_id == event_id, Entrant.code == cleaned),
        f"no player of event {event_id} has code {cleaned!r}; use the code on your own card",
    )


def next_round_number(session: Session, *, event_id: int) -> int:
    """The number of the next round to start (1 before the event begins)."""
    last = session.scalar(select(func.max(Round.number)).where(Round.event_id == event_id))
    return (last or 0) + 1


def list_entrants(session: Session, *, event_id: int) -> list[Entrant]:
    """The event's players in entry order."""
    query = select(Entrant).where(Entrant.event_id == event_id).order_by(Entrant.number)
    return list(session.scalars(query))


def get_entrant(session: Session, *, event_id: int, number: int) -> Entrant:
    """One player by number (raises ``NotFoundError``)."""
    return the_row(
        session,
        select(Entrant).where(Entrant.event_id == event_id, Entrant.number == number),
        f"event {event_id} has no player number {number}",
    )


def _new_player_code(session: Session, event_id: int, *, online: bool = False) -> str:
    used = set(session.scalars(select(Entrant.code).where(Entrant.event_id == event_id)))
    digits = ONLINE_PLAYER_CODE_DIGITS if online else _PLAYER_CODE_DIGITS
    for _ in range(1000):
        code = "".join(secrets.choice("0123456789") for _ in range(digits))
        if code not in used:
            return code
    raise ConflictError("no free player code left in this event")


@dataclass(frozen=True, kw_only=True)
class EntrantChange(JsonCodec):
    """A player's entry as the audit log keeps it before and after a change (the codec
    writes it; the classes and flags are left out while unset, as the log has always kept
    them)."""

    number: int
    name: str
    team: str | None
    checked_in: bool
    arrival_round: int
    withdrawal_round: int | None
    seat_class: Annotated[str | None, OMIT_FALSE] = None
    prize_category: Annotated[str | None, OMIT_FALSE] = None
    guest: Annotated[bool, OMIT_FALSE] = False
    stationary: Annotated[bool, OMIT_FALSE] = False


def _entrant_change(entrant: Entrant) -> EntrantChange:
    return EntrantChange(
        number=entrant.number,
        name=entrant.name,
        team=entrant.team,
        checked_in=entrant.checked_in,
        arrival_round=entrant.arrival_round,
        withdrawal_round=entrant.withdrawal_round,
        seat_class=entrant.seat_class,
        prize_category=entrant.prize_category,
        guest=entrant.guest,
        stationary=entrant.stationary,
    )


@contextmanager
def _audited(
    session: Session, entrant: Entrant, *, who: str, action: str, reason: str = ""
) -> Iterator[None]:
    """Log the change the ``with`` body makes to ``entrant``: its JSON before and after."""
    old = _entrant_change(entrant)
    yield
    record_audit(
        session,
        event_id=entrant.event_id,
        who=who,
        action=action,
        target=f"player {entrant.number}",
        old_value=old,
        new_value=_entrant_change(entrant),
        reason=reason,
    )


class NewPlayer(NamedTuple):
    """A player as the director adds him: the API's body, the dashboard's form, a CSV line
    (``team`` names a fixed partnership; checked and cleaned by :func:`add_entrant`)."""

    name: str
    team: str | None = None
    checked_in: bool = True
    member_id: int | None = None
    """The club's member this player is (``name`` may then be empty); otherwise the member
    of that name, created when the club has none."""
    seat_class: str | None = None
    """His seat class, one the event's sheet names (None: the member's last one, where the
    sheet names it)."""
    prize_category: str | None = None
    """His prize category, one the event's sheet names (None: the member's last one)."""
    guest: bool = False
    """A guest: no member is found or created for him (docs/season.md, "Guests")."""
    stationary: bool = False
    """He asks for the movement's stationary seat (where the sheet takes such requests)."""


def add_entrant(session: Session, *, event_id: int, player: NewPlayer, who: str) -> Entrant:
    """Add a player. Once the event has started the player arrives for the next round. A
    member's seat class and prize category default to his last night's and are remembered
    for his next one; a guest is linked to no member."""
    event = get_event(session, event_id=event_id, for_update=True)
    if event.status in ("finished", "archived"):
        raise ConflictError(f"{event.name!r} is {event.status}; no players can be added")
    name, team = player.name, player.team
    if player.guest and player.member_id is not None:
        raise StoreError(
            f"a guest is no member: send his name, not member {player.member_id}, "
            "or add him as the member (guest false)"
        )
    member = (
        None
        if player.guest
        else member_for_player(session, name=name, member_id=player.member_id, who=who)
    )
    if member is None:
        cleaned = check_name(name, "guest name")
    else:
        cleaned = check_name(name, "player name") if name.strip() else member.name
    team_label = check_name(team, "team name") if team and team.strip() else None
    players = sheet_players(event.config.profile_id)
    seat_class, prize_category = player.seat_class, player.prize_category
    if member is not None:
        seat_class, prize_category = member_classes(
            member, players, seat_class=seat_class, prize_category=prize_category
        )
    try:
        seat_class, prize_category = check_player_classes(
            players, seat_class=seat_class, prize_category=prize_category
        )
        check_stationary_request(players, player.stationary)
    except TournamentError as error:
        raise StoreError(f"{cleaned}: {error}") from None
    if member is not None:
        remember_classes(member, seat_class=seat_class, prize_category=prize_category)
    number = (
        session.scalar(select(func.max(Entrant.number)).where(Entrant.event_id == event_id)) or 0
    ) + 1
    entrant = Entrant(
        event_id=event_id,
        number=number,
        name=cleaned,
        team=team_label,
        code=_new_player_code(session, event_id, online=event.config.online),
        checked_in=player.checked_in,
        arrival_round=next_round_number(session, event_id=event_id),
        member_id=None if member is None else member.id,
        seat_class=seat_class,
        prize_category=prize_category,
        guest=member is None,
        stationary=player.stationary,
    )
    session.add(entrant)
    session.flush()
    touch(event)
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="add_player",
        target=f"player {number}",
        new_value=_entrant_change(entrant),
    )
    return entrant


_TRUE_WORDS = {"1", "yes", "y", "true", "x", "checked", "here"}
_FALSE_WORDS = {"", "0", "no", "n", "false"}


CSV_COLUMNS = (
    "name",
    "team",
    "checked_in",
    "seat_class",
    "prize_category",
    "guest",
    "stationary",
)
"""An event's player list as CSV: ``name`` required, the others optional."""


def import_entrants_csv(session: Session, *, event_id: int, text: str, who: str) -> list[Entrant]:
    """Add players from CSV text with a header row: ``name`` (required), ``team``,
    ``checked_in`` (yes/no; default no: a pre-registration list), ``seat_class`` and
    ``prize_category`` (as the event's sheet names them), ``guest`` and ``stationary`` (yes/no:
    he asks for the movement's stationary seat; default no) optional. All or nothing."""
    try:
        return _import_rows(session, event_id=event_id, text=text, who=who)
    except csv.Error as error:
        raise StoreError(f"the CSV cannot be read: {error}") from None


def _yes_no(row: dict[str, str | None], column: str, line_number: int) -> bool:
    flag = (row.get(column) or "").strip().lower()
    if flag not in _TRUE_WORDS | _FALSE_WORDS:
        raise StoreError(f"CSV line {line_number}: {column} {flag!r} is not yes/no")
    return flag in _TRUE_WORDS


def _import_rows(session: Session, *, event_id: int, text: str, who: str) -> list[Entrant]:
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    fields = [name.strip().lower() for name in reader.fieldnames or []]
    if "name" not in fields:
        raise StoreError(
            f"CSV header must have a 'name' column (got {', '.join(fields) or 'no header'})"
        )
    unknown = [column for column in fields if column not in CSV_COLUMNS]
    if unknown:
        raise StoreError(
            f"CSV header: unknown column {', '.join(map(repr, unknown))}; "
            f"the columns are {', '.join(CSV_COLUMNS)}"
        )
    reader.fieldnames = fields
    added: list[Entrant] = []
    for line_number, row in enumerate(reader, start=2):
        name = (row.get("name") or "").strip()
        if not name:
            if not any((value or "").strip() for value in row.values() if isinstance(value, str)):
                continue
            raise StoreError(f"CSV line {line_number}: the name is empty")
        player = NewPlayer(
            name,
            (row.get("team") or "").strip() or None,
            _yes_no(row, "checked_in", line_number),
            seat_class=(row.get("seat_class") or "").strip() or None,
            prize_category=(row.get("prize_category") or "").strip() or None,
            guest=_yes_no(row, "guest", line_number),
            stationary=_yes_no(row, "stationary", line_number),
        )
        try:
            added.append(add_entrant(session, event_id=event_id, player=player, who=who))
        except StoreError as error:
            raise StoreError(f"CSV line {line_number}: {error}") from None
    if not added:
        raise StoreError("the CSV has no players")
    return added


def set_classes(
    session: Session,
    *,
    event_id: int,
    number: int,
    seat_class: str | None,
    prize_category: str | None,
    who: str,
    reason: str = "",
) -> Entrant:
    """Correct a player's seat class and prize category (checked against the event's sheet,
    as when he was added; logged). Rounds already started keep the seating they were played
    with; the rounds to come read the new values. A member's next-night defaults follow."""
    event = get_event(session, event_id=event_id, for_update=True)
    if event.status in ("finished", "archived"):
        raise ConflictError(f"{event.name!r} is {event.status}; its players are as they played")
    entrant = get_entrant(session, event_id=event_id, number=number)
    try:
        chosen = check_player_classes(
            sheet_players(event.config.profile_id),
            seat_class=seat_class,
            prize_category=prize_category,
        )
    except TournamentError as error:
        raise StoreError(f"{entrant.name}: {error}") from None
    with _audited(session, entrant, who=who, action="set_classes", reason=reason):
        entrant.seat_class, entrant.prize_category = chosen
        touch(event)
    if entrant.member_id is not None:
        member = session.get(Member, entrant.member_id)
        if member is not None:
            remember_classes(member, seat_class=chosen[0], prize_category=chosen[1])
    return entrant


def check_in(session: Session, *, event_id: int, number: int, who: str) -> Entrant:
    """Mark a player present. A late arrival plays from the next round not yet started."""
    event = get_event(session, event_id=event_id, for_update=True)
    entrant = get_entrant(session, event_id=event_id, number=number)
    if entrant.checked_in:
        raise ConflictError(f"{entrant.name} is already checked in")
    with _audited(session, entrant, who=who, action="check_in"):
        entrant.checked_in = True
        # Here now: plays from the next round to start (even if a round was undone meanwhile).
        entrant.arrival_round = next_round_number(session, event_id=event_id)
        touch(event)
    return entrant


def check_in_all(session: Session, *, event_id: int, who: str) -> list[Entrant]:
    """Check in every registered player not yet here (withdrawn players stay withdrawn)."""
    waiting = [
        entrant
        for entrant in list_entrants(session, event_id=event_id)
        if not entrant.checked_in and entrant.withdrawal_round is None
    ]
    return [
        check_in(session, event_id=event_id, number=entrant.number, who=who) for entrant in waiting
    ]


def reinstate(session: Session, *, event_id: int, number: int, who: str, reason: str) -> Entrant:
    """Take back a withdrawal before it has taken effect (no round started since it)."""
    event = get_event(session, event_id=event_id, for_update=True)
    entrant = get_entrant(session, event_id=event_id, number=number)
    if entrant.withdrawal_round is None:
        raise ConflictError(f"{entrant.name} has not withdrawn")
    next_round = next_round_number(session, event_id=event_id)
    if entrant.withdrawal_round < next_round:
        raise ConflictError(
            f"{entrant.name} has already missed round "
            f"{entrant.withdrawal_round}; add them again as a new player to play on"
        )
    with _audited(session, entrant, who=who, action="reinstate", reason=reason):
        entrant.withdrawal_round = None
        touch(event)
    return entrant


def withdraw(
    session: Session, *, event_id: int, number: int, who: str, reason: str = ""
) -> Entrant:
    """Withdraw a player from the next round not yet started on."""
    event = get_event(session, event_id=event_id, for_update=True)
    entrant = get_entrant(session, event_id=event_id, number=number)
    if entrant.withdrawal_round is not None:
        raise ConflictError(
            f"{entrant.name} already withdrew from round {entrant.withdrawal_round}"
        )
    with _audited(session, entrant, who=who, action="withdraw", reason=reason):
        entrant.withdrawal_round = max(
            entrant.arrival_round, next_round_number(session, event_id=event_id)
        )
        touch(event)
    return entrant


def pair_entrants(
    session: Session, *, event_id: int, numbers: tuple[int, int], team: str | None, who: str
) -> list[Entrant]:
    """Make two players who came alone into a fixed team (before either has played)."""
    event = get_event(session, event_id=event_id, for_update=True)
    pair = [get_entrant(session, event_id=event_id, number=number) for number in numbers]
    if numbers[0] == numbers[1]:
        raise StoreError(f"cannot pair {pair[0].name} with himself")
    next_round = next_round_number(session, event_id=event_id)
    for entrant in pair:
        if entrant.team is not None:
            raise ConflictError(f"{entrant.name} is already on team {entrant.team!r}")
        if entrant.arrival_round < next_round:
            raise ConflictError(
                f"{entrant.name} has already played; pair only players who have not"
            )
    label = (
        check_name(team, "team name")
        if team and team.strip()
        else (f"{pair[0].name} & {pair[1].name}")
    )
    taken = session.scalar(
        select(Entrant).where(Entrant.event_id == event_id, Entrant.team == label)
    )
    if taken is not None:
        raise ConflictError(f"team name {label!r} is already used")
    for entrant in pair:
        with _audited(session, entrant, who=who, action="pair"):
            entrant.team = label
            entrant.arrival_round = max(pair[0].arrival_round, pair[1].arrival_round)
    touch(event)
    return pair
