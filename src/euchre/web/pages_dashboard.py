"""One event's dashboard: rounds and table states, waiting scores, standings, players,
penalties, the correction/penalty/seating forms and the audit log.

The page is ``templates/pages/dashboard/event.html``; this module gathers its data. The
standings, prizes and euchred-cup views here are shared with the public pages (the
``standings`` and ``prizes`` macros of ``macros.html``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store import events, members, playoff_conflicts, presets, rounds, scores
from euchre.store.core import display_snapshot, event_config
from euchre.store.models import AuditEntry
from euchre.store.night_end import cut_off_words, main_rounds_started
from euchre.tournament import (
    FORMATS,
    EventSnapshot,
    PlayoffConflict,
    PrizeAward,
    Stage,
    StandingRow,
    TableSeating,
)
from euchre.tournament.cut_off import cut_off_line
from euchre.tournament.movement_words import event_movement_words
from euchre.tournament.penalties import ruling_words
from euchre.tournament.prizes import AWARD
from euchre.tournament.sheets import get_sheet, sheet_players
from euchre.web.corrected_marks import money_lines
from euchre.web.deps import clock_now, database
from euchre.web.page_helpers import page_director
from euchre.web.pages_audit import audit_rows, player_names, with_names
from euchre.web.pages_common import clock, flash_message
from euchre.web.pages_penalties import (
    penalty_kinds,
    penalty_players,
    table_groups,
    uncovered_kinds,
)
from euchre.web.round_words import round_label
from euchre.web.templating import render

__all__ = [
    "AwardLine",
    "ConflictLine",
    "FormRefusal",
    "PrizesView",
    "SidePotView",
    "StandingLine",
    "conflict_lines",
    "dashboard_page",
    "decided_text",
    "prizes_view",
    "router",
    "side_pot_view",
    "standings_rows",
    "tie_break_text",
]

router = APIRouter(include_in_schema=False)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def tie_break_text(name: str, value: int, *, hands_worth_points: int = 4) -> str:
    """One tie-break value as plain English ("final total reached in round 6", "3 games won",
    "head to head +4", "2 4-point hands"), never the criterion's internal name."""
    if name == "hands_worth":
        return _plural(value, f"{hands_worth_points}-point hand")
    if name == "first_to_score":
        return "no points yet" if value <= 0 else f"final total reached in round {value}"
    if name == "games_won":
        return f"{_plural(value, 'game')} won"
    if name == "lone_hands":
        return _plural(value, "lone hand")
    if name == "head_to_head":
        return f"head to head {value:+d}"
    if name == "fewest_euchres":
        return f"euchred {_plural(value, 'time')}"
    if name == "points_against":
        return f"{_plural(value, 'point')} against"
    if name == "playoff_points":
        return f"{_plural(value, 'point')} in the playoff"
    return f"{name.replace('_', ' ')} {value}"


@dataclass(frozen=True)
class StandingLine:
    """One line of the standings table (the ``standings`` macro of ``macros.html``): the
    competitor's row as the standings computed it, and its tie-breaks in words."""

    row: StandingRow
    tie_breaks: str
    """The tie-break values in order, in words (points have their own column)."""


def standings_rows(snapshot: EventSnapshot) -> list[StandingLine]:
    """The standings as the ``standings`` macro shows them (shared with the public pages)."""
    return [
        StandingLine(
            row=row,
            tie_breaks=", ".join(
                tie_break_text(name, value, hands_worth_points=snapshot.config.hands_worth_points)
                for name, value in row.tie_break_values.items()
                if name != "points"  # already its own column
            ),
        )
        for row in snapshot.standings
    ]


_DECIDED_BY = {
    "points": "on points",
    "playoff": "by the playoff",
    "split": "tied: the places' money is shared",
    "last_place": "last place",
    # An award's own words (its basis) say what decided it.
    AWARD: "",
}
"""How a prize place was decided, in words (a tie-break name reads as itself)."""


def decided_text(decided_by: str) -> str:
    """What decided a prize place, for the screen ("on points", "by the tie-break lone
    hands", "level on points: the places are split")."""
    known = _DECIDED_BY.get(decided_by)
    return known if known is not None else f"by the tie-break {decided_by.replace('_', ' ')}"


def _money(cents: int) -> str:
    return f"${cents / 100:.2f}"


@dataclass(frozen=True)
class SidePotView:
    """The euchred cup as the ``side_pot`` macro shows it."""

    paid: bool
    total: str
    state: str
    """What follows the money: who leads, who is paid, or why nobody is."""
    rule: str
    left_out: list[str]
    """Each player the rule leaves out, with the reason."""
    basis: str = ""
    """What the money is made of ("14 at $0.25 a euchred player; ...")."""
    undecided: str = ""
    """Why nobody is paid and who decides (the director), when the rule leaves one player
    or none, or the fewest points are the top score."""


def side_pot_view(snapshot: EventSnapshot) -> SidePotView | None:
    """The euchred cup: the money, its rule in words, who leads (or, once the event is over,
    who is paid), and each player the rule leaves out with the reason."""
    pot = snapshot.side_pot
    if pot is None:
        return None
    names = {row.competitor_id: row.name for row in snapshot.standings}
    winners = ", ".join(
        f"{names.get(name, name)} {_money(share)}"
        for name, share in zip(pot.winners, pot.shares_cents, strict=False)
    )
    if pot.total_cents == 0:
        state = " (nobody has been euchred yet)" if not pot.paid else " (nobody was euchred)"
    elif not winners and pot.undecided:
        state = " not paid: the director decides" if pot.paid else " (the director decides)"
    elif not winners:
        state = " (nobody qualifies yet)"
    elif pot.paid:
        state = f" paid to {winners}"
    else:
        state = f" — fewest points so far: {winners} (not paid until the last game is in)"

    def why(unit: str, reason: str) -> str:
        name = names.get(unit, unit)
        # The reason may already name the player ("Ned arrived for game 2").
        return reason if reason.startswith(name) else f"{name}: {reason}"

    return SidePotView(
        paid=pot.paid,
        total=_money(pot.total_cents),
        state=state,
        rule=pot.rule,
        left_out=[why(unit, reason) for unit, reason in pot.not_qualified.items()],
        basis=pot.basis,
        undecided=pot.undecided,
    )


def _award_groups(awards: Sequence[PrizeAward]) -> list[list[PrizeAward]]:
    """Awards that share the same places, together (one line for twenty players tied)."""
    groups: list[list[PrizeAward]] = []
    for award in awards:
        last = groups[-1][0] if groups else None
        if (
            last is not None
            and award.shared_with
            and (last.places, last.decided_by, last.place_label)
            == (award.places, award.decided_by, award.place_label)
        ):
            groups[-1].append(award)
        else:
            groups.append([award])
    return groups


@dataclass(frozen=True)
class AwardLine:
    """One prize line: who and how much, which places, and what decided it."""

    decided_by: str
    who: str
    places: str
    decided: str


def _ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``21st``."""
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def _prize_places(places: Sequence[int], award: PrizeAward | None = None) -> str:
    """The prizes a line pays, by their order ("1st prize", "2nd and 3rd prizes"): prize
    places, not places in the standings, where a player the prizes pass over (his games
    played by a computer) stands above. An award says its name ("high lady award")."""
    words = [_ordinal(place) for place in places]
    if not words and award is not None and award.decided_by == AWARD:
        return f"{award.place_label} award"
    if not words:
        return "last-place prize"
    if len(words) == 1:
        return f"{words[0]} prize"
    return f"{', '.join(words[:-1])} and {words[-1]} prizes"


def _award_line(group: list[PrizeAward]) -> AwardLine:
    first = group[0]
    return AwardLine(
        decided_by=first.decided_by,
        # A shared place reads as the prize lists of clubs do: "T2 Ann Baker $15.00".
        who=", ".join(
            f"{award.place_label + ' ' if award.shared_with and first.places else ''}"
            f"{award.name} "
            f"{_money(award.amount_cents)}"
            for award in group
        ),
        places=_prize_places(first.places, first),
        # What set the money (entrants, the pot's percentage) and whom the eligibility
        # rule passed over follow what decided the place.
        decided="; ".join(filter(None, (decided_text(first.decided_by), first.basis))),
    )


@dataclass(frozen=True)
class PrizesView:
    """Prizes, the euchred cup and the playoffs as the ``prizes`` macro shows them."""

    hidden: bool
    """No round played yet: every player is level, and a prize list would name people at
    random."""
    provisional: bool
    awards: list[AwardLine]
    none: str
    side_pot: SidePotView | None
    playoffs: list[str]
    notes: list[str] = field(default_factory=list)
    """What no prize line shows: why no place is paid ("No place prizes: the sheet pays
    from 3 tables; this night had 2."), an award nobody won."""


def _no_prizes(snapshot: EventSnapshot) -> str:
    """What the prize list says when it has no line: the reason where the snapshot gives
    one ("No place prizes: the sheet pays from 3 tables; this night had 2."), never "No
    prizes yet." on a night that is over."""
    if not snapshot.config.prizes.pays:
        return "This event pays no prizes."
    if snapshot.prize_notes:
        return snapshot.prize_notes[0]
    return "No prizes." if snapshot.is_over else "No prizes yet."


def prizes_view(snapshot: EventSnapshot) -> PrizesView:
    """Prizes (each with what decided its place) and the euchred-cup pot, once a round has
    been played. Before the event is over the prizes are who would be paid now."""
    names = {row.competitor_id: row.name for row in snapshot.standings}
    return PrizesView(
        hidden=not snapshot.complete_rounds,
        provisional=not snapshot.is_over and bool(snapshot.prizes),
        awards=[_award_line(group) for group in _award_groups(snapshot.prizes)],
        none=_no_prizes(snapshot),
        side_pot=side_pot_view(snapshot),
        # The first note already stands in for an empty list.
        notes=list(snapshot.prize_notes[0 if snapshot.prizes else 1 :]),
        playoffs=[
            f"{', '.join(names.get(unit, unit) for unit in playoff.competitors)}: "
            f"{playoff.description}"
            for playoff in snapshot.playoffs
        ],
    )


@dataclass(frozen=True)
class ConflictLine:
    """A playoff game a later correction left without a reason, in the director's words."""

    round: int
    table: int
    message: str
    played: str
    tied_now: str


def conflict_lines(
    snapshot: EventSnapshot, conflicts: Sequence[PlayoffConflict] | None = None
) -> list[ConflictLine]:
    """Playoff games a later correction left without a reason, put to the director as a
    question (the results stay with the teams that played them): ``conflicts``, by default
    all of the snapshot's."""
    names = {row.competitor_id: row.name for row in snapshot.standings}

    def in_words(conflict: PlayoffConflict) -> str:
        # The core names competitors by id ("Team 7"); the director knows them by name.
        text = re.sub(rf"^round {conflict.round} table {conflict.table}: ", "", conflict.message)
        for unit in sorted(names, key=len, reverse=True):
            if unit.isdigit():
                continue  # a player number would also match counts in the sentence
            text = re.sub(rf"(?<![\w&]){re.escape(unit)}(?![\w])", names[unit], text)
        return text.rstrip(".") + "."

    return [
        ConflictLine(
            round=conflict.round,
            table=conflict.table,
            message=in_words(conflict),
            played=" vs ".join(names.get(unit, unit) for unit in conflict.played),
            tied_now="; ".join(
                ", ".join(names.get(unit, unit) for unit in group) for group in conflict.now_tied
            )
            or "nobody",
        )
        for conflict in (snapshot.conflicts if conflicts is None else conflicts)
    ]


def _player_lines(session: Session, event_id: int) -> dict[str, Any]:
    """The players table: each player's status and which actions his row offers (check in;
    withdraw, asking with a reason; take back a withdrawal not yet in effect)."""
    entrants = events.list_entrants(session, event_id=event_id)
    next_round = events.next_round_number(session, event_id=event_id)
    rows = []
    for row in entrants:
        if row.withdrawal_round:
            status = f"withdrawn from round {row.withdrawal_round}"
        elif row.checked_in:
            status = "here" + (f" from round {row.arrival_round}" if row.arrival_round > 1 else "")
        else:
            status = "not checked in"
        rows.append(
            {
                "number": row.number,
                "name": row.name,
                "team": row.team or "",
                "code": row.code,
                "checked_in": row.checked_in,
                "status": status,
                "can_check_in": not row.checked_in and row.withdrawal_round is None,
                "can_withdraw": row.withdrawal_round is None,
                "withdraw_from": max(row.arrival_round, next_round),
                "can_reinstate": row.withdrawal_round is not None
                and row.withdrawal_round >= next_round,
                "classes": " ".join(
                    value for value in (row.seat_class, row.prize_category) if value
                ),
                "guest": row.guest,
            }
        )
    waiting = sum(1 for row in entrants if not row.checked_in and row.withdrawal_round is None)
    return {"rows": rows, "waiting": waiting}


def _table_row(status: scores.TableStatus) -> dict[str, Any]:
    """One table of the round in play, as the dashboard lists it (a table of three: its
    three players, each for himself, and their own totals)."""
    if not status.partnerships[1]:
        return {
            "table": status.table,
            "first": ", ".join(status.partnerships[0]),
            "second": "table of three, each for himself",
            "code": status.code,
            "state": status.state,
            "score": " – ".join(map(str, status.own_totals)),
        }
    return {
        "table": status.table,
        "first": " & ".join(status.partnerships[0]),
        "second": " & ".join(status.partnerships[1]),
        "code": status.code,
        "state": status.state,
        "score": _score_text(status.team_points),
    }


def _score_text(points: tuple[int, int] | None) -> str:
    return "" if points is None else f"{points[0]}–{points[1]}"


def _preview(
    snapshot: EventSnapshot, number: int, names: Mapping[str, str]
) -> dict[str, Any] | None:
    """The seating the format gives the next round, before it starts (players not checked
    in are left out when it starts); None when there is none yet."""
    plan = next((plan for plan in snapshot.rounds if plan.round == number), None)
    if plan is None or not plan.tables:
        return None

    def side(players: tuple[str, ...]) -> str:
        return " & ".join(names.get(player, player) for player in players)

    def three(table: TableSeating) -> tuple[int, str, str]:
        players = ", ".join(names.get(player, player) for player in table.players)
        return table.table, players, "table of three, each for himself"

    return {
        "tables": [
            three(table)
            if table.three_handed
            else (table.table, side(table.partnerships[0]), side(table.partnerships[1]))
            for table in plan.tables
        ],
        "sitting_out": ", ".join(names.get(player, player) for player in plan.sitting_out),
    }


def _round_state(
    session: Session,
    event_id: int,
    snapshot: EventSnapshot,
    names: Mapping[str, str],
    waiting: Sequence[str] = (),
) -> dict[str, Any]:
    """The rounds section: the next round's start button and preview, or the round in play
    with its clock, its tables' states and its close and undo forms. ``waiting``: the
    director's open questions; while one is open the next round's seats are not shown (they
    would assume an answer) and the round in play cannot close."""
    started = events.started_rounds(session, event_id=event_id)
    open_round = started[-1] if started and started[-1].closed_at is None else None
    # One tally sheet per team for the whole evening (Ballantrae), not for a format whose
    # partners change every game.
    evening = FORMATS[snapshot.config.format].fixed_partners
    if open_round is None:
        number = len(started) + 1
        return {
            "open": False,
            "over": snapshot.is_over,
            "next": number,
            "preview": None if snapshot.is_over or waiting else _preview(snapshot, number, names),
            "waiting": list(waiting),
            "evening_tally": evening,
        }
    number = open_round.number
    statuses = scores.table_statuses(session, event_id=event_id, round_number=number)
    hands = open_round.plan.hands
    return {
        "open": True,
        "number": number,
        "heading": round_label(open_round.plan, number),
        "hands": hands if open_round.plan.stage == Stage.PLAYOFF and hands else None,
        "clock": clock(open_round),
        "reported": sum(1 for status in statuses if status.team_points is not None),
        "tables": [_table_row(status) for status in statuses],
        "sitting_out": ", ".join(
            names.get(player, player) for player in open_round.plan.sitting_out
        ),
        "waiting": list(waiting),
        "evening_tally": evening,
    }


def _waiting_scores(session: Session, event_id: int) -> list[dict[str, Any]]:
    """Scores waiting for the director: disputed, or not yet confirmed."""
    names = {row.number: row.name for row in events.list_entrants(session, event_id=event_id)}
    waiting = [
        row
        for row in scores.list_submissions(session, event_id=event_id)
        if row.status in ("disputed", "pending")
    ]
    # Each line names its two sides ("Ann & Bob 9 – Cy & Di 5"): two disputed scores of one
    # table read at a glance, without knowing which pair the seating lists first.
    teams: dict[tuple[int, int], tuple[str, str]] = {}
    if waiting:
        for round_row in events.started_rounds(session, event_id=event_id):
            for table in round_row.plan.tables:
                first, second = (
                    " & ".join(names.get(int(player), player) for player in pair)
                    for pair in table.partnerships
                )
                teams[(round_row.number, table.table)] = (first, second)
    return [
        {
            "id": row.id,
            "status": row.status,
            "round": row.round_number,
            "table": row.table_number,
            "points": row.result.team_points,
            # Two entries of one table with the same totals differ in their hands: show them.
            "hands": " ".join(f"{first}–{second}" for first, second in row.result.hand_points)
            or "totals only",
            "teams": teams.get((row.round_number, row.table_number), ("", "")),
            "by": names.get(row.submitted_by, row.submitted_by),
        }
        for row in waiting
    ]


def _deal_problem(session: Session, event_id: int, row: Any, ruling: Any, sheet: str) -> str | None:
    """Why a "no points for that deal" ruling is not applied (a result entered later by its
    totals lists no deals), so the director can correct the table hand by hand."""
    from euchre.tournament import PenaltyRecord, TableResult
    from euchre.tournament.penalties import deal_named_problem

    if ruling is None or not ruling.offenders_score_nothing:
        return None
    official = scores.official_result(
        session, event_id=event_id, round_number=row.round_number, table=row.table_number
    )
    result = None if official is None else TableResult.from_json(official.result)
    problem = deal_named_problem(ruling, PenaltyRecord.from_json(row.record), result, sheet)
    if problem is None:
        return None
    return f"Not applied: {problem}"


def _penalty_lines(
    session: Session, event_id: int, snapshot: EventSnapshot, names: Mapping[str, str]
) -> list[dict[str, Any]]:
    """Recorded penalties and how the profile scored each (the dashboard offers to take
    each one back)."""
    rulings = {
        (ruling.round, ruling.table, ruling.kind, ruling.offender_id): ruling
        for ruling in snapshot.penalties
    }
    plans = {
        (round_row.number, entry.table): entry.partnerships
        for round_row in events.started_rounds(session, event_id=event_id)
        for entry in round_row.plan.tables
    }
    items = []
    for row in scores.list_penalties(session, event_id=event_id):
        record = row.record
        sides: tuple[tuple[str, ...], ...] = plans.get(
            (row.round_number, row.table_number), ((), ())
        )
        teams = [" & ".join(names.get(str(p), str(p)) for p in side) for side in sides]
        ruling = rulings.get(
            (
                row.round_number,
                row.table_number,
                record.kind,
                str(record.offender_id),
            )
        )
        outcome = ""
        if ruling is not None:
            paid = ", ".join(
                f"{teams[side] or f'partnership {side + 1}'} +{points}"
                for side, points in enumerate(ruling.team_points)
                if points
            )
            outcome = f": {ruling.outcome.replace('_', ' ')} ({paid or 'no points'})"
        offender = str(record.offender_id)
        items.append(
            {
                "id": row.id,
                "round": row.round_number,
                "table": row.table_number,
                "kind": record.kind.replace("_", " ")
                if ruling is None or not any(sides)
                else ruling_words(ruling, TableSeating(row.table_number, (sides[0], sides[1]))),
                "offender": names.get(offender, offender),
                "outcome": outcome,
                "problem": _deal_problem(
                    session, event_id, row, ruling, snapshot.config.profile_id
                ),
            }
        )
    return items


def _cup_list_warnings(snapshot: EventSnapshot) -> list[str]:
    """The director's cup exclusions or inclusions that name no competitor of the event (a
    typo would otherwise change nothing without a word)."""
    known = {row.competitor_id for row in snapshot.standings}
    if not known:
        return []
    config = snapshot.config
    return [
        f"the euchred cup's {what} list names {unit!r}, which is no player number (or team) "
        "of this event"
        for what, units in (
            ("left-out", config.side_pot_exclude),
            ("let-in", config.side_pot_include),
        )
        for unit in units
        if unit not in known
    ]


@dataclass(frozen=True)
class FormRefusal:
    """A dashboard form the store refused: the page shows ``message`` in that form (``form``:
    its id, as ``add-player-form``) and keeps what was typed (``values``: field -> text)."""

    form: str
    message: str
    values: Mapping[str, str]


@router.get("/director/events/{event_id}", response_class=HTMLResponse)
def event_dashboard(request: Request, event_id: int) -> Response:
    """Everything about one event on one page."""
    return dashboard_page(request, event_id)


def dashboard_page(
    request: Request, event_id: int, refused: FormRefusal | None = None, status: int = 200
) -> Response:
    """The dashboard, with a refused form's message and typed values when ``refused``."""
    director = page_director(request)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        snapshot = display_snapshot(session, event)
        entrants = events.list_entrants(session, event_id=event_id)
        names = player_names(entrants)
        by_number = {str(number): name for number, name in names.items()}
        latest = list(
            session.scalars(
                select(AuditEntry)
                .where(AuditEntry.event_id == event_id)
                .order_by(AuditEntry.id.desc())
                .limit(10)
            )
        )
        started_rows = events.started_rounds(session, event_id=event_id)
        last_started = len(started_rows)
        started = bool(last_started)
        config = event_config(event)
        changes = flash_message(request, "changes")
        asked = {conflict.message for conflict in snapshot.conflicts}  # asked below instead
        level = scores.level_games(session, event_id=event_id)
        waiting_questions = scores.questions(session, event_id=event_id)
        # The core's warning about a level game nobody settled: asked below instead.
        asked |= {
            warning
            for warning in snapshot.warnings
            for game in level
            if warning.startswith(f"round {game.round} table {game.table}: a level game")
        }
        warnings = [w for w in snapshot.warnings if w not in asked]
        warnings.extend(_cup_list_warnings(snapshot))
        warnings.extend(rounds.class_warnings(session, event))
        sheet = get_sheet(event_config(event).profile_id)
        context = {
            "title": event.name,
            "body_class": "dashboard",
            "director": director,
            "event_id": event_id,
            "event": event,
            "facts": {
                key: "" if getattr(event.config, key) is None else getattr(event.config, key)
                for key in ("profile_id", "format", "rounds", "round_minutes")
            },
            "can_edit": not started,
            "cut_off": {
                "line": None
                if config.last_round_by is None
                else cut_off_line(config.last_round_by, config.time_zone),
                "passed": cut_off_words(event, started_rows, now=clock_now(request)),
                "played": main_rounds_started(started_rows),
            },
            "message": flash_message(request),
            "changes": with_names(changes, names) if changes else "",
            "sheet_warnings": presets.sheet_warnings(event_config(event)),
            "warnings": warnings,
            "movement": event_movement_words(event_config(event)),
            "seat_classes": list(sheet.seat_classes) if sheet is not None else [],
            "prize_categories": list(sheet.players.prize_categories) if sheet is not None else [],
            "conflicts": conflict_lines(
                snapshot,
                playoff_conflicts.open_conflicts(session, event_id=event_id, snapshot=snapshot),
            ),
            "level_games": [
                {
                    "round": game.round,
                    "table": game.table,
                    "question": (
                        game.question
                        if game.round == last_started
                        else f"Round {game.round}: {game.question}"
                    ),
                    "pairs": [
                        " & ".join(by_number.get(player, player) for player in pair)
                        for pair in game.partnerships
                    ],
                }
                for game in level
            ],
            "ruling_questions": [
                {
                    "kind": str(waiting.question.kind),
                    "round": waiting.question.round,
                    "table": waiting.question.table,
                    "penalty": waiting.penalty_id,
                    "question": (
                        ""
                        if waiting.question.round == last_started
                        else f"Round {waiting.question.round}: "
                    )
                    + waiting.question.text(by_number),
                }
                for waiting in waiting_questions
                if waiting.penalty_id is not None
            ],
            "round": _round_state(
                session,
                event_id,
                snapshot,
                by_number,
                [waiting.question.text(by_number) for waiting in waiting_questions],
            ),
            "waiting": _waiting_scores(session, event_id),
            "standings": standings_rows(snapshot),
            "prizes": prizes_view(snapshot),
            "players": _player_lines(session, event_id),
            "penalties": _penalty_lines(session, event_id, snapshot, by_number),
            # The correction picker, the penalty form and the audit table are the macros of
            # pages/director/macros.html that the director's own pages use.
            "penalty_kinds": penalty_kinds(event.config.profile_id),
            "penalty_uncovered": uncovered_kinds(event.config.profile_id),
            "penalty_players": penalty_players(names, table_groups(session, event_id)),
            "audit": audit_rows(latest, names),
            "money_moved": money_lines(session, event_id),
            "refused": refused,
            # The add-player form's type-ahead: the club's active members.
            "member_names": [
                member.name for member in members.list_members(session) if member.active
            ],
            # The add-player form's seat class and prize category choices (the sheet's own).
            "sheet_players": sheet_players(event.config.profile_id),
        }
    return render(request, "pages/dashboard/event.html", context, status=status)
