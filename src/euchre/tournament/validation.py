"""Checks on a table's game result against the event's rule profile."""

from __future__ import annotations

from euchre.engine.profile import RuleProfile, load_profile
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import EventConfig, TableResult, TableSeating

__all__ = ["hand_point_values", "validate_result"]


def hand_point_values(profile: RuleProfile) -> set[int]:
    """Every number of points one team can score on one hand under ``profile``."""
    values = {
        profile.points_made,
        profile.points_march,
        profile.points_lone_made,
        profile.points_lone_march,
        profile.points_euchre,
        profile.points_euchre_all_five,
        profile.points_euchre_lone,
    }
    if profile.defend_alone:
        values.add(profile.points_defend_alone)
    return values


def validate_result(
    config: EventConfig,
    result: TableResult,
    seating: TableSeating | None = None,
    hands: int | None = None,
) -> None:
    """Raise :class:`TournamentError` saying why ``result`` cannot be right: points out of the
    profile's range per hand, totals no game of that length can reach, hand-by-hand points
    that do not add up, or players who were not at the table (when ``seating`` is given).
    ``hands`` (else ``seating.hands``) is the game's length when it is not the profile's:
    a 4-hand playoff, a sudden-death hand."""
    profile = load_profile(config.profile_id)
    if hands is None and seating is not None:
        hands = seating.hands
    where = f"round {result.round} table {result.table}"
    if result.round < 1 or result.table < 1:
        raise TournamentError(f"{where}: rounds and tables are numbered from 1")
    if result.stage not in ("main", "playoff"):
        raise TournamentError(f"{where}: stage must be 'main' or 'playoff', got {result.stage!r}")
    for team, points in enumerate(result.team_points):
        if points < 0:
            raise TournamentError(
                f"{where}: team {team + 1} has {points} points; points are 0 or more"
            )
    most_per_hand = profile.max_hand_points()
    game_hands = profile.game_hands if hands is None else hands
    if hands is not None:
        _check_short_game(result, where, hands)
    hands = result.hands_played if result.hands_played is not None else game_hands
    if result.hands_played is not None and result.hands_played < 0:
        raise TournamentError(f"{where}: {result.hands_played} hands played is not a count")
    if hands:
        for points in result.team_points:
            if points > hands * most_per_hand:
                raise TournamentError(
                    f"{where}: {points} points in {hands} hands is impossible: at most "
                    f"{most_per_hand} per hand ({hands * most_per_hand} in all)"
                )
        total = sum(result.team_points)
        if total > hands * most_per_hand:
            raise TournamentError(
                f"{where}: {result.team_points[0]} + {result.team_points[1]} = {total} points in "
                f"{hands} hands is impossible: only one team scores on a hand, at most "
                f"{most_per_hand} ({hands * most_per_hand} in all)"
            )
    elif profile.game_target:
        target = profile.game_target
        high, low = max(result.team_points), min(result.team_points)
        if low >= target:
            raise TournamentError(
                f"{where}: both teams at {target} or more ({result.team_points[0]}-"
                f"{result.team_points[1]}); the game ends when the first team reaches {target}"
            )
        if high > target - 1 + most_per_hand:
            raise TournamentError(
                f"{where}: {high} points is impossible in a game to {target}: the last hand "
                f"adds at most {most_per_hand} to {target - 1}"
            )
    if result.hand_points:
        _check_hands(profile, result, where, hands)
    _check_players(profile, result, where, hands, seating)
    first = result.first_to_tying_score
    if first is not None:
        if first not in (0, 1):
            raise TournamentError(f"{where}: first_to_tying_score must be team 0 or 1, got {first}")
        if result.team_points[0] != result.team_points[1]:
            raise TournamentError(
                f"{where}: first_to_tying_score given but the game is not tied "
                f"({result.team_points[0]}-{result.team_points[1]})"
            )


def _check_short_game(result: TableResult, where: str, hands: int) -> None:
    """A game of a set length (a playoff): no more hands than that, and a team can only
    score on a hand of its own (a one-hand game gives points to one team at most)."""
    kind = "sudden-death hand" if hands == 1 else f"{hands}-hand playoff game"
    if result.hands_played is not None and result.hands_played > hands:
        raise TournamentError(
            f"{where}: {result.hands_played} hands played in a {kind}; it lasts {hands}"
        )
    if len(result.hand_points) > hands:
        raise TournamentError(
            f"{where}: {len(result.hand_points)} hands listed in a {kind}; it lasts {hands}"
        )
    scorers = sum(1 for points in result.team_points if points > 0)
    if scorers > hands:
        raise TournamentError(
            f"{where}: {result.team_points[0]}-{result.team_points[1]} is impossible in a "
            f"{kind}: only one team scores on a hand"
        )


def _check_hands(profile: RuleProfile, result: TableResult, where: str, hands: int) -> None:
    allowed = hand_point_values(profile)
    if hands and len(result.hand_points) > hands:
        raise TournamentError(
            f"{where}: {len(result.hand_points)} hands listed but the game has {hands}"
        )
    for number, (first, second) in enumerate(result.hand_points, start=1):
        if first and second:
            raise TournamentError(
                f"{where}: hand {number} gives points to both teams ({first} and {second}); "
                "only one team scores on a hand (penalties are recorded apart)"
            )
        points = first or second
        if points and points not in allowed:
            raise TournamentError(
                f"{where}: hand {number} scores {points}, which no hand can score under "
                f"{profile.id} (possible: {', '.join(str(v) for v in sorted(allowed))})"
            )
    sums = (
        sum(hand[0] for hand in result.hand_points),
        sum(hand[1] for hand in result.hand_points),
    )
    if sums != result.team_points:
        raise TournamentError(
            f"{where}: the hands add up to {sums[0]}-{sums[1]} but the totals say "
            f"{result.team_points[0]}-{result.team_points[1]}"
        )


def _check_players(
    profile: RuleProfile,
    result: TableResult,
    where: str,
    hands: int,
    seating: TableSeating | None,
) -> None:
    at_table = set(seating.players) if seating is not None else None
    most = max(
        profile.max_hand_points(),
        profile.individual_lone_march_maker,
        profile.individual_lone_march_partner,
    )
    for label, mapping in (
        ("player_points", result.player_points),
        ("lone_hands", result.lone_hands),
        ("euchres", result.euchres),
    ):
        for player, number in mapping.items():
            if at_table is not None and player not in at_table:
                raise TournamentError(
                    f"{where}: {label} names player {player!r}, who was not at this table "
                    f"({', '.join(sorted(at_table))})"
                )
            if number < 0:
                raise TournamentError(
                    f"{where}: {label} of {player!r} is {number}; must be 0 or more"
                )
            limit = hands * most if label == "player_points" else hands
            if hands and number > limit:
                raise TournamentError(
                    f"{where}: {label} of {player!r} is {number}, more than {limit} possible "
                    f"in {hands} hands"
                )
