"""Play tables in the database: the log stored, read and rung to other workers.

The table itself (its state machine, its log's grammar, each seat's view) is
:mod:`euchre.play`'s; here :mod:`~euchre.store.play.service` stores the log and
:mod:`~euchre.store.play.doorbell` rings other workers on PostgreSQL.
"""
