"""Points a computer made (issue 21, item 4): a game a computer player played for a player
absent online counts for the table, but by default does not make that player eligible for
prizes or the euchred cup, which goes to "the player with the fewest points" among those
who played (sheet 001). The standings count such games."""

from __future__ import annotations

from dataclasses import replace

import pytest

from euchre.tournament import (
    EventInputs,
    PrizeTable,
    PrizeTier,
    SeatingOverride,
    TableResult,
    TableSeating,
    TournamentError,
    compute_event,
    preset_config,
)

from .helpers import players


def _night(computer: tuple[str, ...], **settings: object) -> EventInputs:
    """Bolivar, one game at two tables; P03 and P04 finish with the fewest points, and P01
    with the most; two euchres put money in the cup."""
    prizes = PrizeTable((PrizeTier(1, (3000, 2000)),))
    config = preset_config(
        "bolivar", **{"rounds": 1, "side_pot": True, "prizes": prizes, **settings}
    )
    override = SeatingOverride(
        1,
        (
            TableSeating(1, (("P01", "P02"), ("P03", "P04"))),
            TableSeating(2, (("P05", "P06"), ("P07", "P08"))),
        ),
    )
    results = (
        TableResult(1, 1, (10, 2), euchres={"P03": 1, "P04": 1}, computer_played=computer),
        TableResult(1, 2, (8, 6)),
    )
    return EventInputs(config, players(8), results, overrides=(override,))


def test_bolivar_cup_goes_to_the_fewest_points_among_those_who_played_not_to_a_computer() -> None:
    snapshot = compute_event(_night(("P03",)))
    rows = {row.competitor_id: row for row in snapshot.standings}
    assert rows["P03"].points == rows["P04"].points == 2  # the points count for the table
    assert rows["P03"].computer_games == 1 and rows["P04"].computer_games == 0
    pot = snapshot.side_pot
    assert pot is not None
    assert pot.winners == ("P04",)
    assert pot.not_qualified["P03"] == "a computer player played 1 of 1 games"
    # Without the computer's game the two would have shared the cup.
    plain = compute_event(_night(())).side_pot
    assert plain is not None and plain.winners == ("P03", "P04")


def test_a_player_whose_game_a_computer_played_wins_no_prize_the_next_player_does() -> None:
    snapshot = compute_event(_night(("P01",)))
    first = snapshot.standings[0]
    assert first.competitor_id in ("P01", "P02") and first.points == 10
    paid = {award.competitor_id: award.places for award in snapshot.prizes}
    assert "P01" not in paid and paid["P02"] == (1,)  # the places go to those below him
    # The event may say such games count as the player's own.
    counted = compute_event(_night(("P01",), computer_games="count"))
    assert "P01" in {award.competitor_id for award in counted.prizes}
    pot = counted.side_pot
    assert pot is not None and "P03" not in pot.not_qualified


def test_an_unknown_rule_for_computer_games_is_refused() -> None:
    with pytest.raises(TournamentError, match="computer_games 'maybe'"):
        preset_config("bolivar", computer_games="maybe")


def test_the_cup_charges_nothing_for_a_euchre_a_computer_took_on_an_absent_players_seat() -> None:
    pot = compute_event(_night(("P03",))).side_pot
    assert pot is not None
    assert pot.total_cents == 25  # P04's euchre; P03's seat was the computer's
    assert "1 taken by a computer player on an absent player's seat charge nobody" in pot.basis


def test_a_cup_the_rule_leaves_to_the_top_scorer_alone_waits_for_the_director_or_the_fallback() -> (
    None
):
    def everyone_else(**settings: object) -> EventInputs:
        night = _night(("P02", "P03", "P04"), **settings)
        second = replace(night.results[1], computer_played=("P05", "P06", "P07", "P08"))
        return replace(night, results=(night.results[0], second))

    pot = compute_event(everyone_else()).side_pot
    assert pot is not None and pot.winners == () and pot.shares_cents == ()
    assert pot.undecided.startswith(
        "Only Player 1 qualifies: the sheet leaves the cup to the director"
    )
    fallback = compute_event(everyone_else(side_pot_fallback="fewest_points_of_all"))
    assert fallback.side_pot is not None and fallback.side_pot.winners == ("P03", "P04")
    assert "the sheet gives the cup to the fewest points of all" in fallback.side_pot.rule
    # The director decides by letting the one player left in: the cup is then hers.
    let_in = compute_event(everyone_else(side_pot_include=("P01",))).side_pot
    assert let_in is not None and let_in.winners == ("P01",) and not let_in.undecided
    with pytest.raises(TournamentError, match="side_pot_fallback 'coin'"):
        preset_config("bolivar", side_pot_fallback="coin")


def test_the_cup_is_never_paid_to_the_nights_top_scorers() -> None:
    night = _night(("P03", "P04"))
    second = replace(night.results[1], computer_played=("P05", "P06", "P07", "P08"))
    pot = compute_event(replace(night, results=(night.results[0], second))).side_pot
    assert pot is not None and pot.qualified == ("P01", "P02") and pot.winners == ()
    assert pot.undecided.startswith(
        "Player 1, Player 2 have the top score of the night, and the cup is never paid to a "
        "top scorer: the director decides"
    )
