"""Tables of three at a hall night: how many, who plays there, and what a score there can be.

A sheet's ``[movement] sit_outs = "tables_of_three"`` seats the players a multiple of four
leaves over at tables of three instead of sitting them out (docs/sheets.md, "Tables of
three"). Such a table is a *paper* table: its three players play three-handed ("cutthroat")
euchre, each for himself, and the table writes each player's own total; the rules engine,
which deals to four seats, never deals it (an online night with tables of three is refused
when it starts). A table of three is a :class:`~euchre.tournament.model.TableSeating` whose
first "partnership" holds the three players and whose second is empty.

How many: ``N = 4a + 3b`` with the fewest tables of three ``b`` (15 players: three tables of
four and one of three; 14: two and two; 13: one and three). Where that is impossible (1, 2 or
5 players) the fair rotation sits the rest out, and the round's page says so. Who plays at a
table of three is the fair rotation's choice (nobody twice before everyone has once, as far
as the counts allow): a round at a table of three counts as a turn, like a round sat out.
Tables of three sit at the foot, numbered after the tables of four.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from euchre.tournament.model import TableSeating

__all__ = [
    "MOST_ONE_PLAYER_PER_HAND",
    "MOST_PER_HAND",
    "THREE_HANDED_RULE",
    "group_threes",
    "three_handed_problem",
    "three_table_count",
    "together_at_threes",
    "top_scorers",
]

THREE_HANDED_RULE = (
    "A table of three plays cutthroat, each player for himself: the maker scores 1 point for "
    "3 or 4 tricks and 2 for all 5; when the maker is euchred each of the other two scores 2. "
    "Each player writes his own total."
)
"""How a three-handed game is scored when the sheet's ``[words] three_handed`` says nothing
else (the printout and the score form show the sheet's sentence when it has one)."""

MOST_ONE_PLAYER_PER_HAND = 2
"""The most one player can score on one three-handed hand (a march, or a euchre of the
maker)."""

MOST_PER_HAND = 4
"""The most the three players together can score on one hand (a euchre: 2 to each of the
maker's two opponents)."""


def three_table_count(players: int) -> int | None:
    """The fewest tables of three that seat ``players`` with nobody left over (0 when they
    fill tables of four); None when no mix of tables of four and three seats them all (1, 2
    or 5 players)."""
    for threes in range(4):
        left = players - 3 * threes
        if left >= 0 and left % 4 == 0:
            return threes
    return None


def group_threes(
    players: Sequence[str],
    first_number: int,
    together: Mapping[frozenset[str], int],
) -> list[TableSeating]:
    """``players`` (a multiple of three, in the rotation's order) seated three a table from
    table ``first_number`` on; where there are several tables of three, the split that puts
    together the fewest players who already met at a table of three (``together``: how often
    each pair did), the first such split on a tie."""
    best: list[list[str]] | None = None
    best_cost = -1
    for split in _splits(list(players)):
        cost = sum(
            together.get(frozenset((one, two)), 0)
            for group in split
            for index, one in enumerate(group)
            for two in group[index + 1 :]
        )
        if best is None or cost < best_cost:
            best, best_cost = split, cost
    groups = best or []
    return [
        TableSeating(first_number + index, (tuple(group), ())) for index, group in enumerate(groups)
    ]


def _splits(players: list[str]) -> list[list[list[str]]]:
    """Every way to cut ``players`` into groups of three (the first player always in the
    first group, so no split is listed twice); at most nine players, 280 splits."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    found: list[list[list[str]]] = []
    for index, second in enumerate(rest):
        for third in rest[index + 1 :]:
            others = [player for player in rest if player not in (second, third)]
            found += [[[first, second, third], *tail] for tail in _splits(others)]
    return found


def together_at_threes(history: Sequence[Sequence[TableSeating]]) -> dict[frozenset[str], int]:
    """How often each pair of players sat at one table of three in ``history``."""
    counts: dict[frozenset[str], int] = {}
    for tables in history:
        for table in tables:
            if table.three_handed:
                group = table.players
                for index, one in enumerate(group):
                    for two in group[index + 1 :]:
                        key = frozenset((one, two))
                        counts[key] = counts.get(key, 0) + 1
    return counts


def top_scorers(points: Mapping[str, int]) -> tuple[str, ...]:
    """The players of a table of three with its highest total (all of them on a tie): each
    counts the game as won ("games won")."""
    if not points:
        return ()
    best = max(points.values())
    return tuple(player for player, value in points.items() if value == best)


def three_handed_problem(
    points: Mapping[str, int],
    seating: TableSeating,
    *,
    hands: int,
    target: int,
    name: Mapping[str, str],
) -> tuple[str, str] | None:
    """What is wrong with the own totals ``points`` typed at the table of three ``seating``
    in a game of ``hands`` hands (0: none set) to ``target`` points (0: none), as (the
    result's field, the words), or None when the totals can be right. ``name`` gives each
    player's name for the words."""

    def who(player: str) -> str:
        return name.get(player, f"player {player}")

    for player in seating.players:
        if player not in points:
            return (
                f"player_points.{player}",
                f"a table of three scores each player for himself: {who(player)}'s own total "
                "is missing (type 0 for a player who scored nothing)",
            )
    for player in seating.players:
        value = points[player]
        if value < 0:
            return (
                f"player_points.{player}",
                f"{who(player)}'s own total is {value}; a total is 0 or more",
            )
        if hands and value > hands * MOST_ONE_PLAYER_PER_HAND:
            return (
                f"player_points.{player}",
                f"{who(player)}'s own total is {value}, more than a player can score in "
                f"{hands} hands of three-handed euchre (at most {MOST_ONE_PLAYER_PER_HAND} a "
                f"hand, {hands * MOST_ONE_PLAYER_PER_HAND} in all)",
            )
        if target and value > target - 1 + MOST_ONE_PLAYER_PER_HAND:
            return (
                f"player_points.{player}",
                f"{who(player)}'s own total is {value}, more than a game to {target} can end "
                f"with: the last hand adds at most {MOST_ONE_PLAYER_PER_HAND} to {target - 1} "
                f"({target - 1 + MOST_ONE_PLAYER_PER_HAND})",
            )
    total = sum(points[player] for player in seating.players)
    if hands and total > hands * MOST_PER_HAND:
        return (
            "player_points",
            f"the three totals add up to {total}, more than {hands} hands of three-handed euchre "
            f"give (at most {MOST_PER_HAND} a hand, a euchre's 2 to each opponent: "
            f"{hands * MOST_PER_HAND} in all)",
        )
    if target:
        over = [player for player in seating.players if points[player] >= target]
        if len(over) == 3:
            return (
                "player_points",
                f"all three players at {target} or more; the game ends when the first reaches "
                f"{target} (two can only on the same hand, by euchring the maker)",
            )
    return None
