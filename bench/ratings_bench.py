"""What the season ratings are worth: simulated seasons of computer players of known strength.

    nice -n 10 uv run python bench/ratings_bench.py                  # 12 players, 20 + 20 games
    nice -n 10 uv run python bench/ratings_bench.py --seed 2 --games 30 --json
    uv run python bench/ratings_bench.py --quick                     # seconds: easy vs medium

The players are the bot levels (``easy`` < ``medium`` < ``hard`` < ``expert``), each under
``--names`` names (3 by default: 12 players). They play club nights of ``--rounds-per-night``
rounds with partners rotating by the project's rotating-partner schedule
(:func:`euchre.tournament.schedule.generate_schedule`, a new seed each night), every game
played hand by hand by the engine under the Bolivar sheet's rules
(:func:`euchre.tournament.simulate.play_table`). After ``--games`` games each the ratings
(:func:`euchre.tournament.ratings.rate_games`) are frozen and measured:

* Kendall's tau-b between the rating order (the conservative rating shown) and the true
  order of the levels (issue 22's target: 0.8 or more);
* on the held-out later games (``--held-out`` more games each), the frozen ratings' predicted
  probability that the first partnership wins, scored by the Brier score and the log loss
  against a coin's (0.25 and ln 2 = 0.693), and how often the favourite won.

Every Weng-Lin model offered is measured on the same games. The seed fixes the schedule, the
deals and the ``easy``/``medium`` players' choices; ``hard`` and ``expert`` think against a
clock, so on a loaded machine a rerun may play some cards differently: ``--save games.json``
keeps the exact games and ``--load games.json`` measures them again (``--beta``, every model)
without playing. A progress bar is shown on a terminal only.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre.bots import BOT_FACTORIES, Bot, make_bot
from euchre.bots.levels import LEVELS
from euchre.engine.profile import load_profile
from euchre.tournament.event import game_winner
from euchre.tournament.model import TableSeating
from euchre.tournament.ratings import DEFAULT_BETA, RatedGame, RatingModel, RatingTable, rate_games
from euchre.tournament.schedule import generate_schedule
from euchre.tournament.simulate import play_table

SEASON_START = datetime.date(2027, 1, 7)


@dataclass(frozen=True)
class Player:
    """A simulated member: its id, its name and its level's strength (0 = weakest)."""

    member_id: int
    name: str
    level: str
    strength: int


def make_players(levels: Sequence[str], names: int) -> list[Player]:
    """``names`` players per level, numbered from 1; the strength is the level's index."""
    players: list[Player] = []
    for strength, level in enumerate(levels):
        for index in range(names):
            number = len(players) + 1
            players.append(Player(number, f"{level}-{index + 1}", level, strength))
    return players


def rounds_for(games: int, players: int) -> int:
    """Rounds needed for ``games`` games each on average (some sit out if not 4k players)."""
    seats = 4 * (players // 4)
    return math.ceil(games * players / seats)


def play_nights(
    players: Sequence[Player],
    rounds: int,
    rounds_per_night: int,
    seed: int,
    first_night: int,
    bots: dict[str, Bot],
    rng: random.Random,
    advance: Callable[[], None],
) -> list[RatedGame]:
    """``rounds`` rounds in nights of ``rounds_per_night``, every game played by the bots."""
    profile = load_profile("bolivar")
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


def evaluate(
    players: Sequence[Player],
    training: Sequence[RatedGame],
    held_out: Sequence[RatedGame],
    beta: float = DEFAULT_BETA,
) -> dict[str, Any]:
    """Each model's tau after ``training`` and its predictions on ``held_out``."""
    strength = [float(player.strength) for player in players]
    # A perfect rating order: the levels in order, no two players level.
    perfect = [value + index * 1e-6 for index, value in enumerate(strength)]
    models = {}
    for model in RatingModel:
        table = rate_games(training, model, beta=beta)
        shown = [table.rating(player.member_id).display for player in players]
        by_level: dict[str, list[float]] = {}
        for player, value in zip(players, shown, strict=True):
            by_level.setdefault(player.level, []).append(value)
        models[model.value] = {
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
    games_each = {player.member_id: 0 for player in players}
    for game in training:
        for member in (*game.teams[0], *game.teams[1]):
            games_each[member] += 1
    return {
        "players": len(players),
        "training_games": len(training),
        "games_each": [min(games_each.values()), max(games_each.values())],
        "held_out_games": len(held_out),
        "beta": beta,
        # The truth the ratings look for: how often the side with the stronger levels won.
        "stronger_side_won": {
            "games": len(decided),
            "share": round(sum(decided) / len(decided), 4) if decided else 0.0,
        },
        "models": models,
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
    save: Path | None = None,
    beta: float = DEFAULT_BETA,
) -> dict[str, Any]:
    """Simulate the season and measure it (see the module); ``save`` keeps the games."""
    for level in levels:
        if level not in BOT_FACTORIES:
            known = ", ".join(BOT_FACTORIES)
            raise SystemExit(f"unknown level or bot {level!r}; choose from {known}")
    players = make_players(levels, names)
    if len(players) < 4:
        raise SystemExit(f"a season needs at least 4 players, got {len(players)}")
    bots = {
        f"P{player.member_id}": make_bot(player.level, seed * 1000 + player.member_id)
        for player in players
    }
    rng = random.Random(seed)
    training_rounds = rounds_for(games, len(players))
    held_out_rounds = rounds_for(held_out, len(players))
    tables = len(players) // 4
    total = (training_rounds + held_out_rounds) * tables
    start = time.perf_counter()
    with _progress(total, show_progress) as advance:
        training = play_nights(
            players, training_rounds, rounds_per_night, seed, 0, bots, rng, advance
        )
        later = math.ceil(training_rounds / rounds_per_night)
        evaluation = play_nights(
            players, held_out_rounds, rounds_per_night, seed, later, bots, rng, advance
        )
    seconds = round(time.perf_counter() - start, 1)
    if save is not None:
        save.write_text(
            json.dumps(
                {
                    "seed": seed,
                    "levels": list(levels),
                    "names": names,
                    "seconds": seconds,
                    "training": [game.to_json() for game in training],
                    "held_out": [game.to_json() for game in evaluation],
                }
            )
        )
    report = evaluate(players, training, evaluation, beta)
    report.update(seed=seed, levels=list(levels), seconds=seconds)
    return report


def load(path: Path, beta: float = DEFAULT_BETA) -> dict[str, Any]:
    """Measure the games a run saved (``--save``) again, without playing them."""
    data = json.loads(path.read_text())
    players = make_players(data["levels"], data["names"])
    training = [RatedGame.from_json(game) for game in data["training"]]
    held_out = [RatedGame.from_json(game) for game in data["held_out"]]
    report = evaluate(players, training, held_out, beta)
    report.update(seed=data["seed"], levels=data["levels"], seconds=data["seconds"])
    return report


class _progress:
    """A Rich progress bar over the games when ``shown``; a no-op otherwise."""

    def __init__(self, total: int, shown: bool) -> None:
        self.total = total
        self.shown = shown
        self.bar: Any = None

    def __enter__(self) -> Callable[[], None]:
        if not self.shown:
            return lambda: None
        from rich.progress import Progress

        self.bar = Progress(transient=True)
        self.bar.start()
        task = self.bar.add_task("games", total=self.total)
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def print_report(report: dict[str, Any]) -> None:
    """The figures as a Rich table."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(
        f"{report['players']} players ({', '.join(report['levels'])}), seed {report['seed']}: "
        f"{report['training_games']} games rated ({report['games_each'][0]}-"
        f"{report['games_each'][1]} each), {report['held_out_games']} held-out games, "
        f"{report['seconds']} s, beta {report['beta']:.3g}; the side of more strength won "
        f"{report['stronger_side_won']['share']:.3f} of {report['stronger_side_won']['games']} "
        "games"
    )
    table = Table(
        "model",
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
        "--quick", action="store_true", help="easy and medium, 2 names, 4 + 4 games (seconds)"
    )
    parser.add_argument("--beta", type=float, default=DEFAULT_BETA, help="OpenSkill's beta")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--save", type=Path, help="write the games played to this JSON file")
    parser.add_argument("--load", type=Path, help="measure games saved by --save, playing none")
    options = parser.parse_args(argv)
    levels = [level for level in options.levels.split(",") if level]
    if options.quick:
        levels, options.names, options.games, options.held_out = ["easy", "medium"], 2, 4, 4
    if options.load is not None:
        report = load(options.load, options.beta)
    else:
        report = run(
            levels=levels,
            names=options.names,
            games=options.games,
            held_out=options.held_out,
            rounds_per_night=options.rounds_per_night,
            seed=options.seed,
            show_progress=sys.stderr.isatty() and not options.json,
            save=options.save,
            beta=options.beta,
        )
    if options.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return report


if __name__ == "__main__":
    main()
