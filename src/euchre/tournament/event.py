"""``compute_event``: an event's inputs in, its snapshot out (seating, standings, prizes).

seat -> score -> finish: each main round is seated (a seating set by hand or frozen when the
round was started, else the format's movement), then scored; once every main round is in,
the event is finished (standings, the format's playoffs, prizes, the euchred cup). Round
n+1's seating depends only on the inputs of rounds 1..n and the seed, so correcting a result
recomputes every later round not yet started; pass the earlier snapshot as ``previous`` to see
which seats the correction moved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from euchre.engine.profile import RuleProfile, load_profile
from euchre.tournament.competitors import Competitors, build_competitors, unit_active
from euchre.tournament.errors import TournamentError
from euchre.tournament.formats import (
    FORMATS,
    FormatSpec,
    SeatingState,
    check_config,
    format_options,
)
from euchre.tournament.ledger import table_ledger
from euchre.tournament.model import (
    ComputerGames,
    Entrant,
    EventConfig,
    EventInputs,
    EventSnapshot,
    MovementChange,
    PenaltyRecord,
    PenaltyRuling,
    Playoff,
    PlayoffConflict,
    RoundPlan,
    SeatingOverride,
    Stage,
    StandingRow,
    TableResult,
    TableSeating,
    TieBreak,
)
from euchre.tournament.movement import PlayedRound, draw_order_of, keep_played
from euchre.tournament.movement_spec import SitOuts
from euchre.tournament.penalties import rule_on_penalty
from euchre.tournament.playoffs import PlayoffOutcome, run_playoffs
from euchre.tournament.prizes import (
    award_prizes,
    no_places_note,
    pay_awards,
    prize_categories,
    prize_left_out,
)
from euchre.tournament.standings import (
    Ledger,
    Ranking,
    build_standings,
    level_on_points,
    side_pot,
)
from euchre.tournament.validation import validate_result

__all__ = ["compute_event", "game_winner", "movement_changes", "validate_result"]


def game_winner(result: TableResult, penalty_points: tuple[int, int] = (0, 0)) -> int | None:
    """The side that won a game for the movement and "games won": more points with the
    director's ``penalty_points``; a level game goes to the first team to the tying score
    (None when nobody said)."""
    first = result.team_points[0] + penalty_points[0]
    second = result.team_points[1] + penalty_points[1]
    if first != second:
        return 0 if first > second else 1
    return result.first_to_tying_score


@dataclass(slots=True)
class _Event:
    """One computation's inputs, indexed: the format, competitors, results and penalties."""

    inputs: EventInputs
    config: EventConfig
    profile: RuleProfile
    spec: FormatSpec
    options: dict[str, Any]
    entrants: dict[str, Entrant]
    competitors: Competitors
    overrides: dict[int, SeatingOverride]
    results: dict[tuple[Stage, int, int], TableResult]
    penalties_by_table: dict[tuple[int, int], list[PenaltyRecord]]
    warnings: list[str]


@dataclass(slots=True)
class _Progress:
    """What the rounds played so far left behind: plans, the movement's history, totals."""

    ledger: Ledger
    plans: list[RoundPlan] = field(default_factory=list)
    played: list[PlayedRound] = field(default_factory=list)
    out_counts: dict[str, int] = field(default_factory=dict)
    met: dict[str, set[str]] = field(default_factory=dict)
    rulings: list[PenaltyRuling] = field(default_factory=list)
    current_round: int | None = None


def _prepare(inputs: EventInputs) -> _Event:
    config = inputs.config
    check_config(config)
    entrants = {entrant.id: entrant for entrant in inputs.entrants}
    if len(entrants) != len(inputs.entrants):
        ids = [entrant.id for entrant in inputs.entrants]
        duplicate = next(pid for pid in ids if ids.count(pid) > 1)
        raise TournamentError(f"entrant id {duplicate!r} is used twice")
    spec = FORMATS[config.format]
    competitors = build_competitors(inputs.entrants, spec.fixed_partners, config.seed)
    results = {(result.stage, result.round, result.table): result for result in inputs.results}
    penalties_by_table: dict[tuple[int, int], list[PenaltyRecord]] = {}
    for penalty in inputs.penalties:
        penalties_by_table.setdefault((penalty.round, penalty.table), []).append(penalty)
    return _Event(
        inputs=inputs,
        config=config,
        profile=load_profile(config.profile_id),
        spec=spec,
        options=format_options(config),
        entrants=entrants,
        competitors=competitors,
        overrides={override.round: override for override in inputs.overrides},
        results=results,
        penalties_by_table=penalties_by_table,
        warnings=list(competitors.warnings),
    )


def compute_event(inputs: EventInputs, previous: EventSnapshot | None = None) -> EventSnapshot:
    """Every round's seating, standings with tie-breaks, prizes and the euchred cup, from the
    event's inputs alone (deterministic): each main round is seated (a seating set by hand,
    else the format's :meth:`~FormatSpec.seat`) and scored, then the event is finished
    (standings, the format's playoffs, prizes, the cup). With ``previous``, the snapshot also
    lists the seats that differ from it (``movement_changes``)."""
    event = _prepare(inputs)
    progress = _Progress(
        Ledger(
            list(event.competitors.order),
            # Counted only where a tie-break reads it: the other events' standings (and
            # their stored snapshots) stay exactly as they were.
            hands_worth_points=event.config.hands_worth_points
            if TieBreak.HANDS_WORTH in (event.config.tie_breaks or event.spec.tie_breaks)
            else 0,
            lone_march_points=event.profile.points_lone_march,
            count_euchres_made=TieBreak.EUCHRES_MADE
            in (event.config.tie_breaks or event.spec.tie_breaks),
        )
    )
    draw_order = draw_order_of(event.competitors.order, event.config.seed)
    for round_number in range(1, event.config.rounds + 1):
        plan = _seat(event, progress, round_number, draw_order)
        if not _score(event, progress, plan):
            progress.current_round = round_number
            break
    snapshot = _finish(event, progress)
    if previous is not None:
        snapshot = replace(snapshot, movement_changes=movement_changes(previous, snapshot))
    return snapshot


def _seat(
    event: _Event, progress: _Progress, round_number: int, draw_order: list[str]
) -> RoundPlan:
    """Seat one main round: the director's seating when set (or frozen when started), else
    the format's movement."""
    competitors = event.competitors
    active = [
        unit
        for unit in competitors.order
        if unit_active(unit, competitors, event.entrants, round_number)
    ]
    override = event.overrides.get(round_number)
    tables: Sequence[TableSeating]
    out_players: Sequence[str]
    if override is not None:
        tables, out_players = override.tables, override.sitting_out
    else:
        state = SeatingState(
            config=event.config,
            options=event.options,
            round_number=round_number,
            active=active,
            members=competitors.members,
            unit_of=competitors.unit_of,
            draw_order=draw_order,
            entry_order=competitors.order,
            roster=sorted(event.entrants),
            history=progress.played,
            out_counts=progress.out_counts,
            met=progress.met,
            seat_classes={
                entrant.id: entrant.seat_class
                for entrant in event.entrants.values()
                if entrant.seat_class is not None
            },
            stationary=frozenset(
                entrant.id for entrant in event.entrants.values() if entrant.stationary
            ),
        )
        seating = event.spec.seat(state)
        tables, out_players = seating.tables, seating.sitting_out
        tables, out_players = _as_played(event, round_number, "main", tables, out_players)
    _check_seating(round_number, tables, out_players, event.entrants)
    if (
        out_players
        and override is None
        and event.spec.movement_for(event.config).sit_outs is SitOuts.TABLES_OF_THREE
    ):
        names = ", ".join(event.entrants[player].name for player in sorted(out_players))
        event.warnings.append(
            f"round {round_number}: {len(active)} players cannot all be seated at tables of "
            f"four and three; {names} sit{'s' if len(out_players) == 1 else ''} out in turn "
            "(the fair rotation)"
        )
    byes = sorted({competitors.unit_of.get(p, p) for p in out_players})
    for unit in byes:
        progress.out_counts[unit] = progress.out_counts.get(unit, 0) + 1
    fixed = event.spec.fixed_partners
    plan = RoundPlan(
        round=round_number,
        tables=tuple(tables),
        sitting_out=tuple(sorted(out_players)),
        byes=tuple(byes) if fixed else tuple(sorted(out_players)),
        overridden=override is not None and not override.frozen,
    )
    progress.played.append(PlayedRound(tuple(tables), {}, tuple(active), override is not None))
    return plan


def _as_played(
    event: _Event,
    round_number: int,
    stage: str,
    tables: Sequence[TableSeating],
    out_players: Sequence[str],
) -> tuple[list[TableSeating], list[str]]:
    """The computed seating, with each table whose result names who played it seated as
    played (a warning says where the two differ)."""
    played = {
        table: result.partnerships
        for (result_stage, number, table), result in event.results.items()
        if number == round_number
        and result.partnerships is not None
        and (result_stage == stage or stage == "playoff")
    }
    kept, out, changed = keep_played(tables, out_players, played)
    if changed:
        event.warnings.append(
            f"round {round_number}: table(s) {', '.join(map(str, changed))} were played by "
            "other players than the seating now computed; the played seating is kept"
        )
    return kept, out


def _score(event: _Event, progress: _Progress, plan: RoundPlan) -> bool:
    """Score one main round's results (penalties on top); True when it is complete."""
    config, competitors = event.config, event.competitors
    round_number, tables = plan.round, plan.tables
    round_results = {
        table.table: event.results.get((Stage.MAIN, round_number, table.table)) for table in tables
    }
    # A round the schedule left without a table though four or more players are present (a
    # fixed round robin whose every pairing this round has an absent team: each team present
    # has a bye) is played as it stands; with fewer present, it waits (nobody can play).
    all_byes = not tables and len(plan.sitting_out) >= 4
    complete = (bool(tables) or all_byes) and all(
        value is not None for value in round_results.values()
    )
    if all_byes:
        event.warnings.append(
            f"round {round_number}: every team present is paired with an absent one this "
            "round, so each has a bye"
        )
    progress.plans.append(replace(plan, complete=complete))
    for key in event.results:
        if key[0] == "main" and key[1] == round_number and key[2] not in round_results:
            event.warnings.append(
                f"round {round_number}: a result for table {key[2]} but the round has "
                f"{len(tables)} tables"
            )
    winners: dict[int, int] = {}
    fixed = event.spec.fixed_partners
    for table in tables:
        result = round_results[table.table]
        if result is None:
            continue
        table_rulings = _rule_table(
            event.profile, event.penalties_by_table, round_number, table, event.inputs.penalties
        )
        progress.rulings += table_rulings
        ledger = table_ledger(
            result,
            table_rulings,
            event.penalties_by_table.get((round_number, table.table), ()),
            table,
            event.profile,
        )
        adjustment = ledger.penalty_points
        _warn_if_invalid(event, config, result, table, adjustment)
        winner = game_winner(result, adjustment)
        level = ledger.points[0]
        if winner is None and level == ledger.points[1] and level > 0 and ledger.settled:
            event.warnings.append(
                f"round {round_number} table {table.table}: a level game ({level}-{level}"
                f"{'' if adjustment == (0, 0) else ' with the penalties'}) and nobody is named "
                "as the first to reach it: the next round waits for the director's answer"
            )
        winners[table.table] = 0 if winner is None else winner
        progress.ledger.record_table(
            round_number,
            table,
            result,
            ledger,
            winner,
            competitors.unit_of,
            individual=not fixed,
        )
        units = [competitors.unit_of.get(pair[0], pair[0]) for pair in table.partnerships if pair]
        if fixed and len(units) == 2:
            progress.met.setdefault(units[0], set()).add(units[1])
            progress.met.setdefault(units[1], set()).add(units[0])
    if not complete:
        progress.played.pop()
        if not tables:
            event.warnings.append(f"round {round_number}: too few players to seat a table")
        return False
    progress.played[-1].winners = winners
    progress.ledger.record_sit_outs(
        round_number, list(plan.byes), config.sit_out_scoring, config.sit_out_points
    )
    return True


def _finish(event: _Event, progress: _Progress) -> EventSnapshot:
    """Standings, the format's playoffs, prizes and the euchred cup."""
    config, competitors, spec = event.config, event.competitors, event.spec
    plans = progress.plans
    tie_breaks = config.tie_breaks or spec.tie_breaks
    final = build_standings(progress.ledger, competitors.names, competitors.members, tie_breaks)
    standings, ties = final
    current_round = progress.current_round
    playoffs: list[Playoff] = []
    conflicts: list[PlayoffConflict] = []
    if current_round is None:
        places = max(1, len(config.prizes.amounts_for(_table_count(plans), len(event.entrants))))
        if config.prize_ties != "split":
            playoffs = spec.playoffs(event.options, final, places)
        outcome = _play_off(event, playoffs, standings, ties)
        if outcome is not None:
            plans = plans + outcome.plans
            standings, ties = outcome.standings, outcome.ties
            current_round = outcome.current_round
            conflicts = outcome.conflicts
    is_over = current_round is None
    if config.prize_ties == "split":
        # Level on points, level in the standings: the prize list and the table agree.
        standings, ties = level_on_points(Ranking(standings, ties))
    computer = _computer_games(config, standings)
    left_out = prize_left_out(config.prizes, competitors.members, event.entrants, config.rounds)
    prizes = award_prizes(
        standings,
        config.prizes,
        tables=_table_count(plans),
        entrants=len(event.entrants),
        tie_breaks=("points", *tie_breaks),
        split_ties=config.prize_ties == "split",
        computer=computer,
        left_out=left_out,
    )
    awards, notes = pay_awards(
        standings,
        config.prizes,
        game_points=progress.ledger.game_points,
        categories=prize_categories(competitors.members, event.entrants),
        passed_over={**computer, **left_out},
    )
    places_note = no_places_note(config.prizes, _table_count(plans), len(event.entrants))
    pot = None
    if config.side_pot:
        pot = side_pot(
            progress.ledger,
            standings,
            config.side_pot_cents,
            absent=_absences(event),
            qualification=config.side_pot_qualification,
            exclude=config.side_pot_exclude,
            include=config.side_pot_include,
            paid=is_over,
            ineligible=computer,
            lone_cents=config.side_pot_lone_cents,
            fallback=config.side_pot_fallback,
        )
    return EventSnapshot(
        config=config,
        rounds=tuple(plans),
        complete_rounds=tuple(plan.round for plan in plans if plan.complete),
        current_round=current_round,
        standings=tuple(standings),
        ties=tuple(ties),
        prizes=tuple(prizes + awards),
        side_pot=pot,
        prize_notes=tuple(filter(None, (places_note, *notes))),
        penalties=tuple(progress.rulings),
        playoffs=tuple(playoffs),
        warnings=tuple(event.warnings),
        is_over=is_over,
        conflicts=tuple(conflicts),
    )


def _play_off(
    event: _Event,
    playoffs: Sequence[Playoff],
    standings: Sequence[StandingRow],
    ties: Sequence[tuple[str, ...]],
) -> PlayoffOutcome | None:
    """Seat and score the playoff rounds (after the main rounds): the started ones as
    started, the rest as the tied groups need; None when there is nothing to play off."""
    config, competitors = event.config, event.competitors
    frozen = {
        number: override.tables
        for number, override in event.overrides.items()
        if number > config.rounds
    }
    if not playoffs and not frozen:
        return None
    results = {
        (result.round, result.table): result
        for result in event.inputs.results
        if result.round > config.rounds
    }
    played: dict[int, dict[int, tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for result in results.values():
        if result.partnerships is not None:
            played.setdefault(result.round, {})[result.table] = result.partnerships
    outcome = run_playoffs(
        playoffs=playoffs,
        standings=standings,
        ties=ties,
        members=competitors.members,
        unit_of=competitors.unit_of,
        results=results,
        first_round=config.rounds + 1,
        frozen=frozen,
        played=played,
        round_minutes=config.round_minutes,
        game_hands=event.profile.game_hands,
    )
    for plan in outcome.plans:
        for table in plan.tables:
            found = results.get((plan.round, table.table))
            if found is not None:
                # A playoff game is checked as a game of its own length (table.hands).
                _warn_if_invalid(event, config, found, table, (0, 0))
    event.warnings.extend(conflict.message for conflict in outcome.conflicts)
    return outcome


def _warn_if_invalid(
    event: _Event,
    config: EventConfig,
    result: TableResult,
    table: TableSeating,
    penalty_points: tuple[int, int],
) -> None:
    """Stored results were checked on entry; a later change (a corrected earlier round
    reseating this table) can still make one inconsistent: say so in the warnings, naming
    the players (their names are gathered only for a result that needs the message)."""
    try:
        validate_result(config, result, table, penalty_points=penalty_points)
    except TournamentError:
        names = {player: entrant.name for player, entrant in event.entrants.items()}
        try:
            validate_result(config, result, table, names=names, penalty_points=penalty_points)
        except TournamentError as problem:
            event.warnings.append(str(problem))


def _computer_games(config: EventConfig, standings: Sequence[StandingRow]) -> dict[str, str]:
    """Competitors a computer player played a game for, with the reason in words, when the
    event says such games do not make a player eligible for prizes or the cup (the default:
    ``computer_games`` is ``table_only``)."""
    if config.computer_games != ComputerGames.TABLE_ONLY:
        return {}
    return {
        row.competitor_id: (
            f"a computer player played {row.computer_games} of {row.games_played} games"
        )
        for row in standings
        if row.computer_games
    }


def _absences(event: _Event) -> dict[str, str]:
    """Competitors not present for every game of the event, with the reason in words."""
    absent: dict[str, str] = {}
    rounds = event.config.rounds
    for unit, players in event.competitors.members.items():
        for player in players:
            entrant = event.entrants[player]
            if entrant.arrival_round > 1:
                absent[unit] = f"{entrant.name} arrived for game {entrant.arrival_round}"
            elif entrant.withdrawal_round is not None and entrant.withdrawal_round <= rounds:
                last = entrant.withdrawal_round - 1
                absent[unit] = f"{entrant.name} left after game {last}"
    return absent


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
            raise TournamentError(f"round {round_number}: {entrants[player].name} is seated twice")
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
    snapshots of one event, round by round. A round seated only in ``after`` (the last
    result of a round seats the next) changes no seat: nobody had one there to lose."""
    changes: list[MovementChange] = []
    after_plans = {plan.round: plan for plan in after.rounds}
    before_plans = {plan.round: plan for plan in before.rounds}
    for round_number in sorted(set(after_plans) | set(before_plans)):
        old, new = before_plans.get(round_number), after_plans.get(round_number)
        if old is None:
            continue
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
