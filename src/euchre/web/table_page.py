"""What a table's phone page shows: the score form (kept as typed when something is wrong,
with the bad field marked), what an opponent is asked to confirm, and the saved result with
who won and where each pair goes next.

Pure HTML builders over plain values; the routes in :mod:`euchre.web.pages_public` read the
rows and call them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.engine.profile import RuleProfile
from euchre.store.models import Entrant
from euchre.store.scores import ResultInput
from euchre.tournament import EventSnapshot, RoundPlan, TournamentError
from euchre.tournament.validation import ResultError
from euchre.web.pages_common import esc

__all__ = [
    "FORM_STYLE",
    "RULED_HAND_NOTE",
    "FormFrame",
    "TableView",
    "entered_from_form",
    "field_ids",
    "next_seats_html",
    "result_html",
    "score_form_html",
    "winner_text",
]

FORM_STYLE = """<style>
.invalid { outline: 3px solid #c0392b; background: #fdecea; }
.field-error { color: #c0392b; font-weight: 600; }
.vouch th, .vouch td { padding: .2rem .5rem; text-align: left; }
.player-extra .row { display: flex; flex-wrap: wrap; gap: .5rem; }
.player-extra input { width: 5rem; }
</style>"""
"""The few rules the table page adds to the app's stylesheet (a marked field, the error)."""

RULED_HAND_NOTE = (
    "If the director is called to rule on a hand (a renege, a bid or lead out of turn, table "
    "talk), write that hand 0–0: the director records the penalty points, which are added to "
    "your totals."
)
"""The sentence on the phone (and the tally sheets) that keeps a penalty's points in one
place: the director's record."""


@dataclass(frozen=True)
class TableView:
    """One table as its page shows it: who sits where and the rule profile."""

    code: str
    partnerships: tuple[tuple[Entrant, ...], tuple[Entrant, ...]]
    profile: RuleProfile

    def team_name(self, side: int) -> str:
        """The partnership by its players' names ("Ann & Bob")."""
        return " & ".join(member.name for member in self.partnerships[side])

    @property
    def players(self) -> list[Entrant]:
        """Every player at the table, partnership 0 first."""
        return [member for side in self.partnerships for member in side]

    def name_of(self, player: str | int) -> str:
        """A player's name by number or id."""
        for member in self.players:
            if str(member.number) == str(player):
                return member.name
        return f"#{player}"


def _number(data: Mapping[str, str], key: str, what: str, field: str) -> int | None:
    text = data.get(key, "").strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise ResultError(f"{what} must be a whole number, got {text!r}", field=field) from None
    if value < 0:
        raise ResultError(f"{what} must be 0 or more, got {value}", field=field)
    return value


def entered_from_form(data: Mapping[str, str], view: TableView) -> ResultInput:
    """The score a table's form posted. A blank total is an error naming it (never a 0);
    hands are rows where at least one team's box is filled (the other box is then 0)."""
    hands: list[tuple[int, int]] = []
    index = 1
    while f"hand_{index}_0" in data or f"hand_{index}_1" in data:
        field = f"hand_points.{index}"
        first = _number(data, f"hand_{index}_0", f"hand {index}, {view.team_name(0)}", field)
        second = _number(data, f"hand_{index}_1", f"hand {index}, {view.team_name(1)}", field)
        if first is not None or second is not None:
            hands.append((first or 0, second or 0))
        index += 1
    totals: list[int | None] = [
        _number(data, f"team{side}", f"the total of {view.team_name(side)}", f"team_points.{side}")
        for side in (0, 1)
    ]
    team_points: tuple[int, int] | None = None
    if totals[0] is not None and totals[1] is not None:
        team_points = (totals[0], totals[1])
    elif not hands:
        blank = 0 if totals[0] is None else 1
        raise ResultError(
            f"the total of {view.team_name(blank)} is blank: enter it (0 if that team scored "
            "nothing), or enter the game hand by hand",
            field=f"team_points.{blank}",
        )
    elif totals[0] is not None or totals[1] is not None:
        blank = 0 if totals[0] is None else 1
        raise ResultError(
            f"the total of {view.team_name(blank)} is blank: fill in both totals, or leave "
            "both empty and let the hands add up",
            field=f"team_points.{blank}",
        )

    def per_player(prefix: str, label: str, field: str) -> dict[int, int]:
        counts = {}
        for member in view.players:
            value = _number(
                data,
                f"{prefix}_{member.number}",
                f"{label} of {member.name}",
                f"{field}.{member.number}",
            )
            if value:
                counts[member.number] = value
        return counts

    own = {}
    for member in view.players:
        value = _number(
            data,
            f"points_{member.number}",
            f"own total of {member.name}",
            f"player_points.{member.number}",
        )
        if value is not None:
            own[member.number] = value
    first_text = data.get("first_to_tying_score", "").strip()
    if first_text not in ("", "0", "1"):
        raise ResultError(
            f"who reached the tying score first: choose {view.team_name(0)} or "
            f"{view.team_name(1)} (got {first_text!r})",
            field="first_to_tying_score",
        )
    return ResultInput(
        team_points=team_points,
        hand_points=tuple(hands),
        lone_hands=per_player("lone", "lone hands", "lone_hands"),
        lone_marches=per_player("march", "lone hands of five tricks", "lone_marches"),
        euchres=per_player("euchre", "times euchred", "euchres"),
        player_points=own,
        first_to_tying_score=int(first_text) if first_text else None,
    )


def field_ids(field: str, view: TableView) -> list[str]:
    """The element ids a store error's ``field`` marks on the form."""
    if field in ("team_points.0", "team_points.1"):
        return [f"team{field[-1]}-points"]
    if field == "team_points":
        return ["team0-points", "team1-points"]
    if field == "hand_points":
        return ["hands-table"]
    if field.startswith("hand_points."):
        number = field.split(".", 1)[1]
        return [f"hand-{number}-0", f"hand-{number}-1"]
    if field == "first_to_tying_score":
        return ["tie-first"]
    if field == "player_code":
        return ["player-code"]
    prefixes = {
        "lone_marches": "march",
        "player_points": "points",
        "lone_hands": "lone",
        "euchres": "euchre",
    }
    name, _, player = field.partition(".")
    if name in prefixes and player:
        return [f"{prefixes[name]}-{player}"]
    return []


def _input(
    element_id: str,
    name: str,
    values: Mapping[str, str],
    bad: set[str],
    *,
    maximum: int | None = None,
    placeholder: str = "",
) -> str:
    invalid = ' class="invalid" aria-invalid="true"' if element_id in bad else ""
    limit = f' max="{maximum}"' if maximum is not None else ""
    hint = f' placeholder="{esc(placeholder)}"' if placeholder else ""
    return (
        f'<input id="{element_id}" name="{name}" type="number" min="0"{limit} '
        f'inputmode="numeric" value="{esc(values.get(name, ""))}"{hint}{invalid}>'
    )


@dataclass(frozen=True)
class FormFrame:
    """What differs between the phone's score form and the director's correction form: where
    it posts, its id, who is writing (a player code field, or the director's CSRF field and
    a reason), the button and the heading."""

    action: str
    form_id: str = "score-form"
    identity_html: str = ""
    button_html: str = '<button id="score-submit">Submit score</button>'
    heading: str = "<h2>Enter the score</h2>"
    footer: str = '<p class="muted">An opponent then checks it and confirms with his own code.</p>'


def score_form_html(
    view: TableView,
    *,
    values: Mapping[str, str] | None = None,
    error: str = "",
    bad: Sequence[str] = (),
    frame: FormFrame | None = None,
) -> str:
    """The score form, filled with ``values`` (what was typed) and ``bad`` ids marked, the
    ``error`` shown above the form. ``frame`` makes it the director's correction form; the
    default is the phone's."""
    typed = dict(values or {})
    marked = set(bad)
    profile = view.profile
    hands = profile.game_hands if profile.game_hands > 0 else 12
    most = profile.max_hand_points()
    hand_rows = "".join(
        f"<tr><td>{i}</td><td>{_input(f'hand-{i}-0', f'hand_{i}_0', typed, marked, maximum=most)}"
        f"</td><td>{_input(f'hand-{i}-1', f'hand_{i}_1', typed, marked, maximum=most)}</td></tr>"
        for i in range(1, hands + 1)
    )
    hands_open = any(key.startswith("hand_") and value.strip() for key, value in typed.items())
    hands_class = ' class="invalid"' if "hands-table" in marked else ""
    individual = profile.individual_scoring
    march_label = (
        f"Alone, all five tricks ({profile.individual_lone_march_maker} to the caller, "
        f"{profile.individual_lone_march_partner} to the partner)"
    )

    def player_fields(member: Entrant) -> str:
        number = member.number
        fields = [("lone", "Lone hands made")]
        if individual:
            fields.append(("march", march_label))
        fields.append(("euchre", "Times euchred"))
        if individual:
            fields.append(("points", "Own total (optional, checked)"))
        boxes = "".join(
            f"<label>{esc(label)} "
            f"{_input(f'{prefix}-{number}', f'{prefix}_{number}', typed, marked)}</label>"
            for prefix, label in fields
        )
        return (
            f'<fieldset class="player-extra" data-player="{number}"><legend>{esc(member.name)}'
            f'</legend><div class="row">{boxes}</div></fieldset>'
        )

    extras = "".join(player_fields(member) for member in view.players)
    extras_open = any(
        key.split("_", 1)[0] in ("lone", "march", "euchre", "points")
        and value.strip() not in ("", "0")
        for key, value in typed.items()
    ) or any(
        identifier.split("-", 1)[0] in ("lone", "march", "euchre", "points")
        for identifier in marked
    )
    tie_class = ' class="invalid"' if "tie-first" in marked else ""
    chosen = typed.get("first_to_tying_score", "")
    tie_options = "".join(
        f'<label class="check"><input id="tie-first-{side}" name="first_to_tying_score" '
        f'type="radio" value="{side}"{" checked" if chosen == str(side) else ""}> '
        f"{esc(view.team_name(side))}</label>"
        for side in (0, 1)
    )
    error_html = (
        f'<p id="form-error" class="error field-error" role="alert">{esc(error)}</p>'
        if error
        else ""
    )
    code_class = ' class="invalid" aria-invalid="true"' if "player-code" in marked else ""
    shape = frame or FormFrame(
        action=f"/t/{esc(view.code)}/submissions",
        identity_html=(
            '<label>Your player code <input id="player-code" name="player_code" '
            'inputmode="numeric" autocomplete="off" required '
            f'value="{esc(typed.get("player_code", ""))}"{code_class}></label>'
        ),
    )
    return f"""<section id="enter-score">{shape.heading}{error_html}
<form id="{shape.form_id}" method="post" action="{shape.action}" class="stack">
<div class="row"><label>{esc(view.team_name(0))} total
{_input("team0-points", "team0", typed, marked)}</label>
<label>{esc(view.team_name(1))} total {_input("team1-points", "team1", typed, marked)}</label></div>
<details{" open" if hands_open or hands_class else ""}><summary>Or hand by hand</summary>
<table id="hands-table"{hands_class} class="hands"><thead><tr><th>Hand</th>
<th>{esc(view.team_name(0))}</th><th>{esc(view.team_name(1))}</th></tr></thead>
<tbody>{hand_rows}</tbody></table></details>
<p id="ruled-hand-note" class="muted">{esc(RULED_HAND_NOTE)}</p>
<fieldset id="tie-first"{tie_class}><legend>A level game: who reached the tying score first?
</legend><p class="muted">Ties go to the first team to make the tying score (read from the
hands when you enter them).</p>{tie_options}</fieldset>
<details{" open" if extras_open else ""}><summary>Lone hands made and times euchred</summary>
<p class="muted" id="euchre-note">Times euchred: when a team is euchred, <strong>both</strong>
partners count it (each puts in the cup).</p>
{extras}</details>
{shape.identity_html}
{shape.button_html}</form>
{shape.footer}</section>"""


def _counts_text(view: TableView, counts: Mapping[str, Any]) -> str:
    return ", ".join(
        f"{esc(view.name_of(player))} {int(count)}" for player, count in counts.items() if count
    )


def result_html(view: TableView, result: Mapping[str, Any], *, element_id: str) -> str:
    """Everything a score says, by team and player name: what an opponent vouches for when he
    confirms, and what the page shows once saved."""
    points = result["team_points"]
    lines = [
        f"<tr><th>{esc(view.team_name(side))}</th><td><strong>{points[side]}</strong> points"
        f"</td></tr>"
        for side in (0, 1)
    ]
    hands = result.get("hand_points") or []
    if hands:
        lines.append(
            "<tr><th>Hands</th><td>"
            + " · ".join(f"{number}: {hand[0]}–{hand[1]}" for number, hand in enumerate(hands, 1))
            + "</td></tr>"
        )
    first = result.get("first_to_tying_score")
    if first is not None and points[0] == points[1]:
        lines.append(
            f"<tr><th>Level game</th><td>{esc(view.team_name(int(first)))} reached "
            f"{points[0]} first</td></tr>"
        )
    for key, label in (
        ("lone_hands", "Lone hands made"),
        ("lone_marches", "Alone, all five tricks"),
        ("euchres", "Times euchred"),
    ):
        text = _counts_text(view, result.get(key) or {})
        lines.append(f"<tr><th>{label}</th><td>{text or 'none'}</td></tr>")
    if view.profile.individual_scoring:
        own = dict(result.get("player_points") or {})
        per_player = ", ".join(
            f"{esc(member.name)} {own.get(str(member.number), points[side])}"
            for side, pair in enumerate(view.partnerships)
            for member in pair
        )
        lines.append(f"<tr><th>Each player's points</th><td>{per_player}</td></tr>")
    return f'<table id="{element_id}" class="vouch"><tbody>{"".join(lines)}</tbody></table>'


def winner_text(
    view: TableView, result: Mapping[str, Any], with_penalties: tuple[int, int] | None = None
) -> str:
    """Who won the game (a level game: the team that reached the tying score first), counting
    the director's penalties when ``with_penalties`` gives the score with them."""
    points = with_penalties or result["team_points"]
    if points[0] != points[1]:
        side = 0 if points[0] > points[1] else 1
    elif result.get("first_to_tying_score") is not None:
        side = int(result["first_to_tying_score"])
    else:
        return f"A level game, {points[0]}–{points[1]}."
    return (
        f"{view.team_name(side)} won, {points[side]}–{points[1 - side]}"
        + (" (first to the tying score)" if points[0] == points[1] else "")
        + (
            " with the director's penalties"
            if with_penalties and with_penalties != tuple(result["team_points"])
            else ""
        )
        + "."
    )


def next_seats_html(
    view: TableView, snapshot: EventSnapshot, round_number: int, names: Mapping[str, str]
) -> str:
    """Where each pair at this table goes next: the next round's table and partner when the
    event has computed it, otherwise a pointer to the projector."""
    try:
        plan: RoundPlan | None = snapshot.round_plan(round_number + 1)
    except TournamentError:  # the next round is not seated yet
        plan = None
    if plan is None or round_number not in snapshot.complete_rounds:
        if snapshot.is_over or (snapshot.config.rounds <= round_number and plan is None):
            return '<p id="next-seats">That was the last round: see the projector for prizes.</p>'
        return (
            '<p id="next-seats">The next seating appears here once every table has reported: '
            "see the projector.</p>"
        )
    seat: dict[str, str] = {}
    for table in plan.tables:
        for side, pair in enumerate(table.partnerships):
            for player in pair:
                partner = ", ".join(names.get(p, p) for p in pair if p != player)
                others = " & ".join(names.get(p, p) for p in table.partnerships[1 - side])
                seat[player] = (
                    f"table {table.table}"
                    + (f" with {partner}" if partner else "")
                    + f", against {others}"
                )
    for player in plan.sitting_out:
        seat[player] = "sits out"
    items = "".join(
        f"<li>{esc(member.name)}: {esc(seat.get(str(member.number), 'not seated'))}</li>"
        for member in view.players
    )
    return f'<div id="next-seats"><h3>Round {plan.round}</h3><ul>{items}</ul></div>'
