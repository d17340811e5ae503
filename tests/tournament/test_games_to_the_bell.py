"""Games to the bell, from a club's own sheet file: "Every game is played to the bell: when
the bell rings, finish the hand you are playing and write down the score." The totals have no
target bound (a level game goes by the sheet's tie rule), a sheet to the bell must have a
bell, and a game to the bell is never played by the engine to some other length."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.engine.errors import EuchreError, RuleProfileError
from euchre.engine.game import Game
from euchre.engine.profile import load_profile, resolve_profile
from euchre.play.config import config_from_request
from euchre.tournament import TableResult, TableSeating, preset_config
from euchre.tournament.errors import TournamentError
from euchre.tournament.sheets import SheetError, parse_sheet, use_user_sheets
from euchre.tournament.simulate import simulation_config
from euchre.tournament.validation import ResultError, complete_result

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "bell_street.toml"


@pytest.fixture(autouse=True)
def club_sheet() -> Iterator[None]:
    use_user_sheets([parse_sheet(SHEET.read_text(), origin="'bell_street.toml'")])
    yield
    use_user_sheets([])


def _table() -> tuple[TableSeating, dict[str, str]]:
    names = {"P1": "Ann", "P2": "Bob", "P3": "Cy", "P4": "Di"}
    return TableSeating(1, (("P1", "P2"), ("P3", "P4"))), names


def test_the_score_when_the_bell_rang_is_taken_as_played() -> None:
    config = preset_config("bell_street", rounds=1)
    table, names = _table()
    assert complete_result(config, TableResult(1, 1, (7, 5)), table, names).team_points == (7, 5)
    # Past any target: a long round of many hands.
    assert complete_result(config, TableResult(1, 1, (14, 11)), table, names)
    # The same score is refused in a game to 10 (the partners' sheet), as before.
    partners = preset_config("tournament_partners", rounds=1)
    with pytest.raises(ResultError, match="both teams at 10 or more"):
        complete_result(partners, TableResult(1, 1, (14, 11)), table, names)


def test_a_level_game_to_the_bell_goes_by_the_sheets_tie_rule() -> None:
    config = preset_config("bell_street", rounds=1)
    table, names = _table()
    with pytest.raises(ResultError, match="the game is level at 6-6: say which team reached 6"):
        complete_result(config, TableResult(1, 1, (6, 6)), table, names)
    settled = complete_result(
        config, TableResult(1, 1, (6, 6), first_to_tying_score=1), table, names
    )
    assert settled.first_to_tying_score == 1


def test_hands_typed_in_a_game_to_the_bell_must_add_up() -> None:
    config = preset_config("bell_street", rounds=1)
    table, names = _table()
    hands = ((2, 0), (0, 1), (1, 0), (0, 2), (1, 0), (0, 2))
    assert complete_result(config, TableResult(1, 1, (4, 5), hand_points=hands), table, names)
    with pytest.raises(ResultError, match="the hands add up to 4-5 but the totals say 7-5"):
        complete_result(config, TableResult(1, 1, (7, 5), hand_points=hands), table, names)
    with pytest.raises(ResultError, match="hand 1 scores 3, which no hand can score"):
        complete_result(config, TableResult(1, 1, (3, 0), hand_points=((3, 0),)), table, names)


def test_a_sheet_to_the_bell_without_a_bell_is_refused_naming_both_keys() -> None:
    text = SHEET.read_text().replace("round_minutes = 20\n", "")
    with pytest.raises(SheetError) as refused:
        parse_sheet(text, origin="'bell_street.toml'")
    words = str(refused.value)
    assert "event.round_minutes: profile 'bell_street' plays its games to the bell" in words
    assert "(profile.options.game_end = 'bell': a game ends when the round's bell rings)" in words
    assert "but event.round_minutes is 0, no bell" in words


def test_a_game_to_the_bell_with_a_target_too_is_refused_naming_it() -> None:
    text = SHEET.read_text().replace("game_target = 0\n", "game_target = 10\n")
    with pytest.raises(SheetError) as refused:
        parse_sheet(text, origin="'bell_street.toml'")
    assert (
        "profile.options.game_end: profile option 'game_end' = 'bell' plays each game until "
        "the round's bell, but game_target = 10: a game to the bell has no target or number "
        "of hands"
    ) in str(refused.value)
    with pytest.raises(RuleProfileError, match="or game_end = 'bell' for games to the bell"):
        resolve_profile("tournament", {"game_target": 0, "game_hands": 0})


def test_a_game_to_the_bell_is_never_played_by_the_engine_to_another_length() -> None:
    profile = load_profile("bell_street")
    with pytest.raises(EuchreError, match="games to the bell are played on paper"):
        Game(profile, first_dealer=0)
    with pytest.raises(EuchreError, match="games to the bell are played on paper"):
        config_from_request(
            profile="bell_street",
            profile_options=None,
            seats=("human", "rules", "rules", "rules"),
            seed=None,
            hints=False,
            timer_seconds=0,
            deck_text=None,
        )
    with pytest.raises(TournamentError, match="games to the bell are played on paper"):
        simulation_config("bell_street", rounds=None, seed=1)
