"""Live play: one WebSocket per seat, the fan-out of views, and the server's own moves.

The messages both ways are typed models (:mod:`euchre.play.messages`); one that does not read
as any gets a sentence for the player, never a validator's words.

A client connects to ``/api/play/tables/{table}/ws`` and sends ``{"token": ..., "seq": N}``
first (no token: a spectator). It receives ``{"type": "view", "view": ..., "missed": [...]}``
at once (``missed``: the log entries after ``N``, as that seat may see them; ``worker``: the
serving process) and again after every change. It may send
``{"type": "action", "action": ..., "seq": N}`` or ``{"type": "chat", "text": ...}`` (said
by the socket's seat; every view carries the latest messages); a refusal comes back as
``{"type": "error", "status": 409, "detail": ...}`` (for chat: ``"chat": true`` too).

One seat, one holder: when a seat changes hands (``reissue N``, ``seat N KIND`` in the log)
the sockets opened with the old token get ``{"type": "revoked", "detail": ...}`` and are
closed (code 4001), before the change's view goes out, and get nothing more.

On SQLite one process serves every table and is told of each commit directly. On PostgreSQL
each worker also listens to the doorbell (:mod:`euchre.store.play.doorbell`), so players on
different workers see each other's moves; the log stays the truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from euchre.engine.errors import EuchreError
from euchre.play import HUMAN
from euchre.play.messages import (
    BAD_BINARY,
    BAD_HELLO,
    ChatRequest,
    ErrorMessage,
    MissedEntry,
    Ping,
    PongMessage,
    Resync,
    RevokedMessage,
    Unreadable,
    ViewMessage,
    read_client_message,
    read_hello,
    view_message_text,
)
from euchre.store.errors import NotFoundError
from euchre.store.play.doorbell import RingEntry, listen_forever
from euchre.store.play.service import AutoMove, ForbiddenError, PlayService
from euchre.web.common.errors import status_for

__all__ = ["PlayRuntime", "Subscriber", "router"]

_log = logging.getLogger(__name__)
router = APIRouter()
_SEND_TIMEOUT = 5.0
_PENDING: set[asyncio.Future[None]] = set()  # error replies, returns (kept referenced)
REVOKED_CLOSE = 4001
"""The close code of a socket whose seat was opened on another device (or given away)."""
OPENED_ELSEWHERE = "This seat was opened on another device."
GIVEN_AWAY = "This seat was given to a computer player."


def _in_background(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` on the loop without waiting for it, keeping a reference until it is done
    (the loop holds only a weak one)."""
    task = asyncio.ensure_future(work)
    _PENDING.add(task)
    task.add_done_callback(_PENDING.discard)


def _set_event() -> asyncio.Event:
    event = asyncio.Event()
    event.set()
    return event


@dataclass(eq=False)
class Subscriber:
    """One open socket: its seat (None: a spectator) and the last ``seq`` it was sent."""

    socket: WebSocket
    seat: int | None
    token: str | None = None
    epoch: int = 0  # the seat's count of changes of hands when its token was last checked
    revoked: bool = False
    last_seq: int = -1
    opening: bool = False
    """Listening while its token and first view are read: the fan-out passes it over and
    notes in ``changed`` that it did (its first view may be older than that change)."""
    changed: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    idle: asyncio.Event = field(default_factory=_set_event)  # no move of its in flight

    async def send_view(self, seq: int, message: str, *, timed: bool = True) -> None:
        """Send a view unless this socket already has one as new (``timed``: give up after
        ``_SEND_TIMEOUT``; the fan-out times a whole change's sends at once instead)."""
        async with self.lock:
            if seq <= self.last_seq:
                return
            self.last_seq = seq
            if not timed:
                await self.socket.send_text(message)
                return
            async with asyncio.timeout(_SEND_TIMEOUT):  # no task per send (wait_for makes one)
                await self.socket.send_text(message)


_STOP_WAIT_S = 2.0
"""How long shutting down waits for the cancelled drivers, pushers and listener, each try."""


class PlayRuntime:
    """Per-process live state: who listens to which table, and the drivers that move for
    computer players (after ``bot_delay`` seconds) and for humans whose timer ran out.

    A human whose last socket here closes during a game is marked dropped at once (``drop N
    UNTIL`` in the log, so every worker shows it with its countdown); a driver (any worker's)
    hands the seat to a computer player at ``UNTIL`` (``away N``), until the human connects
    again or makes a move (``back N``)."""

    def __init__(self, service: PlayService, *, bot_delay: float) -> None:
        self.service = service
        self.bot_delay = bot_delay
        self.loop: asyncio.AbstractEventLoop | None = None
        self.subscribers: dict[str, set[Subscriber]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._again: set[str] = set()
        self._pushers: dict[str, asyncio.Task[None]] = {}
        self._push_again: set[str] = set()
        self._pushed_seq: dict[str, int] = {}
        self._sent_seq: dict[str, int] = {}
        self._ring_entries: dict[str, tuple[int, int, str, datetime]] = {}
        self._listener: asyncio.Task[None] | None = None
        self._thread_id: int | None = None
        self._dropping: set[tuple[str, int]] = set()
        self._returning: set[tuple[str, int]] = set()
        # What other threads (the writer) hand to the loop, run in order by one wake-up.
        self._inbox: list[tuple[Callable[..., None], tuple[Any, ...]]] = []
        self._inbox_lock = threading.Lock()
        self._inbox_due = False

    # ------------------------------------------------------------------ life
    async def start(self, *, postgres_url: str | None) -> None:
        """Bind to the running loop; resume every table that owes a move; listen on PG."""
        self.loop = asyncio.get_running_loop()
        self._thread_id = threading.get_ident()
        if postgres_url is not None:
            self._listener = asyncio.create_task(
                listen_forever(postgres_url, self.rung, self._ring_all, self._wants_ring)
            )
        for table_id in await run_in_threadpool(self.service.tables_owing_moves):
            self.kick(table_id)

    async def stop(self) -> None:
        """Cancel the drivers and the listener. The loop is let go first, so nothing starts
        a new driver meanwhile, and shutting down never waits on a task for ever: on Python
        3.11 ``asyncio.wait_for`` can swallow a cancellation that meets its timeout's end, and
        a driver would then sleep on until its next move is due."""
        self.loop = None
        tasks = [*self._drivers.values(), *self._pushers.values()]
        if self._listener is not None:
            tasks.append(self._listener)
        for _ in range(3):
            pending = [task for task in tasks if not task.done()]
            if not pending:
                break
            for task in pending:
                task.cancel()
            await asyncio.wait(pending, timeout=_STOP_WAIT_S)
        for task in tasks:
            if task.done() and not task.cancelled():
                task.exception()  # retrieved: a task that failed is not reported at exit

    # ------------------------------------------------------------------ changes
    def committed(self, table_id: str, seq: int) -> None:
        """Called (from any thread) right after this process committed entry ``seq``."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        if threading.get_ident() == self._thread_id:
            self._changed(table_id, True, seq)
        else:
            self.from_thread(self._changed, table_id, True, seq)

    def from_thread(self, callback: Callable[..., None], *args: Any) -> None:
        """Run ``callback(*args)`` on the loop, from another thread: what the writer hands
        over after a group commit (each move's fan-out, then each socket's answer) goes in
        order through one wake-up of the loop, not one per move and answer."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with self._inbox_lock:
            self._inbox.append((callback, args))
            if self._inbox_due:
                return
            self._inbox_due = True
        try:
            loop.call_soon_threadsafe(self._run_inbox)
        except RuntimeError:  # the loop closed meanwhile (shutting down)
            with self._inbox_lock:
                self._inbox_due = False

    def _run_inbox(self) -> None:
        with self._inbox_lock:
            items, self._inbox = self._inbox, []
            self._inbox_due = False
        for callback, args in items:
            try:
                callback(*args)
            except Exception:  # pragma: no cover - logged; the others still run
                _log.exception("play: a callback from the writer failed")

    def rung(self, table_id: str, seq: int, entry: RingEntry | None = None) -> None:
        """The doorbell: another worker (or this one) committed entry ``seq`` (``entry``:
        what it says, applied to this worker's copy when that is one entry behind)."""
        if seq <= self._sent_seq.get(table_id, 0) and table_id not in self._wake:
            return  # this worker's sockets already have it
        if entry is not None and self.subscribers.get(table_id):
            if self.service.apply_committed(table_id, seq, *entry):
                self._pushed_seq[table_id] = max(seq, self._pushed_seq.get(table_id, 0))
                self._ring_entries.pop(table_id, None)
            else:  # the table is busy (a commit under way): the fan-out's thread applies it
                self._ring_entries[table_id] = (seq, *entry)
        self._changed(table_id, False, seq)

    def _wants_ring(self, table_id: str, sender: int) -> bool:
        """Whether a ring matters here: a table with sockets or a waiting driver here, and
        not this worker's own commit (told to its sockets by :meth:`committed`; its ring
        could come before the commit's end, find the table locked and cost a second
        render)."""
        return (table_id in self.subscribers or table_id in self._wake) and (
            sender != self.service.writer_pid
        )

    def _ring_all(self) -> None:
        for table_id in list(self.subscribers):
            self._changed(table_id, False, 0)

    def _changed(self, table_id: str, local: bool, seq: int) -> None:
        if self.subscribers.get(table_id):
            if local:
                self._pushed_seq[table_id] = max(seq, self._pushed_seq.get(table_id, 0))
            self._push(table_id)
        if local:
            self.kick(table_id, seq)
        else:
            wake = self._wake.get(table_id)
            if wake is not None:
                wake.set()  # a timer may have been answered on another worker

    # ------------------------------------------------------------------ fan-out
    def _push(self, table_id: str) -> None:
        self._push_again.add(table_id)
        if table_id not in self._pushers:
            self._pushers[table_id] = asyncio.create_task(self._push_loop(table_id))

    async def _push_loop(self, table_id: str) -> None:
        try:
            while table_id in self._push_again:
                self._push_again.discard(table_id)
                subscribers = []
                for subscriber in self.subscribers.get(table_id, ()):
                    if subscriber.opening:
                        subscriber.changed = True  # it reads the table again when opened
                    else:
                        subscribers.append(subscriber)
                if not subscribers:
                    return
                seats = {subscriber.seat for subscriber in subscribers}
                # This process's own commit: its cached state already holds it (no query).
                known = self._pushed_seq.pop(table_id, None)
                quick = (
                    self.service.cached_view_texts(table_id, seats, known)
                    if known is not None
                    else None
                )
                entry = self._ring_entries.pop(table_id, None)
                if quick is None:
                    quick = await run_in_threadpool(
                        self.service.view_texts, table_id, seats, known, entry
                    )
                seq, texts = quick
                subscribers = await self._holders(table_id, subscribers)
                if self.service.away_seats(table_id):
                    self._bring_back(table_id, subscribers)
                messages = {seat: view_message_text(text) for seat, text in texts.items()}
                await self._send_all(table_id, subscribers, seq, messages)
                self._sent_seq[table_id] = max(seq, self._sent_seq.get(table_id, 0))
        finally:
            self._pushers.pop(table_id, None)

    async def _holders(self, table_id: str, subscribers: list[Subscriber]) -> list[Subscriber]:
        """``subscribers`` less those whose seat changed hands since their token was last
        checked and whose token no longer holds it: each of those is told why and closed."""
        epoch = self.service.token_epoch
        if all(
            subscriber.seat is None or epoch(table_id, subscriber.seat) == subscriber.epoch
            for subscriber in subscribers
        ):
            return subscribers  # nobody's seat changed hands (the usual case: no coroutine)
        kept = []
        for subscriber in subscribers:
            if await self.still_holds(table_id, subscriber):
                kept.append(subscriber)
        return kept

    async def still_holds(self, table_id: str, subscriber: Subscriber) -> bool:
        """Whether ``subscriber`` may still be sent its seat's view (a spectator always);
        a socket whose token was revoked is told so, closed and dropped."""
        seat, token = subscriber.seat, subscriber.token
        if subscriber.revoked:
            return False
        if seat is None or token is None:
            return True
        if self.service.token_epoch(table_id, seat) == subscriber.epoch:
            return True  # the seat has not changed hands (the usual case: no query)
        epoch = await run_in_threadpool(self.service.holder, table_id, token, seat)
        if epoch is not None:
            subscriber.epoch = epoch
            return True
        await self.revoke(table_id, subscriber)
        return False

    async def revoke(self, table_id: str, subscriber: Subscriber) -> None:
        """Tell ``subscriber`` its seat is no longer its own, close it and drop it."""
        subscriber.revoked = True
        self.unsubscribe(table_id, subscriber, away=False)
        kinds = self.service.seat_kinds_cached(table_id)
        seat = subscriber.seat
        detail = (
            GIVEN_AWAY if kinds and seat is not None and kinds[seat] != HUMAN else OPENED_ELSEWHERE
        )
        with contextlib.suppress(Exception):
            async with subscriber.lock, asyncio.timeout(_SEND_TIMEOUT):
                await subscriber.socket.send_text(RevokedMessage(detail=detail).to_text())
                await subscriber.socket.close(code=REVOKED_CLOSE, reason=detail)

    async def _send_all(
        self,
        table_id: str,
        subscribers: list[Subscriber],
        seq: int,
        messages: dict[int | None, str],
    ) -> None:
        """Send one change to a table's sockets, one after another: a send only waits when
        a socket's buffer is full. One timeout covers them all (not a timer per send); the
        socket it catches, stalled, is dropped, and the rest go on under a new one, as does
        any socket that died (its client reconnects)."""
        left = subscribers
        while left:
            sent = 0
            try:
                async with asyncio.timeout(_SEND_TIMEOUT):
                    for subscriber in left:
                        await subscriber.send_view(seq, messages[subscriber.seat], timed=False)
                        sent += 1
                return
            except Exception:  # a socket that died or stalled: drop it
                subscriber = left[sent]
                left = left[sent + 1 :]
                self.unsubscribe(table_id, subscriber)
                with contextlib.suppress(Exception):
                    await subscriber.socket.close(code=1011)

    def subscribe(self, table_id: str, subscriber: Subscriber) -> None:
        """Start sending ``table_id``'s views to ``subscriber``."""
        self.subscribers.setdefault(table_id, set()).add(subscriber)

    def opened(self, table_id: str, subscriber: Subscriber, seq: int) -> None:
        """``subscriber`` has its first view (at ``seq``): from now on the fan-out sends it
        every change; one made while it was opening (passed over, or in this process's copy
        past ``seq``) is sent now."""
        subscriber.opening = False
        cached = self.service.cached_seq(table_id)
        if subscriber.changed or (cached is not None and cached > seq):
            self._push(table_id)

    def unsubscribe(self, table_id: str, subscriber: Subscriber, *, away: bool = True) -> None:
        """Stop sending to ``subscriber`` (``away``: its seat is marked dropped if it was
        the seat's last socket here)."""
        subscribers = self.subscribers.get(table_id)
        if subscribers is not None and subscriber in subscribers:
            subscribers.discard(subscriber)
            if not subscribers:
                del self.subscribers[table_id]
                self._sent_seq.pop(table_id, None)
                self._ring_entries.pop(table_id, None)
            if subscriber.seat is not None and away:
                self._drop(table_id, subscriber.seat)

    # ------------------------------------------------------------------ presence
    def _present(self, table_id: str, seat: int) -> bool:
        return any(other.seat == seat for other in self.subscribers.get(table_id, ()))

    def _drop(self, table_id: str, seat: int) -> None:
        """Log ``drop N`` for a seat whose last socket here closed (the service declines
        unless a human's game is in play). Another worker holding a socket of that seat
        brings it back at its next fan-out (:meth:`_bring_back`): a short flap."""
        key = (table_id, seat)
        if self.loop is None or key in self._dropping or self._present(table_id, seat):
            return
        self._dropping.add(key)
        _in_background(self._mark_dropped(table_id, seat))

    async def _mark_dropped(self, table_id: str, seat: int) -> None:
        try:
            if not self._present(table_id, seat):
                await run_in_threadpool(self.service.mark_dropped, table_id, seat)
        except NotFoundError:
            pass
        except Exception:  # pragma: no cover - logged; the next close tries again
            _log.exception("play: marking seat %s of table %s dropped failed", seat, table_id)
        finally:
            self._dropping.discard((table_id, seat))

    def _bring_back(self, table_id: str, subscribers: list[Subscriber]) -> None:
        """A seat marked dropped or away has a socket here (it came back, or another worker
        marked it dropped not knowing its socket is here): log ``back N``."""
        away = set(self.service.away_seats(table_id))
        for seat in {subscriber.seat for subscriber in subscribers} & away:
            assert seat is not None
            key = (table_id, seat)
            if key not in self._returning:
                self._returning.add(key)
                _in_background(self._back(table_id, seat))

    async def _back(self, table_id: str, seat: int) -> None:
        try:
            await run_in_threadpool(self.service.mark_back, table_id, seat)
        except Exception:  # pragma: no cover - logged; the next view tries again
            _log.exception("play: bringing seat %s of table %s back failed", seat, table_id)
        finally:
            self._returning.discard((table_id, seat))

    # ------------------------------------------------------------------ the server's moves
    def kick(self, table_id: str, seq: int | None = None) -> None:
        """Make sure a driver looks at ``table_id`` (it exits when no move is owed).

        After this process's own commit of ``seq`` its cached state usually says at once
        that a human is to move (no timer): then no driver is needed at all."""
        if self.loop is None:
            return
        running = table_id in self._drivers
        owes = self.service.owes_move_cached(table_id, seq) if seq is not None else None
        wake = self._wake.get(table_id)
        if wake is not None:
            wake.set()  # a sleeping driver looks again (its move may be stale now)
        if owes is False:
            # Nothing is owed after this commit. A driver already looking finds that out
            # itself, or finds its move stale and looks once more; asking it to look again
            # regardless made a busy table's driver read the log once per move for ever.
            return
        self._again.add(table_id)
        if not running:
            self._drivers[table_id] = asyncio.create_task(self._drive(table_id))

    async def _drive(self, table_id: str) -> None:
        try:
            while table_id in self._again and self.loop is not None:
                self._again.discard(table_id)
                move = await run_in_threadpool(self.service.pending_auto_move, table_id)
                if move is None:
                    continue
                delay = self.bot_delay if move.bot else move.due - self.service.clock()
                if delay > 0 and await self._sleep(table_id, delay):
                    self._again.add(table_id)
                    continue  # something changed meanwhile: look again
                await self._move(table_id, move)
                self._again.add(table_id)
        except NotFoundError:
            return
        except Exception:  # pragma: no cover - logged; the next change kicks it again
            _log.exception("play driver for table %s stopped", table_id)
        finally:
            self._drivers.pop(table_id, None)
            self._wake.pop(table_id, None)

    async def _sleep(self, table_id: str, seconds: float) -> bool:
        """Wait ``seconds``; True when woken early by a change."""
        wake = self._wake[table_id] = asyncio.Event()
        try:
            await asyncio.wait_for(wake.wait(), seconds)
        except TimeoutError:
            return False
        finally:
            self._wake.pop(table_id, None)
        return True

    async def _move(self, table_id: str, move: AutoMove) -> None:
        await run_in_threadpool(self.service.auto_move, table_id, move)


def runtime_of(socket: WebSocket) -> PlayRuntime:
    """The app's play runtime."""
    value: PlayRuntime = socket.app.state.play_runtime
    return value


@router.websocket("/api/play/tables/{table_id}/ws")
async def play_socket(websocket: WebSocket, table_id: str) -> None:
    """One seat's (or a spectator's) live connection to a table."""
    runtime = runtime_of(websocket)
    service = runtime.service
    await websocket.accept()
    # Listening before the table is read, so that no change committed from then on (here, or
    # on another worker: the doorbell) is missed; the fan-out passes it over until it opens.
    subscriber = Subscriber(websocket, None, opening=True)
    runtime.subscribe(table_id, subscriber)
    try:
        try:
            first = await asyncio.wait_for(_receive_text(websocket), 30)
            if first is None:
                raise ValueError(BAD_HELLO)  # a binary frame: refused in words, closed cleanly
            hello = read_hello(first)
            # One trip to the thread pool and one read: the seat, its count of changes of
            # hands and the first view (``store.play.opening``).
            opening = await run_in_threadpool(
                service.open_socket, table_id, hello.token or None, hello.seq
            )
        except (ForbiddenError, NotFoundError) as error:
            status = 404 if isinstance(error, NotFoundError) else 403
            await _refuse(websocket, status, str(error))
            return
        except (ValueError, TimeoutError, WebSocketDisconnect):
            await _refuse(websocket, 400, BAD_HELLO)
            return
        seat = subscriber.seat = opening.seat
        subscriber.token = str(hello.token) if seat is not None else None
        subscriber.epoch = opening.epoch
        if not await runtime.still_holds(table_id, subscriber):
            return  # the seat changed hands while this socket was being opened
        if seat is not None and seat in service.away_seats(table_id):
            # A human dropped or away is back as soon as they connect (the copy says whether
            # the seat was: no trip for the usual phone, which was neither).
            await run_in_threadpool(service.mark_back, table_id, seat)
        missed = opening.missed
        await subscriber.send_view(
            opening.seq, view_message_text(opening.view_text, missed, os.getpid())
        )
        runtime.opened(table_id, subscriber, opening.seq)
        # A driver only where a move is owed at the seq just read (the copy says so without
        # a query); every connect started one that read the log again to find nothing owed.
        runtime.kick(table_id, opening.seq)
        while True:
            message_text = await _receive_text(websocket)
            if message_text is None:  # a binary frame: a sentence, and the socket plays on
                await _error(subscriber, 400, BAD_BINARY)
                continue
            await _on_message(runtime, table_id, subscriber, message_text)
    except WebSocketDisconnect:
        pass
    except RuntimeError:  # a send or receive on a socket the runtime closed (revoked)
        if not subscriber.revoked:
            raise
    finally:
        runtime.unsubscribe(
            table_id, subscriber, away=not subscriber.revoked and not subscriber.opening
        )


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next text frame, or None for a binary one (Starlette's ``receive_text`` fails on
    it with a traceback, and the handler's end would count the seat as dropped)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None


def _first_view(
    service: PlayService, table_id: str, seat: int | None, last: int
) -> tuple[list[MissedEntry], int, dict[int | None, dict[str, Any]]]:
    """What a socket gets first (the entries after ``last`` it missed, then the seq and its
    view), in one trip to the thread pool; a socket whose ``last`` is the table's seq (a new
    table, a page that missed nothing) is spared the read of the log."""
    seq, views = service.views(table_id, {seat})
    if seq <= last:
        return [], seq, views
    missed = service.entries_since(table_id, last, seat)
    seq, views = service.views(table_id, {seat})  # read after the entries, as they may grow
    return missed, seq, views


async def _catch_up(runtime: PlayRuntime, table_id: str, subscriber: Subscriber, last: int) -> int:
    """Send the socket its first view (with the entries it missed); the view's seq."""
    service = runtime.service
    missed, seq, views = await run_in_threadpool(
        _first_view, service, table_id, subscriber.seat, last
    )
    message = ViewMessage(
        view=views[subscriber.seat],
        missed=missed,
        worker=os.getpid(),
    )
    await subscriber.send_view(seq, message.to_text())
    return seq


async def _on_message(
    runtime: PlayRuntime, table_id: str, subscriber: Subscriber, message: str
) -> None:
    request = read_client_message(message)
    if isinstance(request, Ping):
        await subscriber.socket.send_text(PongMessage().to_text())
        return
    if not await runtime.still_holds(table_id, subscriber):
        return  # its seat was opened on another device: told and closed
    if isinstance(request, Unreadable):
        await _error(subscriber, 400, request.detail, chat=request.chat)
        return
    if isinstance(request, Resync):
        subscriber.last_seq = -1
        await _catch_up(runtime, table_id, subscriber, request.seq)
        return
    if isinstance(request, ChatRequest):
        await _chat(runtime, table_id, subscriber, request.text)
        return
    if subscriber.seat is None:
        await _error(subscriber, 403, "spectators cannot act: connect with a seat token")
        return
    action, seq = request.action, request.seq
    # Taken on the event loop: the move joins the writer thread's next group commit (no
    # thread hop per move); this socket's next message waits until that one is settled.
    await subscriber.idle.wait()
    subscriber.idle.clear()
    loop = asyncio.get_running_loop()

    def done(error: BaseException | None) -> None:
        if runtime.loop is loop:  # one wake-up of the loop for a whole group commit
            runtime.from_thread(_settled, subscriber, error)
        else:  # pragma: no cover - a runtime not started on this loop
            loop.call_soon_threadsafe(_settled, subscriber, error)

    try:
        runtime.service.submit(table_id, seat=subscriber.seat, action=action, seq=seq, on_done=done)
    except BaseException:
        subscriber.idle.set()
        raise


async def _chat(runtime: PlayRuntime, table_id: str, subscriber: Subscriber, text: str) -> None:
    """A chat message from the socket's seat (its token's seat: the message names none)."""
    if subscriber.seat is None:
        await _error(subscriber, 403, "Only a player seated at this table can chat.", chat=True)
        return
    try:
        await run_in_threadpool(runtime.service.say, table_id, seat=subscriber.seat, text=text)
    except EuchreError as error:
        await _error(subscriber, status_for(error), str(error), chat=True)


def _settled(subscriber: Subscriber, error: BaseException | None) -> None:
    """On the loop: ``subscriber``'s move was committed (or refused: tell it why)."""
    subscriber.idle.set()
    if error is not None:
        status = status_for(error) if isinstance(error, EuchreError) else 500
        _in_background(_error(subscriber, status, str(error)))


async def _error(subscriber: Subscriber, status: int, detail: str, *, chat: bool = False) -> None:
    await subscriber.socket.send_text(
        ErrorMessage(status=status, detail=detail, chat=chat).to_text()
    )


async def _refuse(websocket: WebSocket, status: int, detail: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(ErrorMessage(status=status, detail=detail).to_text())
        await websocket.close(code=4000 + status)
