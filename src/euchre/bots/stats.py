"""The arena's statistics: a mean with its 95% interval, and whether several runs' means agree
with their intervals (a chi-square test of their spread).

The sampling unit is one duplicate deal: its two plays (the teams swapping seats) share the
cards and the bots' seeds, so they are one paired sample, never two. Deals of one arena seed
share nothing else: each deal's cards and bot seeds come from its own generator, seeded by the
arena seed and the deal's index (see :func:`euchre.bots.arena.deal_rng`), and the bots are
made afresh for every deal and decide by counts, not by the clock. The dealer rotates with the
deal's index (a fixed design, a stratification by dealer), which can only make the plain
interval over the deals a little wider than need be, never narrower.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Z95", "SpreadTest", "chi2_sf", "mean_interval", "spread_test"]

Z95 = 1.959963984540054
"""The two-sided 95% point of the normal distribution."""


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean of ``values`` (one per deal) and its normal 95%
    interval, ``mean ± Z95 · s / √n`` with ``s`` the sample standard deviation (``n - 1``).
    One value has no spread: its interval is the value itself."""
    if not values:
        raise ValueError("no values: an interval needs at least one")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def _lower_regularized_gamma_series(a: float, x: float) -> float:
    term = 1.0 / a
    total = term
    n = a
    for _ in range(10_000):
        n += 1.0
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_regularized_gamma_fraction(a: float, x: float) -> float:
    # Lentz's continued fraction for Q(a, x) (x > a + 1).
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def chi2_sf(x: float, df: int) -> float:
    """The chi-square distribution's upper tail: P(X ≥ ``x``) on ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if x <= 0:
        return 1.0
    a, half_x = df / 2.0, x / 2.0
    if half_x < a + 1.0:
        return max(0.0, 1.0 - _lower_regularized_gamma_series(a, half_x))
    return min(1.0, _upper_regularized_gamma_fraction(a, half_x))


@dataclass(frozen=True, slots=True)
class SpreadTest:
    """Do ``k`` runs' means spread as their intervals say? (:func:`spread_test`)"""

    pooled: float
    """The runs' means pooled, each weighted by the inverse of its variance."""
    chi2: float
    """Σ ((mean_i − pooled) / se_i)², with se_i the interval's half-width over Z95."""
    df: int
    """``k − 1`` (the pooled mean is estimated from the runs)."""
    p_value: float
    """The chance of a spread at least this wide if the intervals are honest."""


def spread_test(means: Sequence[float], intervals: Sequence[tuple[float, float]]) -> SpreadTest:
    """Test whether independent runs' ``means`` agree with their 95% ``intervals``.

    If each interval is an honest normal 95% interval, ``(mean_i − pooled) / se_i`` are about
    standard normal and their squares add to a chi-square on ``k − 1`` degrees of freedom;
    a small p-value says the runs disagree more than their intervals allow (a dependence the
    estimator ignores, or runs that are not alike: load, seeds reused, bots changed).
    """
    if len(means) != len(intervals) or len(means) < 2:
        raise ValueError("a spread test needs at least two runs, each with its interval")
    errors = [(high - low) / (2 * Z95) for low, high in intervals]
    if any(error <= 0 for error in errors):
        raise ValueError("every run needs an interval of positive width")
    weights = [1.0 / (error * error) for error in errors]
    pooled = sum(w * m for w, m in zip(weights, means, strict=True)) / sum(weights)
    chi2 = sum(w * (m - pooled) ** 2 for w, m in zip(weights, means, strict=True))
    df = len(means) - 1
    return SpreadTest(pooled=pooled, chi2=chi2, df=df, p_value=chi2_sf(chi2, df))
