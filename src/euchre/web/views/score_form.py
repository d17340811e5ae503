"""The score form and a score in words, shared by a table's phone page
(:mod:`euchre.web.pages.table`) and the director's correction page
(:mod:`euchre.web.pages.correction`): reading what the form posted, the element ids an error
marks, the form and the result table as HTML, and who won."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from euchre.store.presets import sheet_words
from euchre.store.scoring.scores import ResultInput
from euchre.store.table_view import (
    TableSeats,
    winning_side,
)
from euchre.tournament import TableResult
from euchre.tournament.bell import BELL_GAME_WORDS, plays_to_the_bell
from euchre.tournament.penalties import ruled_hand_note
from euchre.tournament.tables_of_three import THREE_HANDED_RULE
from euchre.tournament.validation import ResultError, hand_point_values
from euchre.web.common.form_fields import optional_whole_number
from euchre.web.common.templating import render_text

__all__ = [
    "FORM_STYLE",
    "FormFrame",
    "ResultLines",
    "TableView",
    "entered_from_form",
    "field_ids",
    "headline",
    "result_html",
    "result_lines",
    "score_form_html",
    "winner_text",
]


FORM_STYLE = Markup(render_text("pages/table/style.html"))
"""The few rules the table page adds to the app's stylesheet (a marked field, the error), for
pages that put the score form or the result table in their own layout."""


TableView = TableSeats
"""The seating and game the score form and the result table need (the director's correction
form builds one for any round's table); the phone's whole view is
:class:`euchre.store.table_view.TableView`, a ``TableSeats`` too."""


def _number(data: Mapping[str, str], key: str, what: str, field: str) -> int | None:
    """A box of the score form: empty (None) or a whole number, 0 or more."""
    return optional_whole_number(data.get(key, ""), what, field=field, minimum=0)


def entered_from_form(data: Mapping[str, str], view: TableSeats) -> ResultInput:
    """The score a table's form posted. A blank total is an error naming it (never a 0);
    hands are rows where at least one team's box is filled (the other box is then 0). At
    a table of three: each player's own total, a blank one missing (the store names it)."""
    if view.three_handed:
        return ResultInput(player_points=_own_totals(data, view))
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

    own = _own_totals(data, view)
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
        # Asked only where the cup has a lone-hand stake: elsewhere nothing is read, and a
        # correction keeps what an online table recorded (pages_correction._changed_fields).
        lone_euchres=per_player("loneeuchre", "times euchred on a lone hand", "lone_euchres")
        if view.asks_lone_euchres
        else {},
        player_points=own,
        first_to_tying_score=int(first_text) if first_text else None,
    )


def _own_totals(data: Mapping[str, str], view: TableSeats) -> dict[int, int]:
    """Each player's own total typed (``points_<number>``), blanks left out."""
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
    return own


def field_ids(field: str, view: TableSeats) -> list[str]:
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
        "lone_euchres": "loneeuchre",
    }
    name, _, player = field.partition(".")
    if name in prefixes and player:
        return [f"{prefixes[name]}-{player}"]
    return []


@dataclass(frozen=True)
class FormFrame:
    """What differs between the phone's score form and the director's correction form: where
    it posts, its id, who is writing (the director's CSRF field and a reason), the button and
    the heading, as ready HTML."""

    action: str
    form_id: str = "score-form"
    identity_html: str = ""
    button_html: str = ""
    heading: str = ""
    footer: str = ""


def score_form_html(
    view: TableSeats,
    *,
    values: Mapping[str, str] | None = None,
    error: str = "",
    bad: Sequence[str] = (),
    frame: FormFrame | None = None,
    playoff: bool = False,
    round_number: int | None = None,
    locked: bool = False,
) -> Markup:
    """The score form, filled with ``values`` (what was typed) and ``bad`` ids marked, the
    ``error`` shown above the form. ``frame`` makes it the director's correction form; the
    default is the phone's. A ``playoff`` game does not ask who reached a level score first:
    a level playoff is played on (Valpo rule 20: a sudden-death hand). ``round_number``: the
    round the phone's form scores, sent with the seating it shows (the store refuses a score
    for a round that is over or a seating that changed). ``locked``: what was typed for a
    round that is over, shown but not sendable."""
    typed = dict(values or {})
    marked = set(bad)
    profile = view.profile
    individual = profile.individual_scoring
    fields = [("lone", "Lone hands made")]
    if individual:
        fields.append(
            (
                "march",
                f"Alone, all five tricks ({profile.individual_lone_march_maker} to the caller, "
                f"{profile.individual_lone_march_partner} to the partner)",
            )
        )
    fields.append(("euchre", "Times euchred"))
    if view.asks_lone_euchres:
        fields.append(("loneeuchre", "Times euchred on a lone hand"))
    if individual:
        fields.append(("points", "Own total (optional, checked)"))
    extra_prefixes = ("lone", "march", "euchre", "loneeuchre", "points")
    context: dict[str, Any] = {
        "view": view,
        "values": typed,
        "bad": marked,
        "error": error,
        "frame": None
        if frame is None
        else {
            "heading": Markup(frame.heading),
            "identity_html": Markup(frame.identity_html),
            "button_html": Markup(frame.button_html),
            "footer": Markup(frame.footer),
        },
        "form_id": "score-form" if frame is None else frame.form_id,
        "action": f"/t/{view.code}/submissions" if frame is None else frame.action,
        "hands": profile.game_hands if profile.game_hands > 0 else 12,
        "most": profile.max_hand_points(),
        "hands_open": "hands-table" in marked
        or any(key.startswith("hand_") and value.strip() for key, value in typed.items()),
        "player_fields": fields,
        "extras_open": any(
            key.split("_", 1)[0] in extra_prefixes and value.strip() not in ("", "0")
            for key, value in typed.items()
        )
        or any(identifier.split("-", 1)[0] in extra_prefixes for identifier in marked),
        "ruled_hand_note": ruled_hand_note(profile),
        "extra_hand": profile.game_tie == "extra_hand",
        # A game to the bell prints no target or hand count: the form says how it ends.
        "game_length": BELL_GAME_WORDS if plays_to_the_bell(profile) else "",
        "playoff": playoff,
        "round_number": round_number,
        "seated": " ".join(str(member.number) for member in view.players),
        "locked": locked,
        "words": sheet_words(profile.id),
        "lone_stake": f"${view.lone_stake_cents / 100:.2f}" if view.asks_lone_euchres else "",
        "three_handed": view.three_handed,
        "three_handed_rule": sheet_words(profile.id).three_handed or THREE_HANDED_RULE,
    }
    return Markup(render_text("pages/table/score_form.html", context))


@dataclass(frozen=True)
class ResultLines:
    """Everything a score says, by team and player name, as the result table's lines."""

    teams: tuple[tuple[str, int], ...]
    hands: str
    level: str
    counts: tuple[tuple[str, str], ...]
    per_player: str | None


def headline(view: TableSeats, result: TableResult) -> str:
    """A score in one line: "10 – 4", or a table of three's own totals "10 – 6 – 3"."""
    if view.three_handed:
        return " – ".join(
            str(result.player_points.get(str(member.number), 0)) for member in view.players
        )
    return f"{result.team_points[0]} – {result.team_points[1]}"


def result_lines(view: TableSeats, result: TableResult) -> ResultLines:
    """The lines of a score: what an opponent vouches for when he confirms, and what the page
    shows once saved (a table of three: each player's own total)."""
    if view.three_handed:
        own = result.player_points
        return ResultLines(
            teams=tuple((m.name, own.get(str(m.number), 0)) for m in view.players),
            hands="",
            level="",
            counts=(),
            per_player=None,
        )
    points = result.team_points
    hands = result.hand_points
    first = result.first_to_tying_score
    counts = []
    lone_euchres_label = "Times euchred on a lone hand"
    for by_player, label in (
        (result.lone_hands, "Lone hands made"),
        (result.lone_marches, "Alone, all five tricks"),
        (result.euchres, "Times euchred"),
        (result.lone_euchres, lone_euchres_label),
    ):
        if label == lone_euchres_label and not view.asks_lone_euchres:
            continue  # no lone-hand stake: the count costs nothing more, the form does not ask
        if by_player is result.lone_marches and not view.profile.individual_scoring:
            # The form asks who went alone for all five only where the caller scores more
            # than his partner; elsewhere nobody typed it, so "none" would contradict a 4-0
            # hand. The hands say it when their points can mean nothing else.
            marches = _lone_marches_from_hands(view, hands)
            if marches is not None:
                counts.append((label, marches))
            continue
        text = ", ".join(
            f"{view.name_of(player)} {int(count)}" for player, count in by_player.items() if count
        )
        counts.append((label, text or "none"))
    per_player = None
    if view.profile.individual_scoring:
        own = result.player_points
        per_player = ", ".join(
            f"{member.name} {own.get(str(member.number), points[side])}"
            for side, pair in enumerate(view.partnerships)
            for member in pair
        )
    return ResultLines(
        teams=tuple((view.team_name(side), points[side]) for side in (0, 1)),
        hands=" · ".join(f"{number}: {hand[0]}–{hand[1]}" for number, hand in enumerate(hands, 1)),
        level=f"{view.team_name(int(first))} reached {points[0]} first"
        if first is not None and points[0] == points[1]
        else "",
        counts=tuple(counts),
        per_player=per_player,
    )


def _lone_marches_from_hands(view: TableSeats, hands: Sequence[Sequence[int]]) -> str | None:
    """Which hands were lone hands of five tricks, read from the hand-by-hand points
    ("hand 3 (Ann & Bob)"), where no other outcome scores a lone march's points; ``None``
    (the line is left out) when only totals were sent or the points could mean something
    else, since the table was not asked."""
    profile = view.profile
    march = profile.points_lone_march
    if not hands or march in hand_point_values(profile, lone_march=False):
        return None
    found = [
        f"hand {number} ({view.team_name(side)})"
        for number, hand in enumerate(hands, 1)
        for side in (0, 1)
        if hand[side] == march
    ]
    return ", ".join(found) or "none"


def result_html(view: TableSeats, result: TableResult, *, element_id: str) -> Markup:
    """The result table (``#element_id``) of a score."""
    return Markup(
        render_text(
            "pages/table/result.html",
            {"lines": result_lines(view, result), "element_id": element_id},
        )
    )


def winner_text(
    view: TableSeats,
    result: TableResult,
    with_penalties: tuple[int, int] | None = None,
    *,
    playoff: bool = False,
    sudden_death_next: bool = False,
) -> str:
    """Who won the game (a level game: the team that reached the tying score first), counting
    the director's penalties when ``with_penalties`` gives the score with them. A level
    ``playoff`` game is won by nobody: it says so, and that sudden death comes next when the
    two teams play again (``sudden_death_next``). A table of three: its top scorer."""
    if view.three_handed:
        own = {m.name: result.player_points.get(str(m.number), 0) for m in view.players}
        best = max(own.values(), default=0)
        top = [name for name, points in own.items() if points == best]
        return f"{' and '.join(top)} scored most, {best}."
    points = with_penalties or result.team_points
    if playoff and points[0] == points[1]:
        return f"Level, {points[0]}–{points[1]}" + (
            ": sudden death next." if sudden_death_next else "."
        )
    side = winning_side(result, with_penalties)
    if side is None:
        return f"A level game, {points[0]}–{points[1]}."
    return (
        f"{view.team_name(side)} won, {points[side]}–{points[1 - side]}"
        + (" (first to the tying score)" if points[0] == points[1] else "")
        + (
            " with the director's penalties"
            if with_penalties and with_penalties != result.team_points
            else ""
        )
        + "."
    )
