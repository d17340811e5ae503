"""The numba kernel (``euchre.engine.kernel``) plays exactly the rules of ``HandState``.

Both are driven through the same deals with the same seeded choices (an index into the legal
list): at every step the seat to act, the phase and the legal list (codes and order) must agree;
at the end, the status, every trick winner and the team and player points. Besides the built-in
profiles and a few combinations, the cases come from the profile's own metadata: every value of
every option marked ``affects_play`` (``helpers.play_option_cases``), so a new rule option is
compared without anyone listing it here.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from euchre.engine import BUILTIN_PROFILES, HandStatus, RuleProfile, RuleProfileError, load_profile
from euchre.engine.cards import card_mask
from euchre.engine.profile import PLAY_OPTIONS
from euchre.engine.record import HandRecord, deal_record
from euchre.engine.state import HandState
from tests.fresh_python import run_fresh

from .helpers import LOW_CARDS, farmer_deal, play_option_cases

kernel = pytest.importorskip("euchre.engine.kernel")

HANDS_PER_PROFILE = 1500
HANDS_PER_OPTION_CASE = 300

_STATUS_CODES = {HandStatus.SCORED: 1, HandStatus.THROWN_IN: 2, HandStatus.REDEAL: 3}

# Built-ins and the option overrides that change play (each on a profile that allows it).
PROFILE_CASES: list[tuple[str, dict[str, object]]] = [(name, {}) for name in BUILTIN_PROFILES] + [
    ("tournament", {"defend_alone": True}),
    ("valpo", {"going_under": True}),
    ("bolivar", {"natural_trump": True}),
    ("questions", {"farmers_hand_redeal": True}),
    ("valpo", {"fold_without_ace_face_trump": True, "defend_alone": True}),
    ("ballantrae", {"all_pass": "throw_in", "defend_alone": True}),
    ("valpo", {"going_alone": False}),
    ("valpo", {"lone_hand_lead": "left_of_loner", "defend_alone": True}),
    ("ballantrae", {"lone_hand_lead": "left_of_loner"}),
]

OPTION_CASES = play_option_cases()
"""One case per value of every option whose metadata says it affects play."""


def case_id(case: tuple[str, dict[str, object]]) -> str:
    """Readable test id: the profile and its overrides."""
    name, overrides = case
    return name + "".join(f"+{key}={value}" for key, value in overrides.items())


def biased_deal(profile: RuleProfile, dealer: int, rng: random.Random) -> HandRecord:
    """A deal; one time in three some seat holds only nines and tens (farmer's hand).

    Farmer's hands are rare in a fair shuffle (about one deal in 190), yet they drive going
    under, the farmer's-hand redeal and folding, so the test forces them often.
    """
    record = deal_record(profile, dealer, rng)
    if rng.random() >= 1 / 3:
        return record
    seat = rng.randrange(4)
    return farmer_deal(profile, dealer, rng, seat, rng.sample(LOW_CARDS, 5))


def play_both(record: HandRecord, choices: random.Random) -> HandStatus:
    """Play one deal through both engines with the same choices; return how it ended."""
    state = HandState(
        record.profile,
        record.dealer,
        [card_mask(hand) for hand in record.hands],
        record.up_card,
        list(record.kitty),
    )
    hand = kernel.KernelHand(record.start())
    steps = 0
    while not state.is_over:
        assert not hand.is_over, f"kernel ended early after {steps} actions: {state!r}"
        assert hand.phase == int(state.phase), f"phase differs after {steps} actions"
        assert hand.to_act == state.to_act, f"seat to act differs after {steps} actions"
        expected = [int(action) for action in state.legal_actions()]
        assert hand.legal_actions() == expected, f"legal list differs after {steps} actions"
        action = expected[choices.randrange(len(expected))]
        state.apply(action)
        hand.apply(action)
        assert hand.tricks == state.tricks
        assert hand.hands == state.hands
        steps += 1
    assert hand.is_over
    result = state.result()
    assert hand.status == _STATUS_CODES[result.status]
    assert hand.tricks == list(result.tricks)
    team_points, player_points = hand.points()
    assert team_points == result.team_points
    assert player_points == result.player_points
    return result.status


@pytest.mark.parametrize("case", PROFILE_CASES, ids=case_id)
def test_kernel_equals_hand_state(case: tuple[str, dict[str, object]]) -> None:
    name, overrides = case
    profile = load_profile(name).replace(**overrides) if overrides else load_profile(name)
    rng = random.Random(f"kernel-{case_id(case)}")
    statuses = [
        play_both(biased_deal(profile, index % 4, rng), rng) for index in range(HANDS_PER_PROFILE)
    ]
    assert statuses.count(HandStatus.SCORED) > HANDS_PER_PROFILE // 2


@pytest.mark.parametrize("case", OPTION_CASES, ids=case_id)
def test_kernel_equals_hand_state_for_every_play_option_value(
    case: tuple[str, dict[str, object]],
) -> None:
    name, overrides = case
    profile = load_profile(name).replace(**overrides)
    rng = random.Random(f"kernel-option-{case_id(case)}")
    statuses = [
        play_both(biased_deal(profile, index % 4, rng), rng)
        for index in range(HANDS_PER_OPTION_CASE)
    ]
    assert statuses.count(HandStatus.SCORED) > HANDS_PER_OPTION_CASE // 2


def test_option_cases_try_every_play_option() -> None:
    """Every option marked ``affects_play`` has a case (the cases are read from the metadata)."""
    tried = {option for _, overrides in OPTION_CASES for option in overrides}
    assert tried >= set(PLAY_OPTIONS)


def test_kernel_reads_every_play_option() -> None:
    """The kernel reads each play option (one by one, or through the profile's score table)."""
    assert set(PLAY_OPTIONS) == kernel.KERNEL_OPTIONS


def test_kernel_refuses_a_play_option_it_does_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new option marked ``affects_play`` stops the kernel until it is taught the rule."""
    monkeypatch.setattr(kernel, "PLAY_OPTIONS", (*PLAY_OPTIONS, "new_rule"))
    with pytest.raises(RuleProfileError, match="'new_rule' affects play"):
        kernel.kernel_parameters(load_profile("valpo"))


def test_kernel_covers_every_phase() -> None:
    """The equality test reaches going under, defending alone, folding and the redeal."""
    profile = load_profile("valpo").replace(
        going_under=True, defend_alone=True, fold_without_ace_face_trump=True
    )
    rng = random.Random(7)
    phases: set[int] = set()
    for index in range(2000):
        record = biased_deal(profile, index % 4, rng)
        hand = kernel.KernelHand(record.start())
        while not hand.is_over:
            phases.add(hand.phase)
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
    assert phases == {0, 1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_batch_random_play_totals_add_up(name: str) -> None:
    """``play_random_hands`` plays every hand to an end and scores within the profile's table."""
    profile = load_profile(name)
    parameters = kernel.kernel_parameters(profile)
    totals = kernel.play_random_hands(parameters, 3000, 11)
    scored, thrown_in, redeal, actions, team_zero, team_one = (int(value) for value in totals)
    assert scored + thrown_in + redeal == 3000
    assert actions >= 3000 * 13  # at least one bid and twelve plays (a lone hand) per hand
    assert 0 < team_zero + team_one <= scored * profile.max_hand_points()
    if profile.all_pass == "stick_the_dealer":
        assert thrown_in == 0
    same_seed = kernel.play_random_hands(parameters, 3000, 11)
    assert np.array_equal(totals, same_seed)


def test_numba_is_imported_lazily() -> None:
    """``import euchre`` and the CLI's start-up never import numba (it costs seconds)."""
    code = (
        "import sys, euchre, euchre.engine, euchre.cli.main\n"
        "assert 'numba' not in sys.modules, 'numba imported at start-up'\n"
        "assert 'euchre.engine.kernel' not in sys.modules\n"
    )
    completed = run_fresh(code)
    assert completed.returncode == 0, completed.stderr


def run_euchre(monkeypatch: pytest.MonkeyPatch, *arguments: str) -> int:
    """Run the ``euchre`` CLI in-process with ``arguments``; return its exit code."""
    import sys

    from euchre.cli.errors import run_cli
    from euchre.cli.main import app

    monkeypatch.setattr(sys, "argv", ["euchre", *arguments])
    return run_cli(app)


def test_bench_engine_command_prints_every_figure(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``euchre bench engine --json --vs openspiel`` reports all three rates and the ratio."""
    import json

    pytest.importorskip("pyspiel")
    code = run_euchre(
        monkeypatch,
        *("bench", "engine", "--hands", "300", "--reference-hands", "40"),
        *("--json", "--vs", "openspiel", "--profile", "ballantrae"),
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["profile"] == "ballantrae"
    assert report["hands"] == 300
    assert report["object_api_hands"] == report["openspiel_hands"] == 40
    outcomes = report["kernel_outcomes"]
    assert outcomes["scored"] + outcomes["thrown_in"] + outcomes["redeal"] == 300
    for key in ("hands_per_second", "object_api_hands_per_second", "openspiel_hands_per_second"):
        assert report[key] > 0
    expected = report["hands_per_second"] / report["openspiel_hands_per_second"]
    assert report["ratio_vs_openspiel"] == pytest.approx(expected, rel=0.01)


def test_bench_engine_rejects_an_unknown_reference(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_euchre(monkeypatch, "bench", "engine", "--hands", "10", "--vs", "rlcard") == 1
    assert "'rlcard' is not supported" in capsys.readouterr().err
