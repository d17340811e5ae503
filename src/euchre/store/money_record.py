"""Money a correction moved, as the app-wide audit log keeps it, read back for the pages: the
director's dashboard (whose money changed, by how much), the night's public pages and the
season (the night marked as corrected: when, and what). docs/season.md, "Money never moves
silently".

The log's ``money_moved`` line (written by :mod:`euchre.store.scoring.money_moves`) holds each
player's amount before and after, keyed ``"<kind>: <name>"``; the table corrected is the
event's own ``correct_result`` line just before it. This module reads the log only, so the
season's table can mark its nights without a knot back through the event's snapshot.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store.models import AuditEntry

__all__ = [
    "MONEY_KINDS",
    "Correction",
    "MoneyMove",
    "corrections_of",
    "money_words",
    "move_amount",
]

MONEY_KINDS = ("prize", "cup", "sit-out points")
"""What a correction can move besides the scores, in the order the log lists them."""
_TARGET = re.compile(r"event (\d+):")


@dataclass(frozen=True, slots=True)
class MoneyMove:
    """One competitor's prize money, cup money or sit-out points, before and after."""

    kind: str
    """"prize", "cup" or "sit-out points"."""
    competitor_id: str
    name: str
    before: int
    after: int

    @property
    def change(self) -> str:
        """By how much, signed: ``-$30.00``, ``+$7.50``, ``+1 pts``."""
        delta = self.after - self.before
        sign = "+" if delta >= 0 else "-"
        if self.kind == "sit-out points":
            return f"{sign}{abs(delta)} pts"
        return f"{sign}${abs(delta) / 100:.2f}"


def move_amount(kind: str, value: int) -> str:
    """An amount as the pages write it: ``$30.00``, or ``6 pts`` for sit-out points."""
    return f"{value} pts" if kind == "sit-out points" else f"${value / 100:.2f}"


def money_words(moves: Iterable[MoneyMove], names: Mapping[str, str] | None = None) -> str:
    """The moves in one sentence for the director ("Money moved: prize: Leo Marsh $30.00 ->
    $0.00; ..."), or "" when nothing moved."""
    parts = [
        f"{move.kind}: {(names or {}).get(move.competitor_id, move.name)} "
        f"{move_amount(move.kind, move.before)} -> {move_amount(move.kind, move.after)}"
        for move in moves
    ]
    return "Money moved: " + "; ".join(parts) + "." if parts else ""


@dataclass(frozen=True, slots=True)
class Correction:
    """A late correction of one night that moved money: when, who, the table corrected
    (``round 1 table 2``; "" when the log has none), why, and each player's move."""

    event_id: int
    at: datetime.datetime
    who: str
    table: str
    reason: str
    moves: tuple[MoneyMove, ...]

    @property
    def when(self) -> str:
        """``2027-03-11 21:40 UTC``."""
        moment = self.at if self.at.tzinfo else self.at.replace(tzinfo=datetime.UTC)
        return f"{moment.astimezone(datetime.UTC):%Y-%m-%d %H:%M} UTC"

    @property
    def words(self) -> str:
        """When and what, as the public pages mark the night: "Corrected 2027-03-11 21:40
        UTC (round 1 table 2): prize: Leo Marsh $30.00 -> $0.00."."""
        where = f" ({self.table})" if self.table else ""
        moved = money_words(self.moves).removeprefix("Money moved: ")
        return f"Corrected {self.when}{where}: {moved}"


def _moves(old: Mapping[str, object] | None, new: Mapping[str, object] | None) -> list[MoneyMove]:
    """The log's ``{"prize: Leo Marsh": 3000}`` pairs as moves, in the log's order."""
    before, after = dict(old or {}), dict(new or {})
    out = []
    for key in dict.fromkeys([*before, *after]):
        kind, _, name = key.partition(": ")
        old_value, new_value = before.get(key, 0), after.get(key, 0)
        if kind in MONEY_KINDS and isinstance(old_value, int) and isinstance(new_value, int):
            out.append(MoneyMove(kind, "", name, old_value, new_value))
    return out


def corrections_of(session: Session, event_ids: Iterable[int]) -> dict[int, list[Correction]]:
    """Each event's corrections that moved money, oldest first (events with none are left
    out). Two queries whatever the number of events: money is rarely moved late."""
    wanted = set(event_ids)
    if not wanted:
        return {}
    lines = session.scalars(
        select(AuditEntry)
        .where(AuditEntry.event_id.is_(None), AuditEntry.action == "money_moved")
        .order_by(AuditEntry.id)
    )
    found = []
    for line in lines:
        matched = _TARGET.match(line.target)
        if matched is not None and int(matched.group(1)) in wanted:
            found.append((int(matched.group(1)), line))
    if not found:
        return {}
    tables: dict[int, list[tuple[int, str]]] = {}
    for entry_id, event_id, target in session.execute(
        select(AuditEntry.id, AuditEntry.event_id, AuditEntry.target)
        .where(
            AuditEntry.event_id.in_({event_id for event_id, _line in found}),
            AuditEntry.action == "correct_result",
        )
        .order_by(AuditEntry.id)
    ):
        if event_id is not None:
            tables.setdefault(int(event_id), []).append((int(entry_id), str(target)))
    out: dict[int, list[Correction]] = {}
    for event_id, line in found:
        earlier = [target for entry_id, target in tables.get(event_id, []) if entry_id < line.id]
        out.setdefault(event_id, []).append(
            Correction(
                event_id=event_id,
                at=line.at,
                who=line.who,
                table=earlier[-1] if earlier else "",
                reason=line.reason,
                moves=tuple(_moves(line.old_value, line.new_value)),
            )
        )
    return out
