"""A canvas made with ``spare`` starts from the image and Draw an earlier one gave
back, cleared to paper (issue 15 item 2: screen.compose no longer makes a new image and
Draw per frame); what was shown is never the image drawn on next."""

from __future__ import annotations

import types

import pytest
from PIL import Image, ImageDraw

from pitchside.render import panel as panel_module
from pitchside.render.panel import INK, PAPER, SIDE_B, Canvas, Panel


@pytest.fixture(autouse=True)
def no_spares(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(panel_module, "_SPARES", {})


def _lit(image: Image.Image) -> int:
    """Lit pixels of a mode "1" frame."""
    return image.convert("L").histogram()[255]


def test_a_spare_canvas_is_the_last_one_given_back_cleared() -> None:
    p = Panel(128, 64)
    first = Canvas(p, spare=True)
    first.draw.rectangle((0, 0, 127, 63), fill=SIDE_B)
    shown = first.finish()
    first.give_back(shown)
    again = Canvas(p, 2, spare=True)
    assert again.image is first.image and again.draw is first.draw and again.page == 2
    assert again.image.getextrema() == (PAPER, PAPER)
    again.draw.rectangle((0, 0, 9, 9), fill=INK)
    assert _lit(again.finish()) == 100
    assert _lit(shown) == 128 * 64  # the frame shown before: untouched


def test_only_spare_canvases_take_one_and_each_size_has_its_own() -> None:
    p, q = Panel(128, 64), Panel(128, 32)
    c = Canvas(p, spare=True)
    c.give_back(c.finish())
    assert Canvas(p).image is not c.image  # not made with spare: a new image
    assert Canvas(q, spare=True).image is not c.image
    assert Canvas(p, spare=True).image is c.image
    assert Canvas(p, spare=True).image is not c.image  # taken: the next one is new


def test_a_canvas_not_made_with_spare_gives_nothing_back() -> None:
    c = Canvas(Panel(128, 64))
    c.give_back(c.finish())
    assert panel_module._SPARES == {}


def test_a_spare_made_by_another_draw_factory_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's recording Draw (put in the panel module) draws every frame: a spare
    made by Pillow's Draw before it came is not handed out under it."""
    c = Canvas(Panel(128, 64), spare=True)
    c.give_back(c.finish())

    class Recording(ImageDraw.ImageDraw):
        pass

    monkeypatch.setattr(panel_module, "ImageDraw", types.SimpleNamespace(Draw=Recording))
    d = Canvas(Panel(128, 64), spare=True)
    assert type(d.draw) is Recording and d.image is not c.image


def test_the_spares_are_bounded() -> None:
    for w in range(1, 3 * panel_module.SPARES):
        c = Canvas(Panel(w, 8), spare=True)
        c.give_back(c.finish())
        assert len(panel_module._SPARES) <= panel_module.SPARES
