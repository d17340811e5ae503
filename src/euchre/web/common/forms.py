"""The director's HTML forms as pydantic models, read through FastAPI's ``Form()``, and the
macros of ``pages/director/macros.html`` that render his fragments on their own.

Every field arrives as the text the browser posted and defaults to empty, as a missing field
did before: the store's services and :func:`whole` say what is wrong in the form's own words
("round must be a whole number, got 'x'"), which pydantic's ``int`` parsing (a 422 listing
``round: Input should be a valid integer``) would not. A ticked checkbox is any non-empty
value, as browsers send it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypedDict

from fastapi import Request, UploadFile
from pydantic import BaseModel, BeforeValidator, ConfigDict

from euchre.store.errors import AuthError, StoreError
from euchre.web.common.deps import optional_director
from euchre.web.common.form_fields import whole_number
from euchre.web.common.security import DirectorSession, check_csrf
from euchre.web.common.templating import templates

__all__ = [
    "AcceptForm",
    "AtTable",
    "Checkbox",
    "ConflictForm",
    "CorrectForm",
    "CorrectionForm",
    "DeleteForm",
    "DirectorForm",
    "EventForm",
    "FileForm",
    "ImportForm",
    "LoginForm",
    "MarkForm",
    "PairForm",
    "PenaltyForm",
    "PlayerForm",
    "QuestionForm",
    "ReasonForm",
    "SeatForm",
    "SeatingForm",
    "StartRoundForm",
    "TableForm",
    "TyingScoreForm",
    "chosen_file",
    "comma_list",
    "director_macro",
    "require_director",
    "yes_no",
]


def director_macro(name: str) -> Callable[..., str]:
    """The macro ``name`` of ``pages/director/macros.html`` (a fragment the dashboard also
    shows: the audit table, the penalty form, the correction picker)."""
    macro: Callable[..., str] = getattr(
        templates.env.get_template("pages/director/macros.html").module, name
    )
    return macro


def _ticked(value: object) -> bool:
    return bool(value)


Checkbox = Annotated[bool, BeforeValidator(_ticked)]
"""A checkbox: ticked when the browser sent any value for it."""


def comma_list(text: str) -> list[str]:
    """A comma-separated field as its non-empty items."""
    return [item.strip() for item in text.split(",") if item.strip()]


class LoginForm(BaseModel):
    """The first-run and login forms: the director's name and password."""

    name: str = ""
    password: str = ""


class DirectorForm(BaseModel):
    """Any form a logged-in director posts: it carries his session's CSRF token."""

    csrf_token: str = ""


def require_director(request: Request, form: DirectorForm) -> DirectorSession:
    """The logged-in director who posted ``form``, after checking its CSRF token."""
    director = optional_director(request)
    if director is None:
        raise AuthError("log in as the director first")
    check_csrf(director, form.csrf_token or None)
    return director


class ReasonForm(DirectorForm):
    """A form whose only field is the reason kept in the audit log."""

    reason: str = ""


class StartRoundForm(ReasonForm):
    """Starting the next round; ``past_cut_off`` "yes": after the night's clock cut-off, the
    director's say (with the reason kept in the audit log)."""

    past_cut_off: str = ""


class AcceptForm(DirectorForm):
    """Accepting a disputed or pending score (the reason has a default)."""

    reason: str = "settled by the director"


class DeleteForm(DirectorForm):
    """The delete confirmation page's form (``confirm=yes``)."""

    confirm: str = ""


class FileForm(DirectorForm):
    """An uploaded file: an event's backup, the club's roster (text instead of a file is
    refused by the route)."""

    file: UploadFile | str | None = None

    async def content(self, limit: int) -> bytes:
        """The file's bytes, read no further than one past ``limit`` (so a route can tell a
        file over its limit without reading it all); empty when no file was chosen."""
        if self.file is None or isinstance(self.file, str):
            return b""
        return await self.file.read(limit + 1)


def chosen_file(data: bytes, limit: int, *, missing: str, what: str) -> bytes:
    """An upload's bytes (read by :meth:`FileForm.content`), or the refusal that names its
    problem: no file chosen (``missing``, the whole message), or ``what`` is over ``limit``."""
    if not data:
        raise StoreError(missing)
    if len(data) > limit:
        raise StoreError(f"{what} is larger than {limit} bytes")
    return data


class EventForm(DirectorForm):
    """The event settings form (create and edit); an empty field takes the sheet's preset."""

    name: str = ""
    profile_id: str = ""
    format: str = ""
    rounds: str = ""
    round_minutes: str = ""
    break_after_round: str = ""
    break_minutes: str = ""
    last_round_by: str = ""
    time_zone: str = ""
    cut_off_on_form: str = ""
    """"yes" from the form, which shows the cut-off: its empty fields mean none. A post
    without it (a script's) keeps the sheet's cut-off, like the API."""
    format_options: str = ""
    prizes: str = ""
    side_pot: str = ""
    side_pot_cents: str = ""
    side_pot_qualification: str = ""
    side_pot_lone_cents: str = ""
    side_pot_fallback: str = ""
    side_pot_exclude: str = ""
    side_pot_include: str = ""
    prize_ties: str = ""
    sit_out_scoring: str = "average"
    sit_out_points: str = ""
    tie_breaks: str = ""
    online: str = "no"
    seed: str = ""
    tags: str = ""
    date: str = ""


class PlayerForm(DirectorForm):
    """Adding one player."""

    name: str = ""
    team: str = ""
    checked_in: Checkbox = False
    seat_class: str = ""
    prize_category: str = ""
    guest: Checkbox = False
    stationary: Checkbox = False


class ImportForm(DirectorForm):
    """Players pasted as CSV."""

    csv: str = ""


class PairForm(DirectorForm):
    """Two player numbers to make a team of."""

    first: str = ""
    second: str = ""
    team: str = ""


class AtTable(TypedDict):
    """One table of a round, as the store's services name it (``**form.at_table()``)."""

    round_number: int
    table: int


class TableForm(DirectorForm):
    """A form about one table of a round: its numbers as typed."""

    round: str = ""
    table: str = ""

    def at_table(self) -> AtTable:
        """The round and the table, read as whole numbers (refused in the form's words)."""
        return AtTable(
            round_number=whole_number(self.round, "round"), table=whole_number(self.table, "table")
        )


class ConflictForm(TableForm, ReasonForm):
    """The director accepts a playoff conflict as played: the table of the playoff round."""


class CorrectForm(TableForm, ReasonForm):
    """The dashboard's quick correction: a table's two totals, and, where the table has
    rulings with points, whether those totals already hold them (``yes``/``no``)."""

    team0: str = ""
    team1: str = ""
    rulings_in_totals: str = ""


class QuestionForm(DirectorForm):
    """The dashboard's answer about one ruling: whether a table's totals alone already hold
    it (``in_totals``: ``yes``/``no``), or the hand it ended (``hand_number``)."""

    penalty: str = ""
    in_totals: str = ""
    hand_number: str = ""


def yes_no(text: str, what: str) -> bool | None:
    """A form's ``yes``/``no`` answer (None when blank; refused in words otherwise)."""
    cleaned = text.strip().lower()
    if not cleaned:
        return None
    if cleaned in ("yes", "no"):
        return cleaned == "yes"
    raise StoreError(f"{what}: answer yes or no")


class TyingScoreForm(TableForm):
    """The dashboard's answer to "who reached the tying score first?" for a game a penalty
    made level: the table and the partnership (0 or 1, as seated)."""

    first: str = ""


class PenaltyForm(TableForm):
    """Recording a penalty."""

    kind: str = ""
    offender: str = ""
    hand_number: str = ""
    proven: Checkbox = False
    lone_hand: Checkbox = False
    lone_caller: str = ""
    note: str = ""
    in_totals: str = ""


class SeatingForm(ReasonForm):
    """Seating a round by hand: one table a line, ``1 2 vs 3 4``."""

    round: str = ""
    tables: str = ""
    sitting_out: str = ""


class SeatForm(DirectorForm):
    """The live page's seat form, as typed (checked when the director is known)."""

    seat: str = ""
    kind: str = ""
    counts: str = "yes"


class ChatForm(DirectorForm):
    """The live page's chat form for one table (checked by the play service)."""

    mode: str = ""


class MarkForm(DirectorForm):
    """The live page's table-mark form, as typed (checked when the director is known)."""

    table: str = ""
    online: str = "yes"


class CorrectionForm(ReasonForm):
    """A table's full correction form: the score form's fields (totals, hands, lone hands,
    euchres, own points, who tied first) vary with the table's rule profile and players, so
    they are kept as posted and read by :func:`euchre.web.pages.table.entered_from_form`."""

    model_config = ConfigDict(extra="allow")

    def fields(self) -> dict[str, str]:
        """Every text field as posted (the score form's and the reason)."""
        extra = self.model_extra or {}
        return {
            "reason": self.reason,
            **{key: value for key, value in extra.items() if isinstance(value, str)},
        }
