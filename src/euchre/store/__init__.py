"""Storage: SQLAlchemy 2 models, Alembic migrations and the services the web app calls.

Everything an event needs lives in the database (SQLite by default, PostgreSQL when
``DATABASE_URL`` says so), so web workers keep no state of their own. The services store the
tournament core's *inputs* and call ``compute_event`` for seating, standings and prizes.

The package's ``__init__`` imports nothing: features (online nights) register their lifecycle
hooks at the top, in :func:`euchre.wiring.wire`, which every entry point calls at start.
"""
