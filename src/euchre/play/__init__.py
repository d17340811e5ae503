"""Browser play's domain: humans and computer players at one table, as pure state.

:mod:`~euchre.play.log` is the log's grammar (each entry read and written in one place);
:mod:`~euchre.play.config` is what a table is opened with; :mod:`~euchre.play.flow` is the
table's game flow (the log replayed through the engine), with :mod:`~euchre.play.questions`
for the question pile; :mod:`~euchre.play.table` adds each seat's view, built on
:mod:`euchre.engine.view` and its one hidden-card rule; :mod:`~euchre.play.messages` are the
WebSocket's messages, both ways. Nothing here touches a database or the web:
:mod:`euchre.store.play` stores the log, :mod:`euchre.web` serves it.
"""

from euchre.play.table import HUMAN, SEAT_NAMES, TableConfig, TableState, seat_kinds

__all__ = ["HUMAN", "SEAT_NAMES", "TableConfig", "TableState", "seat_kinds"]
