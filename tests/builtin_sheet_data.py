"""The test data of a built-in sheet, made by one command:

    uv run python -m tests.builtin_sheet_data SHEET_ID

It writes, for the built-in sheet ``SHEET_ID`` (a file in ``src/euchre/tournament/sheet_files/``):

- ``tests/data/golden/SHEET_ID.jsonl``: six hands played to the end by random legal actions
  (a fixed seed), each with the result the engine gives (``tests/engine/test_golden.py``
  replays them);
- ``tests/data/perft/SHEET_ID.json``: five deals and the number of action sequences from each
  to the start of play, counted by the numba kernel, an enumerator independent of the
  ``HandState`` that ``tests/engine/test_perft.py`` counts with;
- the sheet's entries in ``tests/data/sheets/golden_before.json``: its preset, words, cap on
  games and two simulated events (``tests/tournament/test_sheet_golden.py``).

Each is a record of how the sheet plays *now*, so the command refuses to overwrite data a sheet
already has (delete it first, only when a change of the sheet's play is meant). ``--data DIR``
writes under ``DIR`` instead of ``tests/data`` (a dry run). The tests that use the data compute
"what the sheet does" with the functions here, so the record and the check cannot drift apart.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from euchre.cli.engine_cmds import replay_record_json
from euchre.engine import HandRecord, load_profile
from euchre.engine.record import deal_record
from euchre.store.presets import presets_json, sheet_warnings, sheet_words
from euchre.tournament import TournamentError
from euchre.tournament.sheets import builtin_sheets
from euchre.tournament.simulate import simulate_event, simulation_config
from euchre.tournament.validation import check_event_length
from tests.engine.helpers import LOW_CARDS, farmer_deal

DATA = Path(__file__).resolve().parent / "data"
GOLDEN_HANDS = 6
PERFT_DEALS = 5
EVENT_PLAYERS = (8, 13)
"""The simulated events of a sheet's golden record: an even field and one with sit-outs."""
CAP_CHECKS = (10, 11)
"""The numbers of games checked against the sheet's cap."""


# --- the engine's golden hands ------------------------------------------------------------


def golden_hands(profile_id: str) -> list[dict[str, Any]]:
    """Six hands under ``profile_id``, played to the end by random legal actions, each with
    the result the engine gives."""
    profile = load_profile(profile_id)
    rng = random.Random(f"golden {profile_id}")
    lines = []
    for index in range(GOLDEN_HANDS):
        record = deal_record(profile, index % 4, rng)
        state = record.start()
        actions = []
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            actions.append(action)
        data = record.with_actions(actions).to_json()
        lines.append({"record": data, "result": replay_record_json(data)})
    return lines


# --- perft: the auction's sequences, counted by the kernel --------------------------------


def kernel_count(kernel: Any, state: Any, parameters: Any) -> dict[str, int]:
    """Sequences from a kernel state to the start of play, split by how they end (the
    independent count: the kernel's own flow of the auction, over a flat array)."""
    import numpy as np

    phase = int(state[kernel.Slot.PHASE])
    if phase == kernel.PLAY:
        return {"play": 1}
    if phase == kernel.OVER:
        status = int(state[kernel.Slot.STATUS])
        return {{2: "thrown_in", 3: "redeal"}.get(status, "scored"): 1}
    legal = np.zeros(kernel.MAX_LEGAL, dtype=np.int64)
    count = kernel.legal_actions(state, parameters, legal)
    totals: dict[str, int] = {}
    for action in legal[:count]:
        child = state.copy()
        kernel.apply_action(child, parameters, int(action))
        for ending, number in kernel_count(kernel, child, parameters).items():
            totals[ending] = totals.get(ending, 0) + number
    return totals


def perft_deal(
    profile_id: str, options: dict[str, Any], dealer: int, rng: random.Random, farmer: bool
) -> HandRecord:
    """A deal for a perft position; with ``farmer``, one hand of nines and tens void in one
    suit, so that folding is possible when it is trump."""
    profile = load_profile(profile_id).replace(**options) if options else load_profile(profile_id)
    record = deal_record(profile, dealer, rng)
    if not farmer:
        return HandRecord(
            profile, dealer, record.hands, record.up_card, record.kitty, (), profile_id, options
        )
    seat = rng.randrange(4)
    void = rng.randrange(4)
    low = rng.sample([card for card in LOW_CARDS if card // 6 != void], 5)
    return farmer_deal(
        profile, dealer, rng, seat, low, profile_name=profile_id, profile_options=options
    )


def perft_position(record: HandRecord) -> dict[str, Any]:
    """One perft position: the deal and its sequences, counted by the kernel."""
    from euchre.engine import kernel

    hand = kernel.KernelHand(record.start())
    endings = kernel_count(kernel, hand.state, hand.parameters)
    return {
        "record": record.to_json(),
        "count": sum(endings.values()),
        "endings": dict(sorted(endings.items())),
    }


PERFT_DESCRIPTION = (
    "Distinct action sequences from each deal to the start of play "
    "(or an end before play), split by ending; counted by the numba kernel."
)


def perft_file(profile_id: str) -> dict[str, Any]:
    """The perft file of ``profile_id``: five deals (its own random stream, so a new sheet
    never changes another's deals), every other one a farmer's hand."""
    rng = random.Random(f"perft {profile_id}")
    positions = [
        perft_position(perft_deal(profile_id, {}, index % 4, rng, farmer=index % 2 == 1))
        for index in range(PERFT_DEALS)
    ]
    return {"description": PERFT_DESCRIPTION, "positions": positions}


# --- the tournament's golden record -------------------------------------------------------


def sheet_words_json(sheet_id: str) -> dict[str, Any]:
    """The sheet's words as the golden record holds them (a words key added since, left
    empty, is not in the record: an empty ``three_handed`` is the default cutthroat rule)."""
    words = asdict(sheet_words(sheet_id))
    if not words.get("three_handed"):
        words.pop("three_handed", None)
    return json.loads(json.dumps(words))  # type: ignore[no-any-return]


def cap_check(sheet_id: str, rounds: int) -> str:
    """ "ok", or the words refusing ``rounds`` games under the sheet's cap."""
    try:
        check_event_length(sheet_id, rounds)
    except TournamentError as error:
        return str(error)
    return "ok"


def simulated_event(sheet_id: str, players: int) -> dict[str, Any]:
    """A four-game event under the sheet, simulated with a fixed seed: its standings, seatings,
    prizes, cup and playoffs, and the warnings its configuration gets."""
    config = simulation_config(sheet_id, rounds=4, seed=7)
    snapshot = simulate_event(config, players)
    found = {
        "standings": [row.to_json() for row in snapshot.standings],
        "rounds": [plan.to_json() for plan in snapshot.rounds],
        "prizes": [award.to_json() for award in snapshot.prizes],
        "side_pot": snapshot.side_pot.to_json() if snapshot.side_pot else None,
        "playoffs": [playoff.to_json() for playoff in snapshot.playoffs],
        "warnings": sheet_warnings(config),
    }
    return json.loads(json.dumps(found))  # type: ignore[no-any-return]


def sheet_record(sheet_id: str) -> dict[str, dict[str, Any]]:
    """The sheet's entries in each part of ``golden_before.json``."""
    return {
        "presets": {sheet_id: presets_json()[sheet_id]},
        "words": {sheet_id: sheet_words_json(sheet_id)},
        "max_games": {f"{sheet_id}:{rounds}": cap_check(sheet_id, rounds) for rounds in CAP_CHECKS},
        "configs": {sheet_id: simulation_config(sheet_id, rounds=4, seed=7).to_json()},
        "events": {
            f"{sheet_id}:{players}": simulated_event(sheet_id, players) for players in EVENT_PLAYERS
        },
    }


# --- the command --------------------------------------------------------------------------


def write_sheet_data(sheet_id: str, data: Path) -> list[str]:
    """Write the sheet's golden hands, perft counts and golden-record entries under ``data``;
    returns what was written. Raises :class:`SystemExit` in words for an unknown sheet or
    for data the sheet already has."""
    if sheet_id not in builtin_sheets():
        known = ", ".join(builtin_sheets())
        raise SystemExit(
            f"error: {sheet_id!r} is not a built-in sheet (a file in "
            f"src/euchre/tournament/sheet_files/ with that id); built-in sheets: {known}"
        )
    golden = data / "golden" / f"{sheet_id}.jsonl"
    perft = data / "perft" / f"{sheet_id}.json"
    record_path = data / "sheets" / "golden_before.json"
    record: dict[str, dict[str, Any]] = (
        json.loads(record_path.read_text()) if record_path.exists() else {}
    )
    had = [str(path) for path in (golden, perft) if path.exists()]
    if sheet_id in record.get("presets", {}):
        had.append(f"{record_path} (its entries)")
    if had:
        raise SystemExit(
            f"error: sheet {sheet_id!r} already has its test data: {', '.join(had)}. They "
            "record how it plays now; delete them first only if a change of its play is meant."
        )
    golden.parent.mkdir(parents=True, exist_ok=True)
    golden.write_text("".join(json.dumps(line) + "\n" for line in golden_hands(sheet_id)))
    perft.parent.mkdir(parents=True, exist_ok=True)
    perft.write_text(json.dumps(perft_file(sheet_id), indent=1) + "\n")
    for part, entries in sheet_record(sheet_id).items():
        record[part] = dict(sorted((record.get(part, {}) | entries).items()))
    record_path.parent.mkdir(parents=True, exist_ok=True)
    record_path.write_text(json.dumps(record, indent=1, sort_keys=True))
    return [str(golden), str(perft), f"{record_path} (its entries)"]


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.builtin_sheet_data SHEET_ID [--data DIR]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("sheet_id", help="the built-in sheet's id")
    parser.add_argument("--data", type=Path, default=DATA, help="the test data folder")
    args = parser.parse_args(argv)
    for written in write_sheet_data(args.sheet_id, args.data):
        print(f"wrote {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
