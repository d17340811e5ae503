"""Engine commands: ``replay``, ``deal``, ``profiles`` and the terminal game ``play``."""

from __future__ import annotations

import json
import random
from typing import Annotated, Any

import typer

from euchre.cli.errors import CliError
from euchre.cli.input_text import BadInput, decode_utf8, parse_json, read_bytes
from euchre.cli.options import JsonOption, ProfileOption
from euchre.engine.errors import EuchreError
from euchre.engine.profile import BUILTIN_PROFILES, OPTION_SPECS, load_profile, resolve_profile
from euchre.engine.questions import questions_for_hand, replay_pile
from euchre.engine.record import HandRecord, deal_record, draw_first_dealer, replay


def replay_record_json(data: Any) -> dict[str, object]:
    """Replay one parsed record: ``{"to_act", "legal"}`` mid-hand, else the result."""
    record = HandRecord.from_json(data)
    state = replay(record)
    out: dict[str, object]
    if not state.is_over:
        out = {
            "to_act": state.to_act,
            "phase": state.phase.name.lower(),
            "legal": [str(action) for action in state.legal_actions()],
        }
    else:
        out = state.result().to_json()
    if record.profile.question_pile and state.tricks:
        pile = replay_pile(state)
        out["questions"] = [question.to_json() for question in questions_for_hand(state, pile)]
    return out


def _parse_json(text: str) -> Any:
    """The parsed JSON, or a ``_Malformed`` carrying the plain reason it does not parse."""
    try:
        return parse_json(text)
    except BadInput as error:
        return _Malformed(str(error))


def _looks_like_one_document(text: str) -> bool:
    """True when the input is one (possibly pretty-printed) JSON document, not JSON Lines.

    JSON Lines has a complete value on each line; a pretty-printed record opens on a line that
    ends before its value does (``{`` or ``{"profile": "valpo",``). A first line that is
    complete but bad (garbage, or nested too deeply) is a bad JSON Lines line.
    """
    first = next(line for line in text.splitlines() if line.strip()).strip()
    try:
        json.loads(first)
    except json.JSONDecodeError as error:
        return error.pos >= len(first) - 1 and first[0] in "{["
    except (RecursionError, ValueError):
        return False
    return False


def _whole_document_error(text: str, parsed: _Malformed) -> _Malformed:
    """The error for one JSON document that does not parse; says "truncated" when it ends
    before its brackets close."""
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        opened = text.count("{") + text.count("[")
        closed = text.count("}") + text.count("]")
        if error.pos >= len(text) - 1 or opened > closed:
            return _Malformed(
                f"the JSON record is truncated: it ends at line {error.lineno} before all "
                f"its brackets close ({error.msg})"
            )
        return _Malformed(
            f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        )
    except (RecursionError, ValueError):
        pass
    return parsed


def _records(data: bytes) -> list[tuple[str, Any]]:
    """Parse one JSON record or JSON Lines; each item is (location, parsed or error text).

    A whole-file document is tried first, so a truncated pretty-printed record is reported
    once, as truncated, rather than line by line. JSON Lines are decoded line by line, so a
    line that is not UTF-8 is one bad line and the others still replay.
    """
    if not data.strip():
        raise CliError("no hand record in the input")
    try:
        text = decode_utf8(data, "the input")
    except BadInput as error:
        readable = data.decode("utf-8", "replace").strip()
        if _looks_like_one_document(readable):
            return [("record", _Malformed(str(error)))]
    else:
        stripped = text.strip()
        whole = _parse_json(stripped)
        if not isinstance(whole, _Malformed):
            return [("record", whole)]
        if _looks_like_one_document(stripped):
            return [("record", _whole_document_error(stripped, whole))]
    items: list[tuple[str, Any]] = []
    for number, raw in enumerate(data.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = decode_utf8(raw, "the line")
        except BadInput as error:
            items.append((f"line {number}", _Malformed(str(error))))
            continue
        items.append((f"line {number}", _parse_json(line)))
    return items


def _numbered(where: str, out: dict[str, object]) -> dict[str, object]:
    """A JSON Lines result carries its input line number first (``"line": 3``)."""
    if where.startswith("line "):
        return {"line": int(where.removeprefix("line ")), **out}
    return out


class _Malformed:
    def __init__(self, message: str) -> None:
        self.message = message


def register(app: typer.Typer) -> None:
    """Add the engine commands."""
    profiles_app = typer.Typer(help="List rule profiles and show their options.")
    app.add_typer(profiles_app, name="profiles", invoke_without_command=True)

    @profiles_app.callback(invoke_without_command=True)
    def profiles(
        ctx: typer.Context,
        as_json: JsonOption = False,
    ) -> None:
        """List the built-in rule profiles."""
        if ctx.invoked_subcommand is not None:
            return
        rows = [
            {"id": pid, "name": load_profile(pid).name, "sheet": load_profile(pid).sheet}
            for pid in BUILTIN_PROFILES
        ]
        if as_json:
            typer.echo(json.dumps(rows))
            return
        for row in rows:
            typer.echo(f"{row['id']:<12} {row['name']}  ({row['sheet']})")

    @profiles_app.command("show")
    def profiles_show(
        profile: Annotated[str, typer.Argument(help="Profile id or a .toml file.")],
        as_json: JsonOption = False,
    ) -> None:
        """Print every option of a profile with its value and the clause it comes from."""
        rules = resolve_profile(profile)
        rows = [
            {
                "option": name,
                "value": getattr(rules, name),
                "source": rules.sources.get(name, ""),
                "doc": spec.doc,
            }
            for name, spec in OPTION_SPECS.items()
        ]
        if as_json:
            typer.echo(json.dumps({"id": rules.id, "name": rules.name, "options": rows}))
            return
        typer.echo(f"{rules.id}: {rules.name} ({rules.sheet})")
        for row in rows:
            typer.echo(f"  {row['option']} = {json.dumps(row['value'])}")
            typer.echo(f"      source: {row['source']}")

    @app.command("replay")
    def replay_cmd(
        file: Annotated[
            str, typer.Argument(help="A hand record (JSON or JSON Lines); - for stdin.")
        ],
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON (the default).")] = True,
    ) -> None:
        """Replay hand records: who is to act and what is legal, or the hand's result."""
        failures = 0
        items = _records(read_bytes(file))
        for where, data in items:
            try:
                if isinstance(data, _Malformed):
                    raise EuchreError(data.message)
                out = replay_record_json(data)
            except EuchreError as error:
                failures += 1
                message = f"{where}: {error}" if where != "record" else str(error)
                typer.echo(json.dumps(_numbered(where, {"error": message})))
                typer.echo(f"error: {message}", err=True)
                continue
            except RecursionError:
                failures += 1
                message = f"{where}: not a hand record: the JSON is nested too deeply"
                typer.echo(json.dumps(_numbered(where, {"error": message})))
                typer.echo(f"error: {message}", err=True)
                continue
            typer.echo(json.dumps(_numbered(where, out)))
        if failures:
            raise typer.Exit(1)

    @app.command("deal")
    def deal_cmd(
        profile: ProfileOption = "tournament",
        seed: Annotated[int, typer.Option(help="Random seed (same seed, same deal).")] = 0,
        dealer: Annotated[
            int | None, typer.Option(help="Dealer seat 0-3 (default: drawn by the first jack).")
        ] = None,
        as_json: JsonOption = False,
    ) -> None:
        """Deal a fresh hand and print its record."""
        rules = resolve_profile(profile)
        rng = random.Random(seed)
        if dealer is None:
            dealer = draw_first_dealer(rules, rng).dealer
        elif not 0 <= dealer <= 3:
            raise CliError(f"--dealer must be a seat 0-3, got {dealer}")
        record = deal_record(rules, dealer, rng)
        data = record.to_json()
        data["profile"] = profile
        if as_json:
            typer.echo(json.dumps(data))
            return
        typer.echo(f"profile {profile}, dealer seat {dealer}")
        for seat, hand in enumerate(data["hands"]):
            typer.echo(f"  seat {seat}: {' '.join(hand)}")
        typer.echo(f"  up-card: {data['up_card']}   kitty: {' '.join(data['kitty'])}")

    @app.command("play")
    def play_cmd(
        profile: ProfileOption = "tournament",
        bots: Annotated[str, typer.Option(help="Computer players' kind.")] = "random",
        seed: Annotated[int | None, typer.Option(help="Random seed.")] = None,
        seat: Annotated[int, typer.Option(help="Your seat 0-3.")] = 0,
    ) -> None:
        """Play a game in the terminal with a computer partner against two computer players."""
        from euchre.cli.terminal_game import play_terminal_game
        from euchre.tournament.bell import on_paper_only

        rules = resolve_profile(profile)
        refused = on_paper_only(rules)  # a game to the bell: the terminal has no round bell
        if refused is not None:
            raise CliError(refused)
        play_terminal_game(rules, bots=bots, seed=seed, human_seat=seat)
