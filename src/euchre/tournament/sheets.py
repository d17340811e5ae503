"""Rule sheets as files: one TOML file holds everything a club's sheet decides.

A sheet file names its rule profile (a built-in id, or a ``[profile]`` table that extends
one), its event (``[event]``: format and options, games, prizes by table count, the euchred
cup, tie rules, sit-out scoring), its own words for phones and printouts (``[words]``) and
what its players carry (``[players]``: a seat class, a prize category).
Every value cites its clause in the table's ``sources`` (or says "house default"). The five
built-in sheets are files in ``euchre/tournament/sheet_files/``; a club adds its own to the user
sheets folder (see ``docs/sheets.md``). Nothing else in the code names a sheet: the event
presets, the cap on games, the words and the sheet a format plays under by default are all
looked up here.

A sheet's id is also its profile's id (the id an event stores): a sheet whose profile is
another sheet's, or an inline ``[profile]``, registers a profile under its own id.

The file's schema is ``sheet_schema.py``, its checking ``sheet_parse.py``, the loaded sheet
``sheet_model.py``; this module keeps the sheets in use and re-exports the public names.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from typing import Any

from euchre.engine.profile import (
    BUILTIN_PROFILES,
    BUILTIN_SHEET_FILES,
    forget_profile,
    register_profile,
)
from euchre.tournament.errors import TournamentError
from euchre.tournament.sheet_model import (
    HOUSE_DEFAULT,
    WORD_KEYS,
    Sheet,
    SheetPlayers,
    SheetWords,
    check_player_classes,
    check_stationary_request,
)
from euchre.tournament.sheet_parse import (
    SheetError,
    SheetKeyError,
    SheetProblem,
    line_of,
    on_check_movement,
    on_check_preset,
    parse_sheet,
)
from euchre.tournament.sheet_schema import EVENT_KEYS, PLAYER_KEYS

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
    "check_stationary_request",
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


# --- the sheets in use --------------------------------------------------------------------

_USER: dict[str, Sheet] = {}


def _read_builtin() -> dict[str, Sheet]:
    found = []
    for entry in resources.files("euchre").joinpath(*BUILTIN_SHEET_FILES).iterdir():
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
