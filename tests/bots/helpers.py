"""Helpers for the bot tests: deals, random play to a point, explicit states."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from euchre.bots import Bot
from euchre.engine.cards import Card, card_mask, parse_cards
from euchre.engine.profile import BUILTIN_PROFILES, RuleProfile, load_profile
from euchre.engine.record import deal_record
from euchre.engine.state import HandState, Phase
from euchre.engine.view import view_of

ALL_RULES = load_profile("tournament").replace(
    defend_alone=True, going_under=True, fold_without_ace_face_trump=True
)
"""Every optional decision switched on: defend alone, go under, fold."""

PROFILES: list[RuleProfile] = [load_profile(name) for name in BUILTIN_PROFILES] + [ALL_RULES]
"""Every built-in sheet's rules (from the registry), and every optional decision switched on."""


def state_from_text(
    profile: RuleProfile, dealer: int, hands: list[str], up_card: str, kitty: str
) -> HandState:
    """A state from card text: four hands, the up-card and the three kitty cards."""
    return HandState(
        profile,
        dealer,
        [card_mask(parse_cards(hand)) for hand in hands],
        Card.parse(up_card),
        list(parse_cards(kitty)),
    )


def random_state(profile: RuleProfile, seed: int, steps: int) -> HandState:
    """A deal with up to ``steps`` random actions applied (stopping before the hand ends)."""
    rng = random.Random(seed)
    state = deal_record(profile, rng.randrange(4), rng).start()
    for _ in range(steps):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(rng.choice(legal))
        if state.is_over:
            break
    return state


def played_state(profile: RuleProfile, seed: int, cards_played: int) -> HandState | None:
    """A state in the play phase with ``cards_played`` cards played (None if the deal ends
    before play, e.g. thrown in)."""
    rng = random.Random(seed)
    state = deal_record(profile, rng.randrange(4), rng).start()
    while not state.is_over and state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    if state.is_over:
        return None
    for _ in range(cards_played):
        state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            return None
    return state


def load_bench(name: str) -> ModuleType:
    """The benchmark script ``bench/<name>.py`` as a module (the scripts are not a package)."""
    path = Path(__file__).parents[2] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def spade_trick() -> HandState:
    """Seat 0 calls hearts in round 2 and leads the ace of spades; seat 1 follows with the
    queen (holding the king), seat 2 (void) throws the ace of clubs, seat 3 plays the nine
    and keeps the ten. Seat 0 is to lead again."""
    state = state_from_text(
        load_profile("tournament"),
        3,
        ["AS 9D TD JH AH", "KS QS TC QC KC", "AD KD QH 9H AC", "TS 9S JS 9C QD"],
        "JC",
        "JD TH KH",
    )
    for text in ["pass"] * 4 + ["call H", "play AS", "play QS", "play AC", "play 9S"]:
        state.play(text)
    assert state.to_act == 0
    return state


def play_legally(state: HandState, bots: Sequence[Bot]) -> None:
    """Each seat's bot plays the hand out from its own view; every move is a legal one."""
    while not state.is_over:
        seat = state.to_act
        action = bots[seat].choose(view_of(state, seat))
        assert action in state.legal_actions(), f"{bots[seat].name} chose illegal {action}"
        state.play(action)
    state.result()


SPADES_DEAL = ["JS JC KS AD 9D", "QS AS 9C TC QC", "9H TH QH AH KC", "TS 9S JH JD TD"]
"""Four hands where seat 0 calls spades in round 2 (hearts turned down; seat 3 deals)."""


def called_spades() -> HandState:
    """``SPADES_DEAL`` under the tournament sheet, spades called: the first lead to play."""
    state = state_from_text(load_profile("tournament"), 3, SPADES_DEAL, "KH", "QD KD AC")
    for text in ["pass"] * 4 + ["call S"]:
        state.play(text)
    return state
