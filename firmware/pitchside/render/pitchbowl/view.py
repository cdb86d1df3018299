"""What a Pitch Bowl screen shows (:class:`PitchBowlView`) and the shared bits of its
screens: the side inks, the bottom line, the title bar, the Ball."""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.rules.pitchbowl import State
from pitchside.core.sides import Side
from pitchside.render import fonts
from pitchside.render.event_line import under_box, under_line
from pitchside.render.fonts import Box
from pitchside.render.panel import INK, PAPER, SIDE_A, SIDE_B, Canvas
from pitchside.render.view import Prompt
from pitchside.render.widgets import paged_bar, paged_text, prompt_line

CAUSE_WORDS = {
    "MISS": "MISS", "FALL": "FALL", "OUT_OF_BOUNDS": "OUT OF BOUNDS", "CLEARANCE": "CLEARANCE",
    "BALL_OUT": "BALL OUT", "INTERCEPTION": "INTERCEPTION", "END_OF_TURN": "END OF TURN",
    "TOUCHDOWN": "TOUCHDOWN",
}  # fmt: skip
"""The causes of a loss of initiative as the screen words them (PB-28)."""


@dataclass(frozen=True)
class PitchBowlView:
    """Everything a Pitch Bowl screen shows.

    :param state: the rules state (its phase picks the screen).
    :param names: what to call sides A and B (ASCII; paged when long, never cut).
    :param prompt: a message for the bottom line (a notice, a warning) or the screen
        (a refusal).
    :param spin: the coin animation's frame (1..), 0 when the coin is not spinning.
    :param choice: the toss winner's pending choice (``"kick"``/``"receive"``), or None.
    :param placement: the placement checklist as (label, value) rows.
    :param cursor: the selector's field (a checklist row), or None.
    :param landed: the pending kick-off: True landed, False touch back.
    :param announce: the pending announcement of the pitch being entered, or None.
    :param draft: the pitch being entered, in words (``"PASS MISSED ALL-OUT"``).
    :param selector: the selector's field and value while it is used, or None.
    :param hint: what OK does now (the bottom line when nothing else is shown).
    :param scored: a touchdown just scored (PB-27): the match screen's state it was
        scored on with the new score, drawn instead of the placement screen until the
        next press; None otherwise.
    """

    state: State
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    spin: int = 0
    choice: str | None = None
    placement: tuple[tuple[str, str], ...] = ()
    cursor: int | None = None
    landed: bool = True
    announce: str | None = None
    draft: str = ""
    selector: str | None = None
    hint: str = ""
    scored: State | None = None

    def name(self, side: Side) -> str:
        return self.names[0] if side == "A" else self.names[1]


@dataclass(frozen=True, slots=True)
class Rows:
    """A layout's common rows: the title bar's height, the bottom line's box rows
    (y0, y1 exclusive), how many lines the bottom line may take and its font sizes."""

    header: int
    bottom: tuple[int, int]
    lines: int
    sizes: tuple[int, ...]
    title_sizes: tuple[int, ...]


def frame_of(c: Canvas) -> Rows:
    """The common rows for ``c``'s layout (128x64 is the design size)."""
    h = c.height
    layout = c.layout
    if layout == "tall":
        return Rows(16, (h - 26, h), 2, (14, 13, 12, 11, 10, 9), (14, 13, 12, 11, 10))
    if layout == "wide":
        return Rows(14, (h - 12, h), 1, (12, 11, 10, 9), (12, 11, 10, 9))
    if layout == "reduced":
        return Rows(11, (h - 11, h), 1, (11, 10, 9), (11, 10, 9))
    if layout == "small":
        return Rows(11, (h - 10, h), 1, (9,), (10, 9))
    return Rows(12, (h - 11, h), 1, (11, 10, 9), (11, 10, 9))


def side_ink(side: Side) -> int:
    """The side's colour (white on a mono or grey panel)."""
    return SIDE_A if side == "A" else SIDE_B


def bottom(c: Canvas, view: PitchBowlView, own: str = "", box: Box | None = None, *,
           above: Box | None = None) -> None:
    """The bottom line: the view's warning (inverse video) or notice, else ``own``,
    else the hint; paged, never cut. A refusal is the overlay, not this line.

    :param box: the line's box, None: the layout's (:func:`frame_of`).
    :param above: the ink box of the one-page line over it (128x64's last loss): the
        text at the top of ``box``, a clear row under that ink
        (:func:`~pitchside.render.event_line.under_line`), not centred in it."""
    fr = frame_of(c)
    box = box or (0, fr.bottom[0], c.width, fr.bottom[1])
    prompt = view.prompt
    if prompt is not None and prompt.kind == "warning":
        prompt_line(c, under_box(box, above) if above is not None else box, prompt, fr.sizes)
        return
    text = prompt.text if prompt is not None and prompt.kind == "info" else own or view.hint
    if above is not None:
        under_line(c, box, text, above, sizes=fr.sizes)
    else:
        paged_text(c, box, text, align="center", sizes=fr.sizes, pad=2, max_lines=fr.lines)


def title_bar(c: Canvas, text: str, right: str = "") -> None:
    """An inverse title bar across the top, with ``right`` (e.g. the score) at its end."""
    fr = frame_of(c)
    w, hh = c.width, fr.header
    c.draw.rectangle((0, 0, w - 1, hh - 1), fill=INK)
    if right:
        size = fr.title_sizes[0]
        rw = fonts.text_width(right, fonts.text_font(size)) + 6
        paged_text(c, (w - rw, 0, w, hh), right, align="right", fill=PAPER, sizes=(size,), pad=2)
        paged_text(c, (0, 0, w - rw, hh), text, fill=PAPER, sizes=fr.title_sizes, pad=2)
    else:
        paged_bar(c, (0, 0, w, hh), text, inverse=False, sizes=fr.title_sizes, ink=PAPER)


def ball(c: Canvas, cx: int, cy: int, fill: int = INK) -> Box:
    """The Ball: a football 13x8 px centred on (cx, cy), its laces in paper."""
    box = (cx - 6, cy - 4, cx + 7, cy + 4)
    c.draw.ellipse((box[0], box[1], box[2] - 1, box[3] - 1), fill=fill)
    c.draw.line((cx - 2, cy, cx + 3, cy), fill=PAPER)
    for x in (cx - 1, cx + 1, cx + 3):
        c.draw.point((x, cy - 1), fill=PAPER)
        c.draw.point((x, cy + 1), fill=PAPER)
    return box
