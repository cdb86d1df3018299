"""A canvas made with ``spare`` starts from the image and Draw an earlier one gave
back to the same :class:`Spares`, cleared to paper (screen.compose no
longer makes a new image and Draw per frame for a caller that keeps spares, as the
runtime does); what was shown is never the image drawn on next, and spares are the
caller's own (no module-level store)."""

from __future__ import annotations

import types

import pytest
from PIL import Image, ImageDraw

from pitchside.render import panel as panel_module
from pitchside.render import screen
from pitchside.render.panel import INK, PAPER, SIDE_B, Canvas, Panel, Spares
from pitchside.render.kiosk import AttractView
from pitchside.render.screen import Frame


@pytest.fixture
def spares() -> Spares:
    return Spares()


def _lit(image: Image.Image) -> int:
    """Lit pixels of a mode "1" frame."""
    return image.convert("L").histogram()[255]


def test_a_spare_canvas_is_the_last_one_given_back_cleared(spares: Spares) -> None:
    p = Panel(128, 64)
    first = Canvas(p, spare=spares)
    first.draw.rectangle((0, 0, 127, 63), fill=SIDE_B)
    shown = first.finish()
    first.give_back(shown)
    again = Canvas(p, 2, spare=spares)
    assert again.image is first.image and again.draw is first.draw and again.page == 2
    assert again.image.getextrema() == (PAPER, PAPER)
    again.draw.rectangle((0, 0, 9, 9), fill=INK)
    assert _lit(again.finish()) == 100
    assert _lit(shown) == 128 * 64  # the frame shown before: untouched


def test_only_spare_canvases_take_one_and_each_size_has_its_own(spares: Spares) -> None:
    p, q = Panel(128, 64), Panel(128, 32)
    c = Canvas(p, spare=spares)
    c.give_back(c.finish())
    assert Canvas(p).image is not c.image  # not made with spare: a new image
    assert Canvas(p, spare=Spares()).image is not c.image  # another owner's spares: not these
    assert Canvas(q, spare=spares).image is not c.image
    assert Canvas(p, spare=spares).image is c.image
    assert Canvas(p, spare=spares).image is not c.image  # taken: the next one is new


def test_a_canvas_not_made_with_spare_gives_nothing_back(spares: Spares) -> None:
    c = Canvas(Panel(128, 64))
    c.give_back(c.finish())
    assert len(spares) == 0 and Canvas(Panel(128, 64), spare=spares).image is not c.image


def test_compose_reuses_a_canvas_only_through_the_spares_it_is_given(spares: Spares) -> None:
    """Two callers' frames never share an image: without spares every frame is drawn on
    a new canvas; with them, the second frame is drawn on the first one's canvas."""
    frames = [Frame(AttractView("PICHENOTTE", ("PRESS OK",))), Frame(AttractView("PITCHNUT", ("PRESS OK",)))]
    first = screen.compose(frames[0], (128, 64), spares)
    assert len(spares) == 1
    kept = spares._kept[(128, 64)][0]
    screen.compose(frames[1], (128, 64))  # no spares: nothing taken
    assert spares._kept[(128, 64)][0] is kept
    second = screen.compose(frames[1], (128, 64), spares)
    assert spares._kept[(128, 64)][0] is kept  # taken, drawn on, given back again
    assert first.image.tobytes() != second.image.tobytes()  # the first frame shown is its own image
    assert first.image.tobytes() == screen.compose(frames[0], (128, 64)).image.tobytes()


def test_a_spare_made_by_another_draw_factory_is_not_used(monkeypatch: pytest.MonkeyPatch,
                                                          spares: Spares) -> None:
    """A test's recording Draw (put in the panel module) draws every frame: a spare
    made by Pillow's Draw before it came is not handed out under it."""
    c = Canvas(Panel(128, 64), spare=spares)
    c.give_back(c.finish())

    class Recording(ImageDraw.ImageDraw):
        pass

    monkeypatch.setattr(panel_module, "ImageDraw", types.SimpleNamespace(Draw=Recording))
    d = Canvas(Panel(128, 64), spare=spares)
    assert type(d.draw) is Recording and d.image is not c.image


def test_the_spares_are_bounded_and_the_oldest_size_goes_first(spares: Spares) -> None:
    given = {}
    for w in range(1, 3 * panel_module.SPARES):
        c = Canvas(Panel(w, 8), spare=spares)
        c.give_back(c.finish())
        given[w] = c.image
        assert len(spares) == min(w, panel_module.SPARES)
    last = 3 * panel_module.SPARES - 1
    assert Canvas(Panel(last - panel_module.SPARES, 8), spare=spares).image is not given[last - panel_module.SPARES]
    assert Canvas(Panel(last - panel_module.SPARES + 1, 8), spare=spares).image is given[last - panel_module.SPARES + 1]


class Recording(ImageDraw.ImageDraw):
    """A test's own Draw type (as the render-memo test puts in to see every rectangle)."""


def test_a_spare_keeps_the_factory_its_draw_was_made_by_not_the_one_at_give_back(
        monkeypatch: pytest.MonkeyPatch, spares: Spares) -> None:
    """The Draw factory is swapped while a canvas is out: the spare it gives back is
    handed out only under the factory that made its Draw, either way round."""
    p = Panel(128, 64)
    pillows = Canvas(p, spare=spares)  # Pillow's Draw
    with monkeypatch.context() as m:
        m.setattr(panel_module, "ImageDraw", types.SimpleNamespace(Draw=Recording))
        pillows.give_back(pillows.finish())  # given back under the recording factory
        d = Canvas(p, spare=spares)
        assert type(d.draw) is Recording and d.image is not pillows.image
        recorded = Canvas(Panel(128, 32), spare=spares)  # a Recording Draw
    recorded.give_back(recorded.finish())  # given back under Pillow's factory
    e = Canvas(Panel(128, 32), spare=spares)
    assert type(e.draw) is ImageDraw.ImageDraw and e.image is not recorded.image
