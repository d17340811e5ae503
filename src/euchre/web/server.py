"""The app factory uvicorn calls in each worker process (settings from the environment)."""

from __future__ import annotations

import gc
import os

from fastapi import FastAPI

from euchre.store.db import database_url_from_environment
from euchre.web.app import create_app

__all__ = ["app_from_environment"]


def app_from_environment() -> FastAPI:
    """``create_app`` on ``DATABASE_URL`` with ``EUCHRE_PUBLIC_URL`` for table-card links.

    The objects built so far (the app, its routes and schemas, the database's metadata, the
    engine's modules: some 170,000) live as long as the worker, so they are moved out of the
    garbage collector's reach (``gc.freeze``): a full collection no longer walks them all
    (a few hundred milliseconds of a worker's CPU each time)."""
    app = create_app(
        database_url_from_environment(), public_url=os.environ.get("EUCHRE_PUBLIC_URL") or None
    )
    gc.collect()
    gc.freeze()
    return app
