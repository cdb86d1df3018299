"""Every page at every size in a real Chromium, for every game mid-match and at the end:
screenshots kept as test output, nothing outside the viewport, no text cut, and the
game's detail, the earlier inputs and the latest refusal reaching the DOM.

The screenshots (5 games x 2 moments x 5 pages x 3 sizes) go to ``out/web-shots/``
(or ``$PITCHSIDE_SHOTS``), named ``GAME_MOMENT_PAGE_WxH.png``; all of them with:

    .venv/bin/python -m pytest tests/web/test_pages_fit.py -q -p no:cacheprovider

One page per game is reused across sizes (``set_viewport_size``); the browser is the
session's (tests/web/conftest.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from support.page_checks import OUT, PROBLEMS, SIZES
from support.web_live import GAMES, serve, sim_table

BOARD_TYPES = {"pichenotte": "PichenotteBoard", "pitchnut": "PitchnutBoard", "boulomania": "BoulomaniaBoard",
               "pitchbowl": "PitchBowlBoard", "mastermove": "MasterMoveBoard"}


def _pages(match_id: int) -> dict[str, tuple[str, bool]]:
    """Each page: its path and whether it must fit one screen (no scrolling down)."""
    return {"tv": ("/tv", True), "phone": ("/", False), "overlay": ("/overlay", True),
            "matches": ("/matches", False), "match": (f"/matches/{match_id}", False)}


def _fits(page: Any, name: str, size: tuple[int, int], fit: bool) -> list[str]:
    # the TV pages fit at 16:9; at the phone's size only sideways (a phone scrolls down)
    one_screen = fit and size[0] > size[1]
    return [f"{name} {size[0]}x{size[1]}: {p}" for p in page.evaluate(PROBLEMS, one_screen)]


@pytest.mark.parametrize("game", GAMES)
def test_every_page_at_every_size_mid_match_and_at_the_end(browser: Any, game: str, tmp_path: Path) -> None:
    from pitchside.web import history
    from pitchside.web.feed import snapshot

    journal = tmp_path / "journal.db"
    sim, sc = sim_table(game, journal=journal)
    web = serve(sim, journal=str(journal))
    OUT.mkdir(parents=True, exist_ok=True)
    live = browser.new_page(viewport={"width": 1920, "height": 1080})
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.set_default_timeout(5000)
    problems: list[str] = []
    try:
        live.goto(web.url + "/tv")  # open from the start: every later state must reach it
        half = len(sc.actions) // 2
        for moment, actions in (("mid", sc.actions[:half]), ("end", sc.actions[half:])):
            for action in actions:
                sim.act(action, sc.gap_s)
            seq = web.sync()
            snap = snapshot(sim.runtime.kiosk, seq=seq, boot="test")
            live.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=seq)
            assert live.get_attribute("#detail", "data-board") == BOARD_TYPES[game]
            assert [li.text_content() for li in live.query_selector_all("#recent li")] == \
                [n["text"] for n in snap["recent"]]
            assert live.text_content("#score-A") == str(snap["score"]["A"])
            rows = history.matches(str(journal))
            assert rows, "the journal has the match"
            for name, (path, fit) in _pages(rows[0]["id"]).items():
                page.goto(web.url + path)
                for width, height in SIZES:
                    page.set_viewport_size({"width": width, "height": height})
                    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                    page.screenshot(path=str(OUT / f"{game}_{moment}_{name}_{width}x{height}.png"))
                    problems += _fits(page, f"{game} {moment} {name}", (width, height), fit)
        assert problems == [], "\n".join(problems)
    finally:
        live.close()
        page.close()
        web.close()
        sim.close()


def test_the_latest_refusal_stays_with_its_rule_after_the_panel_clears(browser: Any) -> None:
    """Pitchnut's scenario refuses a DONE (PN-A12); after the next input the panel no
    longer shows it, and the pages still do, with its rule."""
    sim, sc = sim_table("pitchnut")
    web = serve(sim)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(web.url + "/tv")
        actions = iter(sc.actions)
        for action in actions:
            sim.act(action, sc.gap_s)
            prompt = sim.runtime.state.prompt
            if prompt is not None and prompt.kind == "refusal":
                refused = prompt.text
                break
        for action in actions:
            sim.act(action, sc.gap_s)
            prompt = sim.runtime.state.prompt
            if prompt is None or prompt.kind != "refusal":
                break
        seq = web.sync()
        page.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=seq, timeout=5000)
        assert page.is_hidden("#refusal")
        assert page.is_visible("#last-refusal")
        assert (page.text_content("#last-refusal-rule"), page.text_content("#last-refusal-text")) == ("PN-A12", refused)
    finally:
        page.close()
        web.close()
        sim.close()


def test_the_overlay_bar_sits_where_asked(browser: Any) -> None:
    sim, sc = sim_table("pichenotte")
    web = serve(sim)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        for pos, edge in (("bottom", "bottom"), ("top", "top")):
            page.goto(web.url + f"/overlay?pos={pos}")
            box = page.evaluate("() => { const r = document.getElementById('bar').getBoundingClientRect();"
                                " return {top: r.top, bottom: r.bottom, height: r.height}; }")
            assert box["height"] < 1080 * 0.15
            assert (box["top"] > 1080 / 2) == (edge == "bottom")
        transparent = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert transparent == "rgba(0, 0, 0, 0)"
        bad = page.goto(web.url + "/overlay?pos=left")
        assert bad is not None and bad.status == 400
        assert bad.text() == "pos must be one of bottom, top, not 'left'\n"
    finally:
        page.close()
        web.close()
        sim.close()
