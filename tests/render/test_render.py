"""What the screens show, checked on pixels and on the pieces they are made of."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PIL import Image, ImageDraw

from pitchside.core.rules import pichenotte as P
from pitchside.render import fonts, widgets
from pitchside.render.panel import Panel
from pitchside.render.pichenotte import PichenotteView, describe, render
from pitchside.render.view import Prompt, TallyEntry
from render_scenes import play_round, shoot, start


def lit(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Lit pixels in box (x1/y1 exclusive)."""
    return sum(1 for v in img.crop(box).getdata() if v)  # type: ignore[attr-defined]


PROMPT = (0, 47, 128, 64)
"""The prompt rows of the 128x64 layout."""


@pytest.mark.parametrize("panel", [Panel(128, 64), Panel(128, 128, "L"), Panel(256, 64, "L"), Panel(96, 48),
                                   Panel(128, 32), Panel(128, 128, "RGB")])
def test_frames_are_the_panel_s_size_and_mode(panel: Panel) -> None:
    for view in (PichenotteView(P.new_match()), PichenotteView(start())):
        img = render(view, panel)
        assert img.mode == panel.mode and img.size == panel.size


@pytest.mark.parametrize("size", [(64, 64), (132, 64), (128, 48)])
def test_a_panel_without_a_layout_is_refused_naming_the_layouts(size: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="no screen layout .* the screens lay out 128x64, 128x32, 256x64, 128x128"):
        render(PichenotteView(P.new_match()), size)


def test_render_is_deterministic_and_pure() -> None:
    view = PichenotteView(shoot(start(), 5), prompt=Prompt("NO", "refusal"))
    assert render(view).tobytes() == render(view).tobytes()


def test_turn_marker_is_a_small_arrow_at_the_shooter_s_outer_edge() -> None:
    """A small arrow beside the shooter's name, at the outer edge of its half (a turn
    change moves a few bytes on the bus, not the whole header)."""
    a_turn = render(PichenotteView(shoot(start(), 2)))
    b_turn = render(PichenotteView(shoot(start(), 1)))
    left, right = (0, 0, 6, 11), (122, 0, 128, 11)
    assert lit(a_turn, left) > 15 and lit(a_turn, right) == 0
    assert lit(b_turn, right) > 15 and lit(b_turn, left) == 0
    changed = ImageChops_difference(a_turn, b_turn)
    assert changed is not None and changed[1] < 11  # the names row only (and the counts below)


def ImageChops_difference(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    from PIL import ImageChops

    return ImageChops.logical_xor(a.crop((0, 0, 128, 12)), b.crop((0, 0, 128, 12))).getbbox()


def test_no_turn_marker_in_the_tally() -> None:
    s = shoot(start(), 24)
    assert s.turn is None
    render(PichenotteView(s))  # a tally view without an entry in progress draws


def test_obligation_line_differs_between_free_shot_and_must_hit() -> None:
    free = render(PichenotteView(start())).crop(PROMPT)  # first shot: nothing to hit
    s = shoot(start(), 1)
    assert not P.is_free_shot(s)
    must = render(PichenotteView(s)).crop(PROMPT)
    assert free.tobytes() != must.tobytes()
    assert free.getbbox() is not None and must.getbbox() is not None


def test_prompt_beats_shot_line_beats_obligation() -> None:
    s = shoot(start(), 1)
    plain = render(PichenotteView(s)).crop(PROMPT).tobytes()
    seen = render(PichenotteView(s, shot_line="SEEN: HIT")).crop(PROMPT).tobytes()
    info = render(PichenotteView(s, shot_line="SEEN: HIT", prompt=Prompt("Undone", "info")))
    assert len({plain, seen, info.crop(PROMPT).tobytes()}) == 3


def test_refusal_fills_the_panel_words_first_then_the_rule_then_how_to_dismiss() -> None:
    """Plain words, the rule ID after them, "ANY KEY: OK" on an inverse
    bar; the first line's top is inside the frame (it was cut off)."""
    s = shoot(start(), 1)
    r = render(PichenotteView(s, prompt=Prompt("A has 2 puck(s) on the board but the counts add up to 1",
                                              "refusal", "PI-10")))
    assert lit(r, (0, 52, 128, 64)) > 128 * 12 * 0.6  # the dismiss bar
    assert lit(r, (0, 0, 128, 1)) == 128  # the frame's top edge
    assert lit(r, (1, 1, 127, 2)) == 0  # nothing touches it: no line cut off at the top
    assert widgets.refusal_words(Prompt("only 3 pucks are on the board", "refusal", "PI-10")) == (
        "Only 3 pucks are on the board (PI-10)")


def test_refusal_and_warning_differ() -> None:
    s = shoot(start(), 1)
    r = render(PichenotteView(s, prompt=Prompt("SENSOR", "refusal")))
    w = render(PichenotteView(s, prompt=Prompt("SENSOR", "warning")))
    i = render(PichenotteView(s, prompt=Prompt("SENSOR", "info")))
    assert len({r.tobytes(), w.tobytes(), i.tobytes()}) == 3


def test_doubles_tag_names_the_partner() -> None:
    from pitchside.render.pichenotte import _tag

    s = shoot(start(P.Options(players="doubles")), 2)
    assert P.shooter(s) == "A2"
    assert _tag(PichenotteView(s), "A") == "A2" and _tag(PichenotteView(s), "B") == "B"
    assert _tag(PichenotteView(s, names=("RED", "BLUE")), "A") == "RED 2"
    singles = shoot(start(), 2)
    assert _tag(PichenotteView(singles), "A") == "A"


def test_tally_cursor_moves_the_inverse_cell() -> None:
    s = shoot(start(), 24)
    frames = [render(PichenotteView(s, tally=TallyEntry((1, 2, 9, 3, 4, 5), c, (0, 0)))) for c in range(6)]
    assert len({f.tobytes() for f in frames}) == 6


def test_describe() -> None:
    s = play_round(start(), a=(2, 2), b=(2, 2))
    assert describe(s) == "R2 A 0.5 B 0.5 B to shoot"


# --- pieces --------------------------------------------------------------------------


@pytest.mark.parametrize("points, expected", [(0, ("0", False)), (2.0, ("2", False)), (1.5, ("1", True)),
                                              (0.5, ("", True)), (305, ("305", False))])
def test_score_text(points: float, expected: tuple[str, bool]) -> None:
    assert widgets.score_text(points) == expected


@pytest.mark.parametrize("points", [-1, 0.25, 2.75])
def test_score_text_refuses_what_never_happens(points: float) -> None:
    with pytest.raises(ValueError):
        widgets.score_text(points)


def test_three_digit_score_fits_half_the_panel_at_full_height() -> None:
    img = Image.new("1", (64, 30))
    box = widgets.draw_score(ImageDraw.Draw(img), (0, 0, 48, 30), 305, max_height=30)
    assert box[2] - box[0] <= 48 and box[3] - box[1] >= 22  # still big
    assert img.getbbox() is not None and img.getbbox()[2] <= 48  # type: ignore[index]


def test_score_shrinks_when_it_must_and_refuses_when_it_cannot() -> None:
    d = ImageDraw.Draw(Image.new("1", (128, 64)))
    small = widgets.draw_score(d, (0, 0, 30, 30), 1234, max_height=30)
    assert small[2] - small[0] <= 30 and small[3] - small[1] < 30
    with pytest.raises(ValueError):
        widgets.draw_score(d, (0, 0, 10, 30), 1234, max_height=30)


def test_half_is_a_stacked_fraction_right_of_the_whole_part() -> None:
    img = Image.new("1", (60, 30))
    box = widgets.draw_score(ImageDraw.Draw(img), (0, 0, 60, 30), 1.5, max_height=30, align="left")
    whole_w = fonts.digits_width("1", 30)
    assert box[2] - box[0] == widgets.score_width(1.5, 30) > whole_w
    # the fraction bar sits at mid-height, right of the "1"
    frac = img.crop((whole_w + 1, 0, box[2], 30))
    mid_row = [frac.getpixel((x, 14)) for x in range(frac.width)]
    assert sum(1 for v in mid_row if v) >= fonts.half_width(30) - 1


def test_seven_segment_eight_lights_every_segment_and_one_only_the_right() -> None:
    img = Image.new("1", (20, 28))
    d = ImageDraw.Draw(img)
    fonts.draw_digit(d, 0, 0, "1", 28)
    w, t = fonts.digit_width(28), fonts.stroke_for(28)
    assert img.getbbox() == (w - t, 0, w, 28)
    with pytest.raises(ValueError):
        fonts.draw_digit(d, 0, 0, "x", 28)


def test_view_values_check_their_fields() -> None:
    with pytest.raises(ValueError):
        Prompt("x", "shout")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        TallyEntry((0, 0, 0, 0, 0), 0, (0, 0))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        TallyEntry((0, 0, 0, 0, 0, 0), 6, (0, 0))
    with pytest.raises(ValueError):
        TallyEntry((0, 0, -1, 0, 0, 0), 0, (0, 0))
    assert TallyEntry((1, 2, 3, 4, 5, 6), 0, (0, 0)).side("B") == (4, 5, 6)


def test_render_imports_no_hardware_library() -> None:
    code = (
        "import sys, pitchside.render.pichenotte, pitchside.render.message, pitchside.render.fonts\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'luma', 'gpiozero', 'serial', 'RPi', 'lgpio'})\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
