"""Reading what a user hands a command: bytes that may not be UTF-8, JSON that may not parse.

Each problem becomes one clear sentence (``BadInput``) naming what is wrong and where, never a
traceback: a byte that is not UTF-8, JSON that does not parse, an integer longer than Python
converts (4,300 digits by default), a document nested deeper than the parser recurses.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from euchre.cli.errors import CliError

__all__ = ["BadInput", "decode_utf8", "parse_json", "read_bytes"]


class BadInput(ValueError):
    """Input that cannot be read as text or JSON; the message says why, in one line."""


def read_bytes(source: str) -> bytes:
    """The bytes of a file, or of standard input for ``-``."""
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is not None:
            return bytes(stream.read())
        return sys.stdin.read().encode("utf-8", "surrogateescape")
    path = Path(source)
    if not path.is_file():
        raise CliError(f"file {source!r} does not exist")
    return path.read_bytes()


def decode_utf8(data: bytes, what: str) -> str:
    """``data`` as UTF-8 text; a bad byte is named with its offset."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        bad = data[error.start : error.start + 1].hex().upper()
        raise BadInput(
            f"{what} is not UTF-8 text: byte 0x{bad} at offset {error.start} (a binary file?)"
        ) from None


def parse_json(text: str) -> Any:
    """``json.loads`` whose every failure is a ``BadInput`` with a plain message."""
    try:
        return json.loads(text)
    except RecursionError:
        raise BadInput("not a hand record: the JSON is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise BadInput(f"not valid JSON: {error.msg} (column {error.colno})") from None
    except ValueError as error:
        if "integer string conversion" not in str(error):
            raise
        limit = sys.get_int_max_str_digits()
        raise BadInput(
            f"not a hand record: a number in it has more than {limit:,} digits"
        ) from None
