"""Partial updates for the monochrome luma OLEDs: send only what changed.

luma.oled's ``ssd1306`` and ``sh1106`` drivers send the whole 1,024-byte frame on every
``display()`` (their ``framebuffer=`` option serves only the greyscale and colour chips;
shared/notes/libraries.md, section 4). On I2C at 400 kHz that is about 23 ms of bus per
frame, and a score change usually touches a few digits. The devices here are
*subclasses* of luma's drivers (same init sequence, same ``contrast``/``hide``/
``cleanup``, same serial interfaces); only :meth:`display` differs:

* the frame is packed into the controller's page layout (8 rows per byte, LSB on top)
  and compared with a shadow copy of what was last sent;
* each changed page contributes the column ranges of its changed bytes (runs split
  where more unchanged columns lie between them than a new window costs);
  :class:`PartialSSD1306` covers them with address windows (``COLUMNADDR``
  ``0x21 c0 c1``, ``PAGEADDR`` ``0x22 p0 p1``, then the window's bytes: horizontal
  addressing, which luma's init selects), merging neighbouring pages into one window
  when that sends fewer bytes than a window each (:data:`WINDOW_OVERHEAD_BYTES`);
  :class:`PartialSH1106` has only page addressing, so it sends per page
  ``0xB0+page``, the column's low and high nibble commands, then the range's bytes;
* every ``full_every``-th frame is sent whole, exactly as luma sends it, so a frame
  corrupted on the bus (a glitch on a long I2C cable) is repaired within
  ``full_every`` frames; the first frame, and the first after a bus error or
  :meth:`invalidate`, are sent whole too;
* :meth:`~_Partial.stage` packs and plans a frame without the bus, so that the next
  ``display()`` of that image only sends (``pitchside_hw.display.Display.prepare``: a
  journaled frame is readied while its write is made durable; latency), and
  :meth:`~_Partial.pack` gives the packed pages :class:`~pitchside_hw.display.Display`
  compares frames by (a frame is packed once).

:class:`PanelRam` is a recording serial interface that *emulates* the controller's
display RAM (it interprets the addressing commands and addressing modes): the tests and
``bench/`` check with it that the panel holds exactly the intended frame after every
frame, and count the bytes and transactions each frame costs on the bus.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

from luma.oled.device import sh1106, ssd1306
from PIL import Image

from pitchside.app.ahead import DRAW_AHEAD_MAX

STAGED_MAX = 2 * DRAW_AHEAD_MAX + 1
"""The most frames :meth:`_Partial.stage` keeps planned at once (65): the frames
:class:`~pitchside_hw.display.Display` keeps readied ahead (``AHEAD_MAX``) and a
journaled frame's plan."""

DEFAULT_FULL_EVERY = 32
"""Frames between two full refreshes (a changed frame every few seconds at a table:
a corrupted frame is repaired within a couple of minutes at worst)."""

WINDOW_OVERHEAD_BYTES = 10
"""What one more SSD1306 address window costs beyond its data, in bytes on the bus: the
6 command bytes (``0x21 c0 c1 0x22 p0 p1``) and, on I2C, the address and control bytes
of its two transactions (command, data). Used to decide when merging pages pays."""


SH1106_RUN_OVERHEAD_BYTES = 7
"""What one more SH1106 run costs beyond its data: 3 command bytes (page, column low
and high nibble) and, on I2C, the address and control bytes of its two transactions."""


def pack_pages(image: Image.Image, pages: int) -> bytes:
    """A mode ``"1"`` image (already rotated to the panel) as the controller's RAM
    layout: ``pages`` runs of ``width`` bytes, bit 0 = the top row of the page.

    This is the layout luma's ssd1306/sh1106 ``display()`` build pixel by pixel; here
    PIL does it: transposed (rows and columns swapped), each panel column is a row of
    ``height`` bits, which the ``"1;R"`` raw mode packs LSB first, i.e. top row in bit 0,
    one byte per page; page ``p`` is then every ``pages``-th byte from ``p``. (About a
    tenth cheaper than a quarter turn and the MSB-first packing, measured on every frame
    sent: bench/README.md, "Latency".)
    """
    raw = image.transpose(Image.Transpose.TRANSPOSE).tobytes("raw", "1;R")
    return b"".join([raw[p::pages] for p in range(pages)])


def changed_spans(new: bytes, old: bytes, width: int) -> list[tuple[int, int, int]]:
    """``(page, first_col, last_col)`` of each page whose bytes differ (inclusive)."""
    spans = []
    for p in range(len(new) // width):
        a, b = p * width, (p + 1) * width
        if new[a:b] == old[a:b]:
            continue
        first = next(i for i in range(a, b) if new[i] != old[i])
        last = next(i for i in range(b - 1, a - 1, -1) if new[i] != old[i])
        spans.append((p, first - a, last - a))
    return spans


@functools.lru_cache(maxsize=8)
def _runs_pattern(max_gap: int) -> re.Pattern[bytes]:
    """A run of changed bytes (nonzero in the XOR of two pages) whose gaps of unchanged
    bytes are at most ``max_gap`` long (compiled once per gap: a device has one)."""
    return re.compile(rb"[^\x00](?:\x00{0,%d}[^\x00])*" % max_gap)


def changed_runs(new: bytes, old: bytes, width: int, max_gap: int) -> list[tuple[int, int, int]]:
    """Like :func:`changed_spans`, but a page's changes separated by more than
    ``max_gap`` unchanged columns are separate runs ``(page, first_col, last_col)`` (a
    turn marker moving from one edge to the other is two small runs, not the page).

    Each page that differs (a slice comparison) is compared as integers (their XOR is
    zero where the bytes agree) and its runs found by one regular expression that
    already bridges the gaps of at most ``max_gap``, not byte by byte in Python: this
    runs on every frame sent (bench/README.md, "Latency").
    """
    if len(new) != len(old) or max_gap < 0:
        return _changed_runs_bytewise(new, old, width, max_gap)
    finditer = _runs_pattern(max_gap).finditer
    runs: list[tuple[int, int, int]] = []
    for page in range(len(new) // width):
        a, b = page * width, (page + 1) * width
        n, o = new[a:b], old[a:b]
        if n == o:
            continue
        diff = (int.from_bytes(n, "big") ^ int.from_bytes(o, "big")).to_bytes(width, "big")
        runs += [(page, m.start(), m.end() - 1) for m in finditer(diff)]
    return runs


def _changed_runs_bytewise(new: bytes, old: bytes, width: int, max_gap: int) -> list[tuple[int, int, int]]:
    """:func:`changed_runs` column by column (frames of unequal length, a negative gap)."""
    runs = []
    for page, first, last in changed_spans(new, old, width):
        base = page * width
        start = end = first
        for c in range(first + 1, last + 1):
            if new[base + c] != old[base + c]:
                if c - end - 1 > max_gap:
                    runs.append((page, start, end))
                    start = c
                end = c
        runs.append((page, start, end))
    return runs


def plan_windows(runs: Sequence[tuple[int, int, int]], overhead: int = WINDOW_OVERHEAD_BYTES
                 ) -> list[tuple[int, int, int, int]]:
    """SSD1306 windows ``(p0, p1, c0, c1)`` for :func:`changed_runs`: pages with one run
    are merged with their neighbours where it pays (:func:`merge_windows`); a page with
    several runs sends each as its own window."""
    per_page: dict[int, list[tuple[int, int, int]]] = {}
    for r in runs:
        per_page.setdefault(r[0], []).append(r)
    windows: list[tuple[int, int, int, int]] = []
    segment: list[tuple[int, int, int]] = []
    for page in sorted(per_page):
        rs = per_page[page]
        if len(rs) == 1 and (not segment or segment[-1][0] == page - 1):
            segment.append(rs[0])
            continue
        windows += merge_windows(segment, overhead)
        segment = []
        if len(rs) == 1:
            segment = [rs[0]]
        else:
            windows += [(p, p, c0, c1) for p, c0, c1 in rs]
    return windows + merge_windows(segment, overhead)


def merge_windows(
    spans: Sequence[tuple[int, int, int]], overhead: int = WINDOW_OVERHEAD_BYTES
) -> list[tuple[int, int, int, int]]:
    """Cover ``spans`` (from :func:`changed_spans`) with windows ``(p0, p1, c0, c1)``
    (inclusive) so that data bytes plus ``overhead`` per window is least. A window
    spanning pages ``p0..p1`` resends the pages between them too; exact dynamic
    programming over the (at most 8) changed pages."""
    n = len(spans)
    best: list[tuple[int, list[tuple[int, int, int, int]]]] = [(0, [])]
    for k in range(1, n + 1):
        p1 = spans[k - 1][0]
        c0, c1 = spans[k - 1][1], spans[k - 1][2]
        choice: tuple[int, int, int, int] | None = None  # (cost, j, c0, c1) of the best last window
        for j in range(k - 1, -1, -1):  # the last window covers spans[j:k]; widened as j falls
            if spans[j][1] < c0:
                c0 = spans[j][1]
            if spans[j][2] > c1:
                c1 = spans[j][2]
            cost = best[j][0] + overhead + (c1 - c0 + 1) * (p1 - spans[j][0] + 1)
            if choice is None or cost <= choice[0]:  # ties: the smallest j, as the forward scan chose
                choice = (cost, j, c0, c1)
        assert choice is not None
        cost, j, w0, w1 = choice
        best.append((cost, best[j][1] + [(spans[j][0], p1, w0, w1)]))
    return best[n][1]


Transfer = tuple[tuple[int, ...], list[int]]
"""One bus transfer of a frame: the command bytes (``command(*cmd)``), then the data bytes
(``data(list)``)."""


class StagedFrame(NamedTuple):
    """A frame packed and planned by :meth:`_Partial.stage`, not yet sent: everything
    :meth:`_Partial.display` does short of the bus.

    ``image`` is the frame it was staged for (compared by identity); ``packed`` its pages
    (:func:`pack_pages`); ``base`` the shadow it was planned against and ``since_full``
    the frames since the last full one then (the plan is used only while both are
    unchanged); ``full`` whether it is a whole frame; ``transfers`` what goes on the bus.
    (A named tuple: built on every frame, including the bare counter's ``display()``, it
    costs less than a frozen dataclass.)
    """

    image: Image.Image
    packed: bytes
    base: bytes | None
    since_full: int
    full: bool
    transfers: tuple[Transfer, ...]


class _Partial:
    """The shared half of the partial devices (mixed in before the luma class)."""

    _w: int
    _h: int
    _pages: int
    size: tuple[int, int]
    mode: str

    def _init_partial(self, full_every: int) -> None:
        if not isinstance(full_every, int) or full_every < 0:
            raise ValueError(f"full_every must be an int >= 0 (0: never), not {full_every!r}")
        self.full_every = full_every
        """A full frame every this many frames (0: only the first and after errors)."""
        self._shadow: bytes | None = None  # what the panel holds, as far as we know
        self._since_full = 0
        self._staged: dict[int, StagedFrame] = {}  # by id(image); each holds its image
        self.frames_full = 0
        """Frames sent whole so far (first, periodic, after an error)."""
        self.frames_partial = 0
        """Frames sent as changed windows (including empty ones: nothing changed)."""

    def invalidate(self) -> None:
        """Forget what the panel holds: the next frame is sent whole (after a reset of
        the panel, or when its RAM may have been disturbed)."""
        self._shadow = None

    def pack(self, image: Image.Image) -> bytes:
        """``image`` (the device's size and mode, as for luma) in the controller's page
        layout after luma's preprocessing (rotation): :func:`pack_pages`. Touches no bus.
        Two frames pack alike exactly when the panel would show them alike."""
        assert image.mode == self.mode
        assert image.size == self.size
        return pack_pages(self.preprocess(image), self._pages)  # type: ignore[attr-defined]

    def stage(self, image: Image.Image, packed: bytes | None = None) -> StagedFrame:
        """Pack ``image`` (or take ``packed``, its :meth:`pack`) and plan what
        :meth:`display` of this same image object will send, without touching the bus:
        a later ``display(image)`` then only sends, provided nothing was sent or
        invalidated in between (else it plans again). The image must not be changed
        until then. Several frames may be staged at once (past :data:`STAGED_MAX` the
        one staged longest ago is dropped): the runtime stages a journaled frame while its
        write is being made durable (latency), and the frames of the likely
        next inputs while it waits (:meth:`pitchside.app.runtime.Runtime.draw_ahead`);
        the first frame sent makes every other plan stale, and they are dropped."""
        staged = self._plan(image, self.pack(image) if packed is None else packed)
        key = id(image)
        self._staged.pop(key, None)  # staged again: the newest
        if len(self._staged) >= STAGED_MAX:
            del self._staged[next(iter(self._staged))]
        self._staged[key] = staged
        return staged

    def display(self, image: Image.Image) -> None:
        """Show ``image`` (the device's size and mode, as for luma), sending only the
        changed windows unless a full frame is due (what :meth:`stage` planned for it,
        if still valid)."""
        staged = self._staged.pop(id(image), None)
        if (staged is None or staged.image is not image or staged.base is not self._shadow
                or staged.since_full != self._since_full):
            staged = self._plan(image, self.pack(image))
        self._staged.clear()  # planned against the panel as it is now: stale once this is sent
        self._shadow = None  # a failed transfer leaves the panel unknown: full next time
        for cmd, data in staged.transfers:
            self.command(*cmd)  # type: ignore[attr-defined]
            self.data(data)  # type: ignore[attr-defined]
        if staged.full:
            self._since_full = 0
            self.frames_full += 1
        else:
            self._since_full += 1
            self.frames_partial += 1
        self._shadow = staged.packed

    def _plan(self, image: Image.Image, buf: bytes) -> StagedFrame:
        shadow = self._shadow
        full = shadow is None or (self.full_every > 0 and self._since_full + 1 >= self.full_every)
        transfers = self._full(buf) if full or shadow is None else self._changes(buf, shadow)
        return StagedFrame(image, buf, shadow, self._since_full, full, transfers)

    def _full(self, buf: bytes) -> tuple[Transfer, ...]:
        raise NotImplementedError

    def _changes(self, buf: bytes, shadow: bytes) -> tuple[Transfer, ...]:
        raise NotImplementedError


class PartialSSD1306(_Partial, ssd1306):  # type: ignore[misc]
    """luma's ``ssd1306`` sending only changed windows (module notes).

    :param serial_interface: as for luma (``i2c(...)``, ``spi(...)``, ``noop()``, a
        :class:`PanelRam`); required, as everywhere in Pitchside.
    :param full_every: send a whole frame every this many frames (0: never again after
        the first, except after a bus error or :meth:`invalidate`).
    :param window_overhead: bytes one more window costs (merging decision).
    Other arguments (``width``, ``height``, ``rotate``) as for luma's ``ssd1306``.
    """

    def __init__(self, serial_interface: Any, width: int = 128, height: int = 64, rotate: int = 0, *,
                 full_every: int = DEFAULT_FULL_EVERY, window_overhead: int = WINDOW_OVERHEAD_BYTES,
                 **kwargs: Any) -> None:
        self._init_partial(full_every)  # luma's __init__ clears the panel through display()
        self.window_overhead = window_overhead
        super().__init__(serial_interface, width=width, height=height, rotate=rotate, **kwargs)

    def _full(self, buf: bytes) -> tuple[Transfer, ...]:
        # Byte for byte what luma's ssd1306.display() sends.
        return (((0x21, self._colstart, self._colend - 1, 0x22, 0, self._pages - 1), list(buf)),)

    def _changes(self, buf: bytes, shadow: bytes) -> tuple[Transfer, ...]:
        w = self._w
        runs = changed_runs(buf, shadow, w, self.window_overhead)
        transfers: list[Transfer] = []
        for p0, p1, c0, c1 in plan_windows(runs, self.window_overhead):
            data: list[int] = []
            for p in range(p0, p1 + 1):
                data.extend(buf[p * w + c0 : p * w + c1 + 1])
            transfers.append(((0x21, self._colstart + c0, self._colstart + c1, 0x22, p0, p1), data))
        return tuple(transfers)


class PartialSH1106(_Partial, sh1106):  # type: ignore[misc]
    """luma's ``sh1106`` sending only the changed column runs of each changed page.

    :param page_address_offset: the panel's first RAM column (luma's default 2 for the
        132-column RAM; some 1.3" modules need 0).
    Other parameters as :class:`PartialSSD1306` (no window merging: the SH1106 has
    page addressing only).
    """

    def __init__(self, serial_interface: Any, width: int = 128, height: int = 64, rotate: int = 0, *,
                 page_address_offset: int = 0x02, full_every: int = DEFAULT_FULL_EVERY, **kwargs: Any) -> None:
        self._init_partial(full_every)
        super().__init__(serial_interface, width=width, height=height, rotate=rotate,
                         page_address_offset=page_address_offset, **kwargs)

    def _page(self, page: int, col: int) -> tuple[int, int, int]:
        col += self._page_address_offset
        return (0xB0 + page, col & 0x0F, 0x10 | (col >> 4))

    def _full(self, buf: bytes) -> tuple[Transfer, ...]:
        # What luma's sh1106.display() sends (for offsets below 16, byte for byte).
        w = self._w
        return tuple((self._page(p, 0), list(buf[p * w : (p + 1) * w])) for p in range(self._pages))

    def _changes(self, buf: bytes, shadow: bytes) -> tuple[Transfer, ...]:
        w = self._w
        return tuple((self._page(p, c0), list(buf[p * w + c0 : p * w + c1 + 1]))
                     for p, c0, c1 in changed_runs(buf, shadow, w, SH1106_RUN_OVERHEAD_BYTES))


# --- a recording serial interface that emulates the controller's RAM ------------------

_SSD1306_ARGS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
                 0xDB: 1, 0x8D: 1, 0xA3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5}
_SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xAD: 1}


class PanelRam:
    """A serial interface (``command``/``data``/``cleanup``) that records every
    transaction and keeps the controller's display RAM as the commands direct.

    SSD1306: 128 columns x 8 pages; memory modes horizontal (``0x20 0``), vertical
    (``0x20 1``) and page (``0x20 2``); ``0x21``/``0x22`` set the window and put the
    pointer at its start; data advances within the window and wraps. Page mode uses
    ``0xB0+p`` and the column nibble commands ``0x0L``/``0x1H``. SH1106: 132 columns,
    page addressing only (``0xB0+p``, ``0x0L``, ``0x1H``); the column pointer stops at
    the last column (writes beyond are counted in :attr:`overruns`).

    :param chip: ``"ssd1306"`` or ``"sh1106"``.
    :param width: visible columns; :param height: visible rows (a multiple of 8).
    :param view_offset: the RAM column shown at the panel's left edge (SSD1306 64-px
        panels: 32; SH1106 modules: 2, some 0).

    Recorded: :attr:`transactions` ``[("cmd"|"data", nbytes), ...]``; the byte and call
    counters; :attr:`display_on`, :attr:`contrast`.
    """

    def __init__(self, chip: Literal["ssd1306", "sh1106"] = "ssd1306", width: int = 128, height: int = 64,
                 view_offset: int = 0) -> None:
        if chip not in ("ssd1306", "sh1106"):
            raise ValueError(f"unknown chip {chip!r}")
        self.chip = chip
        self.width, self.height, self.view_offset = width, height, view_offset
        self.columns = 132 if chip == "sh1106" else 128
        self.ram = [bytearray(self.columns) for _ in range(8)]
        self.mode = 2  # page addressing after reset (the SH1106 has no other)
        self.col = self.page = 0
        self.col0, self.col1, self.page0, self.page1 = 0, self.columns - 1, 0, 7
        self.display_on = False
        self.contrast: int | None = None
        self.transactions: list[tuple[str, int]] = []
        self.command_bytes = 0
        self.data_bytes = 0
        self.overruns = 0
        self._pending: list[int] = []  # a command whose arguments are still to come
        self.cleaned_up = False

    # -- the serial interface ---------------------------------------------------------
    def command(self, *cmd: int) -> None:
        self.transactions.append(("cmd", len(cmd)))
        self.command_bytes += len(cmd)
        args = _SH1106_ARGS if self.chip == "sh1106" else _SSD1306_ARGS
        for byte in cmd:
            self._pending.append(byte)
            if len(self._pending) - 1 >= args.get(self._pending[0], 0):
                self._execute(self._pending)
                self._pending = []

    def data(self, data: Sequence[int]) -> None:
        self.transactions.append(("data", len(data)))
        self.data_bytes += len(data)
        for byte in data:
            self._write(byte)

    def cleanup(self) -> None:
        self.cleaned_up = True

    # -- what the panel shows ---------------------------------------------------------
    def image(self) -> Image.Image:
        """The visible panel (``width`` x ``height``, mode ``"1"``) from the RAM."""
        img = Image.new("1", (self.width, self.height))
        px = img.load()
        assert px is not None  # Pillow gives pixel access for an image in memory
        for y in range(self.height):
            row = self.ram[y // 8]
            bit = 1 << (y % 8)
            for x in range(self.width):
                if row[self.view_offset + x] & bit:
                    px[x, y] = 1
        return img

    def shows(self, image: Image.Image) -> bool:
        """Whether the panel shows exactly ``image`` (mode ``"1"``, the panel's size)."""
        return self.image().tobytes() == image.convert("1").tobytes()

    def reset_counts(self) -> None:
        """Forget the recorded transactions (the RAM stays)."""
        self.transactions.clear()
        self.command_bytes = self.data_bytes = 0

    # -- the controller -----------------------------------------------------------------
    def _execute(self, c: list[int]) -> None:
        op = c[0]
        if op == 0xAE:
            self.display_on = False
        elif op == 0xAF:
            self.display_on = True
        elif op == 0x81:
            self.contrast = c[1]
        elif 0xB0 <= op <= 0xB7:
            self.page = op - 0xB0
        elif op <= 0x0F:
            self.col = (self.col & 0xF0) | op
        elif 0x10 <= op <= 0x1F:
            self.col = ((op & 0x0F) << 4) | (self.col & 0x0F)
        elif self.chip == "ssd1306":
            if op == 0x20:
                self.mode = c[1] & 0x03
            elif op == 0x21:
                self.col0, self.col1 = c[1] & 0x7F, c[2] & 0x7F
                self.col = self.col0
            elif op == 0x22:
                self.page0, self.page1 = c[1] & 0x07, c[2] & 0x07
                self.page = self.page0

    def _write(self, byte: int) -> None:
        if self.col >= self.columns:
            self.overruns += 1
            return
        self.ram[self.page][self.col] = byte & 0xFF
        if self.chip == "sh1106":
            self.col += 1  # stops past the last column (counted as an overrun)
        elif self.mode == 0:  # horizontal
            self.col += 1
            if self.col > self.col1:
                self.col = self.col0
                self.page = self.page + 1 if self.page < self.page1 else self.page0
        elif self.mode == 1:  # vertical
            self.page += 1
            if self.page > self.page1:
                self.page = self.page0
                self.col = self.col + 1 if self.col < self.col1 else self.col0
        else:  # page mode: the column wraps within the page
            self.col = self.col + 1 if self.col < self.columns - 1 else 0
