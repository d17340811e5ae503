"""Perft-style counts: distinct action sequences from fixed deals to the end of the auction.

A sequence ends when play starts (the first lead is due) or when the hand ends before play
(thrown in, a farmer's-hand redeal, a fold). Everything before play is enumerated: going
under, both bidding rounds, defending alone, the dealer's discard and folding.

The files in ``tests/data/perft/`` hold, per profile, a few fixed deals (hand records, some
with ``profile_options``) and their counts. The test enumerates with ``HandState``; the
committed numbers were produced by an independent enumerator over the numba kernel
(``euchre.engine.kernel``: its own code for the flow of the auction, over a flat array; the
counts end before play, so the rules it shares with ``HandState`` — following suit, the
trick winner, the score — do not enter them), by
``uv run python -m tests.engine.test_perft`` (see :func:`write_perft_files`; a new built-in
sheet's file comes from ``uv run python -m tests.builtin_sheet_data SHEET_ID``), and a few are
derived by hand below (:func:`test_counts_reasoned_by_hand`).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from euchre.engine import BUILTIN_PROFILES, HandRecord, HandState, Phase
from tests.builtin_sheet_data import PERFT_DESCRIPTION, perft_deal, perft_position

PERFT_DIRECTORY = Path(__file__).resolve().parent.parent / "data" / "perft"
FILES = [*BUILTIN_PROFILES, "variants"]


def count_auctions(state: HandState) -> dict[str, int]:
    """Sequences from ``state`` to the start of play, split by how they end."""
    if state.phase is Phase.PLAY:
        return {"play": 1}
    if state.is_over:
        return {state.result().status.value: 1}
    totals: dict[str, int] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        for ending, count in count_auctions(child).items():
            totals[ending] = totals.get(ending, 0) + count
    return totals


def load_positions(name: str) -> list[dict[str, Any]]:
    """The positions of one perft file."""
    data = json.loads((PERFT_DIRECTORY / f"{name}.json").read_text())
    positions: list[dict[str, Any]] = data["positions"]
    return positions


def test_every_profile_has_a_perft_file() -> None:
    for name in BUILTIN_PROFILES:
        assert (PERFT_DIRECTORY / f"{name}.json").exists(), (
            f"no perft file for {name!r}: a new built-in sheet's data come from "
            f"'uv run python -m tests.builtin_sheet_data {name}'"
        )
        positions = load_positions(name)
        assert len(positions) >= 4
        assert all(HandRecord.from_json(p["record"]).profile.id == name for p in positions)


@pytest.mark.parametrize("name", FILES)
def test_perft_counts_match_the_files(name: str) -> None:
    for index, position in enumerate(load_positions(name)):
        state = HandRecord.from_json(position["record"]).start()
        endings = count_auctions(state)
        assert endings == position["endings"], f"{name} position {index}"
        assert sum(endings.values()) == position["count"], f"{name} position {index}"


def _record(profile_id: str, dealer: int, hands: list[str], up_card: str, kitty: str) -> HandState:
    data = {
        "profile": profile_id,
        "dealer": dealer,
        "hands": [hand.split() for hand in hands],
        "up_card": up_card,
        "kitty": kitty.split(),
    }
    return HandRecord.from_json(data).start()


def test_counts_reasoned_by_hand() -> None:
    """Counts worked out by hand from the rules, without any enumerator.

    ``valpo`` (stick the dealer, going alone, no variant), any deal, dealer 0:
    round 1, seats 1, 2, 3, 0 in turn may pass, order or order alone. A seat that orders ends
    the round; the dealer then picks up and discards one of his six cards (6 sequences),
    except when the dealer's partner (seat 2) orders alone: the dealer sits out and does
    not pick up (1 sequence). Round 1 gives 4 x 6 (order) + 3 x 6 + 1 (order alone) = 43.
    If all four pass, round 2: seats 1, 2, 3 may pass or call one of the three other suits,
    alone or not (6 calls each, 18); the dealer is stuck and must call (6). Round 2 gives 24.
    Total 43 + 24 = 67, every sequence ending at the first lead.

    ``questions`` is the same except that the dealer may also pass in round 2 and the hand is
    thrown in: 43 + 24 + 1 = 68 (67 reach play, 1 is thrown in).

    ``ballantrae``, for a deal where the dealer holds no other card of the up-card's suit
    and every player holds an ace or a face card (so nobody may fold): seats 1 and 3 may
    order (5 discards: the dealer "discards another card", never the up-card) or order alone
    (5) = 10 each; the dealer's partner may only order alone (the dealer sits out: 1); the
    dealer may only pass. Round 1: 21. Round 2 as valpo, except that the dealer's partner
    "must go alone if they make Trump": he may only call alone (3 instead of 6). Round 2:
    21. Total 42.

    ``tournament`` with ``defend_alone`` (dealer 0): each lone call adds the choices of the
    opponents after the maker who have not passed, in order from eldest (pass or defend
    alone; the first to defend ends the choosing). Round 1: eldest (1) alone: seat 2 defends
    (the dealer sits out, the up-card goes back: 1), or passes and the dealer defends (he
    still discards: 6), or both pass (6): 13 instead of 6, +7. Seat 2 alone (dealer out):
    seat 3 passes or defends: 2 instead of 1, +1. Seat 3 alone: the dealer passes or
    defends, then discards: 12 instead of 6, +6. The dealer alone: nobody after him, +0.
    Round 2 adds nothing: "any player that has already passed is not" eligible to defend
    alone, and in round 2 every opponent has passed once. Total 67 + 7 + 1 + 6 = 81.
    """
    hands = ["9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS"]
    valpo = _record("valpo", 0, hands, "JS", "QS KS AS")
    assert count_auctions(valpo) == {"play": 67}
    questions = _record("questions", 0, hands, "JS", "QS KS AS")
    assert count_auctions(questions) == {"play": 67, "thrown_in": 1}
    # Dealer (seat 0) holds clubs only; the up-card is a spade; everyone holds a face card.
    ballantrae = _record("ballantrae", 0, hands, "JS", "QS KS AS")
    assert count_auctions(ballantrae) == {"play": 42}
    defending = HandRecord.from_json(
        {
            "profile": "tournament",
            "profile_options": {"defend_alone": True},
            "dealer": 0,
            "hands": [hand.split() for hand in hands],
            "up_card": "JS",
            "kitty": ["QS", "KS", "AS"],
        }
    ).start()
    assert count_auctions(defending) == {"play": 81}


# --------------------------------------------------------------------------- generator
_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("tournament", {"defend_alone": True}),
    ("valpo", {"going_under": True}),
    ("bolivar", {"natural_trump": True}),
    ("questions", {"farmers_hand_redeal": True}),
    ("valpo", {"fold_without_ace_face_trump": True, "defend_alone": True}),
    ("tournament", {"going_under": True, "defend_alone": True}),
]


def write_perft_files() -> None:
    """Regenerate the first sheets' and the variants' ``tests/data/perft/*.json``, counting
    with the kernel (not ``HandState``). A sheet added since has its own file from
    ``uv run python -m tests.builtin_sheet_data SHEET_ID`` (its own random stream)."""
    rng = random.Random("perft")
    # One random stream for these files, in the order they were added ("tournament_partners"
    # after "variants"), so that regenerating them gives the committed deals.
    first = ("ballantrae", "bolivar", "questions", "valpo", "tournament")
    cases: dict[str, list[tuple[str, dict[str, Any]]]] = {name: [(name, {})] * 5 for name in first}
    cases["variants"] = [case for case in _VARIANTS for _ in range(2)]
    cases["tournament_partners"] = [("tournament_partners", {})] * 5
    PERFT_DIRECTORY.mkdir(parents=True, exist_ok=True)
    for file_name, file_cases in cases.items():
        positions = []
        for index, (profile_id, options) in enumerate(file_cases):
            record = perft_deal(profile_id, options, index % 4, rng, farmer=index % 2 == 1)
            positions.append(perft_position(record))
        document = {"description": PERFT_DESCRIPTION, "positions": positions}
        path = PERFT_DIRECTORY / f"{file_name}.json"
        path.write_text(json.dumps(document, indent=1) + "\n")
        print(f"{path.name}: {[position['count'] for position in positions]}")


if __name__ == "__main__":
    write_perft_files()
