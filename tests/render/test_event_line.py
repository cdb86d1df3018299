"""The line that says what happened, one controller page tall on 128x64
(render/event_line.py): Boulomania's last roll (BM-05..BM-26: its dice and their words)
and Pitch Bowl's last loss of the initiative (PB-28). Every text either line can show,
with long names, fits its box on every panel (paged, never cut, never
"…"), and at 128x64 its ink stays in page 5 (rows 40-47).
"""

from __future__ import annotations

import dataclasses
from itertools import product

import pytest

from pitchside.core.notice import Notice
from pitchside.core.rules import pitchbowl as pb_rules
from pitchside.core.sides import SIDES
from pitchside.render import fonts
from pitchside.render.boulomania import DiceShown
from pitchside.render.event_line import SIZE, event_line, event_pages, event_words
from pitchside.render.panel import Canvas, Panel
from pitchside.render.pitchbowl.view import CAUSE_WORDS
from pitchside.render.screen import Frame
from pitchside.tables import boulomania as bm
from pitchside.tables import pitchbowl as pb
from support.textfit import ELLIPSIS, TextFit, draw_every_page
from test_boulomania_screens import SCENES as BM_SCENES
from test_pitchbowl_screens import kicked_off, press
from test_text_fit import LONG_NAMES, PANELS, _panel_id, notices

PAGE_5 = (40, 48)
"""The rows of the 128x64 layouts' one-page line (page 5)."""


def _canvas(size: tuple[int, int] = (128, 64), page: int = 0) -> Canvas:
    return Canvas(Panel.of(size), page)


def test_a_box_that_is_not_one_page_is_refused() -> None:
    c = _canvas()
    for box in ((0, 39, 128, 47), (0, 40, 128, 49), (0, 40, 128, 47)):
        with pytest.raises(ValueError, match="one 8 px page"):
            event_line(c, box, "ANN ON 11")


def test_the_words_are_capitals_whitespace_collapsed_money_as_written() -> None:
    assert event_words("Bob  lost it -\tfall") == "BOB LOST IT - FALL"
    assert event_words("credit €1.50 £2") == "CREDIT €1.50 £2"
    assert event_pages("", 128) == ("",)


def test_every_printable_capital_stays_in_its_page_with_a_row_clear_above_the_capitals() -> None:
    """Capitals, digits and the marks a roll's or a loss's words use ("(", ">", ",",
    ":", "-") in one page: the ink of each on rows 40-47 of a page 5 box."""
    c = _canvas()
    text = "ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 (12>13), - : ' ! ?"
    for page in range(len(event_pages(text, 128))):
        c = _canvas(page=page)
        ink = event_line(c, (0, 40, 128, 48), text, align="left")
        assert PAGE_5[0] <= ink[1] and ink[3] <= PAGE_5[1], ink
        lit = c.image.getbbox()
        assert lit is not None and PAGE_5[0] <= lit[1] and lit[3] <= PAGE_5[1], lit
    # the capitals' top on row 41: a row clear above them, under the line above
    c = _canvas()
    event_line(c, (0, 40, 128, 48), "ANN ON 11", align="left")
    assert c.image.getbbox()[1] == 41  # type: ignore[index]


def test_a_text_too_long_for_the_line_pages_with_a_marker_never_cut() -> None:
    text = "MAXIMILIAN-ALEXANDER LOST IT - OUT OF BOUNDS"
    lines = event_pages(text, 128)
    assert len(lines) == 2 and ELLIPSIS not in "".join(lines)
    assert "".join("".join(lines).split()) == "".join(event_words(text).split())
    font = fonts.text_font(SIZE)
    assert all(fonts.text_width(line, font) <= 128 - 2 - fonts.MARKER_W for line in lines)
    c = _canvas(page=1)
    event_line(c, (0, 40, 128, 48), text)
    assert c.pages == 2
    assert c.image.getpixel((127, 41)) or c.image.getpixel((126, 41))  # the marker's track, from the capitals' row
    assert c.image.crop((0, 0, 128, 40)).getbbox() is None and c.image.crop((0, 48, 128, 64)).getbbox() is None


def _problems(fit: TextFit, view: object, panel: Panel, wants: tuple[str, ...]) -> list[str]:
    """What is clipped or cut (:meth:`TextFit.problems`), and ``wants`` not drawn whole
    (any one of them, in its words or in capitals; none asked for: the layout has no
    such line)."""
    fit.clear()
    draw_every_page(fit, Frame(view), panel)
    out: list[str] = list(fit.problems(panel.size))
    if wants and not any(fit.shows(w) for w in wants):
        out.append(f"none of {wants!r} drawn whole")
    if wants and panel.size == (128, 64):  # laid out in page 5 (problems() holds the ink to its box)
        in_page = [d.text for d in fit.drawn if d.box is not None and (d.box[1], d.box[3]) == PAGE_5]
        seen = "".join("".join(t.split()) for t in in_page)
        if not any("".join(w.split()) in seen for w in wants if w == event_words(w)):
            out.append(f"none of {wants!r} in a page 5 box: {in_page!r}")
    return out


def _roll_lines() -> list[tuple[tuple[int, ...], str, str]]:
    """``(dice, long, short)`` of every last-roll line: each notice the Boulomania words
    cover (test_text_fit's sample of each code and the replay scenarios' notices) as
    a throw of each team with one to three dice, the start roll and the jack roll,
    with long names."""
    out = []
    for n, team, dice in product(notices("boulomania"), "AB", ((4,), (6, 6), (6, 6, 6))):
        try:
            words = bm.LastRoll(team, dice, (n,)).line(LONG_NAMES)  # type: ignore[arg-type]
        except (KeyError, ValueError, TypeError):  # a notice a throw never carries
            continue
        out.append((dice, words.long, "" if words.short == words.long else words.short))
    for a, b in ((2, 6), (3, 3)):
        words = bm.LastRoll(None, (a, b), (Notice.of("BM-02", "starts", side="A"),)).line(LONG_NAMES)
        out.append(((a, b), words.long, ""))
    out.append(((3,), bm.LastRoll("A", (3,), (Notice.of("BM-03", "jack_on", space=3),)).line(LONG_NAMES).long, ""))
    return list(dict.fromkeys(out))


@pytest.mark.parametrize("panel", PANELS, ids=_panel_id)
def test_every_boulomania_last_roll_fits_and_stays_in_its_page_on_128x64(panel: Panel,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    base = dataclasses.replace(BM_SCENES["boulomania_midgame"](), names=LONG_NAMES, prompt=None)
    lines = _roll_lines()
    assert len(lines) > 40
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for dice, long, short in lines:
            view = dataclasses.replace(base, last=DiceShown(dice, long, short))
            wants = tuple(w for t in (long, short) if t for w in (t, event_words(t)))
            problems += [f"{long!r}: {p}" for p in _problems(fit, view, panel, wants)]
    assert problems == []


def _loss_views() -> list[object]:
    """Pitch Bowl's match screen with long names after each loss of the initiative
    (PB-28, every cause, either side), and the kick-off before any."""
    view = pb.view(press(kicked_off(), "pickup"))
    view = dataclasses.replace(view, names=LONG_NAMES)
    out: list[object] = [dataclasses.replace(view, state=dataclasses.replace(view.state, last_loss=None))]
    for cause, side in product(CAUSE_WORDS, SIDES):
        loss = pb_rules.Loss(side, cause, "PB-28")  # type: ignore[arg-type]
        out.append(dataclasses.replace(view, state=dataclasses.replace(view.state, last_loss=loss, kicker=side)))
    return out


@pytest.mark.parametrize("panel", PANELS, ids=_panel_id)
def test_every_pitch_bowl_loss_fits_and_stays_in_its_page_on_128x64(panel: Panel,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from pitchside.render.pitchbowl.turn import _loss_words

    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for view in _loss_views():
            words = _loss_words(view)  # type: ignore[arg-type]
            # 128x32 shows no last loss (render/pitchbowl/turn.py): only that nothing is cut
            wants = tuple(w for t in words for w in (t, event_words(t))) if panel.size != (128, 32) else ()
            problems += [f"{words[0]!r}: {p}" for p in _problems(fit, view, panel, wants)]
    assert problems == []


def test_on_128x64_a_change_of_last_roll_or_last_loss_sends_page_5_alone() -> None:
    """A new roll's words (the dice the same) and a new loss change page 5 only: the
    partial-update device sends that page's changed columns (one controller page)."""
    from pitchside_hw.partial import changed_spans, pack_pages

    from pitchside.render.screen import render

    base = BM_SCENES["boulomania_midgame"]()
    a = dataclasses.replace(base, last=DiceShown((6, 6), "Bob: dead bowl"))
    b = dataclasses.replace(base, last=DiceShown((6, 6), "Bob: kiss 15>out"))
    spans = changed_spans(pack_pages(render(b, (128, 64)), 8), pack_pages(render(a, (128, 64)), 8), 128)
    assert [p for p, _, _ in spans] == [5]
    # the words start at the same column whatever the dice: "BOB: " is not resent
    assert spans[0][1] > 1 + 3 * 9 + fonts.text_width("BOB: ", fonts.text_font(SIZE)) - 2
    view = pb.view(press(kicked_off(), "pickup"))
    lost = dataclasses.replace(view, state=dataclasses.replace(view.state, last_loss=pb_rules.Loss("A", "FALL", "PB-28")))
    spans = changed_spans(pack_pages(render(lost, (128, 64)), 8), pack_pages(render(view, (128, 64)), 8), 128)
    assert [p for p, _, _ in spans] == [5]


def test_the_line_is_dim_where_the_mode_allows_it() -> None:
    """On a greyscale canvas the line is drawn in DIM ink: every lit pixel is the
    palette's DIM grey (96 of 255), where the mode shows DIM dimmer."""
    from pitchside.render.panel import DIM, PALETTES

    c = Canvas(Panel(128, 64, "L"), 0)
    event_line(c, (0, 40, 128, 48), "ANN ON 11", fill=DIM)
    img = c.finish()
    values = {v for v in img.crop((0, 40, 128, 48)).tobytes() if v}
    assert values == {96} == {PALETTES["L"].dim}, values
