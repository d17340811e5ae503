"""Rule sheets as files: one TOML file holds everything a club's sheet decides.

A sheet file names its rule profile (a built-in id, or a ``[profile]`` table that extends
one), its event (``[event]``: format and options, games, prizes by table count, the euchred
cup, tie rules, sit-out scoring), its own words for phones and printouts (``[words]``) and
what its players carry (``[players]``: a seat class, a prize category).
Every value cites its clause in the table's ``sources`` (or says "house default"). The five
built-in sheets are files in ``euchre/tournament/sheets/``; a club adds its own to the user
sheets folder (see ``docs/sheets.md``). Nothing else in the code names a sheet: the event
presets, the cap on games, the words and the sheet a format plays under by default are all
looked up here.

A sheet's id is also its profile's id (the id an event stores): a sheet whose profile is
another sheet's, or an inline ``[profile]``, registers a profile under its own id.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from euchre.engine.errors import EuchreError
from euchre.engine.profile import (
    BUILTIN_PROFILES,
    RuleProfile,
    forget_profile,
    load_profile,
    profile_from_mapping,
    register_profile,
)
from euchre.tournament.cut_off import check_cut_off
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import (
    FORMAT_NAMES,
    PRIZE_TIES,
    SIDE_POT_QUALIFICATION,
    SIT_OUT_SCORING,
    TIE_BREAKS,
    EventConfig,
    PrizeEligibility,
    PrizeTable,
    PrizeTier,
)
from euchre.tournament.movement_spec import MovementSpec, MoveRule

__all__ = [
    "EVENT_KEYS",
    "HOUSE_DEFAULT",
    "PLAYER_KEYS",
    "PRESETS",
    "WORD_KEYS",
    "Sheet",
    "SheetError",
    "SheetKeyError",
    "SheetPlayers",
    "SheetProblem",
    "SheetWords",
    "all_sheets",
    "builtin_sheets",
    "check_player_classes",
    "default_sheet_for",
    "find_sheet",
    "form_sheet",
    "get_sheet",
    "line_of",
    "max_games",
    "on_check_movement",
    "on_check_preset",
    "parse_sheet",
    "sheet_players",
    "sheet_words",
    "use_user_sheets",
    "user_sheets",
]

HOUSE_DEFAULT = "house default"
"""The clause of a value no sheet sentence decides."""


# --- the sheet's words --------------------------------------------------------------------


@dataclass(frozen=True)
class SheetWords:
    """A rule sheet's own words, as its paper and phones print them. A field left empty
    means the sheet says nothing on it, and nothing is printed (never another sheet's
    sentence)."""

    game_word: str = "Round"
    """What the sheet calls one game of the evening ("Round", Bolivar's "Game")."""
    tally_notes: tuple[str, ...] = ()
    """The sheet's sentences printed under a tally sheet's hand lines."""
    opponent_check: Literal["initials", "signature"] = "initials"
    """How an opponent vouches for a written score: initials, or a signature (Valpo)."""
    hand_in: str = ""
    """Where the tally sheet goes afterwards, in the sheet's words."""
    tie_rule: str = ""
    """The sheet's rule for a level game, shown where the phone asks who reached the tying
    score first."""
    playoff_rule: str = ""
    """The sheet's rule for a playoff that ends level, on a playoff's phone and tally sheet."""


WORD_KEYS: tuple[str, ...] = tuple(item.name for item in fields(SheetWords))
"""The keys of a sheet file's ``[words]`` table."""


# --- the file's schema (pydantic, strict) -------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _one_of(value: str, allowed: Iterable[str]) -> str:
    choices = [str(choice) for choice in allowed]
    if value not in choices:
        raise ValueError(f"{value!r} is not allowed; choose one of {', '.join(choices)}")
    return value


_EVENT_CHOICES: dict[str, Iterable[str]] = {
    "format": FORMAT_NAMES,
    "prize_ties": PRIZE_TIES,
    "side_pot_qualification": SIDE_POT_QUALIFICATION,
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
        )


def _prizes_shown(prizes: PrizeTable) -> Any:
    """The prizes as a sheet file writes them: the rows, or the table of a schedule that
    says more than rows by tables."""
    rows = [
        {"entrants": tier.min_entrants, "cents": list(tier.amounts_cents)}
        if tier.min_entrants
        else {"tables": tier.min_tables, "cents": list(tier.amounts_cents)}
        for tier in prizes.tiers
    ]
    whole = prizes.to_json()
    if set(whole) <= {"tiers"}:
        return rows
    whole.pop("tiers", None)
    return ({"tiers": rows} if rows else {}) | whole


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
    rounds: int = Field(ge=1)
    max_games: int | None = Field(default=None, ge=1)
    # Any: the format's own check names an unknown option or a value of the wrong kind once
    # (a union type would give one type error per member).
    format_options: dict[str, Any] = Field(default_factory=dict)
    round_minutes: int = Field(default=0, ge=0)
    prizes: _PRIZES = Field(default_factory=list)
    prize_ties: str = "tie_breaks"
    side_pot: bool = False
    side_pot_cents: int = Field(default=25, ge=0)
    side_pot_qualification: str = "every_game"
    sit_out_scoring: str = "average"
    sit_out_points: int = Field(default=0, ge=0)
    tie_breaks: list[str] = Field(default_factory=list)
    hands_worth_points: int = Field(default=4, ge=1)
    last_round_by: str | None = None
    time_zone: str | None = None
    sources: dict[str, str] = Field(default_factory=dict)

    @field_validator(*_EVENT_CHOICES)
    @classmethod
    def _in_closed_set(cls, value: str | list[str], info: ValidationInfo) -> str | list[str]:
        allowed = _EVENT_CHOICES[str(info.field_name)]
        for name in [value] if isinstance(value, str) else value:
            _one_of(name, allowed)
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


PLAYER_KEYS: tuple[str, ...] = ("seat_classes", "prize_categories")
"""The keys of a sheet file's ``[players]`` table (besides ``sources``)."""


class ProfileFile(_Strict):
    """An inline ``[profile]``: a built-in profile with the club's changes."""

    extends: str
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
            _one_of(name, FORMAT_NAMES)
        return value


# --- errors with the key and its line -----------------------------------------------------


@dataclass(frozen=True)
class SheetProblem:
    """One thing wrong in a sheet file: the key (dotted), its line (0 when the key is not in
    the file) and what is wrong or allowed."""

    key: str
    line: int
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}, " if self.line else ""
        return f"{where}{self.key or 'the file'}: {self.message}"


class SheetKeyError(TournamentError):
    """A sheet's value that its table's other values rule out: ``key`` is the dotted key."""

    def __init__(self, message: str, *, key: str) -> None:
        super().__init__(message)
        self.key = key


class SheetError(TournamentError):
    """A sheet file that cannot be used: one :class:`SheetProblem` per problem."""

    def __init__(self, origin: str, problems: list[SheetProblem]) -> None:
        self.origin = origin
        self.problems = problems
        listed = "\n".join(f"  {problem}" for problem in problems)
        super().__init__(f"sheet file {origin}: {len(problems)} problem(s)\n{listed}")


_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


def line_of(text: str, key: str) -> int:
    """The 1-based line of the dotted ``key`` in the TOML ``text`` (tomllib keeps no line
    numbers): a ``name =`` line under its table's header, or the header ``[key]`` itself; for
    a key not written there, its nearest written parent; 0 when none is."""
    parts = [part for part in key.split(".") if part and not part.isdigit()]
    while parts:
        found = _find(text, parts)
        if found:
            return found
        parts = parts[:-1]
    return 0


def _find(text: str, parts: list[str]) -> int:
    wanted_header = ".".join(parts)
    table: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header and "=" not in line.split("#")[0].split("]")[0]:
            name = header.group(1).replace('"', "").replace(" ", "")
            if name == wanted_header:
                return number
            table = name.split(".")
            continue
        assignment = re.match(r"^\s*([A-Za-z0-9_.\"-]+)\s*=", line)
        if assignment is None:
            continue
        written = assignment.group(1).replace('"', "").split(".")
        if table + written == parts:
            return number
    return 0


def _problem(text: str, key: str, message: str) -> SheetProblem:
    return SheetProblem(key, line_of(text, key), message)


def _pydantic_problems(text: str, error: ValidationError) -> list[SheetProblem]:
    problems = []
    for item in error.errors():
        location = [str(part) for part in item["loc"] if not str(part).startswith("function-")]
        # A union (``profile``: an id or a table) reports each branch: name the key only.
        location = [
            part for part in location if part not in ("str", "ProfileFile", "rows", "table")
        ]
        key = ".".join(location)
        message = str(item["msg"]).removeprefix("Value error, ")
        if item["type"] == "extra_forbidden":
            parent = _MODELS.get(".".join(part for part in location[:-1] if not part.isdigit()))
            allowed = ", ".join(parent.model_fields) if parent else ""
            message = f"unknown key; allowed here: {allowed}" if allowed else "unknown key"
        elif item["type"] == "missing":
            message = "is required"
        problems.append(_problem(text, key, message))
    # The union reports a bad ``profile`` twice (as an id and as a table): once is enough.
    unique: dict[tuple[str, int], SheetProblem] = {}
    for problem in problems:
        unique.setdefault((problem.key, problem.line), problem)
    return list(unique.values())


_MODELS: dict[str, type[BaseModel]] = {
    "": SheetFile,
    "event": EventFile,
    "event.prizes": PrizeScheduleFile,
    "event.prizes.tiers": PrizeFile,
    "words": WordsFile,
    "players": PlayersFile,
    "profile": ProfileFile,
    "movement": MovementFile,
    "movement.moves": MoveRule,
}


# --- the loaded sheet ---------------------------------------------------------------------


@dataclass(frozen=True)
class SheetPlayers:
    """What a sheet's players carry (its ``[players]`` table): the seat classes and prize
    categories it names, each empty when the sheet names none."""

    seat_classes: tuple[str, ...] = ()
    prize_categories: tuple[str, ...] = ()


def check_player_classes(
    players: SheetPlayers, *, seat_class: str | None, prize_category: str | None
) -> tuple[str | None, str | None]:
    """The seat class and prize category a player is entered with, tidied (spaces and case
    aside), or :class:`TournamentError` in words: a value the sheet does not name (naming the
    ones it does), a missing seat class where the sheet names classes."""
    chosen: list[str | None] = []
    for what, value, allowed in (
        ("seat class", seat_class, players.seat_classes),
        ("prize category", prize_category, players.prize_categories),
    ):
        tidy = "_".join((value or "").split()).lower() or None
        if tidy is not None and not allowed:
            raise TournamentError(f"the event's sheet names no {what}; leave it out, not {value!r}")
        if tidy is not None and tidy not in allowed:
            raise TournamentError(
                f"{what} {value!r} is not one of the sheet's: choose {' or '.join(allowed)}"
            )
        chosen.append(tidy)
    if chosen[0] is None and players.seat_classes:
        raise TournamentError(
            f"the sheet gives every player a seat class: choose {' or '.join(players.seat_classes)}"
        )
    return chosen[0], chosen[1]


@dataclass(frozen=True)
class Sheet:
    """A loaded, checked sheet: what the rest of the code looks up."""

    id: str
    name: str
    source: str
    """The rule sheet's own document (``000_….txt``), or empty."""
    profile: RuleProfile
    rules_from: str
    """The built-in profile the sheet's rules are (or extend)."""
    preset: Mapping[str, Any]
    """The ``EventConfig`` fields the sheet sets (only those written in its file)."""
    max_games: int | None
    words: SheetWords
    sources: Mapping[str, str]
    """Each ``event.*`` and ``words.*`` key's clause."""
    default_for_formats: tuple[str, ...]
    first_on_form: bool
    """The director's new-event form starts on this sheet (a club's over a built-in one)."""
    builtin: bool
    path: str
    text: str = field(repr=False)
    movement: MovementSpec | None = None
    """The sheet's ``[movement]`` (None: its format's own movement)."""
    players: SheetPlayers = SheetPlayers()
    """What each player carries that the sheet reads (its ``[players]`` table)."""

    @property
    def seat_classes(self) -> tuple[str, ...]:
        """The seat classes its ``[players]`` table declares."""
        return self.players.seat_classes

    def clause(self, key: str) -> str:
        """The clause behind the dotted ``key`` (``event.rounds``), or "house default"."""
        return self.sources.get(key, HOUSE_DEFAULT)

    def rows(self) -> list[tuple[str, Any, str]]:
        """Every value the sheet decides, with its clause: ``(key, value, clause)`` for the
        profile, each event and word key (set or house default) and each profile option."""
        event_defaults = EventFile.model_fields
        same = self.rules_from == self.profile.id
        base = load_profile(self.rules_from).options()
        changed = [name for name, value in self.profile.options().items() if base[name] != value]
        rules = (
            self.profile.name
            if same
            else f"the rules of profile {self.rules_from!r}: each option below"
            if not changed
            else f"the rules of profile {self.rules_from!r} with this sheet's own "
            f"{', '.join(changed)}: each option below"
        )
        rows: list[tuple[str, Any, str]] = [("profile", self.rules_from, rules)]
        for key in EVENT_KEYS:
            if key == "max_games":
                value: Any = self.max_games
            elif key == "prizes":
                value = _prizes_shown(self.preset.get("prizes", PrizeTable()))
            elif key in self.preset:
                value = self.preset[key]
            else:
                value = event_defaults[key].get_default(call_default_factory=True)
            rows.append((f"event.{key}", _plain(value), self.clause(f"event.{key}")))
        for key in WORD_KEYS:
            rows.append(
                (f"words.{key}", _plain(getattr(self.words, key)), self.clause(f"words.{key}"))
            )
        for key in PLAYER_KEYS:
            value = _plain(getattr(self.players, key))
            rows.append((f"players.{key}", value, self.clause(f"players.{key}")))
        if self.movement is not None:
            written = self.movement.model_dump(mode="json")
            written["moves"] = [
                rule.model_dump(mode="json", exclude_defaults=True) for rule in self.movement.moves
            ]
            for key in MOVEMENT_KEYS:
                rows.append((f"movement.{key}", written[key], self.clause(f"movement.{key}")))
        options = self.profile.options()
        for key, value in options.items():
            rows.append((f"profile.{key}", _plain(value), self.profile.sources.get(key, "")))
        return rows


def _plain(value: Any) -> Any:
    if isinstance(value, str):  # a StrEnum's value, as the file writes it
        return str(value)
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (bool, int, str, list)) or value is None:
        return value
    return str(value)


def _profile_problems(text: str, data: Mapping[str, Any], origin: str) -> list[SheetProblem]:
    """Every problem of the file's ``profile`` (read from the raw TOML, so they are listed
    even when other tables have problems): an unknown profile id, or each refused option of
    an inline ``[profile]`` at its own key and line (an impossible combination, which no
    single option shows, at ``profile``)."""
    raw = data.get("profile")
    if isinstance(raw, str):
        try:
            load_profile(raw)
        except EuchreError as error:
            return [_problem(text, "profile", str(error))]
        return []
    if not isinstance(raw, Mapping) or not isinstance(raw.get("extends"), str):
        return []
    options = raw.get("options", {})
    if not isinstance(options, Mapping):
        return []
    sheet_id = data.get("id") if isinstance(data.get("id"), str) else "club"

    def refused(chosen: Mapping[str, Any]) -> str:
        try:
            profile_from_mapping(
                {"id": sheet_id, "name": sheet_id, "extends": raw["extends"], "options": chosen},
                origin=origin,
            )
        except EuchreError as error:
            return str(error)
        return ""

    whole = refused(options)
    if not whole:
        return []
    alone = [
        _problem(text, f"profile.options.{name}", message)
        for name, value in options.items()
        if (message := refused({name: value}))
    ]
    key = next((f"profile.options.{name}" for name in options if f"{name!r}" in whole), "profile")
    return alone or [_problem(text, key, whole)]


def _event_problems(text: str, data: Mapping[str, Any]) -> list[SheetProblem]:
    """The format's options (each unknown option, each value of the wrong kind), read from
    the raw TOML so they are listed with the file's other problems."""
    event = data.get("event")
    if not isinstance(event, Mapping):
        return []
    format_name = event.get("format")
    options = event.get("format_options", {})
    if format_name not in FORMAT_NAMES or not isinstance(options, Mapping):
        return []
    return [
        _problem(text, error.key, str(error))
        for check in _PRESET_CHECKS
        for error in check(str(format_name), options)
    ]


def parse_sheet(text: str, *, origin: str, builtin: bool = False, path: str = "") -> Sheet:
    """Check a sheet file's ``text`` and build its :class:`Sheet` (its profile is not
    registered yet). Raises :class:`SheetError` listing every problem at once (the tables'
    keys and values, the profile's options, the format's options, the movement)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = re.search(r"line (\d+)", str(error))
        raise SheetError(
            origin, [SheetProblem("", int(line.group(1)) if line else 0, f"not TOML: {error}")]
        ) from None
    except ValueError:
        # Python refuses to read an integer of more than 4,300 digits (a denial-of-service
        # guard); no sheet key needs one.
        raise SheetError(
            origin, [SheetProblem("", 0, "a number is too long (more than 4,300 digits)")]
        ) from None
    except RecursionError:
        raise SheetError(
            origin, [SheetProblem("", 0, "arrays or tables are nested too deeply")]
        ) from None
    profile_problems = _profile_problems(text, data, origin)
    try:
        parsed = SheetFile.model_validate(data)
    except ValidationError as error:
        problems = _pydantic_problems(text, error) + profile_problems + _event_problems(text, data)
        raise SheetError(origin, _unique(problems)) from None
    problems = _source_problems(text, parsed) + profile_problems
    profile: RuleProfile | None = None
    if not profile_problems:
        try:
            profile = _profile_of(parsed, origin)
        except EuchreError as error:
            problems.append(_problem(text, "profile", str(error)))
    preset = _preset_of(parsed.event)
    problems += _event_problems(text, data)
    problems += _preset_problems(text, parsed, preset)
    if profile is not None:
        problems += _hands_worth_problems(text, parsed.event, profile)
    movement = parsed.movement.spec() if parsed.movement is not None else None
    if movement is not None:
        for check in _MOVEMENT_CHECKS:
            for key, message in check(parsed.event.format, movement, parsed.players.seat_classes):
                problems.append(_problem(text, key, message))
    if problems or profile is None:
        raise SheetError(origin, _unique(problems))
    written = parsed.words
    words = SheetWords(
        game_word=written.game_word,
        tally_notes=tuple(written.tally_notes),
        opponent_check=written.opponent_check,
        hand_in=written.hand_in,
        tie_rule=written.tie_rule,
        playoff_rule=written.playoff_rule,
    )
    sources = {f"event.{key}": clause for key, clause in parsed.event.sources.items()}
    sources |= {f"words.{key}": clause for key, clause in parsed.words.sources.items()}
    sources |= {f"players.{key}": clause for key, clause in parsed.players.sources.items()}
    if parsed.movement is not None:
        sources |= {f"movement.{key}": clause for key, clause in parsed.movement.sources.items()}
    return Sheet(
        id=parsed.id,
        name=parsed.name,
        source=parsed.sheet,
        profile=profile,
        rules_from=parsed.profile if isinstance(parsed.profile, str) else parsed.profile.extends,
        preset=preset,
        max_games=parsed.event.max_games,
        words=words,
        sources=sources,
        default_for_formats=tuple(parsed.default_for_formats),
        first_on_form=parsed.first_on_form,
        builtin=builtin,
        path=path,
        text=text,
        movement=movement,
        players=SheetPlayers(
            tuple(parsed.players.seat_classes), tuple(parsed.players.prize_categories)
        ),
    )


def _hands_worth_problems(text: str, event: EventFile, profile: RuleProfile) -> list[SheetProblem]:
    """A ``hands_worth`` tie-break must look for a value a hand can give a side under the
    sheet's rules (a tie-break that can never count anything would silently do nothing)."""
    if "hands_worth" not in event.tie_breaks:
        return []
    contracts = profile.score_table if profile.defend_alone else profile.score_table[:2]
    values = sorted({abs(points) for row in contracts for points in row if points})
    if event.hands_worth_points in values:
        return []
    return [
        _problem(
            text,
            "event.hands_worth_points",
            f"no hand scores {event.hands_worth_points} under this sheet's rules, so the "
            f"hands_worth tie-break would count nothing; a hand scores "
            f"{', '.join(str(value) for value in values)}",
        )
    ]


def _unique(problems: list[SheetProblem]) -> list[SheetProblem]:
    """The problems without repeats (a key reached by two checks is listed once)."""
    seen: dict[tuple[str, str], SheetProblem] = {}
    for problem in problems:
        seen.setdefault((problem.key, problem.message), problem)
    return list(seen.values())


def _source_problems(text: str, parsed: SheetFile) -> list[SheetProblem]:
    """Every value written cites a clause; every clause belongs to a key of its table."""
    problems = []
    event, words, players = parsed.event, parsed.words, parsed.players
    tables: list[tuple[str, dict[str, str], set[str], set[str]]] = [
        ("event", event.sources, event.model_fields_set - {"sources"}, set(EVENT_KEYS)),
        ("words", words.sources, words.model_fields_set - {"sources"}, set(WORD_KEYS)),
        ("players", players.sources, players.model_fields_set - {"sources"}, set(PLAYER_KEYS)),
    ]
    if parsed.movement is not None:
        movement = parsed.movement
        written_keys = movement.model_fields_set - {"sources"}
        tables.append(("movement", movement.sources, written_keys, set(MOVEMENT_KEYS)))
    if isinstance(parsed.profile, ProfileFile):
        options = set(parsed.profile.options)
        tables.append(("profile", parsed.profile.sources, options, options))
    for table, sources, written, allowed in tables:
        for key in sorted(written - set(sources)):
            problems.append(
                _problem(
                    text,
                    f"{table}.options.{key}" if table == "profile" else f"{table}.{key}",
                    f'cite its clause in [{table}.sources] ({key} = "the sheet\'s words", '
                    f'or "{HOUSE_DEFAULT}")',
                )
            )
        for key in sorted(set(sources) - allowed):
            problems.append(
                _problem(
                    text,
                    f"{table}.sources.{key}",
                    f"cites a key that {table} does not set; set keys: "
                    f"{', '.join(sorted(written)) or 'none'}",
                )
            )
        for key, clause in sources.items():
            if not clause.strip():
                problems.append(
                    _problem(text, f"{table}.sources.{key}", f'empty; say "{HOUSE_DEFAULT}"')
                )
    return problems


def _profile_of(parsed: SheetFile, origin: str) -> RuleProfile:
    if isinstance(parsed.profile, str):
        base = load_profile(parsed.profile)
        if parsed.profile == parsed.id:
            return base
        return replace(base, id=parsed.id, name=parsed.name)
    inline = parsed.profile
    built = profile_from_mapping(
        {
            "id": parsed.id,
            "name": parsed.name,
            "extends": inline.extends,
            "options": inline.options,
        },
        origin=origin,
    )
    inherited = {
        key: f"{inline.extends}: {clause}"
        for key, clause in load_profile(inline.extends).sources.items()
    }
    return replace(built, sources=inherited | inline.sources)


def _preset_of(event: EventFile) -> dict[str, Any]:
    written = event.model_fields_set - {"sources", "max_games"}
    preset: dict[str, Any] = {}
    for key in EVENT_KEYS:
        if key not in written:
            continue
        value = getattr(event, key)
        if key == "prizes":
            schedule = value if isinstance(value, PrizeScheduleFile) else None
            value = (schedule or PrizeScheduleFile(tiers=value)).table()
        elif key == "tie_breaks":
            value = tuple(value)
        elif key == "format_options":
            value = dict(value)
        preset[key] = value
    return preset


def _preset_problems(text: str, parsed: SheetFile, preset: dict[str, Any]) -> list[SheetProblem]:
    """What pydantic cannot see: the games against the cap, and the event as a whole."""
    problems = []
    cap = parsed.event.max_games
    if cap is not None and parsed.event.rounds > cap:
        problems.append(
            _problem(
                text, "event.rounds", f"{parsed.event.rounds} games is more than max_games ({cap})"
            )
        )
    try:
        EventConfig(name=parsed.id, profile_id=parsed.id, **preset)
    except SheetKeyError as error:
        problems.append(_problem(text, error.key, str(error)))
    except (TournamentError, TypeError, ValueError) as error:
        problems.append(_problem(text, "event", str(error)))
    return problems


_PRESET_CHECKS: list[Callable[[str, Mapping[str, Any]], list[SheetKeyError]]] = []


def on_check_preset(check: Callable[[str, Mapping[str, Any]], list[SheetKeyError]]) -> None:
    """Have ``check(format, format_options)`` run on every sheet's event (the formats know
    their options; they register here, so this module needs not import them). It returns a
    :class:`SheetKeyError` naming the dotted key at fault for each problem."""
    _PRESET_CHECKS.append(check)


MovementCheck = Callable[[str, MovementSpec, Sequence[str]], list[tuple[str, str]]]
"""``check(format, movement, seat_classes)``: each ``(dotted key, message)`` the format cannot
do of the sheet's movement."""
_MOVEMENT_CHECKS: list[MovementCheck] = []


def on_check_movement(check: MovementCheck) -> None:
    """Have ``check`` run on every sheet's ``[movement]`` (the formats register it)."""
    _MOVEMENT_CHECKS.append(check)


# --- the sheets in use --------------------------------------------------------------------

_USER: dict[str, Sheet] = {}


def _read_builtin() -> dict[str, Sheet]:
    found = []
    for entry in resources.files("euchre.tournament.sheet_files").iterdir():
        if entry.name.endswith(".toml"):
            found.append(
                parse_sheet(
                    entry.read_text(encoding="utf-8"),
                    origin=f"built-in {entry.name!r}",
                    builtin=True,
                    path=entry.name,
                )
            )
    found.sort(key=lambda sheet: (sheet.source, sheet.id))
    return {sheet.id: sheet for sheet in found}


_BUILTIN: dict[str, Sheet] = {}


def builtin_sheets() -> dict[str, Sheet]:
    """The sheets shipped with the program, by id (in the order of their documents)."""
    if not _BUILTIN:
        _BUILTIN.update(_read_builtin())
    return _BUILTIN


def user_sheets() -> dict[str, Sheet]:
    """The club sheets in use (from the user sheets folder), by id."""
    return dict(_USER)


def all_sheets() -> dict[str, Sheet]:
    """Every sheet in use: the built-in ones, then the clubs'."""
    return builtin_sheets() | _USER


def use_user_sheets(sheets: Iterable[Sheet]) -> None:
    """Make ``sheets`` the club sheets in use (replacing the previous ones) and register
    their profiles with the engine. The new sheets and profiles are in place before the old
    ones go, so a request reading a sheet meanwhile never finds it missing."""
    global _USER
    taken = builtin_sheets()
    chosen = {}
    for sheet in sheets:
        if sheet.id in taken or sheet.id in BUILTIN_PROFILES:
            raise TournamentError(f"sheet id {sheet.id!r} is a built-in sheet's; pick another")
        chosen[sheet.id] = sheet
    for sheet in chosen.values():
        register_profile(sheet.profile)
    gone = set(_USER) - set(chosen)
    _USER = chosen
    for sheet_id in gone:
        forget_profile(sheet_id)


def get_sheet(sheet_id: str) -> Sheet | None:
    """The sheet ``sheet_id`` (also its profile's id), or None."""
    return all_sheets().get(sheet_id)


def find_sheet(sheet_id: str) -> Sheet:
    """The sheet ``sheet_id``; raises :class:`TournamentError` naming the known ones."""
    sheet = get_sheet(sheet_id)
    if sheet is None:
        raise TournamentError(f"unknown sheet {sheet_id!r}; sheets: {', '.join(all_sheets())}")
    return sheet


def sheet_words(profile_id: str) -> SheetWords:
    """The words of the sheet behind ``profile_id`` (the house's plain ones for a profile no
    sheet plays)."""
    sheet = get_sheet(profile_id)
    return sheet.words if sheet is not None else SheetWords()


def sheet_players(profile_id: str) -> SheetPlayers:
    """What the players carry under the sheet behind ``profile_id`` (nothing for a profile
    no sheet plays)."""
    sheet = get_sheet(profile_id)
    return sheet.players if sheet is not None else SheetPlayers()


def max_games(profile_id: str) -> tuple[int, str] | None:
    """The sheet's cap on an event's games and its clause, or None."""
    sheet = get_sheet(profile_id)
    if sheet is None or sheet.max_games is None:
        return None
    return sheet.max_games, sheet.clause("event.max_games")


def default_sheet_for(format_name: str) -> str:
    """The sheet a format is played under unless told otherwise (its ``default_for_formats``)."""
    for sheet in all_sheets().values():
        if format_name in sheet.default_for_formats:
            return sheet.id
    raise TournamentError(f"no sheet plays format {format_name!r} by default")


def form_sheet() -> str:
    """The sheet the director's new-event form starts on: the last in use that says
    ``first_on_form`` (a club's sheet comes after the built-in ones), else the first."""
    sheets = list(all_sheets().values())
    chosen = [sheet.id for sheet in sheets if sheet.first_on_form]
    return chosen[-1] if chosen else sheets[0].id


class _Presets(Mapping[str, Mapping[str, Any]]):
    """Each sheet's event settings by sheet id, live over the sheets in use."""

    def __getitem__(self, key: str) -> Mapping[str, Any]:
        sheet = get_sheet(key)
        if sheet is None:
            raise KeyError(key)
        return sheet.preset

    def __iter__(self) -> Iterator[str]:
        return iter(all_sheets())

    def __len__(self) -> int:
        return len(all_sheets())


PRESETS: Mapping[str, Mapping[str, Any]] = _Presets()
"""Each sheet's own event settings (by sheet id, which is its profile id): format, rounds,
prizes, side pot: only what the sheet file sets."""
