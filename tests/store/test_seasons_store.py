"""Seasons in storage, on SQLite and PostgreSQL: the migration that adds event tags and
seasons keeps every event recorded before it (and its players) and can be taken back."""

from __future__ import annotations

from sqlalchemy import select

from euchre.store import seasons
from euchre.store.db import Database
from euchre.store.models import AuditEntry, Entrant, Event, Season
from euchre.store.night import events
from euchre.tournament import EventConfig
from tests.store.factory import migrate_to

NIGHT_1 = EventConfig(
    name="Night 1", profile_id="tournament", format="winners_move_up", rounds=2, seed=3
)
"""A club night as an older database recorded it."""


def test_events_recorded_before_seasons_keep_their_players_and_get_no_tags(
    store: Database,
) -> None:
    with store.write() as session:
        event = events.create_event(session, config=NIGHT_1, who="t")
        for player in ("Ann Baker", "Bob Cole"):
            events.add_entrant(session, event_id=event.id, player=events.NewPlayer(player), who="t")
        event_id = event.id
    migrate_to(store, "0006_h17_members", down=True)  # as the database was before seasons
    migrate_to(store, "head")
    with store.read() as session:
        kept = session.get(Event, event_id)
        assert kept is not None and kept.tags == []
        names = session.scalars(select(Entrant.name).where(Entrant.event_id == event_id))
        assert sorted(names) == ["Ann Baker", "Bob Cole"]
        assert session.scalars(select(Season)).all() == []
    with store.write() as session:
        seasons.set_event_tags(session, event_id=event_id, tags=["League"], who="t")
        seasons.create_season(
            session, data={"name": "League", "tag": "league", "scoring": "total_points"}, who="t"
        )
    with store.read() as session:
        season = seasons.list_seasons(session)[0]
        assert [event.id for event in seasons.season_events(session, season)] == [event_id]


def test_adding_and_removing_a_season_are_club_audit_lines_with_its_definition(
    store: Database,
) -> None:
    with store.write() as session:
        season = seasons.create_season(
            session, data={"name": "League", "tag": "league", "scoring": "total_points"}, who="t"
        )
        season_id, kept = season.id, seasons.season_json(season)
    with store.write() as session:
        seasons.delete_season(session, season_id=season_id, who="t")
    with store.read() as session:
        lines = session.scalars(select(AuditEntry).order_by(AuditEntry.id)).all()
        added, deleted = (line for line in lines if line.action.endswith("_season"))
    assert (added.action, added.event_id, added.target) == (
        "add_season",
        None,
        f"season {season_id}",
    )
    assert added.new_value == kept and added.old_value is None
    assert (deleted.action, deleted.event_id) == ("delete_season", None)
    assert deleted.old_value == kept and deleted.new_value is None


def test_events_recorded_before_nights_had_dates_get_the_day_they_were_created(
    store: Database,
) -> None:
    with store.write() as session:
        event = events.create_event(session, config=NIGHT_1, who="t")
        events.add_entrant(session, event_id=event.id, player=events.NewPlayer("Ann"), who="t")
        event_id, created = event.id, event.created_at
    migrate_to(store, "0007_h19_seasons", down=True)  # as the database was before dates
    migrate_to(store, "head")
    with store.read() as session:
        kept = session.get(Event, event_id)
        assert kept is not None and kept.held_on == created.date()
        assert session.scalars(select(Entrant.name)).all() == ["Ann"]


def test_a_removed_seasons_id_is_never_given_to_a_later_season(store: Database) -> None:
    data = {"name": "Spring", "tag": "league", "scoring": "total_points"}
    with store.write() as session:
        first = seasons.create_season(session, data=data, who="t").id
    with store.write() as session:
        seasons.delete_season(session, season_id=first, who="t")
    with store.write() as session:
        again = seasons.create_season(session, data=data, who="t").id
    assert again != first
