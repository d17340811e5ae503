"""The standings, prizes and euchred cup in words (read model), as the ``standings``,
``prizes`` and ``side_pot`` macros of ``macros.html`` show them: on the dashboard, the public
results and projector pages, and an online night's between-rounds page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from euchre.tournament import (
    EventSnapshot,
    PrizeAward,
    StandingRow,
)
from euchre.tournament.prizes import AWARD

__all__ = [
    "AwardLine",
    "PrizesView",
    "SidePotView",
    "StandingLine",
    "decided_text",
    "prizes_view",
    "side_pot_view",
    "standings_rows",
    "tie_break_text",
]


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
    if name == "euchres_made":
        return f"{_plural(value, 'euchre')} made"
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
