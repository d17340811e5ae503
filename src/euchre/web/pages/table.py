"""A table's phone page (``/t/{code}``): the score form (kept as typed when something is wrong,
with the bad field marked), what an opponent is asked to confirm, and the saved result with
who won and where each pair goes next.

The page shows the :class:`~euchre.store.table_view.TableView` the API serves too, rendered by
the templates under ``templates/pages/table/``; the director's correction form reuses the score
form and the result table (:mod:`euchre.web.views.score_form`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Protocol

from fastapi import APIRouter, Form, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from pydantic import BaseModel
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.store.core import event_config
from euchre.store.errors import AuthError, NotFoundError, RateLimitedError
from euchre.store.models import SubmissionStatus
from euchre.store.night.events import get_event
from euchre.store.online import computer_mark
from euchre.store.scoring import scores, table_lookup
from euchre.store.scoring.table_lookup import RoundOverError
from euchre.store.table_view import (
    SavedOutcome,
    SubmissionEntry,
    computer_marks,
    saved_outcome,
    table_seats,
    table_view,
)
from euchre.tournament import Stage
from euchre.tournament.compass import SEAT_WORDS, seats_by_compass
from euchre.tournament.validation import ResultError
from euchre.web.common.deps import database, guard_codes
from euchre.web.common.errors import status_for
from euchre.web.common.flash import clock, flash_message, redirect
from euchre.web.common.form_fields import FormError
from euchre.web.common.page_helpers import read_form
from euchre.web.common.round_words import break_ahead, hands_note, lower_first, round_label
from euchre.web.common.templating import render
from euchre.web.views.score_form import (
    ResultLines,
    entered_from_form,
    field_ids,
    headline,
    result_lines,
    score_form_html,
    winner_text,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

_OPEN = (SubmissionStatus.PENDING, SubmissionStatus.DISPUTED)
"""A submission still waiting for the director or an opponent (its lines are shown)."""


# --- what a form posted ------------------------------------------------------------------------


# --- the score form ----------------------------------------------------------------------------


# --- a result, in words ------------------------------------------------------------------------


# --- the page ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SubmissionItem:
    """One entered score on the page: its totals, who entered it, its full lines while it
    waits or is disputed, and the error of a refused confirmation code."""

    row: SubmissionEntry
    points: str
    """The score in one line (:func:`headline`)."""
    entered_by: str
    lines: ResultLines | None
    error: str


@dataclass(frozen=True)
class Saved:
    """The saved result's section: who won, the result's lines, where everyone goes next."""

    winner: str
    lines: ResultLines
    outcome: SavedOutcome


def _page(
    request: Request,
    code: str,
    *,
    values: Mapping[str, str] | None = None,
    error: str = "",
    field: str = "",
    confirm_error: tuple[int, str] | None = None,
    status: int = 200,
    round_number: int | None = None,
) -> HTMLResponse:
    """The table's page; ``values``, ``error`` and the bad ``field`` re-show a refused score,
    ``confirm_error`` a refused confirmation next to its score. Once the round is over the
    page shows its result and what comes next; ``round_number`` shows that round's page (a
    score refused because its round is over comes back on its own round's page)."""
    with database(request).read() as session:
        view = table_view(session, code=code, closed=True, round_number=round_number)
        computer = {
            number: computer_mark(counts)
            for number, counts in computer_marks(session, view).items()
        }
        over = view.round.closed_at is not None
        config = event_config(get_event(session, event_id=view.event_id))
        # A compass movement moves players by seat: the page tells each player his seat.
        seat_words = SEAT_WORDS if seats_by_compass(config, view.round.plan.stage) else None
        outcome = None if view.official is None and not over else saved_outcome(session, view)
    if confirm_error is not None and (
        over or all(row.id != confirm_error[0] for row in view.shown_submissions)
    ):
        # A refused answer to a score this page no longer lists (its round is over): the
        # message goes above everything else instead of next to a score.
        error = error or confirm_error[1]
    items = [
        SubmissionItem(
            row=row,
            points=headline(view, row.result),
            entered_by=view.name_of(row.submitted_by),
            # The saved result above shows a confirmed or accepted score in full.
            lines=result_lines(view, row.result) if row.status in _OPEN else None,
            error=confirm_error[1]
            if confirm_error is not None
            and confirm_error[0] == row.id
            and row.status == SubmissionStatus.PENDING
            else "",
        )
        for row in view.shown_submissions
    ]
    saved = None
    form: Markup | None = None
    different_score: bool | None = None
    if view.official is not None and outcome is not None:
        # A saved result: show it (and where everyone goes), not a fresh form.
        saved = Saved(
            winner=winner_text(
                view,
                view.official,
                outcome.with_penalties,
                playoff=view.round.plan.stage == Stage.PLAYOFF,
                sudden_death_next=outcome.sudden_death_next,
            ),
            lines=result_lines(view, view.official),
            outcome=outcome,
        )
    if over:
        # The round is over: its result and what comes next; a score refused for it is
        # shown as typed (for the director), not as a form to send again.
        if values:
            form = score_form_html(
                view,
                values=values,
                error=error,
                bad=(),
                playoff=view.round.plan.stage == Stage.PLAYOFF,
                locked=True,
            )
    elif saved is None:
        form = score_form_html(
            view,
            values=values,
            error=error,
            bad=field_ids(field, view) if field else (),
            playoff=view.round.plan.stage == Stage.PLAYOFF,
            round_number=view.round_number,
        )
        if view.awaiting_confirmation:
            # A score waits for its confirmation: that comes first; a fresh form under it
            # reads as "enter the score again". Open only when a typed entry came back.
            different_score = bool(error or values)
    plan = view.round.plan
    return render(
        request,
        "pages/table/page.html",
        {
            "title": f"Table {view.table_number}",
            "flash": flash_message(request),
            "view": view,
            "over": over,
            "outcome": outcome,
            "saved": saved,
            "items": items,
            "computer": computer,
            "form": form,
            "different_score": different_score,
            "error": error,
            "round_name": lower_first(round_label(plan, view.round_number)),
            "hands_note": hands_note(plan, config.profile_id),
            "clock": clock(view.round),
            "seat_words": seat_words,
            "break_line": break_ahead(config, view.round_number),
        },
        status=status,
    )


@router.get("/t/{code}", response_class=HTMLResponse)
def table_page_view(request: Request, code: str) -> Response:
    """A table's page for this round (wrong codes are counted and slowed down)."""
    guard_codes(
        request,
        lambda session: table_lookup.read_table(session, code=code, closed=True),
        write=False,
    )
    return _page(request, code)


_KEPT = "Score kept. Now an opponent confirms it."
# The storage keeps a second, different score next to the first and marks both disputed; the
# player must not be told an opponent will confirm it, since only the director can settle it.
_SUBMITTED_MESSAGES = {
    "pending": _KEPT,
    "disputed": (
        "This score differs from the one already entered for this table. Both scores are kept "
        "and the director has been told; the director will settle it."
    ),
    "confirmed": "This score was already entered and confirmed.",
    "accepted": "This score was already entered and accepted by the director.",
}


@dataclass(frozen=True)
class _Refused:
    """A refused post, as the page shows it again: the message, the field it marks, the
    status (401 for a wrong player code)."""

    message: str
    field: str
    status: int


def _page_args(error: EuchreError, status: int | None = None) -> _Refused:
    """The refusal as the page shows it: the error's own status unless ``status`` says
    otherwise (a wrong player code is always 401)."""
    if isinstance(error, ResultError | FormError):
        field = error.field
    elif isinstance(error, AuthError):
        field = "player_code"
    else:
        field = ""
    if isinstance(error, AuthError) or status is None:
        status = status_for(error)
    return _Refused(str(error), field, status)


@router.post("/t/{code}/submissions")
async def submit_post(request: Request, code: str) -> Response:
    """Keep the score the table entered. When something is wrong, the same form comes back
    with everything typed still there and the bad field marked.

    The form's fields depend on the table (a row per hand of its game, boxes per player), so
    it is read as a plain form rather than a fixed ``Form`` model."""
    data = await read_form(request)

    def work(session: Session) -> str:
        scoring_round = _form_round(data)
        seated = _form_seated(data)
        # The round first: a page left open from a round that is over is refused as such,
        # before its fields are read against the seating now in play.
        view = table_seats(session, code=code, scoring_round=scoring_round)
        submission = scores.submit_score(
            session,
            code=code,
            player_code=data.get("player_code", ""),
            entered=entered_from_form(data, view),
            round_number=scoring_round,
            seated=seated,
        )
        return submission.status

    try:
        status = await run_in_threadpool(guard_codes, request, work)
    except RoundOverError as error:
        # Shown on the page of the round it was typed for, with what was typed; a round
        # that does not exist (the latest was undone) comes back on the latest round's page.
        message = str(error)
        shown = error.round_number

        def refused_page() -> HTMLResponse:
            try:
                return _page(
                    request, code, values=data, error=message, status=409, round_number=shown
                )
            except NotFoundError:
                return _page(request, code, values=data, error=message, status=409)

        return await run_in_threadpool(refused_page)
    except EuchreError as error:
        if isinstance(error, NotFoundError | RateLimitedError):
            raise  # a wrong table code, a blocked device: the error page
        refused = _page_args(error)
        return await run_in_threadpool(
            lambda: _page(
                request,
                code,
                values=data,
                error=refused.message,
                field=refused.field,
                status=refused.status,
            )
        )
    return redirect(request, f"/t/{code.strip().upper()}", _SUBMITTED_MESSAGES.get(status, _KEPT))


def _form_round(data: Mapping[str, str]) -> int:
    """The round the phone's form scores (a hidden field of the page that showed it)."""
    text = data.get("round", "").strip()
    if not text.isdigit():
        raise ResultError(
            "this form does not say which round it scores (an old copy of the page?): "
            "reload the page and enter the score again",
            field="",
        )
    return int(text)


def _form_seated(data: Mapping[str, str]) -> tuple[int, ...] | None:
    """The seating the phone's form was shown for (None when it does not say)."""
    words = data.get("seated", "").split()
    if not words or not all(word.isdigit() for word in words):
        return None
    return tuple(int(word) for word in words)


class PlayerCodeForm(BaseModel):
    """An opponent's answer to an entered score: his own code (blank is refused by the
    store, on the page, like a wrong one)."""

    player_code: str = ""


class _Answer(Protocol):
    """A store service answering a score: ``scores.confirm_submission`` or
    ``scores.dispute_submission``."""

    def __call__(
        self, session: Session, *, code: str, submission_id: int, player_code: str
    ) -> SubmissionEntry: ...


def _answer_route(action: str, service: _Answer, message: str, doc: str) -> None:
    """``POST /t/{code}/submissions/{id}/<action>``: an opponent answers an entered score
    with his code; a refused code comes back on the same page, next to that score."""

    async def answer(
        request: Request,
        code: str,
        submission_id: int,
        form: Annotated[PlayerCodeForm, Form()],
    ) -> Response:
        def run() -> None:
            guard_codes(
                request,
                lambda session: service(
                    session, code=code, submission_id=submission_id, player_code=form.player_code
                ),
            )

        try:
            await run_in_threadpool(run)
        except EuchreError as error:
            if isinstance(error, NotFoundError | RateLimitedError):
                raise
            refused = _page_args(error, 409)
            return await run_in_threadpool(
                lambda: _page(
                    request,
                    code,
                    confirm_error=(submission_id, refused.message),
                    status=refused.status,
                )
            )
        return redirect(request, f"/t/{code.strip().upper()}", message)

    answer.__name__ = f"{action}_post"
    answer.__doc__ = doc
    router.post(f"/t/{{code}}/submissions/{{submission_id}}/{action}")(answer)


_answer_route(
    "confirm",
    scores.confirm_submission,
    "Score confirmed and saved.",
    "An opponent confirms with his code.",
)
_answer_route(
    "dispute",
    scores.dispute_submission,
    "Marked as disputed; the director will settle it.",
    "An opponent says the score is wrong.",
)
