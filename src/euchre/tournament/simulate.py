"""Whole events played by computer players through the real engine, format code and bots.

:func:`simulate_event` seats the players with :func:`compute_event`, plays every table's game
hand by hand (``deal_record`` → bots choose from their :func:`view_of` → ``HandState.play``
→ ``Game.record``), turns each game into a :class:`TableResult` exactly as a director would
enter it, and repeats until the event is over. :func:`simulate_events` repeats whole events
to answer a director's question such as "how often does the strongest team win?".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypedDict

from euchre.bots import BOT_FACTORIES, Bot, make_bot
from euchre.engine.game import Game
from euchre.engine.profile import RuleProfile, load_profile
from euchre.engine.record import deal_record, draw_first_dealer
from euchre.engine.state import HandStatus
from euchre.engine.view import view_of
from euchre.tournament.bell import on_paper_only
from euchre.tournament.errors import TournamentError
from euchre.tournament.event import compute_event
from euchre.tournament.formats import FORMATS, PRESETS, check_config, preset_config
from euchre.tournament.model import (
    Entrant,
    EventConfig,
    EventInputs,
    EventSnapshot,
    TableResult,
    TableSeating,
)
from euchre.tournament.sheets import default_sheet_for

__all__ = [
    "SimulationJson",
    "SimulationReport",
    "play_table",
    "simulate_event",
    "simulate_events",
    "simulation_config",
]

MAX_HANDS_PER_GAME = 200


def simulation_config(
    format_or_sheet: str, *, rounds: int | None, seed: int, profile_id: str | None = None
) -> EventConfig:
    """An event config for a format name (``winners_move_up``...) or a sheet's preset
    (``ballantrae``...)."""
    if format_or_sheet in PRESETS:
        sheet = format_or_sheet
        overrides: dict[str, Any] = {"seed": seed}
    elif format_or_sheet in FORMATS:
        sheet = default_sheet_for(format_or_sheet)
        overrides = {"seed": seed, "format": format_or_sheet}
    else:
        known = ", ".join([*FORMATS, *PRESETS])
        raise TournamentError(f"unknown format or sheet {format_or_sheet!r}; known: {known}")
    if rounds is not None:
        overrides["rounds"] = rounds
    config = preset_config(sheet, f"simulated {format_or_sheet}", **overrides)
    if profile_id is not None:
        # The sheet gives the event's shape; --profile only changes the rules of play (checked
        # like any event's: an unknown profile is refused in words).
        config = replace(config, profile_id=profile_id)
        check_config(config)
    on_paper = on_paper_only(load_profile(config.profile_id))
    if on_paper is not None:
        # The simulator plays every game with the engine, which keeps no round bell: a game
        # to the bell is never simulated to some other length.
        raise TournamentError(on_paper)
    return config


def _entrants(config: EventConfig, players: int) -> tuple[Entrant, ...]:
    fixed = FORMATS[config.format].fixed_partners
    return tuple(
        Entrant(
            id=f"P{number}",
            name=f"Player {number}",
            team=f"T{(number + 1) // 2}" if fixed else None,
        )
        for number in range(1, players + 1)
    )


def play_table(
    profile: RuleProfile,
    table: TableSeating,
    round_number: int,
    bots: dict[str, Bot],
    rng: random.Random,
) -> TableResult:
    """Play one game at ``table`` with each player's bot and return the tally as a
    director enters it (team totals, hand by hand, per player, lone hands, euchres)."""
    seats = [
        table.partnerships[0][0],
        table.partnerships[1][0],
        table.partnerships[0][1],
        table.partnerships[1][1],
    ]
    game = Game(profile, draw_first_dealer(profile, rng).dealer)
    hand_points: list[tuple[int, int]] = []
    lone_hands = dict.fromkeys(seats, 0)
    euchres = dict.fromkeys(seats, 0)
    for _hand in range(MAX_HANDS_PER_GAME):
        if game.is_over:
            break
        state = deal_record(profile, game.dealer, rng).start()
        hands_left = max(profile.game_hands - game.counted_hands, 0)
        scores = (game.scores[0], game.scores[1])
        while not state.is_over:
            seat = state.to_act
            state.play(bots[seats[seat]].choose(view_of(state, seat, scores, hands_left)))
        result = state.result()
        extra = game.in_extra_hand  # a level game's unscored extra hand: nothing counts
        played = game.record(result)
        if played.counted:
            hand_points.append(result.team_points)
        if result.status is HandStatus.SCORED and result.maker is not None and not extra:
            maker = result.maker
            if result.euchred:
                for seat in (maker % 2, maker % 2 + 2):
                    if result.alone and seat != maker:
                        continue
                    euchres[seats[seat]] += 1
            elif result.alone:
                lone_hands[seats[maker]] += 1
    winner = game.winner()
    tied = game.scores[0] == game.scores[1]
    return TableResult(
        round=round_number,
        table=table.table,
        team_points=(game.scores[0], game.scores[1]),
        hand_points=tuple(hand_points) if len(hand_points) == game.counted_hands else (),
        player_points={seats[seat]: game.player_scores[seat] for seat in range(4)},
        lone_hands={player: count for player, count in lone_hands.items() if count},
        euchres={player: count for player, count in euchres.items() if count},
        hands_played=game.counted_hands,
        first_to_tying_score=winner if tied else None,
        partnerships=table.partnerships,
    )


class SimulationJson(TypedDict):
    """``euchre simulate --json``: the last event's parts as the codec writes them, and the
    win counts over every event."""

    events: int
    standings: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    prizes: list[dict[str, Any]]
    side_pot: dict[str, Any] | None
    playoffs: list[dict[str, Any]]
    wins_by_competitor: dict[str, float]
    wins_by_bot: dict[str, float]
    bot_of: dict[str, str]
    first_bot: str
    first_bot_win_rate: float


@dataclass(slots=True)
class SimulationReport:
    """Repeated simulated events: how often each competitor and each bot won."""

    events: int
    last: EventSnapshot | None = None
    wins_by_competitor: dict[str, float] = field(default_factory=dict)
    wins_by_bot: dict[str, float] = field(default_factory=dict)
    bot_of: dict[str, str] = field(default_factory=dict)
    first_bot: str = ""

    def to_json(self) -> SimulationJson:
        """The last event's standings and rounds, plus the win counts over every event."""
        last = self.last
        return {
            "events": self.events,
            "standings": [row.to_json() for row in last.standings] if last else [],
            "rounds": [plan.to_json() for plan in last.rounds] if last else [],
            "prizes": [award.to_json() for award in last.prizes] if last else [],
            "side_pot": last.side_pot.to_json() if last and last.side_pot else None,
            "playoffs": [playoff.to_json() for playoff in last.playoffs] if last else [],
            "wins_by_competitor": self.wins_by_competitor,
            "wins_by_bot": self.wins_by_bot,
            "bot_of": self.bot_of,
            # The first bot named is the one a director asks about ("the strongest team").
            "first_bot": self.first_bot,
            "first_bot_win_rate": round(self.wins_by_bot.get(self.first_bot, 0) / self.events, 4)
            if self.events
            else 0.0,
        }


def _bots_for(entrants: Sequence[Entrant], names: Sequence[str], seed: int) -> dict[str, Bot]:
    """Bots by player; with several bot names, team k (or player k) plays ``names[k % len]``."""
    bots: dict[str, Bot] = {}
    for index, entrant in enumerate(entrants):
        unit_index = (index // 2) if entrant.team is not None else index
        bots[entrant.id] = make_bot(names[unit_index % len(names)], seed * 1000 + index)
    return bots


def simulate_event(
    config: EventConfig,
    players: int,
    bot_names: Sequence[str] = ("random",),
    *,
    progress: Callable[[int], None] | None = None,
) -> EventSnapshot:
    """Play a whole event of ``players`` computer players; ``progress`` is told of each game."""
    for name in bot_names:
        if name not in BOT_FACTORIES:
            raise TournamentError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOT_FACTORIES))}")
    if players < 4:
        raise TournamentError(f"an event needs at least 4 players, got {players}")
    profile = load_profile(config.profile_id)
    entrants = _entrants(config, players)
    bots = _bots_for(entrants, bot_names, config.seed)
    rng = random.Random(f"simulate:{config.seed}")
    inputs = EventInputs(config, entrants)
    snapshot = compute_event(inputs)
    while not snapshot.is_over:
        if snapshot.current_round is None:  # pragma: no cover - is_over covers it
            break
        plan = snapshot.round_plan(snapshot.current_round)
        if not plan.tables:
            raise TournamentError(f"round {plan.round}: too few players to seat a table")
        results = list(inputs.results)
        for table in plan.tables:
            results.append(play_table(profile, table, plan.round, bots, rng))
            if progress is not None:
                progress(1)
        inputs = EventInputs(config, entrants, tuple(results))
        snapshot = compute_event(inputs)
    return snapshot


def simulate_events(
    config: EventConfig,
    players: int,
    bot_names: Sequence[str] = ("random",),
    events: int = 1,
    *,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Repeat :func:`simulate_event` ``events`` times (seeds ``seed``, ``seed + 1``...) and
    count first places; a shared first place counts as a fraction."""
    report = SimulationReport(events, first_bot=bot_names[0] if bot_names else "")
    entrants = _entrants(config, players)
    for index, entrant in enumerate(entrants):
        unit_index = (index // 2) if entrant.team is not None else index
        unit = entrant.team if entrant.team is not None else entrant.id
        report.bot_of[unit] = bot_names[unit_index % len(bot_names)]
    for number in range(events):
        snapshot = simulate_event(
            replace(config, seed=config.seed + number), players, bot_names, progress=progress
        )
        report.last = snapshot
        firsts = [row for row in snapshot.standings if row.rank == 1]
        for row in firsts:
            share = 1 / len(firsts)
            report.wins_by_competitor[row.competitor_id] = (
                report.wins_by_competitor.get(row.competitor_id, 0) + share
            )
            bot = report.bot_of.get(row.competitor_id, "?")
            report.wins_by_bot[bot] = report.wins_by_bot.get(bot, 0) + share
    return report


def games_in(config: EventConfig, players: int) -> int:
    """About how many games an event plays (for a progress bar's total)."""
    fixed = FORMATS[config.format].fixed_partners
    tables = (players // 2) // 2 if fixed else players // 4
    return max(tables, 1) * config.rounds
