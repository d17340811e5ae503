"""The rule sheets over HTTP: the API's list, one sheet's values with their clauses, and
adding a club's sheet file (the API's ``POST /api/sheets`` and the director page's upload).

A sheet file is checked whole before anything is written: a bad one answers 400 with one
problem per fault (key, line, what is allowed) and changes nothing (see ``docs/sheets.md``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request, Response, UploadFile
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from euchre.store.errors import NotFoundError, StoreError
from euchre.store.sheet_folder import add_sheet
from euchre.tournament.sheets import Sheet, SheetError, all_sheets, get_sheet
from euchre.web.common.deps import director_for_read, director_for_write
from euchre.web.common.flash import redirect
from euchre.web.common.forms import DirectorForm, require_director
from euchre.web.common.security import DirectorSession
from euchre.web.common.templating import render

__all__ = ["SheetIn", "SheetOut", "SheetProblemOut", "SheetValueOut", "router"]

router = APIRouter()

MAX_SHEET_BYTES = 200_000
"""A sheet file is a page of text; anything larger is refused unread."""


class SheetIn(BaseModel):
    """A club's sheet file to add: its text and its file name (for messages)."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=MAX_SHEET_BYTES)
    filename: str = Field("sheet.toml", min_length=1, max_length=200)
    replace: bool = False


class SheetOut(BaseModel):
    """A sheet in use."""

    id: str
    name: str
    builtin: bool
    format: str
    rounds: int
    profile: str


class SheetValueOut(BaseModel):
    """One value a sheet decides and the clause it comes from."""

    key: str
    value: Any
    clause: str


class SheetProblemOut(BaseModel):
    """One fault of a sheet file."""

    key: str
    line: int
    message: str


def _out(sheet: Sheet) -> SheetOut:
    return SheetOut(
        id=sheet.id,
        name=sheet.name,
        builtin=sheet.builtin,
        format=str(sheet.preset["format"]),
        rounds=int(sheet.preset["rounds"]),
        profile=sheet.profile.id,
    )


def _problems(error: SheetError) -> list[dict[str, Any]]:
    return [SheetProblemOut(**vars(problem)).model_dump() for problem in error.problems]


@router.get("/api/sheets", tags=["sheets"])
def list_sheets(
    _director: Annotated[DirectorSession, Depends(director_for_read)],
) -> list[SheetOut]:
    """The sheets in use: the built-in ones, then the club's."""
    return [_out(sheet) for sheet in all_sheets().values()]


@router.get("/api/sheets/{sheet_id}", tags=["sheets"])
def show_sheet(
    sheet_id: str, _director: Annotated[DirectorSession, Depends(director_for_read)]
) -> list[SheetValueOut]:
    """Every value the sheet decides, each with its clause (or "house default")."""
    sheet = get_sheet(sheet_id)
    if sheet is None:
        raise NotFoundError(f"unknown sheet {sheet_id!r}; sheets: {', '.join(all_sheets())}")
    return [
        SheetValueOut(key=key, value=value, clause=clause) for key, value, clause in sheet.rows()
    ]


@router.post("/api/sheets", tags=["sheets"], status_code=201, response_model=SheetOut)
def add_sheet_api(
    request: Request,
    body: SheetIn,
    _director: Annotated[DirectorSession, Depends(director_for_write)],
) -> Response | SheetOut:
    """Add a club's sheet file; a bad one answers 400 with each problem and changes nothing."""
    try:
        sheet = add_sheet(
            body.text, body.filename, request.app.state.sheets_folder, replace=body.replace
        )
    except SheetError as error:
        return JSONResponse({"detail": str(error), "problems": _problems(error)}, status_code=400)
    return _out(sheet)


class SheetForm(DirectorForm):
    """The director page's sheet upload."""

    file: UploadFile | str | None = None
    replace: str = ""


@router.post("/director/sheets", include_in_schema=False)
async def upload_sheet(request: Request, form: Annotated[SheetForm, Form()]) -> Response:
    """Add the uploaded sheet file; its problems are listed on a page of their own."""
    director = require_director(request, form)
    if form.file is None or isinstance(form.file, str):
        raise StoreError("choose a sheet file (.toml) to add")
    filename = form.file.filename or "sheet.toml"
    raw = await form.file.read(MAX_SHEET_BYTES + 1)
    problems: list[dict[str, Any]] = []
    message = ""
    try:
        if len(raw) > MAX_SHEET_BYTES:
            raise StoreError(f"sheet file {filename!r} is larger than {MAX_SHEET_BYTES} bytes")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise StoreError(f"sheet file {filename!r} is not UTF-8 text") from None
        folder = request.app.state.sheets_folder
        replace = form.replace == "yes"
        sheet = await run_in_threadpool(add_sheet, text, filename, folder, replace=replace)
    except SheetError as error:
        problems = _problems(error)
        message = f"The sheet file {filename!r} was not added: {len(problems)} problem(s)."
    except StoreError as error:
        message = f"The sheet file {filename!r} was not added: {error}"
    if message:
        context = {
            "title": "Sheet not added",
            "director": director,
            "flash": "",
            "message": message,
            "problems": problems,
        }
        return render(request, "pages/director/sheet_problems.html", context, status=400)
    return redirect(request, f"/director?sheet={sheet.id}", f"Sheet {sheet.name!r} added.")
