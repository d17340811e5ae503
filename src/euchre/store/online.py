"""Club nights played online: an event's tables play in the browser and score themselves.

Starting a round opens a play table (:mod:`euchre.store.play`) for each table of the seating
that plays online, each seat bound to its player. A player claims his seat with his own
player code (a fresh seat token for that seat only). When a table's game ends, the engine is
the referee: its result (team points, each hand, lone hands, lone hands of five tricks,
euchres) is recorded as confirmed through the same store path as a director's entry, with an
audit entry "recorded by the engine". See ``docs/online.md``.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.engine.state import HandStatus
from euchre.play.table import HUMAN, TableConfig, TableState, seat_kinds
from euchre.store.audit import record_audit
from euchre.store.core import event_config, player_id
from euchre.store.db import Database, the_row
from euchre.store.errors import ConflictError, StoreError
from euchre.store.models import (
    Event,
    OnlineMark,
    OnlineTable,
    OnlineTableState,
    PlayAction,
    PlaySeat,
    PlayTable,
    Round,
    utc_now,
)
from euchre.store.night.events import get_event, list_entrants
from euchre.store.play.service import PlayService
from euchre.store.scoring.corrections import set_official
from euchre.store.scoring.results import (
    ResultInput,
    build_result,
    check_table,
    official_result,
    seat_names,
    table_seating,
    validated_result,
)
from euchre.tournament.bell import on_paper_only

__all__ = [
    "ENGINE",
    "computer_mark",
    "computer_players",
    "delete_play_tables",
    "end_table",
    "event_records",
    "fill_seat",
    "is_table_online",
    "live_tables",
    "new_table_id",
    "on_game_over",
    "online_result",
    "open_online_tables",
    "record_if_over",
    "record_missing",
    "remove_online_tables",
    "seat_players",
    "set_table_chat",
    "set_table_online",
]

ENGINE = "the engine"
"""Who the audit log names for a result the engine recorded."""

_log = logging.getLogger(__name__)


def seat_players(partnerships: Sequence[Sequence[str]]) -> dict[int, int]:
    """Seat -> player number: the first partnership sits in seats 0 and 2 (the engine's
    team 0), the second in seats 1 and 3, so the engine's team points are the seating's."""
    (a1, a2), (b1, b2) = partnerships
    return {0: int(a1), 1: int(b1), 2: int(a2), 3: int(b2)}


def is_table_online(session: Session, event: Event, table_number: int) -> bool:
    """Whether ``table_number`` plays online: its own mark, else the event's setting."""
    mark = session.get(OnlineMark, (event.id, table_number))
    if mark is not None:
        return bool(mark.online)
    return event_config(event).online


def set_table_online(
    session: Session, *, event_id: int, table: int, online: bool, who: str
) -> None:
    """Mark one table number online or on paper (from the next round started)."""
    if table < 1:
        raise StoreError(f"table numbers start at 1, got {table}")
    get_event(session, event_id=event_id)
    mark = session.get(OnlineMark, (event_id, table))
    old = None if mark is None else {"online": mark.online}
    if mark is None:
        mark = OnlineMark(event_id=event_id, table_number=table, online=online)
        session.add(mark)
    mark.online = online
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="mark_table_online",
        target=f"table {table}",
        old_value=old,
        new_value={"online": online},
    )


def open_online_tables(session: Session, *, event: Event, round_row: Round) -> list[OnlineTable]:
    """Open a play table for each online table of a round just started (called by
    ``start_round`` in its transaction). Seats have no token until their player claims them."""
    config = event_config(event)
    names = {entrant.number: entrant.name for entrant in list_entrants(session, event_id=event.id)}
    opened = []
    for entry in round_row.plan.tables:
        number = entry.table
        if not is_table_online(session, event, number):
            continue
        on_paper = on_paper_only(load_profile(config.profile_id))
        if on_paper is not None:
            # The engine keeps no round bell (docs/sheets.md, "Game length"): never played
            # online to some other length in silence.
            raise ConflictError(
                f"round {round_row.number} is not started: table {number} plays online, but "
                f"{on_paper}, or mark the tables to play on paper"
            )
        if entry.three_handed:
            # The engine deals to four seats: a table of three plays on paper (docs/sheets.md,
            # "Tables of three"); never silently reseated as four or sent to sit out.
            raise ConflictError(
                f"round {round_row.number} is not started: table {number} is a table of three "
                "(the sheet seats the players left over three-handed), and a table that plays "
                "online is dealt by the rules engine to four seats only. Play the night in the "
                "hall (tables on paper), or mark the tables of three to play on paper"
            )
        players = seat_players(entry.partnerships)
        table_config = TableConfig(
            profile=config.profile_id,
            seed=secrets.randbits(128),
            seats=(HUMAN, HUMAN, HUMAN, HUMAN),
            hints=False,
            event_id=event.id,
            label=_label(event.name, round_row.number, number, players, names),
            drop_seconds=config.online_drop_seconds or None,  # 0: the director decides
            chat=config.online_chat,
            names=(
                names.get(players[0], str(players[0])),
                names.get(players[1], str(players[1])),
                names.get(players[2], str(players[2])),
                names.get(players[3], str(players[3])),
            ),
        )
        try:
            table_config.rule_profile()
        except (EuchreError, OSError) as error:  # a user profile file the server cannot read
            raise ConflictError(
                f"table {number} cannot play online: the event's rules do not load ({error})"
            ) from None
        table_id = new_table_id(session)
        session.add(PlayTable(id=table_id, config=table_config.model_dump(mode="json")))
        session.flush()
        for seat in range(4):
            session.add(PlaySeat(table_id=table_id, seat=seat))
        row = OnlineTable(
            event_id=event.id,
            round_number=round_row.number,
            table_number=number,
            play_table_id=table_id,
            players={str(seat): player for seat, player in players.items()},
            bots={},
            state=OnlineTableState.PLAYING,
        )
        session.add(row)
        opened.append(row)
    session.flush()
    return opened


def _label(
    event_name: str, round_number: int, table: int, players: dict[int, int], names: dict[int, str]
) -> str:
    """ "Friday, round 2, table 3: Ann & Bob (South–North) vs Cy & Di (West–East)"."""

    def name(seat: int) -> str:
        return names.get(players[seat], str(players[seat]))

    return (
        f"{event_name}, round {round_number}, table {table}: {name(0)} & {name(2)} "
        f"(South–North) vs {name(1)} & {name(3)} (West–East)"
    )


def new_table_id(session: Session) -> str:
    """A play table id not in use."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    for _ in range(100):
        table_id = "".join(secrets.choice(alphabet) for _ in range(10))
        if session.get(PlayTable, table_id) is None:
            return table_id
    raise ConflictError("could not find a free play table id")  # pragma: no cover


def remove_online_tables(session: Session, *, event_id: int, round_number: int) -> None:
    """Take back a round's online tables (the round was undone, or reseated before any
    result): each play table gets a ``close`` entry in its log, so every worker that serves
    it sees it over at its next read, and its seat tokens stop working."""
    rows = list(
        session.scalars(
            select(OnlineTable).where(
                OnlineTable.event_id == event_id, OnlineTable.round_number == round_number
            )
        )
    )
    for row in rows:
        if row.state != OnlineTableState.PLAYING:
            raise ConflictError(
                f"round {round_number} table {row.table_number} already has its result"
            )
    for row in rows:
        closed = session.scalar(
            select(PlayAction.seq).where(
                PlayAction.table_id == row.play_table_id, PlayAction.action == "close"
            )
        )
        if closed is None:
            last = session.scalar(
                select(func.max(PlayAction.seq)).where(PlayAction.table_id == row.play_table_id)
            )
            session.add(
                PlayAction(
                    table_id=row.play_table_id,
                    seq=(last or 0) + 1,
                    seat=-1,
                    action="close",
                    at=utc_now(),
                )
            )
        for seat_row in session.scalars(
            select(PlaySeat).where(PlaySeat.table_id == row.play_table_id)
        ):
            seat_row.token_hash = seat_row.link_hash = None
        session.delete(row)
    session.flush()


def delete_play_tables(session: Session, *, event_id: int) -> int:
    """Delete every play table of the event with its log and seats (the event is being
    deleted): those of its online tables and those its undone rounds left closed. Returns how
    many were deleted."""
    rows = list(
        session.scalars(
            select(PlayTable).where(PlayTable.config["event_id"].as_integer() == event_id)
        )
    )
    for row in rows:
        session.execute(delete(PlayAction).where(PlayAction.table_id == row.id))
        session.execute(delete(PlaySeat).where(PlaySeat.table_id == row.id))
        session.execute(delete(OnlineTable).where(OnlineTable.play_table_id == row.id))
        session.delete(row)
    session.flush()
    return len(rows)


def computer_players(
    session: Session, *, event_id: int, round_number: int | None = None
) -> dict[tuple[int, int], dict[str, bool]]:
    """Where computer players sat in the director's absent players' seats: (round, table)
    -> {player id: whether its points count for the absent player} (every round, or one)."""
    query = select(OnlineTable).where(OnlineTable.event_id == event_id)
    if round_number is not None:
        query = query.where(OnlineTable.round_number == round_number)
    out: dict[tuple[int, int], dict[str, bool]] = {}
    for row in session.scalars(query):
        for seat, bot in row.bots.items():
            player = player_id(int(row.players[str(seat)]))
            key = (row.round_number, row.table_number)
            out.setdefault(key, {})[player] = bool(bot.get("counts", True))
    return out


def computer_mark(counts: bool) -> str:
    """What the results, the projector and the table page write after the name of a player
    whose seat a computer player played: " (computer player, points counted)"."""
    return f" (computer player, points {'counted' if counts else 'not counted'})"


# ---------------------------------------------------------------------- results
def online_result(state: TableState, players: dict[int, int], *, ended: bool) -> ResultInput:
    """The table's result as the engine counted it: each counted hand's points (team 0 =
    seats 0 and 2 = the seating's first partnership), every lone hand made (and those of five
    tricks) by its caller, and a euchre for each player of a euchred side (the sheet: "each
    player on the euchred team").

    ``ended``: the director ended the game at the bell. The hands finished count; the hand in
    progress and the hands never dealt score nothing (written 0-0, as the tally sheet writes
    a hand the director rules on)."""
    game = state.game
    hand_points: list[tuple[int, int]] = []
    lone_hands: dict[int, int] = {}
    lone_marches: dict[int, int] = {}
    euchres: dict[int, int] = {}
    lone_euchres: dict[int, int] = {}
    if game is not None:
        for played in game.hands:
            if not played.counted:
                continue
            result = played.result
            hand_points.append((result.team_points[0], result.team_points[1]))
            if result.status is not HandStatus.SCORED or result.maker is None:
                continue
            maker = result.maker
            if result.euchred:
                for seat in (maker % 2, maker % 2 + 2):
                    euchres[players[seat]] = euchres.get(players[seat], 0) + 1
                    if result.alone:
                        lone_euchres[players[seat]] = lone_euchres.get(players[seat], 0) + 1
            elif result.alone:
                lone_hands[players[maker]] = lone_hands.get(players[maker], 0) + 1
                if result.maker_tricks == 5:
                    lone_marches[players[maker]] = lone_marches.get(players[maker], 0) + 1
    hands = state.profile.game_hands
    if ended and hands and len(hand_points) < hands:
        hand_points.extend([(0, 0)] * (hands - len(hand_points)))
    if not hand_points:
        hand_points_tuple: tuple[tuple[int, int], ...] = ()
        team_points: tuple[int, int] | None = (0, 0)
    else:
        hand_points_tuple, team_points = tuple(hand_points), None
    return ResultInput(
        team_points=team_points,
        hand_points=hand_points_tuple,
        lone_hands=lone_hands,
        euchres=euchres,
        lone_euchres=lone_euchres,
        lone_marches=lone_marches,
        # A level game's unscored extra hand (game_tie = "extra_hand") names its winner.
        first_to_tying_score=game.extra_hand_winner if game is not None else None,
    )


def _record(session: Session, row: OnlineTable, state: TableState, *, ended_by: str | None) -> bool:
    """Record the table's result (once); False when one is already in."""
    if row.state != OnlineTableState.PLAYING:
        return False
    official = official_result(
        session, event_id=row.event_id, round_number=row.round_number, table=row.table_number
    )
    players = {int(seat): int(number) for seat, number in row.players.items()}
    if official is not None:  # the director entered it by hand first: his stands
        row.state = OnlineTableState.RECORDED
        return False
    round_row = check_table(session, row.event_id, row.round_number, row.table_number)
    seating = table_seating(round_row, row.table_number)
    entered = online_result(state, players, ended=ended_by is not None)
    result = build_result(round_row, row.table_number, set(players.values()), entered)
    payload = validated_result(
        get_event(session, event_id=row.event_id),
        result,
        seating,
        seat_names(session, row.event_id, seating),
    )
    computer_seats = state.computer_played(state.game_number)
    if computer_seats:
        # A computer player played most of these players' hands (a human dropped and was
        # not back, or the director's computer player): the points count for the table;
        # the event says what they do for the player (``computer_games``).
        played = tuple(sorted(player_id(players[seat]) for seat in computer_seats))
        payload = replace(payload, computer_played=played)
    for seat_text, bot in sorted(row.bots.items()):
        if not bot.get("counts", True):
            # The absent player's seat was played by a computer player whose points the
            # director chose not to count: he scores nothing for this game.
            absent = player_id(players[int(seat_text)])
            payload = replace(payload, player_points={**payload.player_points, absent: 0})
    reason = "recorded by the engine"
    if row.bots:
        reason += "; computer players: " + ", ".join(
            f"seat {seat} ({bot['kind']}, for player {players[int(seat)]}, "
            f"points {'count' if bot.get('counts', True) else 'do not count'})"
            for seat, bot in sorted(row.bots.items())
        )
    if computer_seats:
        reason += "; a computer player played the game of player " + ", ".join(
            str(players[seat]) for seat in computer_seats
        )
    if ended_by is not None:
        reason += (
            f"; ended at the bell by {ended_by}: the hands finished count, the hand in "
            "progress and the hands not dealt score 0-0"
        )
    set_official(
        session,
        event_id=row.event_id,
        round_number=row.round_number,
        table=row.table_number,
        payload=payload,
        submission_id=None,
        who=ENGINE,
        action="engine_result",
        reason=reason,
    )
    row.state = OnlineTableState.ENDED if ended_by is not None else OnlineTableState.RECORDED
    row.ended_by = ended_by
    return True


def record_if_over(database: Database, service: PlayService, play_table_id: str) -> bool:
    """Record an event table's result when its game is over (idempotent); True when this
    call recorded it."""
    with service.reading(play_table_id) as state:
        if state.status != "over" or state.config.event_id is None:
            return False
        snapshot = _frozen(state)
    with database.write() as session:
        # Locked until the commit: two PostgreSQL workers cannot both record it.
        row = session.scalar(
            select(OnlineTable).where(OnlineTable.play_table_id == play_table_id).with_for_update()
        )
        if row is None or row.state != OnlineTableState.PLAYING:
            return False
        ended_by = row.ended_by
        return _record(session, row, snapshot, ended_by=ended_by)


def _frozen(state: TableState) -> TableState:
    """A copy of the parts a result is read from (the live state keeps changing)."""
    copy = TableState.new(state.table_id, state.config)
    copy.game = state.game
    copy.closed = state.closed
    copy.game_number = state.game_number
    copy.finished = list(state.finished)  # who made each hand's moves (computer_played)
    return copy


def on_game_over(database: Database, service: PlayService) -> Any:
    """The hook :class:`PlayService` calls when an event's table is over."""

    def hook(play_table_id: str) -> None:
        try:
            record_if_over(database, service, play_table_id)
        except Exception:  # the move itself is committed; the director can enter the result
            _log.exception("recording the result of play table %s failed", play_table_id)

    return hook


def record_missing(database: Database, service: PlayService, *, event_id: int) -> int:
    """Record the result of every over table of the event still without one (a worker that
    stopped between a game's last move and its result); returns how many were recorded.
    The director's live page calls it, so a lost result heals at the next refresh."""
    with database.read() as session:
        waiting = list(
            session.scalars(
                select(OnlineTable.play_table_id).where(
                    OnlineTable.event_id == event_id, OnlineTable.state == "playing"
                )
            )
        )
    return sum(1 for play_table_id in waiting if record_if_over(database, service, play_table_id))


def _online_row(session: Session, event_id: int, round_number: int, table: int) -> OnlineTable:
    return the_row(
        session,
        select(OnlineTable).where(
            OnlineTable.event_id == event_id,
            OnlineTable.round_number == round_number,
            OnlineTable.table_number == table,
        ),
        f"round {round_number} table {table} is not played online",
    )


def end_table(
    database: Database,
    service: PlayService,
    *,
    event_id: int,
    round_number: int,
    table: int,
    who: str,
) -> None:
    """The director ends a table at the round's bell: the score as it stands is recorded
    (the hands finished count; the hand in progress and those never dealt score 0-0)."""
    with database.write() as session:
        row = _online_row(session, event_id, round_number, table)
        if row.state != OnlineTableState.PLAYING:
            raise ConflictError(f"round {round_number} table {table} already has its result")
        row.ended_by = who
        play_table_id = row.play_table_id
    with service.reading(play_table_id) as state:
        over = state.status == "over"
    if not over:
        service.table_command(play_table_id, "close")
    with service.reading(play_table_id) as state:
        snapshot = _frozen(state)
    with database.write() as session:
        row = _online_row(session, event_id, round_number, table)
        _record(session, row, snapshot, ended_by=who if not _finished(snapshot) else None)


def _finished(state: TableState) -> bool:
    return state.game is not None and state.game.is_over


def fill_seat(
    database: Database,
    service: PlayService,
    *,
    event_id: int,
    round_number: int,
    table: int,
    seat: int,
    kind: str,
    counts: bool,
    who: str,
) -> None:
    """The director gives an absent player's seat to a computer player (``counts``: its
    points count for the absent player), or back to the player (``kind`` ``human``: from the
    next hand, when he claims it with his code)."""
    if kind not in seat_kinds():
        raise StoreError(f"unknown player kind {kind!r}; kinds: {', '.join(seat_kinds())}")
    if not 0 <= seat <= 3:
        raise StoreError(f"seat {seat} is not a seat 0-3")
    with database.read() as session:
        row = _online_row(session, event_id, round_number, table)
        if row.state != OnlineTableState.PLAYING:
            raise ConflictError(f"round {round_number} table {table} already has its result")
        play_table_id = row.play_table_id
        player = int(row.players[str(seat)])

    def remember(session: Session) -> None:
        online = _online_row(session, event_id, round_number, table)
        bots = dict(online.bots)
        old = bots.get(str(seat))
        if kind == HUMAN:
            bots.pop(str(seat), None)
        else:
            bots[str(seat)] = {"kind": kind, "counts": counts}
        online.bots = bots
        seat_row = session.get(PlaySeat, (play_table_id, seat))
        if seat_row is not None and kind != HUMAN:
            # The player's page stops acting for the computer, and his link claims nothing.
            seat_row.token_hash = seat_row.link_hash = None
        record_audit(
            session,
            event_id=event_id,
            who=who,
            action="online_seat",
            target=f"round {round_number} table {table} seat {seat}",
            old_value=old,
            new_value={"player": player, "kind": kind, "counts": counts},
            reason=f"player {player}'s seat",
        )

    try:
        service.table_command(play_table_id, f"seat {seat} {kind}", also=remember)
    except StoreError:
        raise
    except EuchreError as error:  # "seat 2 is already rules": the table refused the change
        raise ConflictError(str(error)) from None


def set_table_chat(
    database: Database,
    service: PlayService,
    *,
    event_id: int,
    round_number: int,
    table: int,
    mode: str,
    who: str,
) -> None:
    """The director changes the chat at one online table (the event's ``online_chat`` is
    what every table opens with)."""
    with database.read() as session:
        row = _online_row(session, event_id, round_number, table)
        play_table_id = row.play_table_id
    with service.reading(play_table_id) as state:
        old = state.chat_mode.value
    service.set_chat(play_table_id, mode=mode, host_token=None, director=True)
    with database.write() as session:
        record_audit(
            session,
            event_id=event_id,
            who=who,
            action="online_chat",
            target=f"round {round_number} table {table}",
            old_value={"chat": old},
            new_value={"chat": mode},
            reason="the table's chat",
        )


# ---------------------------------------------------------------------- the director's view
def live_tables(
    database: Database, service: PlayService, *, event_id: int, round_number: int | None = None
) -> list[dict[str, Any]]:
    """Every online table of a round (default: the latest), live: players per seat, who
    plays each seat, whether its player is connected (``connected``; ``takeover_in``: the
    seconds left before a computer player takes a dropped player's seat, None when no
    countdown runs; ``away``: a computer player moves for him), hand number, score, whose
    turn, seconds since the last move, and whether the result is in."""
    now = utc_now()
    with database.read() as session:
        event = get_event(session, event_id=event_id)
        if round_number is None:
            round_number = session.scalar(
                select(Round.number)
                .where(Round.event_id == event_id)
                .order_by(Round.number.desc())
                .limit(1)
            )
        names = {
            entrant.number: entrant.name for entrant in list_entrants(session, event_id=event.id)
        }
        rows = list(
            session.scalars(
                select(OnlineTable)
                .where(OnlineTable.event_id == event_id, OnlineTable.round_number == round_number)
                .order_by(OnlineTable.table_number)
            )
        )
        tables = [
            (row.table_number, row.play_table_id, dict(row.players), dict(row.bots), row.state)
            for row in rows
        ]
    out = []
    for number, play_table_id, players, bots, result_state in tables:
        with service.reading(play_table_id) as state:
            game = state.game
            last: datetime | None = state.last_at
            clock = service.clock()
            seats = []
            for seat in range(4):
                player = int(players[str(seat)])
                until = state.takeover_at[seat]
                seats.append(
                    {
                        "seat": seat,
                        "player": player,
                        "name": names.get(player, str(player)),
                        "kind": state.kinds[seat],
                        "seated": state.seated[seat],
                        "bot": bots.get(str(seat)),
                        "connected": not state.dropped[seat],
                        "away": state.away[seat],
                        "takeover_in": None if until is None else max(0, round(until - clock)),
                    }
                )
            to_act = state.to_act
            out.append(
                {
                    "round": round_number,
                    "table": number,
                    "play_table": play_table_id,
                    "status": state.status,
                    "result": result_state,
                    "hand": (len(game.hands) + (0 if game.is_over else 1)) if game else 0,
                    "counted_hands": game.counted_hands if game else 0,
                    "hands_recorded": len(state.finished),
                    "scores": list(game.scores) if game else [0, 0],
                    "to_act": to_act,
                    "to_act_name": None if to_act is None else seats[to_act]["name"],
                    "chat": state.chat_mode.value,
                    "seconds_since_move": None
                    if last is None
                    else max(0, int((now - last).total_seconds())),
                    "seats": seats,
                }
            )
    return out


def event_records(
    database: Database, service: PlayService, *, event_id: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every finished hand of the event's online tables as hand records (round by round,
    table by table), and an index: for each table its round, table and how many lines it
    has, in the same order (``euchre replay`` replays the lines)."""
    with database.read() as session:
        get_event(session, event_id=event_id)
        rows = [
            (row.round_number, row.table_number, row.play_table_id)
            for row in session.scalars(
                select(OnlineTable)
                .where(OnlineTable.event_id == event_id)
                .order_by(OnlineTable.round_number, OnlineTable.table_number)
            )
        ]
    lines: list[dict[str, Any]] = []
    index: list[dict[str, Any]] = []
    for round_number, table, play_table_id in rows:
        records = service.records(play_table_id)
        index.append(
            {"round": round_number, "table": table, "first": len(lines), "hands": len(records)}
        )
        lines.extend(records)
    return lines, index
