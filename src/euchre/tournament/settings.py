"""An event's numeric settings and their bounds, declared once (:class:`EventSettings`).

Every door that sets up an event reads this declaration: a sheet file's ``[event]`` table
(``sheet_schema.EventFile``), the API (``POST /api/events`` and
``PUT /api/events/{id}/config``), the director's form (its inputs' ``min``/``max`` and the
store's check) and the CLI (``euchre event new``, through the same store check). A value out
of bounds is refused by each with the same words (``the number of rounds must be from 1 to 50,
not 80``), raised as :class:`SettingError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    ValidationError,
    WithJsonSchema,
    model_validator,
)

__all__ = [
    "BREAK_AFTER_ROUND",
    "BREAK_MINUTES",
    "MAX_GAMES",
    "ROUNDS",
    "ROUND_MINUTES",
    "SETTING_BOUNDS",
    "SIDE_POT_CENTS",
    "SIDE_POT_LONE_CENTS",
    "SIT_OUT_POINTS",
    "Bound",
    "BreakAfterRound",
    "BreakMinutes",
    "EventSettings",
    "MaxGames",
    "RoundMinutes",
    "Rounds",
    "SettingError",
    "SidePotCents",
    "SidePotLoneCents",
    "SitOutPoints",
    "break_line",
    "break_problem",
    "check_settings",
]


class SettingError(ValueError):
    """An event setting out of its bounds, in words that name it and the bounds."""


@dataclass(frozen=True)
class Bound:
    """The whole numbers a setting allows, from ``low`` to ``high``; ``label`` names the
    setting in the words a director reads."""

    key: str
    label: str
    low: int
    high: int

    def check(self, value: int) -> int:
        """``value``, or :class:`SettingError` in words."""
        if not self.low <= value <= self.high:
            raise SettingError(self.refusal(value))
        return value

    def schema(self) -> dict[str, Any]:
        """The JSON schema of the setting (an integer within the bounds)."""
        return {"type": "integer", "minimum": self.low, "maximum": self.high}

    def refusal(self, value: object) -> str:
        """The words refusing ``value``."""
        return f"{self.label} must be from {self.low} to {self.high}, not {value}"


ROUNDS = Bound("rounds", "the number of rounds", 1, 50)
MAX_GAMES = Bound("max_games", "the cap on games", 1, 50)
ROUND_MINUTES = Bound("round_minutes", "the round length (minutes)", 0, 600)
SIDE_POT_CENTS = Bound("side_pot_cents", "the cents per euchre", 0, 100_000)
SIDE_POT_LONE_CENTS = Bound(
    "side_pot_lone_cents", "the cents per euchre on a lone hand", 0, SIDE_POT_CENTS.high
)
SIT_OUT_POINTS = Bound("sit_out_points", "the points for sitting out", 0, 1000)
BREAK_AFTER_ROUND = Bound(
    "break_after_round", "the round the break follows (0: no break)", 0, ROUNDS.high
)
BREAK_MINUTES = Bound("break_minutes", "the break's length (minutes)", 0, 240)

SETTING_BOUNDS: Mapping[str, Bound] = {
    bound.key: bound
    for bound in (
        ROUNDS,
        MAX_GAMES,
        ROUND_MINUTES,
        SIDE_POT_CENTS,
        SIDE_POT_LONE_CENTS,
        SIT_OUT_POINTS,
        BREAK_AFTER_ROUND,
        BREAK_MINUTES,
    )
}
"""Each bounded setting by its key (the form's inputs take their ``min`` and ``max`` here)."""


# Each type checks with the shared words; its schema still shows the bounds (OpenAPI, docs).
Rounds = Annotated[int, AfterValidator(ROUNDS.check), WithJsonSchema(ROUNDS.schema())]
"""A number of rounds (games) in an event."""
MaxGames = Annotated[int, AfterValidator(MAX_GAMES.check), WithJsonSchema(MAX_GAMES.schema())]
"""A sheet's cap on an event's games."""
RoundMinutes = Annotated[
    int, AfterValidator(ROUND_MINUTES.check), WithJsonSchema(ROUND_MINUTES.schema())
]
"""A round's length in minutes (0: no clock)."""
SidePotCents = Annotated[
    int, AfterValidator(SIDE_POT_CENTS.check), WithJsonSchema(SIDE_POT_CENTS.schema())
]
"""What each euchred player puts in the cup, in cents."""
SidePotLoneCents = Annotated[
    int, AfterValidator(SIDE_POT_LONE_CENTS.check), WithJsonSchema(SIDE_POT_LONE_CENTS.schema())
]
"""What each player euchred on his side's lone hand puts in the cup, in cents (0: as any
euchre; the bump cup's "$2 on a loner")."""
SitOutPoints = Annotated[
    int, AfterValidator(SIT_OUT_POINTS.check), WithJsonSchema(SIT_OUT_POINTS.schema())
]
"""The points a player sitting out scores under ``sit_out_scoring = "fixed"``."""
BreakAfterRound = Annotated[
    int, AfterValidator(BREAK_AFTER_ROUND.check), WithJsonSchema(BREAK_AFTER_ROUND.schema())
]
"""The round after which the night takes its break (0: no break; Chatgamers: "a 15 minute
SMOKERS break will be taken after 6 games")."""
BreakMinutes = Annotated[
    int, AfterValidator(BREAK_MINUTES.check), WithJsonSchema(BREAK_MINUTES.schema())
]
"""The break's length in minutes: the next round's clock starts after it."""


class EventSettings(BaseModel):
    """The event's bounded settings, declared once: the sheet file's ``[event]`` and the
    API's event body use these same field types, and the store checks every event (the
    form's and the CLI's) against this model."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    rounds: Rounds
    round_minutes: RoundMinutes = 0
    side_pot_cents: SidePotCents = 25
    side_pot_lone_cents: SidePotLoneCents = 0
    sit_out_points: SitOutPoints = 0
    break_after_round: BreakAfterRound = 0
    break_minutes: BreakMinutes = 0

    @model_validator(mode="after")
    def _break_whole(self) -> EventSettings:
        problem = break_problem(self.break_after_round, self.break_minutes)
        if problem:
            raise ValueError(problem)
        return self


def break_problem(after_round: int, minutes: int) -> str:
    """Why a break of ``minutes`` after round ``after_round`` cannot be (empty: it can): a
    break needs both its round and its length."""
    if after_round and not minutes:
        return (
            f"the break after round {after_round} has no length: say break_minutes (the "
            "minutes before the next round's clock starts)"
        )
    if minutes and not after_round:
        return (
            f"the {minutes}-minute break follows no round: say break_after_round (the round "
            "it follows)"
        )
    return ""


def break_line(after_round: int, minutes: int) -> str:
    """The break in the words the dashboard, the projector and the phones show ("Break: 15
    minutes after round 6"); empty without one."""
    if not (after_round and minutes):
        return ""
    unit = "minute" if minutes == 1 else "minutes"
    return f"Break: {minutes} {unit} after round {after_round}"


def check_settings(values: Mapping[str, Any]) -> None:
    """Check ``values`` (at least ``rounds``) against :class:`EventSettings`; raises
    :class:`SettingError` naming every setting out of bounds, in the shared words."""
    try:
        EventSettings.model_validate(dict(values))
    except ValidationError as error:
        words = [str(item["msg"]).removeprefix("Value error, ") for item in error.errors()]
        raise SettingError("; ".join(words)) from None
