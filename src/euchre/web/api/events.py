"""The JSON API. Routes are thin: they check who is asking, call a store service with keyword
arguments, and turn the rows into schemas. Every error is a 4xx ``{"detail": ...}``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel

from euchre.store import presets, seasons
from euchre.store.access import auth
from euchre.store.backups import event_backup
from euchre.store.core import snapshot_of
from euchre.store.errors import StoreError
from euchre.store.models import EventStatus
from euchre.store.night import events, night_end, playoff_conflicts, printouts, rounds
from euchre.store.scoring import scores
from euchre.store.table_view import SubmissionEntry, table_view
from euchre.tournament import (
    FORMAT_NAMES,
    PENALTY_KINDS,
    SIT_OUT_SCORING,
    TIE_BREAKS,
    EventConfig,
    PlayoffConflict,
    SeatingOverride,
)
from euchre.tournament.penalties import penalty_role
from euchre.tournament.sheets import all_sheets
from euchre.web.api import convert
from euchre.web.api.common import (
    API_ERRORS,
    Id,
    Reader,
    Writer,
    audited,
    event_rows,
    listed,
)
from euchre.web.api.schemas import (
    ChoicesOut,
    Credentials,
    DateIn,
    DeletedOut,
    EntrantClasses,
    EntrantCreate,
    EntrantOut,
    EntrantsImport,
    EventBackupOut,
    EventCreate,
    EventOut,
    LoginOut,
    PairCreate,
    PenaltyRoleOut,
    PlayerCode,
    Reason,
    RoundOut,
    SeatingIn,
    SetupStateOut,
    SnapshotEventOut,
    SnapshotOut,
    SnapshotPlayerOut,
    StartRoundIn,
    SubmissionIn,
    SubmissionOut,
    TableOut,
)
from euchre.web.common.deps import (
    ReadSession,
    WriteSession,
    clock_now,
    database,
    download,
    file_route,
    guard_codes,
    signer,
)
from euchre.web.common.forms import AtTable
from euchre.web.common.security import COOKIE_NAME, SESSION_MAX_AGE, client_key

__all__ = ["config_from_schema", "router"]

router = APIRouter(prefix="/api", responses=API_ERRORS)


def config_from_schema(body: EventCreate) -> EventConfig:
    """The core's configuration from the API's: fields left out take the sheet's preset."""
    fields = body.model_dump(exclude_none=True, exclude={"tags", "date"})
    if body.prizes is not None:
        fields["prizes"] = {
            "tiers": [
                {"min_tables": tier.min_tables, "amounts_cents": list(tier.amounts_cents)}
                for tier in body.prizes
            ]
        }
    return presets.config_with_preset(fields)


# --- sessions --------------------------------------------------------------------------------


def _login(request: Request, response: Response, director_id: int, name: str) -> LoginOut:
    token, csrf = signer(request).issue(director_id=director_id, name=name)
    response.set_cookie(COOKIE_NAME, token, max_age=SESSION_MAX_AGE, httponly=True, samesite="lax")
    return LoginOut(director=name, token=token, csrf_token=csrf)


@router.get("/setup", tags=["session"])
def setup_state(session: ReadSession) -> SetupStateOut:
    """Whether the first director's password still has to be set."""
    return SetupStateOut(needs_setup=auth.needs_setup(session))


@router.post("/setup", tags=["session"])
def setup(
    request: Request, response: Response, session: WriteSession, body: Credentials
) -> LoginOut:
    """First run: set the director's password (refused once set) and log in."""
    director = auth.set_up_first_director(session, name=body.name, password=body.password)
    director_id, name = director.id, director.name
    return _login(request, response, director_id, name)


@router.post("/session", tags=["session"])
def log_in(request: Request, response: Response, body: Credentials) -> LoginOut:
    """Log in: the token works as a bearer token; the cookie needs the CSRF header."""
    director_id, name = auth.log_in(
        database(request), client=client_key(request), name=body.name, password=body.password
    )
    return _login(request, response, director_id, name)


@router.delete("/session", tags=["session"], status_code=204)
def log_out(response: Response) -> None:
    """Forget the session cookie."""
    response.delete_cookie(COOKIE_NAME)


@router.get("/choices", tags=["events"])
def choices() -> ChoicesOut:
    """What an event's configuration may name: profiles, formats, tie-breaks, penalties (with
    the role of the player each kind names)."""
    return ChoicesOut(
        profiles={sheet.id: sheet.profile.name for sheet in all_sheets().values()},
        formats=list(FORMAT_NAMES),
        sit_out_scoring=list(SIT_OUT_SCORING),
        tie_breaks=list(TIE_BREAKS),
        penalty_kinds=list(PENALTY_KINDS),
        # Whom a penalty names, and who scores, per kind (an unproven renege names the
        # accused under "renege" but the accuser under "renege_unproven").
        penalty_roles={
            kind: PenaltyRoleOut(named=penalty_role(kind).named, scores=penalty_role(kind).scores)
            for kind in PENALTY_KINDS
        },
    )


# --- events ----------------------------------------------------------------------------------


@router.get("/events", tags=["events"])
def list_events(session: ReadSession) -> list[EventOut]:
    """Every event, newest first (public)."""
    return [convert.event_out(session, event) for event in events.list_events(session)]


@router.post("/events", tags=["events"], status_code=201)
def create_event(director: Writer, session: WriteSession, body: EventCreate) -> EventOut:
    """Create an event."""
    held_on = None if body.date is None else events.parse_date(body.date)
    event = events.create_event(
        session, config=config_from_schema(body), who=director.name, held_on=held_on
    )
    if body.tags:
        seasons.set_event_tags(session, event_id=event.id, tags=body.tags, who=director.name)
    return convert.event_out(session, event)


@router.get("/events/{event_id}", tags=["events"])
def get_event(request: Request, session: ReadSession, event_id: Id) -> EventOut:
    """One event (public)."""
    return convert.event_out(
        session, events.get_event(session, event_id=event_id), now=clock_now(request)
    )


@router.put("/events/{event_id}/config", tags=["events"])
def update_config(
    director: Writer, session: WriteSession, event_id: Id, body: EventCreate
) -> EventOut:
    """Replace the configuration (only before round 1 starts; a seed left out keeps the
    event's, a date or tags left out keep the event's)."""
    held_on = None if body.date is None else events.parse_date(body.date)
    event = events.update_config(
        session, event_id=event_id, config=config_from_schema(body), who=director.name
    )
    if held_on is not None:
        event = events.set_event_date(
            session, event_id=event.id, held_on=held_on, who=director.name
        )
    if body.tags is not None:
        seasons.set_event_tags(session, event_id=event.id, tags=body.tags, who=director.name)
    return convert.event_out(session, event)


@router.put("/events/{event_id}/date", tags=["events"])
def set_date(director: Writer, session: WriteSession, event_id: Id, body: DateIn) -> EventOut:
    """Set the night's date, at any time (it changes no result; seasons, histories and
    ratings read it)."""
    event = events.set_event_date(
        session, event_id=event_id, held_on=events.parse_date(body.date), who=director.name
    )
    return convert.event_out(session, event)


@router.delete("/events/{event_id}", tags=["events"])
def delete_event(
    request: Request,
    director: Writer,
    event_id: Id,
    confirm: Annotated[
        str, Query(max_length=10, description='"yes": the deletion cannot be undone')
    ] = "",
) -> DeletedOut:
    """Delete an event with its players, rounds, scores and audit log (the deletion stays in
    the app-wide audit log). As on the director's page it must be confirmed: ``?confirm=yes``.
    A finished event can be archived instead (``POST /api/events/{id}/archive``)."""
    if confirm != "yes":
        with database(request).read() as session:
            event = events.get_event(session, event_id=event_id)
            name, status = event.name, event.status
        instead = " (or archive it: it is finished)" if status == EventStatus.FINISHED else ""
        raise StoreError(
            f"deleting {name!r} cannot be undone: confirm it with ?confirm=yes{instead}"
        )
    with database(request).write() as session:
        name = events.delete_event(session, event_id=event_id, who=director.name)
    return DeletedOut(deleted=name)


@router.post("/events/{event_id}/archive", tags=["events"])
def archive_event(director: Writer, session: WriteSession, event_id: Id) -> EventOut:
    """Archive a finished event: kept whole, off the home page and the list of current
    events (an event not finished yet is a 409)."""
    event = events.archive_event(session, event_id=event_id, who=director.name)
    return convert.event_out(session, event)


# --- players ---------------------------------------------------------------------------------


@router.get("/events/{event_id}/players", tags=["players"])
def list_players(director: Reader, session: ReadSession, event_id: Id) -> list[EntrantOut]:
    """The players, with their personal codes."""
    return listed(session, event_id, events.list_entrants, convert.entrant_out)


@router.post("/events/{event_id}/players", tags=["players"], status_code=201)
def add_player(
    director: Writer, session: WriteSession, event_id: Id, body: EntrantCreate
) -> EntrantOut:
    """Add a player (after round 1 has started, he arrives for the next round)."""
    player = events.NewPlayer(
        body.name,
        body.team,
        body.checked_in,
        body.member_id,
        seat_class=body.seat_class,
        prize_category=body.prize_category,
        guest=body.guest,
        stationary=body.stationary,
    )
    entrant = events.add_entrant(session, event_id=event_id, player=player, who=director.name)
    return convert.entrant_out(entrant)


@router.post("/events/{event_id}/players/import", tags=["players"], status_code=201)
def import_players(
    director: Writer, session: WriteSession, event_id: Id, body: EntrantsImport
) -> list[EntrantOut]:
    """Add players from CSV (header ``name``, optional ``team``, ``checked_in``,
    ``seat_class``, ``prize_category``, ``guest``)."""
    added = events.import_entrants_csv(session, event_id=event_id, text=body.csv, who=director.name)
    return [convert.entrant_out(row) for row in added]


@router.put("/events/{event_id}/players/{number}/classes", tags=["players"])
def set_player_classes(
    director: Writer, session: WriteSession, event_id: Id, number: Id, body: EntrantClasses
) -> EntrantOut:
    """Correct a player's seat class and prize category (the rounds to come read them)."""
    entrant = events.set_classes(
        session,
        event_id=event_id,
        number=number,
        seat_class=body.seat_class,
        prize_category=body.prize_category,
        who=director.name,
        reason=body.reason,
    )
    return convert.entrant_out(entrant)


@router.post("/events/{event_id}/players/{number}/check-in", tags=["players"])
def check_in(director: Writer, session: WriteSession, event_id: Id, number: Id) -> EntrantOut:
    """Mark a player present (a late arrival plays from the next round)."""
    entrant = events.check_in(session, event_id=event_id, number=number, who=director.name)
    return convert.entrant_out(entrant)


@router.post("/events/{event_id}/players/{number}/withdraw", tags=["players"])
def withdraw(
    director: Writer, session: WriteSession, event_id: Id, number: Id, body: Reason
) -> EntrantOut:
    """Withdraw a player from the next round not yet started on."""
    entrant = events.withdraw(
        session, event_id=event_id, number=number, who=director.name, reason=body.reason
    )
    return convert.entrant_out(entrant)


@router.post("/events/{event_id}/pairs", tags=["players"])
def pair_players(
    director: Writer, session: WriteSession, event_id: Id, body: PairCreate
) -> list[EntrantOut]:
    """Make two players who came alone into a team."""
    pair = events.pair_entrants(
        session, event_id=event_id, numbers=body.numbers, team=body.team, who=director.name
    )
    return [convert.entrant_out(row) for row in pair]


# --- rounds ----------------------------------------------------------------------------------


@router.get("/events/{event_id}/rounds", tags=["rounds"])
def list_rounds(director: Reader, session: ReadSession, event_id: Id) -> list[RoundOut]:
    """Every started round with its tables and codes."""
    return [
        convert.round_out(session, row)
        for row in event_rows(session, event_id, events.started_rounds)
    ]


@router.post("/events/{event_id}/rounds", tags=["rounds"], status_code=201)
def start_round(
    request: Request,
    director: Writer,
    session: WriteSession,
    event_id: Id,
    body: StartRoundIn | None = None,
    accept_unpaired_classes: bool = False,
) -> RoundOut:
    """Start the next round: seating from the format, table codes, the clock. After the
    night's clock cut-off a main round is a 409 in words unless the body says
    ``past_cut_off`` (written in the audit with its ``reason``). A round whose players cannot
    partner one of each seat class as the sheet says is refused (409, naming the counts)
    unless ``accept_unpaired_classes=true`` (recorded in the audit)."""
    asked = body or StartRoundIn()
    row = rounds.start_round(
        session,
        event_id=event_id,
        who=director.name,
        now=clock_now(request),
        past_cut_off=asked.past_cut_off,
        reason=asked.reason,
        accept_unpaired_classes=accept_unpaired_classes,
    )
    return convert.round_out(session, row)


@router.post("/events/{event_id}/end-night", tags=["rounds"])
def end_night(
    request: Request, director: Writer, session: WriteSession, event_id: Id, body: Reason
) -> EventOut:
    """End the night with the main rounds played (the clock cut-off has passed, or the
    director says so): the standings, prizes and any playoff follow from them."""
    event = night_end.end_night(session, event_id=event_id, who=director.name, reason=body.reason)
    return convert.event_out(session, event, now=clock_now(request))


@router.get("/events/{event_id}/rounds/{number}", tags=["rounds"])
def get_round(director: Reader, session: ReadSession, event_id: Id, number: Id) -> RoundOut:
    """A started round: seating, clock, which tables have reported."""
    return convert.round_out(session, rounds.get_round(session, event_id=event_id, number=number))


@router.post("/events/{event_id}/rounds/{number}/undo", tags=["rounds"], status_code=204)
def undo_round(
    director: Writer, session: WriteSession, event_id: Id, number: Id, body: Reason
) -> None:
    """Take back a round started by mistake (before any result is recorded)."""
    rounds.undo_round(
        session, event_id=event_id, number=number, who=director.name, reason=body.reason
    )


@router.post("/events/{event_id}/rounds/{number}/close", tags=["rounds"])
def close_round(director: Writer, session: WriteSession, event_id: Id, number: Id) -> RoundOut:
    """Close a round once every table has a result and no dispute is open."""
    row = rounds.close_round(session, event_id=event_id, number=number, who=director.name)
    return convert.round_out(session, row)


@router.put("/events/{event_id}/rounds/{number}/seating", tags=["rounds"])
def override_seating(
    director: Writer, session: WriteSession, event_id: Id, number: Id, body: SeatingIn
) -> SeatingOverride:
    """Set a round's seating by hand (the next round, or the one just started)."""
    tables = [(list(first), list(second)) for first, second in body.tables]
    return rounds.override_seating(
        session,
        event_id=event_id,
        round_number=number,
        tables=tables,
        sitting_out=list(body.sitting_out),
        **audited(director, body.reason),
    )


# --- standings and exports ---------------------------------------------------------------------


@router.get("/events/{event_id}/snapshot", tags=["standings"])
def snapshot(session: ReadSession, event_id: Id) -> SnapshotOut:
    """Seating, standings, tie-breaks, prizes and the pot, recomputed from the inputs
    (public)."""
    event = events.get_event(session, event_id=event_id)
    return SnapshotOut(
        event=SnapshotEventOut(id=event.id, name=event.name, status=event.status),
        players=[
            SnapshotPlayerOut(number=row.number, name=row.name, team=row.team)
            for row in events.list_entrants(session, event_id=event_id)
        ],
        snapshot=snapshot_of(session, event),
    )


@router.get(
    "/events/{event_id}/standings.csv",
    tags=["standings"],
    **file_route("text/csv", "The standings"),
)
def standings_csv(session: ReadSession, event_id: Id) -> Response:
    """The standings as CSV (public)."""
    text = event_backup.standings_csv(session, event_id=event_id)
    return download(text, "text/csv", f"event-{event_id}-standings.csv")


@router.get("/events/{event_id}/backup", tags=["backup"])
def backup_event(director: Reader, session: ReadSession, event_id: Id) -> EventBackupOut:
    """Everything stored about the event, for :func:`restore`."""
    return EventBackupOut.model_validate(event_backup.backup_event(session, event_id=event_id))


@router.post("/events/restore", tags=["backup"], status_code=201)
def restore(director: Writer, session: WriteSession, body: dict[str, Any]) -> EventOut:
    """Rebuild an event from a backup (as a new event)."""
    event = event_backup.restore_event(session, data=body, who=director.name)
    return convert.event_out(session, event)


@router.post(
    "/events/{event_id}/rounds/{number}/tables/{table}/accept-playoff-conflict", tags=["rounds"]
)
def accept_playoff_conflict(
    director: Writer, session: WriteSession, event_id: Id, number: Id, table: Id, body: Reason
) -> PlayoffConflict:
    """Accept a playoff game that a correction left between teams no longer tied together:
    its result stays with the teams that played it and decides nothing, the director is no
    longer asked, and the standings can be final. Kept in the audit log; 404 when the table
    has no such conflict."""
    return playoff_conflicts.accept_conflict(
        session,
        event_id=event_id,
        **AtTable(round_number=number, table=table),
        **audited(director, body.reason),
    )


# --- printouts ---------------------------------------------------------------------------------


@router.get(
    "/events/{event_id}/rounds/{number}/{document}.pdf",
    tags=["rounds"],
    **file_route("application/pdf", "The round's printout"),
)
def printout(
    request: Request,
    director: Reader,
    event_id: Id,
    number: Id,
    document: str,
    per: Literal["table", "team"] = "table",
) -> Response:
    """A round's PDF: ``table-cards``, ``tally-sheets``, ``scorecards`` or ``assignments``.
    Tally sheets are one page per table; ``?per=team`` prints one page per team."""
    base_url = request.app.state.public_url or str(request.base_url)
    with database(request).read() as session:
        data = printouts.render(
            session,
            event_id=event_id,
            round_number=number,
            document=document,
            base_url=base_url,
            per_team=per == "team",
        )
    return download(data, "application/pdf", f"round-{number}-{document}.pdf", inline=True)


@router.get(
    "/events/{event_id}/tally-sheets.pdf",
    tags=["rounds"],
    **file_route("application/pdf", "One tally sheet per team"),
)
def event_tally_sheets(request: Request, director: Reader, event_id: Id) -> Response:
    """One tally sheet per team for the whole event, a line per round (Ballantrae's sheet;
    fixed-partner formats only)."""
    with database(request).read() as session:
        data = printouts.event_tally_sheets(session, event_id=event_id)
    return download(data, "application/pdf", f"event-{event_id}-tally-sheets.pdf", inline=True)


# --- the table's page ----------------------------------------------------------------------


_JSON = "application/json"


def _json(model: BaseModel, status_code: int = 200) -> Response:
    """``model`` as the response, serialized once: FastAPI validates and serializes a
    returned model again against the route's ``response_model`` (about 0.2 ms of a table's
    request, the phones' hot path), and passes a ``Response`` through as it is. The route
    keeps its ``response_model`` for the OpenAPI schema."""
    return Response(model.model_dump_json(), status_code=status_code, media_type=_JSON)


@router.get("/tables/{code}", tags=["tables"], response_model=TableOut)
def get_table(request: Request, code: str) -> Response:
    """What a table's page shows (wrong codes are counted and slowed down)."""
    return _json(
        guard_codes(
            request,
            lambda session: convert.table_out(table_view(session, code=code)),
            write=False,
            table_lookup=True,
        )
    )


@router.post(
    "/tables/{code}/submissions", tags=["tables"], status_code=201, response_model=SubmissionOut
)
def submit_score(request: Request, code: str, body: SubmissionIn) -> Response:
    """Enter the table's score (totals or hand by hand) with your own player code."""
    return _json(
        guard_codes(
            request,
            lambda session: convert.submission_out(
                scores.submit_score(
                    session,
                    code=code,
                    player_code=body.player_code,
                    entered=convert.result_input(body),
                    round_number=body.round,
                )
            ),
            table_lookup=True,
        ),
        status_code=201,
    )


@router.post(
    "/tables/{code}/submissions/{submission_id}/confirm",
    tags=["tables"],
    response_model=SubmissionOut,
)
def confirm_score(request: Request, code: str, submission_id: Id, body: PlayerCode) -> Response:
    """An opponent confirms the score with his own code; it is saved when this answers."""
    return _json(_answer(request, code, submission_id, body, scores.confirm_submission))


@router.post("/tables/{code}/submissions/{submission_id}/dispute", tags=["tables"])
def dispute_score(
    request: Request, code: str, submission_id: Id, body: PlayerCode
) -> SubmissionOut:
    """An opponent says the score is wrong: it is flagged for the director."""
    return _answer(request, code, submission_id, body, scores.dispute_submission)


def _answer(
    request: Request,
    code: str,
    submission_id: int,
    body: PlayerCode,
    answer: Callable[..., SubmissionEntry],
) -> SubmissionOut:
    """An opponent's answer to a submitted score (``answer``: confirm or dispute), with his
    own code."""
    return guard_codes(
        request,
        lambda session: convert.submission_out(
            answer(session, code=code, submission_id=submission_id, player_code=body.player_code)
        ),
        table_lookup=True,
    )
