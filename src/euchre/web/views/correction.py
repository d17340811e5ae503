"""A round's table as the director's pages show it (read model): its players and game, no
code (the correction page and the dashboard's forms)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from euchre.engine.profile import load_profile
from euchre.store.errors import NotFoundError
from euchre.store.night import events, rounds
from euchre.store.scoring import table_lookup
from euchre.web.views.score_form import (
    TableView,
)

__all__ = [
    "director_table_view",
]


def director_table_view(
    session: Session, event_id: int, round_number: int, table: int
) -> tuple[TableView, Any]:
    """A table's view for the director's pages (its players and game, no code) and its
    round."""
    from euchre.store.core import event_config
    from euchre.store.table_view import game_profile

    event = events.get_event(session, event_id=event_id)
    round_row = rounds.get_round(session, event_id=event_id, number=round_number)
    seating = round_row.plan.table(table)
    if seating is None:
        raise NotFoundError(f"round {round_number} has no table {table}")
    by_id = {str(row.number): row for row in events.list_entrants(session, event_id=event_id)}
    first, second = seating.partnerships
    view = TableView(
        code="",
        partnerships=(
            tuple(by_id[player] for player in first),
            tuple(by_id[player] for player in second),
        ),
        # A playoff round's table plays its own game (a 4-hand playoff, a sudden-death hand).
        profile=game_profile(load_profile(event_config(event).profile_id), round_row.plan),
        lone_stake_cents=table_lookup.lone_stake_cents(event_config(event)),
    )
    return view, round_row
