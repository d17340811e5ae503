"""The wrong-code blocks as the director reads them (read model): each counted device or
address in words, for the API's list and the online live page."""

from __future__ import annotations

from fastapi import Request
from pydantic import BaseModel

from euchre.store.access.ratelimit import Block, blocks
from euchre.web.common.deps import database

__all__ = [
    "BlockOut",
    "block_rows",
]


class BlockOut(BaseModel):
    """One device or address whose wrong codes are counted."""

    key: str
    who: str
    failures: int
    wait_seconds: int


def _who(block: Block) -> str:
    kind, _, rest = block.key.partition(":")
    if kind == "guess":
        what, _, name = rest.partition(":")
        if what == "device":
            return f"a phone or browser (device {name[:6]}): table, seat or player codes"
        return f"address {name}, before its device had its own cookie: codes"
    if kind == "codes":
        return f"address {rest}: director passwords and club codes"
    return block.key


def block_rows(request: Request) -> list[BlockOut]:
    """The counted clients as the director's API and live page show them."""
    with database(request).read() as session:
        found = blocks(session)
    return [
        BlockOut(key=block.key, who=_who(block), failures=block.failures,
                 wait_seconds=block.wait_seconds)
        for block in found
    ]  # fmt: skip
