"""Rule profiles: every variant of the five rule sheets as a named, validated option.

A :class:`RuleProfile` is frozen. Built-in profiles are the ``[profile]`` tables of the
built-in sheet files (:data:`BUILTIN_SHEET_FILES`), which give every option explicitly, each
with the sheet clause it comes from (or, where no clause decides it, "house default: ..."
citing none). A user profile is a TOML file that ``extends`` a
built-in and overrides some options.
Unknown keys, bad values and impossible combinations raise :class:`RuleProfileError` naming
the key.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from euchre.engine.choices import (
    AllPass,
    BidOutOfTurn,
    CountedHands,
    DealerPartnerAlone,
    DealStyle,
    ExposedCard,
    FirstDealerJack,
    GameEnd,
    GameTie,
    LeadBeforeDiscard,
    LeadOutOfTurn,
    LoneHandLead,
    PartnerOfLonerPlays,
    Renege,
    TableTalk,
    TurnedDownSuitBid,
    TwoRenegesInTrick,
    WrongDealer,
    WrongNumberOfCards,
)
from euchre.engine.errors import RuleProfileError

__all__ = [
    "BUILTIN_PROFILES",
    "BUILTIN_SHEET_FILES",
    "OPTION_SPECS",
    "PLAY_OPTIONS",
    "SCORE_TABLE_OPTIONS",
    "Contract",
    "OptionSpec",
    "RuleProfile",
    "forget_profile",
    "load_profile",
    "load_profile_file",
    "profile_from_mapping",
    "register_profile",
    "registered_profiles",
]


BUILTIN_SHEET_FILES: tuple[str, ...] = ("tournament", "sheet_files")
"""Where the built-in rule sheets' files are, under the ``euchre`` package. A built-in sheet is
one file: its ``[profile]`` table holds the rules its hands are played by. The engine reads
only each file's ``id``, ``name``, ``sheet`` and ``[profile]``, as data: it imports nothing of
the tournament layer, which reads the rest of the file (``euchre.tournament.sheets``)."""


def _sheet_files() -> dict[str, Mapping[str, Any]]:
    """Each built-in sheet file's parsed TOML, by the sheet's id."""
    folder = resources.files("euchre").joinpath(*BUILTIN_SHEET_FILES)
    found: dict[str, Mapping[str, Any]] = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            found[str(data.get("id", entry.name.removesuffix(".toml")))] = data
    return found


_SHEET_FILES = _sheet_files()


def _builtin_profile_ids() -> tuple[str, ...]:
    """The shipped profiles' ids in their rule sheets' order (the sheet file each names, then
    the id: the tournament sheet's progressive game before its partners game)."""
    found = [(str(data.get("sheet", "")), sheet_id) for sheet_id, data in _SHEET_FILES.items()]
    return tuple(profile_id for _, profile_id in sorted(found))


BUILTIN_PROFILES: tuple[str, ...] = _builtin_profile_ids()
"""Ids of the built-in profiles: one per built-in sheet file (its ``[profile]`` table), by
the sheet's id. Which sheet plays which profile, and everything else a sheet says, is the
sheet files' business (``euchre.tournament.sheets``)."""

_REGISTERED: dict[str, RuleProfile] = {}


def _option(
    default: Any,
    doc: str,
    *,
    affects_play: bool = False,
    maximum: int | None = None,
    bool_aliases: tuple[StrEnum, StrEnum] | None = None,
) -> Any:
    """A profile option: its default, documentation and whether it changes play (legal
    actions, what they do, or the hand's score from its tricks). An option whose default is a
    ``StrEnum`` member takes exactly that enum's values; a whole number is 0 or more, and at
    most ``maximum`` where one is given. ``bool_aliases`` (the values ``false`` and ``true``
    stand for) keeps the files of an option that was once true or false meaning what they
    said."""
    choices = tuple(type(default)) if isinstance(default, StrEnum) else None
    return field(
        default=default,
        metadata={
            "doc": doc,
            "choices": choices,
            "affects_play": affects_play,
            "maximum": maximum,
            "bool_aliases": bool_aliases,
        },
    )


class Contract(enum.IntEnum):
    """The rows of a profile's score table: who plays the hand."""

    PARTNERS = 0
    """The makers play as partners."""
    ALONE = 1
    """The maker goes alone against both defenders."""
    DEFENDED_ALONE = 2
    """The maker goes alone and one defender defends alone."""


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """A complete, validated set of rules for dealing, bidding, playing and scoring.

    Every field is an option; its metadata holds its documentation and allowed values, and
    ``sources`` maps each option to the sheet clause it comes from.
    """

    id: str
    name: str
    sheet: str
    sources: Mapping[str, str]

    # --- cards, deal, first dealer -------------------------------------------------------
    first_dealer_jack: FirstDealerJack = _option(
        FirstDealerJack.ANY,
        "Which jack, dealt face up, makes its receiver the first dealer: 'any' or 'black'.",
    )
    deal_style: DealStyle = _option(
        DealStyle.TWOS_AND_THREES,
        "How the five cards are dealt: 'one_at_a_time', 'twos_and_threes', or "
        "'dealers_choice' (dealt 2-3 digitally; the sheet lets the dealer choose).",
    )
    cut_by_right: bool = _option(
        True, "The player on the dealer's right cuts the shuffled pack before the deal."
    )

    # --- making trump --------------------------------------------------------------------
    dealer_needs_other_trump: bool = _option(
        False,
        "The dealer may pick up the up-card himself only while holding another card of its "
        "suit (the left bower does not count). Being ordered up is not restricted.",
        affects_play=True,
    )
    dealer_partner_must_go_alone: DealerPartnerAlone = _option(
        DealerPartnerAlone.NEVER,
        "When the dealer's partner who makes trump must go alone: 'never'; 'order_or_call' "
        "(he orders the up-card in round 1 or names a suit in round 2); 'order_up' (only when "
        "he orders the dealer up in round 1; in round 2 he may name a suit with his partner). "
        "When he orders alone the dealer sits out (no pick-up, no discard). true is "
        "'order_or_call' and false is 'never', as the option was once written.",
        affects_play=True,
        bool_aliases=(DealerPartnerAlone.NEVER, DealerPartnerAlone.ORDER_OR_CALL),
    )
    dealer_may_discard_up_card: bool = _option(
        True,
        "The dealer who picks up the up-card may discard it again (false: he discards another "
        "card from his hand).",
        affects_play=True,
    )
    natural_trump: bool = _option(
        False,
        "To order up (or pick up) in round 1 a player must hold a card of the up-card's suit "
        "(the left bower counts as that suit).",
        affects_play=True,
    )
    all_pass: AllPass = _option(
        AllPass.STICK_THE_DEALER,
        "When all four pass in round 2: 'stick_the_dealer' (the dealer must name a suit) or "
        "'throw_in' (the hand is thrown in and the deal passes).",
        affects_play=True,
    )
    turned_down_suit_bid: TurnedDownSuitBid = _option(
        TurnedDownSuitBid.REJECTED,
        "Naming the turned-down suit in round 2: 'rejected' (never legal) or 'forfeit_bid' "
        "(an irregularity: that team loses its right to bid this hand).",
    )
    going_alone: bool = _option(
        True, "A maker may go alone (his partner sits out).", affects_play=True
    )
    defend_alone: bool = _option(
        False,
        "After a lone call, an opponent who bids after the lone caller and has not passed may "
        "defend alone (so only after a round-1 order: in round 2 everyone has passed); both "
        "partners then sit out.",
        affects_play=True,
    )
    lone_hand_lead: LoneHandLead = _option(
        LoneHandLead.LEFT_OF_DEALER,
        "Who leads the first trick of a lone hand: 'left_of_dealer' (the player on the "
        "dealer's left, as in every hand; the next seat in play when he sits out) or "
        "'left_of_loner' (the player on the lone caller's left, the next seat in play when a "
        "lone defender's partner sits there; house option: online sites' recorded finals).",
        affects_play=True,
    )
    farmers_hand_redeal: bool = _option(
        False,
        "A hand of only nines and tens dealt to anyone voids the deal; the same dealer redeals.",
        affects_play=True,
    )
    fold_without_ace_face_trump: bool = _option(
        False,
        "After trump is fixed, a player with no ace, no face card (K, Q, J) and no trump may "
        "fold; the same dealer deals a new hand.",
        affects_play=True,
    )
    going_under: bool = _option(
        False,
        "Before bidding, a player holding only nines and tens may swap three cards with the "
        "kitty's bottom three.",
        affects_play=True,
    )

    # --- scoring one hand ----------------------------------------------------------------
    points_made: int = _option(1, "Makers take 3 or 4 tricks.", affects_play=True)
    points_march: int = _option(2, "Makers take all 5 tricks.", affects_play=True)
    points_lone_made: int = _option(1, "A lone hand takes 3 or 4 tricks.", affects_play=True)
    points_lone_march: int = _option(4, "A lone hand takes all 5 tricks.", affects_play=True)
    points_euchre: int = _option(
        2, "Defenders take 3 or more tricks (the makers are euchred).", affects_play=True
    )
    points_euchre_all_five: int = _option(2, "Defenders take all 5 tricks.", affects_play=True)
    points_euchre_lone: int = _option(2, "Defenders euchre a lone hand.", affects_play=True)
    points_defend_alone: int = _option(
        4,
        "Lone maker against a lone defender: the side that takes 3 or more scores this.",
        affects_play=True,
    )
    individual_lone_march_maker: int = _option(
        4,
        "Progressive events: points to the lone maker for a lone march.",
        affects_play=True,
    )
    individual_lone_march_partner: int = _option(
        4,
        "Progressive events: points to the lone maker's partner for a lone march.",
        affects_play=True,
    )

    # --- the game ------------------------------------------------------------------------
    # A game's length is bounded here once, for every door (sheet files, profile files, the
    # play API): no club plays a game of more than 100 hands or to more than 100 points.
    game_target: int = _option(
        0,
        "Points that win the game, at most 100 (0: no target; the game is a fixed number of "
        "hands).",
        maximum=100,
    )
    game_hands: int = _option(
        0,
        "Counted hands in a game, at most 100 (0: no fixed number; the game is played to the "
        "target).",
        maximum=100,
    )
    game_end: GameEnd = _option(
        GameEnd.TARGET_OR_HANDS,
        "What ends a game: 'target_or_hands' (game_target points or game_hands counted "
        "hands, whichever comes first) or 'bell' (a club's 'games to the bell': no target "
        "and no number of hands, both 0; the game ends when the round's bell rings, so the "
        "sheet's event needs a round length, round_minutes more than 0).",
    )
    counted_hands: CountedHands = _option(
        CountedHands.COMPLETED,
        "Which hands count toward game_hands: 'completed' (every hand played to a score; "
        "misdeals, redeals and thrown-in hands never count) or 'scoring_only' (only hands "
        "in which a team scores).",
    )
    game_tie: GameTie = _option(
        GameTie.TIE,
        "A fixed-length game that ends level: 'tie' (left to the event format), "
        "'first_to_tying_score' (the team that reached the tying score first wins) or "
        "'extra_hand' (a club's 'a tied round is decided by one extra hand, not scored': one "
        "more hand is played; the team that would score on it wins the game, its points "
        "never count; a hand nobody scores on is followed by another).",
    )
    question_pile: bool = _option(
        False, "After each trick the winners ask a question from the question pile."
    )

    # --- irregularities ------------------------------------------------------------------
    renege: Renege = _option(
        Renege.PENALTY,
        "A renege: 'penalty' (the renege options below apply) or 'not_covered' (the sheet "
        "has no renege rule: the director decides).",
    )
    two_reneges_in_trick: TwoRenegesInTrick = _option(
        TwoRenegesInTrick.NOT_COVERED,
        "Two players renege in one trick: 'first_only' (the penalty is against the first "
        "renege, the second is cancelled) or 'not_covered'.",
    )
    renege_points: int = _option(2, "Proven renege: points to the non-offending team.")
    renege_points_loner: int = _option(
        2, "Proven renege during a lone hand: points to the non-offending team."
    )
    renege_ends_hand: bool = _option(
        True,
        "A proven renege ends the hand (the offenders lose their bid). If false, the deal is "
        "scored as played, the offenders score nothing and the other team adds the penalty.",
    )
    renege_unproven_points: int = _option(
        0, "A renege alleged but not proven: points to the falsely accused team."
    )
    renege_corrected_before_turned: bool = _option(
        True, "A renege corrected before its trick is turned and quitted carries no penalty."
    )
    bid_out_of_turn: BidOutOfTurn = _option(
        BidOutOfTurn.PENALTY,
        "'penalty' (play stops; the other team scores, or may void the bid and call alone) or "
        "'revert' (the bid is cancelled, the turn reverts, no penalty).",
    )
    bid_out_of_turn_points: int = _option(2, "Points for a bid out of turn under 'penalty'.")
    lead_out_of_turn: LeadOutOfTurn = _option(
        LeadOutOfTurn.PENALTY,
        "'penalty' (play stops; the other team scores) or 'penalty_card' (the lead reverts; "
        "the card is played at the first legal chance).",
    )
    lead_out_of_turn_points: int = _option(2, "Points for a lead out of turn.")
    lead_out_of_turn_points_loner: int = _option(
        2, "Points for a lead out of turn against a lone call."
    )
    table_talk: TableTalk = _option(
        TableTalk.WARNING_THEN_LOSE_BID,
        "'warning_then_point' (after a warning, opponents score), 'warning_then_lose_bid' "
        "(after a warning, the team loses its right to bid and the opponents score), or "
        "'disqualification'.",
    )
    table_talk_points: int = _option(2, "Points to the opponents for table talk after a warning.")
    dealer_fails_to_discard_points: int = _option(
        0, "Dealer fails to discard: points to the opponents, and the deal passes (0: not covered)."
    )
    dealer_fails_to_discard_points_loner: int = _option(
        0, "As above when the opponents called alone."
    )
    wrong_number_of_cards: WrongNumberOfCards = _option(
        WrongNumberOfCards.REDEAL,
        "'redeal' (misdeal: the same dealer redeals), 'redeal_before_lead_else_pass' (before "
        "the first lead the same dealer redeals; after it the hand is void and the deal passes) "
        "or 'pass_once_card_turned' (LVEA: 'A misdealer who has turned a card loses the deal "
        "to the left': before the up-card is turned the same dealer redeals; once it is turned "
        "the hand is void and the deal passes to the left).",
    )
    exposed_card: ExposedCard = _option(
        ExposedCard.NOT_COVERED,
        "A card exposed from a hand: 'played' (a card laid or exposed is played), "
        "'penalty_card' (played at the first legal chance, no value, cannot win a trick) or "
        "'not_covered'.",
    )

    lead_before_discard: LeadBeforeDiscard = _option(
        LeadBeforeDiscard.NOT_COVERED,
        "First seat leads before the dealer discards: 'dead_card' (the card stays, has no "
        "value, first seat cannot win that trick, the lead passes to second seat) or "
        "'not_covered'.",
    )
    partner_of_loner_plays: PartnerOfLonerPlays = _option(
        PartnerOfLonerPlays.NOT_COVERED,
        "The partner of a lone caller plays a card: 'cancel_loner' (the hand is played as a "
        "normal hand) or 'not_covered'.",
    )
    wrong_dealer: WrongDealer = _option(
        WrongDealer.NOT_COVERED,
        "Cards dealt by the wrong player: 'stands_after_first_trick' (found after the first "
        "trick, the deal stands) or 'not_covered'.",
    )

    score_table: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """The hand's score as data, by :class:`Contract` then the makers' tricks 0..5: the
    makers' signed points (positive: the makers score that many; otherwise the defenders
    score its negation). Built from the ``points_*`` options; every engine, the solver and
    the bots read it (:func:`euchre.engine.rules.hand_score`)."""

    def __post_init__(self) -> None:
        def row(made: int, march: int, euchre: int) -> tuple[int, ...]:
            all_five = max(self.points_euchre_all_five, euchre)
            return (-all_five, -euchre, -euchre, made, made, march)

        defended = self.points_defend_alone
        table = (
            row(self.points_made, self.points_march, self.points_euchre),
            row(self.points_lone_made, self.points_lone_march, self.points_euchre_lone),
            (-defended, -defended, -defended, defended, defended, defended),
        )
        object.__setattr__(self, "score_table", table)

    @property
    def individual_scoring(self) -> bool:
        """True when lone-march points differ between the maker and his partner."""
        return self.individual_lone_march_maker != self.individual_lone_march_partner

    def max_hand_points(self) -> int:
        """The most points one team can score on one hand under this profile."""
        contracts = self.score_table if self.defend_alone else self.score_table[:2]
        return max(abs(points) for row in contracts for points in row)

    def replace(self, **options: Any) -> RuleProfile:
        """A copy with some options overridden (validated; sources say 'override')."""
        merged = {name: getattr(self, name) for name in OPTION_SPECS}
        sources = dict(self.sources)
        for name, value in options.items():
            if name not in OPTION_SPECS:
                raise RuleProfileError(_unknown_key_message(name))
            merged[name] = value
            sources[name] = "override"
        return _build(self.id, self.name, self.sheet, merged, sources)

    def options(self) -> dict[str, Any]:
        """Every option's value by name."""
        return {name: getattr(self, name) for name in OPTION_SPECS}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """The documentation and allowed values of one profile option."""

    name: str
    kind: type
    """``bool``, ``int``, or the option's ``StrEnum`` of allowed values."""
    default: Any
    doc: str
    choices: tuple[StrEnum, ...] | None
    affects_play: bool
    """True when the option changes play from a given deal: which actions are legal, what
    they do, or the hand's score from its tricks (the engines must agree on it; the kernel
    equivalence test tries every value of every such option)."""
    maximum: int | None = None
    """The largest value a whole-number option allows (None: no bound but 0 or more)."""
    bool_aliases: tuple[StrEnum, StrEnum] | None = None
    """For a choice that was once true or false: the values ``false`` and ``true`` mean."""


_META_FIELDS = ("id", "name", "sheet", "sources", "score_table")

OPTION_SPECS: dict[str, OptionSpec] = {
    spec.name: OptionSpec(
        name=spec.name,
        kind=type(spec.default),
        default=spec.default,
        doc=spec.metadata["doc"],
        choices=spec.metadata["choices"],
        affects_play=spec.metadata["affects_play"],
        maximum=spec.metadata["maximum"],
        bool_aliases=spec.metadata["bool_aliases"],
    )
    for spec in dataclasses.fields(RuleProfile)
    if spec.name not in _META_FIELDS
}
"""Every option of :class:`RuleProfile`, in declaration order."""

SCORE_TABLE_OPTIONS: tuple[str, ...] = (
    "points_made",
    "points_march",
    "points_lone_made",
    "points_lone_march",
    "points_euchre",
    "points_euchre_all_five",
    "points_euchre_lone",
    "points_defend_alone",
)
"""The options :attr:`RuleProfile.score_table` is built from."""

PLAY_OPTIONS: tuple[str, ...] = tuple(
    name for name, spec in OPTION_SPECS.items() if spec.affects_play
)
"""The options that change play from a given deal (``affects_play`` in their metadata)."""


def _unknown_key_message(name: str) -> str:
    import difflib

    close = difflib.get_close_matches(name, OPTION_SPECS, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown profile option {name!r}{hint}"


def _unalias(name: str, value: Any) -> Any:
    """``value`` with a true or false written for a choice that was once a flag replaced by
    the choice it means (any other value unchanged)."""
    aliases = OPTION_SPECS[name].bool_aliases if name in OPTION_SPECS else None
    if aliases is not None and isinstance(value, bool):
        return aliases[int(value)]
    return value


def _check_value(name: str, value: Any) -> None:
    spec = OPTION_SPECS[name]
    if spec.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise RuleProfileError(f"profile option {name!r} must be an integer, got {value!r}")
    if spec.kind is bool and not isinstance(value, bool):
        raise RuleProfileError(f"profile option {name!r} must be true or false, got {value!r}")
    if spec.choices is not None and not isinstance(value, str):
        raise RuleProfileError(f"profile option {name!r} must be a string, got {value!r}")
    if spec.choices is not None and value not in spec.choices:
        allowed = ", ".join(repr(str(choice)) for choice in spec.choices)
        raise RuleProfileError(f"profile option {name!r} is {value!r}; allowed: {allowed}")
    if spec.kind is int and value < 0:
        raise RuleProfileError(f"profile option {name!r} must not be negative, got {value}")
    if spec.maximum is not None and value > spec.maximum:
        raise RuleProfileError(
            f"profile option {name!r} must be from 0 to {spec.maximum}, not {value}"
        )


def _check_combinations(options: Mapping[str, Any]) -> None:
    if options["game_end"] == GameEnd.BELL:
        # A game to the bell has no length of its own: a target or a number of hands as
        # well would leave two rules for when it ends.
        set_too = [name for name in ("game_target", "game_hands") if options[name]]
        if set_too:
            shown = ", ".join(f"{name} = {options[name]}" for name in set_too)
            raise RuleProfileError(
                f"profile option 'game_end' = 'bell' plays each game until the round's bell, "
                f"but {shown}: a game to the bell has no target or number of hands (set "
                "game_target = 0 and game_hands = 0)"
            )
    elif options["game_target"] == 0 and options["game_hands"] == 0:
        raise RuleProfileError(
            "profile option 'game_target' and 'game_hands' are both 0: a game needs a target "
            "score or a fixed number of hands (or game_end = 'bell' for games to the bell)"
        )
    if options["farmers_hand_redeal"] and options["going_under"]:
        raise RuleProfileError(
            "profile option 'going_under' cannot be combined with 'farmers_hand_redeal': a "
            "farmer's hand cannot both void the deal and swap with the kitty"
        )
    if options["dealer_partner_must_go_alone"] != "never" and not options["going_alone"]:
        raise RuleProfileError(
            "profile option 'dealer_partner_must_go_alone' needs 'going_alone' to be true"
        )
    if options["defend_alone"] and not options["going_alone"]:
        raise RuleProfileError("profile option 'defend_alone' needs 'going_alone' to be true")
    if options["lone_hand_lead"] == LoneHandLead.LEFT_OF_LONER:
        if not options["going_alone"]:
            raise RuleProfileError(
                "profile option 'lone_hand_lead' = 'left_of_loner' needs 'going_alone' to be true"
            )
        if options["lead_before_discard"] != LeadBeforeDiscard.NOT_COVERED:
            raise RuleProfileError(
                "profile option 'lone_hand_lead' = 'left_of_loner' cannot be combined with "
                f"'lead_before_discard' = {str(options['lead_before_discard'])!r}: that rule "
                "moves the first seat's lead, and under 'left_of_loner' the first seat may not "
                "lead"
            )
    for low, high in (
        ("points_made", "points_march"),
        ("points_lone_made", "points_lone_march"),
        ("points_euchre", "points_euchre_all_five"),
    ):
        if options[low] > options[high]:
            raise RuleProfileError(
                f"profile option {low!r} ({options[low]}) exceeds {high!r} ({options[high]}): "
                "taking more tricks can never score less"
            )
    if options["points_made"] == 0:
        raise RuleProfileError("profile option 'points_made' must be at least 1")


def _build(
    profile_id: str,
    name: str,
    sheet: str,
    options: Mapping[str, Any],
    sources: Mapping[str, str],
) -> RuleProfile:
    options = {key: _unalias(key, value) for key, value in options.items()}
    for key in options:
        if key not in OPTION_SPECS:
            raise RuleProfileError(_unknown_key_message(key))
        _check_value(key, options[key])
    missing = [key for key in OPTION_SPECS if key not in options]
    if missing:
        raise RuleProfileError(f"profile {profile_id!r} leaves option {missing[0]!r} unset")
    _check_combinations(options)
    typed = {
        key: OPTION_SPECS[key].kind(value) if OPTION_SPECS[key].choices else value
        for key, value in options.items()
    }
    return RuleProfile(id=profile_id, name=name, sheet=sheet, sources=dict(sources), **typed)


def profile_from_mapping(data: Mapping[str, Any], *, origin: str = "profile") -> RuleProfile:
    """Build a profile from parsed TOML.

    A built-in gives every option in ``[options]`` and a clause for each in ``[sources]``. A
    user profile names ``extends = "<built-in id>"`` and overrides what it lists.
    """
    allowed_top = {"id", "name", "sheet", "extends", "options", "sources"}
    for key in data:
        if key not in allowed_top:
            raise RuleProfileError(
                f"{origin}: unknown top-level key {key!r}; "
                f"allowed: {', '.join(sorted(allowed_top))}"
            )
    profile_id = data.get("id")
    if not isinstance(profile_id, str) or not profile_id:
        raise RuleProfileError(f"{origin}: key 'id' must be a non-empty string")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RuleProfileError(f"{origin}: key 'options' must be a table")
    sources = data.get("sources", {})
    if not isinstance(sources, Mapping):
        raise RuleProfileError(f"{origin}: key 'sources' must be a table")
    extends = data.get("extends")
    if extends is None:
        for key in options:
            if key not in OPTION_SPECS:
                raise RuleProfileError(f"{origin}: {_unknown_key_message(key)}")
        for key in OPTION_SPECS:
            if key not in sources:
                raise RuleProfileError(f"{origin}: option {key!r} has no entry in [sources]")
        return _build(
            profile_id,
            str(data.get("name", profile_id)),
            str(data.get("sheet", "")),
            options,
            sources,
        )
    if not isinstance(extends, str):
        raise RuleProfileError(f"{origin}: key 'extends' must be a profile id")
    base = load_profile(extends)
    for key in options:
        if key not in OPTION_SPECS:
            raise RuleProfileError(f"{origin}: {_unknown_key_message(key)}")
    merged = base.options() | dict(options)
    merged_sources = dict(base.sources) | {key: f"{origin} (extends {extends})" for key in options}
    return _build(profile_id, str(data.get("name", profile_id)), base.sheet, merged, merged_sources)


@cache
def _builtin(profile_id: str) -> RuleProfile:
    sheet = _SHEET_FILES[profile_id]
    table = sheet.get("profile")
    origin = f"built-in sheet {profile_id!r}, [profile]"
    if isinstance(table, str):  # the sheet plays another built-in sheet's rules
        table = {"extends": table}
    if not isinstance(table, Mapping):
        raise RuleProfileError(f"{origin}: the table is missing")
    data = {
        "id": profile_id,
        "name": table.get("name", sheet.get("name", profile_id)),
        "sheet": sheet.get("sheet", ""),
    } | {key: table[key] for key in ("extends", "options", "sources") if key in table}
    return profile_from_mapping(data, origin=origin)


def load_profile(profile_id: str) -> RuleProfile:
    """A built-in profile by id (the ``[profile]`` table of a built-in sheet's file), or one
    a club's sheet file registered (:func:`register_profile`)."""
    registered = _REGISTERED.get(profile_id)
    if registered is not None:
        return registered
    if profile_id not in BUILTIN_PROFILES:
        known = [*BUILTIN_PROFILES, *_REGISTERED]
        raise RuleProfileError(f"unknown profile {profile_id!r}; profiles: {', '.join(known)}")
    return _builtin(profile_id)


def register_profile(profile: RuleProfile) -> None:
    """Make ``profile`` loadable by its id (a club's sheet file brings its own profile: the
    sheets register theirs here, the engine knows nothing of sheets). A built-in id cannot be
    taken."""
    if profile.id in BUILTIN_PROFILES:
        raise RuleProfileError(f"profile id {profile.id!r} is a built-in profile's")
    _REGISTERED[profile.id] = profile


def forget_profile(profile_id: str) -> None:
    """Undo :func:`register_profile` (nothing happens for an id never registered)."""
    _REGISTERED.pop(profile_id, None)


def registered_profiles() -> tuple[str, ...]:
    """Ids of the profiles registered beside the built-in ones."""
    return tuple(_REGISTERED)


def load_profile_file(path: str | Path) -> RuleProfile:
    """A user profile from a TOML file (it must ``extends`` a built-in profile)."""
    file_path = Path(path)
    shown = repr(str(file_path))
    try:
        data = tomllib.loads(file_path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise RuleProfileError(f"profile file {shown} does not exist") from None
    except UnicodeDecodeError as error:
        raise RuleProfileError(
            f"profile file {shown} is not UTF-8 text (a binary file?): byte "
            f"0x{error.object[error.start]:02X} at offset {error.start}"
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise RuleProfileError(f"profile file {shown} is not valid TOML: {error}") from None
    except RecursionError:
        raise RuleProfileError(f"profile file {shown} is nested too deeply") from None
    except ValueError as error:
        if "integer string conversion" not in str(error):
            raise
        raise RuleProfileError(
            f"profile file {shown} is not a profile: a number in it has more than "
            f"{sys.get_int_max_str_digits():,} digits"
        ) from None
    if "extends" not in data:
        raise RuleProfileError(
            f"profile file {str(file_path)!r}: key 'extends' is required (name a built-in "
            f"profile: {', '.join(BUILTIN_PROFILES)})"
        )
    return profile_from_mapping(data, origin=f"profile file {file_path.name!r}")


def resolve_profile(name_or_path: str, overrides: Mapping[str, Any] | None = None) -> RuleProfile:
    """A built-in id or a ``.toml`` path, with optional option overrides."""
    if name_or_path.endswith(".toml"):
        profile = load_profile_file(name_or_path)
    else:
        profile = load_profile(name_or_path)
    if overrides:
        if not isinstance(overrides, Mapping):
            raise RuleProfileError("profile_options must be an object of option names to values")
        profile = profile.replace(**overrides)
    return profile
