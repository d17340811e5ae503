"""Storage services against SQLite and PostgreSQL: migrations, durability, workers that share
nothing but the database, scores that are never overwritten, the audit log, backups."""

from __future__ import annotations

import json
import threading
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import inspect, select, text
from sqlalchemy.orm import Session

from euchre.store.access import auth
from euchre.store.access.ratelimit import FREE_FAILURES, check_rate_limit, record_failure
from euchre.store.backups import event_backup
from euchre.store.db import Database
from euchre.store.errors import AuthError, ConflictError, RateLimitedError, StoreError
from euchre.store.models import AuditEntry, Result, Submission, utc_now
from euchre.store.night import events, rounds
from euchre.store.scoring import scores, table_lookup
from euchre.store.scoring.submissions import SubmissionEntry
from euchre.tournament import EventConfig


def _config(**overrides: object) -> EventConfig:
    values: dict[str, object] = {
        "name": "Store test",
        "profile_id": "tournament",
        "format": "winners_move_up",
        "rounds": 2,
        "round_minutes": 10,
        "seed": 11,
    }
    values.update(overrides)
    return EventConfig(**values)  # type: ignore[arg-type]


def _director_enters(
    store: Database, event_id: int, points: tuple[int, int], reason: str = ""
) -> None:
    """Ann, the director, types round 1 table 1's score (a correction when one is saved)."""
    with store.write() as session:
        scores.correct_result(
            session,
            event_id=event_id,
            round_number=1,
            table=1,
            entered=scores.ResultInput(team_points=points),
            who="Ann",
            reason=reason,
        )


def _event_with_round(store: Database, teams: int = 2) -> tuple[int, list[str]]:
    """An event with ``teams`` fixed teams and round 1 started; returns its table codes."""
    with store.write() as session:
        event = events.create_event(session, config=_config(), who="tester")
        for team in range(teams):
            for seat in "ab":
                player = events.NewPlayer(f"{team}{seat}", team=f"T{team}")
                events.add_entrant(session, event_id=event.id, player=player, who="t")
        event_id = event.id
    with store.write() as session:
        rounds.start_round(session, event_id=event_id, who="tester")
        codes = rounds.table_codes(session, event_id=event_id, round_number=1)
    return event_id, [codes[number] for number in sorted(codes)]


def _table_players(store: Database, code: str) -> tuple[list[str], list[str]]:
    with store.read() as session:
        context = table_lookup.open_table(session, code=code)
        first, second = ([member.code for member in side] for side in context.partnerships)
        return first, second


def _newest_migration() -> str:
    """The head of the migration chain (it moves with every migration added)."""
    from importlib import resources

    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("euchre.store").joinpath("migrations"))
    )
    return str(ScriptDirectory.from_config(config).get_current_head())


def _enter(
    session: Session, code: str, player_code: str, points: tuple[int, int]
) -> SubmissionEntry:
    """The holder of ``player_code`` enters ``points`` at the table of ``code``."""
    return scores.submit_score(
        session, code=code, player_code=player_code, entered=scores.ResultInput(team_points=points)
    )


def test_migrations_are_idempotent_and_create_every_table(database_url: str) -> None:
    database = Database(database_url)
    database.migrate()
    database.migrate()
    tables = set(inspect(database.read_engine).get_table_names())
    assert {"events", "entrants", "rounds", "submissions", "results", "audit_log"} <= tables
    with database.read() as session:
        version = session.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert version == _newest_migration()
    database.dispose()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: object) -> None:
    database = Database(f"sqlite:///{tmp_path}/wal.db")
    database.migrate()
    with database.read() as session:
        assert session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert session.execute(text("PRAGMA synchronous")).scalar() == 2
    database.dispose()


def test_a_confirmed_score_is_visible_to_another_worker_at_once(store: Database) -> None:
    event_id, codes = _event_with_round(store)
    first, second = _table_players(store, codes[0])
    with store.write() as session:
        submitted = _enter(session, codes[0], first[0], (7, 5))
    with store.write() as session:
        scores.confirm_submission(
            session, code=codes[0], submission_id=submitted.id, player_code=second[1]
        )
    other_worker = Database(store.url)
    with other_worker.read() as session:
        result = session.scalar(select(Result).where(Result.event_id == event_id))
        assert result is not None
        assert result.result.team_points == (7, 5)
    other_worker.dispose()


def test_concurrent_different_scores_are_all_kept_and_flagged(store: Database) -> None:
    _, codes = _event_with_round(store)
    first, second = _table_players(store, codes[0])
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def submit(player_code: str, points: tuple[int, int]) -> None:
        worker = Database(store.url)
        try:
            barrier.wait()
            with worker.write() as session:
                _enter(session, codes[0], player_code, points)
        except BaseException as error:
            errors.append(error)
        finally:
            worker.dispose()

    threads = [
        threading.Thread(target=submit, args=(code, (index + 8, 3)))
        for index, code in enumerate(first + second)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with store.read() as session:
        kept = list(session.scalars(select(Submission)))
    assert len(kept) == 4
    assert sorted(row.result.team_points[0] for row in kept) == [8, 9, 10, 11]
    assert {row.status for row in kept} == {"disputed"}


def test_a_confirmed_score_cannot_be_silently_replaced(store: Database) -> None:
    event_id, codes = _event_with_round(store)
    first, second = _table_players(store, codes[0])
    with store.write() as session:
        row = _enter(session, codes[0], first[0], (9, 1))
        scores.confirm_submission(
            session, code=codes[0], submission_id=row.id, player_code=second[0]
        )
    with store.write() as session:
        later = _enter(session, codes[0], second[0], (1, 9))
        assert later.status == "disputed"
    with store.read() as session:
        official = session.scalar(select(Result).where(Result.event_id == event_id))
        assert official is not None
        assert official.result.team_points == (9, 1)


def test_the_wrong_code_count_is_shared_by_workers(store: Database) -> None:
    workers = [Database(store.url) for _ in range(2)]
    moment = utc_now()
    for attempt in range(FREE_FAILURES + 1):
        with workers[attempt % 2].write() as session:
            record_failure(session, key="codes:10.0.0.9", now=moment)
    with workers[1].read() as session, pytest.raises(RateLimitedError) as blocked:
        check_rate_limit(session, key="codes:10.0.0.9", now=moment)
    assert blocked.value.retry_after == 1
    with workers[0].read() as session:
        check_rate_limit(session, key="codes:10.0.0.9", now=moment + timedelta(seconds=2))
        check_rate_limit(session, key="codes:10.0.0.8", now=moment)
    for worker in workers:
        worker.dispose()


def test_passwords_are_hashed_and_checked(store: Database) -> None:
    with store.write() as session:
        director = auth.set_up_first_director(session, name="Ann", password="s3cret-words")
        assert director.password_hash.startswith("$argon2")
        assert "s3cret-words" not in director.password_hash
    with store.read() as session:
        assert auth.authenticate(session, name="Ann", password="s3cret-words").name == "Ann"
        with pytest.raises(AuthError):
            auth.authenticate(session, name="Ann", password="S3cret-words")
    with store.write() as session, pytest.raises(ConflictError):
        auth.set_up_first_director(session, name="Bob", password="another-one")


def test_every_change_is_in_the_audit_log(store: Database) -> None:
    event_id, _codes = _event_with_round(store)
    _director_enters(store, event_id, (6, 4))
    _director_enters(store, event_id, (4, 6), reason="swapped")
    with store.read() as session:
        actions = [
            (row.action, row.who, row.reason)
            for row in session.scalars(
                select(AuditEntry).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id)
            )
        ]
    assert actions[0][0] == "create_event"
    assert ("start_round", "tester", "") in actions
    assert actions[-1] == ("correct_result", "Ann", "swapped")


def test_backup_restores_into_another_database(store: Database, tmp_path: object) -> None:
    event_id, codes = _event_with_round(store)
    _director_enters(store, event_id, (8, 2))
    with store.read() as session:
        saved = event_backup.backup_event(session, event_id=event_id)
        before = event_backup.results_json(session, event_id=event_id)["snapshot"]
    other = Database(f"sqlite:///{tmp_path}/other.db")
    other.migrate()
    with other.write() as session:
        copy = event_backup.restore_event(session, data=saved, who="Ann")
        copy_id = copy.id
    with other.read() as session:
        after = event_backup.results_json(session, event_id=copy_id)["snapshot"]
        restored_codes = rounds.table_codes(session, event_id=copy_id, round_number=1)
    assert after["standings"] == before["standings"]
    assert sorted(restored_codes.values()) == sorted(codes)
    other.dispose()


def test_stored_tournament_values_are_read_back_as_their_types(store: Database) -> None:
    from euchre.store.models import Event, Round, StartedPlan, SubmissionStatus
    from euchre.tournament import FormatName, TableResult

    event_id, codes = _event_with_round(store)
    first, _ = _table_players(store, codes[0])
    with store.write() as session:
        _enter(session, codes[0], first[0], (10, 4))
    with store.read() as session:
        event = session.get(Event, event_id)
        assert event is not None and event.config.format is FormatName.WINNERS_MOVE_UP
        submission = session.scalars(select(Submission)).one()
        assert isinstance(submission.result, TableResult)
        assert submission.result.team_points == (10, 4)
        assert submission.status is SubmissionStatus.PENDING
        plan = session.scalars(select(Round).where(Round.event_id == event_id)).one().plan
        assert isinstance(plan, StartedPlan) and plan.table(1) is not None
        stored = session.execute(text("SELECT result FROM submissions")).scalar_one()
    stored_json = json.loads(stored) if isinstance(stored, str) else stored
    assert stored_json["team_points"] == [10, 4]  # plain JSON in the column, as before


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda saved: saved["entrants"][0].pop("number"), "entrants.0.number: Field required"),
        (
            lambda saved: saved["rounds"][0]["plan"]["tables"][0].update(table="one"),
            "rounds.0.plan.tables.0.table",
        ),
        (
            lambda saved: saved["event"]["config"].update(format="swiss"),
            "event.config.format: unknown format 'swiss'",
        ),
        (lambda saved: saved.update(entrants={"no": "list"}), "entrants: Input should be"),
        (lambda saved: saved["entrants"][0].update(number=2**40), "entrants.0.number"),
    ],
)
def test_a_malformed_backup_is_refused_naming_the_field(
    store: Database, damage: Any, message: str
) -> None:
    event_id, _ = _event_with_round(store)
    with store.read() as session:
        saved = event_backup.backup_event(session, event_id=event_id)
    damage(saved)
    with (
        store.write() as session,
        pytest.raises(StoreError, match=f"backup is malformed: {message}"),
    ):
        event_backup.restore_event(session, data=saved, who="Ann")
