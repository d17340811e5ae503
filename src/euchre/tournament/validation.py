"""Checks on a table's game result against the event's rule profile.

:func:`validate_result` is what every stored result must pass (the core re-checks it on each
computation). :func:`complete_result` is stricter and runs where a score is entered (the
phones, the director's correction, the CLI): it refuses what a table can only have got wrong
(a missing hand, a total no game reaches, an own total the hands do not give) and fills in
what the hands say (each player's 5/4 lone points, who reached a tied score first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from euchre.engine.choices import GameEnd
from euchre.engine.profile import RuleProfile, load_profile
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import EventConfig, TableResult, TableSeating
from euchre.tournament.naming import PlayerNames
from euchre.tournament.sheets import max_games
from euchre.tournament.tables_of_three import three_handed_problem

__all__ = [
    "PER_PLAYER_WORDS",
    "ResultError",
    "check_event_length",
    "complete_result",
    "hand_point_values",
    "reached_tying_score_first",
    "validate_result",
]


class ResultError(TournamentError):
    """A result that cannot be right, naming the entry at fault: ``field`` is
    ``"team_points.0"``, ``"hand_points.3"`` (1-based hand), ``"player_points.<id>"``,
    ``"lone_marches.<id>"``, ``"euchres.<id>"``, ``"first_to_tying_score"``,
    ``"hand_points"`` or ``"round"``."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


def check_event_length(profile_id: str, rounds: int) -> None:
    """Raise :class:`ResultError` when ``rounds`` games exceed the sheet's maximum."""
    cap = max_games(profile_id)
    if cap is not None and rounds > cap[0]:
        raise ResultError(f"{rounds} games is more than the sheet allows ({cap[1]})", field="round")


def hand_point_values(profile: RuleProfile, *, lone_march: bool = True) -> set[int]:
    """Every number of points one team can score on one hand under ``profile`` (with
    ``lone_march=False``: from any outcome but a lone hand of five tricks)."""
    values = {
        profile.points_made,
        profile.points_march,
        profile.points_lone_made,
        profile.points_euchre,
        profile.points_euchre_all_five,
        profile.points_euchre_lone,
    }
    if lone_march:
        values.add(profile.points_lone_march)
    if profile.defend_alone:
        values.add(profile.points_defend_alone)
    return values


def validate_result(
    config: EventConfig,
    result: TableResult,
    seating: TableSeating | None = None,
    hands: int | None = None,
    names: Mapping[str, str] | None = None,
    *,
    penalty_points: tuple[int, int] = (0, 0),
) -> None:
    """Raise :class:`TournamentError` saying why ``result`` cannot be right: points out of the
    profile's range per hand, totals no game of that length can reach, hand-by-hand points
    that do not add up, or players who were not at the table (when ``seating`` is given).
    ``hands`` (else ``seating.hands``) is the game's length when it is not the profile's:
    a 4-hand playoff, a sudden-death hand. ``names`` (player id -> name) makes the messages
    name people. ``penalty_points`` is what the director's rulings change in the totals: a
    game they make level may name who reached the tying score first."""
    profile = load_profile(config.profile_id)
    if hands is None and seating is not None:
        hands = seating.hands
    where = f"round {result.round} table {result.table}"
    if seating is not None and seating.three_handed:
        _check_three_handed(profile, result, seating, hands, names)
        return
    if result.round < 1 or result.table < 1:
        raise TournamentError(f"{where}: rounds and tables are numbered from 1")
    if result.stage not in ("main", "playoff"):
        raise TournamentError(f"{where}: stage must be 'main' or 'playoff', got {result.stage!r}")
    for team, points in enumerate(result.team_points):
        if points < 0:
            raise ResultError(
                f"{where}: team {team + 1} has {points} points; points are 0 or more",
                field=f"team_points.{team}",
            )
    most_per_hand = profile.max_hand_points()
    game_hands = profile.game_hands if hands is None else hands
    if hands is not None:
        _check_short_game(result, where, hands)
    hands = result.hands_played if result.hands_played is not None else game_hands
    if result.hands_played is not None and result.hands_played < 0:
        raise TournamentError(f"{where}: {result.hands_played} hands played is not a count")
    if hands:
        for team, points in enumerate(result.team_points):
            if points > hands * most_per_hand:
                raise ResultError(
                    f"{where}: {points} points in {hands} hands is impossible: at most "
                    f"{most_per_hand} per hand ({hands * most_per_hand} in all)",
                    field=f"team_points.{team}",
                )
        total = sum(result.team_points)
        if total > hands * most_per_hand:
            raise ResultError(
                f"{where}: {result.team_points[0]} + {result.team_points[1]} = {total} points in "
                f"{hands} hands is impossible: only one team scores on a hand, at most "
                f"{most_per_hand} ({hands * most_per_hand} in all)",
                field="team_points",
            )
    elif profile.game_target:
        target = profile.game_target
        high, low = max(result.team_points), min(result.team_points)
        if low >= target:
            raise ResultError(
                f"{where}: both teams at {target} or more ({result.team_points[0]}-"
                f"{result.team_points[1]}); the game ends when the first team reaches {target}",
                field="team_points",
            )
        if high > target - 1 + most_per_hand:
            raise ResultError(
                f"{where}: {high} points is impossible in a game to {target}: the last hand "
                f"adds at most {most_per_hand} to {target - 1}",
                field=f"team_points.{result.team_points.index(high)}",
            )
    else:
        # A game to the bell (``game_end = "bell"``) is the only game the profile lets have
        # no target and no number of hands: its totals are what the table scored when the
        # round's bell rang, so they have no bound beyond being 0 or more (and the hands, if
        # typed, adding up to them, below). Any other profile has one of the two.
        assert profile.game_end == GameEnd.BELL, profile.id
    if result.hand_points:
        _check_hands(profile, result, where, hands)
    label = PlayerNames(names, seating.partnerships if seating is not None else None)
    _check_players(profile, result, where, hands, seating, label)
    first = result.first_to_tying_score
    if first is not None:
        if first not in (0, 1):
            raise TournamentError(f"{where}: first_to_tying_score must be team 0 or 1, got {first}")
        scored = [result.team_points[side] + penalty_points[side] for side in (0, 1)]
        # The table's own level game keeps its answer when a penalty then breaks the tie
        # (the answer is simply not needed): only an answer neither score can use is wrong.
        if scored[0] != scored[1] and result.team_points[0] != result.team_points[1]:
            raise ResultError(
                f"{where}: the result names {label.team(first)} as first to a tying score, "
                f"but the game is not level ({scored[0]}-{scored[1]})",
                field="first_to_tying_score",
            )


def _check_three_handed(
    profile: RuleProfile,
    result: TableResult,
    seating: TableSeating,
    hands: int | None,
    names: Mapping[str, str] | None,
) -> None:
    """A table of three's result: each player's own total, within what a three-handed game
    of the sheet's length can give (:func:`three_handed_problem`); no team totals or hands
    (the table writes three own totals)."""
    where = f"round {result.round} table {result.table}"
    if any(result.team_points) or result.hand_points:
        raise ResultError(
            f"{where} is a table of three: each player plays for himself, so enter each "
            "player's own total, not team totals or hands",
            field="player_points",
        )
    label = PlayerNames(names, None)
    for player in result.player_points:
        if player not in seating.players:
            raise ResultError(
                f"{where}: own total of {label.player(player)}, who was not at this table "
                f"({label.players(seating.players)})",
                field=f"player_points.{player}",
            )
    found = three_handed_problem(
        result.player_points,
        seating,
        hands=profile.game_hands if hands is None else hands,
        target=profile.game_target if hands is None else 0,
        name={player: label.player(player) for player in seating.players},
    )
    if found is not None:
        field, message = found
        raise ResultError(f"{where}: {message}", field=field)


def _check_short_game(result: TableResult, where: str, hands: int) -> None:
    """A game of a set length (a playoff): no more hands than that, and a team can only
    score on a hand of its own (a one-hand game gives points to one team at most)."""
    kind = "sudden-death hand" if hands == 1 else f"{hands}-hand playoff game"
    if result.hands_played is not None and result.hands_played > hands:
        raise ResultError(
            f"{where}: {result.hands_played} hands played in a {kind}; it lasts {hands}",
            field="hand_points",
        )
    if len(result.hand_points) > hands:
        raise ResultError(
            f"{where}: {len(result.hand_points)} hands listed in a {kind}; it lasts {hands}",
            field="hand_points",
        )
    scorers = sum(1 for points in result.team_points if points > 0)
    if scorers > hands:
        raise ResultError(
            f"{where}: {result.team_points[0]}-{result.team_points[1]} is impossible in a "
            f"{kind}: only one team scores on a hand",
            field="team_points",
        )


def _check_hands(profile: RuleProfile, result: TableResult, where: str, hands: int) -> None:
    allowed = hand_point_values(profile)
    if hands and len(result.hand_points) > hands:
        raise ResultError(
            f"{where}: {len(result.hand_points)} hands listed but the game has {hands}",
            field="hand_points",
        )
    for number, (first, second) in enumerate(result.hand_points, start=1):
        if first and second:
            raise ResultError(
                f"{where}: hand {number} gives points to both teams ({first} and {second}); "
                "only one team scores on a hand (penalties are recorded apart)",
                field=f"hand_points.{number}",
            )
        points = first or second
        if points and points not in allowed:
            raise ResultError(
                f"{where}: hand {number} scores {points}, which no hand can score under "
                f"{profile.id} (possible: {', '.join(str(v) for v in sorted(allowed))})",
                field=f"hand_points.{number}",
            )
    sums = (
        sum(hand[0] for hand in result.hand_points),
        sum(hand[1] for hand in result.hand_points),
    )
    if sums != result.team_points:
        raise ResultError(
            f"{where}: the hands add up to {sums[0]}-{sums[1]} but the totals say "
            f"{result.team_points[0]}-{result.team_points[1]}",
            field="team_points",
        )


PER_PLAYER_WORDS = {
    "player_points": "own total",
    "lone_hands": "lone hands made",
    "lone_marches": "lone hands of five tricks",
    "euchres": "times euchred",
    "lone_euchres": "times euchred on a lone hand",
}
"""A result's per-player fields in the words the score form uses."""


def _check_players(
    profile: RuleProfile,
    result: TableResult,
    where: str,
    hands: int,
    seating: TableSeating | None,
    label: PlayerNames,
) -> None:
    at_table = set(seating.players) if seating is not None else None
    most = max(
        profile.max_hand_points(),
        profile.individual_lone_march_maker,
        profile.individual_lone_march_partner,
    )
    for field, mapping in (
        ("player_points", result.player_points),
        ("lone_hands", result.lone_hands),
        ("euchres", result.euchres),
        ("lone_euchres", result.lone_euchres),
    ):
        words = PER_PLAYER_WORDS[field]
        for player, number in mapping.items():
            if at_table is not None and seating is not None and player not in at_table:
                raise TournamentError(
                    f"{where}: {words} of {label.player(player)}, who was not at this table "
                    f"({label.players(seating.players)})"
                )
            if number < 0:
                raise ResultError(
                    f"{where}: {words} of {label.player(player)} is {number}; must be 0 or more",
                    field=f"{field}.{player}",
                )
            limit = hands * most if field == "player_points" else hands
            if field == "lone_euchres" and number > result.euchres.get(player, 0):
                raise ResultError(
                    f"{where}: {words} of {label.player(player)} is {number}, more than his "
                    f"times euchred ({result.euchres.get(player, 0)}): a euchred lone hand is "
                    "one of his euchres",
                    field=f"{field}.{player}",
                )
            if hands and number > limit:
                raise ResultError(
                    f"{where}: {words} of {label.player(player)} is {number}, more than "
                    f"{limit} possible in {hands} hands",
                    field=f"{field}.{player}",
                )


def reached_tying_score_first(hand_points: tuple[tuple[int, int], ...]) -> int | None:
    """The team (0/1) that reached the final, level total first, read from the hands in order
    (the tournament sheet: "Ties go to the first team to make the tying score (i.e., last
    team to score loses)"); None when the hands do not end level or end 0-0."""
    finals = (sum(hand[0] for hand in hand_points), sum(hand[1] for hand in hand_points))
    if finals[0] != finals[1] or finals[0] == 0:
        return None
    running = [0, 0]
    for hand in hand_points:
        for side in (0, 1):
            running[side] += hand[side]
            if running[side] >= finals[side]:
                return side
    return None


def _level_game(
    profile: RuleProfile,
    result: TableResult,
    where: str,
    label: PlayerNames,
    penalty_points: tuple[int, int],
) -> int | None:
    """Who reached the tying score first, from the hands or as the table said (as the
    director said, for a game the penalties made level). Under ``game_tie = "extra_hand"``
    the same entry names the team that won the unscored extra hand, which no hand typed can
    tell."""
    total = result.team_points[0]
    if result.team_points[0] != result.team_points[1]:
        made_level = total + penalty_points[0] == result.team_points[1] + penalty_points[1]
        return result.first_to_tying_score if made_level else None
    if profile.game_tie == "extra_hand":
        said = result.first_to_tying_score
        if said is None and total > 0 and result.stage == "main":
            raise ResultError(
                f"{where}: the game is level at {total}-{total}: say which team won the extra "
                f"hand ({label.team(0)} or {label.team(1)}); a level game is decided by one "
                "more hand, not scored",
                field="first_to_tying_score",
            )
        return said
    from_hands = reached_tying_score_first(result.hand_points) if result.hand_points else None
    said = result.first_to_tying_score
    if from_hands is not None and said is not None and said != from_hands:
        raise ResultError(
            f"{where}: the hands show {label.team(from_hands)} reached {total} first, not "
            f"{label.team(said)}",
            field="first_to_tying_score",
        )
    first = from_hands if from_hands is not None else said
    if first is None and total > 0 and result.stage == "main":
        raise ResultError(
            f"{where}: the game is level at {total}-{total}: say which team reached {total} "
            f"first ({label.team(0)} or {label.team(1)}); ties go to the first team to make "
            "the tying score",
            field="first_to_tying_score",
        )
    return first


def _check_entry_counts(profile: RuleProfile, result: TableResult, where: str) -> None:
    """The hand count and the lowest total a fixed-length game can have."""
    hands = profile.game_hands
    if result.stage != "main" or not hands:
        return
    if result.hand_points and len(result.hand_points) != hands:
        raise ResultError(
            f"{where}: {len(result.hand_points)} hands entered, but a game is {hands} hands; "
            "enter every hand (a hand the director rules on is written 0-0)",
            field="hand_points",
        )
    if profile.all_pass != "stick_the_dealer":
        return
    scoring = (
        sum(1 for hand in result.hand_points if hand[0] or hand[1]) if result.hand_points else hands
    )
    total = sum(result.team_points)
    if total < scoring:
        raise ResultError(
            f"{where}: {result.team_points[0]} + {result.team_points[1]} = {total} points in "
            f"{hands} hands is impossible: with stick the dealer every hand scores at least 1 "
            "point (a hand the director rules on is written 0-0, hand by hand)",
            field="team_points",
        )


def _lone_points(
    profile: RuleProfile, result: TableResult, seating: TableSeating, where: str, label: PlayerNames
) -> tuple[dict[str, int], dict[str, int]]:
    """(player_points, lone_hands) completed from the lone marches, checked against the hands
    and against any own total the table typed."""
    side_of = {player: side for side, pair in enumerate(seating.partnerships) for player in pair}
    for player, count in result.lone_marches.items():
        if player not in side_of:
            raise ResultError(
                f"{where}: lone hands of five tricks of {label.player(player)}, who was not at "
                "this table",
                field=f"lone_marches.{player}",
            )
        if count < 0:
            raise ResultError(
                f"{where}: lone hands of five tricks of {label.player(player)} is {count}; "
                "must be 0 or more",
                field=f"lone_marches.{player}",
            )
    march = profile.points_lone_march
    others = hand_point_values(profile, lone_march=False)
    for side, pair in enumerate(seating.partnerships):
        entered = sum(result.lone_marches.get(player, 0) for player in pair)
        first_player = next((player for player in pair if result.lone_marches.get(player)), pair[0])
        if result.hand_points:
            march_hands = [
                number
                for number, hand in enumerate(result.hand_points, start=1)
                if hand[side] == march
            ]
            if entered > len(march_hands):
                raise ResultError(
                    f"{where}: {entered} lone hand(s) of five tricks entered for "
                    f"{label.team(side)}, but only {len(march_hands)} hand(s) give that team "
                    f"{march} points",
                    field=f"lone_marches.{first_player}",
                )
            if profile.individual_scoring and march not in others and entered < len(march_hands):
                missing = march_hands[entered]
                raise ResultError(
                    f"{where}: hand {missing} gives {label.team(side)} {march} points, a lone hand "
                    "of five tricks: enter who called alone (the caller scores "
                    f"{profile.individual_lone_march_maker}, the partner "
                    f"{profile.individual_lone_march_partner})",
                    field=f"lone_marches.{first_player}",
                )
        elif entered * march > result.team_points[side]:
            raise ResultError(
                f"{where}: {entered} lone hand(s) of five tricks are {entered * march} points, "
                f"more than the total of {label.team(side)}, {result.team_points[side]}",
                field=f"lone_marches.{first_player}",
            )
    lone_hands = dict(result.lone_hands)
    for player, count in result.lone_marches.items():
        if count > lone_hands.get(player, 0):
            lone_hands[player] = count  # a lone hand of five tricks is a lone hand made
    derived: dict[str, int] = {}
    for side, pair in enumerate(seating.partnerships):
        for player in pair:
            own = result.team_points[side]
            if profile.individual_scoring:
                own += result.lone_marches.get(player, 0) * (
                    profile.individual_lone_march_maker - march
                )
                own += sum(
                    result.lone_marches.get(partner, 0) for partner in pair if partner != player
                ) * (profile.individual_lone_march_partner - march)
            derived[player] = own
    for player, typed in result.player_points.items():
        if player not in derived:
            continue  # validate_result names a player who was not at the table
        if typed != derived[player]:
            side = side_of[player]
            mine = result.lone_marches.get(player, 0)
            explanation = f"the {result.team_points[side]} of {label.team(side)}" + (
                f" plus {profile.individual_lone_march_maker - march} for each of the {mine} "
                "lone hand(s) of five tricks this player called"
                if profile.individual_scoring
                else " (every player scores the team's points under this sheet)"
            )
            raise ResultError(
                f"{where}: own total of {label.player(player)} is {typed}, but the hands give "
                f"{derived[player]}: {explanation}",
                field=f"player_points.{player}",
            )
    player_points = {
        player: points
        for player, points in derived.items()
        if points != result.team_points[side_of[player]]
    }
    return player_points, {player: count for player, count in lone_hands.items() if count}


def _check_lone_hands_scored(
    profile: RuleProfile,
    result: TableResult,
    seating: TableSeating,
    lone_hands: Mapping[str, int],
    where: str,
    label: PlayerNames,
    penalty_points: tuple[int, int],
) -> None:
    """A lone hand made scores its side points on that hand: a side's lone hands made are no
    more than the hands typed that give it a lone hand's points, and (no hands typed) no more
    than its total allows (every lone hand made is worth at least the least a lone hand
    scores). A side the director's rulings gave points keeps the looser total check only: a
    hand he ruled on is written 0-0."""
    least = min(profile.points_lone_made, profile.points_lone_march)
    lone_values = {profile.points_lone_made, profile.points_lone_march}
    for side, pair in enumerate(seating.partnerships):
        made = sum(lone_hands.get(player, 0) for player in pair)
        if not made:
            continue
        first_player = next(player for player in pair if lone_hands.get(player))
        total = result.team_points[side] + max(penalty_points[side], 0)
        if result.hand_points and penalty_points[side] <= 0:
            lone_scoring = sum(1 for hand in result.hand_points if hand[side] in lone_values)
            if made > lone_scoring:
                raise ResultError(
                    f"{where}: {made} lone hand(s) made entered for {label.team(side)}, but "
                    f"only {lone_scoring} of the hands typed give that team a lone hand's "
                    f"points ({' or '.join(str(value) for value in sorted(lone_values))}): a "
                    "lone hand made scores on its hand",
                    field=f"lone_hands.{first_player}",
                )
        elif made * least > total:
            raise ResultError(
                f"{where}: {made} lone hand(s) made entered for {label.team(side)}, but that "
                f"team scored {result.team_points[side]}: each lone hand made scores at least "
                f"{least}",
                field=f"lone_hands.{first_player}",
            )


def complete_result(
    config: EventConfig,
    result: TableResult,
    seating: TableSeating,
    names: Mapping[str, str] | None = None,
    *,
    penalty_points: tuple[int, int] = (0, 0),
) -> TableResult:
    """A result as entered at a table, checked strictly and completed from its hands
    (``penalty_points``: see :func:`validate_result`).

    Raises :class:`ResultError` naming the entry at fault: a game of the wrong number of hands,
    a total lower than a stick-the-dealer game can end with, a level game without who reached
    the tying score first, a lone hand of five tricks nobody is named for, an own total the
    hands do not give, partners' times euchred that differ, or more games than the sheet
    allows. Returns the result with each player's points derived from the lone hands (the
    tournament sheet: "on a lone call, the person making the call scores 5 points and his
    partner scores 4 points"), who reached a level score first (from the hands when given)
    and then checked by :func:`validate_result`. ``names`` (player id -> name) makes the
    messages name people.
    """
    profile = load_profile(config.profile_id)
    where = f"round {result.round} table {result.table}"
    if result.stage == "main":
        check_event_length(config.profile_id, result.round)
    if seating.three_handed:
        _check_three_handed(profile, result, seating, seating.hands, names)
        return result
    for team, points in enumerate(result.team_points):
        if points < 0:
            raise ResultError(
                f"{where}: team {team + 1} has {points} points; points are 0 or more",
                field=f"team_points.{team}",
            )
    _check_entry_counts(profile, result, where)
    label = PlayerNames(names, seating.partnerships)
    first = _level_game(profile, result, where, label, penalty_points)
    player_points, lone_hands = _lone_points(profile, result, seating, where, label)
    _check_lone_hands_scored(profile, result, seating, lone_hands, where, label, penalty_points)
    completed = replace(
        result,
        first_to_tying_score=first,
        player_points=player_points,
        lone_hands=lone_hands,
        lone_marches={player: count for player, count in result.lone_marches.items() if count},
    )
    validate_result(config, completed, seating, names=names, penalty_points=penalty_points)
    _check_partners_euchred_together(completed, seating, where, label)
    return completed


def _check_partners_euchred_together(
    result: TableResult, seating: TableSeating, where: str, label: PlayerNames
) -> None:
    """Partners are fixed within a game (in every format: a table seats two partnerships for
    the whole game), so a euchred team's players are euchred together and their counts agree
    (Bolivar: "Each player on the 'Euchred' team will put twenty-five cents (a quarter) in the
    cup"). The box marked is the lower count, usually the partner left blank."""
    for pair in seating.partnerships:
        counts = {player: result.euchres.get(player, 0) for player in pair}
        if len(set(counts.values())) < 2:
            continue
        low = min(pair, key=lambda player: counts[player])
        high = max(pair, key=lambda player: counts[player])
        raise ResultError(
            f"{where}: {label.player(low)}'s times euchred ({counts[low]}) must equal the "
            f"partner {label.player(high)}'s ({counts[high]}): both partners of a euchred team "
            "count it (each puts in the cup)",
            field=f"euchres.{low}",
        )
