"""A sheet file's schema: the pydantic models (strict, unknown keys refused) that its tables are
checked against, one per table (``[event]``, ``[words]``, ``[players]``, ``[profile]``,
``[movement]``), and the keys each table allows. Checking a whole file and naming every
problem is ``sheet_parse.py``'s; the loaded sheet is ``sheet_model.py``'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationInfo,
    field_validator,
    model_validator,
)

from euchre.tournament.cut_off import check_cut_off
from euchre.tournament.model import (
    FORMAT_NAMES,
    PRIZE_TIES,
    SIDE_POT_QUALIFICATION,
    SIT_OUT_SCORING,
    TIE_BREAKS,
    AwardKind,
    AwardRule,
    PrizeEligibility,
    PrizeTable,
    PrizeTier,
    SidePotFallback,
)
from euchre.tournament.movement_spec import MovementSpec, MoveRule
from euchre.tournament.settings import (
    BreakAfterRound,
    BreakMinutes,
    MaxGames,
    RoundMinutes,
    Rounds,
    SidePotCents,
    SidePotLoneCents,
    SitOutPoints,
    break_problem,
)

__all__ = [
    "EVENT_KEYS",
    "MODELS_BY_TABLE",
    "MOVEMENT_KEYS",
    "PLAYER_KEYS",
    "EventFile",
    "MovementFile",
    "PlayersFile",
    "PrizeFile",
    "PrizeScheduleFile",
    "ProfileFile",
    "SheetFile",
    "WordsFile",
    "one_of",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def one_of(value: str, allowed: Iterable[str]) -> str:
    """``value`` if it is one of ``allowed``, else :class:`ValueError` naming the choices."""
    choices = [str(choice) for choice in allowed]
    if value not in choices:
        raise ValueError(f"{value!r} is not allowed; choose one of {', '.join(choices)}")
    return value


_EVENT_CHOICES: dict[str, Iterable[str]] = {
    "format": FORMAT_NAMES,
    "prize_ties": PRIZE_TIES,
    "side_pot_qualification": SIDE_POT_QUALIFICATION,
    "side_pot_fallback": tuple(SidePotFallback),
    "sit_out_scoring": SIT_OUT_SCORING,
    "tie_breaks": TIE_BREAKS,
}
"""The ``[event]`` keys whose values (or, for a list, each item) come from a closed set."""


class PrizeFile(_Strict):
    """One row of the prize table: the amounts paid from ``tables`` tables up, or from
    ``entrants`` players entered up (one of the two)."""

    tables: int | None = Field(default=None, ge=1)
    entrants: int | None = Field(default=None, ge=1)
    cents: list[int] = Field(min_length=1)

    @field_validator("cents")
    @classmethod
    def _not_negative(cls, value: list[int]) -> list[int]:
        if any(amount < 0 for amount in value):
            raise ValueError("prize amounts are cents, 0 or more")
        return value

    @model_validator(mode="after")
    def _one_count(self) -> PrizeFile:
        if (self.tables is None) == (self.entrants is None):
            raise ValueError("a prize row gives either tables or entrants (the count it pays from)")
        return self


class AwardFile(_Strict):
    """One award of ``[event.prizes] awards``: ``kind`` (``most_lone_hands``,
    ``high_game``, or ``high_score`` with a ``category``), ``cents`` and, optionally, the
    ``name`` the prize list gives it ("High lady")."""

    kind: str
    cents: int = Field(ge=0)
    category: str | None = None
    name: str = Field(default="", max_length=40)

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str) -> str:
        known = [str(kind) for kind in AwardKind]
        if value not in known:
            raise ValueError(f"unknown award {value!r}; choose from {', '.join(known)}")
        return value

    @model_validator(mode="after")
    def _category(self) -> AwardFile:
        if self.kind == AwardKind.HIGH_SCORE and self.category is None:
            raise ValueError(
                "high_score needs a category (one of [players] prize_categories): the "
                "places already pay the highest scores of all"
            )
        if self.kind != AwardKind.HIGH_SCORE and self.category is not None:
            raise ValueError(f"a category goes with high_score only, not with {self.kind}")
        return self

    def rule(self) -> AwardRule:
        """The :class:`AwardRule` this line describes."""
        return AwardRule(AwardKind(self.kind), self.cents, self.category, self.name)


def _cents(value: list[int]) -> list[int]:
    if any(amount < 0 for amount in value):
        raise ValueError("amounts are cents, 0 or more")
    return value


class PrizeScheduleFile(_Strict):
    """``[event.prizes]`` as a table: rows by tables or entrants, or percentages of the pot,
    with fixed extras, a last-place prize and who may win (:class:`PrizeTable`)."""

    tiers: list[PrizeFile] = Field(default_factory=list)
    entry_fee_cents: int = Field(default=0, ge=0)
    percents: list[int] = Field(default_factory=list)
    round_to_cents: int = Field(default=1, ge=1)
    extras_cents: list[int] = Field(default_factory=list)
    last_place_cents: int = Field(default=0, ge=0)
    eligible: list[str] = Field(default_factory=list)
    awards: list[AwardFile] = Field(default_factory=list)

    _extras = field_validator("extras_cents")(_cents)

    @field_validator("percents")
    @classmethod
    def _percents(cls, value: list[int]) -> list[int]:
        if any(not 0 < percent <= 100 for percent in value):
            raise ValueError("each percentage is a whole number from 1 to 100")
        if sum(value) > 100:
            raise ValueError(f"the percentages add up to {sum(value)}, more than the pot")
        return value

    @field_validator("eligible")
    @classmethod
    def _eligible(cls, value: list[str]) -> list[str]:
        known = [str(rule) for rule in PrizeEligibility]
        for rule in value:
            if rule not in known:
                raise ValueError(f"unknown rule {rule!r}; choose from {', '.join(known)}")
        return value

    @model_validator(mode="after")
    def _whole(self) -> PrizeScheduleFile:
        if self.percents and self.tiers:
            raise ValueError("give the prizes as tiers or as percents of the pot, not both")
        if self.percents and not self.entry_fee_cents:
            raise ValueError(
                "percents of the pot need entry_fee_cents (the pot is the fee × entrants)"
            )
        if len({row.entrants is None for row in self.tiers}) > 1:
            raise ValueError("the tiers go all by tables or all by entrants")
        return self

    def table(self) -> PrizeTable:
        """The :class:`PrizeTable` this file's prizes describe."""
        return PrizeTable(
            tuple(
                PrizeTier(row.tables or 0, tuple(row.cents), row.entrants or 0)
                for row in self.tiers
            ),
            entry_fee_cents=self.entry_fee_cents,
            percents=tuple(self.percents),
            round_to_cents=self.round_to_cents,
            extras_cents=tuple(self.extras_cents),
            last_place_cents=self.last_place_cents,
            eligible=tuple(PrizeEligibility(rule) for rule in self.eligible),
            awards=tuple(award.rule() for award in self.awards),
        )


def _prizes_kind(value: Any) -> str:
    return "table" if isinstance(value, dict | PrizeScheduleFile) else "rows"


_PRIZES = Annotated[
    Annotated[list[PrizeFile], Tag("rows")] | Annotated[PrizeScheduleFile, Tag("table")],
    Discriminator(_prizes_kind),
]
"""``prizes``: a list of rows (by tables or entrants) or a table (``[event.prizes]``)."""


class EventFile(_Strict):
    """The ``[event]`` table: the sheet's event as the director's form starts it."""

    format: str
    # The bounded settings' types are declared once (settings.py), with the API's.
    rounds: Rounds
    max_games: MaxGames | None = None
    # Any: the format's own check names an unknown option or a value of the wrong kind once
    # (a union type would give one type error per member).
    format_options: dict[str, Any] = Field(default_factory=dict)
    round_minutes: RoundMinutes = 0
    prizes: _PRIZES = Field(default_factory=list)
    prize_ties: str = "tie_breaks"
    side_pot: bool = False
    side_pot_cents: SidePotCents = 25
    side_pot_qualification: str = "every_game"
    side_pot_lone_cents: SidePotLoneCents = 0
    side_pot_fallback: str = "director"
    sit_out_scoring: str = "average"
    sit_out_points: SitOutPoints = 0
    tie_breaks: list[str] = Field(default_factory=list)
    hands_worth_points: int = Field(default=4, ge=1)
    last_round_by: str | None = None
    time_zone: str | None = None
    break_after_round: BreakAfterRound = 0
    break_minutes: BreakMinutes = 0
    sources: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _break_whole(self) -> EventFile:
        problem = break_problem(self.break_after_round, self.break_minutes)
        if problem:
            raise ValueError(problem)
        if self.break_after_round >= self.rounds:
            raise ValueError(
                f"the break after round {self.break_after_round} would never be taken: the "
                f"night plays {self.rounds} rounds"
            )
        return self

    @field_validator(*_EVENT_CHOICES)
    @classmethod
    def _in_closed_set(cls, value: str | list[str], info: ValidationInfo) -> str | list[str]:
        allowed = _EVENT_CHOICES[str(info.field_name)]
        for name in [value] if isinstance(value, str) else value:
            one_of(name, allowed)
        return value

    @field_validator("last_round_by", "time_zone")
    @classmethod
    def _readable_clock(cls, value: str | None, info: ValidationInfo) -> str | None:
        if info.field_name == "last_round_by":
            check_cut_off(value, None)
        else:
            check_cut_off(None, value)
        return value


EVENT_KEYS: tuple[str, ...] = tuple(name for name in EventFile.model_fields if name != "sources")
"""The keys of a sheet file's ``[event]`` table (besides ``sources``)."""


class WordsFile(_Strict):
    """The ``[words]`` table: what the sheet's phones and printouts say."""

    game_word: str = Field(default="Round", min_length=1)
    tally_notes: list[str] = Field(default_factory=list)
    opponent_check: Literal["initials", "signature"] = "initials"
    hand_in: str = ""
    tie_rule: str = ""
    playoff_rule: str = ""
    three_handed: str = ""
    sources: dict[str, str] = Field(default_factory=dict)


_CLASS_NAME = r"^[a-z][a-z0-9_]{0,19}$"


class PlayersFile(_Strict):
    """The ``[players]`` table: what each player carries that the sheet reads (a seat class
    such as LVEA's high or low scoresheet, a prize category such as "lady" for a high-lady
    award). Each is a closed set the sheet names; a sheet that names seat classes needs one
    on every player, a prize category is optional (a player without one is in no category's
    award)."""

    seat_classes: list[str] = Field(default_factory=list)
    prize_categories: list[str] = Field(default_factory=list)
    stationary_seat: bool = False
    """A player may ask for the movement's stationary seat (Chatgamers: "if you would like
    to be a North Player ... let Maria or I know")."""
    sources: dict[str, str] = Field(default_factory=dict)

    @field_validator("seat_classes", "prize_categories")
    @classmethod
    def _names(cls, value: list[str]) -> list[str]:
        for name in value:
            if not re.match(_CLASS_NAME, name):
                raise ValueError(
                    f"{name!r} is not a class name: lower case letters, digits and _, "
                    "at most 20, starting with a letter"
                )
        if len(set(value)) != len(value):
            raise ValueError(f"a name is listed twice in {value}")
        if len(value) == 1:
            raise ValueError(f"one class ({value[0]!r}) sorts nobody: name two or more")
        return value


PLAYER_KEYS: tuple[str, ...] = ("seat_classes", "prize_categories", "stationary_seat")
"""The keys of a sheet file's ``[players]`` table (besides ``sources``)."""


class ProfileFile(_Strict):
    """An inline ``[profile]``: the rules the sheet's hands are played by. With ``extends``, a
    built-in profile with the club's changes; without, the whole profile (every option, each
    with its clause), as each built-in sheet gives its own. ``name`` is the rules' own title
    where it differs from the sheet's."""

    extends: str | None = None
    name: str | None = Field(default=None, min_length=1, max_length=120)
    options: dict[str, Any] = Field(default_factory=dict)
    sources: dict[str, str] = Field(default_factory=dict)


class MovementFile(MovementSpec):
    """The ``[movement]`` table: the sheet's movement (:class:`MovementSpec`) with the clause
    of each key it sets."""

    sources: dict[str, str] = Field(default_factory=dict)

    def spec(self) -> MovementSpec:
        """The movement without its clauses."""
        return MovementSpec.model_validate(self.model_dump(exclude={"sources"}))


MOVEMENT_KEYS: tuple[str, ...] = tuple(MovementSpec.model_fields)
"""The keys of a sheet file's ``[movement]`` table (besides ``sources``)."""


class SheetFile(_Strict):
    """A whole sheet file."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    name: str = Field(min_length=1, max_length=120)
    sheet: str = ""
    profile: str | ProfileFile
    default_for_formats: list[str] = Field(default_factory=list)
    first_on_form: bool = False
    event: EventFile
    words: WordsFile = Field(default_factory=WordsFile)
    players: PlayersFile = Field(default_factory=PlayersFile)
    movement: MovementFile | None = None

    @field_validator("default_for_formats")
    @classmethod
    def _formats(cls, value: list[str]) -> list[str]:
        for name in value:
            one_of(name, FORMAT_NAMES)
        return value


MODELS_BY_TABLE: dict[str, type[BaseModel]] = {
    "": SheetFile,
    "event": EventFile,
    "event.prizes": PrizeScheduleFile,
    "event.prizes.tiers": PrizeFile,
    "event.prizes.awards": AwardFile,
    "words": WordsFile,
    "players": PlayersFile,
    "profile": ProfileFile,
    "movement": MovementFile,
    "movement.moves": MoveRule,
}
"""The model of each table (dotted, list items' indexes left out), for naming the keys an
unknown key's table allows."""
