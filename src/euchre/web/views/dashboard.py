"""One event's dashboard (read model): rounds and table states, waiting scores, standings,
players, penalties, the correction/penalty/seating forms and the audit log, gathered for
``templates/pages/dashboard/event.html``; :func:`dashboard_page` renders it (the dashboard's
route, and a refused dashboard form with the store's message in it)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from fastapi import Request
from fastapi.responses import Response
from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store import presets
from euchre.store.club import members
from euchre.store.core import display_snapshot, event_config
from euchre.store.models import AuditEntry
from euchre.store.night import events, playoff_conflicts, rounds
from euchre.store.night.night_end import cut_off_words, main_rounds_started
from euchre.store.scoring import scores
from euchre.store.scoring.table_status import TableState
from euchre.tournament import (
    FORMATS,
    EventSnapshot,
    PlayoffConflict,
    Stage,
    TableSeating,
)
from euchre.tournament.cut_off import cut_off_line
from euchre.tournament.movement_words import event_movement_words
from euchre.tournament.penalties import ruling_words
from euchre.tournament.settings import break_line
from euchre.tournament.sheets import get_sheet, sheet_players
from euchre.web.common.deps import clock_now, database
from euchre.web.common.flash import clock, flash_message
from euchre.web.common.page_helpers import page_director
from euchre.web.common.round_words import hands_note, round_label
from euchre.web.common.templating import render
from euchre.web.views.audit import audit_rows, player_names, with_names
from euchre.web.views.corrected_marks import money_lines
from euchre.web.views.penalties import (
    penalty_kinds,
    penalty_players,
    table_groups,
    uncovered_kinds,
)
from euchre.web.views.standings import prizes_view, standings_rows

__all__ = [
    "ConflictLine",
    "FormRefusal",
    "conflict_lines",
    "dashboard_page",
]


@dataclass(frozen=True)
class ConflictLine:
    """A playoff game a later correction left without a reason, in the director's words."""

    round: int
    table: int
    message: str
    played: str
    tied_now: str


def conflict_lines(
    snapshot: EventSnapshot, conflicts: Sequence[PlayoffConflict] | None = None
) -> list[ConflictLine]:
    """Playoff games a later correction left without a reason, put to the director as a
    question (the results stay with the teams that played them): ``conflicts``, by default
    all of the snapshot's."""
    names = {row.competitor_id: row.name for row in snapshot.standings}

    def in_words(conflict: PlayoffConflict) -> str:
        # The core names competitors by id ("Team 7"); the director knows them by name.
        text = re.sub(rf"^round {conflict.round} table {conflict.table}: ", "", conflict.message)
        for unit in sorted(names, key=len, reverse=True):
            if unit.isdigit():
                continue  # a player number would also match counts in the sentence
            text = re.sub(rf"(?<![\w&]){re.escape(unit)}(?![\w])", names[unit], text)
        return text.rstrip(".") + "."

    return [
        ConflictLine(
            round=conflict.round,
            table=conflict.table,
            message=in_words(conflict),
            played=" vs ".join(names.get(unit, unit) for unit in conflict.played),
            tied_now="; ".join(
                ", ".join(names.get(unit, unit) for unit in group) for group in conflict.now_tied
            )
            or "nobody",
        )
        for conflict in (snapshot.conflicts if conflicts is None else conflicts)
    ]


class PlayerRow(TypedDict):
    """One player's row of the dashboard's players table."""

    number: int
    name: str
    team: str
    code: str
    checked_in: bool
    status: str
    can_check_in: bool
    can_withdraw: bool
    withdraw_from: int
    can_reinstate: bool
    classes: str
    guest: bool


class PlayerLines(TypedDict):
    """The players table and how many players are still to check in."""

    rows: list[PlayerRow]
    waiting: int


class TableRow(TypedDict):
    """One table of the round in play, as the dashboard lists it."""

    table: int
    first: str
    second: str
    code: str
    state: TableState
    score: str


def _player_lines(session: Session, event_id: int) -> PlayerLines:
    """The players table: each player's status and which actions his row offers (check in;
    withdraw, asking with a reason; take back a withdrawal not yet in effect)."""
    entrants = events.list_entrants(session, event_id=event_id)
    next_round = events.next_round_number(session, event_id=event_id)
    rows: list[PlayerRow] = []
    for row in entrants:
        if row.withdrawal_round:
            status = f"withdrawn from round {row.withdrawal_round}"
        elif row.checked_in:
            status = "here" + (f" from round {row.arrival_round}" if row.arrival_round > 1 else "")
        else:
            status = "not checked in"
        rows.append(
            {
                "number": row.number,
                "name": row.name,
                "team": row.team or "",
                "code": row.code,
                "checked_in": row.checked_in,
                "status": status,
                "can_check_in": not row.checked_in and row.withdrawal_round is None,
                "can_withdraw": row.withdrawal_round is None,
                "withdraw_from": max(row.arrival_round, next_round),
                "can_reinstate": row.withdrawal_round is not None
                and row.withdrawal_round >= next_round,
                "classes": " ".join(
                    value
                    for value in (
                        row.seat_class,
                        row.prize_category,
                        "asks for the stationary seat" if row.stationary else None,
                    )
                    if value
                ),
                "guest": row.guest,
            }
        )
    waiting = sum(1 for row in entrants if not row.checked_in and row.withdrawal_round is None)
    return {"rows": rows, "waiting": waiting}


def _table_row(status: scores.TableStatus) -> TableRow:
    """One table of the round in play, as the dashboard lists it (a table of three: its
    three players, each for himself, and their own totals)."""
    if not status.partnerships[1]:
        return {
            "table": status.table,
            "first": ", ".join(status.partnerships[0]),
            "second": "table of three, each for himself",
            "code": status.code,
            "state": status.state,
            "score": " – ".join(map(str, status.own_totals)),
        }
    return {
        "table": status.table,
        "first": " & ".join(status.partnerships[0]),
        "second": " & ".join(status.partnerships[1]),
        "code": status.code,
        "state": status.state,
        "score": _score_text(status.team_points),
    }


def _score_text(points: tuple[int, int] | None) -> str:
    return "" if points is None else f"{points[0]}–{points[1]}"


def _preview(
    snapshot: EventSnapshot, number: int, names: Mapping[str, str]
) -> dict[str, Any] | None:
    """The seating the format gives the next round, before it starts (players not checked
    in are left out when it starts); None when there is none yet."""
    plan = next((plan for plan in snapshot.rounds if plan.round == number), None)
    if plan is None or not plan.tables:
        return None

    def side(players: tuple[str, ...]) -> str:
        return " & ".join(names.get(player, player) for player in players)

    def three(table: TableSeating) -> tuple[int, str, str]:
        players = ", ".join(names.get(player, player) for player in table.players)
        return table.table, players, "table of three, each for himself"

    return {
        "tables": [
            three(table)
            if table.three_handed
            else (table.table, side(table.partnerships[0]), side(table.partnerships[1]))
            for table in plan.tables
        ],
        "sitting_out": ", ".join(names.get(player, player) for player in plan.sitting_out),
    }


def _round_state(
    session: Session,
    event_id: int,
    snapshot: EventSnapshot,
    names: Mapping[str, str],
    waiting: Sequence[str] = (),
) -> dict[str, Any]:
    """The rounds section: the next round's start button and preview, or the round in play
    with its clock, its tables' states and its close and undo forms. ``waiting``: the
    director's open questions; while one is open the next round's seats are not shown (they
    would assume an answer) and the round in play cannot close."""
    started = events.started_rounds(session, event_id=event_id)
    open_round = started[-1] if started and started[-1].closed_at is None else None
    # One tally sheet per team for the whole evening (Ballantrae), not for a format whose
    # partners change every game.
    evening = FORMATS[snapshot.config.format].fixed_partners
    if open_round is None:
        number = len(started) + 1
        return {
            "open": False,
            "over": snapshot.is_over,
            "next": number,
            "preview": None if snapshot.is_over or waiting else _preview(snapshot, number, names),
            "waiting": list(waiting),
            "evening_tally": evening,
        }
    number = open_round.number
    statuses = scores.table_statuses(session, event_id=event_id, round_number=number)
    hands = open_round.plan.hands
    return {
        "open": True,
        "number": number,
        "heading": round_label(open_round.plan, number),
        "hands": hands if open_round.plan.stage == Stage.PLAYOFF and hands else None,
        "clock": clock(open_round),
        "game_end": hands_note(open_round.plan, snapshot.config.profile_id).removeprefix(" — "),
        "reported": sum(1 for status in statuses if status.team_points is not None),
        "tables": [_table_row(status) for status in statuses],
        "sitting_out": ", ".join(
            names.get(player, player) for player in open_round.plan.sitting_out
        ),
        "waiting": list(waiting),
        "evening_tally": evening,
    }


def _waiting_scores(session: Session, event_id: int) -> list[dict[str, Any]]:
    """Scores waiting for the director: disputed, or not yet confirmed."""
    names = {row.number: row.name for row in events.list_entrants(session, event_id=event_id)}
    waiting = [
        row
        for row in scores.list_submissions(session, event_id=event_id)
        if row.status in ("disputed", "pending")
    ]
    # Each line names its two sides ("Ann & Bob 9 – Cy & Di 5"): two disputed scores of one
    # table read at a glance, without knowing which pair the seating lists first.
    teams: dict[tuple[int, int], tuple[str, str]] = {}
    if waiting:
        for round_row in events.started_rounds(session, event_id=event_id):
            for table in round_row.plan.tables:
                first, second = (
                    " & ".join(names.get(int(player), player) for player in pair)
                    for pair in table.partnerships
                )
                teams[(round_row.number, table.table)] = (first, second)
    return [
        {
            "id": row.id,
            "status": row.status,
            "round": row.round_number,
            "table": row.table_number,
            "points": row.result.team_points,
            # Two entries of one table with the same totals differ in their hands: show them.
            "hands": " ".join(f"{first}–{second}" for first, second in row.result.hand_points)
            or "totals only",
            "teams": teams.get((row.round_number, row.table_number), ("", "")),
            "by": names.get(row.submitted_by, row.submitted_by),
        }
        for row in waiting
    ]


def _deal_problem(session: Session, event_id: int, row: Any, ruling: Any, sheet: str) -> str | None:
    """Why a "no points for that deal" ruling is not applied (a result entered later by its
    totals lists no deals), so the director can correct the table hand by hand."""
    from euchre.tournament import PenaltyRecord, TableResult
    from euchre.tournament.penalties import deal_named_problem

    if ruling is None or not ruling.offenders_score_nothing:
        return None
    official = scores.official_result(
        session, event_id=event_id, round_number=row.round_number, table=row.table_number
    )
    result = None if official is None else TableResult.from_json(official.result)
    problem = deal_named_problem(ruling, PenaltyRecord.from_json(row.record), result, sheet)
    if problem is None:
        return None
    return f"Not applied: {problem}"


def _penalty_lines(
    session: Session, event_id: int, snapshot: EventSnapshot, names: Mapping[str, str]
) -> list[dict[str, Any]]:
    """Recorded penalties and how the profile scored each (the dashboard offers to take
    each one back)."""
    rulings = {
        (ruling.round, ruling.table, ruling.kind, ruling.offender_id): ruling
        for ruling in snapshot.penalties
    }
    plans = {
        (round_row.number, entry.table): entry.partnerships
        for round_row in events.started_rounds(session, event_id=event_id)
        for entry in round_row.plan.tables
    }
    items = []
    for row in scores.list_penalties(session, event_id=event_id):
        record = row.record
        sides: tuple[tuple[str, ...], ...] = plans.get(
            (row.round_number, row.table_number), ((), ())
        )
        teams = [" & ".join(names.get(str(p), str(p)) for p in side) for side in sides]
        ruling = rulings.get(
            (
                row.round_number,
                row.table_number,
                record.kind,
                str(record.offender_id),
            )
        )
        outcome = ""
        if ruling is not None:
            paid = ", ".join(
                f"{teams[side] or f'partnership {side + 1}'} +{points}"
                for side, points in enumerate(ruling.team_points)
                if points
            )
            outcome = f": {ruling.outcome.replace('_', ' ')} ({paid or 'no points'})"
        offender = str(record.offender_id)
        items.append(
            {
                "id": row.id,
                "round": row.round_number,
                "table": row.table_number,
                "kind": record.kind.replace("_", " ")
                if ruling is None or not any(sides)
                else ruling_words(ruling, TableSeating(row.table_number, (sides[0], sides[1]))),
                "offender": names.get(offender, offender),
                "outcome": outcome,
                "problem": _deal_problem(
                    session, event_id, row, ruling, snapshot.config.profile_id
                ),
            }
        )
    return items


def _cup_list_warnings(snapshot: EventSnapshot) -> list[str]:
    """The director's cup exclusions or inclusions that name no competitor of the event (a
    typo would otherwise change nothing without a word)."""
    known = {row.competitor_id for row in snapshot.standings}
    if not known:
        return []
    config = snapshot.config
    return [
        f"the euchred cup's {what} list names {unit!r}, which is no player number (or team) "
        "of this event"
        for what, units in (
            ("left-out", config.side_pot_exclude),
            ("let-in", config.side_pot_include),
        )
        for unit in units
        if unit not in known
    ]


@dataclass(frozen=True)
class FormRefusal:
    """A dashboard form the store refused: the page shows ``message`` in that form (``form``:
    its id, as ``add-player-form``) and keeps what was typed (``values``: field -> text)."""

    form: str
    message: str
    values: Mapping[str, str]


def dashboard_page(
    request: Request, event_id: int, refused: FormRefusal | None = None, status: int = 200
) -> Response:
    """The dashboard, with a refused form's message and typed values when ``refused``."""
    director = page_director(request)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        snapshot = display_snapshot(session, event)
        entrants = events.list_entrants(session, event_id=event_id)
        names = player_names(entrants)
        by_number = {str(number): name for number, name in names.items()}
        latest = list(
            session.scalars(
                select(AuditEntry)
                .where(AuditEntry.event_id == event_id)
                .order_by(AuditEntry.id.desc())
                .limit(10)
            )
        )
        started_rows = events.started_rounds(session, event_id=event_id)
        last_started = len(started_rows)
        started = bool(last_started)
        config = event_config(event)
        changes = flash_message(request, "changes")
        asked = {conflict.message for conflict in snapshot.conflicts}  # asked below instead
        level = scores.level_games(session, event_id=event_id)
        waiting_questions = scores.questions(session, event_id=event_id)
        # The core's warning about a level game nobody settled: asked below instead.
        asked |= {
            warning
            for warning in snapshot.warnings
            for game in level
            if warning.startswith(f"round {game.round} table {game.table}: a level game")
        }
        warnings = [w for w in snapshot.warnings if w not in asked]
        warnings.extend(_cup_list_warnings(snapshot))
        warnings.extend(rounds.class_warnings(session, event))
        sheet = get_sheet(event_config(event).profile_id)
        context = {
            "title": event.name,
            "body_class": "dashboard",
            "director": director,
            "event_id": event_id,
            "event": event,
            "facts": {
                key: "" if getattr(event.config, key) is None else getattr(event.config, key)
                for key in ("profile_id", "format", "rounds", "round_minutes")
            },
            "can_edit": not started,
            "break_line": break_line(config.break_after_round, config.break_minutes),
            "cut_off": {
                "line": None
                if config.last_round_by is None
                else cut_off_line(config.last_round_by, config.time_zone),
                "passed": cut_off_words(event, started_rows, now=clock_now(request)),
                "played": main_rounds_started(started_rows),
            },
            "message": flash_message(request),
            "changes": with_names(changes, names) if changes else "",
            "sheet_warnings": presets.sheet_warnings(event_config(event)),
            "warnings": warnings,
            "movement": event_movement_words(event_config(event)),
            "seat_classes": list(sheet.seat_classes) if sheet is not None else [],
            "prize_categories": list(sheet.players.prize_categories) if sheet is not None else [],
            "conflicts": conflict_lines(
                snapshot,
                playoff_conflicts.open_conflicts(session, event_id=event_id, snapshot=snapshot),
            ),
            "level_games": [
                {
                    "round": game.round,
                    "table": game.table,
                    "question": (
                        game.question
                        if game.round == last_started
                        else f"Round {game.round}: {game.question}"
                    ),
                    "pairs": [
                        " & ".join(by_number.get(player, player) for player in pair)
                        for pair in game.partnerships
                    ],
                }
                for game in level
            ],
            "ruling_questions": [
                {
                    "kind": str(waiting.question.kind),
                    "round": waiting.question.round,
                    "table": waiting.question.table,
                    "penalty": waiting.penalty_id,
                    "question": (
                        ""
                        if waiting.question.round == last_started
                        else f"Round {waiting.question.round}: "
                    )
                    + waiting.question.text(by_number),
                }
                for waiting in waiting_questions
                if waiting.penalty_id is not None
            ],
            "round": _round_state(
                session,
                event_id,
                snapshot,
                by_number,
                [waiting.question.text(by_number) for waiting in waiting_questions],
            ),
            "waiting": _waiting_scores(session, event_id),
            "standings": standings_rows(snapshot),
            "prizes": prizes_view(snapshot),
            "players": _player_lines(session, event_id),
            "penalties": _penalty_lines(session, event_id, snapshot, by_number),
            # The correction picker, the penalty form and the audit table are the macros of
            # pages/director/macros.html that the director's own pages use.
            "penalty_kinds": penalty_kinds(event.config.profile_id),
            "penalty_uncovered": uncovered_kinds(event.config.profile_id),
            "penalty_players": penalty_players(names, table_groups(session, event_id)),
            "audit": audit_rows(latest, names),
            "money_moved": money_lines(session, event_id),
            "refused": refused,
            # The add-player form's type-ahead: the club's active members.
            "member_names": [
                member.name for member in members.list_members(session) if member.active
            ],
            # The add-player form's seat class and prize category choices (the sheet's own).
            "sheet_players": sheet_players(event.config.profile_id),
        }
    return render(request, "pages/dashboard/event.html", context, status=status)
