"""Rule profiles: built-ins load, every option has a source, bad input names the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre.engine import BUILTIN_PROFILES, load_profile
from euchre.engine.errors import RuleProfileError
from euchre.engine.profile import OPTION_SPECS, load_profile_file, resolve_profile

SHEETS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_builtin_profile_cites_a_source_for_every_option(profile: str) -> None:
    rules = load_profile(profile)
    assert set(rules.sources) == set(OPTION_SPECS)
    assert all(rules.sources[name].strip() for name in OPTION_SPECS)
    assert rules.sheet.endswith(".txt")


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_builtin_profile_names_an_existing_sheet(profile: str) -> None:
    if not SHEETS.exists():
        pytest.skip("the shared rule sheets are not beside this checkout")
    assert (SHEETS / load_profile(profile).sheet).exists()


def test_every_option_is_documented() -> None:
    for spec in OPTION_SPECS.values():
        assert len(spec.doc) > 20, spec.name


def test_unknown_profile_is_named() -> None:
    with pytest.raises(RuleProfileError, match="unknown profile 'euchre-deluxe'"):
        load_profile("euchre-deluxe")


def test_unknown_option_is_named_with_a_suggestion() -> None:
    with pytest.raises(RuleProfileError, match=r"'stick_dealer'.*did you mean"):
        resolve_profile("valpo", {"stick_dealer": True})


def test_bad_value_names_the_option_and_allowed_values() -> None:
    with pytest.raises(RuleProfileError, match="'all_pass' is 'redeal'; allowed"):
        resolve_profile("valpo", {"all_pass": "redeal"})
    with pytest.raises(RuleProfileError, match="'points_march' must be an integer"):
        resolve_profile("valpo", {"points_march": "two"})
    with pytest.raises(RuleProfileError, match="'defend_alone' must be true or false"):
        resolve_profile("valpo", {"defend_alone": 1})


def test_impossible_combination_names_the_keys() -> None:
    with pytest.raises(RuleProfileError, match="'going_under' cannot be combined"):
        resolve_profile("tournament", {"going_under": True, "farmers_hand_redeal": True})
    with pytest.raises(RuleProfileError, match="'game_target' and 'game_hands' are both 0"):
        resolve_profile("tournament", {"game_hands": 0})
    with pytest.raises(RuleProfileError, match="'points_lone_made' \\(5\\) exceeds"):
        resolve_profile("tournament", {"points_lone_made": 5})


def test_user_profile_extends_a_builtin(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('id = "house"\nextends = "tournament"\n[options]\ndefend_alone = true\n')
    rules = load_profile_file(path)
    assert rules.id == "house" and rules.defend_alone and rules.individual_lone_march_maker == 5
    assert "house.toml" in rules.sources["defend_alone"]


def test_user_profile_must_extend_a_builtin(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('id = "house"\n[options]\ndefend_alone = true\n')
    with pytest.raises(RuleProfileError, match="'extends' is required"):
        load_profile_file(path)


def test_user_profile_unknown_key_is_named(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('id = "house"\nextends = "valpo"\n[options]\nscrew_the_dealer = true\n')
    with pytest.raises(RuleProfileError, match="'screw_the_dealer'"):
        load_profile_file(path)


def test_user_profile_bad_toml_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text("id = \n")
    with pytest.raises(RuleProfileError, match="not valid TOML"):
        load_profile_file(path)


def test_profile_replace_marks_the_source_as_override() -> None:
    rules = load_profile("bolivar").replace(defend_alone=True)
    assert rules.defend_alone and rules.sources["defend_alone"] == "override"
    assert not load_profile("bolivar").defend_alone  # the built-in is untouched


def test_a_reading_that_rests_on_no_clause_says_house_default_and_cites_none() -> None:
    # A source quotes its sheet ('...' or a numbered rule) or says "house default", never
    # both; nor does one cite a rules file the project does not ship.
    for profile in BUILTIN_PROFILES:
        for option, source in load_profile(profile).sources.items():
            assert "RULES.md" not in source, (profile, option)
            assert not source.startswith("default"), (profile, option, source)
            if source.startswith("house default"):
                assert source.count("'") < 2 and "Rule " not in source, (profile, option)
    readings = {
        ("bolivar", "wrong_number_of_cards"),
        ("questions", "wrong_number_of_cards"),
        ("valpo", "turned_down_suit_bid"),
        ("questions", "all_pass"),
    }
    for profile, option in readings:
        assert load_profile(profile).sources[option].startswith("house default"), option


def test_wrong_dealer_found_before_the_first_trick_is_a_house_default() -> None:
    from euchre.engine.irregularities import Irregularity, adjudicate

    ruling = adjudicate(load_profile("tournament"), Irregularity.WRONG_DEALER, offending_team=0)
    assert "found after the first trick: the deal stands" in ruling.explanation
    assert "house default: the right dealer redeals" in ruling.explanation
