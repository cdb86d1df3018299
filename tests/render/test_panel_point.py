"""``to_panel`` maps inks through tables built once per mode and Pillow's C mapping
without ``Image.point``'s per-call pass over the table: the same
pixels as ``Image.point`` for every value an "L" canvas can hold, in every mode."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from pitchside.render import panel as panel_module
from pitchside.render.panel import MODES, PALETTES, Panel, to_panel


def _every_value() -> Image.Image:
    """A 16x16 "L" image holding each value 0..255 once."""
    im = Image.new("L", (16, 16))
    im.putdata(list(range(256)))
    return im


@pytest.mark.parametrize("mode", MODES)
def test_to_panel_gives_the_pixels_of_image_point(mode: str) -> None:
    im = _every_value()
    got = to_panel(im, Panel(16, 16, mode))  # type: ignore[arg-type]
    colours = PALETTES[mode].colours()  # type: ignore[index]
    if mode == "1":
        want = im.point([255 if c else 0 for c in colours] + [255] * 251, "1")
    elif mode == "L":
        want = im.point(list(colours) + [colours[1]] * 251)  # type: ignore[arg-type]
    else:
        want = Image.merge("RGB", [im.point([c[i] for c in colours] + [colours[1][i]] * 251)  # type: ignore[index]
                                   for i in range(3)])
    assert got.mode == want.mode == mode and got.size == (16, 16)
    assert ImageChops.difference(got, want).getbbox() is None
    assert got.tobytes() == want.tobytes()


def test_the_tables_are_built_once_per_mode() -> None:
    panel_module._tables.cache_clear()
    for _ in range(3):
        for mode in MODES:
            to_panel(_every_value(), Panel(16, 16, mode))  # type: ignore[arg-type]
    info = panel_module._tables.cache_info()
    assert (info.misses, info.hits, info.maxsize) == (3, 6, 3)


def test_a_lit_pixel_is_255_and_paper_0_on_a_mono_panel() -> None:
    im = Image.new("L", (4, 1))
    im.putdata([0, 1, 2, 4])
    out = to_panel(im, Panel(4, 1))
    assert [out.getpixel((x, 0)) for x in range(4)] == [0, 255, 255, 255]
