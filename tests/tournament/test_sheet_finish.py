"""The end of a night by the sheets: Valpo's playoffs as matches of their own length, a late
correction that must not hand a played playoff to someone else, the euchred cup to players
who played every game, prize ties that say what decided them, and level games decided by
"the first team to make the tying score"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from euchre.tournament import (
    Entrant,
    EventConfig,
    EventInputs,
    PrizeTable,
    PrizeTier,
    SeatingOverride,
    TableResult,
    TableSeating,
    TournamentError,
    compute_event,
    preset_config,
    validate_result,
)

from .helpers import play_out, players, seated_in_entry_order

THREE_PRIZES = PrizeTable((PrizeTier(1, (7500, 5000, 3500)),))
"""$75, $50 and $35 from one table up."""


def _two_tables(sheet: str, points: dict[int, tuple[int, int]], **settings: object) -> EventInputs:
    config = preset_config(sheet, **{"rounds": 1, **settings})
    override = SeatingOverride(
        1,
        (
            TableSeating(1, (("P01", "P02"), ("P03", "P04"))),
            TableSeating(2, (("P05", "P06"), ("P07", "P08"))),
        ),
    )
    results = tuple(TableResult(1, table, pts) for table, pts in points.items())
    return EventInputs(config, players(8, teams=True), results, overrides=(override,))


def _with(inputs: EventInputs, *results: TableResult, frozen: int = 0) -> EventInputs:
    """Add results; with ``frozen`` the seating of that playoff round is kept as started
    (what storage does for every started round)."""
    overrides = inputs.overrides
    if frozen:
        plan = compute_event(replace(inputs, results=inputs.results)).round_plan(frozen)
        overrides = (*overrides, SeatingOverride(frozen, plan.tables))
    return replace(inputs, results=inputs.results + results, overrides=overrides)


# --- Valpo playoffs: their own hand count, label, clock and validation -----------------------


def test_valpo_two_team_playoff_is_a_4_hand_game_then_a_sudden_death_hand() -> None:
    inputs = _two_tables("valpo", {1: (8, 5), 2: (8, 5)}, round_minutes=60)
    playoff = compute_event(inputs).round_plan(2)
    assert playoff.stage == "playoff" and playoff.hands == 4
    assert playoff.label == "Playoff: 4-hand game"
    assert playoff.minutes == 20  # a 12-hand match is 60 minutes; 4 hands, a third of it
    table = playoff.tables[0]
    assert table.hands == 4
    config = inputs.config
    # "a four (4) hand playoff": 20-0 cannot happen in 4 hands.
    with pytest.raises(TournamentError, match="20 points in 4 hands is impossible"):
        validate_result(config, TableResult(2, 1, (20, 0), stage="playoff"), table)
    with pytest.raises(TournamentError, match="5 hands listed in a 4-hand playoff game"):
        hands = ((1, 0), (1, 0), (0, 2), (1, 0), (1, 0))
        validate_result(config, TableResult(2, 1, (4, 2), hands, stage="playoff"), table)
    level = TableResult(2, 1, (2, 2), stage="playoff")
    validate_result(config, level, table)
    sudden = compute_event(_with(inputs, level, frozen=2)).round_plan(3)
    assert sudden.hands == 1 and sudden.label == "Playoff: sudden-death hand"
    # "If the game is still tied, a sudden death hand": one hand, one team scores.
    with pytest.raises(TournamentError, match="2-1 is impossible in a sudden-death hand"):
        validate_result(config, TableResult(3, 1, (2, 1), stage="playoff"), sudden.tables[0])
    validate_result(config, TableResult(3, 1, (0, 2), stage="playoff"), sudden.tables[0])


def test_a_playoff_rounds_hand_count_survives_storage_as_the_started_seating() -> None:
    inputs = _two_tables("valpo", {1: (8, 5), 2: (8, 5)})
    plan = compute_event(inputs).round_plan(2)
    stored = SeatingOverride.from_json(plan.to_json())
    assert stored.tables == plan.tables and stored.tables[0].hands == 4
    with pytest.raises(TournamentError, match="impossible"):
        validate_result(inputs.config, TableResult(2, 1, (20, 0)), stored.tables[0])
    # A main round's table carries no hand count: the profile's game applies.
    assert "hands" not in compute_event(inputs).round_plan(1).tables[0].to_json()


def test_an_impossible_stored_playoff_result_is_warned_about() -> None:
    inputs = _two_tables("valpo", {1: (8, 5), 2: (8, 5)})
    snapshot = compute_event(_with(inputs, TableResult(2, 1, (20, 0), stage="playoff")))
    assert any("20 points in 4 hands is impossible" in w for w in snapshot.warnings)


def test_valpo_three_teams_tied_play_a_4_hand_round_robin() -> None:
    config = preset_config("valpo", rounds=1)
    override = seated_in_entry_order(tables=3)
    results = tuple(TableResult(1, n, (8, 5)) for n in (1, 2, 3))
    snapshot = compute_event(
        EventInputs(config, players(12, teams=True), results, overrides=(override,))
    )
    assert snapshot.playoffs[0].kind == "round_robin" and snapshot.playoffs[0].hands == 4
    plan = snapshot.round_plan(2)
    assert plan.hands == 4 and plan.label == "Playoff: 4-hand round robin"


# --- a correction after a playoff -------------------------------------------------------------


def test_correction_after_playoff_never_gives_a_played_playoff_to_other_teams() -> None:
    inputs = _two_tables("valpo", {1: (8, 5), 2: (8, 5)})  # T1 and T3 tied on 8
    playoff = compute_event(inputs).round_plan(2)
    assert {frozenset(side) for side in playoff.tables[0].partnerships} == {
        frozenset({"P01", "P02"}),
        frozenset({"P05", "P06"}),
    }
    first_side = playoff.tables[0].partnerships[0]
    played = _with(inputs, TableResult(2, 1, (3, 1), stage="playoff"), frozen=2)
    decided = compute_event(played)
    assert decided.is_over and decided.standings[0].members == first_side
    assert decided.prizes == () and not decided.conflicts
    # The director corrects round 1 table 2: it was 5-8, so T4 (P07, P08) is tied with T1.
    corrected_results = tuple(
        replace(r, team_points=(5, 8)) if (r.round, r.table) == (1, 2) else r
        for r in played.results
    )
    after = compute_event(replace(played, results=corrected_results))
    # The played playoff stays as played, with its result, between the teams who played it.
    kept = after.round_plan(2)
    assert kept.tables == playoff.tables and kept.complete
    # ... and the app says so instead of re-reading it as T1 against T4.
    assert len(after.conflicts) == 1
    conflict = after.conflicts[0]
    assert (conflict.round, conflict.table) == (2, 1)
    assert set(conflict.played) == {"T1", "T3"} and conflict.now_tied == (("T1", "T4"),)
    assert "the director must decide" in conflict.message
    assert any("no longer tied" in warning for warning in after.warnings)
    # The new tie gets its own playoff; until it is played, T1 and T4 stay level.
    assert not after.is_over and after.current_round == 3
    new_playoff = after.round_plan(3)
    assert {frozenset(side) for side in new_playoff.tables[0].partnerships} == {
        frozenset({"P01", "P02"}),
        frozenset({"P07", "P08"}),
    }
    top = [row for row in after.standings if row.rank == 1]
    assert {row.competitor_id for row in top} == {"T1", "T4"}
    assert all("playoff_points" not in row.tie_break_values for row in after.standings)


def test_correction_that_ends_the_tie_keeps_the_playoff_and_reports_it() -> None:
    inputs = _two_tables("valpo", {1: (8, 5), 2: (8, 5)})
    played = _with(inputs, TableResult(2, 1, (1, 3), stage="playoff"), frozen=2)
    corrected_results = tuple(
        replace(r, team_points=(9, 5)) if (r.round, r.table) == (1, 2) else r
        for r in played.results
    )
    after = compute_event(replace(played, results=corrected_results))
    assert after.is_over and after.standings[0].competitor_id == "T3"
    assert after.round_plan(2).complete and len(after.conflicts) == 1


# --- the euchred cup ---------------------------------------------------------------------------


def _cup_night(**settings: object) -> EventInputs:
    """Bolivar, 12 players, 3 games; P12 leaves after game 2, LATE arrives for game 2.
    Whoever plays with P12 or LATE scores nothing, so they trail the field."""
    config = preset_config("bolivar", rounds=3, seed=2, **settings)
    entrants = [*players(12), Entrant("LATE", "Late Arrival", arrival_round=2)]
    entrants[11] = replace(entrants[11], withdrawal_round=3)
    trailing = {"P12", "LATE"}

    def make(round_number: int, table: TableSeating) -> TableResult:
        if set(table.partnerships[0]) & trailing:
            points = (0, 8)
        elif set(table.partnerships[1]) & trailing:
            points = (8, 0)
        else:
            points = (8, 3)
        return TableResult(round_number, table.table, points, euchres={table.players[0]: 1})

    return play_out(config, tuple(entrants), make)[0]


def test_euchred_cup_only_players_who_played_every_game_qualify() -> None:
    inputs = _cup_night()
    snapshot = compute_event(inputs)
    pot = snapshot.side_pot
    assert pot is not None and pot.paid
    points = {row.competitor_id: row.points for row in snapshot.standings}
    assert min(points, key=lambda p: points[p]) in {"P12", "LATE"}
    assert pot.rule == "Only players who played every game qualify for the euchred cup."
    assert pot.not_qualified == {
        "P12": "Player 12 left after game 2",
        "LATE": "Late Arrival arrived for game 2",
    }
    assert "P12" not in pot.winners and "LATE" not in pot.winners
    everyone_else = {p: n for p, n in points.items() if p not in {"P12", "LATE"}}
    fewest = min(everyone_else.values())
    assert set(pot.winners) == {p for p, n in everyone_else.items() if n == fewest}
    assert sum(pot.shares_cents) == pot.total_cents
    # Shown before it is paid: after game 1 the cup names its current leaders, unpaid.
    early = compute_event(replace(inputs, results=tuple(r for r in inputs.results if r.round == 1)))
    assert early.side_pot is not None and not early.side_pot.paid and early.side_pot.winners


def test_euchred_cup_director_can_exclude_or_let_a_player_in() -> None:
    base = compute_event(_cup_night()).side_pot
    assert base is not None
    leader = base.winners[0]
    excluded = compute_event(_cup_night(side_pot_exclude=(leader,))).side_pot
    assert excluded is not None and leader not in excluded.winners
    assert excluded.not_qualified[leader] == "excluded by the director"
    let_in = compute_event(_cup_night(side_pot_include=("P12",))).side_pot
    assert let_in is not None and "P12" not in let_in.not_qualified
    everyone = compute_event(_cup_night(side_pot_qualification="everyone")).side_pot
    assert everyone is not None and everyone.not_qualified == {}
    points = {row.competitor_id: row.points for row in compute_event(_cup_night()).standings}
    assert set(everyone.winners) == {p for p, n in points.items() if n == min(points.values())}


def test_unknown_cup_rule_or_prize_tie_rule_is_refused() -> None:
    with pytest.raises(TournamentError, match="side_pot_qualification 'most'"):
        preset_config("bolivar", side_pot_qualification="most")
    with pytest.raises(TournamentError, match="prize_ties 'coin'"):
        preset_config("bolivar", prize_ties="coin")


# --- prize ties -----------------------------------------------------------------------------


def test_prize_ties_say_which_tie_break_decided_each_prize() -> None:
    inputs = _two_tables(
        "ballantrae",
        {1: (8, 5), 2: (8, 5)},
        tie_breaks=("points", "lone_hands"),
        prizes=THREE_PRIZES,
    )
    with_lone = replace(inputs.results[0], lone_hands={"P01": 1})
    snapshot = compute_event(replace(inputs, results=(with_lone, inputs.results[1])))
    paid = {award.competitor_id: award for award in snapshot.prizes}
    assert paid["T1"].places == (1,) and paid["T1"].decided_by == "lone_hands"
    assert paid["T3"].places == (2,) and paid["T3"].decided_by == "lone_hands"
    assert paid["T2"].decided_by == paid["T4"].decided_by == "split"
    assert paid["T2"].amount_cents + paid["T4"].amount_cents == 3500


def test_prize_ties_director_chooses_split() -> None:
    inputs = _two_tables(
        "ballantrae",
        {1: (8, 5), 2: (8, 9)},
        tie_breaks=("points", "lone_hands"),
        prizes=THREE_PRIZES,
        prize_ties="split",
    )
    with_lone = replace(inputs.results[0], lone_hands={"P01": 1})
    snapshot = compute_event(replace(inputs, results=(with_lone, inputs.results[1])))
    paid = {award.competitor_id: award for award in snapshot.prizes}
    assert paid["T4"].places == (1,) and paid["T4"].decided_by == "points"
    # T1 (a lone hand) and T3 (none) are level on 8: split, whatever lone hands say.
    assert paid["T1"].places == paid["T3"].places == (2, 3)
    assert paid["T1"].amount_cents == paid["T3"].amount_cents == 4250
    assert paid["T1"].decided_by == "split"


def test_valpo_prize_decided_by_playoff_says_so() -> None:
    inputs = _two_tables(
        "valpo", {1: (8, 5), 2: (8, 5)}, prizes=PrizeTable((PrizeTier(1, (5000, 2000)),))
    )
    snapshot = compute_event(_with(inputs, TableResult(2, 1, (3, 1), stage="playoff")))
    assert snapshot.is_over
    assert [award.decided_by for award in snapshot.prizes] == ["playoff", "playoff"]
    split = compute_event(replace(inputs, config=replace(inputs.config, prize_ties="split")))
    assert split.is_over and not split.playoffs  # the director chose to split, no playoff
    assert {award.amount_cents for award in split.prizes} == {3500}


# --- level games: "the first team to make the tying score" ------------------------------------


def test_ballantrae_level_game_the_team_first_to_the_tying_score_moves_up() -> None:
    inputs = _two_tables("ballantrae", {}, rounds=2)
    results = (
        TableResult(1, 1, (6, 6), first_to_tying_score=1),
        TableResult(1, 2, (6, 6), first_to_tying_score=0),
    )
    snapshot = compute_event(replace(inputs, results=results))
    tables = {t.table: t for t in snapshot.round_plan(2).tables}
    # Top table: its winners (P03, P04: first to 6) stay, its losers go to the bottom.
    assert ("P03", "P04") in tables[1].partnerships
    assert ("P01", "P02") in tables[2].partnerships
    # Table 2's winners (P05, P06: first to 6) move up one table.
    assert ("P05", "P06") in tables[1].partnerships
    assert not any("level game" in warning for warning in snapshot.warnings)


def test_progressive_level_game_the_first_to_the_tying_score_moves_up() -> None:
    config = preset_config("tournament", rounds=2)
    override = SeatingOverride(
        1,
        (
            TableSeating(1, (("P01", "P02"), ("P03", "P04"))),
            TableSeating(2, (("P05", "P06"), ("P07", "P08"))),
        ),
    )
    results = (
        TableResult(1, 1, (7, 3)),
        TableResult(1, 2, (6, 6), first_to_tying_score=1),
    )
    snapshot = compute_event(EventInputs(config, players(8), results, overrides=(override,)))
    where = {p: t.table for t in snapshot.round_plan(2).tables for p in t.players}
    assert where["P07"] == where["P08"] == 1  # reached 6 first: won, moved up
    assert where["P05"] == where["P06"] == 2
    rows = {row.competitor_id: row for row in snapshot.standings}
    assert rows["P07"].games_won == 1 and rows["P05"].games_won == 0


# --- a result belongs to the players who played it ---------------------------------------


def _as_entered(snapshot_round: TableSeating, result: TableResult) -> TableResult:
    return replace(result, partnerships=snapshot_round.partnerships)


def test_a_result_naming_who_played_keeps_its_playoff_after_a_correction() -> None:
    # No stored seating here (a pure-core caller): the result itself says who played it.
    inputs = _two_tables("valpo", {1: (8, 5), 2: (8, 5)})
    playoff = compute_event(inputs).round_plan(2).tables[0]
    entered = _as_entered(playoff, TableResult(2, 1, (3, 1), stage="playoff"))
    played = replace(inputs, results=(*inputs.results, entered))
    corrected_results = tuple(
        replace(r, team_points=(5, 8)) if (r.round, r.table) == (1, 2) else r
        for r in played.results
    )
    after = compute_event(replace(played, results=corrected_results))
    assert after.round_plan(2).tables[0].partnerships == playoff.partnerships
    assert len(after.conflicts) == 1 and after.current_round == 3


def test_a_corrected_earlier_round_never_reseats_a_played_round() -> None:
    config = preset_config("ballantrae", rounds=3, seed=4)
    entrants = players(8, teams=True)
    first = compute_event(EventInputs(config, entrants))
    round_one = tuple(TableResult(1, t.table, (9, 4)) for t in first.round_plan(1).tables)
    second = compute_event(EventInputs(config, entrants, round_one))
    round_two = tuple(
        _as_entered(t, TableResult(2, t.table, (9, 4))) for t in second.round_plan(2).tables
    )
    inputs = EventInputs(config, entrants, round_one + round_two)
    before = compute_event(inputs)
    # The director flips a round-1 result: the movement would now seat round 2 otherwise.
    flipped = (replace(round_one[0], team_points=(4, 9)), *round_one[1:])
    after = compute_event(replace(inputs, results=flipped + round_two))
    assert after.round_plan(2).tables == before.round_plan(2).tables
    assert any("the played seating is kept" in warning for warning in after.warnings)
    points = {row.competitor_id: row.points for row in after.standings}
    assert sum(points.values()) == sum(sum(r.team_points) for r in flipped + round_two)


def test_who_played_survives_json() -> None:
    result = TableResult(2, 1, (3, 1), partnerships=(("A", "B"), ("C", "D")))
    assert TableResult.from_json(result.to_json()) == result
    assert "partnerships" not in TableResult(2, 1, (3, 1)).to_json()


def test_new_director_settings_and_snapshot_fields_survive_json() -> None:
    import json

    config = preset_config(
        "bolivar",
        prize_ties="split",
        side_pot_qualification="everyone",
        side_pot_exclude=("P03",),
        side_pot_include=("P07",),
    )
    assert EventConfig.from_json(json.loads(json.dumps(config.to_json()))) == config
    inputs = _two_tables("valpo", {1: (8, 5), 2: (8, 5)})
    data = json.loads(json.dumps(compute_event(inputs).to_json()))
    playoff = data["rounds"][1]
    assert (playoff["stage"], playoff["hands"], playoff["label"]) == (
        "playoff",
        4,
        "Playoff: 4-hand game",
    )
    assert playoff["tables"][0]["hands"] == 4 and data["conflicts"] == []
    assert data["playoffs"][0]["hands"] == 4 and data["playoffs"][0]["sudden_death_hands"] == 1
