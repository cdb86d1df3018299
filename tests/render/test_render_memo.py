"""The memoised plans of :func:`pitchside.render.widgets.paged_text` and
:func:`~pitchside.render.widgets.draw_score` (issue 15 item 2: a frame's unchanged texts
and scores are not laid out again) draw exactly the pixels of the plain
computation: every frame of each game's demo scenario in the simulator, at every panel
size, composed with the memo warm and with it bypassed, is byte-identical (and has the
same page count). The golden images (tests/render/golden) check the same against the
frames drawn before the memo existed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageChops

from pitchside.app.config import load_config
from pitchside.render import screen, widgets
from pitchside.render.panel import Panel
from pitchside.tables.registry import app_for
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config

SCENARIOS = Path(__file__).resolve().parents[2] / "sim" / "pitchside_sim" / "scenarios"
GAMES = ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")
SIZES = ((128, 64), (128, 32), (256, 64), (128, 128))


def _frames(game: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Panel]]:
    """Every frame request the runtime composed while the demo match of ``game`` played."""
    app = app_for(game)
    scenario = load_scenario(SCENARIOS / f"{game}_match.toml", app.buttons, tuple(app.beams))
    base = sim_config(load_config(default_config_path(game)), scenario.options, scenario.names)
    config = replace(base, display=replace(base.display, width=size[0], height=size[1]))
    seen: list[tuple[Any, Panel]] = []
    real = screen.compose

    def recording(frame: screen.Frame, panel: Any = (128, 64)) -> screen.Drawn:
        seen.append((frame, Panel.of(panel)))
        return real(frame, panel)

    monkeypatch.setattr(screen, "compose", recording)
    sim = SimTable(config, seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
    finally:
        sim.close()
        monkeypatch.setattr(screen, "compose", real)
    return seen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_memoised_and_plain_frames_are_identical(game: str, size: tuple[int, int],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    frames = _frames(game, size, monkeypatch)
    assert len(frames) >= 10  # the match was played, frame after frame
    pages = 0
    for frame, panel in frames:
        for page in range(3):  # paged texts: each page (page numbers wrap per text)
            request = replace(frame, page=page)
            memo = screen.compose(request, panel)
            with monkeypatch.context() as m:
                m.setattr(widgets, "_text_plan", widgets._text_plan.__wrapped__)
                m.setattr(widgets, "_score_plan", widgets._score_plan.__wrapped__)
                plain = screen.compose(request, panel)
            assert memo.image.mode == plain.image.mode and memo.image.size == plain.image.size
            assert ImageChops.difference(memo.image, plain.image).getbbox() is None, (game, size, frame)
            assert memo.pages == plain.pages
            pages = max(pages, memo.pages)
    assert widgets._text_plan.cache_info().hits > 0 and widgets._score_plan.cache_info().hits > 0


def test_the_memo_is_bounded_and_keyed_by_everything_the_plan_reads() -> None:
    """A different box, text, alignment or page count is a different plan; the memo
    never grows past its bound."""
    plan = widgets._text_plan
    a = plan((0, 0, 64, 12), "SHOT", "left", (11, 10, 9), 1, 1, 1, False)
    assert plan((0, 0, 64, 12), "SHOT", "left", (11, 10, 9), 1, 1, 1, False) is a
    assert plan((0, 0, 64, 12), "SHOT", "right", (11, 10, 9), 1, 1, 1, False).pages[0][0][0][0] > a.pages[0][0][0][0]
    assert plan((0, 1, 64, 13), "SHOT", "left", (11, 10, 9), 1, 1, 1, False).pages[0][0][0][1] == \
        a.pages[0][0][0][1] + 1
    assert a.pages == ((((1, a.pages[0][0][0][1]), "SHOT"),),)
    assert plan.cache_info().maxsize == 4096


def test_a_score_plan_is_the_rectangles_the_digits_draw() -> None:
    """1.5 in a 40x28 box, centred: 28 px digits are 17 px wide with 4 px strokes, the
    half's digits 12 px tall, 7 px wide, 2 px strokes; 17 + 4 + 1 + 7 = 29 px from x = 5.
    The "1" (segments b, c), then the small "1", the bar, the small "2" (a, b, g, e, d).
    An unfitting score is refused every time (not memoised)."""
    rects, covered = widgets._score_plan((0, 0, 40, 28), 1.5, 28, "center")
    assert covered == (5, 0, 34, 28)
    assert rects == (
        (18, 0, 21, 15), (18, 12, 21, 27),
        (32, 0, 33, 6), (32, 5, 33, 11),
        (27, 13, 33, 14),
        (27, 16, 33, 17), (32, 16, 33, 22), (27, 21, 33, 22), (27, 21, 28, 27), (27, 26, 33, 27),
    )
    for _ in range(2):
        with pytest.raises(ValueError, match="does not fit"):
            widgets._score_plan((0, 0, 4, 28), 11.0, 28, "center")
