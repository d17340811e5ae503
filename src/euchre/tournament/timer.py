"""The round timer: a configurable round length and a "bell" when it ends (BSG general rule
3: "A bell will be rung when players are to advance. No one should leave their seat until the
bell is rung")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal, TypedDict

from euchre.tournament.errors import TournamentError

__all__ = ["BellEvent", "BellJson", "RoundTimer", "TimerState"]


class BellJson(TypedDict):
    """The bell as JSON: ``{"event": "bell", "round": 3, "rings_at": ISO time}``."""

    event: Literal["bell"]
    round: int
    rings_at: str


@dataclass(frozen=True, slots=True)
class BellEvent:
    """The bell of one round: when it rings."""

    round: int
    rings_at: datetime

    def to_json(self) -> BellJson:
        """This event as JSON (ISO time)."""
        return {"event": "bell", "round": self.round, "rings_at": self.rings_at.isoformat()}


@dataclass(frozen=True, slots=True)
class TimerState:
    """Where a round's clock stands: seconds left (0 once the bell rang) and the bell, once
    it has rung."""

    round: int
    remaining_seconds: int
    bell: BellEvent | None

    @property
    def bell_rung(self) -> bool:
        """True once the round's time is up."""
        return self.bell is not None


@dataclass(frozen=True, slots=True)
class RoundTimer:
    """A round clock of ``round_minutes`` (0: untimed, the bell never rings)."""

    round_minutes: int

    def __post_init__(self) -> None:
        if self.round_minutes < 0:
            raise TournamentError(
                f"round length must be 0 or more minutes, got {self.round_minutes}"
            )

    def bell_for(self, round_number: int, started_at: datetime) -> BellEvent | None:
        """The bell of a round started at ``started_at`` (None when untimed)."""
        if not self.round_minutes:
            return None
        return BellEvent(round_number, started_at + timedelta(minutes=self.round_minutes))

    def state(self, round_number: int, started_at: datetime, now: datetime) -> TimerState:
        """The clock of a round started at ``started_at``, seen at ``now``."""
        bell = self.bell_for(round_number, started_at)
        if bell is None:
            return TimerState(round_number, 0, None)
        remaining = int((bell.rings_at - now).total_seconds())
        if remaining > 0:
            return TimerState(round_number, remaining, None)
        return TimerState(round_number, 0, bell)
