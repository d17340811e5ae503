"""A member's history and the club's ratings in the JSON API, and the history as a CSV file.

Public (names only, never contact details), behind the club code when the club set one
(docs/season.md, "A member's history", "Ratings on the pages", "Club-only pages").
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from pydantic import TypeAdapter

from euchre.store.club import history
from euchre.store.csv_text import csv_text
from euchre.web.api.schemas import ErrorOut
from euchre.web.common.club_access import require_club
from euchre.web.common.deps import download, file_route
from euchre.web.views.history import HistoryQuery, RatedMemberOut, ratings_list, read_history

__all__ = ["router"]

_errors: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorOut} for status in (400, 401, 404, 422)
}
router = APIRouter(
    prefix="/api", tags=["members"], responses=_errors, dependencies=[Depends(require_club)]
)
Id = Annotated[int, Path(ge=1, le=2_147_483_647)]


_HISTORY_JSON = TypeAdapter(history.MemberHistory)
"""The store's history written as JSON straight from its dataclasses (the schema the API
documents is theirs too), without validating a thousand games a second time on the way out
(docs/season.md, the bench's figures)."""


def history_json(found: history.MemberHistory, *, indent: int | None = None) -> bytes:
    """``found`` as the API's JSON."""
    return _HISTORY_JSON.dump_json(found, indent=indent)


@router.get("/members/{member_id}/history", response_model=history.MemberHistory)
def member_history(
    request: Request, member_id: Id, query: Annotated[HistoryQuery, Query()]
) -> Response:
    """Every game the member played: partner, opponents, points, lone hands, euchres and
    penalties, filtered by ``sheet``, ``partner`` (member id), ``since`` and ``until``
    (dates), sorted by ``sort`` (date, points, margin, event) in ``order`` (asc, desc)."""
    found = read_history(request, member_id, query)
    return Response(history_json(found), media_type="application/json")


CSV_COLUMNS = (
    "date",
    "event_id",
    "event",
    "sheet",
    "stage",
    "round",
    "table",
    "partner",
    "opponents",
    "points",
    "points_against",
    "result",
    "lone_hands",
    "euchres",
    "penalty_points",
    "penalties",
    "computer",
)


def history_csv(found: history.MemberHistory) -> str:
    """The games of a history as CSV (UTF-8 text, one game a row, opponents joined by " & ")."""
    return csv_text(
        CSV_COLUMNS,
        (
            [
                game.date.isoformat(),
                game.event_id,
                game.event_name,
                game.sheet,
                game.stage,
                game.round,
                game.table,
                game.partner or "",
                " & ".join(game.opponents),
                game.points,
                game.points_against,
                game.result,
                game.lone_hands,
                game.euchres,
                game.penalty_points,
                game.penalties,
                "yes" if game.computer else "no",
            ]
            for game in found.games
        ),
    )


def history_file(found: history.MemberHistory, extension: Literal["csv", "json"]) -> Response:
    """``found`` as a file to save: the CSV, or the API's JSON (indented)."""
    if extension == "csv":
        content, media_type = history_csv(found).encode("utf-8"), "text/csv; charset=utf-8"
    else:
        content, media_type = history_json(found, indent=1), "application/json"
    return download(content, media_type, f"history-{found.member_id}.{extension}")


@router.get("/members/{member_id}/history.csv", **file_route("text/csv", "The member's history"))
def member_history_csv(
    request: Request, member_id: Id, query: Annotated[HistoryQuery, Query()]
) -> Response:
    """The member's history (same filters and order) as a CSV file."""
    return history_file(read_history(request, member_id, query), "csv")


@router.get(
    "/members/{member_id}/history.json",
    **file_route("application/json", "The member's history, a file to save"),
)
def member_history_json(
    request: Request, member_id: Id, query: Annotated[HistoryQuery, Query()]
) -> Response:
    """The member's history (same filters and order) as a JSON file to save."""
    return history_file(read_history(request, member_id, query), "json")


RATINGS_CSV_COLUMNS = (
    "rank",
    "member",
    "rating",
    "mu",
    "sigma",
    "uncertainty_points_a_game",
    "games",
    "provisional",
)


def ratings_csv(rows: list[RatedMemberOut]) -> str:
    """The ratings list as CSV: the ranked members first, then the provisional ones with an
    empty rank and ``provisional`` "yes" (UTF-8 text, one member a row)."""
    return csv_text(
        RATINGS_CSV_COLUMNS,
        (
            [
                "" if row.rank is None else row.rank,
                row.name,
                row.rating.display,
                row.rating.mu,
                row.rating.sigma,
                row.rating.sigma_points,
                row.rating.games,
                "yes" if row.rating.provisional else "no",
            ]
            for row in rows
        ),
    )


@router.get("/ratings")
def club_ratings(request: Request) -> list[RatedMemberOut]:
    """The club's ratings: the established ones ranked, highest displayed rating
    (mu − 3·sigma) first, then the provisional ones apart, by name, with ``rank`` null."""
    return ratings_list(request)


@router.get("/ratings.csv", **file_route("text/csv", "The ratings"))
def club_ratings_csv(request: Request) -> Response:
    """The club's ratings list as a CSV file (the same order: ranked, then provisional)."""
    content = ratings_csv(ratings_list(request)).encode("utf-8")
    return download(content, "text/csv; charset=utf-8", "ratings.csv")
