"""bench/page_weight.py's sums and checks (not a page load): the 150 KB goal of issue 21
and "no CDN": every request stays on 127.0.0.1."""

from __future__ import annotations

from tests.bots.helpers import load_bench


def test_only_requests_to_127_0_0_1_count_as_local() -> None:
    bench = load_bench("page_weight")
    assert bench.is_local("http://127.0.0.1:8000/static/play.js")
    assert bench.is_local("data:image/svg+xml;base64,AAAA")
    assert not bench.is_local("https://cdn.jsdelivr.net/npm/htmx.org")
    assert not bench.is_local("http://localhost:8000/static/play.js")


def test_the_first_load_is_within_150_kb_only_when_nothing_left_the_machine() -> None:
    bench = load_bench("page_weight")
    local = [
        bench.Transfer("http://127.0.0.1:1/play/T", "document", 5_000, ""),
        bench.Transfer("http://127.0.0.1:1/static/play.js", "script", 46_000, "gzip"),
        bench.Transfer("http://127.0.0.1:1/static/app.css", "stylesheet", 9_000, ""),
    ]
    weight = bench.weigh(local, websocket_bytes=3_000)
    assert weight.http_bytes == 60_000 and weight.total_bytes == 63_000
    assert weight.within_goal and weight.foreign == []
    assert weight.uncompressed == ["http://127.0.0.1:1/static/app.css"]
    font = bench.Transfer("https://fonts.example.org/a.woff2", "font", 1_000, "")
    assert not bench.weigh([*local, font], websocket_bytes=0).within_goal
    heavy = bench.Transfer("http://127.0.0.1:1/static/big.js", "script", 100_000, "")
    over = bench.weigh([*local, heavy], websocket_bytes=0)
    assert over.total_bytes == 160_000 and not over.within_goal
