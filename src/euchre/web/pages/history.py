"""Public pages of the club's members: a member's history (``/members/{id}``) with his rating,
and the club's ratings list (``/ratings``). Names only, never contact details; behind the club
code when the club set one. The pages read what the API returns (``api_history``), so the
page and the JSON always agree.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from euchre.store.club import history, members
from euchre.store.errors import NotFoundError
from euchre.web.common.club_access import club_gate
from euchre.web.common.deps import database, optional_director
from euchre.web.common.templating import render
from euchre.web.views.history import (
    PROVISIONAL_RULE,
    HistoryQuery,
    rating_out,
    ratings_list,
    read_history,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

GAMES_A_PAGE = 100
"""Games on one page of a member's history (the API and the files give them all)."""

SORT_COLUMNS = (
    ("date", "Date"),
    ("event", "Event"),
    ("points", "Points"),
    ("margin", "Margin"),
)


def _query_text(query: HistoryQuery, **changes: str) -> str:
    """``query`` as a query string, with ``changes`` (empty values left out)."""
    values: dict[str, str] = {
        "sheet": query.sheet or "",
        "partner": "" if query.partner is None else str(query.partner),
        "since": "" if query.since is None else query.since.isoformat(),
        "until": "" if query.until is None else query.until.isoformat(),
        "sort": str(query.sort) if query.sort != history.HistorySort.DATE else "",
        "order": query.order if query.order != "asc" else "",
    }
    values.update(changes)
    return urlencode({key: value for key, value in values.items() if value})


def _sort_links(query: HistoryQuery) -> list[dict[str, Any]]:
    """Each sort column's link: the same filters, that sort, and the other direction when it
    is the sort shown now."""
    links = []
    for key, label in SORT_COLUMNS:
        current = str(query.sort) == key
        order = "desc" if current and query.order == "asc" else "asc"
        links.append(
            {
                "key": key,
                "label": label,
                "current": current,
                "arrow": ("▲" if query.order == "asc" else "▼") if current else "",
                "href": "?" + _query_text(query, sort=key, order=order if order == "desc" else ""),
            }
        )
    return links


@router.get("/members/{member_id}", response_class=HTMLResponse)
def member_page(
    request: Request,
    member_id: int,
    query: Annotated[HistoryQuery, Query()],
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
) -> Response:
    """A member's page: rating, totals, prizes, partners and opponents met most, and his
    games (``GAMES_A_PAGE`` a page, in the order asked), with filters and sorting as links
    and the history's CSV and JSON files (every game)."""
    gate = club_gate(request)
    if gate is not None:
        return gate
    found = read_history(request, member_id, query)
    pages = max(1, -(-len(found.games) // GAMES_A_PAGE))
    page = min(page, pages)
    shown = found.games[(page - 1) * GAMES_A_PAGE : page * GAMES_A_PAGE]
    here = _query_text(query)
    choices = {met.member_id: met.name for met in found.partners if met.member_id is not None}
    with database(request).read() as session:
        rating = rating_out(history.member_rating(session, member_id=member_id))
        if query.partner is not None and query.partner not in choices:
            # A partner filter he never played with: still named in the box, with no games.
            try:
                chosen = members.get_member(session, member_id=query.partner).name
            except NotFoundError:
                chosen = f"member {query.partner}"
            choices[query.partner] = chosen
    partners = sorted(choices.items(), key=lambda pair: pair[1].casefold())
    exports = _query_text(query)
    context: dict[str, Any] = {
        "title": found.name,
        "director": optional_director(request),
        "history": found,
        "rating": rating,
        "provisional_rule": PROVISIONAL_RULE,
        "query": query,
        "partners": partners,
        "sorts": _sort_links(query),
        "csv_href": f"/api/members/{member_id}/history.csv" + (f"?{exports}" if exports else ""),
        "json_href": f"/api/members/{member_id}/history.json" + (f"?{exports}" if exports else ""),
        "filtered": any((query.sheet, query.partner, query.since, query.until)),
        "shown": shown,
        "page": page,
        "pages": pages,
        "page_href": lambda number: (
            "?" + "&".join(part for part in (here, f"page={number}" if number > 1 else "") if part)
        ),
        "top": 5,
    }
    return render(request, "pages/public/member.html", context)


@router.get("/ratings", response_class=HTMLResponse)
def ratings_page(request: Request) -> Response:
    """The club's ratings: the established ones ranked, highest displayed rating first, the
    provisional ones apart, unranked; each with its uncertainty."""
    gate = club_gate(request)
    if gate is not None:
        return gate
    context = {
        "title": "Ratings",
        "director": optional_director(request),
        "rows": ratings_list(request),
        "provisional_rule": PROVISIONAL_RULE,
    }
    return render(request, "pages/public/ratings.html", context)
