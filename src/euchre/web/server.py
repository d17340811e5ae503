"""The app factory uvicorn calls in each worker process (settings from the environment)."""

from __future__ import annotations

import os

from fastapi import FastAPI

from euchre.store.db import database_url_from_environment
from euchre.web.app import create_app

__all__ = ["app_from_environment"]


def app_from_environment() -> FastAPI:
    """``create_app`` on ``DATABASE_URL`` with ``EUCHRE_PUBLIC_URL`` for table-card links."""
    return create_app(
        database_url_from_environment(), public_url=os.environ.get("EUCHRE_PUBLIC_URL") or None
    )
