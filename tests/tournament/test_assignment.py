"""The Hungarian method against brute force (it places tables and rotates teams)."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.tournament.assignment import assign


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=1, max_value=6).flatmap(
        lambda size: st.lists(
            st.lists(st.integers(-50, 1000), min_size=size, max_size=size),
            min_size=size,
            max_size=size,
        )
    )
)
def test_assignment_is_a_permutation_of_least_total_cost(costs: list[list[int]]) -> None:
    columns = assign(costs)
    assert sorted(columns) == list(range(len(costs)))
    best = min(
        sum(costs[row][column] for row, column in enumerate(order))
        for order in permutations(range(len(costs)))
    )
    assert sum(costs[row][column] for row, column in enumerate(columns)) == best


def test_empty_assignment() -> None:
    assert assign([]) == []
