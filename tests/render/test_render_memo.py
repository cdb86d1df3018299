"""The memoised plans of :func:`pitchside.render.widgets.paged_text` and
:func:`~pitchside.render.widgets.draw_score` (a frame's unchanged texts
and scores are not laid out again), the text masks drawn straight from the plan and the
score drawn as one mask, draw exactly the pixels of the plain computation: every frame
of each game's demo scenario in the simulator, at every panel size, composed with the
memo warm and with it bypassed (plans worked out afresh, every text through
``fonts.draw_text``, every segment a rectangle), is byte-identical (and has the same
page count). The golden images (tests/render/golden) check the same against the frames
drawn before the memo existed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import types
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PIL import Image, ImageChops, ImageDraw

from pitchside.app.config import load_config
from pitchside.render import fonts, screen, widgets
from pitchside.render import panel as panel_module
from pitchside.render.panel import Canvas, Panel, Spares
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

    def recording(frame: screen.Frame, panel: Any = (128, 64), spares: Spares | None = None) -> screen.Drawn:
        seen.append((frame, Panel.of(panel)))
        return real(frame, panel, spares)

    monkeypatch.setattr(screen, "compose", recording)
    sim = SimTable(config, seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
    finally:
        sim.close()
        monkeypatch.setattr(screen, "compose", real)
    return seen


class PlainDraw(ImageDraw.ImageDraw):
    """Pillow's Draw under another type: :func:`widgets.draw_score` draws every
    rectangle on it, not the score's mask."""


@contextmanager
def bypassed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every render memo bypassed: the plans worked out afresh, every text drawn
    through ``fonts.draw_text`` (a wrapper: not the module's own), every segment drawn
    as a rectangle (the canvases' Draw is not Pillow's own type)."""
    real = fonts.draw_text
    with monkeypatch.context() as m:
        m.setattr(widgets, "_text_plan", widgets._text_plan.__wrapped__)
        m.setattr(widgets, "_score_plan", widgets._score_plan.__wrapped__)
        m.setattr(fonts, "draw_text", lambda *a, **k: real(*a, **k))
        m.setattr(panel_module, "ImageDraw", types.SimpleNamespace(Draw=PlainDraw))
        yield


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_memoised_and_plain_frames_are_identical(game: str, size: tuple[int, int],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    frames = _frames(game, size, monkeypatch)
    assert len(frames) >= 10  # the match was played, frame after frame
    pages = 0
    spares = Spares()  # the memoised frames drawn on spare canvases, as the runtime draws them
    for frame, panel in frames:
        for page in range(3):  # paged texts: each page (page numbers wrap per text)
            request = replace(frame, page=page)
            memo = screen.compose(request, panel, spares)
            with bypassed(monkeypatch):
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
    plan = widgets._score_plan((0, 0, 40, 28), 1.5, 28, "center")
    rects, covered = plan.rects, plan.covered
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


@pytest.mark.parametrize("mode", ["L", "RGB"])
@pytest.mark.parametrize("game", GAMES)
def test_memoised_and_plain_frames_are_identical_in_grey_and_colour(game: str, mode: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The same on the greyscale and colour panels (the inks' colours differ: dim
    lines, the sides' colours), the demo's frames at 256x64 and 128x128."""
    for size in ((256, 64), (128, 128)):
        panel = Panel(size[0], size[1], mode)  # type: ignore[arg-type]
        spares = Spares()
        for frame, _ in _frames(game, size, monkeypatch):
            memo = screen.compose(frame, panel, spares)
            with bypassed(monkeypatch):
                plain = screen.compose(frame, panel)
            assert memo.image.mode == plain.image.mode == mode
            assert ImageChops.difference(memo.image, plain.image).getbbox() is None, (game, size, frame)


@pytest.mark.parametrize("points", [0.0, 0.5, 1.0, 1.5, 7.0, 10.5, 88.0, 108.5])
@pytest.mark.parametrize("box", [(0, 0, 40, 28), (3, 12, 61, 40), (74, 2, 99, 19), (0, 0, 128, 64)])
def test_a_score_drawn_as_its_mask_is_its_rectangles(points: float, box: tuple[int, int, int, int]) -> None:
    """draw_score on Pillow's Draw (one mask) and on another type of Draw (every
    rectangle) lights the same pixels in the same ink, and covers the same box."""
    try:
        plan = widgets._score_plan(box, points, 40, "center")
    except ValueError:
        pytest.skip("not applicable: the score does not fit this box")
    assert plan.mask is not None and plan.mask.size == (plan.covered[2] - plan.covered[0],
                                                        plan.covered[3] - plan.covered[1])
    images = []
    for draw_type in (ImageDraw.ImageDraw, PlainDraw):
        im = Image.new("L", (128, 64), 0)
        d = draw_type(im)
        d.rectangle((0, 0, 127, 0), fill=2)  # something under it, left as it was
        assert widgets.draw_score(d, box, points, max_height=40, fill=3) == plan.covered
        images.append(im)
    assert images[0].tobytes() == images[1].tobytes()
    assert 3 in images[0].tobytes()


LONG = "A long prompt that does not fit on one line of the box, paged over and over " * 2


@pytest.mark.parametrize("text, lines", [("SHOT", 1), ("Ann v Bob", 1), (LONG, 1), (LONG, 2), ("", 1),
                                         ("(Wait) gjpqy", 2), ("MAXIMILIAN-ALEXANDER BARTHOLOMEW", 2)])
def test_paged_text_draws_the_masks_draw_text_would(text: str, lines: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """paged_text straight from its plan's masks and through fonts.draw_text (a
    wrapper in place, as the text-fit checker puts one): the same pixels, the same ink
    box returned, the same pages, on every page; and the wrapper sees every line."""
    box = (3, 20, 101, 46)
    for page in range(4):
        got = []
        for listen in (False, True):
            c = Canvas(Panel(128, 64), page)
            seen: list[str] = []
            with monkeypatch.context() as m:
                if listen:
                    real = fonts.draw_text

                    def noting(*a: object, **k: object) -> object:
                        seen.append(str(a[2]))
                        return real(*a, **k)  # type: ignore[arg-type]

                    m.setattr(fonts, "draw_text", noting)
                ink = widgets.paged_text(c, box, text, align="center", max_lines=lines, fill=2)
            got.append((c.image.tobytes(), ink, c.pages, seen))
        (fast, ink_a, pages_a, _), (slow, ink_b, pages_b, seen) = got
        assert fast == slow and ink_a == ink_b and pages_a == pages_b
        plan = widgets._text_plan(box, text, "center", fonts.SIZES, 1, lines, 1, False)
        assert seen == [line for _, line in plan.pages[page % len(plan.pages)]]


@pytest.mark.parametrize("mode", ["L", "1", "RGB", "P"])
def test_draw_mask_lights_what_draw_bitmap_lights(mode: str) -> None:
    """fonts.draw_mask (straight to Pillow's core on its own Draw of an image without a
    palette, else draw.bitmap): the pixels of ImageDraw.bitmap, for every ink, over
    what is drawn already, on every mode; and on a Draw of another type it calls that
    Draw's bitmap (a recording Draw sees it)."""
    mask = fonts.text_mask("Wg(8)", fonts.text_font(12))
    fills = [(255, 90, 60), (0, 0, 0)] if mode == "RGB" else [0, 1, 2, 3, 4, 96, 255]
    for fill in fills:
        images = []
        for straight in (True, False):
            im = Image.new(mode, (40, 20), 0)
            d = ImageDraw.Draw(im)
            d.rectangle((0, 0, 39, 5), fill=fills[-1])
            if straight:
                fonts.draw_mask(d, (3, 2), mask, fill)  # type: ignore[arg-type]
            else:
                d.bitmap((3, 2), mask, fill=fill)
            images.append(im.tobytes())
        assert images[0] == images[1], fill
    calls: list[object] = []

    class Noting(PlainDraw):
        def bitmap(self, *a: object, **k: object) -> None:
            calls.append(a[0])
            super().bitmap(*a, **k)  # type: ignore[arg-type]

    fonts.draw_mask(Noting(Image.new("L", (40, 20))), (3, 2), mask, 1)
    assert calls == [(3, 2)]
