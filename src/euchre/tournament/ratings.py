"""Members' ratings from every recorded partnership game, with their uncertainty.

Each member has a skill belief, a mean ``mu`` and an uncertainty ``sigma``. A partnership's
strength is the sum of both partners' beliefs. The default model
(:attr:`RatingModel.POINT_MARGIN`, Glickman and Stern's normal model of a game's point margin,
updated as TrueSkill and Weng-Lin update a belief) reads how many points a side won by: the
further a result is from the margin the beliefs expected, the more both partners of each side
move, and by more the less certain their beliefs are. OpenSkill's Weng-Lin models (the
``openskill`` package), which read only who won, are offered too. The number shown is
conservative, ``mu − 3·sigma`` (OpenSkill's ordinal: a member starts at 0 and rises as the app
grows sure of them), and a member stays "provisional" while the rating's own uncertainty,
``sigma``, is above :data:`PROVISIONAL_SIGMA_POINTS` points a game (:func:`is_provisional`).

Deterministic: :func:`rate_games` sorts the games into one canonical order (event date, event,
round, table, then the game's key and its content), never the order they were entered in, and
replays them from the prior every time; a corrected past result is a new list of games and
gives new ratings. See ``docs/season.md`` for the model chosen, ``bench/notes/ratings.md``
for what it is worth.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

from euchre.tournament.codec import Choice, JsonCodec
from euchre.tournament.errors import TournamentError

__all__ = [
    "DEFAULT_BETA",
    "DEFAULT_BETAS",
    "DEFAULT_MODEL",
    "MU",
    "POINT",
    "PROVISIONAL_SIGMA",
    "PROVISIONAL_SIGMA_POINTS",
    "SIGMA",
    "TAU",
    "MemberRating",
    "RatedGame",
    "RatingModel",
    "RatingTable",
    "canonical_order",
    "is_provisional",
    "rate_games",
]

MemberId = int


class RatingModel(Choice):
    """The models offered (``bench/notes/ratings.md`` compares them on simulated seasons):
    the point-margin model, and OpenSkill's Weng-Lin models of who won."""

    POINT_MARGIN = "point_margin"
    PLACKETT_LUCE = "plackett_luce"
    THURSTONE_MOSTELLER_FULL = "thurstone_mosteller_full"
    BRADLEY_TERRY_FULL = "bradley_terry_full"


DEFAULT_MODEL = RatingModel.POINT_MARGIN
"""The model that orders the bench's players best, on its tuning seeds and on fresh ones, with
predictions level with the others': a game's margin tells more about the players than who won
(``docs/season.md``)."""

MU = 25.0
"""A newcomer's belief, ``MU`` ± ``SIGMA`` (OpenSkill's prior, for every model)."""

SIGMA = MU / 3
"""A newcomer's uncertainty."""

POINT = SIGMA
"""Rating units per point of a game's margin (point-margin model): the prior's spread, one
``SIGMA``, is one point a game, about the spread of the bench's players' true strengths
(``easy`` about 1.7 points a game below ``hard``)."""

PROVISIONAL_SIGMA_POINTS = 0.6
"""A rating is provisional while its uncertainty ``sigma`` is above this many points a game:
until the member's skill is known within about ±1.2 points a game (95 %). A newcomer starts
at 1 point a game; on a rotating-partner schedule the point-margin model gets below 0.6 after
about 48 games (0.86 after 10, 0.76 after 20, 0.64 after 40: ``docs/season.md``, "Ratings").
Ten games, the old bar, left it at ±1.7 points a game, about the distance from ``easy`` to
``hard``."""

PROVISIONAL_SIGMA = PROVISIONAL_SIGMA_POINTS * POINT
""":data:`PROVISIONAL_SIGMA_POINTS` in rating units (the bar for every model)."""

TAU = MU / 300
"""Added to each belief's spread before each game (OpenSkill's default dynamics), so a
member's rating can still follow a change of form."""

DEFAULT_BETAS: Mapping[RatingModel, float] = {
    RatingModel.POINT_MARGIN: 5 * POINT,
    RatingModel.PLACKETT_LUCE: 12.5,
    RatingModel.THURSTONE_MOSTELLER_FULL: 12.5,
    RatingModel.BRADLEY_TERRY_FULL: 12.5,
}
"""Each model's ``beta``, how far one game's result strays from the players' skills (the
larger, the more a game is put down to the cards). Point margin: a game's margin strays from
the expected one by about 5 points (the bench's games: 4.7), in rating units. The Weng-Lin
models: 12.5, three times OpenSkill's default (25/6), which is made for games of skill: with
it the ratings overrate a few lucky euchre games and predict worse than a coin. Chosen on the
bench's tuning seeds (``bench/notes/ratings.md``)."""

DEFAULT_BETA = DEFAULT_BETAS[DEFAULT_MODEL]
"""The default model's ``beta``."""


def _openskill(model: RatingModel, beta: float, margin: float = 0.0) -> Any:
    """A fresh OpenSkill model: the package's default prior, ``beta`` and ``margin``."""
    factories: dict[RatingModel, Any] = {
        RatingModel.PLACKETT_LUCE: PlackettLuce,
        RatingModel.THURSTONE_MOSTELLER_FULL: ThurstoneMostellerFull,
        RatingModel.BRADLEY_TERRY_FULL: BradleyTerryFull,
    }
    return factories[RatingModel(model)](beta=beta, margin=margin)


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

    @property
    def margin(self) -> int:
        """The first side's lead in points (negative: behind), as the point-margin model
        reads it. A side the event's tie rule (or penalties) made winner without more points
        counts as winning by 1, the least a win can be; a level game nobody won is 0."""
        lead = self.points[0] - self.points[1]
        if self.winner == 0 and lead <= 0:
            return 1
        if self.winner == 1 and lead >= 0:
            return -1
        return lead


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
    (``mu − 3·sigma``), the games it rests on and whether it is still provisional
    (:func:`is_provisional`)."""

    member_id: MemberId
    mu: float
    sigma: float
    display: float
    games: int
    provisional: bool

    @property
    def sigma_points(self) -> float:
        """The uncertainty in points a game (``sigma`` / :data:`POINT`), the unit of the
        provisional bar."""
        return self.sigma / POINT


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
        return _member_rating(member_id, MU, SIGMA, 0)

    def ranked(self) -> list[MemberRating]:
        """The established (not provisional) ratings, highest display rating first (member id
        breaks ties): a provisional rating is too uncertain to be ranked among them
        (:meth:`provisional`)."""
        return sorted(
            (rating for rating in self.ratings.values() if not rating.provisional),
            key=lambda rating: (-rating.display, rating.member_id),
        )

    def provisional(self) -> list[MemberRating]:
        """The provisional ratings, listed apart from :meth:`ranked` and unranked (by member
        id here; a page lists them by name)."""
        return sorted(
            (rating for rating in self.ratings.values() if rating.provisional),
            key=lambda rating: rating.member_id,
        )

    def win_probability(self, team_a: Sequence[MemberId], team_b: Sequence[MemberId]) -> float:
        """The probability that partnership ``team_a`` beats ``team_b`` (draws left aside)."""
        if self.model is RatingModel.POINT_MARGIN:
            lead = sum(self.rating(m).mu for m in team_a) - sum(self.rating(m).mu for m in team_b)
            spread = math.sqrt(
                self.beta**2 + sum(self.rating(m).sigma ** 2 for m in (*team_a, *team_b))
            )
            return 0.5 * (1 + math.erf(lead / (spread * math.sqrt(2))))
        model = _openskill(self.model, self.beta)
        sides = [
            [model.rating(mu=self.rating(m).mu, sigma=self.rating(m).sigma) for m in team]
            for team in (team_a, team_b)
        ]
        probability: float = model.predict_win(sides)[0]
        return probability


def is_provisional(sigma: float) -> bool:
    """True while a rating of uncertainty ``sigma`` (rating units) is provisional: above
    :data:`PROVISIONAL_SIGMA` (:data:`PROVISIONAL_SIGMA_POINTS` points a game). The bar is
    the rating's own uncertainty, not a count of games: a member whose games were all with
    and against the same few people, or against newcomers, stays provisional longer."""
    return sigma > PROVISIONAL_SIGMA


def _member_rating(member_id: MemberId, mu: float, sigma: float, games: int) -> MemberRating:
    return MemberRating(
        member_id=member_id,
        mu=mu,
        sigma=sigma,
        display=mu - 3 * sigma,
        games=games,
        provisional=is_provisional(sigma),
    )


Belief = tuple[float, float]
"""A member's ``(mu, sigma)``."""


def _margin_update(
    game: RatedGame, beliefs: dict[MemberId, Belief], beta: float
) -> dict[MemberId, Belief]:
    """The point-margin model's update for one game: the margin, in rating units, is the
    first side's summed ``mu`` less the second's plus a normal error of spread ``beta``
    (Glickman and Stern, 1998); each member's belief is conditioned on the margin seen, the
    others' beliefs held as they are (as TrueSkill and Weng-Lin do)."""
    prior = {member: beliefs.get(member, (MU, SIGMA)) for team in game.teams for member in team}
    spread = {member: sigma**2 + TAU**2 for member, (_mu, sigma) in prior.items()}
    mean = {member: mu for member, (mu, _sigma) in prior.items()}
    expected = sum(mean[m] for m in game.teams[0]) - sum(mean[m] for m in game.teams[1])
    total = beta**2 + sum(spread.values())
    surprise = game.margin * POINT - expected
    updated: dict[MemberId, Belief] = {}
    for side, team in enumerate(game.teams):
        sign = 1 if side == 0 else -1
        for member in team:
            share = spread[member] / total
            updated[member] = (
                mean[member] + sign * share * surprise,
                math.sqrt(spread[member] * (1 - share)),
            )
    return updated


def rate_games(
    games: Iterable[RatedGame],
    model: RatingModel = DEFAULT_MODEL,
    *,
    beta: float | None = None,
    margin: float = 0.0,
) -> RatingTable:
    """Every member's rating from the prior through ``games`` in :func:`canonical_order`.

    ``beta``: the model's :data:`DEFAULT_BETAS` unless given. ``margin`` (Weng-Lin models
    only, 0 by default: not used) is OpenSkill's margin of victory: the games' points are
    passed as scores and a win by more than ``margin`` points moves the ratings further when
    the favourite won (the bench measured it and found it no better than the point-margin
    model: ``bench/notes/ratings.md``)."""
    model = RatingModel(model)
    beta = DEFAULT_BETAS[model] if beta is None else beta
    if not beta > 0:
        raise TournamentError(f"beta must be more than 0, got {beta!r}")
    if not margin >= 0:
        raise TournamentError(f"margin must be 0 or more, got {margin!r}")
    beliefs: dict[MemberId, Belief] = {}
    played: dict[MemberId, int] = {}
    engine = None if model is RatingModel.POINT_MARGIN else _openskill(model, beta, margin)
    for game in canonical_order(games):
        if engine is None:
            beliefs.update(_margin_update(game, beliefs, beta))
        else:
            beliefs.update(_openskill_update(engine, game, beliefs, margin))
        for member in (*game.teams[0], *game.teams[1]):
            played[member] = played.get(member, 0) + 1
    return RatingTable(
        model=model,
        beta=beta,
        ratings={
            member: _member_rating(member, mu, sigma, played[member])
            for member, (mu, sigma) in sorted(beliefs.items())
        },
    )


def _openskill_update(
    engine: Any, game: RatedGame, beliefs: dict[MemberId, Belief], margin: float
) -> dict[MemberId, Belief]:
    """A Weng-Lin model's update for one game: by who won, or with ``margin`` by the points
    when they agree with the winner (a tie rule's winner on level points is a plain win)."""
    sides = [
        [engine.rating(*beliefs.get(member, (MU, SIGMA))) for member in team] for team in game.teams
    ]
    ranks = game.ranks
    lead = game.points[0] - game.points[1]
    if margin > 0 and lead != 0 and (lead > 0) == (ranks[0] < ranks[1]):
        updated = engine.rate(sides, scores=[float(points) for points in game.points])
    else:
        updated = engine.rate(sides, ranks=ranks)
    return {
        member: (float(belief.mu), float(belief.sigma))
        for team, new_team in zip(game.teams, updated, strict=True)
        for member, belief in zip(team, new_team, strict=True)
    }
