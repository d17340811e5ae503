"""A table's result for the director: the correction form pre-filled with the recorded
result (the score form is :mod:`euchre.web.views.score_form`, shared with the phone's), the
table's history from the audit log, and saving only the fields the director changed."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.store.errors import AuthError, NotFoundError
from euchre.store.scoring import money_moves, scores
from euchre.tournament import (
    Stage,
    TableResult,
)
from euchre.tournament.validation import ResultError
from euchre.web.common.deps import database
from euchre.web.common.errors import status_for
from euchre.web.common.flash import redirect
from euchre.web.common.forms import (
    AtTable,
    CorrectionForm,
    require_director,
    yes_no,
)
from euchre.web.common.page_helpers import page_director
from euchre.web.common.security import DirectorSession
from euchre.web.common.templating import render_text
from euchre.web.pages.director_helpers import changes_text, director_page, field_text
from euchre.web.views.correction import director_table_view
from euchre.web.views.score_form import (
    FORM_STYLE,
    FormFrame,
    TableView,
    entered_from_form,
    field_ids,
    result_html,
    score_form_html,
)

__all__ = ["result_form_values", "router"]

router = APIRouter(include_in_schema=False)


def result_form_values(result: TableResult | None, view: TableView) -> dict[str, str]:
    """The correction form's fields for a recorded result (its current values)."""
    if result is None:
        return {}
    values = {"team0": str(result.team_points[0]), "team1": str(result.team_points[1])}
    for number, hand in enumerate(result.hand_points, start=1):
        values[f"hand_{number}_0"] = str(hand[0]) if hand[0] else "0"
        values[f"hand_{number}_1"] = str(hand[1]) if hand[1] else "0"
    for counts, prefix in (
        (result.lone_hands, "lone"),
        (result.lone_marches, "march"),
        (result.euchres, "euchre"),
        (result.lone_euchres if view.asks_lone_euchres else {}, "loneeuchre"),
    ):
        for player, count in counts.items():
            values[f"{prefix}_{player}"] = str(count)
    points = result.team_points
    own = result.player_points
    if view.profile.individual_scoring:
        for side, pair in enumerate(view.partnerships):
            for member in pair:
                values[f"points_{member.number}"] = str(own.get(str(member.number), points[side]))
    first = result.first_to_tying_score
    if first is not None:
        values["first_to_tying_score"] = str(first)
    return values


def _table_history(
    session: Session, event_id: int, round_number: int, table: int, view: TableView
) -> list[dict[str, str]]:
    """What the audit log says about this table, oldest first, with players named."""
    from euchre.store.audit import list_audit, table_target
    from euchre.store.scoring.results import describe_result
    from euchre.web.api.convert import audit_changes
    from euchre.web.views.audit import action_words, with_names

    target = table_target(round_number, table)
    rows = [entry for entry in list_audit(session, event_id=event_id) if entry.target == target]
    numbers = {member.number: member.name for member in view.players}

    by_id = {str(number): name for number, name in numbers.items()}
    teams = (view.team_name(0), view.team_name(1))

    def changes_of(entry: Any) -> str:
        if audit_changes(entry):
            return scores.describe_changes(
                entry.old_value, entry.new_value, names=by_id, teams=teams
            )
        if entry.action in ("submit_score", "dispute_score") and entry.new_value:
            return describe_result(entry.new_value, names=by_id, teams=teams)
        return ""

    return [
        {
            "when": entry.at.strftime("%H:%M:%S"),
            "who": with_names(field_text(entry.who), numbers),
            "action": action_words(entry.action),
            "changes": changes_of(entry),
            "reason": field_text(entry.reason),
        }
        for entry in rows
    ]


def _correction_page(
    request: Request,
    director: DirectorSession,
    event_id: int,
    round_number: int,
    table: int,
    *,
    values: dict[str, str] | None = None,
    error: str = "",
    bad: tuple[str, ...] = (),
    status: int = 200,
) -> HTMLResponse:
    """The correction page: ``values`` (what was typed) and the ``error`` with its ``bad``
    fields marked re-show a refused correction; without them the form holds the recorded
    result."""
    with database(request).read() as session:
        view, round_row = director_table_view(session, event_id, round_number, table)
        playoff = round_row.plan.stage == Stage.PLAYOFF
        official = scores.official_result(
            session, event_id=event_id, round_number=round_number, table=table
        )
        current = None if official is None else official.result
        history = _table_history(session, event_id, round_number, table, view)
        ruled = scores.ruled_hands(
            session, event_id=event_id, round_number=round_number, table=table
        )
        rulings = ", ".join(
            sorted(
                {
                    row.record.kind.replace("_", " ")
                    for row in scores.list_penalties(session, event_id=event_id)
                    if (row.round_number, row.table_number) == (round_number, table)
                }
            )
        )
    shown = values if values is not None else result_form_values(current, view)
    # The score form is the phone's (web/score_form.py); the director's part of it,
    # his CSRF field, the reason and the button, comes from this page's template.
    frame = FormFrame(
        action=f"/director/events/{event_id}/rounds/{round_number}/tables/{table}/result",
        form_id="correction-form",
        identity_html=render_text(
            "pages/director/correction_frame.html",
            {
                "csrf_token": director.csrf_token,
                "reason": (values or {}).get("reason", ""),
                "rulings": rulings,
                "in_totals": (values or {}).get("rulings_in_totals", ""),
            },
        ),
        button_html="",
        heading="",
        footer="",
    )
    # Both are built by web/score_form.py, which escapes every value it puts in them.
    score_form = Markup(
        score_form_html(view, values=shown, error=error, bad=bad, frame=frame, playoff=playoff)
    )
    recorded = (
        Markup(result_html(view, current, element_id="recorded-result"))
        if current is not None
        else None
    )
    return director_page(
        request,
        "correction.html",
        director,
        f"Round {round_number}, table {table}: result",
        {
            "event_id": event_id,
            "form_style": Markup(FORM_STYLE),
            "teams": (view.team_name(0), view.team_name(1)),
            "recorded": recorded,
            "ruled": sorted(ruled.items()),
            "score_form": score_form,
            "history": history,
        },
        status=status,
    )


@router.get(
    "/director/events/{event_id}/rounds/{round_number}/tables/{table}/result",
    response_class=HTMLResponse,
)
def correction_page(request: Request, event_id: int, round_number: int, table: int) -> Response:
    """A table's recorded result and the correction form, pre-filled with its current values
    (totals, hands, lone hands, euchres per player, own points, who reached a tie first)."""
    director = page_director(request)
    return _correction_page(request, director, event_id, round_number, table)


def _changed_fields(
    entered: scores.ResultInput, current: TableResult | None, view: TableView
) -> frozenset[str]:
    """The result fields whose posted value differs from the recorded one (an own total is
    compared with the one the form showed)."""
    if current is None:
        return frozenset(scores.RESULT_FIELDS)
    recorded = current

    def numbers(mapping: Any) -> dict[int, int]:
        return {int(player): int(count) for player, count in mapping.items() if count}

    changed = set()
    if entered.team_points is not None and tuple(entered.team_points) != recorded.team_points:
        changed.add("team_points")
    if tuple(entered.hand_points) != tuple(recorded.hand_points):
        changed.add("hand_points")
    # Lone-hand euchres only where the form asks them: elsewhere an online table's record
    # is kept as it is (the form has no box that could have changed it).
    names = ("lone_hands", "lone_marches", "euchres")
    for name in (*names, "lone_euchres") if view.asks_lone_euchres else names:
        if numbers(getattr(entered, name)) != numbers(getattr(recorded, name)):
            changed.add(name)
    shown = result_form_values(current, view)
    for member in view.players:
        typed = entered.player_points.get(member.number)
        if typed is not None and str(typed) != shown.get(f"points_{member.number}"):
            changed.add("player_points")
    if entered.first_to_tying_score != recorded.first_to_tying_score:
        changed.add("first_to_tying_score")
    return frozenset(changed)


@router.post("/director/events/{event_id}/rounds/{round_number}/tables/{table}/result")
async def correction_post(
    request: Request,
    event_id: int,
    round_number: int,
    table: int,
    form: Annotated[CorrectionForm, Form()],
) -> Response:
    """Save a corrected result: only the fields the director changed change."""
    director = require_director(request, form)
    data = form.fields()

    def work() -> str:
        with database(request).write() as session:
            view, _ = director_table_view(session, event_id, round_number, table)
            at_table = AtTable(round_number=round_number, table=table)
            official = scores.official_result(session, event_id=event_id, **at_table)
            current = None if official is None else official.result
            entered = entered_from_form(data, view)
            entered = replace(
                entered,
                given=_changed_fields(entered, current, view),
                rulings_in_totals=yes_no(
                    data.get("rulings_in_totals", ""), "do the totals hold the rulings' points"
                ),
            )
            before = (
                None if current is None else money_moves.before_change(session, event_id=event_id)
            )
            result, changes = scores.correct_result(
                session,
                event_id=event_id,
                **at_table,
                entered=entered,
                who=director.name,
                reason=form.reason,
            )
            what = scores.describe_changes(
                None if current is None else current.to_json(),
                result.result.to_json(),
                names={str(member.number): member.name for member in view.players},
                teams=(view.team_name(0), view.team_name(1)),
            )
            moved = changes_text(session, event_id, changes)
            money = (
                ""
                if before is None
                else money_moves.money_words(
                    money_moves.after_change(
                        session,
                        event_id=event_id,
                        before=before,
                        who=director.name,
                        reason=form.reason,
                    )
                )
            )
            return (
                f"Result saved: {what}."
                + (f" Seats changed: {moved}." if moved else "")
                + (f" {money}" if money else "")
            )

    try:
        message = await run_in_threadpool(work)
    except EuchreError as error:
        if isinstance(error, NotFoundError | AuthError):
            raise
        field = error.field if isinstance(error, ResultError) else ""
        text = str(error)
        status = status_for(error)

        def refused() -> HTMLResponse:
            with database(request).read() as session:
                view, _ = director_table_view(session, event_id, round_number, table)
            return _correction_page(
                request,
                director,
                event_id,
                round_number,
                table,
                values=data,
                error=text,
                bad=tuple(field_ids(field, view)),
                status=status,
            )

        return await run_in_threadpool(refused)
    return redirect(
        request, f"/director/events/{event_id}/rounds/{round_number}/tables/{table}/result", message
    )


@router.get("/director/events/{event_id}/result")
def correction_picker(request: Request, event_id: int, round: int, table: int) -> Response:
    """Where the picker leads without JavaScript: the table's correction form."""
    return RedirectResponse(
        f"/director/events/{event_id}/rounds/{round}/tables/{table}/result", status_code=303
    )
