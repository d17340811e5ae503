"""The season table (issue 22's "Seasons"): each scoring method on worked examples in the
issue's words, the director's tie-breaks in their order, minimum attendance, best N nights,
movement since the last night, prizes, and properties over random seasons."""

from __future__ import annotations

import datetime
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.tournament.errors import TournamentError
from euchre.tournament.season import (
    GameRecord,
    NightResult,
    SeasonDefinition,
    SeasonNight,
    SeasonPrize,
    SeasonRow,
    SeasonScoring,
    SeasonSession,
    SeasonTieBreak,
    TiedPlaces,
    member_places,
    place_points_shares,
    season_table,
)

IDS = {name: number for number, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], 1)}


def result(name: str, points: int, place: int, **extra: Any) -> NightResult:
    """A member's night: 4 games and 2 won unless told otherwise."""
    values: dict[str, Any] = {"games": 4, "games_won": 2, **extra}
    return NightResult(member_id=IDS[name], name=name, points=points, place=place, **values)


def night(key: str, day: int, *results: NightResult) -> SeasonNight:
    return SeasonNight(key=key, date=datetime.date(2027, 1, day), results=results)


def season(scoring: str, **extra: Any) -> SeasonDefinition:
    return SeasonDefinition(name="Thursday league 2027", scoring=SeasonScoring(scoring), **extra)


def rows_by_name(table_rows: tuple[SeasonRow, ...]) -> dict[str, SeasonRow]:
    return {row.name: row for row in table_rows}


def test_points_by_place_ties_share() -> None:
    """Two players tied for 2nd on a 10, 8, 6 table share 8 + 6: 7 each."""
    table = season_table(
        season("place_points", place_points=(10, 8, 6)),
        [night("1", 7, result("Ann", 40, 1), result("Bob", 30, 2), result("Cat", 30, 2))],
    )
    rows = rows_by_name(table.rows)
    assert rows["Ann"].points == 10
    assert rows["Bob"].points == rows["Cat"].points == 7
    assert (rows["Bob"].rank, rows["Cat"].rank) == (2, 2)


def test_points_by_place_ties_for_places_k_to_k_plus_m_share_the_sum_of_those_places() -> None:
    table = (10, 8, 6, 5, 4, 3, 2, 1)
    assert place_points_shares([1, 1, 1, 4], table) == [8, 8, 8, 5]
    assert place_points_shares([1, 2, 3, 3, 3, 6], table) == [10, 8, 5, 5, 5, 3]
    # Tied across the end of the table: the places beyond it earn nothing.
    assert place_points_shares([1, 2, 3, 3], (10, 8, 6)) == [10, 8, 3, 3]
    assert place_points_shares([1, 1, 1], (10, 8, 6, 5)) == [Fraction(24, 3)] * 3
    assert place_points_shares([1, 1], (10, 7)) == [Fraction(17, 2)] * 2


def test_lvea_tied_players_each_take_that_places_points() -> None:
    """LVEA: "tied players each take that place's points" on 5-4-3-2-1; the places a tie
    used are not given again."""
    table = (5, 4, 3, 2, 1)
    assert place_points_shares([1, 1, 3, 4, 4, 6], table, tied=TiedPlaces.FULL) == [
        5,
        5,
        3,
        2,
        2,
        0,
    ]
    # A fixed team's two members are one competitor at their place.
    assert place_points_shares([1, 1, 3], table, ["t1", "t1", ""], TiedPlaces.FULL) == [5, 5, 3]


def test_the_next_member_moves_up_past_the_places_non_members_took() -> None:
    """Event places 3, 3, 5, 8 of the members (guests took 1, 2, 6 and 7) are 1, 1, 3, 4
    among members; a fixed team counts once."""
    assert member_places([3, 3, 5, 8]) == [1, 1, 3, 4]
    assert member_places([2, 2, 4], ["t1", "t1", ""]) == [1, 1, 2]


def test_a_session_is_the_seasons_scoring_with_its_own_bars_and_prizes() -> None:
    spring = SeasonSession(
        name="Spring",
        start=datetime.date(2027, 1, 1),
        end=datetime.date(2027, 6, 30),
        prizes=(SeasonPrize(place=1, label="Spring cup"),),
    )
    whole = season("total_points", min_nights=10, sessions=(spring,))
    part = whole.for_session(spring)
    assert (part.name, part.min_nights, part.prizes, part.sessions) == (
        "Thursday league 2027: Spring",
        0,
        spring.prizes,
        (),
    )
    assert whole.session_named("  SPRING ") == spring and whole.session_named("Fall") is None


def test_overlapping_sessions_are_refused_naming_both() -> None:
    def part(name: str, start: int, end: int) -> SeasonSession:
        return SeasonSession(
            name=name, start=datetime.date(2027, start, 1), end=datetime.date(2027, end, 28)
        )

    with pytest.raises(TournamentError, match=r"'Spring' .* and 'Summer' .* overlap"):
        season("total_points", sessions=(part("Spring", 1, 6), part("Summer", 6, 8)))
    with pytest.raises(TournamentError, match="tied_places: only for place_points"):
        season("total_points", tied_places=TiedPlaces.FULL)


def test_points_by_place_adds_the_nights_up() -> None:
    table = season_table(
        season("place_points", place_points=(10, 8, 6, 5, 4, 3, 2, 1)),
        [
            night("1", 7, result("Ann", 50, 1), result("Bob", 40, 2), result("Cat", 30, 3)),
            night("2", 14, result("Cat", 60, 1), result("Bob", 40, 2), result("Ann", 10, 3)),
        ],
    )
    assert [(row.name, row.points, row.rank) for row in table.rows] == [
        ("Ann", 16, 1),
        ("Bob", 16, 1),
        ("Cat", 16, 1),
    ]


def test_total_points_counts_every_point_of_every_night() -> None:
    table = season_table(
        season("total_points"),
        [
            night("1", 7, result("Ann", 50, 1), result("Bob", 40, 2)),
            night("2", 14, result("Bob", 45, 1), result("Cat", 44, 2)),
        ],
    )
    assert [(row.name, row.points, row.rank, row.nights) for row in table.rows] == [
        ("Bob", 85, 1, 2),
        ("Ann", 50, 2, 1),
        ("Cat", 44, 3, 1),
    ]
    assert table.rows[0].nights_counted == ("1", "2")


def test_average_points_per_game_with_a_minimum_number_of_games_to_qualify() -> None:
    table = season_table(
        season("average", min_games=8),
        [
            night("1", 7, result("Ann", 40, 1), result("Bob", 36, 2), result("Cat", 60, 1)),
            night("2", 14, result("Ann", 40, 1), result("Bob", 30, 2, games=2)),
        ],
    )
    assert [(row.name, row.points, row.rank, row.qualified) for row in table.rows] == [
        ("Ann", 10, 1, True),
        # 4 and 6 games: below the minimum of 8, listed apart below the qualifiers without a
        # rank, in the same order among themselves.
        ("Cat", 15, None, False),
        ("Bob", 11, None, False),
    ]


def test_the_season_tables_json_gives_an_average_as_a_number_to_three_places() -> None:
    """What ``euchre season`` files and the API read: the season, its nights, and each row's
    fields in their order, an average of 70 points over 6 games written 11.667."""
    table = season_table(
        season("average"),
        [
            night("1", 7, result("Ann", 40, 1), result("Bob", 36, 2)),
            night("2", 14, result("Bob", 34, 1, games=2)),
        ],
    )
    data = table.to_json()
    assert list(data) == ["season", "nights", "rows"]
    assert data["season"] == "Thursday league 2027"
    assert data["nights"] == ["1", "2"]
    bob = next(row for row in data["rows"] if row["name"] == "Bob")
    assert bob["points"] == 11.667
    assert list(bob) == [name for name in SeasonRow.__dataclass_fields__]
    assert bob["nights_counted"] == ["1", "2"]
    assert bob["by_night"][1] == {
        "key": "2",
        "points": 34,
        "sit_outs": 0,
        "sit_out_points": 0,
        "computer_games": 0,
    }


def test_best_n_nights_out_of_the_season_counts_the_best_and_says_which() -> None:
    table = season_table(
        season("best_nights", best_nights=2),
        [
            night("1", 7, result("Ann", 30, 2), result("Bob", 50, 1)),
            night("2", 14, result("Ann", 45, 1), result("Bob", 20, 2)),
            night("3", 21, result("Ann", 45, 1), result("Bob", 40, 2)),
        ],
    )
    rows = rows_by_name(table.rows)
    assert (rows["Ann"].points, rows["Ann"].nights_counted) == (90, ("2", "3"))
    assert (rows["Bob"].points, rows["Bob"].nights_counted) == (90, ("1", "3"))
    assert rows["Ann"].nights == 3


def test_best_n_nights_between_equal_nights_the_earlier_counts() -> None:
    table = season_table(
        season("best_nights", best_nights=1),
        [night("1", 7, result("Ann", 30, 1)), night("2", 14, result("Ann", 30, 1))],
    )
    assert table.rows[0].nights_counted == ("1",)


def level_pair() -> list[SeasonNight]:
    """Ann and Bob level on 40 points: Ann won more games, Bob made more lone hands."""
    return [
        night(
            "1",
            7,
            result("Ann", 40, 1, games_won=3, lone_hands=0),
            result("Bob", 40, 1, games_won=2, lone_hands=2),
            result("Cat", 10, 3),
        )
    ]


def test_tie_breaks_apply_in_the_order_the_director_lists_them() -> None:
    games_first = season_table(
        season("total_points", tie_breaks=(SeasonTieBreak.GAMES_WON, SeasonTieBreak.LONE_HANDS)),
        level_pair(),
    )
    assert [(row.name, row.rank) for row in games_first.rows] == [
        ("Ann", 1),
        ("Bob", 2),
        ("Cat", 3),
    ]
    lone_first = season_table(
        season("total_points", tie_breaks=(SeasonTieBreak.LONE_HANDS, SeasonTieBreak.GAMES_WON)),
        level_pair(),
    )
    assert [(row.name, row.rank) for row in lone_first.rows][:2] == [("Bob", 1), ("Ann", 2)]


def test_members_level_after_every_tie_break_share_the_rank_listed_by_name() -> None:
    table = season_table(season("total_points"), level_pair())
    assert [(row.name, row.rank, row.tied) for row in table.rows] == [
        ("Ann", 1, True),
        ("Bob", 1, True),
        ("Cat", 3, False),
    ]


def test_head_to_head_counts_only_the_games_between_the_tied_members() -> None:
    bob, ann, cat = IDS["Bob"], IDS["Ann"], IDS["Cat"]
    nights = [
        night(
            "1",
            7,
            result(
                "Ann",
                40,
                1,
                game_records=(
                    GameRecord(opponents=(bob, 9), points_for=5, points_against=8),
                    GameRecord(opponents=(cat, 9), points_for=10, points_against=0),
                ),
            ),
            result(
                "Bob",
                40,
                1,
                game_records=(GameRecord(opponents=(ann, 8), points_for=8, points_against=5),),
            ),
            result("Cat", 10, 3),
        )
    ]
    table = season_table(season("total_points", tie_breaks=(SeasonTieBreak.HEAD_TO_HEAD,)), nights)
    # Ann's 10-0 against Cat does not count: Cat is not level with them.
    assert [(row.name, row.rank) for row in table.rows][:2] == [("Bob", 1), ("Ann", 2)]


def test_minimum_attendance_lists_non_qualifiers_apart_below() -> None:
    nights = [
        night("1", 7, result("Ann", 90, 1), result("Bob", 20, 2)),
        night("2", 14, result("Bob", 20, 1)),
    ]
    table = season_table(season("total_points", min_nights=2), nights)
    assert [(row.name, row.rank, row.qualified) for row in table.rows] == [
        ("Bob", 1, True),
        ("Ann", None, False),
    ]


def test_movement_since_the_last_night_is_the_rank_before_it_minus_the_rank_now() -> None:
    nights = [
        night("1", 7, result("Ann", 50, 1), result("Bob", 40, 2), result("Cat", 30, 3)),
        night("2", 14, result("Cat", 70, 1), result("Ann", 5, 3), result("Dan", 60, 2)),
    ]
    rows = rows_by_name(season_table(season("total_points"), nights).rows)
    assert (rows["Cat"].previous_rank, rows["Cat"].rank, rows["Cat"].movement) == (3, 1, 2)
    assert (rows["Ann"].rank, rows["Ann"].movement) == (3, -2)
    assert (rows["Bob"].rank, rows["Bob"].movement) == (4, -2)
    assert (rows["Dan"].previous_rank, rows["Dan"].movement) == (None, None)


def test_after_the_first_night_nobody_has_moved() -> None:
    table = season_table(season("total_points"), [night("1", 7, result("Ann", 5, 1))])
    assert table.rows[0].movement is None


def test_a_corrected_past_result_moves_the_season_table() -> None:
    nights = [
        night("1", 7, result("Ann", 50, 1), result("Bob", 40, 2)),
        night("2", 14, result("Ann", 30, 1), result("Bob", 30, 1)),
        night("3", 21, result("Ann", 30, 1), result("Bob", 30, 1)),
    ]
    assert season_table(season("total_points"), nights).rows[0].name == "Ann"
    corrected = [
        night("1", 7, result("Ann", 40, 2), result("Bob", 50, 1)),
        *nights[1:],
    ]
    rows = season_table(season("total_points"), corrected).rows
    assert [(row.name, row.points) for row in rows] == [("Bob", 110), ("Ann", 100)]


def test_season_prizes_go_by_rank_and_tied_members_share_the_money_of_their_places() -> None:
    prizes = (
        SeasonPrize(place=1, label="Champion", amount_cents=5000),
        SeasonPrize(place=2, label="Runner-up", amount_cents=2001),
    )
    table = season_table(season("total_points", prizes=prizes), level_pair())
    rows = rows_by_name(table.rows)
    assert rows["Ann"].prizes == rows["Bob"].prizes == ("Champion", "Runner-up")
    assert rows["Ann"].prize_cents + rows["Bob"].prize_cents == 7001
    assert rows["Cat"].prizes == ()


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"scoring": "best_nights"}, "best_nights"),
        ({"scoring": "total_points", "best_nights": 3}, "best_nights"),
        ({"scoring": "place_points"}, "place_points"),
        ({"scoring": "place_points", "place_points": [8, 10]}, "place_points"),
        ({"scoring": "total_points", "place_points": [10, 8]}, "place_points"),
        ({"scoring": "average", "min_games": -1}, "min_games"),
        ({"scoring": "total_points", "tie_breaks": ["games_won", "games_won"]}, "tie_breaks"),
        ({"scoring": "total_points", "tie_breaks": ["coin_toss"]}, "coin_toss"),
        ({"scoring": "most_improved"}, "most_improved"),
        ({"scoring": "total_points", "name": " "}, "name"),
    ],
)
def test_a_bad_season_definition_is_refused_naming_the_field(
    fields: dict[str, Any], named: str
) -> None:
    with pytest.raises(TournamentError, match=named):
        SeasonDefinition.from_json({"name": "Thursday league 2027", **fields})


def test_a_season_definition_reads_back_what_it_writes() -> None:
    definition = season(
        "place_points",
        place_points=(10, 8, 6),
        tie_breaks=(SeasonTieBreak.HEAD_TO_HEAD, SeasonTieBreak.GAMES_WON),
        min_nights=3,
        prizes=(SeasonPrize(place=1, label="Cup"),),
    )
    assert SeasonDefinition.from_json(definition.to_json()) == definition


def test_a_member_listed_twice_in_a_night_is_refused() -> None:
    with pytest.raises(TournamentError, match="listed twice"):
        night("1", 7, result("Ann", 5, 1), result("Ann", 6, 1))


# Random seasons: members attend some nights; each night's places follow its points.


@st.composite
def random_nights(draw: st.DrawFn) -> list[SeasonNight]:
    nights = []
    for index in range(draw(st.integers(1, 4))):
        present = draw(st.lists(st.sampled_from(sorted(IDS)), min_size=1, max_size=6, unique=True))
        points = {name: draw(st.integers(0, 60)) for name in present}
        results = []
        for name in present:
            place = 1 + sum(1 for other in present if points[other] > points[name])
            games = draw(st.integers(1, 6))
            won = draw(st.integers(0, games))
            results.append(result(name, points[name], place, games=games, games_won=won))
        nights.append(night(str(index + 1), index + 1, *results))
    return nights


definitions = st.sampled_from(
    [
        season("total_points", tie_breaks=(SeasonTieBreak.GAMES_WON,)),
        season("average", min_games=5),
        season("best_nights", best_nights=2, min_nights=2),
        season("place_points", place_points=(10, 8, 6, 5, 4, 3, 2, 1)),
        season("place_points", place_points=(3, 1)),
    ]
)


@settings(max_examples=60, deadline=None)
@given(random_nights(), definitions, st.randoms(use_true_random=False))
def test_the_table_does_not_depend_on_the_order_nights_are_given(
    nights: list[SeasonNight], definition: SeasonDefinition, rng: Any
) -> None:
    shuffled = list(nights)
    rng.shuffle(shuffled)
    assert season_table(definition, shuffled) == season_table(definition, nights)


@settings(max_examples=60, deadline=None)
@given(random_nights(), definitions)
def test_every_row_follows_its_scoring_rule(
    nights: list[SeasonNight], definition: SeasonDefinition
) -> None:
    table = season_table(definition, nights)
    attended = {name: [r for n in nights for r in n.results if r.name == name] for name in IDS}
    qualifiers = [row for row in table.rows if row.qualified]
    assert table.rows[: len(qualifiers)] == tuple(qualifiers)
    ranks = [row.rank for row in qualifiers]
    assert ranks == sorted(ranks) and all(rank is not None for rank in ranks)
    assert [row.points for row in qualifiers] == sorted(
        (row.points for row in qualifiers), reverse=True
    )
    for row in table.rows:
        mine = attended[row.name]
        total = sum(r.points for r in mine)
        games = sum(r.games for r in mine)
        if definition.scoring is SeasonScoring.TOTAL_POINTS:
            assert row.points == total
        elif definition.scoring is SeasonScoring.AVERAGE:
            assert row.points == Fraction(total, games)
            assert row.qualified == (games >= 5)
        elif definition.scoring is SeasonScoring.BEST_NIGHTS:
            best = sorted((r.points for r in mine), reverse=True)[:2]
            assert row.points == sum(best)
            assert len(row.nights_counted) == len(best)
            assert row.qualified == (len(mine) >= 2)
    if definition.scoring is SeasonScoring.PLACE_POINTS:
        for one in nights:
            shares = place_points_shares([r.place for r in one.results], definition.place_points)
            filled = definition.place_points[: len(one.results)]
            # Tied players share exactly the points of the places they fill.
            assert sum(shares) == sum(filled)
