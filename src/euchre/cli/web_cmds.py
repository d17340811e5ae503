"""CLI commands for the web area (registered by ``euchre.cli.main``): ``euchre serve``."""

from __future__ import annotations

import os
import socket
from typing import Annotated

import typer

from euchre.cli.errors import CliError

__all__ = ["http_implementation", "lan_address", "loop_implementation", "register", "serve"]


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when there is none).

    Connecting a UDP socket sends nothing; it only makes the system pick the outgoing
    interface, whose address is what phones on the same Wi-Fi can reach.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


def http_implementation() -> str:
    """``httptools`` when installed (it is a dependency), else uvicorn's choice."""
    try:
        import httptools  # noqa: F401
    except ImportError:  # pragma: no cover - an install without uvicorn[standard]
        return "auto"
    return "httptools"


def loop_implementation() -> str:
    """``uvloop`` when installed (not on Windows), else uvicorn's choice."""
    try:
        import uvloop  # noqa: F401
    except ImportError:  # pragma: no cover - Windows, or an install without uvicorn[standard]
        return "auto"
    return "uvloop"


def _print_qr(url: str) -> None:
    import segno

    qr = segno.make(url, error="m")
    qr.terminal(compact=True)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network).")] = (
        "0.0.0.0"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(min=1, max=64, help="Worker processes.")] = 1,
    qr: Annotated[bool, typer.Option(help="Print a QR code of the address.")] = True,
    public_url: Annotated[
        str | None,
        typer.Option(help="Address phones use (default: this machine's LAN address)."),
    ] = None,
    access_log: Annotated[
        bool,
        typer.Option(
            help="Log every request (off by default: writing a line per request costs about "
            "a tenth of a table request's CPU time; errors are always logged)."
        ),
    ] = False,
) -> None:
    """Start the director's web app (database: DATABASE_URL, default ./euchre.db)."""
    import uvicorn

    from euchre.bots import SOLVER_WARM_UP
    from euchre.store.access.auth import ensure_secret_key
    from euchre.store.db import Database, database_url_from_environment

    url = database_url_from_environment()
    os.environ["DATABASE_URL"] = url
    try:
        store = Database(url)
        store.migrate()
        with store.write() as session:
            ensure_secret_key(session)  # before the workers start, so they all share it
        store.dispose()
    except Exception as error:  # a bad URL or an unreachable server: one line, exit 1
        raise CliError(f"cannot open the database {url!r}: {error}") from None
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    public_url = public_url or f"http://{shown}:{port}/"
    if not public_url.startswith(("http://", "https://")):
        raise CliError(f"--public-url {public_url!r} must start with http:// or https://")
    os.environ["EUCHRE_PUBLIC_URL"] = public_url
    # Each worker warms the computer players' solver up in the background at start-up.
    os.environ.setdefault(SOLVER_WARM_UP, "1")
    typer.echo(f"Euchre director's app: {public_url}")
    typer.echo(f"Database: {url}")
    if qr:
        _print_qr(public_url)
    uvicorn.run(
        "euchre.web.server:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        # httptools writes each response in one piece and uvloop sets TCP_NODELAY on every
        # connection. With h11 on asyncio, a worker's sockets (inherited from the supervisor)
        # miss TCP_NODELAY, and a response written in two pieces waits ~40 ms for the
        # client's delayed ACK (Nagle). Both come with ``uvicorn[standard]``.
        http=http_implementation(),
        loop=loop_implementation(),
        access_log=access_log,
    )


def register(app: typer.Typer) -> None:
    """Add this area's commands to the ``euchre`` app."""
    app.command("serve")(serve)
