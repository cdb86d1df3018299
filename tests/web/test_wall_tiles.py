"""The league's wall in a real Chromium at 1920x1080: its tiles fill the screen for 1 to
20 tables (bigger for fewer), nothing is outside the viewport or cut, and each tile names
its table once (a table named after its game shows the name alone). Screenshots go to
``out/web-shots/wall_N.png`` (tests/web/test_pages_fit.py says where and how)."""

from __future__ import annotations

from typing import Any

import pytest

from pitchside.league.app import PACKAGE, _env
from support.page_checks import OUT, PROBLEMS

GAMES = (("pitchnut", "PITCHNUT"), ("pichenotte", "PICHENOTTE"), ("boulomania", "BOULOMANIA"),
         ("pitchbowl", "PITCH BOWL"), ("mastermove", "MASTER MOVE"))


def _wall(n: int) -> dict[str, Any]:
    tables = []
    for i in range(n):
        game, title = GAMES[i % len(GAMES)]
        name = title.title() if i == 0 else f"Table {i + 1}"  # the first one named after its game
        tables.append({"table": f"t{i + 1}", "name": name, "game": game, "title": title, "online": i % 7 != 6,
                       "names": {"A": "Ann", "B": "Bob"}, "score": {"A": 13, "B": 12}, "result": None,
                       "turn_name": "Ann", "mode": "playing",
                       # the fourth table's last message broke the contract: its tile says "bad data"
                       "bad": "state: outcome: an object or null, not a string" if i == 3 else None})
    return {"seq": 1, "tables": tables, "recent": []}


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    p = browser.new_page(viewport={"width": 1920, "height": 1080})
    css = (PACKAGE / "static" / "league.css").read_text()
    p.route("**/static/league.css", lambda r: r.fulfill(body=css, content_type="text/css"))
    p.route("**/static/wall.js", lambda r: r.fulfill(body="", content_type="text/javascript"))
    yield p
    p.close()


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6, 9, 12, 16, 20])
def test_the_wall_s_tiles_fit_the_number_of_tables(page: Any, n: int) -> None:
    html = _env().get_template("wall.html").render(venue="The Crown", games=(), w=_wall(n))
    page.route("http://wall.test/", lambda r: r.fulfill(body=html, content_type="text/html"))
    page.goto("http://wall.test/")
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"wall_{n}.png"))
    assert page.evaluate(PROBLEMS, True) == []
    names = [e.text_content() for e in page.query_selector_all(".tname")]
    assert names[0] == "Pitchnut" and all(x.endswith(t) for x, (_, t) in zip(names[1:], GAMES[1:]))
    heights = page.evaluate("() => [...document.querySelectorAll('.tile')].map(t => t.getBoundingClientRect().height)")
    assert len(heights) == n and min(heights) >= {1: 600, 2: 300, 3: 300, 4: 300, 6: 300}.get(n, 150)
