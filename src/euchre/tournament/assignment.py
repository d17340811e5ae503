"""The assignment problem (Hungarian method): used to place tables and rotate teams."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["assign"]


def assign(costs: Sequence[Sequence[int]]) -> list[int]:
    """For a square cost matrix, the column given to each row so the total cost is least
    (ties go to the lexicographically first optimum the method meets, deterministically)."""
    size = len(costs)
    if size == 0:
        return []
    infinity = float("inf")
    # Potentials u (rows) and v (columns); way[] rebuilds augmenting paths. 1-based.
    u = [0.0] * (size + 1)
    v = [0.0] * (size + 1)
    match = [0] * (size + 1)
    way = [0] * (size + 1)
    for row in range(1, size + 1):
        match[0] = row
        column = 0
        least = [infinity] * (size + 1)
        used = [False] * (size + 1)
        while True:
            used[column] = True
            current_row = match[column]
            delta = infinity
            next_column = 0
            for candidate in range(1, size + 1):
                if used[candidate]:
                    continue
                reduced = costs[current_row - 1][candidate - 1] - u[current_row] - v[candidate]
                if reduced < least[candidate]:
                    least[candidate] = reduced
                    way[candidate] = column
                if least[candidate] < delta:
                    delta = least[candidate]
                    next_column = candidate
            for candidate in range(size + 1):
                if used[candidate]:
                    u[match[candidate]] += delta
                    v[candidate] -= delta
                else:
                    least[candidate] -= delta
            column = next_column
            if match[column] == 0:
                break
        while column:
            previous = way[column]
            match[column] = match[previous]
            column = previous
    result = [0] * size
    for column in range(1, size + 1):
        result[match[column] - 1] = column - 1
    return result
