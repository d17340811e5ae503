"""The stack's floor: a trivial FastAPI route on ``euchre serve``'s server stack and database.

Not a test. ``bench/load_tables.py`` serves this beside the real app, in the same run, so that
its figures can be given as ratios to what the bare stack costs on the same machine at the
same moment: ``POST /floor`` validates a small JSON body with pydantic, inserts one row and
selects it back in one write transaction of the project's own ``Database`` (same SQLite
pragmas and ``BEGIN IMMEDIATE``, same PostgreSQL pool), and answers JSON, on uvicorn with the
HTTP and loop implementations ``euchre serve`` chooses, with as many threads per worker as the
app allows itself.

    DATABASE_URL=sqlite:///floor.db uv run python bench/stack_floor.py --port 8001 --workers 2

The module imports nothing heavy at its top: uvicorn's workers re-import the main script
before they answer the supervisor's health check, and a slow import there (FastAPI,
SQLAlchemy) on a busy machine gets them killed as dead.
"""

# No ``from __future__ import annotations``: the route's body model is local to the factory,
# and FastAPI must see the class itself, not its name.
import argparse
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI


def _floor_table() -> Any:
    """The floor's table (SQLAlchemy Core): an id and a short note."""
    from sqlalchemy import Column, Integer, MetaData, String, Table

    return Table(
        "bench_floor",
        MetaData(),
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("note", String(100), nullable=False),
    )


def create_floor_app() -> "FastAPI":
    """The floor app on ``DATABASE_URL`` (its table must exist: ``main`` creates it)."""
    import anyio.to_thread
    from fastapi import FastAPI
    from pydantic import BaseModel, Field
    from sqlalchemy import insert, select

    from euchre.store.db import Database, database_url_from_environment

    class FloorIn(BaseModel):
        """The request body: one short text, validated as the app validates a score."""

        note: str = Field(max_length=100)

    class FloorOut(BaseModel):
        """The answer: the row read back."""

        id: int
        note: str

    floor_table = _floor_table()
    database = Database(database_url_from_environment())

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # The same thread limit as the app's (web/app.py): as many threads as connections.
        anyio.to_thread.current_default_thread_limiter().total_tokens = database.concurrency
        yield
        database.dispose()

    app = FastAPI(lifespan=lifespan)

    @app.get("/floor")
    def ready() -> dict[str, bool]:
        return {"ready": True}

    @app.post("/floor")
    def floor(body: FloorIn) -> FloorOut:
        with database.write() as session:
            inserted = session.execute(insert(floor_table).values(note=body.note))
            new_id = inserted.inserted_primary_key[0]
            row = session.execute(select(floor_table).where(floor_table.c.id == new_id)).one()
        return FloorOut(id=row.id, note=row.note)

    return app


def serve_floor(module: str, table: Any, description: str) -> None:
    """Create a floor's ``table``, then serve ``module``'s ``create_floor_app`` the way
    ``euchre serve`` serves the app (``--port``, ``--workers``; the same HTTP stack and loop).
    The HTTP floor here and the play floor (``play_floor.py``) both start this way."""
    import uvicorn

    from euchre.cli.web_cmds import http_implementation, loop_implementation
    from euchre.store.db import Database, database_url_from_environment

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=1)
    options = parser.parse_args()
    database = Database(database_url_from_environment())
    table.metadata.create_all(database.write_engine)
    database.dispose()
    # The workers import the module by name: its folder must be on their path.
    here = os.path.dirname(os.path.abspath(__file__))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [here, *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    uvicorn.run(
        f"{module}:create_floor_app",
        factory=True,
        app_dir=here,
        host="127.0.0.1",
        port=options.port,
        workers=options.workers,
        log_level="info",
        http=http_implementation(),
        loop=loop_implementation(),
        access_log=False,
    )


def main() -> None:
    """Create the floor's table, then serve it the way ``euchre serve`` serves the app."""
    serve_floor("stack_floor", _floor_table(), __doc__.splitlines()[0])


if __name__ == "__main__":
    main()
