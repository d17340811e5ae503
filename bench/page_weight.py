"""The table page's first load on a phone: bytes transferred, against issue 21's 150 KB.

Not a test. It starts ``euchre serve`` on 127.0.0.1 with a throwaway SQLite file, opens a
table of four humans, and loads seat 0's link in Chromium as a phone would (390x844, a touch
screen, an empty cache: a new browser context), until the page shows its table
(``#play-status[data-seq]``) and the network has been quiet for a moment. It sums what came
over the wire for every request (response headers and body as served, gzip where the server
compresses) and, apart, the WebSocket messages the page received meanwhile (their text: the
socket's own compression is not visible to the page, so this is at most what was sent), and
checks that no request went anywhere but 127.0.0.1 (no CDN). Exit status 1 when a request
left 127.0.0.1 or the total is above the goal.

    uv run python bench/page_weight.py
    uv run python bench/page_weight.py --json --screenshot /tmp/table.png
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.served import EuchreServer

GOAL_BYTES = 150 * 1000
"""Issue 21: the table page's first load on a phone transfers at most 150 KB."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


@dataclass(frozen=True)
class Transfer:
    """One request of the load: its address, type, bytes over the wire, and encoding."""

    url: str
    resource_type: str
    bytes: int
    encoding: str = ""


@dataclass
class PageWeight:
    """What the first load transferred."""

    requests: list[Transfer] = field(default_factory=list)
    http_bytes: int = 0
    websocket_bytes: int = 0
    total_bytes: int = 0
    goal_bytes: int = GOAL_BYTES
    within_goal: bool = False
    foreign: list[str] = field(default_factory=list)
    """Addresses of requests that left 127.0.0.1 (a CDN, a font service): should be none."""
    uncompressed: list[str] = field(default_factory=list)
    """Script and style files served without a ``Content-Encoding``."""


def is_local(url: str) -> bool:
    """Whether a request stays on this machine: 127.0.0.1 (or an inline ``data:`` /
    ``blob:`` address, which is no request on the network)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname == "127.0.0.1"


def weigh(transfers: list[Transfer], websocket_bytes: int, goal: int = GOAL_BYTES) -> PageWeight:
    """The sums and checks over one load's requests."""
    weight = PageWeight(requests=transfers, websocket_bytes=websocket_bytes, goal_bytes=goal)
    weight.http_bytes = sum(transfer.bytes for transfer in transfers)
    weight.total_bytes = weight.http_bytes + websocket_bytes
    weight.foreign = [transfer.url for transfer in transfers if not is_local(transfer.url)]
    weight.uncompressed = [
        transfer.url
        for transfer in transfers
        if transfer.resource_type in ("script", "stylesheet") and not transfer.encoding
    ]
    weight.within_goal = weight.total_bytes <= goal and not weight.foreign
    return weight


def measure(url: str, screenshot: Path | None) -> PageWeight:
    """Load ``url`` once in a fresh phone-sized context and weigh what came."""
    from playwright.sync_api import Request, sync_playwright

    finished: list[Request] = []
    frames: list[int] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        try:
            context = browser.new_context(
                viewport=PHONE,  # type: ignore[arg-type]
                is_mobile=True,
                has_touch=True,
                device_scale_factor=3,
            )
            page = context.new_page()
            page.on("requestfinished", lambda request: finished.append(request))
            page.on(
                "websocket",
                lambda socket: socket.on(
                    "framereceived",
                    lambda payload: frames.append(
                        len(payload.encode() if isinstance(payload, str) else payload)
                    ),
                ),
            )
            page.goto(url)
            page.wait_for_selector("#play-status[data-seq]", timeout=30_000)
            page.wait_for_load_state("networkidle", timeout=30_000)
            if screenshot is not None:
                page.screenshot(path=str(screenshot))
            transfers = []
            for request in finished:
                sizes = request.sizes()
                response = request.response()
                encoding = (response.header_value("content-encoding") or "") if response else ""
                transfers.append(
                    Transfer(
                        url=request.url,
                        resource_type=request.resource_type,
                        bytes=sizes["responseHeadersSize"] + sizes["responseBodySize"],
                        encoding=encoding,
                    )
                )
            context.close()
        finally:
            browser.close()
    return weigh(transfers, sum(frames))


def play_ahead(client: httpx.Client, table: str, tokens: list[str], moves: int) -> int:
    """Seat all four players and play ``moves`` moves (each the first legal one of the seat
    to move) over the HTTP API, so the page loads mid-hand; the moves played."""
    played = 0
    for _ in range(moves + 4):
        for token in tokens:
            headers = {"Authorization": f"Bearer {token}"}
            view = client.get(f"/api/play/tables/{table}", headers=headers).json()
            if view["legal"]:
                action = view["legal"][0]
                client.post(
                    f"/api/play/tables/{table}/actions",
                    json={"action": action, "seq": view["seq"]},
                    headers=headers,
                ).raise_for_status()
                played += 0 if action.startswith("sit") else 1
                break
        if played >= moves:
            break
    return played


def main() -> int:
    """Serve, load the table page once, print the weight."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--screenshot", type=Path, default=None, help="save the loaded page")
    parser.add_argument(
        "--moves",
        type=int,
        default=0,
        help="seat the four players and play this many moves first (0: the page as an "
        "invite opens it, before anyone sits)",
    )
    arguments = parser.parse_args()
    if not 0 <= arguments.moves <= 200:
        parser.error("--moves must be 0 to 200")
    with tempfile.TemporaryDirectory(prefix="euchre-page-weight-") as folder_name:
        folder = Path(folder_name)
        server = EuchreServer(f"sqlite:///{folder / 'weight.db'}", folder).start()
        try:
            with httpx.Client(base_url=server.base_url, timeout=30) as client:
                answer = client.post(
                    "/api/play/tables", json={"profile": "tournament", "seats": ["human"] * 4}
                )
                answer.raise_for_status()
                created = answer.json()
                tokens = [seat["token"] for seat in created["seats"]]
                if arguments.moves:
                    play_ahead(client, created["table"], tokens, arguments.moves)
            url = created["seats"][0]["url"]
            weight = measure(url, arguments.screenshot)
        finally:
            server.stop()
    if arguments.json:
        print(json.dumps(asdict(weight), indent=2))
    else:
        for transfer in weight.requests:
            print(
                f"  {transfer.bytes:>8,} B  {transfer.resource_type:<11} "
                f"{transfer.encoding or '-':<5} {transfer.url}"
            )
        print(
            f"first load: {weight.total_bytes:,} B ({weight.http_bytes:,} B in "
            f"{len(weight.requests)} requests, {weight.websocket_bytes:,} B of WebSocket "
            f"messages) against the goal of {weight.goal_bytes:,} B: "
            + ("within it" if weight.total_bytes <= weight.goal_bytes else "ABOVE it")
        )
        print(
            "requests leaving 127.0.0.1: "
            + (", ".join(weight.foreign) if weight.foreign else "none")
        )
        if weight.uncompressed:
            print("scripts and styles served uncompressed: " + ", ".join(weight.uncompressed))
    return 0 if weight.within_goal else 1


if __name__ == "__main__":
    raise SystemExit(main())
