"""Members' ratings from every recorded partnership game, with their uncertainty.

Each member has a skill belief, a mean ``mu`` and an uncertainty ``sigma`` (OpenSkill's
Weng-Lin Bayesian approximation, the ``openskill`` package). A partnership's strength is the
sum of both partners' beliefs; after each game both partners of the winning side move up and
both losers move down, by more the less certain the beliefs are and the more surprising the
result. The number shown is conservative, ``mu − 3·sigma`` (OpenSkill's ordinal: a member
starts at 0 and rises as the app grows sure of them), and a member stays "provisional" until
:data:`PROVISIONAL_GAMES` games.

Deterministic: :func:`rate_games` sorts the games into one canonical order (event date, event,
round, table, then the game's key and its content), never the order they were entered in, and
replays them from the prior every time; a corrected past result is a new list of games and
gives new ratings. See ``docs/season.md`` for the model chosen, ``bench/notes/ratings.md``
for what it is worth.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

from euchre.tournament.codec import Choice, JsonCodec
from euchre.tournament.errors import TournamentError

__all__ = [
    "DEFAULT_BETA",
    "DEFAULT_MODEL",
    "PROVISIONAL_GAMES",
    "MemberRating",
    "RatedGame",
    "RatingModel",
    "RatingTable",
    "canonical_order",
    "rate_games",
]

MemberId = int

PROVISIONAL_GAMES = 10
"""Games before a rating stops being provisional (BridgeWebs gives a handicap after 10)."""


class RatingModel(Choice):
    """The Weng-Lin models offered (``bench/notes/ratings.md`` compares them on simulated
    seasons)."""

    PLACKETT_LUCE = "plackett_luce"
    THURSTONE_MOSTELLER_FULL = "thurstone_mosteller_full"
    BRADLEY_TERRY_FULL = "bradley_terry_full"


DEFAULT_MODEL = RatingModel.PLACKETT_LUCE
"""OpenSkill's own default, and the best or level-best of the three on the bench."""


DEFAULT_BETA = 12.5
"""How far one game's result strays from the players' skills (OpenSkill's ``beta``, the spread
of a single performance): the larger, the more a game is put down to the cards, so each game
moves the ratings less and predictions stay nearer even. Three times OpenSkill's default
(25/6), which is made for games of skill: with it the ratings overrate a few lucky euchre games
and predict worse than a coin (``bench/notes/ratings.md`` has the figures)."""


def _openskill(model: RatingModel, beta: float) -> Any:
    """A fresh OpenSkill model: the package's default prior, and ``beta``."""
    factories: dict[RatingModel, Any] = {
        RatingModel.PLACKETT_LUCE: PlackettLuce,
        RatingModel.THURSTONE_MOSTELLER_FULL: ThurstoneMostellerFull,
        RatingModel.BRADLEY_TERRY_FULL: BradleyTerryFull,
    }
    return factories[RatingModel(model)](beta=beta)


@dataclass(frozen=True, kw_only=True)
class RatedGame(JsonCodec):
    """One partnership game as recorded: the two partnerships, the game's points for each,
    and which side won. ``winner`` is 0 or 1; None means the higher score won, or a draw
    when the scores are level (an event's own tie rule, such as first to the tying score,
    is passed as ``winner``)."""

    event_date: datetime.date
    event_key: str
    round: int
    table: int
    teams: tuple[tuple[MemberId, ...], tuple[MemberId, ...]]
    points: tuple[int, int]
    winner: int | None = None
    key: str = ""
    """A stable key for two games at the same event, round and table (a stage, a re-play)."""

    def __post_init__(self) -> None:
        members = [*self.teams[0], *self.teams[1]]
        if not self.teams[0] or not self.teams[1] or len(set(members)) != len(members):
            raise TournamentError(
                f"game at {self.event_key!r} round {self.round} table {self.table}: "
                f"two partnerships of different members are needed, got {self.teams}"
            )
        if self.winner not in (None, 0, 1):
            raise TournamentError(f"winner: 0, 1 or None, got {self.winner!r}")

    @property
    def ranks(self) -> list[int]:
        """OpenSkill's ranks for the two sides (lower is better; equal is a draw)."""
        winner = self.winner
        if winner is None:
            if self.points[0] == self.points[1]:
                return [0, 0]
            winner = 0 if self.points[0] > self.points[1] else 1
        return [0, 1] if winner == 0 else [1, 0]


def canonical_order(games: Iterable[RatedGame]) -> list[RatedGame]:
    """``games`` in the one order they are rated in, whatever order they came in."""
    return sorted(
        games,
        key=lambda game: (
            game.event_date,
            game.event_key,
            game.round,
            game.table,
            game.key,
            game.teams,
            game.points,
            -1 if game.winner is None else game.winner,
        ),
    )


@dataclass(frozen=True, kw_only=True)
class MemberRating(JsonCodec):
    """A member's rating: the belief ``mu`` ± ``sigma``, the conservative number shown
    (``mu − 3·sigma``), the games it rests on and whether it is still provisional."""

    member_id: MemberId
    mu: float
    sigma: float
    display: float
    games: int
    provisional: bool


@dataclass(frozen=True, kw_only=True)
class RatingTable:
    """Every rated member's rating after the games, and the model that made them."""

    model: RatingModel
    beta: float
    ratings: Mapping[MemberId, MemberRating]

    def rating(self, member_id: MemberId) -> MemberRating:
        """``member_id``'s rating (the prior, provisional, for a member with no games)."""
        known = self.ratings.get(member_id)
        if known is not None:
            return known
        prior = _openskill(self.model, self.beta).rating()
        return _member_rating(member_id, prior, 0)

    def ranked(self) -> list[MemberRating]:
        """The ratings, highest display rating first (member id breaks ties)."""
        return sorted(self.ratings.values(), key=lambda rating: (-rating.display, rating.member_id))

    def win_probability(self, team_a: Sequence[MemberId], team_b: Sequence[MemberId]) -> float:
        """The probability that partnership ``team_a`` beats ``team_b`` (draws left aside)."""
        model = _openskill(self.model, self.beta)
        sides = [
            [model.rating(mu=self.rating(m).mu, sigma=self.rating(m).sigma) for m in team]
            for team in (team_a, team_b)
        ]
        probability: float = model.predict_win(sides)[0]
        return probability


def _member_rating(member_id: MemberId, belief: Any, games: int) -> MemberRating:
    mu, sigma = float(belief.mu), float(belief.sigma)
    return MemberRating(
        member_id=member_id,
        mu=mu,
        sigma=sigma,
        display=mu - 3 * sigma,
        games=games,
        provisional=games < PROVISIONAL_GAMES,
    )


def rate_games(
    games: Iterable[RatedGame], model: RatingModel = DEFAULT_MODEL, *, beta: float = DEFAULT_BETA
) -> RatingTable:
    """Every member's rating from the prior through ``games`` in :func:`canonical_order`
    (``beta``: see :data:`DEFAULT_BETA`)."""
    if not beta > 0:
        raise TournamentError(f"beta must be more than 0, got {beta!r}")
    engine = _openskill(model, beta)
    beliefs: dict[MemberId, Any] = {}
    played: dict[MemberId, int] = {}
    for game in canonical_order(games):
        sides = [
            [beliefs.setdefault(member, engine.rating()) for member in team] for team in game.teams
        ]
        updated = engine.rate(sides, ranks=game.ranks)
        for team, new_team in zip(game.teams, updated, strict=True):
            for member, belief in zip(team, new_team, strict=True):
                beliefs[member] = belief
                played[member] = played.get(member, 0) + 1
    return RatingTable(
        model=RatingModel(model),
        beta=beta,
        ratings={
            member: _member_rating(member, belief, played[member])
            for member, belief in sorted(beliefs.items())
        },
    )
