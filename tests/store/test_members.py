"""The club's members in storage, on SQLite and PostgreSQL: a name unique whatever its case
(also when two writers race), a merge and its undo, and the migration that links the players
of events recorded before members existed."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from euchre.store.club import members
from euchre.store.db import Database
from euchre.store.errors import ConflictError, StoreError
from euchre.store.models import AuditEntry, Entrant, Member
from euchre.store.night import events
from euchre.tournament import EventConfig
from tests.store.factory import migrate_to


def _event(store: Database, name: str, players: list[str]) -> int:
    config = EventConfig(
        name=name, profile_id="tournament", format="winners_move_up", rounds=2, seed=3
    )
    with store.write() as session:
        event = events.create_event(session, config=config, who="t")
        for player in players:
            events.add_entrant(session, event_id=event.id, player=events.NewPlayer(player), who="t")
        return event.id


def _members_of(store: Database, event_id: int) -> dict[str, int | None]:
    with store.read() as session:
        rows = session.scalars(select(Entrant).where(Entrant.event_id == event_id))
        return {row.name: row.member_id for row in rows}


def test_a_members_name_is_unique_in_the_club_whatever_its_case(store: Database) -> None:
    with store.write() as session:
        members.create_member(session, fields=members.MemberFields("Ann Baker"), who="t")
    with store.write() as session, pytest.raises(ConflictError, match="'Ann Baker'"):
        members.create_member(session, fields=members.MemberFields("ANN  baker"), who="t")
    # Two writers at once: the database's unique key stops the second.
    answers: list[str] = []

    def add() -> None:
        try:
            with store.write() as session:
                members.create_member(session, fields=members.MemberFields("Bob Cole"), who="t")
            answers.append("added")
        except (ConflictError, IntegrityError):
            answers.append("refused")

    workers = [threading.Thread(target=add) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(answers) == ["added", "refused"]
    with store.read() as session:
        assert [member.name for member in members.list_members(session)] == [
            "Ann Baker",
            "Bob Cole",
        ]


def test_a_merge_moves_every_player_of_one_member_and_its_undo_moves_them_back(
    store: Database,
) -> None:
    first = _event(store, "Night 1", ["Pat One", "Kim Two"])
    second = _event(store, "Night 2", ["Patrick One", "Kim Two"])
    with store.read() as session:
        pat = members.member_by_name(session, name="Pat One")
        patrick = members.member_by_name(session, name="patrick one")
        assert pat is not None and patrick is not None
        pat_id, patrick_id = pat.id, patrick.id
    with store.write() as session:
        merge_id = members.merge_members(
            session, keep_id=pat_id, merge_id=patrick_id, who="t", reason="same person"
        ).id
    assert _members_of(store, second)["Patrick One"] == pat_id
    assert _members_of(store, first)["Pat One"] == pat_id
    with store.read() as session:
        line = session.scalars(select(AuditEntry).where(AuditEntry.action == "merge_members")).one()
        assert line.reason == "same person" and line.old_value is not None
        assert line.old_value["name"] == "Patrick One"
        assert line.target == f"member {patrick_id} into member {pat_id}"
        moved = line.old_value["players"]
        assert line.old_value == {"member": patrick_id, "name": "Patrick One", "players": moved}
        assert len(moved) == 1
        assert line.new_value == {"member": pat_id, "name": "Pat One", "merge": merge_id}
    with store.write() as session, pytest.raises(StoreError, match="itself"):
        members.merge_members(session, keep_id=pat_id, merge_id=pat_id, who="t")
    with store.write() as session:
        members.undo_merge(session, merge_id=merge_id, who="t")
    assert _members_of(store, second)["Patrick One"] == patrick_id
    assert _members_of(store, first)["Pat One"] == pat_id
    with store.read() as session:
        assert members.get_member(session, member_id=patrick_id).merged_into_id is None


def test_players_of_events_recorded_before_members_become_members_by_name_with_a_report(
    store: Database,
) -> None:
    first = _event(store, "Night 1", ["Ann Baker", "Bob Cole"])
    second = _event(store, "Night 2", ["ann  baker", "Cy Dunn"])
    migrate_to(store, "0005_online", down=True)  # as the database was before members
    migrate_to(store, "head")
    with store.read() as session:
        roster = {member.name: member.id for member in session.scalars(select(Member))}
        report = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "link_members")
        ).one()
    assert sorted(roster) == ["Ann Baker", "Bob Cole", "Cy Dunn"]
    assert _members_of(store, first) == {
        "Ann Baker": roster["Ann Baker"],
        "Bob Cole": roster["Bob Cole"],
    }
    # The event keeps the name it was played under; the member is the same person.
    assert _members_of(store, second) == {
        "ann baker": roster["Ann Baker"],
        "Cy Dunn": roster["Cy Dunn"],
    }
    assert report.new_value == {"members": 3, "names_merged": {"Ann Baker": ["ann baker"]}}
