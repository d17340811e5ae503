"""A late correction that moves money is seen where people look: the director's dashboard
lists whose money changed and by how much, and the night's results page, its projector and
the season mark the night as corrected, when and what (the club secretary's "the secretary
sees what money the correction moved")."""

from __future__ import annotations

import io
import re

from fastapi.testclient import TestClient
from pypdf import PdfReader
from tests.web.season_helpers import hall_night

THIRTEEN = ["Ann Baker", "Bob Cole", "Cathy Dunn", "Dale Evans", "Eve Ford", "Fay Gold"]
THIRTEEN += ["Gus Hart", "Hal Ives", "Ivy Jones", "Jack King", "Kay Lane", "Leo Marsh"]
THIRTEEN += ["Meg Nash"]
LEAGUE = "Bolivar Lions 2027"
WHEN = r"Corrected \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(round 1 table (\d+)\): "


def test_a_late_correction_is_on_the_dashboard_and_marks_the_night_and_the_season(
    client: TestClient,
) -> None:
    night = hall_night(client, "Night 1", THIRTEEN, tags=[LEAGUE], seed=4)
    season = client.post(
        "/api/seasons", json={"name": "Lions", "tag": LEAGUE, "scoring": "total_points"}
    ).json()["id"]
    # Nothing is marked before anything was corrected.
    assert 'id="money-moved"' not in client.get(f"/director/events/{night}").text
    assert "Corrected" not in client.get(f"/events/{night}/results").text
    assert client.get(f"/api/seasons/{season}/standings").json()["nights"][0]["corrected"] == []

    table = client.get(f"/api/events/{night}/rounds/1").json()["tables"][0]["table"]
    corrected = client.put(
        f"/api/events/{night}/rounds/1/tables/{table}/result",
        json={"team_points": [0, 28], "reason": "sheet misread"},
    )
    assert corrected.status_code == 200, corrected.text
    moved = corrected.json()["money_moved"]
    sitter = next(line for line in moved if line.startswith("sit-out points: "))
    found = re.fullmatch(r"sit-out points: (.+) (\d+) -> (\d+)", sitter)
    assert found is not None
    name, before, after = found.groups()

    # The dashboard: when, which table, who and why, and each player's before, after and
    # change.
    dashboard = client.get(f"/director/events/{night}").text
    section = dashboard[dashboard.index('id="money-moved"') :]
    section = section[: section.index("</section>")]
    assert f"round 1 table {table}, by " in section and "(sheet misread)" in section
    change = int(after) - int(before)
    row = f"<td>{name}</td><td>sit-out points</td><td>{before} pts</td><td>{after} pts</td>"
    assert row + f"<td>{'+' if change >= 0 else '-'}{abs(change)} pts</td>" in section
    assert section.count("<tr><td>") == len(moved)

    # The night's public pages: when, and what.
    results = client.get(f"/events/{night}/results").text
    assert "Corrected after play" in results
    mark = re.search(WHEN + r"(.*?)</li>", results)
    assert mark is not None and mark.group(1) == str(table)
    assert f"sit-out points: {name} {before} pts -&gt; {after} pts" in mark.group(2)
    assert re.search(WHEN, client.get(f"/events/{night}/live").text)

    # The season: the night is marked in the API and on the page.
    [first] = client.get(f"/api/seasons/{season}/standings").json()["nights"]
    [words] = first["corrected"]
    assert re.match(WHEN, words) and f"sit-out points: {name} {before} pts -> {after} pts" in words
    page = client.get(f"/seasons/{season}").text
    assert "Corrected after play: night 1 (Night 1)" in page
    assert 'data-testid="night-corrected-1"' in page
    pdf = client.get(f"/api/seasons/{season}/standings.pdf").content
    text = "\n".join(sheet.extract_text() for sheet in PdfReader(io.BytesIO(pdf)).pages)
    assert "Night 1 (" in text and "corrected after play: see the season page" in " ".join(
        text.split()
    )
    header = client.get(f"/api/seasons/{season}/standings.csv").text.splitlines()[0]
    assert "Night 1 (corrected after play)" in header

    # A first entry of a table's result is the night going on: it marks nothing.
    other = hall_night(client, "Night 2", THIRTEEN, tags=[LEAGUE], seed=5)
    assert "Corrected" not in client.get(f"/events/{other}/results").text
    nights = client.get(f"/api/seasons/{season}/standings").json()["nights"]
    assert [bool(each["corrected"]) for each in nights] == [True, False]
    header = client.get(f"/api/seasons/{season}/standings.csv").text.splitlines()[0]
    assert "Night 1 (corrected after play)" in header and "Night 2 (corrected" not in header
