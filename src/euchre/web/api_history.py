"""A member's history and the club's ratings in the JSON API, and the history as a CSV file.

Public (names only, never contact details), behind the club code when the club set one
(docs/season.md, "A member's history", "Ratings on the pages", "Club-only pages").
"""

from __future__ import annotations

import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from pydantic import BaseModel, BeforeValidator, TypeAdapter

from euchre.store import history
from euchre.store.csv_text import csv_text
from euchre.store.members import list_members
from euchre.tournament.ratings import PROVISIONAL_SIGMA_POINTS, MemberRating
from euchre.web.club_gate import require_club
from euchre.web.deps import database, download, file_route
from euchre.web.schemas import ErrorOut

__all__ = ["PROVISIONAL_RULE", "RatingOut", "history_query", "rating_out", "router"]

_errors: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorOut} for status in (400, 401, 404, 422)
}
router = APIRouter(
    prefix="/api", tags=["members"], responses=_errors, dependencies=[Depends(require_club)]
)
Id = Annotated[int, Path(ge=1, le=2_147_483_647)]


PROVISIONAL_RULE = (
    f"provisional while its uncertainty is above {PROVISIONAL_SIGMA_POINTS:g} points a game "
    f"(about 50 games), listed apart and not ranked"
)
"""The provisional rule in the words the pages print (docs/season.md, "Ratings")."""


class RatingOut(BaseModel):
    """A member's rating: the belief ``mu`` ± ``sigma``, the number shown
    (``display`` = mu − 3·sigma), the games it rests on, the uncertainty in points a game
    (``sigma_points``) and ``provisional`` while that is above the bar (docs/season.md)."""

    mu: float
    sigma: float
    display: float
    games: int
    sigma_points: float
    """``sigma`` in points a game, the unit of the provisional bar."""
    provisional: bool


def rating_out(rating: MemberRating) -> RatingOut:
    """A rating as the API shows it (3 decimals)."""
    return RatingOut(
        mu=round(rating.mu, 3),
        sigma=round(rating.sigma, 3),
        display=round(rating.display, 3),
        games=rating.games,
        sigma_points=round(rating.sigma_points, 3),
        provisional=rating.provisional,
    )


def _empty_is_none(value: object) -> object:
    """A filter left empty on the page's form (``since=``) is no filter."""
    return None if value == "" else value


class HistoryQuery(BaseModel):
    """The filters and order of a history, as query parameters (empty: no filter)."""

    sheet: Annotated[str | None, BeforeValidator(_empty_is_none)] = None
    partner: Annotated[int | None, BeforeValidator(_empty_is_none)] = None
    since: Annotated[datetime.date | None, BeforeValidator(_empty_is_none)] = None
    until: Annotated[datetime.date | None, BeforeValidator(_empty_is_none)] = None
    sort: history.HistorySort = history.HistorySort.DATE
    order: Literal["asc", "desc"] = "asc"


def history_query(query: HistoryQuery) -> tuple[history.HistoryFilter, history.HistorySort, bool]:
    """The store's filter, sort and direction for ``query``."""
    wanted = history.HistoryFilter(
        sheet=query.sheet or None, partner=query.partner, since=query.since, until=query.until
    )
    return wanted, query.sort, query.order == "desc"


def read_history(request: Request, member_id: int, query: HistoryQuery) -> history.MemberHistory:
    """The history the API, the CSV file and the member's page show."""
    wanted, sort, descending = history_query(query)
    with database(request).read() as session:
        return history.member_history(
            session, member_id=member_id, wanted=wanted, sort=sort, descending=descending
        )


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


class RatedMemberOut(BaseModel):
    """A line of the club's ratings list: ``rank`` 1, 2, ... for an established rating,
    None for a provisional one (listed after them, by name, not ranked)."""

    member_id: int
    name: str
    rank: int | None
    rating: RatingOut


def ratings_list(request: Request) -> list[RatedMemberOut]:
    """Every active member on the roster with a rated game: the established ratings ranked,
    highest displayed rating first, then the provisional ones apart, by name and unranked
    (the list the page shows). A member the club sets inactive leaves the list (his games
    still rate the others; set active again, he is back with his rating); a guest, no
    member, is never in it (docs/season.md, "Guests" and "Ratings on the pages")."""
    with database(request).read() as session:
        table = history.club_ratings(session)
        names = {member.id: member.name for member in list_members(session) if member.active}
    ranked = [rating for rating in table.ranked() if rating.member_id in names]
    provisional = sorted(
        (rating for rating in table.provisional() if rating.member_id in names),
        key=lambda rating: (names[rating.member_id].casefold(), rating.member_id),
    )
    return [
        *(
            RatedMemberOut(
                member_id=rating.member_id,
                name=names[rating.member_id],
                rank=place,
                rating=rating_out(rating),
            )
            for place, rating in enumerate(ranked, start=1)
        ),
        *(
            RatedMemberOut(
                member_id=rating.member_id,
                name=names[rating.member_id],
                rank=None,
                rating=rating_out(rating),
            )
            for rating in provisional
        ),
    ]


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
