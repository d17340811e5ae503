"""Features wired at the top: the one place that registers each feature's lifecycle hooks.

The core services (:mod:`euchre.store.night.rounds`, :mod:`euchre.store.night.events`) call the
hooks of
:mod:`euchre.store.lifecycle` and never import a feature. Each entry point that changes
rounds in the database calls :func:`wire` once at start: the web app
(:func:`euchre.web.app.create_app`, which ``euchre serve`` runs), a script, and the test suite.
The CLI's event commands keep an event in a file and never touch the store. Importing a store module
therefore loads only what it uses (``euchre.store.night.rounds`` does not load online nights).
"""

from __future__ import annotations

from euchre.store import lifecycle, online

__all__ = ["wire"]


def wire() -> None:
    """Register every feature's lifecycle hooks (calling it again registers nothing twice)."""
    # Online nights follow the round lifecycle: starting, undoing or reseating a round opens
    # or takes back its play tables; deleting an event deletes them.
    lifecycle.on_round_started(online.open_online_tables)
    lifecycle.on_round_removed(online.remove_online_tables)
    lifecycle.on_event_deleted(online.delete_play_tables)
