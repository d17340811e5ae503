"""Rotating-partner schedules and whist designs (``../shared/SCHEDULING.md``)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.tournament.designs import (
    design_for,
    expand_starter,
    prime_starter,
    search_starter,
    shipped_designs,
    shipped_starters,
    verify_design,
)
from euchre.tournament.errors import TournamentError
from euchre.tournament.schedule import ScheduleRound, generate_schedule, summarize


def brute_force_counts(
    players: int, rounds: tuple[ScheduleRound, ...]
) -> tuple[dict[frozenset[int], int], dict[frozenset[int], int], list[int]]:
    """Partner and opponent counts recounted the slow way: every pair against every round."""
    partners: dict[frozenset[int], int] = {}
    opponents: dict[frozenset[int], int] = {}
    for x, y in combinations(range(players), 2):
        pair = frozenset((x, y))
        partners[pair] = 0
        opponents[pair] = 0
        for round_ in rounds:
            for side_one, side_two in round_.tables:
                if {x, y} <= set(side_one) or {x, y} <= set(side_two):
                    partners[pair] += 1
                if (x in side_one and y in side_two) or (x in side_two and y in side_one):
                    opponents[pair] += 1
    sit_outs = [sum(1 for r in rounds if p in r.sitting_out) for p in range(players)]
    return partners, opponents, sit_outs


@pytest.mark.parametrize("players", [8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29, 32])
def test_whist_design_every_pair_partners_once_and_opposes_twice(players: int) -> None:
    schedule = generate_schedule(players, players - 1 if players % 4 == 0 else players, seed=5)
    partners, opponents, sit_outs = brute_force_counts(players, schedule.rounds)
    assert schedule.method == "design"
    assert set(partners.values()) == {1}
    assert set(opponents.values()) == {2}
    # n ≡ 1 (mod 4): one player sits out each round, everyone exactly once.
    assert set(sit_outs) == ({1} if players % 4 == 1 else {0})


@pytest.mark.parametrize("players", sorted(shipped_starters()))
def test_shipped_starters_expand_to_whist_designs(players: int) -> None:
    assert verify_design(players, expand_starter(players, shipped_starters()[players]))


def test_9_players_use_the_shipped_z3_x_z3_design() -> None:
    design = shipped_designs()[9]
    assert verify_design(9, design)
    schedule = generate_schedule(9, 9, seed=1)
    assert schedule.method == "design"
    partners, opponents, sit_outs = brute_force_counts(9, schedule.rounds)
    assert set(partners.values()) == {1} and set(opponents.values()) == {2}
    assert sit_outs == [1] * 9


@pytest.mark.parametrize("prime", [5, 13, 17, 29, 37, 41, 53, 61, 73, 89, 97, 101, 109])
def test_prime_construction_y_minus_y_omega_is_a_whist_design(prime: int) -> None:
    assert verify_design(prime, expand_starter(prime, prime_starter(prime)))


@pytest.mark.parametrize("players", [8, 12, 13, 16, 17])
def test_randomized_dfs_finds_cyclic_starters(players: int) -> None:
    starter = search_starter(players, seed=2)
    assert starter is not None
    assert verify_design(players, expand_starter(players, starter))


def test_no_whist_design_for_counts_2_or_3_mod_4() -> None:
    assert design_for(10) is None
    assert design_for(11) is None
    with pytest.raises(TournamentError, match="≡ 0 or 1"):
        expand_starter(10, ())
    with pytest.raises(TournamentError, match="not a prime"):
        prime_starter(11)


def test_verify_design_rejects_a_broken_design() -> None:
    rounds = expand_starter(8, shipped_starters()[8])
    tables, out = rounds[0]
    (a, b), (c, d) = tables[0]
    # Re-pair the first table of round 1: a partners c, so a and c partner twice.
    rounds[0] = ((((a, c), (b, d)), *tables[1:]), out)
    assert not verify_design(8, rounds)


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=4, max_value=30),
    rounds=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_every_player_seated_once_per_round_or_sitting_out(
    players: int, rounds: int, seed: int
) -> None:
    schedule = generate_schedule(players, rounds, seed)
    assert len(schedule.rounds) == rounds
    for round_ in schedule.rounds:
        seated = [p for table in round_.tables for side in table for p in side]
        assert sorted(seated + list(round_.sitting_out)) == list(range(players))
        assert len(round_.sitting_out) == players % 4


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=4, max_value=24),
    rounds=st.integers(min_value=1, max_value=12),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_quality_summary_matches_a_brute_force_recount(
    players: int, rounds: int, seed: int
) -> None:
    schedule = generate_schedule(players, rounds, seed)
    summary = summarize(players, schedule.rounds)
    partners, opponents, sit_outs = brute_force_counts(players, schedule.rounds)
    assert summary.repeat_partners == sum(1 for count in partners.values() if count > 1)
    histogram: dict[str, int] = {}
    for count in opponents.values():
        histogram[str(count)] = histogram.get(str(count), 0) + 1
    assert summary.opponent_histogram == dict(sorted(histogram.items(), key=lambda i: int(i[0])))
    assert list(summary.sit_outs) == sit_outs
    # "No repeat partners" is claimed only when it holds.
    if summary.repeat_partners == 0:
        assert max(partners.values()) <= 1


@settings(max_examples=10, deadline=None)
@given(players=st.integers(min_value=5, max_value=27), seed=st.integers(0, 1000))
def test_sit_outs_spread_evenly_nobody_twice_before_everyone_once(players: int, seed: int) -> None:
    rounds = 2 * players
    schedule = generate_schedule(players, min(rounds, 12), seed)
    counts = [0] * players
    for round_ in schedule.rounds:
        for player in round_.sitting_out:
            counts[player] += 1
        assert max(counts) - min(counts) <= 1


def test_no_repeat_partner_while_possible_short_events() -> None:
    for players, rounds in [(10, 5), (14, 7), (18, 9), (22, 6), (40, 8)]:
        summary = generate_schedule(players, rounds, seed=1).summary()
        assert summary.repeat_partners == 0, (players, rounds)


def test_short_event_16_players_5_rounds_nobody_meets_twice() -> None:
    # The social-golfer goal: 16 players x 5 rounds can be seated with no pair meeting twice.
    repeats = [
        generate_schedule(16, 5, seed=seed).summary().same_table_repeats for seed in range(4)
    ]
    assert repeats.count(0) >= 3, repeats


def test_same_seed_same_schedule_other_seed_other_schedule() -> None:
    assert generate_schedule(18, 6, seed=9) == generate_schedule(18, 6, seed=9)
    assert generate_schedule(18, 6, seed=9).rounds != generate_schedule(18, 6, seed=10).rounds


def test_schedule_json_numbers_players_from_one() -> None:
    data = generate_schedule(9, 3, seed=0).to_json()
    seen = {p for r in data["rounds"] for t in r["tables"] for side in t for p in side}
    seen |= {p for r in data["rounds"] for p in r["sitting_out"]}
    assert seen == set(range(1, 10))
    assert data["summary"]["players"] == 9


def test_longer_than_a_design_repeats_partners_evenly() -> None:
    summary = generate_schedule(8, 10, seed=3).summary()
    assert summary.method == "design+search"
    # 3 rounds past the design: 12 partnerships, each a repeat, spread over distinct pairs.
    assert summary.partner_histogram.get("3", 0) == 0


def test_schedule_refuses_fewer_than_four_players() -> None:
    with pytest.raises(TournamentError, match="at least 4 players"):
        generate_schedule(3, 2)
