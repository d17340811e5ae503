"""The closed sets the tournament core's data names (formats, sit-out scoring, tie-breaks,
penalty kinds, ...), each a :class:`~euchre.tournament.codec.Choice` read from its text with a
refusal in words, and the annotated field types :mod:`euchre.tournament.model` declares its
fields with (``FormatText``: a format read from and written as its name)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from euchre.engine.irregularities import Irregularity
from euchre.tournament.codec import AS_TEXT, Choice, one_of
from euchre.tournament.errors import TournamentError

__all__ = [
    "FORMAT_NAMES",
    "PENALTY_KINDS",
    "PRIZE_TIES",
    "SIDE_POT_QUALIFICATION",
    "SIT_OUT_SCORING",
    "TIE_BREAKS",
    "ChatMode",
    "ChatModeText",
    "ComputerGames",
    "ComputerGamesText",
    "FallbackText",
    "FormatName",
    "FormatText",
    "KindText",
    "PenaltyKind",
    "PrizeTies",
    "PrizeTiesText",
    "QualificationText",
    "SidePotFallback",
    "SidePotQualification",
    "SitOutScoring",
    "SitOutText",
    "Stage",
    "StageText",
    "TieBreak",
    "TieBreakText",
]


class FormatName(Choice):
    """The event formats (``euchre.tournament.formats`` documents each one's options)."""

    WINNERS_MOVE_UP = "winners_move_up"
    ROTATING_PARTNERS = "rotating_partners"
    LOSERS_ROTATE = "losers_rotate"
    PROGRESSIVE = "progressive"
    ROUND_ROBIN = "round_robin"
    WHIST_SCHEDULE = "whist_schedule"


class ComputerGames(Choice):
    """What a game a computer player played for an absent player does (docs/online.md): its
    points count for the table and the player, but he is not eligible for prizes or the
    euchred cup (``table_only``, the default), or it counts as his own game (``count``)."""

    TABLE_ONLY = "table_only"
    COUNT = "count"


class ChatMode(Choice):
    """Who may say what in a play table's chat (docs/play.md): nothing (``off``), the preset
    messages between hands only (``between_hands``: an event's table by default, since a
    sheet may forbid table talk), the presets at any time (``presets``), or the presets and
    free text (``free``: a casual table by default)."""

    OFF = "off"
    BETWEEN_HANDS = "between_hands"
    PRESETS = "presets"
    FREE = "free"


class SitOutScoring(Choice):
    """How a player or team sitting out a round is scored: the average of that round's scores
    (per player or per team, rounded down), a stated number of points, or nothing."""

    AVERAGE = "average"
    FIXED = "fixed"
    ZERO = "zero"


class PrizeTies(Choice):
    """How competitors level on points share prize places: ordered by the tie-breaks (those
    still level after every tie-break split the places they span), or always split evenly."""

    TIE_BREAKS = "tie_breaks"
    SPLIT = "split"


class SidePotQualification(Choice):
    """Who can take the euchred cup: only players present for every game of the event (a
    sit-out counts as present; a late arrival or an early leaver does not), or every player."""

    EVERY_GAME = "every_game"
    EVERYONE = "everyone"


class SidePotFallback(Choice):
    """Who takes the euchred cup when its qualification rule leaves one player or none (an
    online night where every player but one had a computer-played game): nobody until the
    director says (``director``, the default: he lets players in or takes them out on the
    event's settings), or the fewest points among every player, the rule aside
    (``fewest_points_of_all``). Either way the cup never goes to the standings' top scorer
    (docs/tournament.md, "The euchred cup")."""

    DIRECTOR = "director"
    FEWEST_POINTS_OF_ALL = "fewest_points_of_all"


class TieBreak(Choice):
    """Criteria that standings can be ordered by, in a configurable order."""

    POINTS = "points"
    GAMES_WON = "games_won"
    LONE_HANDS = "lone_hands"
    HEAD_TO_HEAD = "head_to_head"
    FIRST_TO_SCORE = "first_to_score"
    FEWEST_EUCHRES = "fewest_euchres"
    POINTS_AGAINST = "points_against"
    HANDS_WORTH = "hands_worth"
    """The hands that gave the competitor's side exactly :attr:`EventConfig.hands_worth_points`
    points (LVEA: "ties broken by the number of four-point hands"), counted for both partners
    of the side, read from the hands recorded (see :class:`Tally`)."""
    EUCHRES_MADE = "euchres_made"
    """The euchres the competitor's side made as defenders (the hands its opponents were
    euchred), counted for both partners, read from the euchres recorded at each table."""


class Stage(Choice):
    """Which part of an event a round or a game belongs to."""

    MAIN = "main"
    PLAYOFF = "playoff"


class PenaltyKind(Choice):
    """Irregularities a director can record (scored by the event's rule profile): every one of
    the engine's :class:`~euchre.engine.irregularities.Irregularity` under its own name, plus
    two names the sheets use for two of them (``misdeal`` is ``wrong_number_of_cards``,
    ``lone_partner_played`` is ``partner_of_loner_plays``; see :attr:`irregularity`). The
    aliases are kept as their own members because stored records and the forms use them."""

    RENEGE = Irregularity.RENEGE.value
    BID_OUT_OF_TURN = Irregularity.BID_OUT_OF_TURN.value
    LEAD_OUT_OF_TURN = Irregularity.LEAD_OUT_OF_TURN.value
    TABLE_TALK = Irregularity.TABLE_TALK.value
    DEALER_FAILS_TO_DISCARD = Irregularity.DEALER_FAILS_TO_DISCARD.value
    MISDEAL = "misdeal"
    WRONG_NUMBER_OF_CARDS = Irregularity.WRONG_NUMBER_OF_CARDS.value
    EXPOSED_CARD = Irregularity.EXPOSED_CARD.value
    LEAD_BEFORE_DISCARD = Irregularity.LEAD_BEFORE_DISCARD.value
    LONE_PARTNER_PLAYED = "lone_partner_played"
    RENEGE_UNPROVEN = Irregularity.RENEGE_UNPROVEN.value
    RENEGE_CORRECTED = Irregularity.RENEGE_CORRECTED.value
    TURNED_DOWN_SUIT_NAMED = Irregularity.TURNED_DOWN_SUIT_NAMED.value
    PARTNER_OF_LONER_PLAYS = Irregularity.PARTNER_OF_LONER_PLAYS.value
    WRONG_DEALER = Irregularity.WRONG_DEALER.value

    @property
    def irregularity(self) -> Irregularity:
        """The engine's irregularity this kind is scored as."""
        if self is PenaltyKind.MISDEAL:
            return Irregularity.WRONG_NUMBER_OF_CARDS
        if self is PenaltyKind.LONE_PARTNER_PLAYED:
            return Irregularity.PARTNER_OF_LONER_PLAYS
        return Irregularity(self.value)

    @classmethod
    def parse(cls, text: str) -> PenaltyKind:
        """Read a kind's name, as :meth:`Irregularity.parse` does (``Bid out of turn`` is
        ``bid_out_of_turn``); raises :class:`TournamentError` listing the known ones."""
        try:
            return cls(str(text).strip().lower().replace(" ", "_").replace("-", "_"))
        except ValueError:
            raise TournamentError(_unknown_kind(text)) from None


def _unknown_kind(value: object) -> str:
    return f"unknown irregularity {value!r}; known: {', '.join(PenaltyKind)}"


FORMAT_NAMES: tuple[FormatName, ...] = tuple(FormatName)
"""Every :class:`FormatName`, in the order forms list them."""
SIT_OUT_SCORING: tuple[SitOutScoring, ...] = tuple(SitOutScoring)
"""Every :class:`SitOutScoring`."""
PRIZE_TIES: tuple[PrizeTies, ...] = tuple(PrizeTies)
"""Every :class:`PrizeTies`."""
SIDE_POT_QUALIFICATION: tuple[SidePotQualification, ...] = tuple(SidePotQualification)
"""Every :class:`SidePotQualification`."""
TIE_BREAKS: tuple[TieBreak, ...] = tuple(TieBreak)
"""Every :class:`TieBreak`, in the order forms list them."""
PENALTY_KINDS: tuple[PenaltyKind, ...] = tuple(PenaltyKind)
"""Every :class:`PenaltyKind`, in the order forms list them."""

FormatText = Annotated[
    FormatName,
    one_of(FormatName, "unknown format {value!r}; formats: {choices}"),
    AS_TEXT,
]
ComputerGamesText = Annotated[
    ComputerGames,
    one_of(ComputerGames, "unknown computer_games {value!r}; choose one of {choices}"),
    AS_TEXT,
    Field(exclude_if=lambda value: value == ComputerGames.TABLE_ONLY),
]
ChatModeText = Annotated[
    ChatMode,
    one_of(ChatMode, "unknown online_chat {value!r}; choose one of {choices}"),
    AS_TEXT,
    Field(exclude_if=lambda value: value == ChatMode.BETWEEN_HANDS),
]
SitOutText = Annotated[
    SitOutScoring,
    one_of(SitOutScoring, "unknown sit_out_scoring {value!r}; choose one of {choices}"),
    AS_TEXT,
]
PrizeTiesText = Annotated[
    PrizeTies, one_of(PrizeTies, "unknown prize_ties {value!r}; choose one of {choices}"), AS_TEXT
]
QualificationText = Annotated[
    SidePotQualification,
    one_of(
        SidePotQualification, "unknown side_pot_qualification {value!r}; choose one of {choices}"
    ),
    AS_TEXT,
]
FallbackText = Annotated[
    SidePotFallback,
    one_of(SidePotFallback, "unknown side_pot_fallback {value!r}; choose one of {choices}"),
    AS_TEXT,
    Field(exclude_if=lambda value: value == SidePotFallback.DIRECTOR),
]
TieBreakText = Annotated[
    TieBreak, one_of(TieBreak, "unknown tie-break {value!r}; choose from {choices}"), AS_TEXT
]
StageText = Annotated[
    Stage, one_of(Stage, "stage must be 'main' or 'playoff', got {value!r}"), AS_TEXT
]
KindText = Annotated[
    PenaltyKind, one_of(PenaltyKind, "unknown irregularity {value!r}; known: {choices}"), AS_TEXT
]
