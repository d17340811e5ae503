"""``compute_event``: an event's inputs in, its snapshot out (seating, standings, prizes).

Round n+1's seating depends only on the inputs of rounds 1..n and the seed, so correcting a
result recomputes every later round; pass the earlier snapshot as ``previous`` to see which
seats the correction moved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from euchre.engine.profile import RuleProfile, load_profile
from euchre.tournament.errors import TournamentError
from euchre.tournament.formats import FORMATS, check_config, format_options
from euchre.tournament.model import (
    Entrant,
    EventInputs,
    EventSnapshot,
    MovementChange,
    PenaltyRecord,
    PenaltyRuling,
    Playoff,
    RoundPlan,
    TableResult,
    TableSeating,
)
from euchre.tournament.movement import (
    PlayedRound,
    choose_out,
    first_round_individual,
    first_round_teams,
    losers_rotate_round,
    pair_leftover_teams,
    place_groups,
    progressive_round,
    rotating_partners_round,
    round_rng,
    round_robin_round,
    sit_out_rotation,
    winners_move_up_round,
)
from euchre.tournament.penalties import rule_on_penalty
from euchre.tournament.playoffs import run_playoffs
from euchre.tournament.standings import Ledger, build_standings, prize_awards, side_pot
from euchre.tournament.validation import validate_result

__all__ = ["compute_event", "movement_changes", "validate_result"]


@dataclass(slots=True)
class _Competitors:
    """Who competes: teams (fixed-partner formats) or players, with names and members."""

    members: dict[str, tuple[str, ...]]
    names: dict[str, str]
    unit_of: dict[str, str]
    order: list[str]
    warnings: list[str] = field(default_factory=list)


def _build_competitors(
    entrants: Sequence[Entrant], fixed_partners: bool, seed: int
) -> _Competitors:
    names = {entrant.id: entrant.name for entrant in entrants}
    if not fixed_partners:
        order = [entrant.id for entrant in entrants]
        return _Competitors(
            {pid: (pid,) for pid in order}, dict(names), {pid: pid for pid in order}, order
        )
    labelled: dict[str, list[str]] = {}
    alone: list[str] = []
    for entrant in entrants:
        if entrant.team is None:
            alone.append(entrant.id)
        else:
            labelled.setdefault(entrant.team, []).append(entrant.id)
    warnings: list[str] = []
    members: dict[str, tuple[str, ...]] = {}
    for label, ids in labelled.items():
        if len(ids) == 2:
            members[label] = (ids[0], ids[1])
        else:
            warnings.append(
                f"team {label!r} has {len(ids)} players ({', '.join(ids)}); a team is two, "
                "so they are paired by the draw"
            )
            alone += ids
    # Players who came alone are paired by a seeded draw (Valpo: "the supervisor will assist
    # in pairing teams").
    rng = round_rng(seed, 0, "draw")
    alone.sort()
    rng.shuffle(alone)
    for index in range(0, len(alone) - 1, 2):
        first, second = alone[index], alone[index + 1]
        members[f"{first}+{second}"] = (first, second)
    if len(alone) % 2:
        warnings.append(f"player {alone[-1]!r} has no partner and cannot play a team format")
    team_names = {
        team: " & ".join(names[player] for player in pair) for team, pair in members.items()
    }
    unit_of = {player: team for team, pair in members.items() for player in pair}
    return _Competitors(members, team_names, unit_of, list(members), warnings)


def _unit_active(
    unit: str, competitors: _Competitors, entrants: Mapping[str, Entrant], round_number: int
) -> bool:
    return all(entrants[p].active_in(round_number) for p in competitors.members[unit])


def _winner(result: TableResult, penalty_points: tuple[int, int]) -> int | None:
    first = result.team_points[0] + penalty_points[0]
    second = result.team_points[1] + penalty_points[1]
    if first != second:
        return 0 if first > second else 1
    return result.first_to_tying_score


def compute_event(inputs: EventInputs, previous: EventSnapshot | None = None) -> EventSnapshot:
    """Every round's seating, standings with tie-breaks, prizes and the euchred cup, from the
    event's inputs alone (deterministic). With ``previous``, the snapshot also lists the seats
    that differ from it (``movement_changes``)."""
    config = inputs.config
    check_config(config)
    profile = load_profile(config.profile_id)
    spec = FORMATS[config.format]
    options = format_options(config)
    entrants = {entrant.id: entrant for entrant in inputs.entrants}
    if len(entrants) != len(inputs.entrants):
        ids = [entrant.id for entrant in inputs.entrants]
        duplicate = next(pid for pid in ids if ids.count(pid) > 1)
        raise TournamentError(f"entrant id {duplicate!r} is used twice")
    competitors = _build_competitors(inputs.entrants, spec.fixed_partners, config.seed)
    warnings = list(competitors.warnings)
    overrides = {override.round: override for override in inputs.overrides}
    results: dict[tuple[str, int, int], TableResult] = {}
    for result in inputs.results:
        results[(result.stage, result.round, result.table)] = result
    penalties_by_table: dict[tuple[int, int], list[PenaltyRecord]] = {}
    for penalty in inputs.penalties:
        penalties_by_table.setdefault((penalty.round, penalty.table), []).append(penalty)

    plans: list[RoundPlan] = []
    played: list[PlayedRound] = []
    out_counts: dict[str, int] = {}
    met: dict[str, set[str]] = {}
    rulings: list[PenaltyRuling] = []
    ledger = Ledger(competitors.order)
    follows_schedule = True
    first_round_players: list[str] = []
    current_round: int | None = None
    roster = sorted(entrants)
    draw_order = list(competitors.order)
    round_rng(config.seed, 0, "order").shuffle(draw_order)

    for round_number in range(1, config.rounds + 1):
        active = [
            unit
            for unit in competitors.order
            if _unit_active(unit, competitors, entrants, round_number)
        ]
        rng = round_rng(config.seed, round_number)
        previous_round = played[-1] if played else None
        overridden = round_number in overrides
        if overridden:
            override = overrides[round_number]
            tables = list(override.tables)
            out_players = list(override.sitting_out)
            follows_schedule = False
        elif spec.fixed_partners:
            units_per_table = 2
            full_round_robin = (
                config.format == "losers_rotate" and config.rounds >= len(competitors.order) - 1
            )
            if config.format == "round_robin" or full_round_robin:
                # The circle method gives the byes itself.
                out_units = []
            else:
                out_units = choose_out(active, len(active) % units_per_table, out_counts, rng)
            playing = [unit for unit in active if unit not in set(out_units)]
            if config.format == "round_robin" or full_round_robin:
                tables = round_robin_round(draw_order, round_number, playing, competitors.members)
                if full_round_robin:
                    # Every team must meet every other: the circle method guarantees no
                    # repeat; winners keep their tables whenever the pairings allow. Teams
                    # whose circle opponent is absent (late, withdrawn) play each other.
                    groups = [t.partnerships for t in tables]
                    groups += pair_leftover_teams(tables, playing, competitors.members, met)
                    tables = place_groups(groups, previous_round)
            elif previous_round is None:
                tables = first_round_teams(playing, competitors.members, rng)
            elif config.format == "winners_move_up":
                tables = winners_move_up_round(
                    previous_round, playing, competitors.members, competitors.unit_of
                )
            else:
                tables = losers_rotate_round(
                    previous_round, playing, competitors.members, competitors.unit_of, met
                )
            seated = {p for table in tables for p in table.players}
            out_players = [
                p for unit in active for p in competitors.members[unit] if p not in seated
            ]
        elif config.format == "rotating_partners":
            if previous_round is None:
                first_round_players = list(active)
            tables, out_players, follows_schedule = rotating_partners_round(
                round_number=round_number,
                roster=roster,
                first_round_players=first_round_players,
                active=active,
                out_counts=out_counts,
                history=[round_.tables for round_ in played],
                history_follows_schedule=follows_schedule,
                rounds=config.rounds,
                seed=config.seed,
                previous=previous_round,
            )
        else:
            out_players = sit_out_rotation(active, len(active) % 4, out_counts, rng)
            playing = [p for p in active if p not in set(out_players)]
            if previous_round is None:
                tables = first_round_individual(playing, rng)
            else:
                tables = progressive_round(previous_round, playing)
        _check_seating(round_number, tables, out_players, entrants)
        byes = sorted({competitors.unit_of.get(p, p) for p in out_players})
        for unit in byes:
            out_counts[unit] = out_counts.get(unit, 0) + 1
        if not spec.fixed_partners:
            for player in out_players:
                if player not in byes:
                    out_counts[player] = out_counts.get(player, 0) + 1
        round_results = {
            table.table: results.get(("main", round_number, table.table)) for table in tables
        }
        complete = bool(tables) and all(value is not None for value in round_results.values())
        plans.append(
            RoundPlan(
                round=round_number,
                tables=tuple(tables),
                sitting_out=tuple(sorted(out_players)),
                byes=tuple(byes) if spec.fixed_partners else tuple(sorted(out_players)),
                overridden=overridden,
                complete=complete,
            )
        )
        for key in results:
            if key[0] == "main" and key[1] == round_number and key[2] not in round_results:
                warnings.append(
                    f"round {round_number}: a result for table {key[2]} but the round has "
                    f"{len(tables)} tables"
                )
        winners: dict[int, int] = {}
        for table in tables:
            table_result = round_results[table.table]
            if table_result is None:
                continue
            result = table_result
            try:
                validate_result(config, result, table)
            except TournamentError as problem:
                # Stored results were checked on entry; a later change (a corrected earlier
                # round reseating this table) can still make one inconsistent: say so.
                warnings.append(str(problem))
            table_rulings = _rule_table(
                profile, penalties_by_table, round_number, table, inputs.penalties
            )
            rulings += table_rulings
            penalty_points = (
                sum(r.team_points[0] for r in table_rulings),
                sum(r.team_points[1] for r in table_rulings),
            )
            scored_nothing = _scored_nothing(result, table_rulings, table, penalties_by_table)
            winner = _winner(result, penalty_points)
            if winner is None and result.team_points[0] == result.team_points[1]:
                warnings.append(
                    f"round {round_number} table {table.table}: a level game "
                    f"({result.team_points[0]}-{result.team_points[1]}) with no "
                    "first_to_tying_score; for movement the first partnership is the winner"
                )
            winners[table.table] = 0 if winner is None else winner
            ledger.record_table(
                round_number,
                table,
                result,
                penalty_points,
                scored_nothing,
                winner,
                competitors.unit_of,
                individual=not spec.fixed_partners,
            )
            units = [competitors.unit_of.get(pair[0], pair[0]) for pair in table.partnerships]
            if spec.fixed_partners and len(units) == 2:
                met.setdefault(units[0], set()).add(units[1])
                met.setdefault(units[1], set()).add(units[0])
        if complete:
            ledger.record_sit_outs(
                round_number,
                byes if spec.fixed_partners else out_players,
                config.sit_out_scoring,
                config.sit_out_points,
            )
            played.append(PlayedRound(tuple(tables), winners))
        else:
            if not tables:
                warnings.append(f"round {round_number}: too few players to seat a table")
            current_round = round_number
            break

    is_over = current_round is None
    standings, ties = build_standings(
        ledger,
        competitors.names,
        competitors.members,
        config.tie_breaks or spec.tie_breaks,
    )
    playoffs: list[Playoff] = []
    if is_over and config.format == "losers_rotate" and options.get("playoffs", True):
        places = max(1, len(config.prizes.amounts_for(_table_count(plans))))
        hands = int(options.get("playoff_hands", 4))
        for row_group in ties:
            rank = next(row.rank for row in standings if row.competitor_id == row_group[0])
            if rank > places:
                continue
            if len(row_group) == 2:
                playoffs.append(
                    Playoff(
                        row_group,
                        "two_teams",
                        f"a {hands}-hand playoff between the two teams; if still tied, a "
                        "sudden-death hand",
                    )
                )
            else:
                playoffs.append(
                    Playoff(
                        row_group,
                        "round_robin",
                        f"a {hands}-hand round-robin playoff among the {len(row_group)} teams",
                    )
                )
    if playoffs:
        playoff_results = {
            (result.round, result.table): result
            for result in inputs.results
            if result.round > config.rounds
        }
        outcome = run_playoffs(
            playoffs=playoffs,
            standings=standings,
            ties=ties,
            members=competitors.members,
            unit_of=competitors.unit_of,
            results=playoff_results,
            first_round=config.rounds + 1,
        )
        plans += outcome.plans
        standings, ties = outcome.standings, outcome.ties
        current_round = outcome.current_round
        is_over = current_round is None
    prizes = prize_awards(standings, config.prizes.amounts_for(_table_count(plans)))
    pot = side_pot(ledger, standings, config.side_pot_cents) if config.side_pot else None
    snapshot = EventSnapshot(
        config=config,
        rounds=tuple(plans),
        complete_rounds=tuple(plan.round for plan in plans if plan.complete),
        current_round=current_round,
        standings=tuple(standings),
        ties=tuple(ties),
        prizes=tuple(prizes),
        side_pot=pot,
        penalties=tuple(rulings),
        playoffs=tuple(playoffs),
        warnings=tuple(warnings),
        is_over=is_over,
    )
    if previous is not None:
        snapshot = replace(snapshot, movement_changes=movement_changes(previous, snapshot))
    return snapshot


def _table_count(plans: Sequence[RoundPlan]) -> int:
    return max((len(plan.tables) for plan in plans), default=0)


def _check_seating(
    round_number: int,
    tables: Sequence[TableSeating],
    sitting_out: Sequence[str],
    entrants: Mapping[str, Entrant],
) -> None:
    seen: set[str] = set()
    for player in [p for table in tables for p in table.players] + list(sitting_out):
        if player not in entrants:
            raise TournamentError(f"round {round_number}: unknown player {player!r} in the seating")
        if player in seen:
            raise TournamentError(f"round {round_number}: player {player!r} is seated twice")
        seen.add(player)
    numbers = [table.table for table in tables]
    if len(set(numbers)) != len(numbers):
        raise TournamentError(f"round {round_number}: a table number is used twice: {numbers}")


def _rule_table(
    profile: RuleProfile,
    penalties_by_table: Mapping[tuple[int, int], Sequence[PenaltyRecord]],
    round_number: int,
    table: TableSeating,
    every: Sequence[PenaltyRecord] = (),
) -> list[PenaltyRuling]:
    records = penalties_by_table.get((round_number, table.table), ())
    # Each ruling sees every penalty recorded before it in the event (table-talk warnings
    # count per player for the whole event, since partners change between games).
    position = {id(record): index for index, record in enumerate(every)}
    return [
        rule_on_penalty(
            profile,
            record,
            table,
            every[: position[id(record)]] if id(record) in position else records[:index],
        )
        for index, record in enumerate(records)
    ]


def _scored_nothing(
    result: TableResult,
    rulings: Sequence[PenaltyRuling],
    table: TableSeating,
    penalties_by_table: Mapping[tuple[int, int], Sequence[PenaltyRecord]],
) -> tuple[int, int]:
    """Points to take back from each side: the hand of a "score nothing that deal" ruling."""
    removed = [0, 0]
    records = penalties_by_table.get((result.round, table.table), ())
    for ruling, record in zip(rulings, records, strict=True):
        if not ruling.offenders_score_nothing or record.hand_number is None:
            continue
        if not 1 <= record.hand_number <= len(result.hand_points):
            continue
        side = 0 if record.offender_id in table.partnerships[0] else 1
        removed[side] += result.hand_points[record.hand_number - 1][side]
    return (removed[0], removed[1])


def _seat_text(plan: RoundPlan, player: str) -> str:
    for table in plan.tables:
        for pair in table.partnerships:
            if player in pair:
                partner = [p for p in pair if p != player]
                with_text = f" with {partner[0]}" if partner else ""
                return f"table {table.table}{with_text}"
    if player in plan.sitting_out:
        return "sits out"
    return "absent"


def movement_changes(before: EventSnapshot, after: EventSnapshot) -> tuple[MovementChange, ...]:
    """Every player whose seat (table and partner) in some round differs between two
    snapshots of one event, round by round."""
    changes: list[MovementChange] = []
    after_plans = {plan.round: plan for plan in after.rounds}
    before_plans = {plan.round: plan for plan in before.rounds}
    for round_number in sorted(set(after_plans) | set(before_plans)):
        old, new = before_plans.get(round_number), after_plans.get(round_number)
        players = set()
        for plan in (old, new):
            if plan is not None:
                players |= {p for t in plan.tables for p in t.players} | set(plan.sitting_out)
        for player in sorted(players):
            old_text = _seat_text(old, player) if old else "not planned"
            new_text = _seat_text(new, player) if new else "not planned"
            if old_text != new_text:
                changes.append(MovementChange(round_number, player, old_text, new_text))
    return tuple(changes)
