"""A member's history and the club's ratings list (read model): what the JSON API, its CSV
files and the public pages show, with the words for a provisional rating."""

from __future__ import annotations

import datetime
from typing import Annotated, Literal

from fastapi import Request
from pydantic import BaseModel, BeforeValidator

from euchre.store.club import history
from euchre.store.club.members import list_members
from euchre.tournament.ratings import PROVISIONAL_SIGMA_POINTS, MemberRating
from euchre.web.common.deps import database

__all__ = [
    "PROVISIONAL_RULE",
    "HistoryQuery",
    "RatedMemberOut",
    "RatingOut",
    "history_query",
    "rating_out",
    "ratings_list",
    "read_history",
]


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
