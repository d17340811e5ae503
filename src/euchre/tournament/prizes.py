"""The prize list as a club's sheet pays it: by tables or by entrants, or as percentages of
the pot, with fixed extras, a last-place prize and who may win.

:func:`euchre.tournament.standings.prize_awards` pays the places in rank order; this module
decides the amounts from the sheet's :class:`PrizeTable`, leaves out the players its
eligibility rule names (the places go to those below them) and writes on each prize line what
decided its money (:attr:`PrizeAward.basis`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from euchre.tournament.model import Entrant, PrizeAward, PrizeEligibility, PrizeTable, StandingRow
from euchre.tournament.standings import prize_awards

__all__ = ["LAST_PLACE", "award_prizes", "prize_left_out"]

LAST_PLACE = "last_place"
""":attr:`PrizeAward.decided_by` of the last-place prize."""

_RULES = {
    PrizeEligibility.FROM_FIRST_ROUND: "prizes go to those who played from the first round",
    PrizeEligibility.PRESENT_AT_END: "prizes go to those present at the end",
    PrizeEligibility.MEMBERS_ONLY: "prizes go to club members only",
}


def _money(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def prize_left_out(
    table: PrizeTable,
    members: Mapping[str, Sequence[str]],
    entrants: Mapping[str, Entrant],
    rounds: int,
) -> dict[str, str]:
    """Each competitor the sheet's eligibility rule leaves out of the prizes, with the
    reason in words ("Late Larry arrived for game 2; prizes go to those who played from the
    first round")."""
    left_out: dict[str, str] = {}
    for unit, players in members.items():
        for player in players:
            entrant = entrants.get(player)
            if entrant is None:
                continue
            for rule in table.eligible:
                if rule is PrizeEligibility.FROM_FIRST_ROUND and entrant.arrival_round > 1:
                    why = f"arrived for game {entrant.arrival_round}"
                elif (
                    rule is PrizeEligibility.PRESENT_AT_END
                    and entrant.withdrawal_round is not None
                    and entrant.withdrawal_round <= rounds
                ):
                    why = f"left after game {entrant.withdrawal_round - 1}"
                elif rule is PrizeEligibility.MEMBERS_ONLY and entrant.guest:
                    why = "is a guest"
                else:
                    continue
                left_out.setdefault(unit, f"{entrant.name} {why}; {_RULES[rule]}")
    return left_out


def _basis(table: PrizeTable, tables: int, entrants: int) -> list[str]:
    """What set each place's money, in words, 1st place first."""
    count = len(table.amounts_for(tables, entrants))
    words = ["" for _ in range(count)]
    if table.percents:
        fee = _money(table.entry_fee_cents)
        pot = _money(table.entry_fee_cents * entrants)
        step = (
            f", rounded down to {_money(table.round_to_cents)}" if table.round_to_cents > 1 else ""
        )
        for place, percent in enumerate(table.percents):
            words[place] = f"{percent}% of the {pot} pot ({entrants} entrants × {fee}){step}"
        shares = table.pot_shares(entrants)
        step_cents = max(1, table.round_to_cents)
        rounded = table.entry_fee_cents * entrants * table.percents[0] // 100 // step_cents
        rest = shares[0] - rounded * step_cents
        if rest > 0:
            words[0] += f", with the {_money(rest)} the rounding left"
    elif table.tiers:
        bound, _ = table.tier_for(tables, entrants)
        if table.by_entrants:
            words = [f"{entrants} entrants: the row from {bound} entrants" for _ in range(count)]
        elif table.extras_cents:
            words = [f"{tables} tables: the row from {bound} tables" for _ in range(count)]
    for place, extra in enumerate(table.extras_cents):
        if extra and place < count:
            plus = f"{_money(extra)} added by the club"
            words[place] = f"{words[place]}, {plus}" if words[place] else plus
    return words


def award_prizes(
    standings: Sequence[StandingRow],
    table: PrizeTable,
    *,
    tables: int,
    entrants: int,
    tie_breaks: Sequence[str],
    split_ties: bool,
    computer: Collection[str],
    left_out: Mapping[str, str],
) -> list[PrizeAward]:
    """The prize list: the places paid in rank order (ties as :func:`prize_awards`), the
    competitors in ``computer`` and ``left_out`` passed over, then the last-place prize.
    Each line's :attr:`PrizeAward.basis` says what set its money and names whom the
    eligibility rule passed over above it."""
    amounts = table.amounts_for(tables, entrants)
    awards = prize_awards(
        standings,
        amounts,
        tie_breaks=tie_breaks,
        split_ties=split_ties,
        ineligible=set(computer) | set(left_out),
    )
    basis = _basis(table, tables, entrants)
    rank = {row.competitor_id: index for index, row in enumerate(standings)}
    result = []
    told: set[str] = set()
    for award in awards:
        words = [basis[award.places[0] - 1]] if award.places and basis else []
        # A player passed over is named on the first prize line below him: the place he
        # would have taken.
        above = [
            unit
            for unit in left_out
            if unit not in told and unit in rank and rank[unit] < rank[award.competitor_id]
        ]
        told |= set(above)
        words += [f"passed over: {left_out[unit]}" for unit in above]
        result.append(replace(award, basis="; ".join(word for word in words if word)))
    if table.last_place_cents:
        eligible = [
            row
            for row in standings
            if row.competitor_id not in left_out and row.competitor_id not in computer
        ]
        if eligible:
            last = eligible[-1]
            below = [
                reason
                for unit, reason in left_out.items()
                if rank.get(unit, -1) > rank[last.competitor_id]
            ]
            words = ["the last place in the standings"] + [f"passed over: {r}" for r in below]
            result.append(
                PrizeAward(
                    last.competitor_id,
                    last.name,
                    (),
                    table.last_place_cents,
                    decided_by=LAST_PLACE,
                    place_label="last",
                    basis="; ".join(words),
                )
            )
    return result
