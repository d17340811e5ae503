"""A table's phone page (``/t/{code}``): the score form (kept as typed when something is wrong,
with the bad field marked), what an opponent is asked to confirm, and the saved result with
who won and where each pair goes next.

The page shows the :class:`~euchre.store.table_view.TableView` the API serves too, rendered by
the templates under ``templates/pages/table/``; the director's correction form reuses the score
form and the result table (:func:`score_form_html`, :func:`result_html`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Protocol

from fastapi import APIRouter, Form, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from pydantic import BaseModel
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.store import scores, table_lookup
from euchre.store.core import event_config
from euchre.store.errors import AuthError, NotFoundError, RateLimitedError
from euchre.store.events import get_event
from euchre.store.models import SubmissionStatus
from euchre.store.online import computer_mark
from euchre.store.presets import sheet_words
from euchre.store.scores import ResultInput
from euchre.store.table_lookup import RoundOverError
from euchre.store.table_view import (
    SavedOutcome,
    SubmissionEntry,
    TableSeats,
    computer_marks,
    saved_outcome,
    table_seats,
    table_view,
    winning_side,
)
from euchre.tournament import Stage, TableResult
from euchre.tournament.compass import SEAT_WORDS, seats_by_compass
from euchre.tournament.penalties import ruled_hand_note
from euchre.tournament.tables_of_three import THREE_HANDED_RULE
from euchre.tournament.validation import ResultError, hand_point_values
from euchre.web.deps import database, guard_codes
from euchre.web.errors import status_for
from euchre.web.form_fields import FormError, optional_whole_number
from euchre.web.page_helpers import read_form
from euchre.web.pages_common import clock, flash_message, redirect
from euchre.web.round_words import hands_note, lower_first, round_label
from euchre.web.templating import render, render_text

__all__ = [
    "FORM_STYLE",
    "FormFrame",
    "ResultLines",
    "TableView",
    "entered_from_form",
    "field_ids",
    "result_html",
    "result_lines",
    "router",
    "score_form_html",
    "winner_text",
]

router = APIRouter(include_in_schema=False)

_OPEN = (SubmissionStatus.PENDING, SubmissionStatus.DISPUTED)
"""A submission still waiting for the director or an opponent (its lines are shown)."""

FORM_STYLE = Markup(render_text("pages/table/style.html"))
"""The few rules the table page adds to the app's stylesheet (a marked field, the error), for
pages that put the score form or the result table in their own layout."""

TableView = TableSeats
"""The seating and game the score form and the result table need (the director's correction
form builds one for any round's table); the phone's whole view is
:class:`euchre.store.table_view.TableView`, a ``TableSeats`` too."""


# --- what a form posted ------------------------------------------------------------------------


def _number(data: Mapping[str, str], key: str, what: str, field: str) -> int | None:
    """A box of the score form: empty (None) or a whole number, 0 or more."""
    return optional_whole_number(data.get(key, ""), what, field=field, minimum=0)


def entered_from_form(data: Mapping[str, str], view: TableSeats) -> ResultInput:
    """The score a table's form posted. A blank total is an error naming it (never a 0);
    hands are rows where at least one team's box is filled (the other box is then 0). At
    a table of three: each player's own total, a blank one missing (the store names it)."""
    if view.three_handed:
        return ResultInput(player_points=_own_totals(data, view))
    hands: list[tuple[int, int]] = []
    index = 1
    while f"hand_{index}_0" in data or f"hand_{index}_1" in data:
        field = f"hand_points.{index}"
        first = _number(data, f"hand_{index}_0", f"hand {index}, {view.team_name(0)}", field)
        second = _number(data, f"hand_{index}_1", f"hand {index}, {view.team_name(1)}", field)
        if first is not None or second is not None:
            hands.append((first or 0, second or 0))
        index += 1
    totals: list[int | None] = [
        _number(data, f"team{side}", f"the total of {view.team_name(side)}", f"team_points.{side}")
        for side in (0, 1)
    ]
    team_points: tuple[int, int] | None = None
    if totals[0] is not None and totals[1] is not None:
        team_points = (totals[0], totals[1])
    elif not hands:
        blank = 0 if totals[0] is None else 1
        raise ResultError(
            f"the total of {view.team_name(blank)} is blank: enter it (0 if that team scored "
            "nothing), or enter the game hand by hand",
            field=f"team_points.{blank}",
        )
    elif totals[0] is not None or totals[1] is not None:
        blank = 0 if totals[0] is None else 1
        raise ResultError(
            f"the total of {view.team_name(blank)} is blank: fill in both totals, or leave "
            "both empty and let the hands add up",
            field=f"team_points.{blank}",
        )

    def per_player(prefix: str, label: str, field: str) -> dict[int, int]:
        counts = {}
        for member in view.players:
            value = _number(
                data,
                f"{prefix}_{member.number}",
                f"{label} of {member.name}",
                f"{field}.{member.number}",
            )
            if value:
                counts[member.number] = value
        return counts

    own = _own_totals(data, view)
    first_text = data.get("first_to_tying_score", "").strip()
    if first_text not in ("", "0", "1"):
        raise ResultError(
            f"who reached the tying score first: choose {view.team_name(0)} or "
            f"{view.team_name(1)} (got {first_text!r})",
            field="first_to_tying_score",
        )
    return ResultInput(
        team_points=team_points,
        hand_points=tuple(hands),
        lone_hands=per_player("lone", "lone hands", "lone_hands"),
        lone_marches=per_player("march", "lone hands of five tricks", "lone_marches"),
        euchres=per_player("euchre", "times euchred", "euchres"),
        # Asked only where the cup has a lone-hand stake: elsewhere nothing is read, and a
        # correction keeps what an online table recorded (pages_correction._changed_fields).
        lone_euchres=per_player("loneeuchre", "times euchred on a lone hand", "lone_euchres")
        if view.asks_lone_euchres
        else {},
        player_points=own,
        first_to_tying_score=int(first_text) if first_text else None,
    )


def _own_totals(data: Mapping[str, str], view: TableSeats) -> dict[int, int]:
    """Each player's own total typed (``points_<number>``), blanks left out."""
    own = {}
    for member in view.players:
        value = _number(
            data,
            f"points_{member.number}",
            f"own total of {member.name}",
            f"player_points.{member.number}",
        )
        if value is not None:
            own[member.number] = value
    return own


def field_ids(field: str, view: TableSeats) -> list[str]:
    """The element ids a store error's ``field`` marks on the form."""
    if field in ("team_points.0", "team_points.1"):
        return [f"team{field[-1]}-points"]
    if field == "team_points":
        return ["team0-points", "team1-points"]
    if field == "hand_points":
        return ["hands-table"]
    if field.startswith("hand_points."):
        number = field.split(".", 1)[1]
        return [f"hand-{number}-0", f"hand-{number}-1"]
    if field == "first_to_tying_score":
        return ["tie-first"]
    if field == "player_code":
        return ["player-code"]
    prefixes = {
        "lone_marches": "march",
        "player_points": "points",
        "lone_hands": "lone",
        "euchres": "euchre",
        "lone_euchres": "loneeuchre",
    }
    name, _, player = field.partition(".")
    if name in prefixes and player:
        return [f"{prefixes[name]}-{player}"]
    return []


# --- the score form ----------------------------------------------------------------------------


@dataclass(frozen=True)
class FormFrame:
    """What differs between the phone's score form and the director's correction form: where
    it posts, its id, who is writing (the director's CSRF field and a reason), the button and
    the heading, as ready HTML."""

    action: str
    form_id: str = "score-form"
    identity_html: str = ""
    button_html: str = ""
    heading: str = ""
    footer: str = ""


def score_form_html(
    view: TableSeats,
    *,
    values: Mapping[str, str] | None = None,
    error: str = "",
    bad: Sequence[str] = (),
    frame: FormFrame | None = None,
    playoff: bool = False,
    round_number: int | None = None,
    locked: bool = False,
) -> Markup:
    """The score form, filled with ``values`` (what was typed) and ``bad`` ids marked, the
    ``error`` shown above the form. ``frame`` makes it the director's correction form; the
    default is the phone's. A ``playoff`` game does not ask who reached a level score first:
    a level playoff is played on (Valpo rule 20: a sudden-death hand). ``round_number``: the
    round the phone's form scores, sent with the seating it shows (the store refuses a score
    for a round that is over or a seating that changed). ``locked``: what was typed for a
    round that is over, shown but not sendable."""
    typed = dict(values or {})
    marked = set(bad)
    profile = view.profile
    individual = profile.individual_scoring
    fields = [("lone", "Lone hands made")]
    if individual:
        fields.append(
            (
                "march",
                f"Alone, all five tricks ({profile.individual_lone_march_maker} to the caller, "
                f"{profile.individual_lone_march_partner} to the partner)",
            )
        )
    fields.append(("euchre", "Times euchred"))
    if view.asks_lone_euchres:
        fields.append(("loneeuchre", "Times euchred on a lone hand"))
    if individual:
        fields.append(("points", "Own total (optional, checked)"))
    extra_prefixes = ("lone", "march", "euchre", "loneeuchre", "points")
    context: dict[str, Any] = {
        "view": view,
        "values": typed,
        "bad": marked,
        "error": error,
        "frame": None
        if frame is None
        else {
            "heading": Markup(frame.heading),
            "identity_html": Markup(frame.identity_html),
            "button_html": Markup(frame.button_html),
            "footer": Markup(frame.footer),
        },
        "form_id": "score-form" if frame is None else frame.form_id,
        "action": f"/t/{view.code}/submissions" if frame is None else frame.action,
        "hands": profile.game_hands if profile.game_hands > 0 else 12,
        "most": profile.max_hand_points(),
        "hands_open": "hands-table" in marked
        or any(key.startswith("hand_") and value.strip() for key, value in typed.items()),
        "player_fields": fields,
        "extras_open": any(
            key.split("_", 1)[0] in extra_prefixes and value.strip() not in ("", "0")
            for key, value in typed.items()
        )
        or any(identifier.split("-", 1)[0] in extra_prefixes for identifier in marked),
        "ruled_hand_note": ruled_hand_note(profile),
        "extra_hand": profile.game_tie == "extra_hand",
        "playoff": playoff,
        "round_number": round_number,
        "seated": " ".join(str(member.number) for member in view.players),
        "locked": locked,
        "words": sheet_words(profile.id),
        "lone_stake": f"${view.lone_stake_cents / 100:.2f}" if view.asks_lone_euchres else "",
        "three_handed": view.three_handed,
        "three_handed_rule": sheet_words(profile.id).three_handed or THREE_HANDED_RULE,
    }
    return Markup(render_text("pages/table/score_form.html", context))


# --- a result, in words ------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultLines:
    """Everything a score says, by team and player name, as the result table's lines."""

    teams: tuple[tuple[str, int], ...]
    hands: str
    level: str
    counts: tuple[tuple[str, str], ...]
    per_player: str | None


def headline(view: TableSeats, result: TableResult) -> str:
    """A score in one line: "10 – 4", or a table of three's own totals "10 – 6 – 3"."""
    if view.three_handed:
        return " – ".join(
            str(result.player_points.get(str(member.number), 0)) for member in view.players
        )
    return f"{result.team_points[0]} – {result.team_points[1]}"


def result_lines(view: TableSeats, result: TableResult) -> ResultLines:
    """The lines of a score: what an opponent vouches for when he confirms, and what the page
    shows once saved (a table of three: each player's own total)."""
    if view.three_handed:
        own = result.player_points
        return ResultLines(
            teams=tuple((m.name, own.get(str(m.number), 0)) for m in view.players),
            hands="",
            level="",
            counts=(),
            per_player=None,
        )
    points = result.team_points
    hands = result.hand_points
    first = result.first_to_tying_score
    counts = []
    lone_euchres_label = "Times euchred on a lone hand"
    for by_player, label in (
        (result.lone_hands, "Lone hands made"),
        (result.lone_marches, "Alone, all five tricks"),
        (result.euchres, "Times euchred"),
        (result.lone_euchres, lone_euchres_label),
    ):
        if label == lone_euchres_label and not view.asks_lone_euchres:
            continue  # no lone-hand stake: the count costs nothing more, the form does not ask
        if by_player is result.lone_marches and not view.profile.individual_scoring:
            # The form asks who went alone for all five only where the caller scores more
            # than his partner; elsewhere nobody typed it, so "none" would contradict a 4-0
            # hand. The hands say it when their points can mean nothing else.
            marches = _lone_marches_from_hands(view, hands)
            if marches is not None:
                counts.append((label, marches))
            continue
        text = ", ".join(
            f"{view.name_of(player)} {int(count)}" for player, count in by_player.items() if count
        )
        counts.append((label, text or "none"))
    per_player = None
    if view.profile.individual_scoring:
        own = result.player_points
        per_player = ", ".join(
            f"{member.name} {own.get(str(member.number), points[side])}"
            for side, pair in enumerate(view.partnerships)
            for member in pair
        )
    return ResultLines(
        teams=tuple((view.team_name(side), points[side]) for side in (0, 1)),
        hands=" · ".join(f"{number}: {hand[0]}–{hand[1]}" for number, hand in enumerate(hands, 1)),
        level=f"{view.team_name(int(first))} reached {points[0]} first"
        if first is not None and points[0] == points[1]
        else "",
        counts=tuple(counts),
        per_player=per_player,
    )


def _lone_marches_from_hands(view: TableSeats, hands: Sequence[Sequence[int]]) -> str | None:
    """Which hands were lone hands of five tricks, read from the hand-by-hand points
    ("hand 3 (Ann & Bob)"), where no other outcome scores a lone march's points; ``None``
    (the line is left out) when only totals were sent or the points could mean something
    else, since the table was not asked."""
    profile = view.profile
    march = profile.points_lone_march
    if not hands or march in hand_point_values(profile, lone_march=False):
        return None
    found = [
        f"hand {number} ({view.team_name(side)})"
        for number, hand in enumerate(hands, 1)
        for side in (0, 1)
        if hand[side] == march
    ]
    return ", ".join(found) or "none"


def result_html(view: TableSeats, result: TableResult, *, element_id: str) -> Markup:
    """The result table (``#element_id``) of a score."""
    return Markup(
        render_text(
            "pages/table/result.html",
            {"lines": result_lines(view, result), "element_id": element_id},
        )
    )


def winner_text(
    view: TableSeats,
    result: TableResult,
    with_penalties: tuple[int, int] | None = None,
    *,
    playoff: bool = False,
    sudden_death_next: bool = False,
) -> str:
    """Who won the game (a level game: the team that reached the tying score first), counting
    the director's penalties when ``with_penalties`` gives the score with them. A level
    ``playoff`` game is won by nobody: it says so, and that sudden death comes next when the
    two teams play again (``sudden_death_next``). A table of three: its top scorer."""
    if view.three_handed:
        own = {m.name: result.player_points.get(str(m.number), 0) for m in view.players}
        best = max(own.values(), default=0)
        top = [name for name, points in own.items() if points == best]
        return f"{' and '.join(top)} scored most, {best}."
    points = with_penalties or result.team_points
    if playoff and points[0] == points[1]:
        return f"Level, {points[0]}–{points[1]}" + (
            ": sudden death next." if sudden_death_next else "."
        )
    side = winning_side(result, with_penalties)
    if side is None:
        return f"A level game, {points[0]}–{points[1]}."
    return (
        f"{view.team_name(side)} won, {points[side]}–{points[1 - side]}"
        + (" (first to the tying score)" if points[0] == points[1] else "")
        + (
            " with the director's penalties"
            if with_penalties and with_penalties != result.team_points
            else ""
        )
        + "."
    )


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
        # A compass movement moves players by seat: the page tells each player his seat.
        seat_words = (
            SEAT_WORDS
            if seats_by_compass(
                event_config(get_event(session, event_id=view.event_id)), view.round.plan.stage
            )
            else None
        )
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
            "hands_note": hands_note(plan),
            "clock": clock(view.round),
            "seat_words": seat_words,
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
