"""The panel a frame is drawn for: its size, its colour mode, and the layouts that exist
(laid out per panel).

A screen draws on a :class:`Canvas`: a mode ``"L"`` image whose pixel values are
*inks*, not colours (:data:`PAPER` 0, :data:`INK` 1, :data:`DIM` 2, :data:`SIDE_A` 3,
:data:`SIDE_B` 4), so every drawing block that lights a pixel with ``fill=1`` and clears
it with ``fill=0`` works unchanged on any panel. :meth:`Canvas.finish` maps the inks to
the panel's colours through its :class:`Palette`: mode ``"1"`` lights every ink,
greyscale draws :data:`DIM` dimmer, colour gives the sides their colours.

Layouts (:data:`LAYOUTS`), by panel size in px:

* ``"standard"`` 128x64: SSD1306, SH1106, SSD1309 (0.96", 1.3" and the 2.42" modules);
  the design size.
* ``"reduced"`` 128x32: SSD1306 0.91"; the score and whose turn, prompts paged.
* ``"wide"`` 256x64: SSD1322 greyscale (2.8" and 3.12"); names beside big digits.
* ``"tall"`` 128x128: SSD1327 greyscale, SSD1351 colour, SH1106 128x128; bigger digits,
  more rows.
* ``"small"`` 96x48: kept for the screens drawn before the layouts (no driver of ours
  drives it; a side display may be that size in a test).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

Mode = Literal["1", "L", "RGB"]
LayoutName = Literal["standard", "reduced", "wide", "tall", "small"]
Colour = int | tuple[int, int, int]

PAPER, INK, DIM, SIDE_A, SIDE_B = 0, 1, 2, 3, 4
"""The inks a screen draws with (pixel values of a :class:`Canvas` image)."""

LAYOUTS: dict[tuple[int, int], LayoutName] = {
    (128, 64): "standard",
    (128, 32): "reduced",
    (256, 64): "wide",
    (128, 128): "tall",
    (96, 48): "small",
}
"""The panel sizes (width, height) in px the screens lay out for, and their layout."""

MODES: tuple[Mode, ...] = ("1", "L", "RGB")


def layout_sizes() -> str:
    """The sizes of :data:`LAYOUTS` as people write them: ``"128x64, 128x32, ..."``."""
    return ", ".join(f"{w}x{h}" for w, h in LAYOUTS)


@dataclass(frozen=True, slots=True)
class Palette:
    """What each ink is on a panel: a value of the panel's mode (0/255 for ``"1"``,
    0-255 for ``"L"``, ``(r, g, b)`` for ``"RGB"``)."""

    paper: Colour
    ink: Colour
    dim: Colour
    side_a: Colour
    side_b: Colour

    def colours(self) -> tuple[Colour, ...]:
        """The colours in ink order (:data:`PAPER` .. :data:`SIDE_B`)."""
        return (self.paper, self.ink, self.dim, self.side_a, self.side_b)


PALETTES: dict[Mode, Palette] = {
    "1": Palette(paper=0, ink=1, dim=1, side_a=1, side_b=1),
    "L": Palette(paper=0, ink=255, dim=96, side_a=255, side_b=255),
    "RGB": Palette(paper=(0, 0, 0), ink=(255, 255, 255), dim=(110, 110, 110), side_a=(255, 90, 60),
                   side_b=(70, 160, 255)),
}
"""One :class:`Palette` per mode: mode "1" lights every ink; greyscale dims
:data:`DIM` (a last shot, a secondary line); colour gives side A red, side B blue."""


@dataclass(frozen=True, slots=True)
class Panel:
    """A display panel: ``width`` x ``height`` px in ``mode`` (the luma device's
    ``.mode``: ``"1"`` monochrome, ``"L"`` greyscale, ``"RGB"`` colour).

    :raises ValueError: a dimension below 1 px, or another mode.
    """

    width: int
    height: int
    mode: Mode = "1"

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(f"panel {self.width}x{self.height} px: both dimensions must be at least 1 px")
        if self.mode not in MODES:
            raise ValueError(f"panel mode must be one of {', '.join(MODES)}, not {self.mode!r}")

    @classmethod
    def of(cls, size: "Panel | tuple[int, int]", mode: str = "1") -> "Panel":
        """``size`` as a panel: a :class:`Panel` as it is, a ``(width, height)`` in
        ``mode`` (a luma device's mode string; ``"RGBA"`` is drawn as ``"RGB"``).

        :raises ValueError: see :class:`Panel`.
        """
        if isinstance(size, Panel):
            return size
        m = "RGB" if mode == "RGBA" else mode
        if m not in MODES:
            raise ValueError(f"panel mode must be one of {', '.join(MODES)}, not {mode!r}")
        return cls(size[0], size[1], m)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def palette(self) -> Palette:
        return PALETTES[self.mode]

    @property
    def layout(self) -> LayoutName:
        """The layout for this size (:data:`LAYOUTS`).

        :raises ValueError: no layout exists for the size; the message names those that do.
        """
        found = LAYOUTS.get(self.size)
        if found is None:
            raise ValueError(f"no screen layout for a {self.width}x{self.height} px panel; "
                             f"the screens lay out {layout_sizes()}")
        return found

    @property
    def has_layout(self) -> bool:
        return self.size in LAYOUTS


def to_panel(image: Image.Image, panel: Panel) -> Image.Image:
    """A canvas image of inks (mode ``"L"``, values :data:`PAPER`..:data:`SIDE_B`) in
    the panel's mode and colours; a mode ``"1"`` image (a screen drawn before the
    layouts) with its lit pixels as :data:`INK`.

    :raises ValueError: the image is not ``panel.size``.
    """
    if image.size != panel.size:
        raise ValueError(f"frame is {image.width}x{image.height} px, the panel {panel.width}x{panel.height}")
    if image.mode == "1":
        if panel.mode == "1":
            return image
        image = image.point(lambda v: INK if v else PAPER, "L")
    tables = _tables(panel.mode)
    if panel.mode == "1":
        return _point(image, tables[0], "1")
    if panel.mode == "L":
        return _point(image, tables[0], None)
    return Image.merge("RGB", [_point(image, t, None) for t in tables])


@lru_cache(maxsize=len(MODES))
def _tables(mode: Mode) -> tuple[list[int], ...]:
    """The 256-entry tables that map inks to ``mode``'s colours (:data:`PALETTES`):
    one for ``"1"`` (lit: 255) and ``"L"``, one per band for ``"RGB"``. Built once per
    mode (they were built, and rounded by Pillow, on every frame)."""
    colours = PALETTES[mode].colours()
    if mode == "1":
        return (_lut([255 if c else 0 for c in colours]),)
    if mode == "L":
        return (_lut([int(c) for c in colours]),)  # type: ignore[arg-type]
    return tuple(_lut([c[i] for c in colours]) for i in range(3))  # type: ignore[index]


def _point(image: Image.Image, table: list[int], mode: str | None) -> Image.Image:
    """``image.point(table, mode)`` without its per-call pass over the table in Python
    (``Image.point`` rounds each of the 256 entries on every call, about 15 µs on the
    bench machine; ``table`` is integers already): the same C mapping, the same pixels
    (tests/render/test_panel_point.py checks every ink value in every mode)."""
    image.load()
    return image._new(image.im.point(table, mode))


def to_logical(image: Image.Image) -> Image.Image:
    """A mode ``"1"`` image as a canvas image of inks (lit -> :data:`INK`)."""
    return image.convert("L").point(lambda v: INK if v else PAPER)


SPARES = 8
"""The most panel sizes whose spare canvas image a :class:`Spares` keeps."""

_Spare = tuple[Image.Image, ImageDraw.ImageDraw, Callable[..., ImageDraw.ImageDraw]]


class Spares:
    """Spare canvas images for one drawer of frames (a runtime's thread: one owner, no
    lock), at most one per panel size: the image, its Draw, and the Draw factory that
    made it (a Draw made before a test put its own factory in is not reused under it).
    A plain class, not a dataclass: it is made before a table's first frame, where each
    dataclass costs its creation (bench/README.md, start-up), and it is no value.

    :param most: the most sizes kept (:data:`SPARES`); the oldest is dropped first.
    """

    __slots__ = ("most", "_kept")

    def __init__(self, most: int = SPARES) -> None:
        self.most = most
        self._kept: dict[tuple[int, int], _Spare] = {}

    def take(self, size: tuple[int, int]) -> _Spare | None:
        """The spare of ``size`` (px), no longer kept; None when there is none."""
        return self._kept.pop(size, None)

    def keep(self, size: tuple[int, int], spare: _Spare) -> None:
        """Keep ``spare`` as the one of ``size`` (px)."""
        self._kept.pop(size, None)
        while len(self._kept) >= self.most:
            del self._kept[next(iter(self._kept))]
        self._kept[size] = spare

    def __len__(self) -> int:
        return len(self._kept)


def _lut(values: list[int]) -> list[int]:
    """A 256-entry table: ink i -> values[i]; any other value -> the ink colour."""
    return values + [values[INK]] * (256 - len(values))


@dataclass(eq=False)
class Canvas:
    """One frame being drawn: a mode ``"L"`` image of inks the panel's size, a Draw on
    it, and which page of paged text to show.

    :param panel: the panel drawn for.
    :param page: the page of paged text to show (the shell's page timer advances it;
        each paged text shows ``page % its pages``).
    :ivar pages: the most pages any paged text drawn so far needs (1: nothing paged);
        the shell runs its page timer while it is above 1.
    :param spare: where to start from a spare image and Draw of the panel's size that
        an earlier canvas gave back (:meth:`give_back`), cleared to paper, when one is
        there (a new image and Draw were about 35 µs of a frame in
        the bench); for a caller that gives it back after :meth:`finish` and keeps no
        hold on ``image``. None: a new image.
    """

    panel: Panel
    page: int = 0
    pages: int = 1
    spare: Spares | None = None
    image: Image.Image = field(init=False)
    draw: ImageDraw.ImageDraw = field(init=False)
    _made_by: Callable[..., ImageDraw.ImageDraw] = field(init=False, repr=False)
    """The Draw factory ``draw`` was made by (recorded then, not at :meth:`give_back`:
    a test may swap the factory while a canvas is out)."""

    def __post_init__(self) -> None:
        if self.page < 0:
            raise ValueError(f"page must be 0 or more, not {self.page}")
        factory = ImageDraw.Draw
        got = self.spare.take(self.panel.size) if self.spare is not None else None
        if got is not None and got[2] is factory:
            self.image, self.draw, self._made_by = got
            w, h = self.panel.size
            self.draw.rectangle((0, 0, w - 1, h - 1), fill=PAPER)
            return
        self.image = Image.new("L", self.panel.size, PAPER)
        self.draw = factory(self.image)
        self._made_by = factory

    def give_back(self, shown: Image.Image) -> None:
        """After :meth:`finish` gave ``shown``: keep this canvas's image and Draw as
        the spare of its size in its :class:`Spares` (a canvas made with ``spare``; none
        else, nor an image that is ``shown`` itself or not this canvas's own "L" image of
        the panel's size)."""
        image = self.image
        if self.spare is None or shown is image or image.mode != "L" or image.size != self.panel.size:
            return
        self.spare.keep(self.panel.size, (image, self.draw, self._made_by))

    @property
    def size(self) -> tuple[int, int]:
        return self.panel.size

    @property
    def width(self) -> int:
        return self.panel.width

    @property
    def height(self) -> int:
        return self.panel.height

    @property
    def layout(self) -> LayoutName:
        return self.panel.layout

    def paged(self, pages: int) -> int:
        """Note a text of ``pages`` pages; :returns: the page of it to show."""
        self.pages = max(self.pages, pages)
        return self.page % max(1, pages)

    def finish(self) -> Image.Image:
        """The frame in the panel's mode (:func:`to_panel`)."""
        return to_panel(self.image, self.panel)
