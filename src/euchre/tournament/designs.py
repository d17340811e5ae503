"""Whist designs for rotating partners: cyclic starters, the prime construction, shipped data.

A whist tournament Wh(n) seats n players so that every pair partners exactly once and opposes
exactly twice (``../shared/SCHEDULING.md``). Here it is built from one *starter* round:

- n ≡ 0 (mod 4): residues mod m = n − 1 plus a fixed player ∞ (numbered m); round i adds i
  to every residue (∞ stays); n − 1 rounds, nobody sits out.
- n ≡ 1 (mod 4): residues mod m = n; the starter leaves 0 out, round i adds i, so player i
  sits out round i; n rounds.

A starter is a tuple of tables ``((a, b), (c, d))``. It yields a whist design exactly when
the partner differences ±(a − b) cover every nonzero residue once and the opponent
differences (finite pairs across the table) cover every nonzero residue twice. Starters come
from a randomized depth-first search (:func:`search_starter`), from the construction
``(y, −y | yω, −yω)`` for a prime p ≡ 1 (mod 4) with ω² ≡ −1 (:func:`prime_starter`), or from
``data/whist_starters.json``. Every starter is checked by expanding it and counting
(:func:`verify_design`) before it is used.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from functools import cache
from importlib import resources
from itertools import combinations

from euchre.tournament.errors import TournamentError

__all__ = [
    "Starter",
    "count_pairings",
    "design_for",
    "design_rounds",
    "expand_starter",
    "prime_starter",
    "search_starter",
    "shipped_designs",
    "shipped_starters",
    "verify_design",
]

Table = tuple[tuple[int, int], tuple[int, int]]
Starter = tuple[Table, ...]
Round = tuple[tuple[Table, ...], tuple[int, ...]]
"""A round of a design: its tables and the players sitting out."""


def _modulus(players: int) -> int:
    if players % 4 == 0:
        return players - 1
    if players % 4 == 1:
        return players
    raise TournamentError(
        f"no whist design exists for {players} players: it needs a count ≡ 0 or 1 (mod 4)"
    )


def design_rounds(players: int) -> int:
    """The length of a whist design for ``players`` (n − 1 rounds, or n when n ≡ 1 mod 4)."""
    return _modulus(players)


def expand_starter(players: int, starter: Starter) -> list[Round]:
    """Develop a starter into every round of its design (players numbered 0..n−1)."""
    modulus = _modulus(players)
    infinity = modulus  # only present when players ≡ 0 (mod 4)

    def shift(player: int, step: int) -> int:
        return player if player == infinity else (player + step) % modulus

    rounds: list[Round] = []
    for step in range(modulus):
        tables = tuple(
            (
                (shift(a, step), shift(b, step)),
                (shift(c, step), shift(d, step)),
            )
            for (a, b), (c, d) in starter
        )
        sitting_out = (step,) if players % 4 == 1 else ()
        rounds.append((tables, sitting_out))
    return rounds


def count_pairings(
    tables: Iterable[Table],
    partners: Counter[tuple[int, int]],
    opponents: Counter[tuple[int, int]],
) -> None:
    """Count each table's two partnerships in ``partners`` and its four pairs of opponents in
    ``opponents`` (a pair of players as ``(lower, higher)``)."""
    for (a, b), (c, d) in tables:
        partners[(min(a, b), max(a, b))] += 1
        partners[(min(c, d), max(c, d))] += 1
        for x in (a, b):
            for y in (c, d):
                opponents[(min(x, y), max(x, y))] += 1


def verify_design(players: int, rounds: list[Round]) -> bool:
    """True when ``rounds`` seat every player once per round (or out) and every pair partners
    exactly once and opposes exactly twice."""
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    for tables, sitting_out in rounds:
        seen = [*sitting_out, *(player for table in tables for side in table for player in side)]
        count_pairings(tables, partners, opponents)
        if sorted(seen) != list(range(players)):
            return False
    for pair in combinations(range(players), 2):
        if partners.get(pair, 0) != 1 or opponents.get(pair, 0) != 2:
            return False
    return True


def _is_prime(number: int) -> bool:
    if number < 2:
        return False
    divisor = 2
    while divisor * divisor <= number:
        if number % divisor == 0:
            return False
        divisor += 1
    return True


def prime_starter(prime: int) -> Starter:
    """The starter ``(y, −y | yω, −yω)`` for a prime p ≡ 1 (mod 4), one table per coset of
    the order-4 subgroup {1, ω, −1, −ω} (ω² ≡ −1)."""
    if prime % 4 != 1 or not _is_prime(prime):
        raise TournamentError(f"{prime} is not a prime ≡ 1 (mod 4)")
    omega = next(x for x in range(2, prime) if x * x % prime == prime - 1)
    covered: set[int] = set()
    tables: list[Table] = []
    for y in range(1, prime):
        if y in covered:
            continue
        coset = (y, (-y) % prime, y * omega % prime, (-y * omega) % prime)
        covered.update(coset)
        tables.append(((coset[0], coset[1]), (coset[2], coset[3])))
    return tuple(tables)


class _StarterSearch:
    """One randomized depth-first attempt at a starter, stopped after a node budget."""

    def __init__(self, players: int, rng: random.Random, node_budget: int) -> None:
        self.modulus = _modulus(players)
        self.infinity = self.modulus if players % 4 == 0 else -1
        half = self.modulus // 2
        self.partner_used = [False] * (half + 1)
        self.opponent_used = [0] * (half + 1)
        elements = list(range(self.modulus)) if players % 4 == 0 else list(range(1, players))
        if players % 4 == 0:
            elements.append(self.infinity)
        self.unused = set(elements)
        self.tables: list[Table] = []
        self.rng = rng
        self.nodes = 0
        self.node_budget = node_budget

    def difference_class(self, x: int, y: int) -> int:
        difference = (x - y) % self.modulus
        return min(difference, self.modulus - difference)

    def finite(self, x: int) -> bool:
        return x != self.infinity

    def partner_ok(self, x: int, y: int) -> bool:
        if not (self.finite(x) and self.finite(y)):
            return True
        return not self.partner_used[self.difference_class(x, y)]

    def mark_partner(self, x: int, y: int, value: bool) -> None:
        if self.finite(x) and self.finite(y):
            self.partner_used[self.difference_class(x, y)] = value

    def opponent_classes(self, one: tuple[int, int], two: tuple[int, int]) -> list[int]:
        return [
            self.difference_class(x, y)
            for x in one
            for y in two
            if self.finite(x) and self.finite(y)
        ]

    def place(self) -> bool:
        """Seat the smallest unused element and recurse; True once every element is seated."""
        self.nodes += 1
        if not self.unused:
            return True
        if self.nodes > self.node_budget:
            return False
        unused = self.unused
        first = min(unused)
        unused.discard(first)
        partner_candidates = list(unused)
        self.rng.shuffle(partner_candidates)
        for second in partner_candidates:
            if not self.partner_ok(first, second):
                continue
            unused.discard(second)
            self.mark_partner(first, second, True)
            pairs = [(c, d) for c, d in combinations(sorted(unused), 2) if self.partner_ok(c, d)]
            self.rng.shuffle(pairs)
            for third, fourth in pairs:
                classes = self.opponent_classes((first, second), (third, fourth))
                for cls in classes:
                    self.opponent_used[cls] += 1
                if all(self.opponent_used[cls] <= 2 for cls in classes):
                    unused.discard(third)
                    unused.discard(fourth)
                    self.mark_partner(third, fourth, True)
                    self.tables.append(((first, second), (third, fourth)))
                    if self.place():
                        return True
                    self.tables.pop()
                    self.mark_partner(third, fourth, False)
                    unused.add(third)
                    unused.add(fourth)
                for cls in classes:
                    self.opponent_used[cls] -= 1
                if self.nodes > self.node_budget:
                    break
            self.mark_partner(first, second, False)
            unused.add(second)
            if self.nodes > self.node_budget:
                break
        unused.add(first)
        return False


def search_starter(players: int, seed: int = 0, *, node_limit: int = 2_000_000) -> Starter | None:
    """A cyclic starter found by randomized depth-first search, restarted every 20,000 nodes
    (None when ``node_limit`` nodes are spent without one)."""
    _modulus(players)
    rng = random.Random(seed)
    spent = 0
    while spent < node_limit:
        attempt = _StarterSearch(players, rng, 20_000)
        found = attempt.place()
        spent += attempt.nodes
        if found:
            starter = tuple(attempt.tables)
            if verify_design(players, expand_starter(players, starter)):
                return starter
    return None


@cache
def shipped_starters() -> dict[int, Starter]:
    """The verified starters shipped in ``data/whist_starters.json`` by player count."""
    text = (
        resources.files("euchre.tournament")
        .joinpath("data/whist_starters.json")
        .read_text(encoding="utf-8")
    )
    raw = json.loads(text)
    starters: dict[int, Starter] = {}
    for key, tables in raw["starters"].items():
        starters[int(key)] = tuple(((a, b), (c, d)) for (a, b), (c, d) in tables)
    return starters


@cache
def shipped_designs() -> dict[int, list[Round]]:
    """Whole designs shipped in ``data/whist_starters.json`` that no cyclic starter gives
    (9 players: developed over Z3 × Z3)."""
    text = (
        resources.files("euchre.tournament")
        .joinpath("data/whist_starters.json")
        .read_text(encoding="utf-8")
    )
    designs: dict[int, list[Round]] = {}
    for key, rounds in json.loads(text).get("designs", {}).items():
        designs[int(key)] = [
            (
                tuple(((a, b), (c, d)) for (a, b), (c, d) in round_["tables"]),
                tuple(round_["sitting_out"]),
            )
            for round_ in rounds
        ]
    return designs


@cache
def design_for(players: int) -> tuple[Round, ...] | None:
    """A verified whist design for ``players`` from the shipped data or the prime
    construction; None when none is at hand (n ≡ 2, 3 mod 4, or no starter shipped)."""
    if players % 4 not in (0, 1) or players < 4:
        return None
    candidates: list[Starter] = []
    shipped = shipped_starters().get(players)
    if shipped is not None:
        candidates.append(shipped)
    if players % 4 == 1 and _is_prime(players):
        candidates.append(prime_starter(players))
    whole = shipped_designs().get(players)
    if whole is not None and verify_design(players, whole):
        return tuple(whole)
    for starter in candidates:
        rounds = expand_starter(players, starter)
        if verify_design(players, rounds):
            return tuple(rounds)
    # No search at run time: a missing count (9 has no Z9-cyclic design) uses the local search.
    return None
