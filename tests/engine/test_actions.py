"""Action constructors refuse a card code outside the deck instead of meaning another action."""

from __future__ import annotations

import pytest

from euchre.engine.actions import Action, ActionKind
from euchre.engine.errors import InvalidActionError


@pytest.mark.parametrize("make", [Action.play, Action.discard, Action.lead_early, Action.expose])
def test_card_code_outside_the_deck_is_refused(make: object) -> None:
    assert callable(make)
    with pytest.raises(InvalidActionError, match="card must be 0-23, got 30"):
        make(30)
    with pytest.raises(InvalidActionError, match="card must be 0-23, got -1"):
        make(-1)


def test_the_last_card_code_is_still_a_play() -> None:
    assert Action.play(23).kind is ActionKind.PLAY
    assert Action.ask(1, 23).kind is ActionKind.ASK
    with pytest.raises(InvalidActionError):
        Action.ask(1, 24)
