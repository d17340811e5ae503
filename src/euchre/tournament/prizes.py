"""The prize list as a club's sheet pays it: by tables or by entrants, or as percentages of
the pot, with fixed extras, a last-place prize and who may win.

:func:`euchre.tournament.standings.prize_awards` pays the places in rank order; this module
decides the amounts from the sheet's :class:`PrizeTable`, leaves out the players its
eligibility rule names (the places go to those below them) and writes on each prize line what
decided its money (:attr:`PrizeAward.basis`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from euchre.tournament.model import (
    AwardKind,
    AwardRule,
    Entrant,
    PrizeAward,
    PrizeEligibility,
    PrizeTable,
    StandingRow,
)
from euchre.tournament.standings import prize_awards, split_cents

__all__ = [
    "AWARD",
    "LAST_PLACE",
    "award_prizes",
    "no_places_note",
    "pay_awards",
    "prize_categories",
    "prize_left_out",
]

AWARD = "award"
""":attr:`PrizeAward.decided_by` of an award (most lone hands, high game, high lady)."""

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
    computer: Mapping[str, str],
    left_out: Mapping[str, str],
) -> list[PrizeAward]:
    """The prize list: the places paid in rank order (ties as :func:`prize_awards`), the
    competitors in ``computer`` (with the reason: a computer player played their games)
    and ``left_out`` passed over, then the last-place prize. Each line's
    :attr:`PrizeAward.basis` says what set its money and names whom the eligibility rule
    or a computer-played game passed over above it ("skipped: Bob (a computer player
    played 2 of 8 games) — computer-played games win no prize")."""
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
    names = {row.competitor_id: row.name for row in standings}
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
        skipped = sorted(
            (
                unit
                for unit in computer
                if unit not in left_out
                and unit not in told
                and unit in rank
                and rank[unit] < rank[award.competitor_id]
            ),
            key=rank.__getitem__,
        )
        told |= set(above) | set(skipped)
        words += [f"passed over: {left_out[unit]}" for unit in above]
        if skipped:
            words.append(
                "skipped: "
                + ", ".join(f"{names[unit]} ({computer[unit]})" for unit in skipped)
                + " — computer-played games win no prize"
            )
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


def prize_categories(
    members: Mapping[str, Sequence[str]], entrants: Mapping[str, Entrant]
) -> dict[str, str]:
    """Each competitor's prize category: a player's own; a team's when both players share
    it (a team of a lady and a man is in neither "high lady" nor "high man")."""
    categories: dict[str, str] = {}
    for unit, players in members.items():
        found = {entrants[p].prize_category for p in players if p in entrants}
        if len(found) == 1:
            (category,) = found
            if category is not None:
                categories[unit] = category
    return categories


def _award_values(
    rule: AwardRule,
    standings: Sequence[StandingRow],
    game_points: Mapping[str, Mapping[int, int]],
    categories: Mapping[str, str],
) -> list[tuple[StandingRow, int, str]]:
    """The competitors an award can go to, best first, each with the value it is decided
    on and that value in words ("3 lone hands made", "11 points in game 4")."""
    values: list[tuple[StandingRow, int, str]] = []
    for row in standings:
        if rule.kind is AwardKind.MOST_LONE_HANDS:
            count = row.lone_hands
            values.append((row, count, f"{count} lone hand{'s' if count != 1 else ''} made"))
        elif rule.kind is AwardKind.HIGH_GAME:
            games = game_points.get(row.competitor_id, {})
            if games:
                best = max(games.values())
                game = min(number for number, points in games.items() if points == best)
                values.append((row, best, f"{best} points in game {game}"))
        elif categories.get(row.competitor_id) == rule.category:
            # The standings' own order (tie-breaks included) decides: the value is the place.
            values.append((row, -row.rank, f"{row.points} points, {_ordinal(row.rank)} overall"))
    values.sort(key=lambda item: -item[1])
    return values


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


_NONE_WON = {
    AwardKind.MOST_LONE_HANDS: "nobody made a lone hand",
    AwardKind.HIGH_GAME: "no game has been played",
    AwardKind.HIGH_SCORE: "no player of the category '{category}' may win",
}


def pay_awards(
    standings: Sequence[StandingRow],
    table: PrizeTable,
    *,
    game_points: Mapping[str, Mapping[int, int]],
    categories: Mapping[str, str],
    passed_over: Mapping[str, str],
) -> tuple[list[PrizeAward], list[str]]:
    """The sheet's awards (:class:`AwardRule`), paid besides the places from the recorded
    hands, and a note for each award nobody won. Competitors level on an award's value
    share its money to the cent (the odd cent to the one listed first); ``passed_over``
    (the eligibility rule's and the computer-played games' reasons) win no award, and the
    line names whom it passed over. Every line's :attr:`PrizeAward.basis` says what decided
    it: the value, the runner-up, a tie."""
    awards: list[PrizeAward] = []
    notes: list[str] = []
    for rule in table.awards:
        values = _award_values(rule, standings, game_points, categories)
        eligible = [item for item in values if item[0].competitor_id not in passed_over]
        if not eligible or (rule.kind is AwardKind.MOST_LONE_HANDS and eligible[0][1] == 0):
            why = _NONE_WON[rule.kind].format(category=rule.category)
            notes.append(f"{rule.label[0].upper()}{rule.label[1:]}: not awarded; {why}.")
            continue
        best = eligible[0][1]
        winners = [item for item in eligible if item[1] == best]
        runner_up = next((item for item in eligible if item[1] != best), None)
        if runner_up is not None and rule.kind is AwardKind.MOST_LONE_HANDS and not runner_up[1]:
            runner_up = None  # "next: Flo (0 lone hands made)" says nothing
        above = [
            item for item in values if item[0].competitor_id in passed_over and item[1] >= best
        ]
        what = {
            AwardKind.MOST_LONE_HANDS: "the most lone hands made",
            AwardKind.HIGH_GAME: "the highest single-game score",
            AwardKind.HIGH_SCORE: f"the best of the players in the category '{rule.category}'",
        }[rule.kind]
        shares = split_cents(rule.cents, len(winners))
        ids = tuple(item[0].competitor_id for item in winners)
        for (row, _, value_words), share in zip(winners, shares, strict=True):
            words = [f"{what}: {value_words}"]
            if len(winners) > 1:
                others = ", ".join(
                    f"{item[0].name} ({item[2]})" for item in winners if item[0] is not row
                )
                words.append(f"tied with {others}: the {_money(rule.cents)} is shared")
            if runner_up is not None:
                words.append(f"next: {runner_up[0].name} ({runner_up[2]})")
            words += [f"passed over: {_why(item[0], passed_over)}" for item in above]
            awards.append(
                PrizeAward(
                    row.competitor_id,
                    row.name,
                    (),
                    share,
                    tuple(other for other in ids if other != row.competitor_id),
                    decided_by=AWARD,
                    place_label=rule.label,
                    basis="; ".join(words),
                )
            )
    return awards, notes


def _why(row: StandingRow, passed_over: Mapping[str, str]) -> str:
    reason = passed_over[row.competitor_id]
    # The eligibility rule's reason names the player already ("Late Larry arrived ...").
    return reason if reason.startswith(row.name) else f"{row.name} ({reason})"


def no_places_note(table: PrizeTable, tables: int, entrants: int) -> str:
    """Why a prize table whose places pay by tables or entrants pays no place tonight, in
    words ("No place prizes: the sheet pays from 3 tables; this night had 2."); empty when
    places are paid or the table has no places to pay."""
    if not table.tiers or table.amounts_for(tables, entrants):
        return ""
    if table.by_entrants:
        least = min(tier.min_entrants for tier in table.tiers)
        return f"No place prizes: the sheet pays from {least} entrants; this night had {entrants}."
    least = min(tier.min_tables for tier in table.tiers)
    return (
        f"No place prizes: the sheet pays from {least} tables; this night had {tables}"
        f" table{'s' if tables != 1 else ''}."
    )
