"""A loaded, checked sheet (:class:`Sheet`) and what it carries: its own words
(:class:`SheetWords`) and what its players carry (:class:`SheetPlayers`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from euchre.engine.profile import RuleProfile, load_profile
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import PrizeTable
from euchre.tournament.movement_spec import MovementSpec
from euchre.tournament.sheet_schema import EVENT_KEYS, MOVEMENT_KEYS, PLAYER_KEYS, EventFile

__all__ = [
    "HOUSE_DEFAULT",
    "WORD_KEYS",
    "Sheet",
    "SheetPlayers",
    "SheetWords",
    "check_player_classes",
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
    three_handed: str = ""
    """How the sheet scores a table of three (``sit_outs = "tables_of_three"``), on that
    table's phones and tally sheet; empty: the default cutthroat sentence
    (:data:`euchre.tournament.tables_of_three.THREE_HANDED_RULE`)."""


WORD_KEYS: tuple[str, ...] = tuple(item.name for item in fields(SheetWords))
"""The keys of a sheet file's ``[words]`` table."""


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


@dataclass(frozen=True)
class SheetPlayers:
    """What a sheet's players carry (its ``[players]`` table): the seat classes and prize
    categories it names, each empty when the sheet names none."""

    seat_classes: tuple[str, ...] = ()
    prize_categories: tuple[str, ...] = ()
    stationary_seat: bool = False
    """A player may ask for the movement's stationary seat (``[players] stationary_seat``)."""


def check_stationary_request(players: SheetPlayers, stationary: bool) -> None:
    """Refuse, in words, a request for the stationary seat under a sheet that takes none."""
    if stationary and not players.stationary_seat:
        raise TournamentError(
            "the event's sheet takes no request for the stationary seat (its players table "
            "does not say stationary_seat = true); leave the request out"
        )


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
        base = self.profile.options() if same else load_profile(self.rules_from).options()
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
