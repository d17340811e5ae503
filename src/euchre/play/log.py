"""The grammar of a play table's log: each entry's text, read and written in one place.

An entry is a line of text made by one seat (``0``-``3``) or by the table itself (``-1``):

- engine actions (``pass``, ``order``, ``play AH``, ...) of the hand in progress;
- ``sit``: a human sat down (the game starts once every human seat is taken);
- ``seat N KIND``: seat N changes hands (a human leaves to a computer player at once; a
  computer player gives way to a human when the next hand is dealt);
- ``ask N`` / ``ask N CARD``, ``skip`` and ``answered`` / ``answered TEXT``: the question
  pile (``questions`` profile): the trick's winner asks or skips; the answer may be typed;
- ``deck N`` (by the table itself, between games): the table plays on with its deck number N
  (``TableConfig.decks``), which its host saved;
- ``rematch``: a new game with the same players (at a table opened before rematches were
  asked, at once; otherwise an offer with the same seats), ``rematch swap``: an offer with
  partners swapped, ``accept`` / ``decline``: a player's answer to the offer (the game starts
  once every human accepted: :mod:`euchre.play.rematch`);
- ``leave N KIND`` (by the table itself): seat N's human had to go and handed the seat to a
  computer player of kind KIND (the others are told);
- ``close`` (by the table itself): an event's director ended the game at the bell;
- ``drop N UNTIL`` / ``drop N`` (by the table itself): seat N's human lost their last
  connection; a computer player takes the seat at ``UNTIL`` (seconds since the epoch), or
  (no ``UNTIL``) when the director decides;
- ``away N`` (by the table itself): a computer player moves for seat N's human (its moves are
  logged as the seat's, and remembered for the human's return); ``back N``: they returned;
- ``reissue N`` (by the table itself): seat N's human seat was handed a new token (a code
  redeemed, the host re-opening it, a player's code at an online night): the old holder's
  sockets are closed;
- ``say TEXT`` (by a seat): a chat message, as its sender typed it (checked against the
  table's chat mode and rate limit before it is logged); ``chat MODE`` (by the table
  itself): the host or the director changed the chat.

:func:`parse_entry` reads one (a malformed table entry raises naming the form it should have);
the ``*_entry`` functions write them; :func:`canonical` is the text a move sent by a player is
logged as; :func:`public_entry` is an entry as one seat may read it (the hidden-card rule of
:func:`euchre.engine.view.visible_to`). What an entry does to the table is
:meth:`euchre.play.table.TableState.apply`'s.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from euchre.engine.actions import Action
from euchre.engine.errors import IllegalActionError
from euchre.engine.view import PRIVATE_KINDS, public_text
from euchre.tournament.model import ChatMode

__all__ = [
    "CHAT_MODES",
    "CLOSE",
    "TABLE",
    "Entry",
    "EntryKind",
    "away_entry",
    "back_entry",
    "canonical",
    "chat_entry",
    "deck_entry",
    "drop_entry",
    "leave_entry",
    "legal_form",
    "parse_entry",
    "public_entry",
    "reissue_entry",
    "say_entry",
    "seat_entry",
]

TABLE = -1
"""The seat of an entry made by the table itself (or its host, for ``seat N KIND``)."""
CLOSE = "close"
"""The table's entry when an event's director ends the game at the bell."""
_PRIVATE_HEADS = tuple(kind.value for kind in PRIVATE_KINDS)


class EntryKind(enum.StrEnum):
    """What a log entry is."""

    MOVE = "move"
    SAY = "say"
    CHAT = "chat"
    SEAT = "seat"
    CLOSE = "close"
    DROP = "drop"
    AWAY = "away"
    BACK = "back"
    REISSUE = "reissue"
    DECK = "deck"
    LEAVE = "leave"


@dataclass(frozen=True, slots=True)
class Entry:
    """One log entry, read: its kind and what it names."""

    kind: EntryKind
    text: str
    """A move's text, a chat message's words; the whole entry otherwise."""
    target: int = -1
    """The seat a table entry is about (``drop``, ``away``, ``back``, ``reissue``, ``seat``)
    or the deck number (``deck``)."""
    until: float | None = None
    """When a computer player takes a dropped seat (``drop N UNTIL``; None: the director
    decides)."""
    player_kind: str = ""
    """Who takes the seat (``seat N KIND``, ``leave N KIND``)."""
    mode: ChatMode | None = None
    """The chat mode (``chat MODE``)."""


CHAT_MODES = frozenset(mode.value for mode in ChatMode)
"""The words a ``chat MODE`` entry may name."""


def _seat_number(word: str) -> bool:
    return word.isdigit() and 0 <= int(word) <= 3


def parse_entry(seat: int, text: str) -> Entry:
    """Read the entry ``text`` made by ``seat``; a malformed table entry raises
    :class:`IllegalActionError` naming the form it should have. Anything that is not a table
    entry is a move (checked against the legal moves when applied)."""
    words = text.split()
    head = words[0] if words else ""
    if head == "say" and 0 <= seat <= 3:
        return Entry(EntryKind.SAY, text[4:])
    if head == "seat":
        if len(words) != 3 or not _seat_number(words[1]):
            raise IllegalActionError(f"malformed seat change {text!r}; expected 'seat N KIND'")
        return Entry(EntryKind.SEAT, text, target=int(words[1]), player_kind=words[2])
    if seat != TABLE:
        return Entry(EntryKind.MOVE, text)
    if head == "chat":
        if len(words) != 2 or words[1] not in CHAT_MODES:
            modes = ", ".join(ChatMode)
            raise IllegalActionError(f"malformed entry {text!r}; expected 'chat MODE' ({modes})")
        return Entry(EntryKind.CHAT, text, mode=ChatMode(words[1]))
    if text == CLOSE:
        return Entry(EntryKind.CLOSE, text)
    if head in ("drop", "away", "back"):
        drop = head == "drop"
        if not (
            (len(words) == 2 or (drop and len(words) == 3 and words[2].isdigit()))
            and _seat_number(words[1])
        ):
            raise IllegalActionError(
                f"malformed entry {text!r}; expected 'drop N [UNTIL]', 'away N' or 'back N'"
            )
        until = float(words[2]) if len(words) == 3 else None
        return Entry(EntryKind(head), text, target=int(words[1]), until=until)
    if head == "reissue":
        if len(words) != 2 or not _seat_number(words[1]):
            raise IllegalActionError(f"malformed entry {text!r}; expected 'reissue N'")
        return Entry(EntryKind.REISSUE, text, target=int(words[1]))
    if head == "leave":
        if len(words) != 3 or not _seat_number(words[1]):
            raise IllegalActionError(f"malformed entry {text!r}; expected 'leave N KIND'")
        return Entry(EntryKind.LEAVE, text, target=int(words[1]), player_kind=words[2])
    if head == "deck":
        if len(words) != 2 or not words[1].isdigit():
            raise IllegalActionError(f"malformed entry {text!r}; expected 'deck N'")
        return Entry(EntryKind.DECK, text, target=int(words[1]))
    return Entry(EntryKind.MOVE, text)


def say_entry(text: str) -> str:
    """A chat message (``text`` already cleaned)."""
    return f"say {text}"


def chat_entry(mode: str) -> str:
    """The host or the director changed the chat."""
    return f"chat {mode}"


def seat_entry(seat: int, kind: str) -> str:
    """Seat ``seat`` changes hands to ``kind``."""
    return f"seat {seat} {kind}"


def drop_entry(seat: int, until: float | None) -> str:
    """Seat ``seat``'s human lost their last connection; a computer player takes the seat at
    ``until`` (seconds since the epoch, rounded), or when the director decides (None)."""
    return f"drop {seat}" if until is None else f"drop {seat} {round(until)}"


def away_entry(seat: int) -> str:
    """A computer player moves for seat ``seat``'s human."""
    return f"away {seat}"


def back_entry(seat: int) -> str:
    """Seat ``seat``'s human is back."""
    return f"back {seat}"


def reissue_entry(seat: int) -> str:
    """Seat ``seat`` was handed a new token (the old holder's sockets are closed)."""
    return f"reissue {seat}"


def leave_entry(seat: int, kind: str) -> str:
    """Seat ``seat``'s human had to go: a computer player of ``kind`` takes the seat."""
    return f"leave {seat} {kind}"


def deck_entry(number: int) -> str:
    """The table plays on with its saved question deck ``number``."""
    return f"deck {number}"


def legal_form(text: str) -> str:
    """The text a move is checked against ``legal`` as: ``answered`` for a typed answer."""
    return "answered" if text.startswith("answered ") else text


def canonical(action: str) -> str:
    """The canonical text of a move a player sent (case and spacing forgiven); table
    commands pass as they are, and text that is no action is left for the check against the
    legal moves to refuse, naming them."""
    stripped = " ".join(action.split())
    head = stripped.split(" ", 1)[0].lower() if stripped else ""
    if head == "ask":
        words = stripped.split()
        return " ".join([words[0].lower(), *[word.upper() for word in words[1:]]])
    if head == "answered":  # a typed answer keeps its letters as typed
        return " ".join(["answered", *stripped.split()[1:]])
    if head in ("sit", "rematch", "accept", "decline", "seat", "skip") or not stripped:
        return stripped.lower()
    try:
        return str(Action.parse(stripped))
    except IllegalActionError:
        return stripped  # refused when applied, naming the legal actions


def public_entry(seat: int, text: str, viewer: int | None) -> str:
    """The entry ``text`` made by ``seat`` as ``viewer`` may read it: a discard or a
    go-under names its cards to its maker alone (:func:`euchre.engine.view.visible_to`)."""
    if not text.startswith(_PRIVATE_HEADS):
        return text
    return public_text(Action.parse(text), seat, viewer)
