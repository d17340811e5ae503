"""Turning a started round's rows into the plain data ``euchre.printing`` lays out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from euchre.engine.profile import load_profile
from euchre.store.core import event_config, player_id, snapshot_of
from euchre.store.errors import NotFoundError
from euchre.store.night.events import get_event, list_entrants, started_rounds
from euchre.store.night.rounds import get_round, table_codes
from euchre.store.presets import sheet_words
from euchre.tournament import FORMATS
from euchre.tournament.bell import BELL_GAME_WORDS, plays_to_the_bell
from euchre.tournament.compass import SEAT_WORDS, seats_by_compass
from euchre.tournament.model import RoundPlan, Stage
from euchre.tournament.tables_of_three import THREE_HANDED_RULE

if TYPE_CHECKING:
    from euchre import printing

__all__ = ["DOCUMENTS", "event_tally_sheets", "render"]

DOCUMENTS = ("table-cards", "tally-sheets", "scorecards", "assignments", "code-slips")


def render(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    document: str,
    base_url: str,
    per_team: bool = False,
) -> bytes:
    """The PDF ``document`` (one of :data:`DOCUMENTS`) for a started round. Tally sheets are
    one page per table, or with ``per_team`` one page per team."""
    if document not in DOCUMENTS:
        raise NotFoundError(f"no printout {document!r}; choose one of {', '.join(DOCUMENTS)}")
    from euchre import printing  # fpdf2 is loaded only when a PDF is asked for

    event = get_event(session, event_id=event_id)
    round_row = get_round(session, event_id=event_id, number=round_number)
    entrants = {player_id(row.number): row for row in list_entrants(session, event_id=event_id)}
    codes = table_codes(session, event_id=event_id, round_number=round_number)
    base = base_url.rstrip("/")

    def names(ids: list[str]) -> tuple[str, ...]:
        return tuple(entrants[player].name if player in entrants else player for player in ids)

    tables = [
        (entry.table, list(entry.partnerships[0]), list(entry.partnerships[1]))
        for entry in round_row.plan.tables
    ]
    plan = round_row.plan
    seated = {
        table: (", ".join(names(first)), "table of three, each for himself")
        if not second
        else (" & ".join(names(first)), " & ".join(names(second)))
        for table, first, second in tables
    }
    if seats_by_compass(event_config(event), plan.stage):
        # A compass movement moves players by seat: each player is told his seat.

        def by_seat(words: tuple[str, str], side: list[str]) -> str:
            return ", ".join(
                f"{word} {name}" for word, name in zip(words, names(side), strict=True)
            )

        seated = {
            table: (by_seat(SEAT_WORDS[0], first), by_seat(SEAT_WORDS[1], second))
            for table, first, second in tables
        }
    stage_label = _stage_label(plan)
    team_names = {
        row.competitor_id: _team_name(
            row.name, [entrants[m].team if m in entrants else None for m in row.members]
        )
        for row in snapshot_of(session, event).standings
    }
    # A team format's bye reads as the team, a player's sit-out as the player.
    sitting_out = (
        tuple(team_names.get(team, team) for team in plan.byes)
        if plan.byes
        and (FORMATS[event.config.format].fixed_partners or plan.stage == Stage.PLAYOFF)
        else names(list(plan.sitting_out))
    )
    if document == "table-cards":
        cards = [
            printing.TableCardData(
                table_number=table,
                table_code=codes.get(table, ""),
                url=f"{base}/t/{codes.get(table, '')}",
            )
            for table, _, _ in tables
        ]
        return printing.table_cards_pdf(event.name, cards)
    if document == "code-slips":
        # Every player still in the event, 24 slips to a sheet of paper.
        return printing.player_code_slips_pdf(
            event.name,
            [
                printing.CodeSlip(player_name=row.name, player_number=row.number, code=row.code)
                for row in entrants.values()
                if row.withdrawal_round is None or row.withdrawal_round > round_number
            ],
        )
    if document == "assignments":
        rows = [
            printing.AssignmentRow(
                table_number=table, table_code=codes.get(table, ""), seated=seated[table]
            )
            for table, _, _ in tables
        ]
        return printing.round_assignments_pdf(
            event.name, round_number, rows, sitting_out=sitting_out, stage_label=stage_label
        )
    if document == "tally-sheets":

        def team(ids: list[str]) -> printing.TallyTeam:
            # Names only: the scorekeeper holds both teams' sheets, so a player's code here
            # would let one side confirm a score for the other.
            members = [entrants[player] for player in ids if player in entrants]
            label = members[0].team if members and members[0].team else " & ".join(names(ids))
            return printing.TallyTeam(
                team_name=label, player_names=tuple(row.name for row in members)
            )

        return printing.tally_sheets_pdf(
            event.name,
            round_number,
            [
                printing.TallyTableData(
                    table_number=table,
                    table_code=codes.get(table, ""),
                    teams=(team(first), team(second)),
                    each_for_himself=() if second else names(first),
                )
                for table, first, second in tables
            ],
            hand_count=plan.hands
            if plan.stage == Stage.PLAYOFF and plan.hands
            else _hand_count(event.config.profile_id),
            opponent_check=_opponent_check(event.config.profile_id),
            wording=_wording(event.config.profile_id, playoff=plan.stage == Stage.PLAYOFF),
            per_team=per_team,
            stage_label=stage_label,
            sitting_out=sitting_out,
        )
    snapshot = snapshot_of(session, event)
    points: dict[str, dict[int, int]] = {}
    for row in snapshot.standings:
        for member in row.members:
            points[member] = dict(row.points_by_round)
    seats: dict[str, dict[int, printing.ScorecardRound]] = {player: {} for player in entrants}
    for played in started_rounds(session, event_id=event_id):
        for entry in played.plan.tables:
            sides = [list(side) for side in entry.partnerships]
            three = entry.three_handed
            for index, side in enumerate(sides):
                for member in side:
                    others = names([player for player in side if player != member])
                    seats.setdefault(member, {})[played.number] = printing.ScorecardRound(
                        round_number=played.number,
                        table_number=entry.table,
                        # A table of three: no partner, the other two are opponents.
                        partner="none (table of three)" if three else ", ".join(others) or None,
                        opponents=others if three else names(sides[1 - index]),
                        points=points.get(member, {}).get(played.number),
                    )
        for member in played.plan.sitting_out:
            seats.setdefault(member, {})[played.number] = printing.ScorecardRound(
                round_number=played.number,
                points=points.get(member, {}).get(played.number),
                sat_out=True,
            )
    rounds_total = event.config.rounds

    def line(pid: str, number: int) -> printing.ScorecardRound:
        # A round before a late arrival came, or from the round a leaver left: a real line
        # ("not here yet", "left") with the points the standings give him for it (none: 0),
        # so his card has a total like everyone's.
        row = entrants[pid]
        seated = seats[pid].get(number)
        if seated is not None:
            return seated
        absent = ""
        if number < row.arrival_round:
            absent = "not here yet"
        elif row.withdrawal_round is not None and number >= row.withdrawal_round:
            absent = "left"
        if not absent:
            return printing.ScorecardRound(round_number=number)
        return printing.ScorecardRound(
            round_number=number, points=points.get(pid, {}).get(number, 0), absent=absent
        )

    return printing.player_scorecards_pdf(
        event.name,
        [
            printing.PlayerScorecardData(
                player_name=row.name,
                player_number=row.number,
                code=row.code,
                rounds=tuple(
                    line(pid, number) for number in range(1, max(rounds_total, round_number) + 1)
                ),
            )
            for pid, row in entrants.items()
            if row.withdrawal_round is None or row.withdrawal_round > round_number
        ],
    )


def event_tally_sheets(session: Session, *, event_id: int) -> bytes:
    """One tally sheet per team for the whole event, a line per round (Ballantrae: "There is
    only one tally sheet per team"). Only fixed-partner formats have teams that last the
    evening; the teams are the standings' (so players who came alone appear as drawn)."""
    from euchre import printing  # fpdf2 is loaded only when a PDF is asked for

    event = get_event(session, event_id=event_id)
    config = event_config(event)
    if not FORMATS[config.format].fixed_partners:
        raise printing.PrintingError(
            f"format {config.format!r} changes partners every game, so there is no tally sheet "
            "per team for the event; print each round's tally sheets instead"
        )
    entrants = {player_id(row.number): row for row in list_entrants(session, event_id=event_id)}
    teams = sorted(
        snapshot_of(session, event).standings,
        key=lambda row: min(entrants[member].number for member in row.members),
    )
    return printing.event_tally_sheets_pdf(
        event.name,
        [
            printing.TallyTeam(
                team_name=_team_name(row.name, [entrants[member].team for member in row.members]),
                player_names=tuple(entrants[member].name for member in row.members),
            )
            for row in teams
        ],
        round_count=config.rounds,
        hand_count=_hand_count(config.profile_id),
        opponent_check=_opponent_check(config.profile_id),
        wording=_wording(config.profile_id),
    )


def _team_name(players_names: str, labels: list[str | None]) -> str:
    # The team's own name when both players entered under it, else "Ann & Bob" (a drawn pair,
    # or a label with more or fewer than two players, which the draw also pairs).
    return labels[0] if labels[0] is not None and len(set(labels)) == 1 else players_names


def _hand_count(profile_id: str) -> int:
    hands = load_profile(str(profile_id)).game_hands
    return hands if hands > 0 else 16


def _stage_label(plan: RoundPlan) -> str:
    """A playoff round's label for the paper ("Playoff: 4-hand game"); "" for a main round."""
    if plan.stage != Stage.PLAYOFF:
        return ""
    label = plan.label or (f"Playoff: {plan.hands}-hand game" if plan.hands else "Playoff")
    return label if label.lower().startswith("playoff") else f"Playoff: {label}"


def _opponent_check(profile_id: str) -> printing.OpponentCheck:
    from euchre import printing

    return printing.OpponentCheck(sheet_words(profile_id).opponent_check)


def _wording(profile_id: str, *, playoff: bool = False) -> printing.SheetWording:
    """The sheet's own words for its tally sheets (a playoff's: the sheet's playoff rule in
    place of its regular game's notes)."""
    from euchre import printing

    words = sheet_words(profile_id)
    notes = ((words.playoff_rule,) if words.playoff_rule else ()) if playoff else words.tally_notes
    if not playoff and plays_to_the_bell(load_profile(profile_id)):
        # The paper says how the game ends, since no target or hand count is printed.
        notes = (BELL_GAME_WORDS, *notes)
    return printing.SheetWording(
        game_word=words.game_word,
        notes=notes,
        hand_in=words.hand_in,
        three_handed=words.three_handed or THREE_HANDED_RULE,
    )
