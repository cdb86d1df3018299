"""The text-fit checker: every text a screen draws, recorded with the
box it was laid out in, so a test can fail on a clipped or shortened text.

Every text a screen draws goes through :func:`pitchside.render.fonts.draw_text` (the
text blocks of render/widgets.py pass the box they laid it out in); :class:`TextFit`
wraps it while it is active. A problem is:

* ink of a text outside its box, or outside the panel;
* an ellipsis ("…") in a text: a shortened text;
* a char the font has no glyph for (:func:`pitchside.render.fonts.missing_glyphs`);
* a text the test expected that is not drawn whole (its words on one box's pages, in
  order: :meth:`TextFit.shows`), e.g. a line dropped for want of room.

Use::

    with TextFit(monkeypatch) as fit:
        for page in range(pages): screen.compose(Frame(view, page=page), panel)
    assert fit.problems(panel.size) == []
"""

from __future__ import annotations

import re

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from pitchside.core.notice import Notice
from pitchside.render import fonts, screen
from pitchside.render.fonts import Box
from pitchside.render.panel import Panel
from pitchside.render.screen import Frame

ELLIPSIS = "…"
"""The mark of a shortened text: the firmware never draws it (texts are paged, never cut)."""


@dataclass(frozen=True)
class Drawn:
    """One text drawn: its ``text``, the ``box`` it was laid out in (None when drawn
    without one), the ``ink`` it covered, on frame number ``frame``, in ink ``fill``."""

    text: str
    box: Box | None
    ink: Box
    frame: int
    fill: int = 1
    size: int = fonts.TINY


@dataclass
class TextFit:
    """Records every :func:`fonts.draw_text` while entered (a monkeypatch of it)."""

    monkeypatch: pytest.MonkeyPatch
    drawn: list[Drawn] = field(default_factory=list)
    frame: int = 0
    active: bool = False

    def __enter__(self) -> "TextFit":
        real = fonts.draw_text

        def recording(draw: Any, xy: tuple[int, int], text: str, font: Any, fill: int = 1, *,
                      box: Box | None = None) -> Box:
            ink = real(draw, xy, text, font, fill, box=box)
            if text and self.active:
                self.drawn.append(Drawn(text, box, ink, self.frame, fill, int(font.size)))
            return ink

        self.monkeypatch.setattr(fonts, "draw_text", recording)
        self.active = True
        return self

    def __exit__(self, *exc: object) -> None:
        self.active = False

    def clear(self) -> None:
        """Forget what was recorded (the next view's texts start afresh)."""
        self.drawn.clear()
        self.frame = 0

    def next_frame(self) -> None:
        self.frame += 1

    def problems(self, size: tuple[int, int]) -> list[str]:
        """What is clipped or shortened among the texts drawn, for a panel of ``size``."""
        w, h = size
        out = []
        for d in self.drawn:
            x0, y0, x1, y1 = d.ink
            if ELLIPSIS in d.text:
                out.append(f"{d.text!r} is shortened")
            lacking = fonts.missing_glyphs(d.text, d.size)
            if lacking:
                out.append(f"{d.text!r} draws {lacking!r}, which the font has no glyph for")
            if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
                out.append(f"{d.text!r} ink {d.ink} leaves the {w}x{h} panel")
            if d.box is not None:
                bx0, by0, bx1, by1 = d.box
                if x0 < bx0 or y0 < by0 or x1 > bx1 or y1 > by1:
                    out.append(f"{d.text!r} ink {d.ink} leaves its box {d.box}")
        return out

    def shows(self, text: str) -> bool:
        """Whether ``text`` is drawn whole: its letters (spaces aside) in order in one
        box's texts, over the frames recorded (a paged text's pages, page 0 first)."""
        want = "".join(text.split())
        by_box: dict[Box | None, list[Drawn]] = {}
        for d in self.drawn:
            by_box.setdefault(d.box, []).append(d)
        for drawn in by_box.values():
            frames: dict[int, str] = {}
            for d in drawn:
                frames[d.frame] = frames.get(d.frame, "") + "".join(d.text.split())
            seen = "".join(dict.fromkeys(frames[f] for f in sorted(frames)))  # a page repeated once
            every = "".join(frames[f] for f in sorted(frames))  # a text with two equal pages
            if want in seen or want in every or any(want in t for t in frames.values()):
                return True
        return False


def draw_every_page(fit: TextFit, frame: Frame, panel: Panel, most: int = 40) -> int:
    """Draw every page of ``frame`` on ``panel`` (page 0, 1, ... until its pages are
    done) with ``fit`` recording; :returns: the number of pages."""
    pages = 1
    page = 0
    while page < pages:
        drawn = screen.compose(Frame(frame.view, frame.warning, frame.badge, page), panel)
        pages = drawn.pages
        assert drawn.image.size == panel.size and drawn.image.mode == panel.mode
        assert pages <= most, f"{pages} pages: no one reads that many"
        fit.next_frame()
        page += 1
    return pages


# --- sample notices -------------------------------------------------------------------

SIDE_KEYS = frozenset({"side", "winner", "loser", "by", "to", "shooter", "owner", "team", "player", "other"})
_GUESSES: tuple[Any, ...] = (12, "A", 12.5, "x", ("A",), True)


def sample_notice(describe: Callable[[Notice, tuple[str, str]], Any], rule: str, code: str,
                  names: tuple[str, str] = ("A", "B")) -> Notice | None:
    """A notice of ``(rule, code)`` with parameters ``describe`` accepts: the keys it
    asks for (its ``KeyError``), each given a side, a two-digit number or a word until
    it gives words; None when no guess works (the caller's sample list must cover it)."""
    params: dict[str, Any] = {}
    tried: dict[str, int] = {}
    for _ in range(60):
        notice = Notice.of(rule, code, **params)
        try:
            describe(notice, names)
            return notice
        except KeyError as exc:
            said = str(exc.args[0]) if exc.args else ""
            found = re.fullmatch(r"notice \S+ has no parameter '(\w+)'", said)  # Notice's own KeyError
            key = found.group(1) if found else None
            if key is None or key in params:  # another KeyError: not a code these words know
                return None
            params[key] = "A" if key in SIDE_KEYS else _GUESSES[0]
            tried[key] = 0
        except (ValueError, TypeError):
            if not params:
                return None
            key = list(params)[-1]
            tried[key] += 1
            if tried[key] >= len(_GUESSES):
                return None
            params[key] = _GUESSES[tried[key]]
    return None


def texts_of(notices: Iterable[Notice], describe: Callable[[Notice, tuple[str, str]], Any],
             names: tuple[str, str]) -> Iterator[tuple[Notice, str]]:
    """``(notice, text)`` for the long and short words of each notice (once each)."""
    seen: set[str] = set()
    for n in notices:
        words = describe(n, names)
        for text in (words.short, words.long):
            if text not in seen:
                seen.add(text)
                yield n, text
