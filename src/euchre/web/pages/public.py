"""Pages anyone at the venue can open: home, a table's page (by QR code or table code), the
live standings for the projector, and the read-only results.

Each page is a template under ``templates/pages/public/``; this module gathers its data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel
from sqlalchemy.orm import Session

from euchre.store.core import display_snapshot
from euchre.store.errors import (
    StoreError,
)
from euchre.store.models import Round
from euchre.store.night import events, playoff_conflicts
from euchre.store.online import computer_mark, computer_players
from euchre.store.scoring import scores
from euchre.tournament import EventSnapshot, TableSeating
from euchre.tournament.level_games import level_game_rule
from euchre.tournament.penalties import ruling_words
from euchre.web.common.club_access import club_gate
from euchre.web.common.deps import ReadSession, database, guard_codes, optional_director
from euchre.web.common.flash import clock
from euchre.web.common.round_words import (
    break_ahead,
    hands_note,
    lower_first,
    round_label,
    sit_out_rule,
)
from euchre.web.common.templating import render
from euchre.web.views.corrected_marks import corrected_marks
from euchre.web.views.standings import prizes_view, standings_rows

__all__ = ["penalty_lines", "router"]

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
def home(request: Request, session: ReadSession) -> Response:
    """Enter a table code, or go to the director's pages."""
    if events.list_events(session) == [] and optional_director(request) is None:
        from euchre.store.access.auth import needs_setup

        if needs_setup(session):
            return RedirectResponse("/setup", status_code=303)
    shown = [event for event in events.list_events(session) if event.status != "archived"]
    listed = [{"id": event.id, "name": event.name} for event in shown[:10]]
    running = [{"id": event.id, "name": event.name} for event in shown if event.status == "running"]
    return render(
        request, "pages/public/home.html", {"title": "Euchre", "events": listed, "running": running}
    )


@router.get("/t")
def table_by_code(code: str = "") -> Response:
    """The code box on the home page leads here."""
    cleaned = "".join(code.split()).upper()
    if not cleaned or not cleaned.isalnum():
        raise StoreError(f"table code {code!r} should be letters and digits, as on the card")
    return RedirectResponse(f"/t/{cleaned}", status_code=303)


@router.get("/me", response_class=HTMLResponse)
def table_by_player_code(request: Request, event: int = 0, code: str = "") -> Response:
    """A player reaches his table of the round in play from his own code (wrong codes are
    counted and slowed down like table codes); a player who sits out is told so; between
    rounds he is told where the next seating puts him, or that it waits for the director."""
    from euchre.store.night.seat_finder import WhereToGo, where_to_go

    if not code.strip():
        raise StoreError("enter your player code, as printed on your own card")
    found = guard_codes(
        request,
        lambda session: where_to_go(session, event_id=event, player_code=code),
        write=False,
    )
    if found.kind is WhereToGo.TABLE and found.table_code is not None:
        if _plays_online(request, event, code):
            return RedirectResponse(  # his table plays in the browser (docs/online.md)
                f"/events/{event}/online#code={quote(code.strip())}", status_code=303
            )
        return RedirectResponse(f"/t/{found.table_code}", status_code=303)
    if found.kind is WhereToGo.SITTING_OUT:
        return render(request, "pages/public/sitting_out.html", {"title": "Sitting out"})
    return render(
        request,
        "pages/public/next_table.html",
        {"title": "Your next table", "found": found, "event_id": event},
    )


class PlayerCodeForm(BaseModel):
    """The home page's "find my table" form: the event and the player's own code."""

    event: int = 0
    code: str = ""


@router.post("/me", response_class=HTMLResponse)
def table_by_player_code_form(
    request: Request, form: Annotated[PlayerCodeForm, Form()]
) -> Response:
    """The home page's form posts here, so a player's code stays out of the address bar and
    the browser's history (a phone can go round the table); the answer is ``GET /me``'s."""
    return table_by_player_code(request, event=form.event, code=form.code)


def _plays_online(request: Request, event: int, code: str) -> bool:
    from euchre.store.online_seats import plays_online

    with database(request).read() as session:
        return plays_online(session, event_id=event, player_code=code)


def _score_cell(
    table: scores.ScoredTable | None, teams: tuple[str, str] = ("", "")
) -> dict[str, str] | None:
    """A table's score with its penalties (and the game's own score when they differ); a
    level game says who won it (the first to the tying score) or that the director is
    asked, and a ruling waiting for the director says so."""
    if table is None:
        return None
    notes = []
    if table.points != table.game_points:
        notes.append(
            f"(game {table.game_points[0]} – {table.game_points[1]}, "
            f"penalties {table.penalty_points[0]:+d} / {table.penalty_points[1]:+d})"
        )
    if table.questions:
        notes.append("(a ruling waits for the director)")
    elif table.points[0] == table.points[1] > 0 and table.stage == "main":
        if table.first is None:
            notes.append("(level: waiting for the director: who reached it first?)")
        else:
            notes.append(f"({teams[table.first]} reached {table.points[0]} first: won)")
    return {"points": f"{table.points[0]} – {table.points[1]}", "game": " ".join(notes)}


def penalty_lines(session: Session, event_id: int, snapshot: EventSnapshot) -> list[str]:
    """Every penalty the director recorded: where, what, and the points each team got (the
    ``penalties`` macro of ``macros.html``)."""
    if not snapshot.penalties:
        return []
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}
    plans = {
        (round_row.number, entry.table): entry.partnerships
        for round_row in events.started_rounds(session, event_id=event_id)
        for entry in round_row.plan.tables
    }
    lines = []
    for ruling in snapshot.penalties:
        sides = plans.get((ruling.round, ruling.table))
        teams = [" & ".join(names.get(p, p) for p in side) for side in sides or ((), ())]
        paid = ", ".join(
            f"{teams[side]} +{points}" for side, points in enumerate(ruling.team_points) if points
        )
        named = names.get(ruling.offender_id, ruling.offender_id)
        seating = None if sides is None else TableSeating(ruling.table, sides)
        lines.append(
            f"Round {ruling.round} table {ruling.table}: {ruling_words(ruling, seating)} "
            f"({named}) — {paid or 'a warning, no points'}"
        )
    return lines


_LIVE_ONE_COLUMN = 14
"""Standings rows the projector shows in one column, in its largest type (measured at
1920x1080: 18 rows of that type ran off the bottom)."""
_LIVE_ROWS_PER_COLUMN = 20
"""Standings rows in one of the smaller columns: 40 players fit a 1920x1080 screen in two,
with the loners and euchred columns (the euchred cup's race) beside every name."""


def _live_columns(snapshot: EventSnapshot) -> list[dict[str, Any]]:
    """The standings in side-by-side columns: one up to 14 rows, else as many as 20 rows a
    column need (two up to 40 players, at most 3)."""
    rows = standings_rows(snapshot)
    if len(rows) <= _LIVE_ONE_COLUMN:
        columns = 1
    else:
        columns = min(3, max(2, -(-len(rows) // _LIVE_ROWS_PER_COLUMN)))
    size = -(-len(rows) // columns) if rows else 0
    return [
        {
            "table_id": "live-standings" if index == 0 else f"live-standings-{index + 1}",
            "rows": rows[index * size : (index + 1) * size] if size else rows,
        }
        for index in range(columns)
    ]


def _with_computer_marks(
    session: Session,
    event_id: int,
    round_row: Round,
    statuses: list[scores.TableStatus],
    mark: Callable[[bool], str] = computer_mark,
) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each table's partnerships by name, a player whose seat the director gave to a computer
    player marked "(computer player, points counted)" or "... not counted" (docs/online.md)."""
    marks = computer_players(session, event_id=event_id, round_number=round_row.number)
    ids = {entry.table: entry.partnerships for entry in round_row.plan.tables}
    out = {}
    for status in statuses:
        bots = marks.get((round_row.number, status.table), {})
        sides: tuple[tuple[str, ...], ...] = ids.get(status.table, ((), ()))
        out[status.table] = (
            tuple(
                name + (mark(bots[player]) if player in bots else "")
                for name, player in zip(status.partnerships[0], sides[0], strict=False)
            ),
            tuple(
                name + (mark(bots[player]) if player in bots else "")
                for name, player in zip(status.partnerships[1], sides[1], strict=False)
            ),
        )
    return out


def _live_context(request: Request, event_id: int) -> dict[str, Any]:
    """The projector's page: the round and its clock, the standings in columns, the round's
    seating (or the next one's), the prizes and the penalties."""
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        snapshot = display_snapshot(session, event)
        started = events.started_rounds(session, event_id=event_id)
        names = {
            str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)
        }
        open_round = started[-1] if started and started[-1].closed_at is None else None
        seating: dict[str, Any] | None = None
        computer_note = ""
        if open_round is not None:
            statuses = scores.table_statuses(
                session, event_id=event_id, round_number=open_round.number
            )
            # The projector's cells are one line: a short mark there, the whole line below.
            marked = _with_computer_marks(
                session, event_id, open_round, statuses, lambda counts: " (computer)"
            )
            computers = computer_players(session, event_id=event_id, round_number=open_round.number)
            computer_note = "; ".join(
                f"table {table}: {names.get(player, player) + computer_mark(counts)}"
                for (_, table), seats in sorted(computers.items())
                for player, counts in sorted(seats.items())
            )
            seating = {
                "heading": f"{round_label(open_round.plan, open_round.number)} seating",
                "table_id": "live-seating",
                "tables": [
                    (
                        status.table,
                        marked[status.table][0],
                        marked[status.table][1],
                        "✓" if status.team_points is not None else "",
                    )
                    for status in statuses
                ],
                "sitting_out": [
                    names.get(player, player) for player in open_round.plan.sitting_out
                ],
            }
        elif not snapshot.is_over:
            number = len(started) + 1
            plan = next((plan for plan in snapshot.rounds if plan.round == number), None)
            if plan is not None and plan.tables:

                def named(players: tuple[str, ...]) -> tuple[str, ...]:
                    return tuple(names.get(player, player) for player in players)

                seating = {
                    "heading": (f"Next: {lower_first(round_label(plan, number))} seating"),
                    "table_id": "next-seating",
                    "tables": [
                        (
                            table.table,
                            named(table.partnerships[0]),
                            named(table.partnerships[1]),
                            "",
                        )
                        for table in plan.tables
                    ],
                    "sitting_out": list(named(plan.sitting_out)),
                }
        return {
            "title": event.name,
            "body_class": "live",
            "is_over": snapshot.is_over,
            "is_final": playoff_conflicts.is_final(session, event_id=event_id, snapshot=snapshot),
            "round": None
            if open_round is None
            else {
                "label": round_label(open_round.plan, open_round.number),
                "hands_note": hands_note(open_round.plan, snapshot.config.profile_id),
                "clock": clock(open_round, bell=True),
            },
            "columns": _live_columns(snapshot),
            "seating": seating,
            "computer_note": computer_note,
            "sit_out_rule": sit_out_rule(snapshot.config),
            "break_line": break_ahead(snapshot.config, max(len(started), 1)),
            "prizes": prizes_view(snapshot),
            "penalties": penalty_lines(session, event_id, snapshot),
            "corrected": corrected_marks(session, [event_id]).get(event_id, []),
        }


@router.get("/events/{event_id}/live", response_class=HTMLResponse)
def live_page(request: Request, event_id: int) -> Response:
    """Standings in large type for a projector; refreshes itself every 10 seconds."""
    if (gate := club_gate(request)) is not None:
        return gate
    return render(request, "pages/public/live.html", _live_context(request, event_id))


@router.get("/events/{event_id}/results", response_class=HTMLResponse)
def results_page(request: Request, event_id: int) -> Response:
    """The read-only results: standings, prizes, the pot, every round's seating and scores."""
    if (gate := club_gate(request)) is not None:
        return gate
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        snapshot = display_snapshot(session, event)
        names = {
            str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)
        }
        scored = scores.scored_tables(session, event_id=event_id, snapshot=snapshot)
        team_names = {row.competitor_id: row.name for row in snapshot.standings}
        # "Final" exactly when the projector says so (playoff_conflicts.is_final).
        state = "Results so far"
        if playoff_conflicts.open_conflicts(session, event_id=event_id, snapshot=snapshot):
            state = "Results so far: a correction changed a playoff, and the director decides"
        elif waiting := (
            scores.questions(session, event_id=event_id) if snapshot.penalties else ()
        ):
            state = (
                "Results so far: waiting for the director, who must first answer: "
                f"{waiting[0].question.text(names)}"
            )
        elif snapshot.is_over:
            state = "Final results"
        round_blocks = []
        for round_row in events.started_rounds(session, event_id=event_id):
            statuses = scores.table_statuses(
                session, event_id=event_id, round_number=round_row.number
            )
            marked = _with_computer_marks(session, event_id, round_row, statuses)
            byes = round_row.plan.byes
            round_blocks.append(
                {
                    "number": round_row.number,
                    "label": round_label(round_row.plan, round_row.number),
                    "tables": [
                        {
                            "table": status.table,
                            "first": " & ".join(marked[status.table][0]),
                            "second": " & ".join(marked[status.table][1]),
                            "score": _score_cell(
                                scored.get((round_row.number, status.table)),
                                (
                                    " & ".join(status.partnerships[0]),
                                    " & ".join(status.partnerships[1]),
                                ),
                            ),
                        }
                        for status in statuses
                    ],
                    # A team format's bye reads as the team ("Max & Nan"), not two loose names.
                    "sitting_out": ", ".join(team_names.get(team, team) for team in byes)
                    or ", ".join(
                        names.get(player, player) for player in round_row.plan.sitting_out
                    ),
                }
            )
        context = {
            "title": f"{event.name}: results",
            "state": state,
            "standings": standings_rows(snapshot),
            "prizes": prizes_view(snapshot),
            "rounds": round_blocks,
            "penalties": penalty_lines(session, event_id, snapshot),
            "sit_out_rule": sit_out_rule(snapshot.config),
            "corrected": corrected_marks(session, [event_id]).get(event_id, []),
            # Stated only where a level game is shown, with the rule that decided it.
            "level_rule": level_game_rule(snapshot.config.profile_id)
            if any(
                table.points[0] == table.points[1] > 0 and table.stage == "main"
                for table in scored.values()
            )
            else "",
        }
    return render(request, "pages/public/results.html", context)
