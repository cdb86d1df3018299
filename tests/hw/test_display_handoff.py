"""The display hand-off in two steps: ``Display.prepare`` readies a frame
(compare, pack, plan) without the bus, ``Display.show`` sends it. The bus sees exactly
what a plain ``show`` sends, a frame is packed once, and a journaled frame reaches the bus
only after its write has returned."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest
from luma.oled.device import sh1106, ssd1306, ssd1309, ssd1322, ssd1327, ssd1351
from PIL import Image

from pitchside.app.runtime import MatchRecorder, PreparingSink, Runtime, TableParts
from pitchside.core.errors import HardwareError
from pitchside.core.rules import pichenotte as rules
from pitchside.signals.events import ButtonPressed
from pitchside.signals.health import SensorHealth
from pitchside.tables import pichenotte as table
from pitchside.tables.kiosk import KioskSettings
from pitchside_hw import partial
from pitchside_hw.display import Display, DisplayIOError, StagingDevice
from pitchside_hw.partial import PanelRam, PartialSH1106, PartialSSD1306
from support.display_bus import Bus, frames, scene, started

GOLDEN = Path(__file__).resolve().parents[1] / "render" / "golden"
JOIN_S = 10.0


def golden_mono(size: tuple[int, int]) -> list[Image.Image]:
    """Every golden frame of ``size`` in mode "1" (the monochrome panels' frames)."""
    found = []
    for path in sorted(GOLDEN.rglob("*.png")):
        with Image.open(path) as img:
            if img.size == size:
                found.append(img.convert("1"))
    return found


def play(display: Display, images: list[Image.Image], prepared: bool) -> None:
    for img in images:
        if prepared:
            display.prepare(img)
        display.show(img)


# --- the bus sees what a plain show sends ------------------------------------------------


@pytest.mark.parametrize("full_every", [0, 3, 32])
@pytest.mark.parametrize("rotate", [0, 2])
@pytest.mark.parametrize("cls", [PartialSSD1306, PartialSH1106])
def test_prepared_frames_send_the_bytes_a_plain_show_sends(cls: type, rotate: int, full_every: int) -> None:
    rng = random.Random(rotate * 10 + full_every)
    a_bus, b_bus = Bus(), Bus()
    a = Display(started(cls, a_bus, rotate=rotate, full_every=full_every))
    b = Display(started(cls, b_bus, rotate=rotate, full_every=full_every))
    images = frames(rng, a.size, 60)
    a_bus.log.clear()
    b_bus.log.clear()
    play(a, images, prepared=False)
    play(b, images, prepared=True)
    assert b_bus.log == a_bus.log
    assert (b.frames_sent, b.frames_skipped) == (a.frames_sent, a.frames_skipped)
    assert b.frames_skipped > 0 and b.frames_sent > 40


@pytest.mark.parametrize(("chip", "size", "view_offset"), [("ssd1306", (128, 64), 0), ("ssd1306", (128, 32), 0),
                                                         ("sh1106", (128, 64), 2)])
def test_every_golden_frame_prepared_and_shown_is_on_the_panel(chip: str, size: tuple[int, int],
                                                               view_offset: int) -> None:
    images = golden_mono(size)
    assert len(images) >= 10
    ram = PanelRam(chip, *size, view_offset=view_offset)  # type: ignore[arg-type]
    cls = PartialSSD1306 if chip == "ssd1306" else PartialSH1106
    display = Display(started(cls, ram, width=size[0], height=size[1], full_every=5))
    for img in images:
        display.prepare(img)
        display.show(img)
        assert ram.shows(img)
    assert ram.overruns == 0


@pytest.mark.parametrize(("cls", "kw", "mode"), [
    (ssd1306, {}, "1"), (sh1106, {}, "1"), (ssd1309, {}, "1"),
    (ssd1322, {"width": 256, "height": 64}, "L"), (ssd1327, {"width": 128, "height": 128}, "L"),
    (ssd1351, {"width": 128, "height": 128}, "RGB"),
])
def test_on_luma_s_own_drivers_prepare_changes_nothing_on_the_bus(cls: type, kw: dict[str, int], mode: str) -> None:
    rng = random.Random(cls.__name__)
    a_bus, b_bus = Bus(), Bus()
    a, b = Display(started(cls, a_bus, **kw)), Display(started(cls, b_bus, **kw))
    assert not isinstance(a.device, StagingDevice)
    images = frames(rng, a.size, 12, mode)
    a_bus.log.clear()
    b_bus.log.clear()
    play(a, images, prepared=False)
    play(b, images, prepared=True)
    assert b_bus.log == a_bus.log and len(a_bus.log) > 0
    assert (b.frames_sent, b.frames_skipped) == (a.frames_sent, a.frames_skipped)


@pytest.mark.parametrize("cls", [PartialSSD1306, PartialSH1106, ssd1306, ssd1351])
def test_prepare_sends_nothing(cls: type) -> None:
    bus = Bus()
    display = Display(started(cls, bus, **({"width": 128, "height": 128} if cls is ssd1351 else {})))
    rng = random.Random(7)
    first = scene(rng, display.size, display.mode)
    display.show(first)
    bus.log.clear()
    for _ in range(5):
        display.prepare(scene(rng, display.size, display.mode))
    assert bus.log == []
    assert display.frames_sent == 1


# --- a prepared frame gone stale is planned again ------------------------------------------


def test_a_frame_sent_between_prepare_and_show_makes_show_plan_again() -> None:
    ram = PanelRam("ssd1306")
    device = started(PartialSSD1306, ram)
    display = Display(device)
    rng = random.Random(3)
    a, b, c = (scene(rng, (128, 64)) for _ in range(3))
    display.show(a)
    display.prepare(b)  # planned against a
    device.display(c)  # the panel now holds c (another user of the device)
    display.show(b)
    assert ram.shows(b)


def test_a_device_invalidated_between_prepare_and_show_gets_a_full_frame() -> None:
    bus = Bus()
    device = started(PartialSSD1306, bus)
    display = Display(device)
    rng = random.Random(4)
    a, b = scene(rng, (128, 64)), scene(rng, (128, 64))
    display.show(a)
    display.prepare(b)
    device.invalidate()
    bus.log.clear()
    display.show(b)
    assert [n for kind, n in ((k, len(v)) for k, v in bus.log) if kind == "data"] == [1024]


def test_a_prepared_frame_is_shown_only_for_that_image() -> None:
    ram = PanelRam("ssd1306")
    display = Display(started(PartialSSD1306, ram))
    rng = random.Random(5)
    a, b = scene(rng, (128, 64)), scene(rng, (128, 64))
    display.prepare(a)
    display.show(b)  # not the prepared image: b is shown
    assert ram.shows(b)
    display.show(a)
    assert ram.shows(a)


def test_a_rebuilt_device_shows_the_frame_prepared_on_the_old_one() -> None:
    import errno

    buses: list[PanelRam] = []

    def make() -> object:
        buses.append(PanelRam("ssd1306"))
        return started(PartialSSD1306, buses[-1])

    display = Display(make(), reopen=make, reopen_after=2)
    rng = random.Random(6)
    display.show(scene(rng, (128, 64)))
    old = buses[0]
    failing = OSError(errno.EIO, "I/O error")

    def broken(data: object) -> None:
        raise failing

    old.data = broken  # type: ignore[method-assign]
    for _ in range(2):
        with pytest.raises(DisplayIOError):
            display.show(scene(rng, (128, 64)))
    img = scene(rng, (128, 64))
    display.prepare(img)  # staged on the old device
    display.show(img)  # the new device (init sequence, its blank frame) plans its own
    assert display.reopened == 1 and len(buses) == 2
    assert buses[1].shows(img)


# --- a frame is packed once -------------------------------------------------------------


@pytest.mark.parametrize("prepared", [False, True])
def test_a_frame_is_turned_into_bytes_once(prepared: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Display.show compared ``image.tobytes()`` with the last frame, then the partial
    device packed the image again (another ``tobytes`` of its transpose): now the packed
    pages are both the compare and what is sent."""
    display = Display(started(PartialSSD1306, Bus()))
    rng = random.Random(8)
    images = [scene(rng, (128, 64)) for _ in range(4)]
    calls: list[int] = []
    tobytes = Image.Image.tobytes

    def counting(self: Image.Image, *args: object, **kwargs: object) -> bytes:
        calls.append(1)
        return tobytes(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Image.Image, "tobytes", counting)
    play(display, images, prepared)
    assert display.frames_sent == 4
    assert len(calls) == 4
    calls.clear()
    play(display, [images[-1].copy()], prepared)  # the same frame again: packed, compared, skipped
    assert display.frames_skipped == 1 and len(calls) == 1


def test_frames_that_pack_alike_are_skipped() -> None:
    display = Display(started(PartialSSD1306, Bus()))
    img = scene(random.Random(9), (128, 64))
    display.show(img)
    display.show(img.convert("L").convert("1"))  # another object, the same pixels
    assert (display.frames_sent, display.frames_skipped) == (1, 1)
    assert isinstance(display.device, StagingDevice)
    assert display.device.pack(img) == partial.pack_pages(img, 8)


# --- the runtime: a journaled frame reaches the bus only once its write has returned ----


class GatedRecorder(MatchRecorder):
    """A recorder whose write (the journal's commit) blocks until the test opens the gate."""

    warning: str | None = None
    match_id: int | None = None

    def __init__(self, order: list[str]) -> None:
        self.order = order
        self.gate = threading.Event()
        self.writing = threading.Event()

    def accepted_all(self, effects: object, after: object) -> None:
        self.order.append("write starts")
        self.writing.set()
        assert self.gate.wait(JOIN_S)
        self.order.append("write done")

    def new_match(self, state: object) -> None:
        pass

    def sensed(self, event: object) -> None:
        pass

    def health(self) -> list[SensorHealth]:
        return []


def test_the_bus_sees_no_byte_of_a_journaled_frame_before_its_write_returns() -> None:
    order: list[str] = []
    bus = Bus(order)
    ram = PanelRam("ssd1306")

    class Both(Bus):  # the recording bus and the emulated panel RAM
        def command(self, *cmd: int) -> None:
            bus.command(*cmd)
            ram.command(*cmd)

        def data(self, data: list[int]) -> None:
            bus.data(data)
            ram.data(data)

    display = Display(started(PartialSSD1306, Both()))
    prepared = threading.Event()
    prepare = display.prepare

    def noting(image: Image.Image) -> None:
        prepare(image)
        order.append("prepared")
        prepared.set()

    display.prepare = noting  # type: ignore[method-assign]
    rec = GatedRecorder(order)
    rt = Runtime(table.new_table(rules.Options(pucks=3)),
                 TableParts(display, lambda: "B", lambda: 1.5, recorder=rec, settings=KioskSettings(attract=False),
                            overlap_writes=True))
    assert isinstance(display, PreparingSink)
    rt.refresh()
    power_on = ram.image()
    order.clear()
    rt.post(ButtonPressed("coin", 1.0))
    loop = threading.Thread(target=rt.process_pending)
    loop.start()
    assert rec.writing.wait(JOIN_S)
    assert prepared.wait(JOIN_S)  # compared, packed and planned while the write is blocked
    assert "bus" not in order and ram.image().tobytes() == power_on.tobytes()
    rec.gate.set()
    loop.join(JOIN_S)
    assert not loop.is_alive()
    assert order.index("write done") < order.index("bus")
    assert sorted(order[:2]) == ["prepared", "write starts"]
    assert set(order[order.index("write done") + 1:]) == {"bus"}
    assert display.frames_sent == 2
    assert ram.image().tobytes() != power_on.tobytes()
    assert rt._shown == rt.frame()  # noqa: SLF001 - the frame on the panel is the current one


def test_a_sink_whose_prepare_fails_still_shows_the_frame_after_the_write() -> None:
    order: list[str] = []

    class Faulty:
        def __init__(self) -> None:
            self.shown: list[Image.Image] = []

        def prepare(self, image: Image.Image) -> None:
            order.append("prepare")
            raise HardwareError(5, "bus gone")

        def show(self, image: Image.Image) -> None:
            order.append("shown")
            self.shown.append(image)

    sink = Faulty()
    rec = GatedRecorder(order)
    rec.gate.set()
    rt = Runtime(table.new_table(rules.Options(pucks=3)),
                 TableParts(sink, lambda: "B", lambda: 1.5, recorder=rec, settings=KioskSettings(attract=False),
                            overlap_writes=True))
    rt.refresh()
    order.clear()
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    assert order.count("shown") == 1 and order[-1] == "shown"
    assert order.index("write done") < order.index("shown")
    assert rt.display_errors == 0


# --- the packing: the controller's page layout, as luma builds it -------------------------


def quarter_turn_pack(image: Image.Image, pages: int) -> bytes:
    """The packing before (a quarter turn clockwise, MSB first = bottom row first)."""
    raw = image.transpose(Image.Transpose.ROTATE_270).tobytes()
    return b"".join(raw[pages - 1 - p :: pages] for p in range(pages))


@pytest.mark.parametrize("size", [(128, 64), (128, 32), (96, 16), (64, 48), (132, 64), (130, 40)])
def test_pack_pages_is_the_quarter_turn_packing_on_random_frames(size: tuple[int, int]) -> None:
    rng = random.Random(size[0] * size[1])
    for _ in range(40):
        raw = bytes(rng.getrandbits(8) for _ in range((size[0] + 7) // 8 * size[1]))
        img = Image.frombytes("1", size, raw)
        assert partial.pack_pages(img, size[1] // 8) == quarter_turn_pack(img, size[1] // 8)


@pytest.mark.parametrize(("cls", "size"), [(ssd1306, (128, 64)), (ssd1306, (128, 32)), (sh1106, (128, 64)),
                                         (ssd1309, (128, 64)), (ssd1309, (128, 32))])
def test_pack_pages_is_what_luma_sends_for_every_golden_frame(cls: type, size: tuple[int, int]) -> None:
    """luma's own drivers (no partial updates) send a whole frame page by page: the data
    bytes of one display() are pack_pages of the frame. (The greyscale and colour chips,
    ssd1322/ssd1327/ssd1351, are not packed in pages: their frames go to luma as they are,
    test_on_luma_s_own_drivers_prepare_changes_nothing_on_the_bus.)"""
    bus = Bus()
    device = started(cls, bus, width=size[0], height=size[1])
    images = golden_mono(size)
    assert len(images) >= 10
    for img in images:
        bus.log.clear()
        device.display(img)
        sent = b"".join(bytes(v) for kind, v in bus.log if kind == "data")
        assert sent == partial.pack_pages(img, size[1] // 8) == quarter_turn_pack(img, size[1] // 8)


# --- the plan: the same windows as the plain forms -----------------------------------------


def cubic_merge_windows(spans: list[tuple[int, int, int]], overhead: int) -> list[tuple[int, int, int, int]]:
    """merge_windows as it was: every group's bounds found afresh (the reference)."""
    n = len(spans)
    best: list[tuple[int, list[tuple[int, int, int, int]]]] = [(0, [])]
    for k in range(1, n + 1):
        choice: tuple[int, list[tuple[int, int, int, int]]] | None = None
        for j in range(k):
            group = spans[j:k]
            p0, p1 = group[0][0], group[-1][0]
            c0, c1 = min(s[1] for s in group), max(s[2] for s in group)
            cost = best[j][0] + overhead + (c1 - c0 + 1) * (p1 - p0 + 1)
            if choice is None or cost < choice[0]:
                choice = (cost, best[j][1] + [(p0, p1, c0, c1)])
        assert choice is not None
        best.append(choice)
    return best[n][1]


def test_merge_windows_chooses_what_the_plain_dynamic_programme_chooses() -> None:
    """Random runs of consecutive pages (ties included: equal columns, zero overhead)."""
    rng = random.Random(16)
    for trial in range(3000):
        first = rng.randrange(8)
        spans = []
        for page in range(first, rng.randrange(first, 8) + 1):
            c0 = rng.choice((0, 5, 40, rng.randrange(128)))
            spans.append((page, c0, rng.choice((c0, min(127, c0 + rng.randrange(30)), rng.randrange(c0, 128)))))
        overhead = rng.choice((0, 1, 10, 40))
        assert partial.merge_windows(spans, overhead) == cubic_merge_windows(spans, overhead), trial


def test_changed_runs_bridges_gaps_of_exactly_max_gap() -> None:
    old = bytes(128)
    for gap in (0, 1, 7, 10):
        new = bytearray(old)
        new[3] = new[3 + gap + 1] = 1  # `gap` unchanged columns between: one run
        new[3 + gap + 1 + gap + 2] = 1  # one more unchanged column: a new run
        assert partial.changed_runs(bytes(new), old, 128, gap) == [
            (0, 3, 3 + gap + 1), (0, 3 + 2 * gap + 3, 3 + 2 * gap + 3)]


def test_invalidate_sends_the_same_frame_again_whole_on_the_partial_device() -> None:
    """After a panel reset (``Display.invalidate``) the same frame goes out whole: the
    partial device's copy of the panel RAM is forgotten too, else it sent 0 bytes and the
    reset panel stayed blank."""
    bus = Bus()
    display = Display(started(PartialSSD1306, bus))
    a = scene(random.Random(6), (128, 64))
    display.show(a)
    display.prepare(a)
    display.invalidate()
    bus.log.clear()
    display.show(a)
    assert [n for kind, n in ((k, len(v)) for k, v in bus.log) if kind == "data"] == [1024]
