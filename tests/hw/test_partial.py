"""The partial-update OLED devices (pitchside_hw.partial): exact bytes on the bus for
known changes, the emulated panel RAM equal to the frame after every frame, the periodic
full refresh repairing a corrupted panel, and the SH1106 column offset."""

from __future__ import annotations

import random

import pytest
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageDraw

from pitchside_hw.partial import (
    PanelRam,
    PartialSH1106,
    PartialSSD1306,
    changed_runs,
    changed_spans,
    merge_windows,
    pack_pages,
    plan_windows,
)


class Recorder:
    """A serial interface that keeps every call."""

    def __init__(self) -> None:
        self.log: list[tuple[str, tuple[int, ...]]] = []

    def command(self, *cmd: int) -> None:
        self.log.append(("cmd", tuple(cmd)))

    def data(self, data: list[int]) -> None:
        self.log.append(("data", tuple(data)))

    def cleanup(self) -> None:
        pass


def blank(size: tuple[int, int] = (128, 64)) -> Image.Image:
    return Image.new("1", size)


def with_pixels(*xy: tuple[int, int], size: tuple[int, int] = (128, 64)) -> Image.Image:
    img = blank(size)
    for p in xy:
        img.putpixel(p, 1)
    return img


def scene(rng: random.Random, size: tuple[int, int] = (128, 64)) -> Image.Image:
    img = blank(size)
    d = ImageDraw.Draw(img)
    for _ in range(rng.randrange(1, 4)):
        d.text((rng.randrange(size[0] - 20), rng.randrange(size[1] - 10)), str(rng.randrange(1000)), fill=1)
    if rng.random() < 0.3:
        x, y = rng.randrange(size[0] - 10), rng.randrange(size[1] - 10)
        d.rectangle((x, y, x + rng.randrange(10), y + rng.randrange(10)), fill=1)
    return img


def started(cls: type, serial: object, **kw: object) -> object:
    dev = cls(serial, **kw)
    dev.persist = True  # luma's atexit hook: no DISPLAYOFF/blank at interpreter exit
    return dev


# --- packing: byte for byte what luma sends for a whole frame ----------------------------


@pytest.mark.parametrize("rotate", [0, 1, 2, 3])
@pytest.mark.parametrize(("stock", "partial"), [(ssd1306, PartialSSD1306), (sh1106, PartialSH1106)])
def test_full_frame_is_byte_for_byte_lumas(stock: type, partial: type, rotate: int) -> None:
    a, b = Recorder(), Recorder()
    luma_dev = started(stock, a, rotate=rotate)
    ours = started(partial, b, rotate=rotate, full_every=1)
    assert a.log == b.log  # the init sequence and the clear are luma's
    rng = random.Random(rotate)
    for _ in range(5):
        img = scene(rng, luma_dev.size)
        a.log.clear()
        b.log.clear()
        luma_dev.display(img)
        ours.display(img)
        assert b.log == a.log


def test_pack_pages_layout() -> None:
    buf = pack_pages(with_pixels((0, 0), (5, 10), (127, 63)), 8)
    assert len(buf) == 1024
    assert buf[0] == 0x01  # page 0, column 0, bit 0 = row 0
    assert buf[1 * 128 + 5] == 0x04  # row 10 = page 1, bit 2
    assert buf[7 * 128 + 127] == 0x80  # row 63 = page 7, bit 7
    assert sum(1 for v in buf if v) == 3


# --- exact bytes for known changes -------------------------------------------------------


def test_ssd1306_one_pixel_is_one_byte_window() -> None:
    rec = Recorder()
    dev = started(PartialSSD1306, rec, full_every=0)
    rec.log.clear()
    dev.display(with_pixels((5, 10)))
    assert rec.log == [("cmd", (0x21, 5, 5, 0x22, 1, 1)), ("data", (0x04,))]


def test_ssd1306_identical_frame_sends_nothing() -> None:
    rec = Recorder()
    dev = started(PartialSSD1306, rec, full_every=0)
    dev.display(with_pixels((5, 10)))
    rec.log.clear()
    dev.display(with_pixels((5, 10)))
    assert rec.log == []


def test_ssd1306_far_apart_changes_are_separate_windows() -> None:
    rec = Recorder()
    dev = started(PartialSSD1306, rec, full_every=0)
    rec.log.clear()
    dev.display(with_pixels((2, 0), (120, 63)))
    assert rec.log == [
        ("cmd", (0x21, 2, 2, 0x22, 0, 0)), ("data", (0x01,)),
        ("cmd", (0x21, 120, 120, 0x22, 7, 7)), ("data", (0x80,)),
    ]  # fmt: skip


def test_ssd1306_neighbouring_pages_merge_into_one_window() -> None:
    rec = Recorder()
    dev = started(PartialSSD1306, rec, full_every=0)
    rec.log.clear()
    img = blank()
    ImageDraw.Draw(img).rectangle((10, 4, 19, 11), fill=1)  # rows 4..11: pages 0 and 1
    dev.display(img)
    assert rec.log == [("cmd", (0x21, 10, 19, 0x22, 0, 1)), ("data", (0xF0,) * 10 + (0x0F,) * 10)]


def test_merge_windows_weighs_the_overhead() -> None:
    # Two pages with the same columns: one window of 2x4 bytes beats two of 4 (+10 each).
    assert merge_windows([(0, 10, 13), (1, 10, 13)]) == [(0, 1, 10, 13)]
    # Far apart columns: merging would resend 100 columns of each page.
    assert merge_windows([(0, 0, 1), (1, 100, 101)]) == [(0, 0, 0, 1), (1, 1, 100, 101)]
    # Pages 0 and 2 with an unchanged page 1 between: cheaper to resend page 1's 3 bytes.
    assert merge_windows([(0, 5, 7), (2, 5, 7)]) == [(0, 2, 5, 7)]
    assert merge_windows([]) == []


def test_changed_spans() -> None:
    old = bytes(256)
    new = bytearray(old)
    new[3] = 1
    new[9] = 1
    new[128 + 127] = 1
    assert changed_spans(bytes(new), old, 128) == [(0, 3, 9), (1, 127, 127)]


def test_sh1106_page_and_column_commands_include_the_offset() -> None:
    rec = Recorder()
    dev = started(PartialSH1106, rec, full_every=0)  # luma's default offset 2
    rec.log.clear()
    dev.display(with_pixels((5, 10), (30, 10), (100, 0)))
    # page 0: column 100 + 2 = 0x66; page 1: columns 5 and 30 -> RAM 7 and 32, 24
    # unchanged columns apart: two runs (a run costs 7 bytes more)
    assert rec.log == [
        ("cmd", (0xB0, 0x06, 0x16)), ("data", (0x01,)),
        ("cmd", (0xB1, 0x07, 0x10)), ("data", (0x04,)),
        ("cmd", (0xB1, 0x00, 0x12)), ("data", (0x04,)),
    ]  # fmt: skip


def test_sh1106_close_changes_are_one_run() -> None:
    rec = Recorder()
    dev = started(PartialSH1106, rec, full_every=0)
    rec.log.clear()
    dev.display(with_pixels((5, 10), (10, 10)))  # 4 unchanged columns between: cheaper to send
    assert rec.log == [("cmd", (0xB1, 0x07, 0x10)), ("data", (0x04, 0, 0, 0, 0, 0x04))]


def test_ssd1306_turn_marker_at_both_edges_is_two_windows() -> None:
    rec = Recorder()
    dev = started(PartialSSD1306, rec, full_every=0)
    rec.log.clear()
    img = blank()
    d = ImageDraw.Draw(img)
    d.rectangle((0, 16, 3, 31), fill=1)  # pages 2-3 at the left edge
    d.rectangle((124, 16, 127, 31), fill=1)  # and at the right edge
    dev.display(img)
    assert rec.log == [
        ("cmd", (0x21, 0, 3, 0x22, 2, 2)), ("data", (0xFF,) * 4),
        ("cmd", (0x21, 124, 127, 0x22, 2, 2)), ("data", (0xFF,) * 4),
        ("cmd", (0x21, 0, 3, 0x22, 3, 3)), ("data", (0xFF,) * 4),
        ("cmd", (0x21, 124, 127, 0x22, 3, 3)), ("data", (0xFF,) * 4),
    ]  # fmt: skip


def test_changed_runs_and_plan() -> None:
    old = bytes(256)
    new = bytearray(old)
    new[0] = new[127] = new[128 + 5] = new[128 + 8] = 1
    runs = changed_runs(bytes(new), old, 128, 10)
    assert runs == [(0, 0, 0), (0, 127, 127), (1, 5, 8)]
    assert plan_windows(runs) == [(0, 0, 0, 0), (0, 0, 127, 127), (1, 1, 5, 8)]
    assert plan_windows([(2, 4, 9), (3, 4, 9)]) == [(2, 3, 4, 9)]


def test_changed_runs_match_the_column_by_column_scan() -> None:
    """The XOR-and-regex comparison gives the runs of the plain scan (the bytewise form,
    kept for unequal lengths and negative gaps) on random frames: sparse and dense
    changes, bytes whose XOR is zero, gaps 0-12, both chips' widths."""
    from pitchside_hw.partial import _changed_runs_bytewise

    rng = random.Random(15)
    for trial in range(400):
        width = rng.choice((128, 132, 96))
        old = bytes(rng.randrange(256) for _ in range(width * 8))
        new = bytearray(old)
        for _ in range(rng.choice((0, 1, 3, 20, 300))):
            new[rng.randrange(len(new))] = rng.randrange(256)
        gap = rng.randrange(13)
        assert changed_runs(bytes(new), old, width, gap) == _changed_runs_bytewise(bytes(new), old, width, gap), trial
    assert changed_runs(b"\x01\x00\x01", b"\x00\x00\x00", 3, -1) == [(0, 0, 0), (0, 2, 2)]


def test_sh1106_offset_zero() -> None:
    rec = Recorder()
    dev = started(PartialSH1106, rec, full_every=0, page_address_offset=0)
    rec.log.clear()
    dev.display(with_pixels((5, 10)))
    assert rec.log == [("cmd", (0xB1, 0x05, 0x10)), ("data", (0x04,))]


# --- the emulated panel holds exactly the frame -------------------------------------------


@pytest.mark.parametrize("rotate", [0, 2])
@pytest.mark.parametrize(
    ("cls", "chip", "kw", "view"),
    [
        (PartialSSD1306, "ssd1306", {}, 0),
        (PartialSH1106, "sh1106", {}, 2),
        (PartialSH1106, "sh1106", {"page_address_offset": 0}, 0),
        (ssd1306, "ssd1306", {}, 0),  # the emulator agrees with stock luma too
        (sh1106, "sh1106", {}, 2),
    ],
)
def test_emulated_ram_equals_every_frame(cls: type, chip: str, kw: dict, view: int, rotate: int) -> None:
    ram = PanelRam(chip, view_offset=view)  # type: ignore[arg-type]
    if cls in (PartialSSD1306, PartialSH1106):
        kw = kw | {"full_every": 7}
    dev = started(cls, ram, rotate=rotate, **kw)
    rng = random.Random(7)
    for _ in range(60):
        img = scene(rng, dev.size)
        dev.display(img)
        assert ram.shows(img.rotate(-90 * rotate, expand=True) if rotate else img)
    assert ram.overruns == 0


def test_ssd1306_64x48_panel_uses_its_column_start() -> None:
    ram = PanelRam("ssd1306", width=64, height=48, view_offset=32)
    dev = started(PartialSSD1306, ram, width=64, height=48, full_every=0)
    rng = random.Random(3)
    for _ in range(20):
        img = scene(rng, (64, 48))
        dev.display(img)
        assert ram.shows(img)


def test_partial_sends_fewer_bytes_than_full() -> None:
    ram = PanelRam("ssd1306")
    dev = started(PartialSSD1306, ram, full_every=0)
    img = blank()
    ImageDraw.Draw(img).text((10, 10), "12", fill=1)
    dev.display(img)
    ram.reset_counts()
    ImageDraw.Draw(img).text((10, 10), "13", fill=1)
    dev.display(img)
    assert 0 < ram.command_bytes + ram.data_bytes < 100


# --- full refresh: periodic, first frame, after an error ----------------------------------


def test_periodic_full_refresh_every_n_frames() -> None:
    rec = Recorder()
    dev = started(PartialSSD1306, rec, full_every=4)  # the init clear is full frame 0
    kinds = []
    for i in range(10):
        rec.log.clear()
        dev.display(with_pixels((i, 0)))
        kinds.append("full" if any(k == "data" and len(v) == 1024 for k, v in rec.log) else "partial")
    assert kinds == ["partial", "partial", "partial", "full"] * 2 + ["partial", "partial"]
    assert dev.frames_full == 1 + 2


def test_full_refresh_repairs_a_corrupted_panel() -> None:
    ram = PanelRam("ssd1306")
    dev = started(PartialSSD1306, ram, full_every=3)
    img = with_pixels((1, 1))
    dev.display(img)  # partial 1
    ram.ram[4][60] ^= 0xFF  # a byte garbled on the bus
    assert not ram.shows(img)
    dev.display(img)  # partial 2: nothing changed, nothing sent
    assert not ram.shows(img)
    dev.display(img)  # the third frame since the last full one is full
    assert ram.shows(img)


def test_full_every_zero_never_refreshes_after_the_first() -> None:
    rec = Recorder()
    dev = started(PartialSSD1306, rec, full_every=0)
    for i in range(100):
        dev.display(with_pixels((i, 0)))
    assert dev.frames_full == 1  # the init clear


def test_bus_error_sends_the_next_frame_whole() -> None:
    class Flaky(Recorder):
        fail = False

        def data(self, data: list[int]) -> None:
            if self.fail:
                raise OSError(121, "Remote I/O error")
            super().data(data)

    bus = Flaky()
    dev = started(PartialSSD1306, bus, full_every=0)
    dev.display(with_pixels((1, 1)))
    bus.fail = True
    with pytest.raises(OSError):
        dev.display(with_pixels((2, 2)))
    bus.fail = False
    bus.log.clear()
    dev.display(with_pixels((2, 2)))
    assert bus.log[-1][0] == "data" and len(bus.log[-1][1]) == 1024


def test_invalidate_forces_a_full_frame() -> None:
    rec = Recorder()
    dev = started(PartialSH1106, rec, full_every=0)
    dev.display(with_pixels((1, 1)))
    dev.invalidate()
    rec.log.clear()
    dev.display(with_pixels((1, 1)))
    assert sum(len(v) for k, v in rec.log if k == "data") == 1024


def test_bad_full_every() -> None:
    with pytest.raises(ValueError):
        PartialSSD1306(Recorder(), full_every=-1)


def test_panel_ram_counts_transactions() -> None:
    ram = PanelRam("ssd1306")
    started(ssd1306, ram)
    ram.reset_counts()
    ram.command(0x21, 0, 127, 0x22, 0, 7)
    ram.data([0] * 1024)
    assert ram.transactions == [("cmd", 6), ("data", 1024)]
    assert (ram.command_bytes, ram.data_bytes) == (6, 1024)
