"""A club's movement from its own file (issue "Any club's night from its own file", item 2).

The assertions restate the sheets' own words: LVEA "high always partners low ... the winning
pair stays at its table, splits, and its two players play against each other next round, each
with a new partner of the other class; the losing pair splits: the high player moves up one
table, the low player moves down one ... A short last table is a ghost table: its players take
a bye worth 7 points"; a compass movement "North stays, South down one, East up one, West up
two"; the poker-chips night's "a full redraw every game"."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.tournament import (
    Entrant,
    EventInputs,
    EventSnapshot,
    TableResult,
    TableSeating,
    preset_config,
)
from euchre.tournament.formats import BUILTIN_MOVEMENTS, FORMATS
from euchre.tournament.model import EventConfig
from euchre.tournament.movement import (
    PlayedRound,
    progressive_round,
    winners_move_up_round,
)
from euchre.tournament.movement_rules import SeatingState, seat_round
from euchre.tournament.movement_spec import Ends, MoveRule, Who, describe_move
from euchre.tournament.sheets import SheetError, builtin_sheets, parse_sheet, use_user_sheets
from tests.cli.helpers import run

from .helpers import play_out, random_results

SHEETS = Path(__file__).parent.parent / "data" / "sheets"
LVEA = SHEETS / "lvea.toml"


pytestmark = pytest.mark.usefixtures("no_club_sheets")
"""Only the built-in sheets, unless a test puts a club's in use (``tests/conftest.py``)."""


def _winner_side(result: TableResult) -> int:
    if result.team_points[0] == result.team_points[1]:
        assert result.first_to_tying_score is not None
        return result.first_to_tying_score
    return 0 if result.team_points[0] > result.team_points[1] else 1


def _lvea_entrants() -> tuple[Entrant, ...]:
    """18 players as LVEA registers them: 9 on a high scoresheet, 9 on a low one."""
    return tuple(
        Entrant(f"{kind[0].upper()}{number}", f"{kind} {number}", seat_class=kind)
        for number in range(1, 10)
        for kind in ("high", "low")
    )


def _lvea_night(seed: int) -> tuple[EventInputs, EventSnapshot]:
    use_user_sheets([parse_sheet(LVEA.read_text(), origin="'lvea.toml'")])
    config = preset_config("lvea", seed=seed)
    return play_out(config, _lvea_entrants(), random_results(seed))


def _class(player: str) -> str:
    return "high" if player.startswith("H") else "low"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_lvea_night_from_its_file_high_partners_low_winners_meet_losers_move_by_class(
    seed: int,
) -> None:
    inputs, snapshot = _lvea_night(seed)
    results = {(result.round, result.table): result for result in inputs.results}
    rounds = [plan for plan in snapshot.rounds if plan.stage == "main"]
    assert len(rounds) == 8  # "8 rounds"
    ghost = 5  # four full tables; the short last table (the foot) is the ghost table
    for plan in rounds:
        assert [table.table for table in plan.tables] == [1, 2, 3, 4]
        for table in plan.tables:
            for pair in table.partnerships:
                # "High always partners low."
                assert sorted(_class(player) for player in pair) == ["high", "low"], plan
        # The ghost table: one high and one low player, sitting out.
        assert sorted(_class(player) for player in plan.sitting_out) == ["high", "low"]
    for before, after in pairwise(rounds):
        table_of = {p: table.table for table in after.tables for p in table.players}
        table_of |= {player: ghost for player in after.sitting_out}
        side_of = {
            p: side
            for table in after.tables
            for side, pair in enumerate(table.partnerships)
            for p in pair
        }
        partner_of = {
            p: pair[1 - index]
            for table in before.tables
            for pair in table.partnerships
            for index, p in enumerate(pair)
        }
        for table in before.tables:
            won = _winner_side(results[(before.round, table.table)])
            first, second = table.partnerships[won]
            # "The winning pair stays at its table, splits, and its two players play
            # against each other next round, each with a new partner of the other class."
            assert table_of[first] == table_of[second] == table.table
            assert side_of[first] != side_of[second]
            for winner in (first, second):
                new_partner = next(
                    p
                    for pair in next(t for t in after.tables if t.table == table.table).partnerships
                    if winner in pair
                    for p in pair
                    if p != winner
                )
                assert new_partner != partner_of[winner]
                assert _class(new_partner) != _class(winner)
            # "The high player moves up one table, the low player moves down one" (the
            # head's high loser goes round to the foot, the ghost table).
            for loser in table.partnerships[1 - won]:
                if _class(loser) == "high":
                    assert table_of[loser] == (table.table - 1 if table.table > 1 else ghost)
                else:
                    assert table_of[loser] == table.table + 1
        # The ghost table is fed by the movement: its players move on as losers do.
        for player in before.sitting_out:
            assert table_of[player] == (4 if _class(player) == "high" else 1)
    # "its players take a bye worth 7 points"
    standings = {row.competitor_id: row for row in snapshot.standings}
    for plan in rounds:
        for player in plan.sitting_out:
            assert standings[player].points_by_round[plan.round] == 7


@pytest.mark.parametrize("count", [9, 17, 21])
def test_lvea_high_partners_low_with_late_players_withdrawals_and_odd_counts(count: int) -> None:
    """Odd counts (a ghost table of 1 or 3), a high player arriving for round 3 and one
    leaving after round 3: still no two high (or two low) partners at any table."""
    use_user_sheets([parse_sheet(LVEA.read_text(), origin="'lvea.toml'")])
    everyone = [
        Entrant(f"{kind[0].upper()}{number}", f"{kind} {number}", seat_class=kind)
        for number in range(1, 12)
        for kind in ("high", "low")
    ][:count]
    everyone[0] = replace(everyone[0], withdrawal_round=4)
    everyone.append(Entrant("HLATE", "Late high", seat_class="high", arrival_round=3))
    # Entered without a class: he plays, moving by the first rule for his outcome.
    everyone.append(Entrant("NOCLASS", "No class yet", arrival_round=5))
    _inputs, snapshot = play_out(
        preset_config("lvea", seed=count), tuple(everyone), random_results(count)
    )
    assert len(snapshot.rounds) == 8
    for plan in snapshot.rounds:
        for table in plan.tables:
            for pair in table.partnerships:
                if "NOCLASS" not in pair:
                    assert sorted(_class(player) for player in pair) == ["high", "low"], plan
    assert any("NOCLASS" in table.players for table in snapshot.rounds[-1].tables) or (
        "NOCLASS" in snapshot.rounds[-1].sitting_out
    )


def test_lvea_tables_phones_say_where_each_class_goes() -> None:
    sheet = parse_sheet(LVEA.read_text(), origin="'lvea.toml'")
    assert sheet.movement is not None
    assert describe_move(sheet.movement, 2, 5, won=False) == (
        "the high player moves to table 1; the low player moves to table 3, with new partners"
    )
    assert describe_move(sheet.movement, 1, 5, won=False).startswith(
        "the high player moves to table 5"
    )
    assert describe_move(sheet.movement, 3, 5, won=True) == (
        "they stay at table 3 and play against each other, with new partners"
    )


def test_an_lvea_event_words_its_own_moves_and_builtin_events_keep_theirs() -> None:
    use_user_sheets([parse_sheet(LVEA.read_text(), origin="'lvea.toml'")])
    progressive = FORMATS["progressive"]
    lvea = preset_config("lvea")
    assert progressive.moves_words(lvea, 2, 5, won=False).startswith(
        "the high player moves to table 1"
    )
    tournament = preset_config("tournament")
    assert progressive.moves_words(tournament, 2, 5, won=True) == progressive.pair_moves(2, 5, True)


def test_builtin_sheet_files_write_their_formats_movements() -> None:
    for sheet in builtin_sheets().values():
        assert sheet.movement is not None, sheet.id
        assert sheet.movement == BUILTIN_MOVEMENTS[sheet.preset["format"]], sheet.id
    for name, spec in FORMATS.items():
        assert spec.movement == BUILTIN_MOVEMENTS[name]


# --- the interpreter seats as the movements it replaced ----------------------------------


def _state(
    previous: PlayedRound, active: list[str], members: dict[str, tuple[str, ...]]
) -> SeatingState:
    unit_of = {player: unit for unit, group in members.items() for player in group}
    return SeatingState(
        config=EventConfig(name="x", profile_id="tournament", format="progressive", rounds=9),
        options={},
        round_number=2,
        active=active,
        members=members,
        unit_of=unit_of,
        draw_order=active,
        roster=sorted(unit_of),
        history=[previous],
        out_counts={},
        met={},
    )


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=7),
    data=st.data(),
)
def test_winners_up_rules_seat_as_ballantrae_and_progressive_did(
    tables: int, data: st.DataObject
) -> None:
    """Ballantrae's and sheet 004's movements, read from the vocabulary, seat every round
    exactly as the code they replaced (with players leaving; a late arrival is fitted into
    the seating already shown instead: ``test_late_arrival_keeps_seats_every_movement.py``)."""
    count = tables * 4
    players = [f"P{number:02d}" for number in range(count)]
    order = data.draw(st.permutations(players))
    seated = tuple(
        TableSeating(
            index // 4 + 1, ((order[index], order[index + 1]), (order[index + 2], order[index + 3]))
        )
        for index in range(0, count, 4)
    )
    winners = {table.table: data.draw(st.integers(0, 1)) for table in seated}
    previous = PlayedRound(seated, winners, tuple(players))
    leaving = data.draw(st.sets(st.sampled_from(players), max_size=3))
    active = [p for p in players if p not in leaving]
    active = active[: len(active) - len(active) % 4]
    solo = {player: (player,) for player in players}
    found = seat_round(
        BUILTIN_MOVEMENTS["progressive"], _state(previous, active, solo), fixed_partners=False
    )
    assert list(found.tables) == progressive_round(previous, active, [seated])
    # Teams: each partnership a team.
    teams = {f"T{i}": pair for i, pair in enumerate(p for t in seated for p in t.partnerships)}
    team_of = {pair: team for team, pair in teams.items()}
    team_ids = list(teams)
    gone = data.draw(st.sets(st.sampled_from(team_ids), max_size=2))
    playing = [team for team in team_ids if team not in gone]
    playing = playing[: len(playing) - len(playing) % 2]
    # A fixed-partner round's units are its teams.
    state = _state(PlayedRound(seated, winners, tuple(team_ids)), playing, teams)
    found = seat_round(BUILTIN_MOVEMENTS["winners_move_up"], state, fixed_partners=True)
    unit_of = {player: team_of[pair] for pair in team_of for player in pair}
    assert list(found.tables) == winners_move_up_round(previous, playing, teams, unit_of)


# --- other clubs' movements in the same words --------------------------------------------


COMPASS = """
[movement]
partners = "by_seat"
moves = [
  { who = "everyone", seat = "north", move = "stay" },
  { who = "everyone", seat = "south", move = "down 1", ends = "wrap" },
  { who = "everyone", seat = "east", move = "up 1", ends = "wrap" },
  { who = "everyone", seat = "west", move = "up 2", ends = "wrap" },
]

[movement.sources]
partners = "'North and South are partners, East and West are partners.'"
moves = "'North stays, South down one, East up one, West up two.'"
"""


def _club_sheet(movement: str, *, format_name: str = "progressive", extra: str = "") -> str:
    return f"""
id = "club"
name = "A club"
profile = "tournament"
{extra}
[event]
format = "{format_name}"
rounds = 6

[event.sources]
format = "house default"
rounds = "house default"
{movement}
"""


def test_a_compass_movement_north_stays_south_down_east_up_west_up_two() -> None:
    use_user_sheets([parse_sheet(_club_sheet(COMPASS), origin="'club.toml'")])
    config = preset_config("club", seed=4)
    entrants = tuple(Entrant(f"P{n:02d}", f"Player {n}") for n in range(1, 21))
    _inputs, snapshot = play_out(config, entrants, random_results(4))
    seats = ("north", "east", "south", "west")

    def where(plan_tables: tuple[TableSeating, ...]) -> dict[str, tuple[int, str]]:
        found = {}
        for table in plan_tables:
            (north, south), (east, west) = table.partnerships
            for seat, player in zip(seats, (north, east, south, west), strict=True):
                found[player] = (table.table, seat)
        return found

    for before, after in pairwise(snapshot.rounds):
        old, new = where(before.tables), where(after.tables)
        for player, (table, seat) in old.items():
            step = {"north": 0, "south": 1, "east": -1, "west": -2}[seat]
            assert new[player] == ((table - 1 + step) % 5 + 1, seat)


def test_a_full_random_redraw_every_game() -> None:
    movement = """
[movement]
redraw = "every_game"

[movement.sources]
redraw = "'Tables and partners are drawn by poker chips before every game.'"
"""
    use_user_sheets([parse_sheet(_club_sheet(movement), origin="'chips.toml'")])
    entrants = tuple(Entrant(f"P{n:02d}", f"Player {n}") for n in range(1, 19))
    _inputs, snapshot = play_out(preset_config("club", seed=2), entrants, random_results(2))
    seatings = [plan.tables for plan in snapshot.rounds]
    assert len(set(seatings)) == len(seatings) == 6
    # Fair sit-outs: 18 players, 2 out a game, nobody twice in 6 games.
    out = [player for plan in snapshot.rounds for player in plan.sitting_out]
    assert len(out) == 12 and len(set(out)) == 12
    _again, repeat = play_out(preset_config("club", seed=2), entrants, random_results(2))
    assert [plan.tables for plan in repeat.rounds] == seatings  # reproducible from its seed


# --- what the vocabulary cannot say is refused, naming the part --------------------------


def _problems(text: str) -> dict[str, str]:
    with pytest.raises(SheetError) as caught:
        parse_sheet(text, origin="'club.toml'")
    return {problem.key: problem.message for problem in caught.value.problems}


def test_a_movement_the_vocabulary_cannot_say_is_refused_naming_the_part() -> None:
    lvea = LVEA.read_text()
    # No move for the low losers.
    problems = _problems(
        lvea.replace(
            '  { who = "losers", seat_class = "low", move = "down 1", ends = "wrap" },\n', ""
        )
    )
    assert problems["movement.moves"] == "no move says where the losers of class 'low' go"
    # Two rules for the same players.
    problems = _problems(
        lvea.replace('move = "down 1"', 'seat_class = "high", move = "down 1"').replace(
            'seat_class = "low", ', ""
        )
    )
    assert (
        problems["movement.moves.2"]
        == "the losers of class 'high' are moved twice: 'up 1' and 'down 1'"
    )
    assert problems["movement.moves"] == "no move says where the losers of class 'low' go"
    # A class the sheet does not declare.
    problems = _problems(lvea.replace('seat_class = "low"', 'seat_class = "lady"'))
    assert "'lady' is not a seat class of this sheet" in problems["movement.moves.2.seat_class"]
    # A move that is not one.
    problems = _problems(lvea.replace('move = "up 1"', 'move = "sideways"'))
    assert (
        "'sideways' is not a move; say 'stay', 'up N', 'down N'"
        in problems["movement.moves.1.move"]
    )
    # Fixed partners in an individual format; searched classes.
    problems = _problems(
        lvea.replace('partners = "winners_meet"', 'partners = "keep"').replace(
            'move = "down 1"', 'move = "anywhere"'
        )
    )
    assert problems["movement.partners"].startswith("'keep' needs a fixed-partner format")
    assert "not expressible yet" in problems["movement.moves"]
    # Classes of fixed teams.
    problems = _problems(
        lvea.replace('format = "progressive"', 'format = "winners_move_up"').replace(
            'partners = "winners_meet"', 'partners = "keep"'
        )
    )
    assert problems["movement.moves.1.seat_class"].startswith("moves by seat class move players")


def test_euchre_sheets_add_refuses_an_unsayable_movement_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    bad = tmp_path / "lvea.toml"
    bad.write_text(
        LVEA.read_text().replace(
            '{ who = "winners", move = "stay" }', '{ who = "winners", move = "anywhere" }'
        )
    )
    code, output = run("sheets", "add", str(bad))
    assert code == 1
    assert "movement.moves.0.move: with losers moving 'anywhere' the winners must stay" in output
    assert not (tmp_path / "sheets").exists()
    good = tmp_path / "good.toml"
    good.write_text(LVEA.read_text())
    code, output = run("sheets", "add", str(good))
    assert code == 0, output


# --- checked whole (item 7) ---------------------------------------------------------------


SEVERAL_PROBLEMS = """
id = "club"
name = "A club"

[profile]
extends = "tournament"
options = { all_pass = "redeal", game_hands = "eight" }
sources = { all_pass = "x", game_hands = "x" }

[event]
format = "losers_rotate"
rounds = 6
colour = "blue"
format_options = { playoffs = [1, 2], playof_hands = 4, sudden = 1 }

[event.sources]
format = "house default"
rounds = "house default"
"""


def test_a_file_with_several_problems_lists_them_all_at_once() -> None:
    problems = _problems(SEVERAL_PROBLEMS)
    assert problems["event.colour"].startswith("unknown key")  # an [event] problem ...
    assert "all_pass" in problems["profile.options.all_pass"]  # ... with each profile option's
    assert "game_hands" in problems["profile.options.game_hands"]
    # Every unknown format option named.
    assert problems["event.format_options.playof_hands"].startswith("unknown option")
    assert problems["event.format_options.sudden"].startswith("unknown option 'sudden'")
    # A list where a value belongs: one problem saying what the option takes.
    assert problems["event.format_options.playoffs"] == (
        "option 'playoffs' takes a bool like True, got [1, 2]"
    )
    assert len(problems) == 6, problems


def test_an_entrants_seat_class_is_written_only_when_the_sheet_gives_one() -> None:
    assert Entrant("a", "A", seat_class="high").to_json()["seat_class"] == "high"
    assert "seat_class" not in Entrant("a", "A").to_json()


def test_a_move_past_the_head_or_foot_stays_there_or_goes_round_as_the_sheet_says() -> None:
    stop = MoveRule(who=Who.LOSERS, move="up 2")
    round_ = MoveRule(who=Who.LOSERS, move="up 2", ends=Ends.WRAP)
    # Five tables: positions 0 (table 1, the head) to 4 (table 5, the foot).
    assert [stop.target(position, 4) for position in range(5)] == [0, 0, 0, 1, 2]
    assert [round_.target(position, 4) for position in range(5)] == [3, 4, 0, 1, 2]
    head = MoveRule(who=Who.LOSERS, move="stay", at_head="foot", at_foot="head")
    assert [head.target(position, 4) for position in range(5)] == [4, 1, 2, 3, 0]
    with pytest.raises(ValueError, match="'up': up needs a number of tables"):
        MoveRule(who=Who.LOSERS, move="up")
    with pytest.raises(ValueError, match="'stay 2': stay takes no number"):
        MoveRule(who=Who.LOSERS, move="stay 2")


def test_a_club_may_say_its_moves_in_table_numbers() -> None:
    """Ohio: "the red sheets will move up to the next higher numbered table": a file may say
    ``to_higher_number 1`` (the same as ``down 1``) and ``to_lower_number 1`` (``up 1``), and
    the words shown say which way each goes."""
    from euchre.tournament.movement_words import move_words

    red = MoveRule(who=Who.WINNERS, move="to_higher_number 1", ends=Ends.WRAP)
    white = MoveRule(who=Who.WINNERS, move="to_lower_number 1", ends=Ends.WRAP)
    # Positions count from 0 (table 1); four tables.
    assert [red.target(position, 3) for position in range(4)] == [1, 2, 3, 0]
    assert [white.target(position, 3) for position in range(4)] == [3, 0, 1, 2]
    assert move_words("to_higher_number 1") == (
        "down 1: to the next higher-numbered table, away from table 1"
    )
    with pytest.raises(ValueError, match="to_higher_number needs a number of tables"):
        MoveRule(who=Who.WINNERS, move="to_higher_number")
