"""Reading a sheet file: :func:`parse_sheet` checks the whole file and lists every problem at
once (:class:`SheetError`, each :class:`SheetProblem` with its key and line), and the formats
register their own checks of a sheet's event and movement here (:func:`on_check_preset`,
:func:`on_check_movement`)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

from euchre.engine.errors import EuchreError
from euchre.engine.profile import (
    BUILTIN_PROFILES,
    OPTION_SPECS,
    RuleProfile,
    load_profile,
    profile_from_mapping,
)
from euchre.tournament.bell import bell_problem
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import FORMAT_NAMES, EventConfig
from euchre.tournament.movement_spec import MovementSpec
from euchre.tournament.sheet_model import (
    HOUSE_DEFAULT,
    WORD_KEYS,
    Sheet,
    SheetPlayers,
    SheetWords,
)
from euchre.tournament.sheet_schema import (
    EVENT_KEYS,
    MODELS_BY_TABLE,
    MOVEMENT_KEYS,
    PLAYER_KEYS,
    EventFile,
    PrizeScheduleFile,
    ProfileFile,
    SheetFile,
)

__all__ = [
    "MovementCheck",
    "SheetError",
    "SheetKeyError",
    "SheetProblem",
    "line_of",
    "on_check_movement",
    "on_check_preset",
    "parse_sheet",
]


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
            parent = MODELS_BY_TABLE.get(
                ".".join(part for part in location[:-1] if not part.isdigit())
            )
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


GAME_LENGTH_OPTIONS = ("game_end", "game_target", "game_hands")
"""The profile options that together say how long a game is."""


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
    if not isinstance(raw, Mapping):
        return []
    extends, options, sources = raw.get("extends"), raw.get("options", {}), raw.get("sources", {})
    if extends is not None and not isinstance(extends, str):
        return []
    if not isinstance(options, Mapping) or not isinstance(sources, Mapping):
        return []
    sheet_id = data.get("id") if isinstance(data.get("id"), str) else "club"

    def refused(chosen: Mapping[str, Any], *, alone: bool) -> str:
        mapping: dict[str, Any] = {"id": sheet_id, "name": sheet_id, "options": chosen}
        if extends is not None:
            mapping["extends"] = extends
        elif alone:
            # One option's value on its own, against any built-in's others.
            mapping["extends"] = BUILTIN_PROFILES[0]
        else:
            mapping["sources"] = sources
        try:
            profile_from_mapping(mapping, origin=origin)
        except EuchreError as error:
            return str(error)
        return ""

    missing = [name for name in OPTION_SPECS if name not in options]
    if extends is None and missing:
        # A club that forgot ``extends`` gets told both ways out, not a missing clause.
        shown = ", ".join(missing[:5]) + (
            f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        )
        return [
            _problem(
                text,
                "profile",
                f"a [profile] without extends is the whole profile, and this one leaves out "
                f"{shown}: name the built-in profile it changes (extends = "
                f'"ID", one of {", ".join(BUILTIN_PROFILES)}) or give '
                "every option",
            )
        ]
    whole = refused(options, alone=False)
    if not whole:
        return []
    # The options of a game's length are one rule (a game to the bell has neither target nor
    # hands): each is checked with the others the file sets, so a problem names what the club
    # wrote, not a clash with the extended profile's own length. Each problem is told once.
    length = {name: options[name] for name in GAME_LENGTH_OPTIONS if name in options}
    alone: list[SheetProblem] = []
    told: set[str] = set()
    for name, value in options.items():
        message = refused(length | {name: value} if name in length else {name: value}, alone=True)
        if message and message not in told:
            told.add(message)
            # Checked with the rest of the game's length, a problem may be another length
            # option's ('game_hands' out of bounds while 'game_target' is read): at its key.
            candidates = (name, *length) if name in length else (name,)
            named = next((other for other in candidates if f"{other!r}" in message), name)
            alone.append(_problem(text, f"profile.options.{named}", message))
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
            profile = _profile_of(parsed, origin, builtin=builtin)
        except EuchreError as error:
            problems.append(_problem(text, "profile", str(error)))
    preset = _preset_of(parsed.event)
    problems += _event_problems(text, data)
    problems += _preset_problems(text, parsed, preset)
    if profile is not None:
        problems += _hands_worth_problems(text, parsed.event, profile)
        bell = bell_problem(
            profile,
            parsed.event.round_minutes,
            game_end_key="profile.options.game_end",
            round_minutes_key="event.round_minutes",
        )
        if bell is not None:
            problems.append(_problem(text, "event.round_minutes", bell))
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
        three_handed=written.three_handed,
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
        rules_from=parsed.profile
        if isinstance(parsed.profile, str)
        else parsed.profile.extends or parsed.id,
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
            tuple(parsed.players.seat_classes),
            tuple(parsed.players.prize_categories),
            stationary_seat=parsed.players.stationary_seat,
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


def _profile_of(parsed: SheetFile, origin: str, *, builtin: bool) -> RuleProfile:
    if isinstance(parsed.profile, str):
        base = load_profile(parsed.profile)
        if parsed.profile == parsed.id:
            return base
        return replace(base, id=parsed.id, name=parsed.name)
    inline = parsed.profile
    if builtin:
        # The engine builds a built-in sheet's profile from this same table: one object.
        return load_profile(parsed.id)
    data: dict[str, Any] = {
        "id": parsed.id,
        "name": inline.name or parsed.name,
        "sheet": parsed.sheet,
        "options": inline.options,
    }
    if inline.extends is None:
        return profile_from_mapping(data | {"sources": inline.sources}, origin=origin)
    built = profile_from_mapping(data | {"extends": inline.extends}, origin=origin)
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
    prizes = parsed.event.prizes
    categories = parsed.players.prize_categories
    for index, award in enumerate(prizes.awards if isinstance(prizes, PrizeScheduleFile) else []):
        if award.category is not None and award.category not in categories:
            named = ", ".join(categories) if categories else "none"
            problems.append(
                _problem(
                    text,
                    f"event.prizes.awards.{index}.category",
                    f"{award.category!r} is not a prize category of this sheet; [players] "
                    f"prize_categories: {named}",
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
