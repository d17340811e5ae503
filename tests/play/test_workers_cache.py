"""Each worker keeps its own copy of a table, advanced by its own commits and by the
entries the PostgreSQL doorbell carries; the log stays the truth. Two services on one
SQLite file stand in for two workers here (the PostgreSQL run is in
``test_postgres_workers.py``)."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from euchre.play import TableState
from euchre.store.models import PlayAction
from euchre.store.play.doorbell import CHANNEL, parse_ring, psycopg_conninfo, ring_payload
from euchre.store.play.service import PlayService, StaleError
from tests.play.helpers import two_workers


def _services(tmp_path: Path) -> tuple[PlayService, PlayService, str]:
    return _services_at(f"sqlite:///{tmp_path / 'play.db'}")


def _services_at(url: str) -> tuple[PlayService, PlayService, str]:
    one, two, table_id, _host = two_workers(url, "tournament")
    return one, two, table_id


def _move(service: PlayService, table_id: str, rng: random.Random) -> tuple[int, int, str]:
    with service.reading(table_id) as state:
        seq = state.seq
        seat, legal = next((s, state.legal(s)) for s in range(4) if state.legal(s))
    action = rng.choice(legal)
    service.act(table_id, seat=seat, action=action, seq=seq, want_view=False)
    return seq + 1, seat, action


def _replayed(service: PlayService, table_id: str) -> TableState:
    fresh = PlayService(service.database)
    with fresh.reading(table_id) as state:
        return state


def test_ring_payload_carries_the_committed_entry_exactly() -> None:
    moment = datetime(2026, 11, 22, 18, 3, 4, 123456, tzinfo=UTC)
    payload = ring_payload("ABCDEFGHJK", 17, -1, "seat 2 expert", moment)
    assert parse_ring(payload) == ("ABCDEFGHJK", 17, (-1, "seat 2 expert", moment))
    assert parse_ring("ABCDEFGHJK:17") == ("ABCDEFGHJK", 17, None)  # the old form: read it
    assert parse_ring("nonsense") is None


def test_a_worker_applies_another_workers_entry_from_the_ring_without_reading_the_log(
    tmp_path: Path,
) -> None:
    one, two, table_id = _services(tmp_path)
    rng = random.Random(3)
    two.view(table_id, None)  # worker two holds the table at seq 0
    for _ in range(40):
        seq, seat, action = _move(one, table_id, rng)
        ring = parse_ring(ring_payload(table_id, seq, seat, action, datetime.now(UTC)))
        assert ring is not None and ring[2] is not None
        assert two.apply_committed(table_id, seq, *ring[2])
    truth = _replayed(one, table_id)
    for seat in (None, 0, 1, 2, 3):
        assert two.cached_view_texts(table_id, {seat}, truth.seq) is not None
        seq, texts = two.view_texts(table_id, {seat}, truth.seq)
        assert seq == truth.seq and json.loads(texts[seat])["seq"] == truth.seq
        view = two.view(table_id, seat)
        assert {**view, "turn_deadline": None} == {**truth.view(seat), "turn_deadline": None}


def test_a_worker_that_missed_a_ring_reads_the_log_instead(tmp_path: Path) -> None:
    one, two, table_id = _services(tmp_path)
    rng = random.Random(4)
    two.view(table_id, None)
    _move(one, table_id, rng)  # this ring never reached worker two
    seq, seat, action = _move(one, table_id, rng)
    assert not two.apply_committed(table_id, seq, seat, action, datetime.now(UTC))
    assert two.view(table_id, 0)["seq"] == seq  # caught up from the log


def _race_for_one_seq(one: PlayService, two: PlayService, table_id: str) -> int:
    """Seat four players through ``one`` (``two`` watching), then both workers move at the
    same seq: ``one``'s move is logged, ``two``'s is refused as stale. The seq raced for."""
    for seat in range(4):
        one.act(table_id, seat=seat, action="sit", seq=seat, want_view=False)
        two.view(table_id, None)
    with two.reading(table_id) as state:
        seq, actor = state.seq, state.to_act
        assert actor is not None
        legal = state.legal(actor)
    one.act(table_id, seat=actor, action=legal[0], seq=seq, want_view=False)
    with pytest.raises(StaleError):
        two.act(table_id, seat=actor, action=legal[-1], seq=seq, want_view=False)
    return seq


def test_two_workers_moving_at_the_same_seq_one_wins_the_other_is_stale(
    tmp_path: Path,
) -> None:
    """A move sent for the seq a worker's copy holds is not checked against the log first:
    the log's primary key refuses the second, and that worker rebuilds its copy."""
    one, two, table_id = _services(tmp_path)
    seq = _race_for_one_seq(one, two, table_id)
    assert two.view(table_id, None)["seq"] == seq + 1
    assert two.view(table_id, None) == one.view(table_id, None)


def _race_to_sit(one: PlayService, two: PlayService, table_id: str) -> None:
    """Both workers hold the table at seq 0; South sits through ``one``, then West through
    ``two`` for the same seq: West's entry loses the race for seq 1 and goes in at seq 2."""
    two.view(table_id, None)
    one.act(table_id, seat=0, action="sit", seq=0, want_view=False)
    two.act(table_id, seat=1, action="sit", seq=0, want_view=False)
    log = _replayed(one, table_id)
    assert log.seq == 2 and log.seated == [True, True, False, False]
    assert two.view(table_id, None) == one.view(table_id, None)


def test_two_workers_seating_two_phones_at_the_same_seq_seat_both(tmp_path: Path) -> None:
    """Two phones sit down at the same moment through two workers: both sit (a sit does not
    depend on the seq; two moves at the same seq still leave one stale, as above)."""
    _race_to_sit(*_services(tmp_path))


@pytest.mark.postgres
def test_on_postgresql_two_phones_sitting_through_two_workers_both_sit(
    postgres_database: str,
) -> None:
    _race_to_sit(*_services_at(postgres_database))


@pytest.mark.postgres
def test_on_postgresql_each_entry_rings_once_committed_and_a_race_rings_nothing(
    postgres_database: str,
) -> None:
    """On PostgreSQL a batch's rows and rings go in one statement on the writer's own
    connection: every committed entry rings exactly once, with what the log holds, and the
    move that lost a race for its seq is refused as stale and rings nothing."""
    import psycopg

    one, two, table_id = _services_at(postgres_database)
    with psycopg.connect(psycopg_conninfo(postgres_database), autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        seq = _race_for_one_seq(one, two, table_id)
        payloads = [note.payload for note in listener.notifies(timeout=1.0)]
    rings = [parse_ring(payload) for payload in payloads]
    assert [ring[1] for ring in rings if ring is not None] == list(range(1, seq + 2))
    fresh = _replayed(one, table_id)
    assert fresh.seq == seq + 1
    with one.database.read() as session:
        logged = session.execute(
            select(PlayAction.seq, PlayAction.seat, PlayAction.action, PlayAction.at)
            .where(PlayAction.table_id == table_id)
            .order_by(PlayAction.seq)
        ).all()
    assert payloads == [ring_payload(table_id, *row) for row in logged]
    assert two.view(table_id, None) == one.view(table_id, None)


def test_a_ring_that_found_the_table_busy_is_applied_by_the_fan_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two, table_id = _services(tmp_path)
    two.view(table_id, None)
    seq, seat, action = _move(one, table_id, random.Random(6))

    def no_log_read(*_: object) -> None:
        raise AssertionError("the log was read")

    monkeypatch.setattr(two.tables, "catch_up", no_log_read)
    entry = (seq, seat, action, datetime.now(UTC))
    number, texts = two.view_texts(table_id, {None, 0}, entry=entry)
    monkeypatch.undo()
    assert number == seq
    assert json.loads(texts[0]) == {**_replayed(one, table_id).view(0), "turn_deadline": None}
