"""The durable write overlaps the drawing of the frame that shows it (latency),
and the frame still goes to the display only once the write has returned."""

from __future__ import annotations

import threading

import pytest
from PIL import Image

from pitchside.app import runtime as runtime_module
from pitchside.app.runtime import MatchRecorder, Runtime, TableParts
from pitchside.app.writer import Writer
from pitchside.core.rules import pichenotte as rules
from pitchside.signals.events import ButtonPressed
from pitchside.tables import pichenotte as table
from pitchside.tables.kiosk import KioskSettings

JOIN_S = 10.0


class Order:
    """What happened, in order, across the runtime and writer threads."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self.lock = threading.Lock()

    def note(self, what: str) -> None:
        with self.lock:
            self.log.append(what)


class GatedRecorder(MatchRecorder):
    """A recorder whose write of an accepted input blocks until the test opens the gate."""

    warning: str | None = None
    match_id: int | None = None

    def __init__(self, order: Order) -> None:
        self.order = order
        self.gate = threading.Event()
        self.writing = threading.Event()
        self.written: list[table.Accepted] = []

    def accepted_all(self, effects: tuple[table.Accepted, ...], after: object) -> None:
        self.order.note("write starts")
        self.writing.set()
        assert self.gate.wait(JOIN_S)
        self.written.extend(effects)
        self.order.note("write done")

    def new_match(self, state: object) -> None:
        pass

    def sensed(self, event: object) -> None:
        pass

    def health(self) -> list[object]:
        return []


class Sink:
    def __init__(self, order: Order, recorder: GatedRecorder) -> None:
        self.order, self.recorder = order, recorder
        self.written_when_shown: list[int] = []

    def show(self, image: Image.Image) -> None:
        self.written_when_shown.append(len(self.recorder.written))
        self.order.note("shown")


def _runtime(overlap: bool) -> tuple[Runtime, GatedRecorder, Sink, Order]:
    order = Order()
    rec = GatedRecorder(order)
    sink = Sink(order, rec)
    rt = Runtime(table.new_table(rules.Options(pucks=3)),
                 TableParts(sink, lambda: "B", lambda: 1.5, recorder=rec, settings=KioskSettings(attract=False),
                            overlap_writes=overlap))
    rt.refresh()
    order.log.clear()
    sink.written_when_shown.clear()  # the power-on frame
    return rt, rec, sink, order


def test_the_frame_is_drawn_while_the_write_runs_and_shown_after_it(monkeypatch: pytest.MonkeyPatch) -> None:
    rt, rec, sink, order = _runtime(overlap=True)
    compose = runtime_module.screen.compose
    drawn = threading.Event()

    def noting(*args: object, **kwargs: object) -> object:
        out = compose(*args, **kwargs)  # type: ignore[arg-type]
        order.note("drawn")
        drawn.set()
        return out

    monkeypatch.setattr(runtime_module.screen, "compose", noting)
    rt.post(ButtonPressed("coin", 1.0))
    loop = threading.Thread(target=rt.process_pending)
    loop.start()
    assert rec.writing.wait(JOIN_S)
    assert drawn.wait(JOIN_S)  # drawn while the write is still blocked
    assert sink.written_when_shown == []  # and not shown
    rec.gate.set()
    loop.join(JOIN_S)
    assert not loop.is_alive()
    assert sorted(order.log[:2]) == ["drawn", "write starts"]
    assert order.log[2:] == ["write done", "shown"]
    assert sink.written_when_shown == [1]


def test_without_the_writer_thread_the_write_comes_before_the_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    rt, rec, sink, order = _runtime(overlap=False)
    compose = runtime_module.screen.compose

    def noting(*args: object, **kwargs: object) -> object:
        order.note("drawn")
        return compose(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runtime_module.screen, "compose", noting)
    rec.gate.set()
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    assert order.log == ["write starts", "write done", "drawn", "shown"]
    assert sink.written_when_shown == [1]


def test_a_storage_fault_found_by_the_write_is_on_the_frame_it_shows() -> None:
    rt, rec, sink, order = _runtime(overlap=True)
    frames: list[object] = []
    rt._sink = type("S", (), {"show": lambda self, image: frames.append(rt._shown)})()  # noqa: SLF001

    def failing(effects: tuple[table.Accepted, ...], after: object) -> None:
        rec.warning = "NOT SAVING: disk full"

    rec.accepted_all = failing  # type: ignore[method-assign]
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    assert rt.frame().warning == "NOT SAVING: disk full"
    assert rt._shown is not None and rt._shown.warning == "NOT SAVING: disk full"  # noqa: SLF001
    assert rt._shown.badge  # noqa: SLF001


def test_the_writer_runs_calls_in_order_and_hands_back_the_first_error() -> None:
    w = Writer()
    done: list[int] = []

    def boom() -> None:
        raise OSError("disk gone")

    for i in range(50):
        w.submit(done.append, i)
    w.submit(boom)
    w.submit(done.append, 50)
    with pytest.raises(OSError, match="disk gone"):
        w.settle()
    assert done == list(range(51))
    assert not w.pending
    w.settle()  # the error was handed back once
