"""Differential test: our engine against OpenSpiel's euchre on the rules they share.

OpenSpiel (``pyspiel``, game ``euchre``) models one hand. Its chance actions are the dealer
(0-3) then 20 cards, card ``i`` (0-based) going to seat ``(dealer + i) % 4`` — the first card
goes to the dealer — and the 21st chance action is the up-card; the kitty is not modelled.
Its card ids are ``rank * 4 + suit`` (suits C D H S, ranks 9 T J Q K A), ours
``suit * 6 + rank``; seats N E S W are our seats 0-3 (partners 0 & 2, eldest on the dealer's
left) in both.

We map each of our random deals onto those chance actions, then play random actions chosen
on our side and translated, comparing at every step: the seat to act, the bidding legal sets
(translated), the discard set, and at every play step the legal cards; after every trick its
winner; at the end the points.

Where the rules coincide, and what we compare: the ``valpo``, ``tournament`` and ``bolivar``
profiles (stick the dealer, no natural trump, no defending alone, no farmer's hand, no
folding, no going under; makers 1 for 3-4 tricks alone or not, 2 for a march, 4 for a lone
march, euchre 2; 300 hands each). OpenSpiel's parameters are left at
``stick_the_dealer=true`` and ``allow_lone_defender=false``. Our team points map to
OpenSpiel's zero-sum returns as ``returns[0] == points[0] - points[1]``.

Where they differ (not compared):
- Going alone: we announce it with the bid (``order alone``, ``call H alone``); OpenSpiel
  asks the maker ``Alone``/``Partner`` after the bid and after the dealer's discard. We
  translate our lone bid to the suit bid followed by ``Alone``.
- When the dealer's partner orders alone, our dealer sits out without picking up; OpenSpiel's
  dealer still picks up and discards (the card never matters: he does not play). We give
  OpenSpiel its first legal discard there.
- OpenSpiel forbids the dealer to discard the up-card he just picked up; our profiles allow
  it (every sheet lets the dealer discard any card). Our discard legal set is OpenSpiel's
  plus the up-card, and our random choices avoid the up-card so that both can follow.
- ``allow_lone_defender``: OpenSpiel lets each defender go alone after any bid, lone or not,
  and scores a euchre against a lone defender as 4 (makers taking 3-4 still score 1); our
  ``defend_alone`` option is offered only after a lone call, to opponents who have not yet
  passed in that round, and scores 4 to whichever side takes three tricks. Not compared.
- ``stick_the_dealer=false`` (OpenSpiel ends the hand after eight passes) matches our
  ``throw_in``, but our throw-in profile (``questions``) scores differently (lone 3-4 = 2,
  euchre by five = 4), so it is left out; so is ``ballantrae`` (the dealer needs another
  trump to pick up, the dealer's partner must go alone, folding).
- ``lone_hand_lead = "left_of_loner"`` (a house option) has no OpenSpiel counterpart
  (OpenSpiel leads from the dealer's left, as every built-in profile does): not compared.
- Individual (progressive) points, e.g. ``tournament``'s 5 to a lone marcher, have no
  counterpart in OpenSpiel: only team points are compared.
"""

from __future__ import annotations

import random

import pytest

from euchre.engine import ActionKind, HandStatus, load_profile
from euchre.engine import actions as codes
from euchre.engine.record import deal_record
from euchre.engine.state import HandState, Phase

pyspiel = pytest.importorskip("pyspiel")

HANDS_PER_PROFILE = 300

OS_PASS = 24
OS_SUIT_BASE = 25  # clubs, diamonds, hearts, spades
OS_ALONE = 29
OS_PARTNER = 30


def to_openspiel_card(card: int) -> int:
    """Our card id (suit * 6 + rank) as OpenSpiel's (rank * 4 + suit)."""
    return (card % 6) * 4 + card // 6


def test_card_mapping_agrees_with_openspiel_text() -> None:
    state = pyspiel.load_game("euchre").new_initial_state()
    state.apply_action(0)
    for card in range(24):
        ours = "9TJQKA"[card % 6] + "CDHS"[card // 6]
        theirs = state.action_to_string(to_openspiel_card(card))  # e.g. "HJ"
        assert theirs == ours[1] + ours[0]


def deal_into_openspiel(game: object, state: HandState) -> object:
    """Apply the chance actions that reproduce our deal; return OpenSpiel's state."""
    theirs = game.new_initial_state()  # type: ignore[attr-defined]
    theirs.apply_action(state.dealer)
    queues = [sorted(_cards(mask)) for mask in state.hands]
    for index in range(20):
        seat = (state.dealer + index) % 4
        theirs.apply_action(to_openspiel_card(queues[seat].pop()))
    theirs.apply_action(to_openspiel_card(state.up_card))
    assert not theirs.is_chance_node()
    for card in range(24):
        holder = theirs.card_holder()[to_openspiel_card(card)]
        expected = next((seat for seat in range(4) if state.hands[seat] >> card & 1), None)
        assert holder == expected
    return theirs


def _cards(mask: int) -> list[int]:
    return [card for card in range(24) if mask >> card & 1]


def translated_bids(state: HandState) -> set[int]:
    """Our bidding legal set in OpenSpiel's actions (alone folded into the suit bid)."""
    result: set[int] = set()
    for action in state.legal_actions():
        code = int(action)
        if code == codes.PASS:
            result.add(OS_PASS)
        elif code in (codes.ORDER, codes.ORDER_ALONE):
            result.add(OS_SUIT_BASE + state.up_card // 6)
        else:
            result.add(OS_SUIT_BASE + (code - codes.CALL_BASE) % 4)
    return result


def play_one(game: object, state: HandState, rng: random.Random) -> list[int]:
    """Play one deal through both engines; return the trick winners."""
    theirs = deal_into_openspiel(game, state)
    winners: list[int] = []
    alone_pending: bool | None = None
    while not state.is_over:
        phase = state.phase
        if alone_pending is not None and phase is not Phase.DISCARD:
            # OpenSpiel now asks the maker whether he goes alone (after the discard).
            if theirs.current_phase().name == "DISCARD":
                theirs.apply_action(theirs.legal_actions()[0])  # the sitting-out dealer's discard
            assert theirs.current_player() == state.maker
            theirs.apply_action(OS_ALONE if alone_pending else OS_PARTNER)
            alone_pending = None
        assert theirs.current_player() == state.to_act
        legal = state.legal_actions()
        if phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            assert translated_bids(state) == set(theirs.legal_actions())
            # Pass often, so that round two and stick-the-dealer are reached as well.
            passing = legal[0] == codes.PASS and rng.random() < 0.7
            action = legal[0] if passing else legal[rng.randrange(len(legal))]
            code = int(action)
            if code == codes.PASS:
                theirs.apply_action(OS_PASS)
            elif code in (codes.ORDER, codes.ORDER_ALONE):
                theirs.apply_action(OS_SUIT_BASE + state.up_card // 6)
                alone_pending = code == codes.ORDER_ALONE
            else:
                theirs.apply_action(OS_SUIT_BASE + (code - codes.CALL_BASE) % 4)
                alone_pending = code >= codes.CALL_ALONE_BASE
            state.play(action)
        elif phase is Phase.DISCARD:
            ours = {int(action) - codes.DISCARD_BASE for action in legal}
            openspiel = set(theirs.legal_actions())
            assert {to_openspiel_card(card) for card in ours} == openspiel | {
                to_openspiel_card(state.up_card)
            }
            choices = sorted(ours - {state.up_card})
            card = choices[rng.randrange(len(choices))]
            theirs.apply_action(to_openspiel_card(card))
            state.play(codes.DISCARD_BASE + card)
        else:
            assert phase is Phase.PLAY
            cards = [int(action) for action in legal]
            assert sorted(to_openspiel_card(card) for card in cards) == theirs.legal_actions()
            card = cards[rng.randrange(len(cards))]
            theirs.apply_action(to_openspiel_card(card))
            state.play(card)
            if len(state.tricks) > len(winners):
                winners.append(state.tricks[-1])
                assert theirs.tricks()[len(winners) - 1].winner() == winners[-1]
    assert theirs.is_terminal()
    result = state.result()
    assert result.status is HandStatus.SCORED
    returns = theirs.returns()
    assert returns[0] == result.team_points[0] - result.team_points[1]
    assert returns[1] == result.team_points[1] - result.team_points[0]
    assert [trick.winner() for trick in theirs.tricks()] == list(result.tricks)
    return winners


@pytest.mark.parametrize("name", ["valpo", "tournament", "bolivar"])
def test_same_legal_sets_trick_winners_and_points_as_openspiel(name: str) -> None:
    game = pyspiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": False})
    profile = load_profile(name)
    rng = random.Random(f"openspiel-{name}")
    lone_hands = 0
    round_two_hands = 0
    stuck_dealers = 0
    bidding = (ActionKind.PASS, ActionKind.ORDER, ActionKind.CALL)
    for index in range(HANDS_PER_PROFILE):
        state = deal_record(profile, index % 4, rng).start()
        play_one(game, state, rng)
        lone_hands += state.alone
        round_two_hands += any(action.kind is ActionKind.CALL for action in state.history)
        stuck_dealers += sum(action.kind in bidding for action in state.history) == 8
    # The random choices reach lone hands, round-two calls and a stuck dealer.
    assert lone_hands > HANDS_PER_PROFILE // 10
    assert round_two_hands > HANDS_PER_PROFILE // 10
    assert stuck_dealers > 5
