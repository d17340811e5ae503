"""The answers of an online night's JSON routes (``docs/online.md``): frozen models whose
fields are what the routes answer, so ``/openapi.json`` names each one."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from euchre.store.models import OnlineTableState, SeatState
from euchre.tournament.codec import Choice
from euchre.tournament.model import ChatMode

__all__ = [
    "BetweenOut",
    "BetweenRoundOut",
    "BetweenRowOut",
    "ChatOut",
    "EndOut",
    "FillSeatOut",
    "GameOutcome",
    "LastResultOut",
    "LiveSeatOut",
    "LiveTableOut",
    "LiveTablesOut",
    "MarkOut",
    "NightPrizesOut",
    "RecordsIndexOut",
    "RecordsTableOut",
    "RoundClockOut",
    "SeatBotOut",
    "SeatClaimOut",
]

_Frozen = ConfigDict(frozen=True, extra="forbid")
"""Read-only answers; a key the store adds that a model does not name is a defect (a 500
the tests catch), never a field silently dropped from a page."""


class SeatClaimOut(BaseModel):
    """Where the player plays now: ``state`` ``online`` (``url``: his own seat's link, a
    fresh token in its fragment, given only now), ``paper`` (his table's number),
    ``sitting_out`` or ``between_rounds``."""

    model_config = _Frozen
    player: int
    name: str
    round: int | None
    table: int | None
    state: SeatState
    play_table: str | None
    seat: int | None
    token: str | None
    table_state: OnlineTableState | None = Field(
        description="The online table's result: playing, recorded or ended"
    )
    bot: str | None = Field(description="The computer player the director put in his seat")
    held_elsewhere: bool = Field(description="A device plays the seat now: the link asks first")
    url: str | None
    event_url: str


class RoundClockOut(BaseModel):
    """The round's clock: its time limit from its start (``untimed`` when the event has
    none; ``seconds_left`` 0 once the bell rang)."""

    model_config = _Frozen
    untimed: bool
    started_at: str
    ends_at: str | None
    minutes: int
    seconds_left: int | None


class BetweenRoundOut(BaseModel):
    """The latest round: its number and words, whether it is in play, its clock."""

    model_config = _Frozen
    number: int
    label: str
    open: bool
    clock: RoundClockOut


class GameOutcome(Choice):
    """How the player's last game went for his side."""

    WON = "won"
    LOST = "lost"
    LEVEL = "level"


class LastResultOut(BaseModel):
    """The player's latest recorded game: the table, his side and the other, the score (his
    side first) and his points for that round in the standings."""

    model_config = _Frozen
    round: int
    table: int
    partners: list[str]
    opponents: list[str]
    points: list[int]
    outcome: GameOutcome
    level_winner: str | None = None
    """In a level game, the side it counts for: "you", "they", or None while the director is
    asked (None too for a game not level)."""
    level_rule: str | None = None
    """In a level game, the sheet's rule for it, or our reading of a sheet without one."""
    round_points: int | None


class BetweenRowOut(BaseModel):
    """A line of the standings (``me``: the player's own, or his team's)."""

    model_config = _Frozen
    rank: int
    tied: bool
    name: str
    points: int
    games_won: int
    games_played: int
    computer_games: int
    me: bool


class NightPrizesOut(BaseModel):
    """The night's prizes and euchred cup, as the page's lines."""

    model_config = _Frozen
    awards: list[str]
    cup: str | None
    cup_undecided: str | None = None
    """Why the cup waits (its rule leaves one player or none: the director decides)."""
    notes: list[str] = []
    """Sentences under the prize list (a night short of the first prize row, who was skipped)."""
    playoffs: list[str]


class BetweenOut(BaseModel):
    """What a player sees between his games: the standings (his row ``me``), the round and
    its clock, his last game's result and, once the night is over, its prizes."""

    model_config = _Frozen
    event: str
    player: int
    name: str
    rounds: int
    night_over: bool
    round: BetweenRoundOut | None
    last_result: LastResultOut | None
    standings: list[BetweenRowOut]
    prizes: NightPrizesOut | None
    results_url: str


class SeatBotOut(BaseModel):
    """The computer player the director put in a seat, and whether its points count for
    the absent player."""

    model_config = _Frozen
    kind: str
    counts: bool = True


class LiveSeatOut(BaseModel):
    """A seat of a live online table: its player, who plays it (``kind``), whether he is
    seated, connected or away, and ``takeover_in``: the seconds before a computer player
    takes a dropped player's seat (null when no countdown runs)."""

    model_config = _Frozen
    seat: int
    player: int
    name: str
    kind: str
    seated: bool
    bot: SeatBotOut | None
    connected: bool
    away: bool
    takeover_in: int | None


class LiveTableOut(BaseModel):
    """An online table live: its game's ``status`` (waiting, playing, over), whether its
    result is in (``result``), the hand, score, whose turn, its chat and its seats."""

    model_config = _Frozen
    round: int
    table: int
    play_table: str
    status: str
    result: OnlineTableState
    hand: int
    counted_hands: int
    hands_recorded: int
    scores: list[int]
    to_act: int | None
    to_act_name: str | None
    chat: ChatMode
    seconds_since_move: int | None
    seats: list[LiveSeatOut]


class LiveTablesOut(BaseModel):
    """Every online table of a round, live."""

    model_config = _Frozen
    tables: list[LiveTableOut]


class MarkOut(BaseModel):
    """A table number marked online (or on paper) from the next round started."""

    model_config = _Frozen
    table: int
    online: bool


class FillSeatOut(BaseModel):
    """Who plays the seat now (``human``: the player, from the next hand)."""

    model_config = _Frozen
    seat: int
    kind: str
    counts: bool


class ChatOut(BaseModel):
    """A table's chat as the director set it."""

    model_config = _Frozen
    round: int
    table: int
    chat: ChatMode


class EndOut(BaseModel):
    """A table ended at the bell (its score as it stood is recorded)."""

    model_config = _Frozen
    round: int
    table: int
    ended: bool


class RecordsTableOut(BaseModel):
    """A table's lines in ``records.jsonl``: from line ``first`` (0-based), ``hands`` of
    them."""

    model_config = _Frozen
    round: int
    table: int
    first: int
    hands: int


class RecordsIndexOut(BaseModel):
    """Which lines of ``records.jsonl`` are which table's."""

    model_config = _Frozen
    tables: list[RecordsTableOut]
