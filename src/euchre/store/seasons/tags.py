"""Event tags, the labels a season takes its events by ("Thursday league 2027")."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session

from euchre.store.audit import record_audit
from euchre.store.errors import StoreError
from euchre.store.models import Event
from euchre.store.night.events import get_event

__all__ = ["TAGS_PER_EVENT", "TAG_LIMIT", "set_event_tags", "tag_key", "tidy_tags"]

TAG_LIMIT = 60
"""The most characters of one tag."""
TAGS_PER_EVENT = 20


def tag_key(tag: str) -> str:
    """A tag as tags are compared: spaces tidied, case aside."""
    return " ".join(tag.split()).casefold()


def tidy_tags(tags: Iterable[str]) -> list[str]:
    """The tags with their spaces tidied, in the order given; a tag given twice (case aside)
    is kept once. An empty or over-long tag raises ``StoreError`` naming it."""
    out: list[str] = []
    seen: set[str] = set()
    for tag in tags:
        tidy = " ".join(tag.split())
        if not tidy:
            raise StoreError("tags: a tag cannot be empty")
        if len(tidy) > TAG_LIMIT:
            raise StoreError(f"tags: {tidy[:80]!r} is longer than {TAG_LIMIT} characters")
        if tag_key(tidy) not in seen:
            seen.add(tag_key(tidy))
            out.append(tidy)
    if len(out) > TAGS_PER_EVENT:
        raise StoreError(f"tags: an event can carry at most {TAGS_PER_EVENT} tags")
    return out


def set_event_tags(session: Session, *, event_id: int, tags: Iterable[str], who: str) -> Event:
    """Replace the event's tags (at any time: tags change no result), with an audit line."""
    event = get_event(session, event_id=event_id)
    tidy = tidy_tags(tags)
    old = list(event.tags or [])
    if tidy != old:
        event.tags = tidy
        record_audit(
            session,
            event_id=event.id,
            who=who,
            action="set_tags",
            target=f"event {event.id}",
            old_value={"tags": old},
            new_value={"tags": tidy},
        )
        session.flush()
    return event
