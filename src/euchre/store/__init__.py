"""Storage: SQLAlchemy 2 models, Alembic migrations and the services the web app calls.

Everything an event needs lives in the database (SQLite by default, PostgreSQL when
``DATABASE_URL`` says so), so web workers keep no state of their own. The services store the
tournament core's *inputs* and call ``compute_event`` for seating, standings and prizes.
"""

from euchre.store import lifecycle, online

# Online nights follow the round lifecycle: the core services call these hooks and never
# import the feature. Registered here, on import of the package, so every entry point (the
# web app, the CLI, a script, a test) that starts, undoes or reseats a round or deletes an
# event has them.
lifecycle.on_round_started(online.open_online_tables)
lifecycle.on_round_removed(online.remove_online_tables)
lifecycle.on_event_deleted(online.delete_play_tables)
