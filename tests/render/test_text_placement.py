"""One placement of a text line (fonts.place_text) under both of widgets.paged_text's
paths: the memoised masks a table draws and fonts.draw_text, which the text-fit checker
(tests/support/textfit.py) wraps and so sees. What the checker checks is what is drawn
(tests/render/test_render_memo.py pins the two paths' pixels to each other)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from PIL import Image, ImageChops, ImageDraw

from pitchside.render import fonts, widgets

FONT = fonts.text_font(fonts.MEDIUM)


@pytest.mark.parametrize("text", ["SHOT", "Wg(8)", "'A'", " "])
def test_draw_text_draws_and_returns_what_place_text_gives(text: str) -> None:
    ink, placed = fonts.place_text((3, 4), text, FONT)
    drawn = Image.new("1", (60, 24), 0)
    assert fonts.draw_text(ImageDraw.Draw(drawn), (3, 4), text, FONT, 1) == ink
    expected = Image.new("1", (60, 24), 0)
    if placed is None:
        assert text.strip() == "" and ink[0] == ink[2] and ink[1] == ink[3]
    else:
        (x, y), mask = placed
        assert mask is fonts.text_mask(text, FONT)
        assert ink == (x, y, x + mask.width, y + mask.height)
        expected.paste(1, (x, y), mask)
    assert ImageChops.difference(drawn, expected).getbbox() is None


def test_the_memoised_page_is_place_text_of_each_line() -> None:
    """A two-line, two-page text: each page's stamp is fonts.place_text of its lines,
    at the places the plan gives, and the box it covers is what draw_text's inks cover."""
    box = (0, 0, 96, 26)
    text = "Ann pots the queen and covers it, Bob shoots again from the line"
    plan = widgets._text_plan(box, text, "center", fonts.SIZES, 1, 2, 1, False)
    assert len(plan.pages) > 1
    for page, stamp in zip(plan.pages, plan.stamps):
        placed = [fonts.place_text(xy, line, plan.font) for xy, line in page]
        assert stamp[1] == tuple(m for _, m in placed if m is not None)
        inks = [ink for ink, _ in placed]
        assert stamp[0] == (min(b[0] for b in inks), min(b[1] for b in inks),
                            max(b[2] for b in inks), max(b[3] for b in inks))



def test_every_mask_the_straight_path_draws_is_made_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """fonts.draw_masks skips ImageDraw.bitmap's ``mask.load()``, which only matters for
    an image opened from a file (an ImageFile, its pixels read on load) or with a
    palette to push: every mask the golden scenes draw is neither (mode "1", from
    Image.new, storage there)."""
    from PIL import ImageFile

    from render_scenes import SCENES

    seen: list[Image.Image] = []
    real = fonts.draw_masks

    def noting(draw: ImageDraw.ImageDraw, masks: Iterable[tuple[tuple[int, int], Image.Image]], fill: int) -> None:
        kept = list(masks)
        seen.extend(m for _, m in kept)
        real(draw, kept, fill)

    monkeypatch.setattr(fonts, "draw_masks", noting)
    for scene in SCENES.values():
        scene()
    assert len(seen) > 100  # the scenes' texts and scores
    for mask in seen:
        assert not isinstance(mask, ImageFile.ImageFile)
        assert mask.mode == "1" and mask.palette is None and mask.readonly == 0
        mask.im  # noqa: B018  (storage is there without a load: an unloaded ImageFile's raises)
