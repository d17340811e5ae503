"""A member's history and the club's ratings, both read from :func:`club_record`
(docs/season.md, "A member's history" and "Ratings on the pages").

A history lists every game a member played (partner, opponents, points, lone hands, euchres,
penalties), filtered by sheet, partner and dates and sorted as asked, with its totals, the
prizes and cups won, and the partners and opponents met most with how those games went.
Names are the members' names as the roster spells them now (a player who is no member keeps
the name he played under); contact details never appear here.

Ratings are computed on read from every recorded game by ``rate_games`` and cached under the
club's results version: a corrected result, a new game or a merge changes the version, and the
next read recomputes them from scratch (so they are always what the games say, whatever order
they were entered in).
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from pydantic import ConfigDict
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from euchre.store.club.games import ClubGame, ClubRecord, club_record
from euchre.store.club.members import get_member
from euchre.store.errors import StoreError
from euchre.store.models import AuditEntry, Member
from euchre.tournament.codec import Choice
from euchre.tournament.ratings import MemberRating, RatingTable, rate_games

__all__ = [
    "Acquaintance",
    "AwardLine",
    "HistoryFilter",
    "HistoryGame",
    "HistorySitOut",
    "HistorySort",
    "HistoryTotals",
    "MemberHistory",
    "club_ratings",
    "games_played",
    "member_history",
    "member_rating",
]

_ANSWER = ConfigDict(json_schema_serialization_defaults_required=True)
"""The API's answer is these dataclasses as they are (``web.api_history``): every field is
written, so its schema lists the fields with defaults as required too."""


class HistorySort(Choice):
    """How a history's games are ordered: by date (play order), points, margin or event."""

    DATE = "date"
    POINTS = "points"
    MARGIN = "margin"
    EVENT = "event"


@dataclass(frozen=True, slots=True)
class HistoryFilter:
    """Which games a history shows: one sheet (rule profile id), games with one partner
    (member id), and a date range (both ends included); None: no filter."""

    sheet: str | None = None
    partner: int | None = None
    since: datetime.date | None = None
    until: datetime.date | None = None

    def __post_init__(self) -> None:
        if self.since is not None and self.until is not None and self.since > self.until:
            raise StoreError(
                f"the date range runs backwards: from {self.since.isoformat()} "
                f"to {self.until.isoformat()}"
            )


@dataclass(frozen=True, slots=True)
class HistoryGame:
    """One game from the member's side: ``result`` is "won", "lost" or "level"."""

    event_id: int
    event_name: str
    date: datetime.date
    sheet: str
    stage: str
    round: int
    table: int
    partner_id: int | None
    partner: str | None
    opponent_ids: tuple[int | None, ...]
    opponents: tuple[str, ...]
    points: int
    points_against: int
    result: str
    lone_hands: int
    euchres: int
    penalty_points: int
    penalties: int
    computer: bool


@dataclass(frozen=True, slots=True)
class AwardLine:
    """A prize or the euchred cup a member won at one event."""

    event_id: int
    event_name: str
    date: datetime.date
    kind: str
    place: str
    amount_cents: int


@dataclass(frozen=True, slots=True)
class HistorySitOut:
    """A round the member sat out, and the points the event's sheet gave it (in his night's
    points, as the event's standings and the season count them; no game)."""

    __pydantic_config__: ClassVar[ConfigDict] = _ANSWER

    event_id: int
    event_name: str
    date: datetime.date
    sheet: str
    round: int
    points: int


@dataclass(slots=True)
class HistoryTotals:
    """What the shown games add up to, with the events they were played at and the prizes
    and cups won there (``prize_cents``: the money of both)."""

    __pydantic_config__: ClassVar[ConfigDict] = _ANSWER

    games: int = 0
    won: int = 0
    lost: int = 0
    level: int = 0
    points: int = 0
    points_against: int = 0
    lone_hands: int = 0
    euchres: int = 0
    penalty_points: int = 0
    penalties: int = 0
    events: int = 0
    prizes: int = 0
    cups: int = 0
    prize_cents: int = 0
    sit_outs: int = 0
    """Rounds sat out at the events shown (no games)."""
    sit_out_points: int = 0
    """The points those sit-outs scored."""
    night_points: int = 0
    """``points`` plus ``sit_out_points``: what the events' standings and a season add up."""

    def add(self, game: HistoryGame) -> None:
        """Count one more game."""
        self.games += 1
        self.won += game.result == "won"
        self.lost += game.result == "lost"
        self.level += game.result == "level"
        self.points += game.points
        self.points_against += game.points_against
        self.lone_hands += game.lone_hands
        self.euchres += game.euchres
        self.penalty_points += game.penalty_points
        self.penalties += game.penalties


@dataclass(slots=True)
class Acquaintance:
    """A partner or an opponent, and how the games with (or against) him went for the
    member: won, lost, level, and the member's points for and against."""

    __pydantic_config__: ClassVar[ConfigDict] = _ANSWER

    member_id: int | None
    name: str
    games: int = 0
    won: int = 0
    lost: int = 0
    level: int = 0
    points: int = 0
    points_against: int = 0


@dataclass(frozen=True, slots=True)
class MemberHistory:
    """A member's games (filtered and sorted), totals, awards and the people met most."""

    __pydantic_config__: ClassVar[ConfigDict] = _ANSWER

    member_id: int
    name: str
    games: list[HistoryGame]
    totals: HistoryTotals
    awards: list[AwardLine]
    partners: list[Acquaintance]
    opponents: list[Acquaintance]
    sheets: list[str] = field(default_factory=list)
    """Every sheet the member has played (for the page's filter), filter or not."""
    sit_outs: list[HistorySitOut] = field(default_factory=list)
    """The rounds sat out at the events shown (a filter on a partner shows none)."""


def _from_side(
    game: ClubGame, side: int, member_id: int, record: ClubRecord, names: Mapping[int, str]
) -> HistoryGame:
    own = partner = None
    for player in game.sides[side]:
        if own is None and player.member_id == member_id:
            own = player
        else:
            partner = player
    assert own is not None  # the record lists the game under this member on this side
    opponents = game.sides[1 - side]
    points_against = game.side_points[1 - side]
    result = "level" if game.winner is None else "won" if game.winner == side else "lost"
    if not game.sides[1]:
        # A table of three: no partner; the other two are opponents, their totals against
        # him; the top scorer (each, on a tie) won.
        opponents = tuple(player for player in game.sides[0] if player is not own)
        partner = None
        points_against = sum(player.points for player in opponents)
        top = max(player.points for player in game.sides[0])
        result = "won" if own.points == top else "lost"
    event = record.events[game.event_id]
    return HistoryGame(
        event_id=game.event_id,
        event_name=event.name,
        date=game.event_date,
        sheet=event.sheet,
        stage=game.stage,
        round=game.round,
        table=game.table,
        partner_id=None if partner is None else partner.member_id,
        partner=None if partner is None else names.get(partner.member_id or 0, partner.name),
        opponent_ids=tuple(player.member_id for player in opponents),
        opponents=tuple(names.get(player.member_id or 0, player.name) for player in opponents),
        points=own.points,
        points_against=points_against,
        result=result,
        lone_hands=own.lone_hands,
        euchres=own.euchres,
        penalty_points=own.penalty_points,
        penalties=own.penalties,
        computer=own.computer,
    )


def _keep(game: HistoryGame, wanted: HistoryFilter) -> bool:
    if wanted.sheet is not None and game.sheet != wanted.sheet:
        return False
    if wanted.since is not None and game.date < wanted.since:
        return False
    if wanted.until is not None and game.date > wanted.until:
        return False
    return wanted.partner is None or game.partner_id == wanted.partner


def _keep_sit_out(sit_out: HistorySitOut, wanted: HistoryFilter) -> bool:
    if wanted.partner is not None or (wanted.sheet is not None and sit_out.sheet != wanted.sheet):
        return False
    if wanted.since is not None and sit_out.date < wanted.since:
        return False
    return wanted.until is None or sit_out.date <= wanted.until


@dataclass(frozen=True, slots=True)
class _MemberGames:
    """A member's games from his side in play order, his sit-outs, and what they add up to
    (worked out once for the history without filters, the one asked for most)."""

    games: list[HistoryGame]
    summary: _Summary
    sit_outs: list[HistorySitOut] = field(default_factory=list)


_index_lock = threading.Lock()
_index: dict[str, tuple[tuple[object, ...], dict[int, _MemberGames]]] = {}


def _history_index(session: Session, record: ClubRecord) -> Mapping[int, _MemberGames]:
    """Every member's games from his side, in play order, built in one pass over the club's
    games and cached under the record's version and the newest audit line (a member renamed
    is in the audit log, and histories show the roster's names), so a history is a filter and
    a sort of a ready list."""
    url = str(record.version[0])
    version = (*record.version, session.scalar(select(func.max(AuditEntry.id))) or 0)
    with _index_lock:
        cached = _index.get(url)
    if cached is not None and cached[0] == version:
        return cached[1]
    names = {member_id: name for member_id, name in session.execute(select(Member.id, Member.name))}
    index: dict[int, list[HistoryGame]] = {}
    for game in record.games:
        for side, players in enumerate(game.sides):
            for player in players:
                if player.member_id is not None:
                    index.setdefault(player.member_id, []).append(
                        _from_side(game, side, player.member_id, record, names)
                    )
    rested: dict[int, list[HistorySitOut]] = {}
    for sit_out in record.sit_outs:
        if sit_out.member_id is not None:
            event = record.events[sit_out.event_id]
            rested.setdefault(sit_out.member_id, []).append(
                HistorySitOut(
                    event_id=sit_out.event_id,
                    event_name=event.name,
                    date=sit_out.event_date,
                    sheet=event.sheet,
                    round=sit_out.round,
                    points=sit_out.points,
                )
            )
    members = {
        member_id: _MemberGames(
            games,
            _summary(games, member_id, record, rested.get(member_id, [])),
            rested.get(member_id, []),
        )
        for member_id, games in {
            member: index.get(member, []) for member in {*index, *rested}
        }.items()
    }
    with _index_lock:
        _index[url] = (version, members)
    return members


def _sort_key(sort: HistorySort) -> Callable[[HistoryGame], Any]:
    if sort is HistorySort.POINTS:
        return lambda game: game.points
    if sort is HistorySort.MARGIN:
        return lambda game: game.points - game.points_against
    if sort is HistorySort.EVENT:
        return lambda game: (game.event_name.casefold(), game.event_id)
    return lambda game: game.date


_OUTCOME = {"won": 0, "lost": 1, "level": 2}


def _met(games: list[HistoryGame], *, partners: bool) -> list[Acquaintance]:
    """The partners (or opponents) of ``games``, most games first, then by name."""
    # Plain lists while counting (a game's few people, a thousand games): the Acquaintance
    # objects are made once at the end.
    counts: dict[tuple[int | None, str], list[Any]] = {}
    for game in games:
        people: Any
        if partners:
            people = ((game.partner_id, game.partner),) if game.partner is not None else ()
        else:
            people = zip(game.opponent_ids, game.opponents, strict=True)
        outcome = _OUTCOME[game.result]
        for member_id, name in people:
            key = (member_id, "" if member_id is not None else name)
            entry = counts.get(key)
            if entry is None:
                entry = counts[key] = [name, 0, 0, 0, 0, 0, 0]
            entry[1] += 1
            entry[2 + outcome] += 1
            entry[5] += game.points
            entry[6] += game.points_against
    met = [
        Acquaintance(
            member_id=member_id,
            name=entry[0],
            games=entry[1],
            won=entry[2],
            lost=entry[3],
            level=entry[4],
            points=entry[5],
            points_against=entry[6],
        )
        for (member_id, _), entry in counts.items()
    ]
    return sorted(met, key=lambda entry: (-entry.games, entry.name.casefold()))


@dataclass(frozen=True, slots=True)
class _Summary:
    """What a list of a member's games adds up to (the part of a history its order leaves
    alone)."""

    totals: HistoryTotals
    awards: list[AwardLine]
    partners: list[Acquaintance]
    opponents: list[Acquaintance]


def _summary(
    games: list[HistoryGame],
    member_id: int,
    record: ClubRecord,
    sit_outs: list[HistorySitOut],
) -> _Summary:
    totals = HistoryTotals()
    for game in games:
        totals.add(game)
    totals.sit_outs = len(sit_outs)
    totals.sit_out_points = sum(sit_out.points for sit_out in sit_outs)
    totals.night_points = totals.points + totals.sit_out_points
    shown_events = {game.event_id for game in games} | {out.event_id for out in sit_outs}
    totals.events = len(shown_events)
    awards = [
        AwardLine(
            event_id=award.event_id,
            event_name=record.events[award.event_id].name,
            date=record.events[award.event_id].date,
            kind=award.kind,
            place=award.place,
            amount_cents=award.amount_cents,
        )
        for award in record.awards
        if award.member_id == member_id and award.event_id in shown_events
    ]
    awards.sort(key=lambda award: (award.date, award.event_id, award.kind))
    totals.prizes = sum(award.kind == "prize" for award in awards)
    totals.cups = sum(award.kind == "cup" for award in awards)
    totals.prize_cents = sum(award.amount_cents for award in awards)
    return _Summary(
        totals=totals,
        awards=awards,
        partners=_met(games, partners=True),
        opponents=_met(games, partners=False),
    )


def member_history(
    session: Session,
    *,
    member_id: int,
    wanted: HistoryFilter | None = None,
    sort: HistorySort = HistorySort.DATE,
    descending: bool = False,
) -> MemberHistory:
    """``member_id``'s games (``wanted`` filters them; ``sort`` orders them, play order
    breaking ties), their totals, the awards of the events shown and the partners and
    opponents met most in them (``NotFoundError`` for an unknown member; a member merged
    into another has no games left: they are the kept member's)."""
    member = get_member(session, member_id=member_id)
    wanted = wanted or HistoryFilter()
    record = club_record(session)
    entry = _history_index(session, record).get(member_id)
    played = entry.games if entry is not None else []
    rested = entry.sit_outs if entry is not None else []
    if entry is not None and wanted == HistoryFilter():
        games, summary, sit_outs = list(played), entry.summary, list(rested)
    else:
        games = [game for game in played if _keep(game, wanted)]
        sit_outs = [sit_out for sit_out in rested if _keep_sit_out(sit_out, wanted)]
        summary = _summary(games, member_id, record, sit_outs)
    if sort != HistorySort.DATE or descending:
        games.sort(key=_sort_key(HistorySort(sort)), reverse=descending)
    return MemberHistory(
        member_id=member.id,
        name=member.name,
        games=games,
        totals=replace(summary.totals),
        awards=list(summary.awards),
        partners=list(summary.partners),
        opponents=list(summary.opponents),
        sheets=sorted({game.sheet for game in played}),
        sit_outs=sit_outs,
    )


_ratings_lock = threading.Lock()
_ratings: dict[str, tuple[tuple[object, ...], RatingTable]] = {}


def club_ratings(session: Session) -> RatingTable:
    """Every member's rating from every recorded game (computed on read, cached under the
    club's results version: any new or corrected result recomputes them all from scratch)."""
    record = club_record(session)
    url = str(record.version[0])
    with _ratings_lock:
        cached = _ratings.get(url)
    if cached is not None and cached[0] == record.version:
        return cached[1]
    table = rate_games(rated for game in record.games if (rated := game.rated()) is not None)
    with _ratings_lock:
        _ratings[url] = (record.version, table)
    return table


def member_rating(session: Session, *, member_id: int) -> MemberRating:
    """``member_id``'s rating (the prior, provisional, for a member with no rated game)."""
    return club_ratings(session).rating(member_id)


def games_played(session: Session, *, member_ids: list[int]) -> dict[int, int]:
    """How many games each of ``member_ids`` has played (the games of his history: every
    recorded game of every event, sit-outs aside; 0 for none)."""
    record = club_record(session)
    return {member: len(record.games_of.get(member, ())) for member in member_ids}
