"""A game: hands in sequence, dealer rotation, scores, and the end by target or hand count."""

from __future__ import annotations

from dataclasses import dataclass, field

from euchre.engine.choices import GameEnd
from euchre.engine.errors import EuchreError
from euchre.engine.profile import RuleProfile
from euchre.engine.state import HandResult, HandStatus

__all__ = ["Game", "GameHand"]


@dataclass(frozen=True, slots=True)
class GameHand:
    """One hand of a game as the game saw it."""

    dealer: int
    result: HandResult
    counted: bool
    scores_after: tuple[int, int]


@dataclass(slots=True)
class Game:
    """Scores and dealer rotation over a game, under a profile.

    Hands that end ``redeal`` (misdeal, fold, farmer's hand) keep the same dealer; every other
    hand passes the deal clockwise. Which hands count toward ``game_hands`` follows
    ``counted_hands``; misdeals, redeals and thrown-in hands never count.
    """

    profile: RuleProfile
    first_dealer: int
    dealer: int = -1
    scores: list[int] = field(default_factory=lambda: [0, 0])
    player_scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hands: list[GameHand] = field(default_factory=list)
    counted_hands: int = 0
    # For "first to the tying score": the hand index at which each team last scored.
    last_scored_at: list[int] = field(default_factory=lambda: [-1, -1])
    extra_hand_winner: int | None = None
    """Under ``game_tie = "extra_hand"``: the team that won the unscored extra hand of a
    game that ended level (None: none played, or none decided yet)."""

    def __post_init__(self) -> None:
        if not 0 <= self.first_dealer <= 3:
            raise EuchreError(f"first dealer must be a seat 0-3, got {self.first_dealer}")
        if self.profile.game_end == GameEnd.BELL:
            # The engine has no clock: a game to the bell would never end here. Every door
            # that plays a game (a browser table, the terminal, the simulator) refuses such a
            # profile in its own words first; this is the net under them.
            raise EuchreError(
                f"profile {self.profile.id!r} plays its games to the bell (game_end = 'bell'): "
                "games to the bell are played on paper, since the rules engine has no round "
                "bell to end them"
            )
        if self.dealer < 0:
            self.dealer = self.first_dealer

    @property
    def is_over(self) -> bool:
        """True when a team reached the target or the counted hands are all played."""
        profile = self.profile
        if profile.game_target and max(self.scores) >= profile.game_target:
            return True
        if not profile.game_hands or self.counted_hands < profile.game_hands:
            return False
        return not self.in_extra_hand

    @property
    def in_extra_hand(self) -> bool:
        """True when the next hand is the unscored extra hand of a fixed-length game that
        ended level (``game_tie = "extra_hand"``), not decided yet."""
        return (
            self.profile.game_tie == "extra_hand"
            and bool(self.profile.game_hands)
            and self.counted_hands >= self.profile.game_hands
            and self.scores[0] == self.scores[1]
            and self.extra_hand_winner is None
        )

    def record(self, result: HandResult, *, extra_points: tuple[int, int] = (0, 0)) -> GameHand:
        """Add a finished hand (``extra_points`` are penalties the director awarded)."""
        if self.is_over:
            raise EuchreError("the game is over: no more hands can be recorded")
        team_points = (
            result.team_points[0] + extra_points[0],
            result.team_points[1] + extra_points[1],
        )
        if self.in_extra_hand:
            return self._record_extra_hand(result, team_points)
        counted = result.status in (HandStatus.SCORED, HandStatus.PENALTY)
        if self.profile.counted_hands == "scoring_only":
            counted = counted and sum(team_points) > 0
        for team in (0, 1):
            if team_points[team]:
                self.scores[team] += team_points[team]
                self.last_scored_at[team] = len(self.hands)
        for seat in range(4):
            self.player_scores[seat] += result.player_points[seat] + extra_points[seat % 2]
        if counted:
            self.counted_hands += 1
        hand = GameHand(self.dealer, result, counted, (self.scores[0], self.scores[1]))
        self.hands.append(hand)
        if result.status is not HandStatus.REDEAL:
            self.dealer = (self.dealer + 1) % 4
        return hand

    def _record_extra_hand(self, result: HandResult, team_points: tuple[int, int]) -> GameHand:
        """The unscored extra hand of a level game: the team that would score wins the game;
        the scores stay as they are. A hand nobody scores on (a redeal) decides nothing."""
        if team_points[0] != team_points[1]:
            self.extra_hand_winner = 0 if team_points[0] > team_points[1] else 1
        hand = GameHand(self.dealer, result, False, (self.scores[0], self.scores[1]))
        self.hands.append(hand)
        if result.status is not HandStatus.REDEAL:
            self.dealer = (self.dealer + 1) % 4
        return hand

    def winner(self) -> int | None:
        """The winning team (0 or 1), or None for an unfinished or tied game."""
        if not self.is_over:
            return None
        if self.scores[0] != self.scores[1]:
            return 0 if self.scores[0] > self.scores[1] else 1
        if self.profile.game_tie == "first_to_tying_score":
            # The team that scored last reached the tying score last, and loses.
            if self.last_scored_at[0] == self.last_scored_at[1]:
                return None
            return 0 if self.last_scored_at[0] < self.last_scored_at[1] else 1
        if self.profile.game_tie == "extra_hand":
            return self.extra_hand_winner
        return None
