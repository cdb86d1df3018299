"""Draw a :class:`~pitchside_hw.wiring.Wiring` as the Pi's 40-pin header with its wires:
laid out once as a few shapes, written as SVG text or drawn by Pillow as a PNG.

The header is drawn as seen from above with the USB/Ethernet end at the bottom: pin 1
(3V3, the square pad) at the top left, odd pins in the left column, even pins in the
right. Each used pin carries a tag with its name and number, a wire in its colour and a
box naming the part; power pins are always coloured (3V3 orange, 5V red, GND black).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw, ImageFont

from pitchside_hw.header import HeaderPin, header
from pitchside_hw.wiring import Colour, Wire, Wiring

Anchor = Literal["start", "middle", "end"]

ROW = 30
WIDTH = 1240
TOP = 96
CX = WIDTH // 2
BOX_W = 340
TEXT = "#1a1a1a"
FAINT = "#9a9a9a"
FONT = "Aileron, 'Helvetica Neue', Arial, sans-serif"
POWER = {"3V3": Colour.ORANGE, "5V": Colour.RED, "GND": Colour.BLACK}


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str
    stroke: str = "none"
    radius: float = 0


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    width: float


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str
    stroke: str


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float
    text: str
    size: int
    anchor: Anchor = "start"
    colour: str = TEXT
    bold: bool = False


Shape = Rect | Line | Circle | Text


@functools.cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _fit(text: str, size: int, width: float) -> int:
    """The largest font size up to ``size`` whose ``text`` fits ``width`` px."""
    while size > 8 and _font(size).getlength(text) > width:
        size -= 1
    return size


def _pin_y(p: HeaderPin) -> float:
    return TOP + 40 + (p.row - 1) * ROW


def _wire_shapes(p: HeaderPin, wire: Wire | None) -> list[Shape]:
    left = p.col == 1
    side = -1 if left else 1
    y = _pin_y(p)
    px = CX + side * 14
    name = f"{p.name}  {p.number}" if not left else f"{p.number}  {p.name}"
    power = POWER.get(p.name)
    colour = wire.colour if wire is not None else power
    shapes: list[Shape] = []
    tag_x = CX + side * 40
    tag_w = 104
    used = wire is not None
    shapes.append(Rect(tag_x - tag_w if left else tag_x, y - 10, tag_w, 20,
                       "#ffffff" if used else "#f3f3f3", "#555555" if used else "#d0d0d0", 4))
    shapes.append(Text(tag_x - tag_w / 2 if left else tag_x + tag_w / 2, y + 4.5, name, 12, "middle",
                       TEXT if used else FAINT))
    if colour is not None:
        shapes.append(Circle(px, y, 8, colour.value, "#000000"))
    else:
        shapes.append(Circle(px, y, 7, "#c8a24a", "#6b5a2a"))  # a bare gold pin
    if wire is None:
        return shapes
    x1 = tag_x + side * tag_w
    x2 = x1 + side * 118
    shapes.append(Line(px + side * 8, y, tag_x, y, "#000000", 6))  # pin to its tag, under the tag
    shapes.append(Line(px + side * 8, y, tag_x, y, wire.colour.value, 4))
    shapes.append(Line(x1, y, x2, y, "#000000", 8))  # a dark edge keeps a white or yellow wire visible
    shapes.append(Line(x1, y, x2, y, wire.colour.value, 6))
    box_x = x2 - BOX_W if left else x2
    label = f"{wire.part}"
    shapes.append(Rect(box_x, y - 12, BOX_W, 24, "#ffffff", wire.colour.value if wire.colour != Colour.WHITE
                       else "#777777", 5))
    shapes.append(Text(box_x + (BOX_W - 10 if left else 10), y + 5, label, _fit(label, 13, BOX_W - 70),
                       "end" if left else "start"))
    shapes.append(Text(box_x + (8 if left else BOX_W - 8), y + 4.5, wire.colour.name.lower(), 10,
                       "start" if left else "end", FAINT))
    return shapes


def layout(w: Wiring) -> tuple[tuple[int, int], list[Shape]]:
    """The picture's size and its shapes, back to front."""
    pins = header()
    by_pin = {wire.pin: wire for wire in w.wires}
    bottom = TOP + 40 + 19 * ROW + 30
    legend_y = bottom + 30
    notes_y = legend_y + 60
    height = int(notes_y + 24 * len(w.notes) + 20)
    shapes: list[Shape] = [Rect(0, 0, WIDTH, height, "#ffffff")]
    shapes += [Text(24, 36, w.title, 22, bold=True), Text(24, 62, w.subtitle, 14, colour="#444444"),
               Text(WIDTH - 24, 36, "Raspberry Pi 40-pin header (J8), seen from above", 13, "end", "#444444"),
               Text(WIDTH - 24, 60, "pin 1 top left; the USB/Ethernet end is at the bottom", 12, "end", FAINT)]
    shapes.append(Rect(CX - 30, TOP + 18, 60, 19 * ROW + 44, "#1f5130", "#0d2616", 6))  # the board's header
    shapes.append(Rect(CX - 24, TOP + 40 - 10, 20, 20, "#c8a24a", "#6b5a2a"))  # pin 1's square pad
    for p in pins:
        shapes += _wire_shapes(p, by_pin.get(p.number))
    x = 24.0
    shapes.append(Text(x, legend_y, "Wire colours:", 13, bold=True))
    x += 110
    for c, meaning in ((Colour.RED, "5 V"), (Colour.ORANGE, "3.3 V"), (Colour.BLACK, "GND"),
                       (Colour.GREEN, "buttons"), (Colour.BROWN, "beams, buzzer"),
                       (Colour.BLUE, "SDA / MOSI"), (Colour.YELLOW, "SCL / SCLK"), (Colour.VIOLET, "CS, coin"),
                       (Colour.GREY, "DC, inhibit"), (Colour.WHITE, "RES, meter")):  # fmt: skip
        shapes.append(Rect(x, legend_y - 11, 16, 14, c.value, "#000000", 2))
        shapes.append(Text(x + 22, legend_y, meaning, 12))
        x += 30 + _font(12).getlength(meaning) + 14
    shapes.append(Text(24, legend_y + 28, "Signals are 3.3 V: never 5 V into a GPIO (beam receivers open collector, "
                                          "pulled up to 3.3 V). Each button goes between its pin and GND.", 12,
                       colour="#444444"))  # fmt: skip
    for i, note in enumerate(w.notes):
        shapes.append(Text(24, notes_y + 24 * i, note, 13))
    return (WIDTH, height), shapes


def to_svg(w: Wiring) -> str:
    """The wiring as an SVG document (text, one shape a line: a stable diff)."""
    (width, height), shapes = layout(w)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{escape(FONT)}">',
           f"<title>{escape(w.title)}</title>"]
    for s in shapes:
        match s:
            case Rect():
                out.append(f'<rect x="{s.x:g}" y="{s.y:g}" width="{s.w:g}" height="{s.h:g}" rx="{s.radius:g}" '
                           f'fill="{s.fill}" stroke="{s.stroke}"/>')
            case Line():
                out.append(f'<line x1="{s.x1:g}" y1="{s.y1:g}" x2="{s.x2:g}" y2="{s.y2:g}" stroke="{s.colour}" '
                           f'stroke-width="{s.width:g}"/>')
            case Circle():
                out.append(f'<circle cx="{s.cx:g}" cy="{s.cy:g}" r="{s.r:g}" fill="{s.fill}" stroke="{s.stroke}"/>')
            case Text():
                weight = ' font-weight="bold"' if s.bold else ""
                out.append(f'<text x="{s.x:g}" y="{s.y:g}" font-size="{s.size}" text-anchor="{s.anchor}" '
                           f'fill="{s.colour}"{weight}>{escape(s.text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_png(w: Wiring) -> Image.Image:
    """The wiring drawn by Pillow (the same layout as :func:`to_svg`)."""
    (width, height), shapes = layout(w)
    image = Image.new("RGB", (width, height), "#ffffff")
    draw = ImageDraw.Draw(image)
    for s in shapes:
        match s:
            case Rect():
                draw.rounded_rectangle((s.x, s.y, s.x + s.w, s.y + s.h), radius=s.radius, fill=s.fill,
                                       outline=None if s.stroke == "none" else s.stroke)
            case Line():
                draw.line((s.x1, s.y1, s.x2, s.y2), fill=s.colour, width=int(s.width))
            case Circle():
                draw.ellipse((s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r), fill=s.fill, outline=s.stroke)
            case Text():
                font = _font(s.size)
                x = s.x - {"start": 0.0, "middle": font.getlength(s.text) / 2, "end": font.getlength(s.text)}[s.anchor]
                draw.text((x, s.y), s.text, fill=s.colour, font=font, anchor="ls",
                          stroke_width=1 if s.bold else 0, stroke_fill=s.colour)
    return image
