"""One event's dashboard: rounds and table states, waiting scores, standings, players,
penalties, the correction/penalty/seating forms and the audit log."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store import events, presets, scores
from euchre.store.core import display_snapshot, event_config
from euchre.store.models import AuditEntry, Entrant
from euchre.tournament import FORMATS, EventSnapshot, PlayoffConflict, PrizeAward, RoundPlan
from euchre.web.deps import database, optional_director
from euchre.web.page_helpers import flash_html, login_redirect, nav_html
from euchre.web.pages_audit import audit_table, player_names, with_names
from euchre.web.pages_common import csrf_field, esc, layout, timer_html
from euchre.web.pages_director import correction_picker_html, penalty_form_html

__all__ = [
    "conflicts_html",
    "decided_text",
    "prizes_html",
    "round_label",
    "router",
    "side_pot_html",
    "standings_html",
    "tie_break_text",
]

router = APIRouter(include_in_schema=False)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def tie_break_text(name: str, value: int) -> str:
    """One tie-break value as plain English ("final total reached in round 6", "3 games won",
    "head to head +4"), never the criterion's internal name."""
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


def standings_html(snapshot: EventSnapshot, *, table_id: str, tie_breaks: bool = True) -> str:
    """The standings table (shared with the public pages): ``=`` marks a rank still tied
    after every tie-break; the last column lists the tie-break values in order."""

    def breaks(values: dict[str, int]) -> str:
        shown = [
            tie_break_text(name, value)
            for name, value in values.items()
            if name != "points"  # already its own column
        ]
        return esc(", ".join(shown))

    rows = "".join(
        f'<tr data-testid="standing-{index}"><td>{row.rank}{"=" if row.tied else ""}</td>'
        f'<td class="name">{esc(row.name)}</td><td class="num">{row.points}</td>'
        f'<td class="num">{row.games_won}/{row.games_played}</td>'
        f'<td class="num">{row.lone_hands}</td><td class="num">{row.euchres}</td>'
        + (f'<td class="muted">{breaks(dict(row.tie_break_values))}</td>' if tie_breaks else "")
        + "</tr>"
        for index, row in enumerate(snapshot.standings, start=1)
    )
    head = "<th>Tie-breaks</th>" if tie_breaks else ""
    return (
        f'<table id="{table_id}" class="standings"><thead><tr><th>#</th><th>Name</th>'
        f'<th class="num">Points</th><th class="num">Won</th><th class="num">Loners</th>'
        f'<th class="num">Euchred</th>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


_DECIDED_BY = {
    "points": "on points",
    "playoff": "by the playoff",
    "split": "tied: the places' money is shared",
}
"""How a prize place was decided, in words (a tie-break name reads as itself)."""


def decided_text(decided_by: str) -> str:
    """What decided a prize place, for the screen ("on points", "by the tie-break lone
    hands", "level on points: the places are split")."""
    known = _DECIDED_BY.get(decided_by)
    return known if known is not None else f"by the tie-break {decided_by.replace('_', ' ')}"


def side_pot_html(snapshot: EventSnapshot) -> str:
    """The euchred cup: the money, its rule in words, who leads (or, once the event is over,
    who is paid), and each player the rule leaves out with the reason."""
    pot = snapshot.side_pot
    if pot is None:
        return ""
    names = {row.competitor_id: row.name for row in snapshot.standings}
    winners = ", ".join(
        f"{esc(names.get(name, name))} ${share / 100:.2f}"
        for name, share in zip(pot.winners, pot.shares_cents, strict=False)
    )
    if pot.total_cents == 0:
        state = " (nobody has been euchred yet)" if not pot.paid else " (nobody was euchred)"
    elif not winners:
        state = " (nobody qualifies yet)"
    elif pot.paid:
        state = f" paid to {winners}"
    else:
        state = f" — fewest points so far: {winners} (not paid until the last game is in)"
    rule = f'<p id="side-pot-rule" class="muted">{esc(pot.rule)}</p>' if pot.rule else ""

    def why(unit: str, reason: str) -> str:
        name = names.get(unit, unit)
        # The reason may already name the player ("Ned arrived for game 2").
        return esc(reason if reason.startswith(name) else f"{name}: {reason}")

    left_out = "".join(
        f"<li>{why(unit, reason)}</li>" for unit, reason in pot.not_qualified.items()
    )
    left_html = (
        f'<p class="muted">Not in the cup:</p><ul id="side-pot-left-out">{left_out}</ul>'
        if left_out
        else ""
    )
    return (
        f'<div id="side-pot-box"><p id="side-pot" data-paid="{"yes" if pot.paid else "no"}">'
        f"Euchred cup: ${pot.total_cents / 100:.2f}{state}</p>{rule}{left_html}</div>"
    )


def _award_groups(awards: Sequence[PrizeAward]) -> list[list[PrizeAward]]:
    """Awards that share the same places, together (one line for twenty players tied)."""
    groups: list[list[PrizeAward]] = []
    for award in awards:
        if groups and groups[-1][0].places == award.places and award.shared_with:
            groups[-1].append(award)
        else:
            groups.append([award])
    return groups


def _award_item(group: list[PrizeAward]) -> str:
    """One prize line: who, how much, which places, and what decided it."""
    first = group[0]
    places = ", ".join(str(place) for place in first.places)
    word = "places" if len(first.places) > 1 else "place"
    who = ", ".join(f"{esc(award.name)} ${award.amount_cents / 100:.2f}" for award in group)
    return (
        f'<li data-decided-by="{esc(first.decided_by)}">{who} '
        f"({word} {places}; {esc(decided_text(first.decided_by))})</li>"
    )


def prizes_html(snapshot: EventSnapshot) -> str:
    """Prizes (each with what decided its place) and the euchred-cup pot, once a round has
    been played (before that every player is level, and a prize list would name people at
    random). Before the event is over the prizes are who would be paid now."""
    if not snapshot.complete_rounds:
        return (
            '<p id="prizes-hidden" class="muted">Prizes and the euchred cup show here once a '
            "round has been played.</p>"
        )
    awards = "".join(_award_item(group) for group in _award_groups(snapshot.prizes))
    provisional = (
        ""
        if snapshot.is_over or not snapshot.prizes
        else '<p id="prizes-provisional" class="muted">If the event ended now:</p>'
    )
    names = {row.competitor_id: row.name for row in snapshot.standings}
    playoffs = "".join(
        f"<li>{esc(', '.join(names.get(unit, unit) for unit in playoff.competitors))}: "
        f"{esc(playoff.description)}</li>"
        for playoff in snapshot.playoffs
    )
    none = "No prizes yet." if snapshot.config.prizes.tiers else "This event pays no prizes."
    playoff_html = f'<h3>Playoffs</h3><ul id="playoffs">{playoffs}</ul>' if playoffs else ""
    return (
        f'{provisional}<ul id="prizes">{awards or f"<li>{none}</li>"}</ul>'
        f"{side_pot_html(snapshot)}{playoff_html}"
    )


def round_label(plan: RoundPlan | None, number: int) -> str:
    """A round's name on every page: "Round 3", or for a playoff "Round 8 — Playoff:
    4-hand game" (its own hand count)."""
    if plan is None or plan.stage != "playoff":
        return f"Round {number}"
    label = plan.label
    if not label:
        hands = plan.hands
        label = f"Playoff: {hands}-hand game" if hands else "Playoff"
    elif not label.lower().startswith("playoff"):
        label = f"Playoff: {label}"
    return f"Round {number} — {label}"


def conflicts_html(event_id: int, snapshot: EventSnapshot) -> str:
    """Playoff games a later correction left without a reason, put to the director as a
    question (the results stay with the teams that played them)."""
    if not snapshot.conflicts:
        return ""
    names = {row.competitor_id: row.name for row in snapshot.standings}

    def in_words(conflict: PlayoffConflict) -> str:
        # The core names competitors by id ("Team 7"); the director knows them by name.
        text = re.sub(rf"^round {conflict.round} table {conflict.table}: ", "", conflict.message)
        for unit in sorted(names, key=len, reverse=True):
            if unit.isdigit():
                continue  # a player number would also match counts in the sentence
            text = re.sub(rf"(?<![\w&]){re.escape(unit)}(?![\w])", names[unit], text)
        return text.rstrip(".") + "."

    items = "".join(
        f'<li data-testid="conflict-{index}"><strong>Round {conflict.round}, table '
        f"{conflict.table}</strong>: {esc(in_words(conflict))} Played by "
        f"{esc(' vs '.join(names.get(unit, unit) for unit in conflict.played))}; tied now: "
        + esc(
            "; ".join(
                ", ".join(names.get(unit, unit) for unit in group) for group in conflict.now_tied
            )
            or "nobody"
        )
        + ".</li>"
        for index, conflict in enumerate(snapshot.conflicts, start=1)
    )
    return (
        f'<section id="playoff-conflicts" class="warnings"><h2>A correction changed the '
        f"playoffs: what should happen?</h2><ul>{items}</ul><p>The played results stay with "
        "the teams that played them; nothing was re-assigned. Decide: replay a playoff "
        f'(set its seating under <a href="#tools">Seating</a>), accept the result as played, '
        f'or correct the score again (<a href="/director/events/{event_id}/audit">audit '
        "log</a>).</p></section>"
    )


def _player_actions(event_id: int, row: Entrant, csrf: str, next_round: int) -> str:
    """Check in; withdraw (asks, with a reason); take back a withdrawal not yet in effect."""
    base = f"/director/events/{event_id}/players/{row.number}"
    actions = ""
    if not row.checked_in and row.withdrawal_round is None:
        actions += (
            f'<form method="post" class="inline" action="{base}/check-in">{csrf}'
            f'<button data-testid="check-in-{row.number}">Check in</button></form>'
        )
    if row.withdrawal_round is None:
        actions += (
            f'<details class="inline-details"><summary data-testid="withdraw-open-{row.number}">'
            f'Withdraw…</summary><form method="post" action="{base}/withdraw" '
            f'data-confirm="Withdraw {esc(row.name)} from round '
            f'{max(row.arrival_round, next_round)} on?">{csrf}'
            '<label>Reason <input name="reason" required maxlength="500" '
            f'data-testid="withdraw-reason-{row.number}"></label>'
            f'<button data-testid="withdraw-{row.number}" class="secondary">Withdraw '
            f"{esc(row.name)}</button></form></details>"
        )
    elif row.withdrawal_round >= next_round:
        actions += (
            f'<form method="post" class="inline" action="{base}/reinstate">{csrf}'
            '<input type="hidden" name="reason" value="withdrawal taken back">'
            f'<button data-testid="reinstate-{row.number}" class="secondary">Reinstate'
            "</button></form>"
        )
    return actions


def _players_section(session: Session, event_id: int, csrf: str) -> str:
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
            f'<tr data-testid="player-{row.number}" '
            f'data-checked-in="{str(row.checked_in).lower()}">'
            f"<td>{row.number}</td><td>{esc(row.name)}</td><td>{esc(row.team or '')}</td>"
            f"<td><code>{esc(row.code)}</code></td><td>{esc(status)}</td>"
            f"<td>{_player_actions(event_id, row, csrf, next_round)}</td></tr>"
        )
    waiting = sum(1 for row in entrants if not row.checked_in and row.withdrawal_round is None)
    check_all = (
        f'<form method="post" class="inline" action="/director/events/{event_id}/players/'
        f'check-in-all">{csrf}<button id="check-in-all">Check in all ({waiting})</button></form>'
        if waiting
        else ""
    )
    return f"""<section id="players"><h2>Players ({len(entrants)})</h2>{check_all}
<div class="scroll"><table id="player-table"><thead><tr><th>#</th><th>Name</th><th>Team</th>
<th>Code</th><th>Status</th><th></th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>
<div class="forms">
<form id="add-player-form" method="post" action="/director/events/{event_id}/players">{csrf}
<label>Name <input id="player-name" name="name" required maxlength="200"></label>
<label>Team (fixed partners) <input id="player-team" name="team" maxlength="200"></label>
<label class="check"><input id="player-checked-in" name="checked_in" type="checkbox" value="1"
 checked> here now</label><button id="add-player-submit">Add player</button></form>
<form id="import-form" method="post" action="/director/events/{event_id}/players/import">{csrf}
<label>CSV (header: name, team, checked_in) <textarea id="import-csv" name="csv" rows="3"
 placeholder="name,team&#10;Ann,&#10;Bob,"></textarea></label>
<button id="import-submit">Import</button></form>
<form id="pair-form" method="post" action="/director/events/{event_id}/pairs">{csrf}
<label>Pair player # <input id="pair-first" name="first" type="number" min="1" required></label>
<label>with # <input id="pair-second" name="second" type="number" min="1" required></label>
<label>Team name <input id="pair-team" name="team" maxlength="200"></label>
<button id="pair-submit">Pair</button></form></div></section>"""


def _score_text(points: tuple[int, int] | None) -> str:
    return "" if points is None else f"{points[0]}–{points[1]}"


def _preview(session: Session, event_id: int, snapshot: EventSnapshot, number: int) -> str:
    """The seating the format gives the next round, before it starts (players not checked
    in are left out when it starts)."""
    plan = next((plan for plan in snapshot.rounds if plan.round == number), None)
    if plan is None or not plan.tables:
        return '<p class="muted">No seating yet: add and check in players.</p>'
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}

    def side(players: tuple[str, ...]) -> str:
        return esc(" & ".join(names.get(player, player) for player in players))

    rows = "".join(
        f"<tr><td>{table.table}</td><td>{side(table.partnerships[0])}</td>"
        f"<td>{side(table.partnerships[1])}</td></tr>"
        for table in plan.tables
    )
    out = ", ".join(esc(names.get(player, player)) for player in plan.sitting_out)
    return (
        f'<h3>Round {number} seating (preview)</h3><div class="scroll"><table '
        f'id="seating-preview"><thead><tr><th>Table</th><th>Partners</th><th>against</th></tr>'
        f"</thead><tbody>{rows}</tbody></table></div>"
        + (f'<p class="muted">Sitting out: {out}</p>' if out else "")
    )


def _event_tally_link(event_id: int, snapshot: EventSnapshot) -> str:
    """The link to one tally sheet per team for the whole evening (Ballantrae), or "" for a
    format whose partners change every game."""
    if not FORMATS[snapshot.config.format].fixed_partners:
        return ""
    return (
        f'<a id="print-event-tally-sheets" href="/api/events/{event_id}/tally-sheets.pdf">'
        "tally sheets for the evening (one per team)</a>"
    )


def _round_section(session: Session, event_id: int, csrf: str, snapshot: EventSnapshot) -> str:
    started = events.started_rounds(session, event_id=event_id)
    open_round = started[-1] if started and started[-1].closed_at is None else None
    controls = ""
    if open_round is None:
        if not snapshot.is_over:
            controls = (
                f'<form method="post" action="/director/events/{event_id}/rounds/start">{csrf}'
                f'<button id="start-round">Start round {len(started) + 1}</button></form>'
                + _preview(session, event_id, snapshot, len(started) + 1)
            )
        else:
            controls = '<p class="muted">Every round has been played.</p>'
        evening = _event_tally_link(event_id, snapshot)
        printed = f'<p class="print">Print: {evening}</p>' if evening else ""
        return f'<section id="round-status"><h2>Rounds</h2>{controls}{printed}</section>'
    number = open_round.number
    base = f"/api/events/{event_id}/rounds/{number}"
    statuses = scores.table_statuses(session, event_id=event_id, round_number=number)
    rows = "".join(
        f'<tr data-testid="table-{status.table}" data-state="{esc(status.state)}">'
        f"<td>{status.table}</td><td>{esc(' & '.join(status.partnerships[0]))}</td>"
        f"<td>{esc(' & '.join(status.partnerships[1]))}</td>"
        f"<td><code>{esc(status.code)}</code></td>"
        f'<td>{esc(status.state)}</td><td class="num">'
        f"{_score_text(status.team_points)}"
        "</td></tr>"
        for status in statuses
    )
    reported = sum(1 for status in statuses if status.team_points is not None)
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}
    sitting = ", ".join(esc(names.get(player, player)) for player in open_round.plan.sitting_out)
    sitting_text = f" Sitting out: {sitting}." if sitting else ""
    evening_link = _event_tally_link(event_id, snapshot)
    evening = f" ·\n{evening_link}" if evening_link else ""
    heading = esc(round_label(open_round.plan, number))
    hands = open_round.plan.hands
    hands_text = (
        f'<p id="round-hands">Each game this round is {hands} hand{"s" if hands != 1 else ""}.</p>'
        if open_round.plan.stage == "playoff" and hands
        else ""
    )
    return f"""<section id="round-status"><h2 id="round-heading">{heading} in play</h2>{hands_text}
<p class="clock">Time left: {timer_html(open_round)}
<button id="bell-toggle" type="button" class="secondary">Enable the bell</button>
<button id="bell-test" type="button" class="secondary">Ring now</button></p>
<div id="round-live" data-live="10">
<p>{reported} of {len(statuses)} tables reported.{sitting_text}</p>
<p class="print">Print: <a id="print-table-cards" href="{base}/table-cards.pdf">table cards</a> ·
<a id="print-tally-sheets" href="{base}/tally-sheets.pdf">tally sheets</a> ·
<a id="print-scorecards" href="{base}/scorecards.pdf">player scorecards</a> ·
<a id="print-assignments" href="{base}/assignments.pdf">seating list</a>{evening}</p>
<div class="scroll"><table id="tables"><thead><tr><th>Table</th><th>Partners</th>
<th>against</th><th>Code</th><th>State</th><th>Score</th></tr></thead><tbody>{rows}</tbody>
</table></div></div>
<div class="forms">
<form method="post" action="/director/events/{event_id}/rounds/{number}/close">{csrf}
<button id="close-round">Close round {number}</button></form>
<form id="undo-form" method="post" action="/director/events/{event_id}/rounds/{number}/undo"
 data-confirm="Undo round {number}? Its seating and any scores entered are taken back.">{csrf}
<label>Undo this round (started by mistake) — reason <input id="undo-reason" name="reason"
 required maxlength="500"></label>
<button id="undo-submit" class="secondary">Undo round {number}</button></form></div></section>"""


def _submissions_section(session: Session, event_id: int, csrf: str) -> str:
    names = {row.number: row.name for row in events.list_entrants(session, event_id=event_id)}
    open_rows = [
        row
        for row in scores.list_submissions(session, event_id=event_id)
        if row.status in ("disputed", "pending")
    ]
    items = "".join(
        f'<li data-testid="submission-{row.id}" data-status="{esc(row.status)}">'
        f"Round {row.round_number} table {row.table_number}: "
        f"{row.result.team_points[0]}–{row.result.team_points[1]} "
        f"(by {esc(names.get(row.submitted_by, row.submitted_by))}, {esc(row.status)})"
        f'<form method="post" class="inline" action="/director/events/{event_id}/submissions/'
        f'{row.id}/accept">{csrf}<button data-testid="accept-{row.id}">Accept this score'
        "</button></form></li>"
        for row in open_rows
    )
    return (
        f'<section id="disputes" data-live="10"><h2>Scores waiting</h2><ul>'
        f"{items or '<li>None.</li>'}</ul></section>"
    )


def _deal_problem(session: Session, event_id: int, row: Any, ruling: Any, sheet: str) -> str | None:
    """Why a "no points for that deal" ruling is not applied (a result entered later by its
    totals lists no deals), so the director can correct the table hand by hand."""
    from euchre.tournament.penalties import deal_named_problem

    if ruling is None or not ruling.offenders_score_nothing:
        return None
    official = scores.official_result(
        session, event_id=event_id, round_number=row.round_number, table=row.table_number
    )
    result = None if official is None else official.result
    problem = deal_named_problem(ruling, row.record, result, sheet)
    if problem is None:
        return None
    return f"Not applied: {problem}"


def _penalties_section(session: Session, event_id: int, csrf: str, snapshot: EventSnapshot) -> str:
    """Recorded penalties, how the profile scored each, and a button to take one back."""
    rows = scores.list_penalties(session, event_id=event_id)
    if not rows:
        return ""
    rulings = {
        (ruling.round, ruling.table, ruling.kind, ruling.offender_id): ruling
        for ruling in snapshot.penalties
    }
    names = {
        str(entrant.number): entrant.name
        for entrant in events.list_entrants(session, event_id=event_id)
    }
    plans = {
        (round_row.number, entry.table): entry.partnerships
        for round_row in events.started_rounds(session, event_id=event_id)
        for entry in round_row.plan.tables
    }
    items = []
    for row in rows:
        record = row.record
        sides = plans.get((row.round_number, row.table_number), ((), ()))
        teams = [" & ".join(names.get(str(p), str(p)) for p in side) for side in sides]
        ruling = rulings.get(
            (
                row.round_number,
                row.table_number,
                record.kind,
                record.offender_id,
            )
        )
        paid = (
            [
                f"{teams[side] or f'partnership {side + 1}'} +{points}"
                for side, points in enumerate(ruling.team_points)
                if points
            ]
            if ruling is not None
            else []
        )
        outcome = (
            f": {esc(ruling.outcome.replace('_', ' '))} ({esc(', '.join(paid) or 'no points')})"
            if ruling is not None
            else ""
        )
        offender = record.offender_id
        problem = _deal_problem(session, event_id, row, ruling, snapshot.config.profile_id)
        warning = (
            f' <strong class="error" data-testid="penalty-deal-{row.id}">{esc(problem)}</strong>'
            if problem
            else ""
        )
        items.append(
            f'<li data-testid="penalty-{row.id}">Round {row.round_number} table '
            f"{row.table_number}: {esc(record.kind.replace('_', ' '))}, "
            f"{esc(names.get(offender, offender))} named{outcome}{warning}"
            f'<form method="post" class="inline" action="/director/events/{event_id}/penalties/'
            f'{row.id}/remove">{csrf}<input type="hidden" name="reason" value="removed by the '
            f'director"><button data-testid="remove-penalty-{row.id}" class="secondary">'
            "Remove</button></form></li>"
        )
    return f'<section id="penalties"><h2>Penalties</h2><ul>{"".join(items)}</ul></section>'


def _tools_section(event_id: int, csrf: str) -> str:
    return f"""<section id="tools"><h2>Corrections, penalties, seating</h2><div class="forms">
{correction_picker_html(event_id)}
{penalty_form_html(event_id, csrf)}
<form id="seating-form" method="post" action="/director/events/{event_id}/seating">{csrf}
<h3>Set a seating by hand</h3>
<label>Round <input id="seating-round" name="round" type="number" min="1" required></label>
<label>Tables, one per line <textarea id="seating-text" name="tables" rows="4"
 placeholder="1 2 vs 3 4&#10;5 6 vs 7 8"></textarea></label>
<label>Sitting out <input id="seating-sitting-out" name="sitting_out" placeholder="9 10"></label>
<label>Reason <input id="seating-reason" name="reason"></label>
<button id="seating-submit">Set seating</button></form></div></section>"""


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


@router.get("/director/events/{event_id}", response_class=HTMLResponse)
def event_dashboard(request: Request, event_id: int) -> Response:
    """Everything about one event on one page."""
    director = optional_director(request)
    if director is None:
        return login_redirect(request)
    csrf = csrf_field(director.csrf_token)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        snapshot = display_snapshot(session, event)
        config = event.config
        entrants = events.list_entrants(session, event_id=event_id)
        names = player_names(entrants)
        latest = list(
            session.scalars(
                select(AuditEntry)
                .where(AuditEntry.event_id == event_id)
                .order_by(AuditEntry.id.desc())
                .limit(10)
            )
        )
        started = bool(events.started_rounds(session, event_id=event_id))
        changes = request.query_params.get("changes", "")
        changes_html = (
            f'<p id="movement-changes" class="flash">Seats changed by the correction: '
            f"{esc(with_names(changes, names))}</p>"
            if changes
            else ""
        )
        sheet = "".join(f"<li>{esc(w)}</li>" for w in presets.sheet_warnings(event_config(event)))
        asked = {conflict.message for conflict in snapshot.conflicts}  # asked below instead
        shown_warnings = [w for w in snapshot.warnings if w not in asked]
        shown_warnings.extend(_cup_list_warnings(snapshot))
        warnings = "".join(f"<li>{esc(w)}</li>" for w in shown_warnings)
        manage = [
            f'<a id="edit-event" href="/director/events/{event_id}/edit">Edit settings</a>'
            if not started
            else "",
            f'<a id="delete-event" href="/director/events/{event_id}/delete">'
            + ("Archive or delete" if event.status == "finished" else "Delete event")
            + "</a>"
            if event.status != "archived"
            else "",
        ]
        body = f"""{flash_html(request)}
<p class="muted">{esc(config.profile_id)} rules · {esc(config.format)} ·
{esc(config.rounds)} rounds of {esc(config.round_minutes)} min ·
status {esc(event.status)} · {" · ".join(link for link in manage if link)}</p>
{changes_html}
{f'<ul class="warnings" id="sheet-warnings">{sheet}</ul>' if sheet else ""}
{f'<ul class="warnings">{warnings}</ul>' if warnings else ""}
{conflicts_html(event_id, snapshot)}
{_round_section(session, event_id, csrf, snapshot)}
{_submissions_section(session, event_id, csrf)}
<section id="standings"><h2>Standings</h2>
<div class="scroll">{standings_html(snapshot, table_id="standings-table")}</div>
{prizes_html(snapshot)}
<p><a id="live-link" href="/events/{event_id}/live">Projector page</a> ·
<a id="results-link" href="/events/{event_id}/results">Results page</a> ·
<a id="online-link" href="/director/events/{event_id}/online">Online tables</a> ·
<a id="export-csv" href="/api/events/{event_id}/standings.csv">CSV</a> ·
<a id="export-json" href="/api/events/{event_id}/snapshot">JSON</a> ·
<a id="backup-link" href="/director/events/{event_id}/backup.json">Full backup</a></p></section>
{_players_section(session, event_id, csrf)}
{_penalties_section(session, event_id, csrf, snapshot)}
{_tools_section(event_id, csrf)}
<section id="audit"><h2>Audit log (latest)</h2>
{audit_table(latest, names, table_id="audit-latest")}
<p><a id="audit-all" href="/director/events/{event_id}/audit">The whole audit log</a></p>
</section>"""
        title = event.name
    return HTMLResponse(layout(title, body, nav=nav_html(director), body_class="dashboard"))
