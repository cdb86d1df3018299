"""Golden screenshots of the pages from the real Chromium: the TV page at
1920x1080 and the phone page at 390x844, mid-match and at the end of each game's scenario
match (sim/pitchside_sim/scenarios).

The comparison survives font hinting and anti-aliasing differences between Chromium
builds and machines, and nothing else: both images in grey, averaged over 8x8 px cells
(box filter); a cell differs when its mean moves by more than 48 of 255 (a glyph edge
moved by 1 px moves a cell by about 30), and a shot
differs when more than 0.1 % of its cells do (a 1 px shift of a whole page moves at most
0.04 % here). A changed score digit (28 vh high), a
name, the turn line or a refusal line moves far more cells than that (see
test_the_comparison_sees_a_changed_digit).

After an intended change of the pages, rewrite the PNGs and look at every one of them:

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/web/test_screenshots.py
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from support.web_live import GAMES, serve, sim_table

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PITCHSIDE_UPDATE_GOLDEN") == "1"
PAGES = {"tv": ("/tv", {"width": 1920, "height": 1080}), "phone": ("/", {"width": 390, "height": 844})}
CELL, LEVEL, SHARE = 8, 48, 0.001


def cells_apart(a: Image.Image, b: Image.Image) -> float:
    """The share of 8x8 cells whose mean grey differs by more than :data:`LEVEL`."""
    assert a.size == b.size, (a.size, b.size)
    small = (max(1, a.width // CELL), max(1, a.height // CELL))
    ga = a.convert("L").resize(small, Image.Resampling.BOX)
    gb = b.convert("L").resize(small, Image.Resampling.BOX)
    diff = ImageChops.difference(ga, gb).point(lambda v: 255 if v > LEVEL else 0)
    return sum(1 for v in diff.getdata() if v) / (small[0] * small[1])


def check_shot(png: bytes, path: Path) -> None:
    shot = Image.open(io.BytesIO(png)).convert("RGB")
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        shot.save(path, optimize=True)
        return
    assert path.exists(), f"no golden {path}: run with PITCHSIDE_UPDATE_GOLDEN=1 and look at it"
    with Image.open(path) as golden:
        apart = cells_apart(shot, golden.convert("RGB"))
    assert apart <= SHARE, f"{path.name}: {apart:.2%} of the 8x8 cells differ (at most {SHARE:.1%})"


@pytest.mark.parametrize("game", GAMES)
def test_tv_and_phone_pages_mid_match_and_at_the_end(browser: Any, game: str) -> None:
    sim, sc = sim_table(game)
    web = serve(sim)
    pages = {k: browser.new_page(viewport=vp) for k, (_, vp) in PAGES.items()}
    try:
        for k, (path, _) in PAGES.items():
            pages[k].goto(web.url + path)
        half = len(sc.actions) // 2
        for state, actions in (("mid", sc.actions[:half]), ("end", sc.actions[half:])):
            for action in actions:
                sim.act(action, sc.gap_s)
            seq = web.sync()
            for k, page in pages.items():
                page.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=seq, timeout=5000)
                assert page.is_hidden("#banner")
                check_shot(page.screenshot(), GOLDEN / f"{game}_{k}_{state}.png")
    finally:
        for page in pages.values():
            page.close()
        web.close()
        sim.close()


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.png")))
def test_a_one_px_shift_of_any_golden_passes(name: str) -> None:
    golden = Image.open(GOLDEN / name).convert("RGB")
    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, -1)):  # what a hinting difference does at most
        assert cells_apart(ImageChops.offset(golden, dx, dy), golden) <= SHARE


def test_the_comparison_sees_a_blanked_digit_or_name() -> None:
    golden = Image.open(GOLDEN / "pitchnut_tv_end.png").convert("RGB")
    changed = golden.copy()
    ImageDraw.Draw(changed).rectangle((150, 340, 330, 590), fill=(11, 26, 18))  # Ann's "2", blanked
    assert cells_apart(changed, golden) > 10 * SHARE
    renamed = golden.copy()
    ImageDraw.Draw(renamed).rectangle((170, 250, 310, 315), fill=(11, 26, 18))  # the name "Ann", blanked
    assert cells_apart(renamed, golden) > SHARE


def test_tv_and_phone_pages_with_a_refusal_on_the_panel(browser: Any) -> None:
    """Pitchnut's scenario up to its refused DONE (PN-A12): the rule ID and the words."""
    sim, sc = sim_table("pitchnut")
    web = serve(sim)
    pages = {k: browser.new_page(viewport=vp) for k, (_, vp) in PAGES.items()}
    try:
        for k, (path, _) in PAGES.items():
            pages[k].goto(web.url + path)
        for action in sc.actions:
            sim.act(action, sc.gap_s)
            prompt = sim.runtime.state.prompt
            if prompt is not None and prompt.kind == "refusal":
                break
        seq = web.sync()
        for k, page in pages.items():
            page.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=seq, timeout=5000)
            assert page.text_content("#refusal-rule") == "PN-A12" and page.is_visible("#refusal")
            check_shot(page.screenshot(), GOLDEN / f"pitchnut_{k}_refusal.png")
    finally:
        for page in pages.values():
            page.close()
        web.close()
        sim.close()
