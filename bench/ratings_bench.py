"""What the season ratings are worth: simulated seasons of computer players of known strength.

    nice -n 10 uv run python bench/ratings_bench.py                  # 12 players, 20 + 20 games
    nice -n 10 uv run python bench/ratings_bench.py --seed 2 --games 30 --json
    uv run python bench/ratings_bench.py --quick                     # seconds: easy vs medium

The players are the bot levels (``easy``, ``medium``, ``hard``, ``expert``), each under
``--names`` names (3 by default: 12 players). Their known strengths are measured first, on the
sheet the season is played under (``--sheet``, Bolivar by default): each level against the next
in the arena (:func:`euchre.bots.arena.run_arena`, ``--arena-deals`` duplicate deals a pair,
the deals' points a deal with a 95 % interval). The report says whether the assumed order (the
levels as listed, weakest first) holds; the truth the ratings are measured against is the
*measured* order (each level's points a deal over the weakest, chained pair by pair), so a
level that came out weaker than the one listed below it (``expert`` under ``hard``) is ranked
by what it did, not by its label.

They then play club nights of ``--rounds-per-night`` rounds with partners rotating by the
project's rotating-partner schedule (:func:`euchre.tournament.schedule.generate_schedule`, a
new seed each night), every game played hand by hand by the engine under the sheet's rules
(:func:`euchre.tournament.simulate.play_table`). After ``--games`` games each the ratings
(:func:`euchre.tournament.ratings.rate_games`) are frozen and measured:

* Kendall's tau-b between the rating order (the conservative rating shown) and the measured
  order of the levels (issue 22's target: 0.8 or more);
* on the held-out later games (``--held-out`` more games each), the frozen ratings' predicted
  probability that the first partnership wins, scored by the Brier score and the log loss
  against a coin's (0.25 and ln 2 = 0.693), and how often the favourite won.

Every model offered (the point-margin model and OpenSkill's Weng-Lin models) is measured on the
same games, each with its own default ``beta`` unless ``--beta`` names one for all;
``--margin`` passes the points to the Weng-Lin models as OpenSkill's scores with that margin of
victory. The report also fits each level's strength (points a game per player) to the games'
margins, and from it the *ceiling*: the mean tau (and the share of seasons at 0.8) that a
rating knowing the exact model of the margins could reach on the same schedule, played once
(``--games`` each), twice, 4 and 8 times over.

**Reproducible to the digit.** The seed fixes the arena's deals, the schedule, the deals of
the season and every player's choices; no bot thinks against the clock (one with a
``budget_ms`` is refused: :func:`euchre.bots.arena.check_counted`) and no wall-clock figure
is printed, so two runs of a seed print the same report, digit for digit, on any machine
under any load (``tests/tournament/test_ratings_bench.py`` runs it twice and compares).
``--save games.json`` keeps the games and the measured order, and ``--load games.json``
measures them again (another ``--beta``, ``--margin``) without playing. ``--load`` with
several saved runs of the same players also pools them: each model's mean figures, and the
levels' strengths fitted to all their games (a single run's fit is noisy). A progress bar
(Rich) is shown on a terminal only. The figures of a fresh run are in
``bench/notes/ratings.md``.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from euchre.bots import BOT_FACTORIES, Bot, make_bot
from euchre.bots.arena import check_counted, run_arena
from euchre.bots.levels import LEVELS
from euchre.engine.errors import EuchreError
from euchre.engine.profile import RuleProfile, load_profile
from euchre.tournament.event import game_winner
from euchre.tournament.model import TableSeating
from euchre.tournament.ratings import DEFAULT_BETAS, RatedGame, RatingModel, RatingTable, rate_games
from euchre.tournament.schedule import generate_schedule
from euchre.tournament.simulate import play_table

SEASON_START = datetime.date(2027, 1, 7)

ARENA_DEALS = 200
"""Duplicate deals a pair of neighbouring levels plays in the arena before the season: a
95 % interval of about ±0.1 points a deal, minutes on one core."""


@dataclass(frozen=True)
class Player:
    """A simulated member: its id, its name and its level's strength (0 = weakest)."""

    member_id: int
    name: str
    level: str
    strength: int


def make_players(
    levels: Sequence[str], names: int, order: Sequence[str] | None = None
) -> list[Player]:
    """``names`` players per level, numbered from 1 in the levels' listed order; a player's
    strength is its level's place in ``order`` (the measured order, weakest first; by
    default the listed one)."""
    rank = {level: place for place, level in enumerate(order or levels)}
    players: list[Player] = []
    for level in levels:
        for index in range(names):
            number = len(players) + 1
            players.append(Player(number, f"{level}-{index + 1}", level, rank[level]))
    return players


def measure_levels(
    levels: Sequence[str],
    *,
    profile: RuleProfile,
    deals: int,
    seed: int,
    advance: Callable[[], None],
) -> dict[str, Any]:
    """Each level against the next in the arena on ``profile`` (``deals`` duplicate deals a
    pair, seed ``seed``): the points a deal the listed-stronger level made over the weaker,
    with a 95 % interval, each level's strength chained from the weakest, the measured order
    (weakest first) and whether it is the listed one."""
    steps = []
    strength = {levels[0]: 0.0}
    for weaker, stronger in itertools.pairwise(levels):
        result = run_arena(
            (stronger, weaker),
            deals=deals,
            seed=seed,
            profile=profile,
            progress=lambda _done: advance(),
        )
        low, high = result.ci95
        verdict = "in order" if low > 0 else "reversed" if high < 0 else "not told apart"
        steps.append(
            {
                "weaker": weaker,
                "stronger": stronger,
                "diff": round(result.diff, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "verdict": verdict,
            }
        )
        strength[stronger] = strength[weaker] + result.diff
    # The listed place breaks an exact tie, so the order is the listed one unless measured.
    measured = sorted(levels, key=lambda level: (strength[level], levels.index(level)))
    return {
        "sheet": profile.id,
        "deals": deals,
        "seed": seed,
        "assumed": list(levels),
        "measured": measured,
        "holds": measured == list(levels),
        "points_a_deal": {level: round(strength[level], 4) for level in levels},
        "steps": steps,
    }


def rounds_for(games: int, players: int) -> int:
    """Rounds needed for ``games`` games each on average (some sit out if not 4k players)."""
    seats = 4 * (players // 4)
    return math.ceil(games * players / seats)


def play_nights(
    profile: RuleProfile,
    players: Sequence[Player],
    rounds: int,
    rounds_per_night: int,
    seed: int,
    first_night: int,
    bots: dict[str, Bot],
    rng: random.Random,
    advance: Callable[[], None],
) -> list[RatedGame]:
    """``rounds`` rounds in nights of ``rounds_per_night``, every game played by the bots
    under ``profile``."""
    games: list[RatedGame] = []
    night = first_night
    left = rounds
    while left > 0:
        count = min(rounds_per_night, left)
        schedule = generate_schedule(len(players), count, seed * 1000 + night)
        date = SEASON_START + datetime.timedelta(weeks=night)
        for round_index, planned in enumerate(schedule.rounds, 1):
            for table_index, (first, second) in enumerate(planned.tables, 1):
                teams = tuple(tuple(players[seat] for seat in side) for side in (first, second))
                seating = TableSeating(
                    table=table_index,
                    partnerships=(
                        tuple(f"P{player.member_id}" for player in teams[0]),
                        tuple(f"P{player.member_id}" for player in teams[1]),
                    ),
                )
                result = play_table(profile, seating, round_index, bots, rng)
                winner = game_winner(result)
                games.append(
                    RatedGame(
                        event_date=date,
                        event_key=f"night-{night}",
                        round=round_index,
                        table=table_index,
                        teams=(
                            tuple(player.member_id for player in teams[0]),
                            tuple(player.member_id for player in teams[1]),
                        ),
                        points=result.team_points,
                        winner=winner,
                    )
                )
                advance()
        left -= count
        night += 1
    return games


def kendall_tau_b(first: Sequence[float], second: Sequence[float]) -> float:
    """Kendall's tau-b of two paired sequences (ties in either counted as tau-b does)."""
    concordant = discordant = ties_first = ties_second = 0
    for i in range(len(first)):
        for j in range(i + 1, len(first)):
            a = (first[i] > first[j]) - (first[i] < first[j])
            b = (second[i] > second[j]) - (second[i] < second[j])
            if a == 0 and b == 0:
                continue
            if a == 0:
                ties_first += 1
            elif b == 0:
                ties_second += 1
            elif a == b:
                concordant += 1
            else:
                discordant += 1
    pairs_first = concordant + discordant + ties_second
    pairs_second = concordant + discordant + ties_first
    if not pairs_first or not pairs_second:
        return 0.0
    return (concordant - discordant) / math.sqrt(pairs_first * pairs_second)


def pairs_in_order(ratings: Sequence[float], strength: Sequence[float]) -> float:
    """Over the pairs of players of different true strength: (in order − out of order) /
    pairs, a tied rating counting as half of each (Kendall's tau over those pairs alone)."""
    score = 0.0
    pairs = 0
    for i in range(len(ratings)):
        for j in range(i + 1, len(ratings)):
            truth = (strength[i] > strength[j]) - (strength[i] < strength[j])
            if truth == 0:
                continue
            shown = (ratings[i] > ratings[j]) - (ratings[i] < ratings[j])
            score += truth * shown
            pairs += 1
    return score / pairs if pairs else 0.0


def prediction_scores(table: RatingTable, games: Sequence[RatedGame]) -> dict[str, float]:
    """Brier score, log loss and the favourite's win rate of ``table``'s predictions over
    ``games`` (draws left out), with a coin's figures beside them."""
    brier = log_loss = favourite = 0.0
    counted = 0
    for game in games:
        ranks = game.ranks
        if ranks[0] == ranks[1]:
            continue
        won = 1.0 if ranks[0] < ranks[1] else 0.0
        probability = table.win_probability(game.teams[0], game.teams[1])
        probability = min(max(probability, 1e-12), 1 - 1e-12)
        brier += (probability - won) ** 2
        log_loss -= won * math.log(probability) + (1 - won) * math.log(1 - probability)
        favourite += 1.0 if (probability > 0.5) == (won == 1.0) else 0.0
        counted += 1
    if not counted:
        return {"games": 0}
    return {
        "games": counted,
        "brier": round(brier / counted, 4),
        "brier_coin": 0.25,
        "log_loss": round(log_loss / counted, 4),
        "log_loss_coin": round(math.log(2), 4),
        "favourite_won": round(favourite / counted, 4),
    }


def level_strengths(
    players: Sequence[Player], games: Sequence[RatedGame]
) -> tuple[dict[str, float], float]:
    """Each level's strength in points a game per player (the weakest 0), fitted to the
    games' margins by least squares, and the spread of a margin about that fit."""
    levels = sorted({player.strength: player.level for player in players}.items())
    strength_of = {player.member_id: player.strength for player in players}
    rows = np.zeros((len(games), len(levels) - 1))
    for row, game in enumerate(games):
        for side, sign in ((0, 1.0), (1, -1.0)):
            for member in game.teams[side]:
                if strength_of[member]:
                    rows[row, strength_of[member] - 1] += sign
    margins = np.array([float(game.margin) for game in games])
    fitted, *_ = np.linalg.lstsq(rows, margins, rcond=None)
    spread = float(np.std(margins - rows @ fitted))
    values = [0.0, *(float(value) for value in fitted)]
    return {
        level: round(value, 3) for (_, level), value in zip(levels, values, strict=True)
    }, round(spread, 3)


def ceiling(
    players: Sequence[Player],
    games: Sequence[RatedGame],
    strengths: dict[str, float],
    spread: float,
    *,
    repeats: Sequence[int] = (1, 2, 4, 8),
    seasons: int = 500,
    seed: int = 0,
) -> dict[str, dict[str, float]]:
    """What any rating could reach on ``games``' schedule (played ``repeats`` times over):
    each season's margins are drawn from the normal model (each player's level strength from
    :func:`level_strengths`, a normal error of ``spread``) and the players are ordered by the
    exact posterior mean of their strengths given every margin at once (a normal prior as
    wide as the levels' spread): Kendall's tau-b's mean and the share of seasons at 0.8 or
    more."""
    index = {player.member_id: place for place, player in enumerate(players)}
    truth = [float(player.strength) for player in players]
    strength = np.array([strengths[player.level] for player in players])
    design = np.zeros((len(games), len(players)))
    for row, game in enumerate(games):
        for side, sign in ((0, 1.0), (1, -1.0)):
            for member in game.teams[side]:
                design[row, index[member]] = sign
    prior = float(np.std(strength)) or 1.0
    rng = np.random.default_rng(seed)
    figures: dict[str, dict[str, float]] = {}
    for repeat in repeats:
        tiled = np.tile(design, (repeat, 1))
        solve = np.linalg.inv(tiled.T @ tiled + (spread / prior) ** 2 * np.eye(len(players)))
        taus = []
        for _ in range(seasons):
            margins = tiled @ strength + rng.normal(0.0, spread, len(tiled))
            estimate = solve @ (tiled.T @ margins)
            taus.append(kendall_tau_b(estimate.tolist(), truth))
        each = round(len(tiled) * 4 / len(players))
        figures[str(each)] = {
            "mean_tau": round(sum(taus) / len(taus), 3),
            "share_at_0_8": round(sum(tau >= 0.8 for tau in taus) / len(taus), 3),
        }
    return figures


def evaluate(
    players: Sequence[Player],
    training: Sequence[RatedGame],
    held_out: Sequence[RatedGame],
    beta: float | None = None,
    margin: float = 0.0,
    fit: tuple[dict[str, float], float] | None = None,
) -> dict[str, Any]:
    """Each model's tau after ``training`` and its predictions on ``held_out`` (``beta``:
    each model's own default unless given; ``margin``: OpenSkill's, for its models), and the
    :func:`ceiling` for the levels' strengths and spread ``fit`` (by default fitted to these
    games alone, a noisy fit: pool several runs with ``--load``)."""
    strength = [float(player.strength) for player in players]
    # A perfect rating order: the levels in order, no two players level.
    perfect = [value + index * 1e-6 for index, value in enumerate(strength)]
    models = {}
    for model in RatingModel:
        table = rate_games(training, model, beta=beta, margin=margin)
        shown = [table.rating(player.member_id).display for player in players]
        by_level: dict[str, list[float]] = {}
        for player, value in zip(players, shown, strict=True):
            by_level.setdefault(player.level, []).append(value)
        models[model.value] = {
            "beta": round(table.beta, 4),
            "kendall_tau": round(kendall_tau_b(shown, strength), 4),
            # Tau-b's best with the levels tied in the truth: a perfect order scores this.
            "kendall_tau_best": round(kendall_tau_b(perfect, strength), 4),
            "pairs_in_order": round(pairs_in_order(shown, strength), 4),
            "mean_rating_by_level": {
                level: round(sum(values) / len(values), 2) for level, values in by_level.items()
            },
            "held_out": prediction_scores(table, held_out),
        }
    level_of = {player.member_id: player.strength for player in players}
    stronger = [
        (sum(level_of[m] for m in game.teams[0]) - sum(level_of[m] for m in game.teams[1]), game)
        for game in [*training, *held_out]
    ]
    decided = [
        (difference > 0) == (game.ranks[0] < game.ranks[1])
        for difference, game in stronger
        if difference != 0 and game.ranks[0] != game.ranks[1]
    ]
    strengths, spread = fit or level_strengths(players, [*training, *held_out])
    games_each = {player.member_id: 0 for player in players}
    for game in training:
        for member in (*game.teams[0], *game.teams[1]):
            games_each[member] += 1
    return {
        "players": len(players),
        "training_games": len(training),
        "games_each": [min(games_each.values()), max(games_each.values())],
        "held_out_games": len(held_out),
        "margin": margin,
        # The truth the ratings look for: how often the side with the stronger levels won.
        "stronger_side_won": {
            "games": len(decided),
            "share": round(sum(decided) / len(decided), 4) if decided else 0.0,
        },
        "models": models,
        # The margins' own truth: each level's strength (points a game per player) and the
        # spread of a game's margin about it; and the best tau any rating could hope for.
        "level_strength": strengths,
        "margin_spread": spread,
        "ceiling": ceiling(players, training, strengths, spread, seed=len(training)),
    }


def run(
    *,
    levels: Sequence[str],
    names: int,
    games: int,
    held_out: int,
    rounds_per_night: int,
    seed: int,
    show_progress: bool,
    sheet: str = "bolivar",
    arena_deals: int = ARENA_DEALS,
    save: Path | None = None,
    beta: float | None = None,
    margin: float = 0.0,
) -> dict[str, Any]:
    """Measure the levels' order in the arena, simulate the season and measure its ratings
    (see the module); ``save`` keeps the games and the measured order."""
    for level in levels:
        if level not in BOT_FACTORIES:
            known = ", ".join(BOT_FACTORIES)
            raise SystemExit(f"unknown level or bot {level!r}; choose from {known}")
    if len(set(levels)) != len(levels):
        raise SystemExit(f"each level once, please: got {', '.join(levels)}")
    if len(levels) * names < 4:
        raise SystemExit(f"a season needs at least 4 players, got {len(levels) * names}")
    if arena_deals < 1:
        raise SystemExit(f"--arena-deals must be at least 1, got {arena_deals}")
    try:
        profile = load_profile(sheet)
    except EuchreError as error:
        raise SystemExit(f"--sheet: {error}") from None
    listed = make_players(levels, names)
    bots = {
        f"P{player.member_id}": make_bot(player.level, seed * 1000 + player.member_id)
        for player in listed
    }
    for player in listed:
        try:
            check_counted(bots[f"P{player.member_id}"], player.level)
        except EuchreError as error:
            raise SystemExit(f"{error}: the bench must replay a seed to the digit") from None
    rng = random.Random(seed)
    training_rounds = rounds_for(games, len(listed))
    held_out_rounds = rounds_for(held_out, len(listed))
    tables = len(listed) // 4
    steps = [("arena", (len(levels) - 1) * arena_deals)]
    steps.append(("games", (training_rounds + held_out_rounds) * tables))
    with _progress(steps, show_progress) as advance:
        order = measure_levels(
            levels, profile=profile, deals=arena_deals, seed=seed, advance=advance["arena"]
        )
        players = make_players(levels, names, order["measured"])
        training = play_nights(
            profile,
            players,
            training_rounds,
            rounds_per_night,
            seed,
            0,
            bots,
            rng,
            advance["games"],
        )
        later = math.ceil(training_rounds / rounds_per_night)
        evaluation = play_nights(
            profile,
            players,
            held_out_rounds,
            rounds_per_night,
            seed,
            later,
            bots,
            rng,
            advance["games"],
        )
    if save is not None:
        save.write_text(
            json.dumps(
                {
                    "seed": seed,
                    "levels": list(levels),
                    "names": names,
                    "level_order": order,
                    "training": [game.to_json() for game in training],
                    "held_out": [game.to_json() for game in evaluation],
                }
            )
        )
    report = evaluate(players, training, evaluation, beta, margin)
    report.update(seed=seed, levels=list(levels), level_order=order)
    return report


def load(paths: Sequence[Path], beta: float | None = None, margin: float = 0.0) -> dict[str, Any]:
    """Measure the games runs saved (``--save``) again, without playing them. Several runs of
    the same players are also pooled: each model's mean figures over the runs, and the levels'
    strengths fitted to all their games, with the ceiling for them."""
    runs = []
    for path in paths:
        data = json.loads(path.read_text())
        # Runs saved before the bench measured the levels' order assumed the listed one.
        order = data.get("level_order")
        players = make_players(data["levels"], data["names"], order and order["measured"])
        training = [RatedGame.from_json(game) for game in data["training"]]
        held_out = [RatedGame.from_json(game) for game in data["held_out"]]
        runs.append((data, players, training, held_out))
    if len({(tuple(data["levels"]), data["names"]) for data, *_ in runs}) > 1:
        raise SystemExit("--load: the runs pooled must have the same levels and names")
    pooled = level_strengths(
        runs[0][1], [game for _, _, training, held in runs for game in (*training, *held)]
    )
    reports = []
    for data, players, training, held_out in runs:
        report = evaluate(
            players, training, held_out, beta, margin, pooled if len(runs) > 1 else None
        )
        report.update(seed=data["seed"], levels=data["levels"], level_order=data.get("level_order"))
        reports.append(report)
    if len(reports) == 1:
        return reports[0]
    return {"runs": reports, "pooled": pool(reports)}


def pool(reports: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The mean of each model's figures over several runs' reports (the levels' fit and the
    ceiling are the same in each: the pooled ones)."""

    def mean(values: Sequence[float]) -> float:
        return round(sum(values) / len(values), 4)

    models = {
        name: {
            "kendall_tau": mean([report["models"][name]["kendall_tau"] for report in reports]),
            "kendall_tau_best": reports[0]["models"][name]["kendall_tau_best"],
            "pairs_in_order": mean(
                [report["models"][name]["pairs_in_order"] for report in reports]
            ),
            **{
                figure: mean([report["models"][name]["held_out"][figure] for report in reports])
                for figure in ("brier", "log_loss", "favourite_won")
            },
        }
        for name in reports[0]["models"]
    }
    return {
        "seeds": [report["seed"] for report in reports],
        "stronger_side_won": mean([report["stronger_side_won"]["share"] for report in reports]),
        "models": models,
        "level_strength": reports[0]["level_strength"],
        "margin_spread": reports[0]["margin_spread"],
        "ceiling": reports[0]["ceiling"],
    }


class _progress:
    """A Rich progress bar for each named step (its total) when ``shown``; no-ops otherwise.
    Entering gives each step's ``advance`` by name."""

    def __init__(self, steps: Sequence[tuple[str, int]], shown: bool) -> None:
        self.steps = steps
        self.shown = shown
        self.bar: Any = None

    def __enter__(self) -> dict[str, Callable[[], None]]:
        if not self.shown:
            return {name: lambda: None for name, _total in self.steps}
        from rich.console import Console
        from rich.progress import Progress

        # On stderr: stdout carries the report (--json) and must stay the same run to run.
        self.bar = Progress(console=Console(stderr=True), transient=True)
        self.bar.start()
        advance: dict[str, Callable[[], None]] = {}
        for name, total in self.steps:
            task = self.bar.add_task(name, total=total)
            advance[name] = lambda task=task: self.bar.advance(task)
        return advance

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def print_report(report: dict[str, Any]) -> None:
    """The figures as Rich tables (several runs: each, then their pooled figures)."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if "runs" in report:
        for run_report in report["runs"]:
            print_report(run_report)
        pooled = report["pooled"]
        table = Table(
            "model",
            "Kendall tau-b (best)",
            "pairs of levels in order",
            "Brier (coin 0.25)",
            "log loss (coin 0.693)",
            "favourite won",
            title=f"the mean of seeds {', '.join(map(str, pooled['seeds']))}",
        )
        for name, figures in pooled["models"].items():
            table.add_row(
                name,
                f"{figures['kendall_tau']:.3f} ({figures['kendall_tau_best']:.3f})",
                f"{figures['pairs_in_order']:.3f}",
                f"{figures['brier']:.4f}",
                f"{figures['log_loss']:.4f}",
                f"{figures['favourite_won']:.3f}",
            )
        console.print(table)
        return
    print_level_order(console, report.get("level_order"))
    console.print(
        f"{report['players']} players ({', '.join(report['levels'])}), seed {report['seed']}: "
        f"{report['training_games']} games rated ({report['games_each'][0]}-"
        f"{report['games_each'][1]} each), {report['held_out_games']} held-out games, "
        f"OpenSkill's margin {report['margin']:.3g}; the side of more "
        f"strength won {report['stronger_side_won']['share']:.3f} of "
        f"{report['stronger_side_won']['games']} games"
    )
    table = Table(
        "model",
        "beta",
        "Kendall tau-b (best)",
        "pairs of levels in order",
        "Brier (coin 0.25)",
        "log loss (coin 0.693)",
        "favourite won",
        "mean rating by level",
    )
    for name, figures in report["models"].items():
        held = figures["held_out"]
        table.add_row(
            name,
            f"{figures['beta']:.3g}",
            f"{figures['kendall_tau']:.3f} ({figures['kendall_tau_best']:.3f})",
            f"{figures['pairs_in_order']:.3f}",
            f"{held.get('brier', float('nan')):.4f}",
            f"{held.get('log_loss', float('nan')):.4f}",
            f"{held.get('favourite_won', float('nan')):.3f}",
            ", ".join(
                f"{level} {value}" for level, value in figures["mean_rating_by_level"].items()
            ),
        )
    console.print(table)
    console.print(
        "levels' strength, points a game per player: "
        + ", ".join(f"{level} {value:+.2f}" for level, value in report["level_strength"].items())
        + f"; a margin's spread about it {report['margin_spread']:.2f}. The best tau any rating "
        "could hope for (mean, share of seasons at 0.8): "
        + ", ".join(
            f"{games} games each {figures['mean_tau']:.3f}, {figures['share_at_0_8']:.3f}"
            for games, figures in report["ceiling"].items()
        )
    )


def level_order_words(order: dict[str, Any] | None) -> str:
    """One sentence: whether the levels' assumed order held in the arena, and the order the
    bench measured the ratings against."""
    if order is None:
        return "levels' order: assumed as listed (saved before the bench measured it)"
    if order["holds"]:
        return (
            f"the assumed order held in the arena on {order['sheet']} "
            f"({order['deals']} deals a pair): {' < '.join(order['measured'])}"
        )
    return (
        f"the assumed order did NOT hold in the arena on {order['sheet']} "
        f"({order['deals']} deals a pair): the ratings are measured against the measured "
        f"order {' < '.join(order['measured'])}, not {' < '.join(order['assumed'])}"
    )


def print_level_order(console: Any, order: dict[str, Any] | None) -> None:
    """The arena's table of neighbouring levels, and :func:`level_order_words`."""
    from rich.table import Table

    if order is not None:
        table = Table(
            "stronger (listed)",
            "weaker (listed)",
            "points a deal",
            "95 % interval",
            "verdict",
            title=f"the levels in the arena, {order['sheet']}, seed {order['seed']}",
        )
        for step in order["steps"]:
            low, high = step["ci95"]
            table.add_row(
                step["stronger"],
                step["weaker"],
                f"{step['diff']:+.3f}",
                f"{low:+.3f} to {high:+.3f}",
                step["verdict"],
            )
        console.print(table)
    console.print(level_order_words(order))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Parse the options, run the bench, print the figures; returns the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=20, help="games each before measuring")
    parser.add_argument("--held-out", type=int, default=20, help="later games each, predicted")
    parser.add_argument("--names", type=int, default=3, help="players per level")
    parser.add_argument(
        "--levels",
        default=",".join(LEVELS),
        help="levels (or any registered bots), comma-separated, weakest first",
    )
    parser.add_argument("--rounds-per-night", type=int, default=10)
    parser.add_argument(
        "--sheet", default="bolivar", help="the rule sheet the arena and the season play under"
    )
    parser.add_argument(
        "--arena-deals",
        type=int,
        default=ARENA_DEALS,
        help=f"duplicate deals for each pair of neighbouring levels (default {ARENA_DEALS})",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="easy and medium, 2 names, 4 + 4 games, 20 arena deals (seconds)",
    )
    parser.add_argument(
        "--beta",
        type=float,
        help="every model's beta (default: each model's own, "
        + ", ".join(f"{model.value} {beta:.4g}" for model, beta in DEFAULT_BETAS.items())
        + ")",
    )
    parser.add_argument(
        "--margin",
        type=float,
        default=0.0,
        help="OpenSkill's margin of victory for its models, the points passed as scores "
        "(default 0: who won only)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--save", type=Path, help="write the games played to this JSON file")
    parser.add_argument(
        "--load",
        type=Path,
        nargs="+",
        help="measure games saved by --save, playing none (several: pooled as well)",
    )
    options = parser.parse_args(argv)
    levels = [level for level in options.levels.split(",") if level]
    if options.quick:
        levels, options.names, options.games, options.held_out = ["easy", "medium"], 2, 4, 4
        options.arena_deals = 20
    if options.load is not None:
        report = load(options.load, options.beta, options.margin)
    else:
        report = run(
            levels=levels,
            names=options.names,
            games=options.games,
            held_out=options.held_out,
            rounds_per_night=options.rounds_per_night,
            seed=options.seed,
            show_progress=sys.stderr.isatty(),
            sheet=options.sheet,
            arena_deals=options.arena_deals,
            save=options.save,
            beta=options.beta,
            margin=options.margin,
        )
    if options.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return report


if __name__ == "__main__":
    main()
