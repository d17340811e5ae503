"""What a player of an online night sees between his games (``docs/online.md``, *Between
rounds*): the event's standings with his own row marked, the round's clock, his last game's
result, and once the night is over its results (final standings, prizes, the euchred cup).

One service function (:func:`between_view`) builds what the API
(``POST /api/events/{id}/online/between``) answers (:class:`BetweenOut`) and what the seat
finder's fragment (``POST /events/{id}/online/between``,
``templates/pages/online/between.html``) shows, with the prizes as the page lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from euchre.store.core import display_snapshot, player_id
from euchre.store.models import Round, utc_now
from euchre.store.night import events
from euchre.store.scoring import scores
from euchre.tournament import EventSnapshot, StandingRow
from euchre.tournament.level_games import level_game_rule
from euchre.web.common.round_words import round_label
from euchre.web.online.schemas import (
    BetweenOut,
    BetweenRoundOut,
    BetweenRowOut,
    GameOutcome,
    LastResultOut,
    NightPrizesOut,
    RoundClockOut,
)
from euchre.web.views.standings import PrizesView, prizes_view

__all__ = ["BetweenPage", "between_view", "prizes_json"]


@dataclass(frozen=True)
class BetweenPage:
    """The between-rounds view (``view``: what the API answers) and, once the night is
    over, its prizes as the page lists them (``prizes``; None before)."""

    view: BetweenOut
    prizes: PrizesView | None


def _clock(round_row: Round) -> RoundClockOut:
    """The round's clock as the player's page counts it down: the round's time limit from
    its start (``untimed`` when the event has none; ``seconds_left`` 0 once the bell rang)."""
    untimed = round_row.ends_at <= round_row.started_at
    left = max(0, int((round_row.ends_at - utc_now()).total_seconds()))
    return RoundClockOut(
        untimed=untimed,
        started_at=round_row.started_at.isoformat(),
        ends_at=None if untimed else round_row.ends_at.isoformat(),
        minutes=0
        if untimed
        else round((round_row.ends_at - round_row.started_at).total_seconds() / 60),
        seconds_left=None if untimed else left,
    )


def _last_result(
    session: Session, event_id: int, snapshot: EventSnapshot, wanted: str, names: dict[str, str]
) -> LastResultOut | None:
    """The player's latest recorded game: the table, his side and the other, the score (his
    side first) and his points for that round in the standings; a level game says which
    side it counts for (``level_winner``: "you", "they", or None while the director is
    asked) and the rule that decides it (``level_rule``)."""
    scored = scores.scored_tables(session, event_id=event_id, snapshot=snapshot)
    for round_row in reversed(events.started_rounds(session, event_id=event_id)):
        for seating in round_row.plan.tables:
            if wanted not in seating.players:
                continue
            table = scored.get((round_row.number, seating.table))
            if table is None:
                break  # his game of this round is not in yet: look at the round before
            side = 0 if wanted in seating.partnerships[0] else 1
            mine, theirs = table.points[side], table.points[1 - side]
            row = next((row for row in snapshot.standings if _is_mine(row, wanted)), None)
            level = mine == theirs and table.stage == "main"
            return LastResultOut(
                round=round_row.number,
                table=seating.table,
                partners=[names.get(p, p) for p in seating.partnerships[side]],
                opponents=[names.get(p, p) for p in seating.partnerships[1 - side]],
                points=[mine, theirs],
                outcome=GameOutcome.WON
                if mine > theirs
                else GameOutcome.LOST
                if mine < theirs
                else GameOutcome.LEVEL,
                # A level game still has a winner (the movement, "games won"): say which
                # side, and the sheet's rule or our reading of a sheet without one.
                level_winner=None
                if not level or table.first is None
                else "you"
                if table.first == side
                else "they",
                level_rule=level_game_rule(snapshot.config.profile_id) if level else None,
                round_points=None if row is None else row.points_by_round.get(round_row.number),
            )
    return None


def _is_mine(row: StandingRow, wanted: str) -> bool:
    """Whether a standings row is the player's own (his own line, or his team's)."""
    return bool(row.competitor_id == wanted or wanted in row.members)


def prizes_json(view: PrizesView) -> NightPrizesOut:
    """The prizes and the euchred cup as the API answers them (the page's lines)."""
    pot = view.side_pot
    return NightPrizesOut(
        awards=[f"{line.who} ({line.places}; {line.decided})" for line in view.awards],
        cup=None if pot is None else f"Euchred cup: {pot.total}{pot.state}",
        cup_undecided=None if pot is None or not pot.undecided else pot.undecided,
        notes=list(view.notes),
        playoffs=view.playoffs,
    )


def between_view(session: Session, *, event_id: int, player_code: str) -> BetweenPage:
    """What the player with ``player_code`` sees between his games (an unknown code raises
    ``NotFoundError``): ``standings`` (his row ``me``), ``round`` (its number, whether it is
    in play, its clock), ``last_result``, ``night_over`` and, once it is, ``prizes``; with
    the prizes as the page lists them once the night is over (None before)."""
    entrant = events.entrant_by_code(session, event_id=event_id, player_code=player_code)
    event = events.get_event(session, event_id=event_id)
    snapshot = display_snapshot(session, event)
    wanted = player_id(entrant.number)
    names = {
        player_id(row.number): row.name for row in events.list_entrants(session, event_id=event_id)
    }
    latest = events.latest_round(session, event_id=event_id)
    night_over = snapshot.is_over and (latest is None or latest.closed_at is not None)
    prizes = prizes_view(snapshot)
    view = BetweenOut(
        event=event.name,
        player=entrant.number,
        name=entrant.name,
        rounds=event.config.rounds,
        night_over=night_over,
        round=None
        if latest is None
        else BetweenRoundOut(
            number=latest.number,
            label=round_label(latest.plan, latest.number),
            open=latest.closed_at is None,
            clock=_clock(latest),
        ),
        last_result=_last_result(session, event_id, snapshot, wanted, names),
        standings=[
            BetweenRowOut(
                rank=row.rank,
                tied=row.tied,
                name=row.name,
                points=row.points,
                games_won=row.games_won,
                games_played=row.games_played,
                computer_games=row.computer_games,
                me=_is_mine(row, wanted),
            )
            for row in snapshot.standings
        ],
        prizes=prizes_json(prizes) if night_over else None,
        results_url=f"/events/{event_id}/results",
    )
    return BetweenPage(view, prizes if night_over else None)
