"""With ``persist = true`` a stopped table leaves the out-of-order
frame lit, never its last frame (a dead table must not say PRESS ANY BUTTON TO PLAY),
however ``pitchside run`` ends; the next start's first frame replaces it.

``pitchside run`` runs in this process on gpiozero's mock pins, with the simulator's
recording luma device standing in for the panel (one device across runs, as a panel
keeps its memory while the process restarts)."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import pitchside_hw.table as table_module
from pitchside.app.journal import Journal
from pitchside.app.runtime import Runtime
from pitchside.core.errors import HardwareError
from pitchside.render.out_of_order import render_out_of_order
from pitchside_hw.display import Display, open_device
from pitchside_hw.table import run_table
from pitchside_sim.frames import RecordingDevice

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"
OUT_OF_ORDER = render_out_of_order((128, 64))


def config(tmp_path: Path, *, persist: bool = True) -> str:
    text = EXAMPLE.read_text().replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    text = text.replace('journal = "/var/lib/pitchside/journal.db"', f'journal = "{tmp_path / "journal.db"}"')
    assert "\npersist = true " in text
    text = text.replace("\npersist = true ", f"\npersist = {str(persist).lower()} ")
    path = tmp_path / "table.toml"
    path.write_text(text)
    return str(path)


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.logical_xor(a.convert("1"), b.convert("1")).getbbox() is None


class Panel:
    """The one panel of the table: every open of the display config gets this device."""

    def __init__(self) -> None:
        self.device = RecordingDevice(128, 64)
        self.opens = 0

    def open_device(self, driver: str, *args: Any, **kwargs: Any) -> RecordingDevice:
        self.opens += 1
        self.device.persist = False  # luma's default on a new device object
        return self.device

    @property
    def frames(self) -> list[Image.Image]:
        return [img for _, img in self.device.frames]


@pytest.fixture
def panel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Panel]:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    p = Panel()
    monkeypatch.setattr(table_module, "open_device", p.open_device)
    yield p


def sigterm_after_first_frame(panel: Panel, already: int = 0) -> threading.Thread:
    """SIGTERM to this process (as ``systemctl stop``) once a new frame is on the panel."""

    def wait_and_stop() -> None:
        deadline = time.monotonic() + 30
        while len(panel.frames) <= already and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.1)
        os.kill(os.getpid(), signal.SIGTERM)

    thread = threading.Thread(target=wait_and_stop, daemon=True)
    thread.start()
    return thread


def test_a_clean_stop_leaves_out_of_order_and_the_next_start_replaces_it(tmp_path: Path, panel: Panel) -> None:
    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    path = config(tmp_path)
    sigterm_after_first_frame(panel).join(0)
    assert run_table(path) == 0
    first_run = panel.frames
    assert len(first_run) >= 2 and not same(first_run[0], OUT_OF_ORDER)  # the attract frame ...
    assert same(first_run[-1], OUT_OF_ORDER) and same(panel.device.image, OUT_OF_ORDER)  # ... then this
    assert panel.device.persist is True  # luma's cleanup left it lit
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == before

    sigterm_after_first_frame(panel, already=len(first_run))
    assert run_table(path) == 0
    second_run = panel.frames[len(first_run):]
    assert same(second_run[0], first_run[0])  # the first frame replaced the out-of-order one
    assert same(second_run[-1], OUT_OF_ORDER)


def test_a_fatal_error_in_the_loop_leaves_out_of_order(
    tmp_path: Path, panel: Panel, monkeypatch: pytest.MonkeyPatch
) -> None:
    def run_and_crash(self: Runtime, stop: threading.Event, idle_s: float | None = None) -> None:
        self.refresh()
        raise RuntimeError("a defect in the loop")

    monkeypatch.setattr(Runtime, "run", run_and_crash)
    with pytest.raises(RuntimeError, match="a defect in the loop"):
        run_table(config(tmp_path))
    assert len(panel.frames) >= 2 and not same(panel.frames[0], OUT_OF_ORDER)
    assert same(panel.device.image, OUT_OF_ORDER)


def test_a_start_failure_after_the_display_opened_leaves_out_of_order(
    tmp_path: Path, panel: Panel, monkeypatch: pytest.MonkeyPatch
) -> None:
    def busy(*args: object, **kwargs: object) -> None:
        raise HardwareError("GPIO17 is in use by another process")

    monkeypatch.setattr(table_module.TableInputs, "__init__", busy)
    assert run_table(config(tmp_path)) == 2
    assert panel.opens == 1 and same(panel.device.image, OUT_OF_ORDER)


def test_a_start_failure_before_the_display_opened_replaces_a_dead_tables_frame(
    tmp_path: Path, panel: Panel, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The watchdog killed the last table (no Python cleanup): its frame is still lit.
    panel.device.display(Image.new("1", (128, 64), 1))
    stale = len(panel.frames)

    def broken(path: object, **options: object) -> None:
        raise HardwareError("the journal's disk is gone")

    monkeypatch.setattr(Journal, "open", broken)
    assert run_table(config(tmp_path)) == 2
    assert panel.opens == 1 and len(panel.frames) > stale
    assert same(panel.device.image, OUT_OF_ORDER)


def test_without_persist_the_panel_is_blanked_not_left_out_of_order(tmp_path: Path, panel: Panel) -> None:
    sigterm_after_first_frame(panel)
    assert run_table(config(tmp_path, persist=False)) == 0
    assert not any(same(f, OUT_OF_ORDER) for f in panel.frames)
    assert panel.device.image.getbbox() is None  # luma's cleanup cleared it


def test_display_close_shows_the_farewell_only_when_persisting() -> None:
    farewell = render_out_of_order((128, 64))
    kept = Display(open_device("dummy"), persist=True, farewell=farewell)
    kept.show(Image.new("1", (128, 64), 1))
    kept.close()
    assert same(kept.device.image, farewell) and kept.frames_sent == 2
    kept.close()  # idempotent: nothing sent again
    assert kept.frames_sent == 2
    blanked = Display(open_device("dummy"), farewell=farewell)
    blanked.show(Image.new("1", (128, 64), 1))
    blanked.close()
    assert blanked.frames_sent == 1 and blanked.device.image.getbbox() is None


def test_a_farewell_that_cannot_be_shown_is_logged_and_close_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    disp = Display(open_device("dummy"), persist=True, farewell=Image.new("1", (64, 32)), name="score display")
    disp.show(Image.new("1", (128, 64), 1))
    disp.close()
    assert disp.closed and disp.device.image.getbbox() == (0, 0, 128, 64)  # the last frame stays
    assert "score display: the farewell frame was not shown: score display: frame is 64x32 px" in caplog.text


def test_the_out_of_order_frame_is_drawn_once_right_after_the_first_frame(
    tmp_path: Path, panel: Panel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up: the farewell is not drawn before the first frame (READY=1
    waits for nothing it does not show), but before the loop takes its first input, and
    only once: the close shows the frame drawn then."""
    order: list[str] = []
    refresh, draw = Runtime.refresh, table_module._out_of_order

    def first_frame(self: Runtime) -> None:
        order.append("first frame")
        refresh(self)

    def out_of_order(size: tuple[int, int]) -> Image.Image:
        order.append(f"out of order {size[0]}x{size[1]}")
        return draw(size)

    def loop(self: Runtime, stop: threading.Event, idle_s: float | None = None) -> None:
        order.append("loop")

    monkeypatch.setattr(Runtime, "refresh", first_frame)
    monkeypatch.setattr(table_module, "_out_of_order", out_of_order)
    monkeypatch.setattr(Runtime, "run", loop)
    assert run_table(config(tmp_path)) == 0
    assert order == ["first frame", "out of order 128x64", "loop"]
    assert same(panel.device.image, OUT_OF_ORDER)


def test_an_out_of_order_frame_that_cannot_be_drawn_after_the_first_frame_does_not_stop_the_table(
    tmp_path: Path, panel: Panel, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The table has started (READY=1): a fault drawing the out-of-order frame ahead is
    logged and the loop runs; the close tries it again and logs it again."""
    order: list[str] = []

    def broken(size: tuple[int, int]) -> Image.Image:
        order.append("out of order")
        raise RuntimeError("no font")

    def loop(self: Runtime, stop: threading.Event, idle_s: float | None = None) -> None:
        order.append("loop")

    monkeypatch.setattr(table_module, "_out_of_order", broken)
    monkeypatch.setattr(Runtime, "run", loop)
    assert run_table(config(tmp_path)) == 0
    assert order == ["out of order", "loop", "out of order"]
    assert sum("out-of-order frame was not drawn ahead: no font" in r.getMessage() for r in caplog.records) == 1


def test_a_farewell_given_as_a_function_is_drawn_once(caplog: pytest.LogCaptureFixture) -> None:
    calls: list[int] = []

    def farewell() -> Image.Image:
        calls.append(1)
        return render_out_of_order((128, 64))

    early = Display(open_device("dummy"), persist=True, farewell=farewell)
    early.render_farewell()
    early.render_farewell()
    assert isinstance(early.farewell, Image.Image) and len(calls) == 1
    early.close()
    assert same(early.device.image, OUT_OF_ORDER) and len(calls) == 1

    late = Display(open_device("dummy"), persist=True, farewell=farewell)  # a start that failed: drawn at the close
    late.close()
    assert same(late.device.image, OUT_OF_ORDER) and len(calls) == 2

    def broken() -> Image.Image:
        raise OSError("the font file is gone")

    failing = Display(open_device("dummy"), persist=True, farewell=broken, name="score display")
    failing.close()
    assert failing.closed and "score display: the farewell frame was not shown: the font file is gone" in caplog.text
