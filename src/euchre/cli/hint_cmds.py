"""``euchre hint``: what a bot would do for the seat to act in an unfinished hand record.

Usage problems (an unknown bot, malformed ``--scores``) print one line and exit 2; a bad
record (unreadable, an illegal action, a finished hand) prints one line and exits 1.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from euchre.cli.errors import CliError
from euchre.cli.input_text import BadInput, decode_utf8, parse_json, read_bytes


def register(app: typer.Typer) -> None:
    """Add ``euchre hint``."""
    app.command("hint")(hint)


def _usage(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


def _parse_scores(text: str) -> tuple[int, int]:
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 2 or not all(part.lstrip("-").isdigit() for part in parts):
        raise _usage(f"--scores needs two whole numbers separated by a comma, got {text!r}")
    return int(parts[0]), int(parts[1])


def _read_record(source: str) -> Any:
    text = decode_utf8(read_bytes(source), "the hand record")
    if not text.strip():
        raise CliError("no hand record in the input")
    return parse_json(text)


def hint(
    record: Annotated[str, typer.Argument(help="An unfinished hand record (JSON); - for stdin.")],
    bot: Annotated[str, typer.Option(help="The bot (or level) to ask.")] = "expert",
    seed: Annotated[int, typer.Option(help="The bot's seed.")] = 0,
    scores: Annotated[
        str, typer.Option(help="Game score before this hand: the record's seat 0/2 side, then 1/3.")
    ] = "0,0",
    hands_left: Annotated[
        int, typer.Option(help="Counted hands left in a fixed-length game (0: not known).")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print {action, why} as JSON.")] = False,
) -> None:
    """Print the bot's choice for the seat to act, with its one-line reason."""
    from euchre.bots import BOT_FACTORIES, make_bot
    from euchre.bots.advice import advise
    from euchre.engine.record import HandRecord, replay
    from euchre.engine.view import view_of

    if bot not in BOT_FACTORIES:
        raise _usage(f"unknown bot {bot!r}; bots: {', '.join(sorted(BOT_FACTORIES))}")
    score_pair = _parse_scores(scores)
    if hands_left < 0:
        raise _usage(f"--hands-left must be 0 or more, got {hands_left}")
    try:
        state = replay(HandRecord.from_json(_read_record(record)))
    except BadInput as error:
        raise CliError(str(error)) from None
    except RecursionError:
        raise CliError("not a hand record: the JSON is nested too deeply") from None
    if state.is_over:
        raise CliError("the hand is over: there is no decision left to hint")
    view = view_of(state, state.to_act, score_pair, hands_left)
    advice = advise(make_bot(bot, seed), view)
    if as_json:
        print(json.dumps(advice.to_json()))
        return
    print(f"seat {view.seat}: {advice.action} ({advice.why})")
