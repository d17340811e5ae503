"""Play tables: humans and computer players at one table in the browser.

:mod:`~euchre.store.play.table` is the pure state (a log replayed through the engine, and each
seat's view); :mod:`~euchre.store.play.service` stores the log; :mod:`~euchre.store.play.doorbell`
rings other workers on PostgreSQL.
"""

from euchre.store.play.service import (
    NOT_HOST,
    SPENT_CODE,
    AutoMove,
    ForbiddenError,
    PlayService,
    SeatTicket,
    StaleError,
)
from euchre.store.play.table import HUMAN, SEAT_NAMES, TableConfig, TableState, seat_kinds

__all__ = [
    "HUMAN",
    "NOT_HOST",
    "SEAT_NAMES",
    "SPENT_CODE",
    "AutoMove",
    "ForbiddenError",
    "PlayService",
    "SeatTicket",
    "StaleError",
    "TableConfig",
    "TableState",
    "seat_kinds",
]
