"""A club's season table from its nights' results: plain data in, ranked rows out.

A season (:class:`SeasonDefinition`) says how it is scored (:class:`SeasonScoring`):

* ``total_points`` — every point of every night;
* ``average`` — points per game played (``min_games`` games to qualify);
* ``best_nights`` — the sum of a member's ``best_nights`` best nights;
* ``place_points`` — each night's place earns that place's points from a table such as
  10, 8, 6, 5, 4, 3, 2, 1; players tied for places k..k+m share the sum of those places'
  points equally (two tied for 2nd on 10, 8, 6 get 7 each), or each take the place's full
  points (``tied_places``); places may be counted among members only, the next member
  moving up past a guest (``non_member_places``).

A season may have sessions (:class:`SeasonSession`) with their own tables:
:meth:`SeasonDefinition.for_session` is the definition a session's table is computed under.

Members level on the season's points are ordered by the director's tie-breaks in the order
listed (:class:`SeasonTieBreak`: most games won, most lone hands, head-to-head, the point
difference of the games the tied members played against each other, as in an event's own
standings). Members still level share the rank and are listed by name. A member below the
minimum attendance (``min_nights``) or below ``min_games`` does not qualify: such members are
listed apart, below the qualifiers, without a rank. Each row says which nights counted and the
member's movement since the last night (rank before the latest night minus rank now).

:func:`season_table` is a pure function of the definition and the nights, so a corrected
result in a past night simply gives a new table. See ``docs/season.md``.
"""

from __future__ import annotations

import datetime
import itertools
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Annotated

from pydantic import Field, PlainSerializer

from euchre.tournament.codec import AS_TEXT, OMIT_FALSE, Choice, JsonCodec, one_of
from euchre.tournament.errors import TournamentError
from euchre.tournament.standings import split_cents

__all__ = [
    "GameRecord",
    "InactiveMembers",
    "NightPoints",
    "NightResult",
    "NonMemberPlaces",
    "SeasonDefinition",
    "SeasonNight",
    "SeasonPrize",
    "SeasonRow",
    "SeasonScoring",
    "SeasonSession",
    "SeasonTable",
    "SeasonTieBreak",
    "TiedPlaces",
    "member_places",
    "place_points_shares",
    "season_table",
]

MemberId = int


class SeasonScoring(Choice):
    """How a season adds its nights up."""

    TOTAL_POINTS = "total_points"
    AVERAGE = "average"
    BEST_NIGHTS = "best_nights"
    PLACE_POINTS = "place_points"


class SeasonTieBreak(Choice):
    """What orders members level on season points, in the director's order."""

    GAMES_WON = "games_won"
    LONE_HANDS = "lone_hands"
    HEAD_TO_HEAD = "head_to_head"


class InactiveMembers(Choice):
    """What a season does with a member the club has set inactive on its roster: he stays in
    its table with the nights he played (``stay``, the default), or leaves it (``leave``:
    the table ranks the others; his nights' results stay in the events)."""

    STAY = "stay"
    LEAVE = "leave"


class NonMemberPlaces(Choice):
    """What a place taken by a non-member (a guest, or a member the season leaves out) does
    to the members below him for ``place_points``: ``empty`` (the default: the place's
    points go to nobody, each member keeps the event's place) or ``next_member`` (the next
    member moves up: places are counted among the season's members only)."""

    EMPTY = "empty"
    NEXT_MEMBER = "next_member"


class TiedPlaces(Choice):
    """How players tied for a place share ``place_points``: ``share`` (the default: players
    tied for places k..k+m share the sum of those places' points) or ``full`` (each tied
    player takes that place's full points, as LVEA's sheet says)."""

    SHARE = "share"
    FULL = "full"


_SCORING = one_of(SeasonScoring, "unknown scoring {value!r}; choose one of {choices}")
_TIE_BREAK = one_of(SeasonTieBreak, "unknown tie-break {value!r}; choose from {choices}")


@dataclass(frozen=True, kw_only=True)
class SeasonPrize(JsonCodec):
    """A season prize for a place (1 = the winner); members tied across prize places share
    the money of the places they tie for."""

    place: int
    label: str
    amount_cents: int = 0


@dataclass(frozen=True, kw_only=True)
class SeasonSession(JsonCodec):
    """A part of the season with its own table (a spring and a fall session): the nights
    dated ``start`` to ``end``, both included, scored as the season is, with its own
    qualifying bars and prizes (none unless given)."""

    name: str
    start: datetime.date
    end: datetime.date
    min_nights: Annotated[int, OMIT_FALSE] = 0
    min_games: Annotated[int, OMIT_FALSE] = 0
    prizes: Annotated[tuple[SeasonPrize, ...], OMIT_FALSE] = ()


@dataclass(frozen=True, kw_only=True)
class SeasonDefinition(JsonCodec):
    """How a season is scored. Invalid combinations raise :class:`TournamentError` naming the
    field (a ``best_nights`` count with another scoring, a rising place table...)."""

    name: str
    scoring: Annotated[SeasonScoring, _SCORING, AS_TEXT]
    tie_breaks: tuple[Annotated[SeasonTieBreak, _TIE_BREAK, AS_TEXT], ...] = ()
    min_nights: int = 0
    """Minimum attendance (nights played) to qualify."""
    min_games: int = 0
    """Minimum games played to qualify (the ``average`` method's qualifying bar)."""
    best_nights: int | None = None
    """For ``best_nights``: how many of a member's nights count."""
    place_points: tuple[int, ...] = ()
    """For ``place_points``: the points of 1st, 2nd... place each night; later places get 0."""
    prizes: tuple[SeasonPrize, ...] = ()
    inactive_members: Annotated[
        InactiveMembers,
        one_of(InactiveMembers, "choose one of {choices}"),
        AS_TEXT,
        Field(exclude_if=lambda value: value == InactiveMembers.STAY),
    ] = InactiveMembers.STAY
    """Whether members set inactive stay in the table (:class:`InactiveMembers`); guests,
    who are no members, are never in it."""
    non_member_places: Annotated[
        NonMemberPlaces,
        one_of(NonMemberPlaces, "choose one of {choices}"),
        AS_TEXT,
        Field(exclude_if=lambda value: value == NonMemberPlaces.EMPTY),
    ] = NonMemberPlaces.EMPTY
    """For ``place_points``: whether the next member moves up past a non-member's place."""
    tied_places: Annotated[
        TiedPlaces,
        one_of(TiedPlaces, "choose one of {choices}"),
        AS_TEXT,
        Field(exclude_if=lambda value: value == TiedPlaces.SHARE),
    ] = TiedPlaces.SHARE
    """For ``place_points``: whether tied players share the places' points or each take
    the place's full points."""
    sessions: Annotated[tuple[SeasonSession, ...], OMIT_FALSE] = ()
    """Parts of the season with their own tables, in date order, never overlapping."""

    def for_session(self, session: SeasonSession) -> SeasonDefinition:
        """The definition of ``session``'s own table: the season's scoring and tie-breaks,
        the session's name, qualifying bars and prizes."""
        return replace(
            self,
            name=f"{self.name}: {session.name}",
            min_nights=session.min_nights,
            min_games=session.min_games,
            prizes=session.prizes,
            sessions=(),
        )

    def session_named(self, name: str) -> SeasonSession | None:
        """The session called ``name`` (spaces and case aside), or None."""
        wanted = " ".join(name.split()).casefold()
        for session in self.sessions:
            if " ".join(session.name.split()).casefold() == wanted:
                return session
        return None

    def __post_init__(self) -> None:
        problems = list(_definition_problems(self))
        if problems:
            raise TournamentError(f"season {self.name!r}: {'; '.join(problems)}")


def _definition_problems(season: SeasonDefinition) -> Iterable[str]:
    if not season.name.strip():
        yield "name: a season needs a name"
    try:
        scoring = SeasonScoring(season.scoring)
    except ValueError:
        choices = ", ".join(SeasonScoring)
        yield f"scoring: unknown scoring {season.scoring!r}; choose one of {choices}"
        return
    for tie_break in season.tie_breaks:
        if tie_break not in set(SeasonTieBreak):
            choices = ", ".join(SeasonTieBreak)
            yield f"tie_breaks: unknown tie-break {tie_break!r}; choose from {choices}"
    if len(set(season.tie_breaks)) != len(season.tie_breaks):
        yield f"tie_breaks: a tie-break is listed twice in {list(season.tie_breaks)}"
    if season.min_nights < 0:
        yield f"min_nights: must be 0 or more, got {season.min_nights}"
    if season.min_games < 0:
        yield f"min_games: must be 0 or more, got {season.min_games}"
    if scoring is SeasonScoring.BEST_NIGHTS:
        if season.best_nights is None or season.best_nights < 1:
            yield f"best_nights: best_nights scoring needs 1 or more, got {season.best_nights}"
    elif season.best_nights is not None:
        yield f"best_nights: only for best_nights scoring, not {scoring.value}"
    if scoring is SeasonScoring.PLACE_POINTS:
        table = season.place_points
        if not table:
            yield "place_points: place_points scoring needs a table such as [10, 8, 6]"
        elif any(points < 0 for points in table):
            yield f"place_points: points must be 0 or more, got {list(table)}"
        elif any(later > earlier for earlier, later in itertools.pairwise(table)):
            yield f"place_points: a lower place cannot earn more, got {list(table)}"
    elif season.place_points:
        yield f"place_points: only for place_points scoring, not {scoring.value}"
    if scoring is not SeasonScoring.PLACE_POINTS:
        if season.non_member_places != NonMemberPlaces.EMPTY:
            yield f"non_member_places: only for place_points scoring, not {scoring.value}"
        if season.tied_places != TiedPlaces.SHARE:
            yield f"tied_places: only for place_points scoring, not {scoring.value}"
    yield from _session_problems(season.sessions)
    yield from _prize_problems("prizes", season.prizes)


def _prize_problems(where: str, prizes: Sequence[SeasonPrize]) -> Iterable[str]:
    places = [prize.place for prize in prizes]
    if any(place < 1 for place in places) or len(set(places)) != len(places):
        yield f"{where}: places must be distinct and 1 or more, got {places}"
    if any(prize.amount_cents < 0 for prize in prizes):
        yield f"{where}: an amount cannot be negative"


def _session_problems(sessions: Sequence[SeasonSession]) -> Iterable[str]:
    seen: set[str] = set()
    for index, session in enumerate(sessions):
        where = f"sessions.{index}"
        name = " ".join(session.name.split())
        if not name:
            yield f"{where}.name: a session needs a name"
        elif name.casefold() in seen:
            yield f"{where}.name: two sessions are called {name!r}"
        seen.add(name.casefold())
        if session.end < session.start:
            yield (
                f"{where}: session {name!r} ends ({session.end.isoformat()}) before it starts "
                f"({session.start.isoformat()})"
            )
        if session.min_nights < 0 or session.min_games < 0:
            yield f"{where}: min_nights and min_games must be 0 or more"
        yield from _prize_problems(f"{where}.prizes", session.prizes)
    ordered = sorted(sessions, key=lambda session: session.start)
    for earlier, later in itertools.pairwise(ordered):
        if later.start <= earlier.end:
            yield (
                f"sessions: {earlier.name!r} ({earlier.start.isoformat()} to "
                f"{earlier.end.isoformat()}) and {later.name!r} ({later.start.isoformat()} to "
                f"{later.end.isoformat()}) overlap; a night belongs to one session at most"
            )


@dataclass(frozen=True, kw_only=True)
class GameRecord(JsonCodec):
    """One game a member played that night, for head-to-head: who the opponents were and the
    game's points for the member's side and against it."""

    opponents: tuple[MemberId, ...]
    points_for: int
    points_against: int


@dataclass(frozen=True, kw_only=True)
class NightResult(JsonCodec):
    """One member's night, as the event's own standings give it. ``place`` is the member's
    place that night, tied members sharing the best of their places (1, 2, 2, 4)."""

    member_id: MemberId
    name: str
    points: int
    games: int
    games_won: int
    place: int
    lone_hands: int = 0
    euchres: int = 0
    game_records: tuple[GameRecord, ...] = ()
    unit: str = ""
    """The competitor the member played as that night when it was more than him (a fixed
    team): the members of one unit count as one at their place for place points."""
    sit_outs: int = 0
    """Rounds the member sat out that night (no game: not in ``games``)."""
    sit_out_points: int = 0
    """The points those sit-outs scored under the event's sheet (the round's average, fixed
    points, or none): part of ``points``, as in the event's standings."""
    computer_games: int = 0
    """Games a computer player played for the member (online, his seat empty): in
    ``games`` and ``points`` as the event counts them, marked wherever the season shows
    them."""

    @property
    def game_points(self) -> int:
        """The points of the games played (``points`` less the sit-outs' points)."""
        return self.points - self.sit_out_points


@dataclass(frozen=True, kw_only=True)
class SeasonNight(JsonCodec):
    """One event of the season; nights are taken in order of ``date`` then ``key``."""

    key: str
    date: datetime.date
    results: tuple[NightResult, ...]

    def __post_init__(self) -> None:
        members = [result.member_id for result in self.results]
        if len(set(members)) != len(members):
            twice = sorted({member for member in members if members.count(member) > 1})
            raise TournamentError(f"night {self.key!r}: member(s) {twice} listed twice")
        for result in self.results:
            if result.place < 1 or not 0 <= result.games_won <= result.games:
                raise TournamentError(
                    f"night {self.key!r}: {result.name!r} has place {result.place}, "
                    f"{result.games_won} games won of {result.games}; a place is 1 or more "
                    "and games won at most games played"
                )


@dataclass(frozen=True, kw_only=True)
class NightPoints(JsonCodec):
    """A member's points on one night of the season, as that event's standings give them
    (sit-outs' points in), and how many of them came from sitting out."""

    key: str
    points: int
    sit_outs: int = 0
    sit_out_points: int = 0
    computer_games: int = 0


def _three_places(value: Fraction) -> float:
    """A season figure as JSON: a number rounded to 3 places (an average's 7/3 is 2.333)."""
    return round(float(value), 3)


_THREE_PLACES = PlainSerializer(_three_places, return_type=float)


@dataclass(frozen=True, kw_only=True)
class SeasonRow(JsonCodec):
    """A member's line in the season table. ``rank`` is None for a non-qualifier;
    ``movement`` is rank before the latest night minus rank now (up is positive), None when
    the member had no rank before or has none now."""

    member_id: MemberId
    name: str
    rank: int | None
    qualified: bool
    points: Annotated[Fraction, _THREE_PLACES]
    """The season's figure under its scoring (an average for ``average``); its JSON is a
    number rounded to 3 places."""
    games: int
    games_won: int
    lone_hands: int
    euchres: int
    nights: int
    """Nights attended."""
    nights_counted: tuple[str, ...]
    """The keys of the nights that make up ``points``, in night order."""
    tied: bool = False
    previous_rank: int | None = None
    movement: int | None = None
    prizes: tuple[str, ...] = ()
    prize_cents: int = 0
    total_points: int = 0
    """Every point of every night attended, sit-outs' points in (the nights' columns' sum)."""
    sit_outs: int = 0
    sit_out_points: int = 0
    computer_games: int = 0
    """Games a computer player played for the member (in ``games``)."""
    by_night: tuple[NightPoints, ...] = ()
    """The member's points night by night (nights attended, in night order)."""


@dataclass(frozen=True, kw_only=True)
class SeasonTable(JsonCodec):
    """The season's rows (qualifiers ranked, then non-qualifiers) and its nights in order."""

    season: str
    nights: tuple[str, ...]
    rows: tuple[SeasonRow, ...]


def _units_by_place(places: Sequence[int], units: Sequence[str] | None) -> dict[int, set[str]]:
    """Each place -> the competitors at it (a fixed team's members count once)."""
    seen: dict[int, set[str]] = defaultdict(set)
    for index, place in enumerate(places):
        unit = units[index] if units is not None and units[index] else f"#{index}"
        seen[place].add(unit)
    return seen


def member_places(places: Sequence[int], units: Sequence[str] | None = None) -> list[int]:
    """The ``places`` counted among these players only ("the next member moves up"): each
    player's place is 1 + the competitors listed above him, so players tied keep their tie
    (event places 2, 2, 5 of three members are 1, 1, 3)."""
    counts = {place: len(at) for place, at in _units_by_place(places, units).items()}
    renumbered: dict[int, int] = {}
    above = 0
    for place in sorted(counts):
        renumbered[place] = above + 1
        above += counts[place]
    return [renumbered[place] for place in places]


def place_points_shares(
    places: Sequence[int],
    table: Sequence[int],
    units: Sequence[str] | None = None,
    tied: TiedPlaces = TiedPlaces.SHARE,
) -> list[Fraction]:
    """The season points of each of a night's ``places`` (tied players share a place
    number): players tied for places k..k+m share the sum of those places' points, or each
    take place k's full points (``tied`` is ``full``). ``units`` (one per place, "" for a
    player on his own) counts the members of one fixed team once: each of them gets the
    team's share."""
    share: dict[int, Fraction] = {}
    for place, at in _units_by_place(places, units).items():
        if tied is TiedPlaces.FULL:
            share[place] = Fraction(table[place - 1] if place <= len(table) else 0)
            continue
        spanned = [
            table[index] for index in range(place - 1, place - 1 + len(at)) if index < len(table)
        ]
        share[place] = Fraction(sum(spanned), len(at))
    return [share[place] for place in places]


@dataclass
class _Member:
    member_id: MemberId
    name: str
    nights: list[tuple[str, NightResult, Fraction]] = field(default_factory=list)

    def total(self, attribute: str) -> int:
        return sum(int(getattr(result, attribute)) for _key, result, _place in self.nights)


def _figure(season: SeasonDefinition, member: _Member) -> tuple[Fraction, tuple[str, ...]]:
    """The member's season figure and the nights it counts."""
    keys = tuple(key for key, _result, _place in member.nights)
    scoring = SeasonScoring(season.scoring)
    if scoring is SeasonScoring.TOTAL_POINTS:
        return Fraction(member.total("points")), keys
    if scoring is SeasonScoring.AVERAGE:
        # The played-games average: a sit-out is no game, so neither its points nor a game
        # for it count here (docs/season.md, "Sit-outs").
        games = member.total("games")
        played = member.total("points") - member.total("sit_out_points")
        return (Fraction(played, games) if games else Fraction(0)), keys
    if scoring is SeasonScoring.PLACE_POINTS:
        return sum((place for _key, _result, place in member.nights), Fraction(0)), keys
    # Best nights: the highest scores; between equal nights the earlier counts.
    order = {key: index for index, key in enumerate(keys)}
    best = sorted(member.nights, key=lambda night: (-night[1].points, order[night[0]]))
    chosen = {key for key, _result, _place in best[: season.best_nights]}
    counted = tuple(key for key in keys if key in chosen)
    return Fraction(
        sum(result.points for key, result, _place in member.nights if key in chosen)
    ), counted


def _head_to_head(member: _Member, group: set[MemberId]) -> int:
    """Point difference of the member's games against the others in ``group``."""
    difference = 0
    for _key, result, _place in member.nights:
        for game in result.game_records:
            meetings = sum(1 for opponent in game.opponents if opponent in group)
            difference += meetings * (game.points_for - game.points_against)
    return difference


def _split(
    group: list[_Member],
    tie_breaks: Sequence[SeasonTieBreak],
) -> list[list[_Member]]:
    """``group`` (level on points) in order of the tie-breaks: sub-groups still level."""
    if len(group) < 2 or not tie_breaks:
        return [group]
    first, rest = tie_breaks[0], tie_breaks[1:]
    members = {member.member_id for member in group}

    def value(member: _Member) -> int:
        if first is SeasonTieBreak.HEAD_TO_HEAD:
            return _head_to_head(member, members - {member.member_id})
        return member.total(first.value)

    by_value: dict[int, list[_Member]] = defaultdict(list)
    for member in group:
        by_value[value(member)].append(member)
    ordered: list[list[_Member]] = []
    for key in sorted(by_value, reverse=True):
        ordered.extend(_split(by_value[key], rest))
    return ordered


def _ranked(
    season: SeasonDefinition, nights: Sequence[SeasonNight]
) -> list[tuple[_Member, Fraction, tuple[str, ...], bool, int | None, bool]]:
    """(member, figure, nights counted, qualified, rank, tied) in table order."""
    members: dict[MemberId, _Member] = {}
    for night in nights:
        units = [result.unit for result in night.results]
        places = [result.place for result in night.results]
        if NonMemberPlaces(season.non_member_places) is NonMemberPlaces.NEXT_MEMBER:
            places = member_places(places, units)
        shares = place_points_shares(
            places, season.place_points, units, TiedPlaces(season.tied_places)
        )
        for result, share in zip(night.results, shares, strict=True):
            member = members.setdefault(result.member_id, _Member(result.member_id, result.name))
            member.name = result.name
            member.nights.append((night.key, result, share))
    figures = {member_id: _figure(season, member) for member_id, member in members.items()}

    def qualifies(member: _Member) -> bool:
        return len(member.nights) >= season.min_nights and member.total("games") >= season.min_games

    tie_breaks = [SeasonTieBreak(tie_break) for tie_break in season.tie_breaks]
    out: list[tuple[_Member, Fraction, tuple[str, ...], bool, int | None, bool]] = []
    for qualified in (True, False):
        pool = [member for member in members.values() if qualifies(member) == qualified]
        by_figure: dict[Fraction, list[_Member]] = defaultdict(list)
        for member in pool:
            by_figure[figures[member.member_id][0]].append(member)
        position = 1
        for figure in sorted(by_figure, reverse=True):
            for group in _split(by_figure[figure], tie_breaks):
                group.sort(key=lambda member: (member.name, member.member_id))
                for member in group:
                    rank = position if qualified else None
                    counted = figures[member.member_id][1]
                    out.append((member, figure, counted, qualified, rank, len(group) > 1))
                position += len(group)
    return out


def _prizes(
    prizes: Sequence[SeasonPrize], ranks: Mapping[MemberId, int]
) -> dict[MemberId, tuple[tuple[str, ...], int]]:
    """Each prize-winner's prizes and money; tied members share the places they span."""
    by_place = {prize.place: prize for prize in prizes}
    groups: dict[int, list[MemberId]] = defaultdict(list)
    for member_id, rank in ranks.items():
        groups[rank].append(member_id)
    awards: dict[MemberId, tuple[tuple[str, ...], int]] = {}
    for rank, group in groups.items():
        spanned = [by_place[place] for place in range(rank, rank + len(group)) if place in by_place]
        if not spanned:
            continue
        labels = tuple(prize.label for prize in spanned)
        money = split_cents(sum(prize.amount_cents for prize in spanned), len(group))
        for member_id, cents in zip(sorted(group), money, strict=True):
            awards[member_id] = (labels, cents)
    return awards


def season_table(season: SeasonDefinition, nights: Iterable[SeasonNight]) -> SeasonTable:
    """The season table after every night in ``nights`` (any order; taken by date then
    key), with each member's movement since the night before the latest."""
    ordered = sorted(nights, key=lambda night: (night.date, night.key))
    keys = [night.key for night in ordered]
    if len(set(keys)) != len(keys):
        raise TournamentError(f"season {season.name!r}: a night is listed twice in {keys}")
    previous = {
        member.member_id: rank
        for member, _figure, _counted, _qualified, rank, _tied in _ranked(season, ordered[:-1])
        if rank is not None
    }
    ranked = _ranked(season, ordered)
    ranks = {member.member_id: rank for member, *_rest, rank, _tied in ranked if rank is not None}
    awards = _prizes(season.prizes, ranks)
    rows = []
    for member, figure, counted, qualified, rank, tied in ranked:
        before = previous.get(member.member_id)
        labels, cents = awards.get(member.member_id, ((), 0))
        rows.append(
            SeasonRow(
                member_id=member.member_id,
                name=member.name,
                rank=rank,
                qualified=qualified,
                points=figure,
                games=member.total("games"),
                games_won=member.total("games_won"),
                lone_hands=member.total("lone_hands"),
                euchres=member.total("euchres"),
                nights=len(member.nights),
                nights_counted=counted,
                tied=tied,
                previous_rank=before,
                movement=None if before is None or rank is None else before - rank,
                prizes=labels,
                prize_cents=cents,
                total_points=member.total("points"),
                sit_outs=member.total("sit_outs"),
                sit_out_points=member.total("sit_out_points"),
                computer_games=member.total("computer_games"),
                by_night=tuple(
                    NightPoints(
                        key=key,
                        points=result.points,
                        sit_outs=result.sit_outs,
                        sit_out_points=result.sit_out_points,
                        computer_games=result.computer_games,
                    )
                    for key, result, _share in member.nights
                ),
            )
        )
    return SeasonTable(season=season.name, nights=tuple(keys), rows=tuple(rows))
