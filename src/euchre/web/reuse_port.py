"""One listening socket per worker of ``euchre serve --workers N`` (Linux), so the kernel shares
the phones' connections out evenly between the workers.

With uvicorn's own multi-process mode every worker accepts from one socket that the
supervisor bound. A burst of new connections (a round starting: every table's phone opens its
page at once) wakes every worker, and the first to run accepts all that are waiting; a
connection then stays with that worker while it is kept alive. The table benchmark saw
one worker of four answer 56 to 96 of a 25-table round's 100 requests, one core busy while
the other waited. With ``SO_REUSEPORT`` each worker listens on a socket of its own, bound to
the same address, and the kernel spreads new connections over them by a hash of the client's
address and port.

How: the supervisor binds a socket with ``SO_REUSEPORT`` and never listens on it (it only
holds the address; a socket that does not listen gets no connection), and passes it to the
workers as uvicorn does its own. Each worker, as it loads the app, opens a socket of its own
on the same address and puts it in place of the inherited one (same descriptor number), so
uvicorn listens on it. Before binding, the supervisor checks that nothing else holds the
port (a plain bind), so a second server started on the same port still fails at once
instead of sharing its phones with the first.
"""

from __future__ import annotations

import os
import socket
import sys

__all__ = ["REUSE_PORT", "listen_on_own_socket", "reuse_port_supported", "supervisor_socket"]

REUSE_PORT = "EUCHRE_REUSE_PORT"
"""Set to ``1`` by ``euchre serve`` for its workers when the supervisor's socket is a
placeholder each worker replaces by its own."""


def reuse_port_supported() -> bool:
    """Whether the kernel spreads connections over ``SO_REUSEPORT`` sockets (Linux)."""
    return sys.platform == "linux" and hasattr(socket, "SO_REUSEPORT")


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _reusable(family: socket.AddressFamily) -> socket.socket:
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    return sock


def supervisor_socket(host: str, port: int) -> socket.socket:
    """The supervisor's placeholder: ``host:port`` bound with ``SO_REUSEPORT``, not listening.
    Raises ``OSError`` when something else already holds the port."""
    family = _family(host)
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))  # fails if any socket (reuse-port or not) holds the port
    sock = _reusable(family)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def listen_on_own_socket() -> bool:
    """In a worker: put a socket of its own (``SO_REUSEPORT``, same address) in place of the
    supervisor's placeholder it inherited (a stream socket with ``SO_REUSEPORT`` that does
    not listen), keeping the descriptor number uvicorn will listen on. Whether one was
    found."""
    for name in os.listdir("/proc/self/fd"):
        descriptor = int(name)
        try:
            probe = socket.socket(fileno=os.dup(descriptor))
        except OSError:
            continue  # not a socket, or already closed (the listing's own descriptor)
        with probe:
            if (
                probe.type != socket.SOCK_STREAM
                or probe.family not in (socket.AF_INET, socket.AF_INET6)
                or not probe.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT)
                or probe.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
            ):
                continue
            own = _reusable(probe.family)
            with own:
                own.bind(probe.getsockname())
                os.dup2(own.fileno(), descriptor)
            return True
    return False
