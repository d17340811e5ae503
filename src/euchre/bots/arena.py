"""The arena: two bots (each seated as a team of two copies) over duplicate deals.

Every deal is played twice with the same cards and dealer: once with team A in seats 0 and 2,
once with A in seats 1 and 3. Luck of the cards cancels; what is left is skill. The figure of
merit is A's points per hand minus B's, averaged per deal, with a normal 95% interval over the
deals (the two plays of a deal are one paired sample; see :mod:`euchre.bots.stats`).

Results must not depend on the machine: a bot that stops thinking on the clock (a
``budget_ms`` that is set) plays weaker when the machine is busy, so the arena refuses it;
the built-in bots bound their decisions by counts (worlds, batches), so the same seed gives
the same per-deal results whatever the load.

Seeds: those below :data:`REPORT_SEED_MIN` are for tuning and choosing; a figure reported as
a bot's strength uses a fresh seed from :data:`REPORT_SEED_MIN` up, never used to choose
anything (``euchre arena --report`` warns otherwise).

Deals run in this process, in a local process pool (``workers``), or on a Dask cluster
(``scheduler``: a ``distributed`` scheduler address). Every deal's cards and bot seeds come
from the arena seed and the deal's index alone, and results are gathered in deal order, so the
same seed gives the same figures whatever runs the deals.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TypedDict

from euchre.bots.stats import mean_interval
from euchre.engine.actions import (
    CALL_ALONE_BASE,
    CALL_BASE,
    ORDER,
    ORDER_ALONE,
    PASS,
    Action,
)
from euchre.engine.profile import RuleProfile, load_profile
from euchre.engine.record import deal_record
from euchre.engine.state import HandStatus, Phase
from euchre.engine.view import view_of

__all__ = [
    "REPORT_SEED_MIN",
    "ArenaJson",
    "ArenaResult",
    "BotFigures",
    "BotTally",
    "DealOutcome",
    "check_counted",
    "deal_rng",
    "is_report_seed",
    "play_deal",
    "run_arena",
]

REPORT_SEED_MIN = 1_000_000
"""Arena seeds from here up are report seeds (fresh deals for figures quoted as a bot's
strength); seeds below are tuning seeds (for trying and choosing)."""


def is_report_seed(seed: int) -> bool:
    """True when ``seed`` is in the report range (see :data:`REPORT_SEED_MIN`)."""
    return seed >= REPORT_SEED_MIN


@dataclass(slots=True)
class BotTally:
    """One team's totals over the arena (both seatings of every deal)."""

    hands: int = 0
    points: int = 0
    hands_won: int = 0
    euchres: int = 0
    lone_hands: int = 0
    decision_ms: list[float] = field(default_factory=list)

    def add(self, other: BotTally) -> None:
        """Fold ``other`` into this tally."""
        self.hands += other.hands
        self.points += other.points
        self.hands_won += other.hands_won
        self.euchres += other.euchres
        self.lone_hands += other.lone_hands
        self.decision_ms.extend(other.decision_ms)


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One duplicate deal: A's points minus B's, averaged over its two plays, and the tallies."""

    index: int
    diff: float
    tallies: tuple[BotTally, BotTally]
    divergence: str = ""
    """Where the two plays first part (see :func:`divergence_label`); empty when identical."""


class BotFigures(TypedDict):
    """One bot's figures in the arena's JSON (times in milliseconds per decision)."""

    points_per_hand: float
    hands_won: int
    euchres: int
    lone_hands: int
    decision_ms_median: float
    decision_ms_p95: float


class ArenaJson(TypedDict):
    """The arena's JSON, as ``euchre bots arena --json`` prints it (keys in this order)."""

    bots: list[str]
    profile: str
    deals: int
    diff: float
    ci95: list[float]
    per_bot: dict[str, BotFigures]


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """The arena's figures (see :meth:`to_json` for the stable keys)."""

    names: tuple[str, str]
    profile: str
    deals: int
    diff: float
    ci95: tuple[float, float]
    tallies: tuple[BotTally, BotTally]
    per_deal: tuple[float, ...] = ()
    """Each deal's diff, in deal order (the sampling units of ``diff`` and ``ci95``)."""
    seed: int = 0

    def to_json(self) -> ArenaJson:
        """The stable JSON form: ``deals``, ``diff``, ``ci95``, ``per_bot`` and context."""
        per_bot: dict[str, BotFigures] = {}
        labels = _labels(self.names)
        for label, tally in zip(labels, self.tallies, strict=True):
            times = sorted(tally.decision_ms)
            per_bot[label] = {
                "points_per_hand": round(tally.points / tally.hands, 4) if tally.hands else 0.0,
                "hands_won": tally.hands_won,
                "euchres": tally.euchres,
                "lone_hands": tally.lone_hands,
                "decision_ms_median": round(_percentile(times, 0.5), 3),
                "decision_ms_p95": round(_percentile(times, 0.95), 3),
            }
        return {
            "bots": list(labels),
            "profile": self.profile,
            "deals": self.deals,
            "diff": round(self.diff, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "per_bot": per_bot,
        }


def _labels(names: tuple[str, str]) -> tuple[str, str]:
    if names[0] == names[1]:
        return (f"{names[0]} (A)", f"{names[1]} (B)")
    return names


def _percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return 0.0
    position = min(len(sorted_values) - 1, max(0, math.ceil(fraction * len(sorted_values)) - 1))
    return sorted_values[position]


SCHEDULER_TIMEOUT_S = 20.0
"""How long to wait for a Dask scheduler to answer before giving up."""


def deal_rng(seed: int, index: int) -> random.Random:
    """The generator of deal ``index`` of the arena ``seed``: its cards and its bots' seeds.

    Seeded by the text ``"arena:<seed>:<index>"`` (hashed whole by :mod:`random`), so every
    (seed, index) pair has its own stream: no two seeds share a deal, whatever their size or
    sign (until 2026-11-26 a linear formula masked to 31 bits, under which seeds 2**31
    apart dealt the same cards).
    """
    return random.Random(f"arena:{seed}:{index}")


def check_counted(bot: object, name: str) -> None:
    """Refuse a bot that stops on the clock: its play would depend on the machine's load
    (the arena, and the ratings bench, whose seed must replay the same games)."""
    from euchre.engine.errors import EuchreError

    if getattr(bot, "budget_ms", None) is not None:
        raise EuchreError(
            f"bot {name!r} stops thinking on the clock (budget_ms is set), so its arena "
            "results would depend on the machine's load; bound it by counts instead"
        )


def play_deal(
    profile: RuleProfile,
    names: tuple[str, str],
    seed: int,
    index: int,
) -> DealOutcome:
    """Play deal ``index`` of the arena ``seed`` twice (teams swapping seats)."""
    from euchre.bots import make_bot

    rng = deal_rng(seed, index)
    record = deal_record(profile, index % 4, rng)
    bot_seed = rng.randrange(1 << 30)
    tallies = (BotTally(), BotTally())
    diffs: list[int] = []
    plays: list[list[tuple[int, int, int, int]]] = []
    for a_team in (0, 1):
        # Seat s belongs to bot A when s % 2 == a_team.
        bots = {
            seat: make_bot(names[0 if seat % 2 == a_team else 1], bot_seed + seat)
            for seat in range(4)
        }
        for bot in bots.values():
            check_counted(bot, bot.name)
        state = record.start()
        actions: list[tuple[int, int, int, int]] = []
        while not state.is_over:
            seat = state.to_act
            view = view_of(state, seat)
            started = time.perf_counter()
            action = bots[seat].choose(view)
            elapsed = (time.perf_counter() - started) * 1000
            if len(view.legal) > 1:
                tallies[0 if seat % 2 == a_team else 1].decision_ms.append(elapsed)
            actions.append((seat, int(state.phase), int(action), state.maker))
            state.play(action)
        plays.append(actions)
        result = state.result()
        for team in (0, 1):
            side = 0 if team == a_team else 1
            tally = tallies[side]
            tally.hands += 1
            tally.points += result.team_points[team]
            if result.team_points[team] > result.team_points[1 - team]:
                tally.hands_won += 1
            if result.status is HandStatus.SCORED and result.maker is not None:
                if result.maker % 2 == team and result.alone:
                    tally.lone_hands += 1
                if result.maker % 2 != team and result.euchred:
                    tally.euchres += 1
        diffs.append(result.team_points[a_team] - result.team_points[1 - a_team])
    label = divergence_label(plays[0], plays[1], record.dealer)
    return DealOutcome(index, sum(diffs) / 2, tallies, label)


def _kind(code: int) -> str:
    if code == PASS:
        return "pass"
    if code in (ORDER, ORDER_ALONE):
        return "order alone" if code == ORDER_ALONE else "order"
    if CALL_BASE <= code < CALL_ALONE_BASE:
        return "call"
    if CALL_ALONE_BASE <= code < CALL_ALONE_BASE + 4:
        return "call alone"
    return str(Action(code)).split(" ")[0]


def divergence_label(
    first: list[tuple[int, int, int, int]], second: list[tuple[int, int, int, int]], dealer: int
) -> str:
    """Where a deal's two plays (``(seat, phase, action, maker)`` each, A in seats 0 and 2
    first, then in seats 1 and 3) first part: ``""`` when they never do, else the phase, A's
    choice / B's choice and the seat's place after the dealer (1 the eldest ... 4 the
    dealer), e.g. ``"bid1 order/pass @4"``; card play reads ``"play maker"`` or ``"play
    defender"`` (the side of the seat that chose differently)."""
    for (seat, phase, one, maker), (_, _, two, _) in zip(first, second, strict=False):
        if one == two:
            continue
        a_code, b_code = (one, two) if seat % 2 == 0 else (two, one)
        place = (seat - dealer) % 4 or 4
        if phase == Phase.PLAY:
            side = "maker" if maker >= 0 and maker % 2 == seat % 2 else "defender"
            return f"play {side}"
        if phase == Phase.DISCARD:
            return "discard"
        name = {Phase.BID_ROUND_1: "bid1", Phase.BID_ROUND_2: "bid2"}.get(Phase(phase), "other")
        return f"{name} {_kind(a_code)}/{_kind(b_code)} @{place}"
    return ""


def _play_chunk(
    profile: RuleProfile, names: tuple[str, str], seed: int, indices: list[int]
) -> list[DealOutcome]:
    return [play_deal(profile, names, seed, index) for index in indices]


def _batches(deals: int, parallel: int) -> list[list[int]]:
    chunk = max(1, min(25, deals // (parallel * 4) or 1))
    return [list(range(start, min(deals, start + chunk))) for start in range(0, deals, chunk)]


def _dask_outcomes(
    profile: RuleProfile, names: tuple[str, str], deals: int, seed: int, scheduler: str
) -> Iterator[DealOutcome]:
    """Run the deals' batches on the Dask cluster at ``scheduler``, yielding in deal order."""
    from distributed import Client

    from euchre.engine.errors import EuchreError

    try:
        client = Client(scheduler, timeout=SCHEDULER_TIMEOUT_S)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise EuchreError(f"cannot reach the Dask scheduler at {scheduler!r}: {error}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        futures = [
            client.submit(_play_chunk, profile, names, seed, batch, pure=False)
            for batch in _batches(deals, workers)
        ]
        for future in futures:
            yield from future.result()
    finally:
        client.close()  # type: ignore[no-untyped-call]


def _outcomes(
    profile: RuleProfile,
    names: tuple[str, str],
    deals: int,
    seed: int,
    workers: int,
    scheduler: str | None = None,
) -> Iterator[DealOutcome]:
    if scheduler:
        yield from _dask_outcomes(profile, names, deals, seed, scheduler)
        return
    if workers <= 1:
        for index in range(deals):
            yield play_deal(profile, names, seed, index)
        return
    batches = _batches(deals, workers)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_chunk, profile, names, seed, batch) for batch in batches]
        for future in futures:
            yield from future.result()


def run_arena(
    names: tuple[str, str],
    *,
    deals: int,
    seed: int,
    workers: int = 1,
    profile: RuleProfile | str = "tournament",
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> ArenaResult:
    """Play ``deals`` duplicate deals of ``names[0]`` against ``names[1]``.

    ``progress`` is called with the number of deals finished so far. ``scheduler`` runs the
    deals on a Dask cluster (its scheduler's address) instead of ``workers`` local processes;
    the bots must then be registered by name on the workers too (built-in ones are).
    """
    from euchre.bots import BOT_FACTORIES
    from euchre.engine.errors import EuchreError

    for name in names:
        if name not in BOT_FACTORIES:
            raise EuchreError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOT_FACTORIES))}")
    if deals < 1:
        raise EuchreError(f"deals must be at least 1, got {deals}")
    if workers < 1:
        raise EuchreError(f"workers must be at least 1, got {workers}")
    rule_profile = load_profile(profile) if isinstance(profile, str) else profile
    totals = (BotTally(), BotTally())
    diffs: list[float] = []
    outcomes = _outcomes(rule_profile, names, deals, seed, workers, scheduler)
    for done, outcome in enumerate(outcomes, 1):
        diffs.append(outcome.diff)
        totals[0].add(outcome.tallies[0])
        totals[1].add(outcome.tallies[1])
        if progress is not None:
            progress(done)
    mean, low, high = mean_interval(diffs)
    return ArenaResult(
        names=names,
        profile=rule_profile.id,
        deals=deals,
        diff=mean,
        ci95=(low, high),
        tallies=totals,
        per_deal=tuple(diffs),
        seed=seed,
    )
