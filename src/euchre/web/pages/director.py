"""Every form the dashboard posts (start and close rounds, check players in, withdraw,
seating, penalties, scores accepted or corrected). The events list and settings are
:mod:`euchre.web.pages.events`, a table's correction page :mod:`euchre.web.pages.correction`,
the penalties page :mod:`euchre.web.pages.penalties`.

Pages are rendered from ``templates/pages/director/`` (pieces the dashboard shares are macros
in ``pages/director/macros.html``). Forms post here as the pydantic models of
:mod:`euchre.web.common.forms` with a hidden CSRF token, call the same store services as
the API, and redirect back (303) with a message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Protocol, TypeVar

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response
from sqlalchemy.orm import Session

from euchre.store.core import player_id
from euchre.store.errors import StoreError
from euchre.store.night import events, night_end, playoff_conflicts, rounds
from euchre.store.scoring import scores
from euchre.tournament import PenaltyKind, PenaltyRecord
from euchre.web.common.deps import clock_now
from euchre.web.common.flash import redirect, signed
from euchre.web.common.form_fields import optional_whole_number, whole_number
from euchre.web.common.forms import (
    AcceptForm,
    ConflictForm,
    CorrectForm,
    DirectorForm,
    PenaltyForm,
    QuestionForm,
    ReasonForm,
    SeatingForm,
    StartRoundForm,
    TyingScoreForm,
    require_director,
    yes_no,
)
from euchre.web.common.security import DirectorSession
from euchre.web.pages.director_helpers import changes_text, in_write
from euchre.web.views.correction import director_table_view

__all__ = ["parse_seating", "router"]

router = APIRouter(include_in_schema=False)


def parse_seating(text: str) -> list[tuple[list[int], list[int]]]:
    """Read tables written one per line as ``1 2 vs 3 4`` (player numbers)."""
    tables: list[tuple[list[int], list[int]]] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.lower().replace(",", " ").split("vs")
        if len(parts) != 2:
            raise StoreError(
                f"seating line {line_number} {line.strip()!r} must look like '1 2 vs 3 4'"
            )
        try:
            first, second = ([int(number) for number in part.split()] for part in parts)
        except ValueError:
            raise StoreError(
                f"seating line {line_number} {line.strip()!r}: player numbers must be whole numbers"
            ) from None
        tables.append((first, second))
    return tables


@dataclass(frozen=True)
class Done:
    """What a form's work returns to say, in words, what it did (the players by name)."""

    message: str


FormT = TypeVar("FormT", bound=DirectorForm)


async def _write_then_redirect(
    request: Request,
    event_id: int,
    form: FormT,
    work: Callable[[Session, DirectorSession, FormT], str | Done | None],
    message: str,
) -> Response:
    """Run a dashboard form's ``work`` in a write transaction, then redirect to the dashboard
    (with the movements a correction changed, when ``work`` returns them, or the message
    ``work`` returns as a ``Done``)."""
    director = require_director(request, form)
    extra = await in_write(request, lambda session: work(session, director, form))
    url = f"/director/events/{event_id}"
    if isinstance(extra, Done):
        message = extra.message
    elif extra:
        url += f"?changes={signed(request, extra)}"
    return redirect(request, url, message)


_Work = Callable[[Session, DirectorSession, FormT, int], str | Done | None]
_NumberedWork = Callable[[Session, DirectorSession, FormT, int, int], str | Done | None]


def _end_night(
    session: Session, director: DirectorSession, form: ReasonForm, event_id: int
) -> None:
    night_end.end_night(session, event_id=event_id, who=director.name, reason=form.reason)


def _settle_level_game(
    session: Session, director: DirectorSession, form: TyingScoreForm, event_id: int
) -> None:
    first = whole_number(form.first, "first")
    scores.settle_level_game(
        session, event_id=event_id, **form.at_table(), first=first, who=director.name
    )


def _ruling_in_totals(
    session: Session, director: DirectorSession, form: QuestionForm, event_id: int
) -> None:
    answer = yes_no(form.in_totals, "do the totals hold the ruling's points")
    if answer is None:
        raise StoreError("do the totals hold the ruling's points: answer yes or no")
    scores.answer_in_totals(
        session,
        event_id=event_id,
        penalty_id=whole_number(form.penalty, "penalty"),
        in_totals=answer,
        who=director.name,
    )


def _ruled_hand(
    session: Session, director: DirectorSession, form: QuestionForm, event_id: int
) -> None:
    scores.name_ruled_hand(
        session,
        event_id=event_id,
        penalty_id=whole_number(form.penalty, "penalty"),
        hand_number=whole_number(form.hand_number, "hand number"),
        who=director.name,
    )


def _correct(
    session: Session, director: DirectorSession, form: CorrectForm, event_id: int
) -> str | None:
    at_table = form.at_table()
    view, _ = director_table_view(session, event_id, at_table["round_number"], at_table["table"])
    _, changes = scores.correct_result(
        session,
        event_id=event_id,
        **at_table,
        # Only the totals: everything else recorded for the table is kept.
        entered=scores.ResultInput(
            team_points=(
                whole_number(form.team0, f"the points of {view.team_name(0)}"),
                whole_number(form.team1, f"the points of {view.team_name(1)}"),
            ),
            given=frozenset({"team_points"}),
            rulings_in_totals=yes_no(
                form.rulings_in_totals, "do the totals hold the rulings' points"
            ),
        ),
        who=director.name,
        reason=form.reason,
    )
    return changes_text(session, event_id, changes)


def _accept_conflict(
    session: Session, director: DirectorSession, form: ConflictForm, event_id: int
) -> None:
    playoff_conflicts.accept_conflict(
        session, event_id=event_id, **form.at_table(), who=director.name, reason=form.reason
    )


def _penalty(session: Session, director: DirectorSession, form: PenaltyForm, event_id: int) -> None:
    at_table = form.at_table()
    record = PenaltyRecord(
        round=at_table["round_number"],
        table=at_table["table"],
        offender_id=player_id(whole_number(form.offender, "offending player")),
        hand_number=optional_whole_number(form.hand_number, "hand number"),
        kind=PenaltyKind.parse(form.kind),
        proven=form.proven,
        lone_hand=form.lone_hand or bool(form.lone_caller),
        lone_caller_id=player_id(whole_number(form.lone_caller, "lone caller"))
        if form.lone_caller
        else None,
        note=form.note,
        in_totals=yes_no(form.in_totals, "do the table's totals already hold this ruling"),
    )
    scores.add_penalty(session, event_id=event_id, record=record, who=director.name)


def _seating(session: Session, director: DirectorSession, form: SeatingForm, event_id: int) -> None:
    try:
        sitting = [int(number) for number in form.sitting_out.replace(",", " ").split()]
    except ValueError:
        raise StoreError("sitting out: player numbers must be whole numbers") from None
    rounds.override_seating(
        session,
        event_id=event_id,
        round_number=whole_number(form.round, "round"),
        tables=parse_seating(form.tables),
        sitting_out=sitting,
        who=director.name,
        reason=form.reason,
    )


def _check_in_all(
    session: Session, director: DirectorSession, form: DirectorForm, event_id: int
) -> Done:
    arrived = events.check_in_all(session, event_id=event_id, who=director.name)
    if not arrived:
        return Done("Everyone was already checked in.")
    return Done(f"Checked in {len(arrived)}: {', '.join(entrant.name for entrant in arrived)}.")


def _check_in(
    session: Session, director: DirectorSession, form: DirectorForm, event_id: int, number: int
) -> Done:
    entrant = events.check_in(session, event_id=event_id, number=number, who=director.name)
    return Done(f"{entrant.name} checked in.")


def _withdraw(
    session: Session, director: DirectorSession, form: ReasonForm, event_id: int, number: int
) -> Done:
    reason = form.reason.strip()
    if not reason:
        raise StoreError("say why the player withdraws (reason is empty)")
    entrant = events.withdraw(
        session, event_id=event_id, number=number, who=director.name, reason=reason
    )
    return Done(f"{entrant.name} withdrawn from round {entrant.withdrawal_round} on.")


def _reinstate(
    session: Session, director: DirectorSession, form: ReasonForm, event_id: int, number: int
) -> Done:
    entrant = events.reinstate(
        session,
        event_id=event_id,
        number=number,
        who=director.name,
        reason=form.reason.strip() or "withdrawal taken back",
    )
    return Done(f"{entrant.name} plays on (withdrawal taken back).")


def _close(
    session: Session, director: DirectorSession, form: DirectorForm, event_id: int, number: int
) -> None:
    rounds.close_round(session, event_id=event_id, number=number, who=director.name)


def _undo(
    session: Session, director: DirectorSession, form: ReasonForm, event_id: int, number: int
) -> None:
    if not form.reason.strip():
        raise StoreError(f"say why round {number} is undone (reason is empty)")
    rounds.undo_round(
        session, event_id=event_id, number=number, who=director.name, reason=form.reason
    )


def _accept(
    session: Session, director: DirectorSession, form: AcceptForm, event_id: int, number: int
) -> str | None:
    _, changes = scores.accept_submission(
        session, event_id=event_id, submission_id=number, who=director.name, reason=form.reason
    )
    return changes_text(session, event_id, changes)


class _PenaltyStep(Protocol):
    """A store service that acts on one penalty, giving the reason (remove, escalate)."""

    def __call__(
        self, session: Session, *, event_id: int, penalty_id: int, who: str, reason: str
    ) -> object: ...


def _on_penalty(step: _PenaltyStep) -> _NumberedWork[ReasonForm]:
    """The work of a penalty's button: ``step`` on penalty ``number``, with the reason typed."""

    def work(
        session: Session, director: DirectorSession, form: ReasonForm, event_id: int, number: int
    ) -> None:
        step(session, event_id=event_id, penalty_id=number, who=director.name, reason=form.reason)

    return work


_remove_penalty = _on_penalty(scores.remove_penalty)


_escalate_warning = _on_penalty(scores.escalate_warning)


async def _post(
    request: Request, event_id: int, form: FormT, work: _Work[FormT], message: str
) -> Response:
    """A dashboard form post: ``work`` in a write transaction, then the redirect."""
    return await _write_then_redirect(
        request,
        event_id,
        form,
        lambda session, director, posted: work(session, director, posted, event_id),
        message,
    )


async def _post_numbered(
    request: Request,
    event_id: int,
    number: int,
    form: FormT,
    work: _NumberedWork[FormT],
    message: str,
) -> Response:
    """Like :func:`_post` for a path with a second number (``{number}``: a player, a round,
    a submission, a penalty); ``message`` may name it as ``{number}``."""
    return await _write_then_redirect(
        request,
        event_id,
        form,
        lambda session, director, posted: work(session, director, posted, event_id, number),
        message.format(number=number),
    )


# --- the routes: one plain ``@router.post`` per form, each naming its form and its work ------


@router.post("/director/events/{event_id}/rounds/start")
async def post_rounds_start(
    request: Request, event_id: int, form: Annotated[StartRoundForm, Form()]
) -> Response:
    # Read against the app's clock (the night's cut-off), as the API does.
    now = clock_now(request)

    def start(
        session: Session, director: DirectorSession, posted: StartRoundForm, event_id: int
    ) -> None:
        rounds.start_round(
            session,
            event_id=event_id,
            who=director.name,
            now=now,
            past_cut_off=posted.past_cut_off == "yes",
            reason=posted.reason,
        )

    return await _post(request, event_id, form, start, "Round started.")


@router.post("/director/events/{event_id}/end-night")
async def post_end_night(
    request: Request, event_id: int, form: Annotated[ReasonForm, Form()]
) -> Response:
    return await _post(
        request,
        event_id,
        form,
        _end_night,
        "The night is over: the standings are final with its rounds.",
    )


@router.post("/director/events/{event_id}/level-games")
async def post_level_games(
    request: Request, event_id: int, form: Annotated[TyingScoreForm, Form()]
) -> Response:
    return await _post(
        request, event_id, form, _settle_level_game, "Saved: who reached the tying score first."
    )


@router.post("/director/events/{event_id}/questions/in-totals")
async def post_questions_in_totals(
    request: Request, event_id: int, form: Annotated[QuestionForm, Form()]
) -> Response:
    return await _post(
        request, event_id, form, _ruling_in_totals, "Saved: the ruling is counted once."
    )


@router.post("/director/events/{event_id}/questions/hand")
async def post_questions_hand(
    request: Request, event_id: int, form: Annotated[QuestionForm, Form()]
) -> Response:
    return await _post(request, event_id, form, _ruled_hand, "Saved: the ruling's hand.")


@router.post("/director/events/{event_id}/correct")
async def post_correct(
    request: Request, event_id: int, form: Annotated[CorrectForm, Form()]
) -> Response:
    return await _post(request, event_id, form, _correct, "Result saved.")


@router.post("/director/events/{event_id}/playoff-conflicts/accept")
async def post_playoff_conflicts_accept(
    request: Request, event_id: int, form: Annotated[ConflictForm, Form()]
) -> Response:
    return await _post(
        request, event_id, form, _accept_conflict, "Playoff result accepted as played."
    )


@router.post("/director/events/{event_id}/penalties")
async def post_penalties(
    request: Request, event_id: int, form: Annotated[PenaltyForm, Form()]
) -> Response:
    return await _post(request, event_id, form, _penalty, "Penalty recorded.")


@router.post("/director/events/{event_id}/seating")
async def post_seating(
    request: Request, event_id: int, form: Annotated[SeatingForm, Form()]
) -> Response:
    return await _post(request, event_id, form, _seating, "Seating set.")


@router.post("/director/events/{event_id}/players/check-in-all")
async def post_players_check_in_all(
    request: Request, event_id: int, form: Annotated[DirectorForm, Form()]
) -> Response:
    return await _post(request, event_id, form, _check_in_all, "Everyone checked in.")


@router.post("/director/events/{event_id}/players/{number}/check-in")
async def post_players_number_check_in(
    request: Request, event_id: int, number: int, form: Annotated[DirectorForm, Form()]
) -> Response:
    return await _post_numbered(request, event_id, number, form, _check_in, "Checked in.")


@router.post("/director/events/{event_id}/players/{number}/withdraw")
async def post_players_number_withdraw(
    request: Request, event_id: int, number: int, form: Annotated[ReasonForm, Form()]
) -> Response:
    return await _post_numbered(request, event_id, number, form, _withdraw, "Withdrawn.")


@router.post("/director/events/{event_id}/players/{number}/reinstate")
async def post_players_number_reinstate(
    request: Request, event_id: int, number: int, form: Annotated[ReasonForm, Form()]
) -> Response:
    return await _post_numbered(
        request, event_id, number, form, _reinstate, "Withdrawal taken back."
    )


@router.post("/director/events/{event_id}/rounds/{number}/close")
async def post_rounds_number_close(
    request: Request, event_id: int, number: int, form: Annotated[DirectorForm, Form()]
) -> Response:
    return await _post_numbered(request, event_id, number, form, _close, "Round {number} closed.")


@router.post("/director/events/{event_id}/rounds/{number}/undo")
async def post_rounds_number_undo(
    request: Request, event_id: int, number: int, form: Annotated[ReasonForm, Form()]
) -> Response:
    return await _post_numbered(request, event_id, number, form, _undo, "Round {number} undone.")


@router.post("/director/events/{event_id}/submissions/{number}/accept")
async def post_submissions_number_accept(
    request: Request, event_id: int, number: int, form: Annotated[AcceptForm, Form()]
) -> Response:
    return await _post_numbered(request, event_id, number, form, _accept, "Score accepted.")


@router.post("/director/events/{event_id}/penalties/{number}/remove")
async def post_penalties_number_remove(
    request: Request, event_id: int, number: int, form: Annotated[ReasonForm, Form()]
) -> Response:
    return await _post_numbered(
        request, event_id, number, form, _remove_penalty, "Penalty removed."
    )


@router.post("/director/events/{event_id}/penalties/{number}/escalate")
async def post_penalties_number_escalate(
    request: Request, event_id: int, number: int, form: Annotated[ReasonForm, Form()]
) -> Response:
    return await _post_numbered(
        request, event_id, number, form, _escalate_warning, "The warning is now the penalty."
    )
