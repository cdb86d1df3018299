"""Latency from a gpiozero MockFactory pin edge to the frame handed to the display device.

The table is assembled as ``pitchside run`` assembles it (:class:`TableInputs` from the
example config, :class:`Runtime`, :class:`Display` on a real luma ``ssd1306`` driver
over luma's ``noop`` serial: the driver packs every frame, the bus drops it), on a plain
``MockFactory`` whose ticks are the real ``time.monotonic()``. Nothing in the firmware
is edited: the stages are timed by wrapping the real callables for the run
(``time.perf_counter_ns``):

* **driver**: ``pin.drive_low()`` (MockPin -> gpiozero -> ``_EdgeDevice`` -> the pure
  filter) until the event reaches ``Runtime.post``;
* **rules**: ``pichenotte_table.handle`` (controller + rules engine) and
  ``pichenotte_table.view``;
* **journal**: ``Recorder.accepted`` / ``new_match`` (the SQLite write, fsync'd);
* **render**: ``pitchside.render.pichenotte.render``;
* **handoff**: ``Display.show`` (frame compare, luma's packing, the bus call);
* **other**: the rest of the loop (queue, timers, view compare): total minus the above.

A MockFactory delivers an edge synchronously in the caller's thread (no backend
callback thread), so "sync" runs call ``Runtime.process_pending()`` right after the
edge, as the simulator does. The "threaded" run puts ``Runtime.run`` in its own thread,
as on the Pi, so its total also holds the wake-up of the runtime thread.

Edges follow the demo match (sim/pitchside_sim/scenarios/pichenotte_match.toml), match
after match (NEW between them): a button press is its first edge (then contact bounce
and the release, not timed); a twenty-hole puck is the clearing edge of a 2.5 ms block
(a piece counts when the beam clears). Real time must pass for the filters, so the run
waits where they need it (press settling: the bench config's ``bounce_ms``; beam:
``min_block_ms`` 2, re-arm 20 ms); that waiting is not in any figure. Contact bounce is
left out here: with the bench's short settle time, a machine stall between two bounce
edges would turn a bounce into a press. The filters' counting under bounce and flicker
is what the tests and the counting benchmark check.
"""

from __future__ import annotations

import random
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from time import perf_counter_ns
from typing import Any

from common import load_demo, summary_us, timing_points

BENCH_BOUNCE_MS = 2.0
"""The buttons' settle time in the bench config (the example config says 100 ms): presses
of one button can then follow each other every few ms. The decoder's work per edge does
not depend on it."""
STAGES = ("driver", "rules", "journal", "render", "handoff", "other")


@contextmanager
def patched(obj: Any, name: str, value: Any) -> Iterator[None]:
    old = getattr(obj, name)
    setattr(obj, name, value)
    try:
        yield
    finally:
        setattr(obj, name, old)


class Probe:
    """Stamps of the edge being measured (one at a time)."""

    def __init__(self) -> None:
        self.armed = False
        self.t_edge = 0
        self.t_post: int | None = None
        self.t_frame: int | None = None
        self.event: Any = None
        self.handled = False
        self.stage: dict[str, int] = defaultdict(int)

    def arm(self) -> None:
        self.t_post = self.t_frame = self.event = None
        self.handled = False
        self.stage = defaultdict(int)
        self.armed = True
        self.t_edge = perf_counter_ns()

    def timed(self, stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t = perf_counter_ns()
            try:
                return fn(*args, **kwargs)
            finally:
                if self.armed:
                    self.stage[stage] += perf_counter_ns() - t

        return wrapper

    def post(self, put: Callable[[Any], None]) -> Callable[[Any], None]:
        def wrapper(item: Any) -> None:
            if self.armed and self.t_post is None:
                self.t_post = perf_counter_ns()
                self.event = item
            put(item)

        return wrapper


def make_device(kind: str) -> Any:
    """``"ssd1306"``: luma's driver; ``"partial"``: :class:`PartialSSD1306`; both on a
    bus that drops the bytes (luma ``noop``)."""
    from luma.core.interface.serial import noop
    from pitchside_hw.display import open_device
    from pitchside_hw.partial import PartialSSD1306

    dev = open_device("ssd1306", "noop") if kind == "ssd1306" else PartialSSD1306(noop())
    dev.persist = True
    return dev


def match_steps(scenario: Any) -> list[tuple[str, str]]:
    """``(verb, name)`` of the demo match's presses and drops (holds and waits need
    real seconds: left out)."""
    return [("drop", "twenty") if a.verb == "drop" else ("press", a.name)
            for a in scenario.actions if a.verb in ("press", "drop")]


class Table:
    """The assembled table on a MockFactory, with the probes wrapped in."""

    def __init__(self, factory: Any, config: Any, journal_dir: Path | None, device: str, probe: Probe,
                 seed: int = 1) -> None:
        from pitchside.app.journal import Journal
        from pitchside_hw.display import Display
        from pitchside_hw.pins import TickClock
        from pitchside_hw.table import build_table

        self.factory, self.config, self.probe = factory, config, probe
        self.clock = TickClock(factory)
        self.device = make_device(device)
        self.journal = Journal.open(journal_dir / "journal.db") if journal_dir is not None else None
        rng = random.Random(seed)  # the coin toss, as the simulator draws it
        self.table = build_table(
            config, pin_factory=factory, clock=self.clock, journal=self.journal,
            open_display=lambda role, d: Display(self.device, persist=True, name="bench"),
            toss=lambda: rng.choice(("A", "B")), tap=probe.post,
        )  # fmt: skip
        self.runtime, self.inputs, self.display = self.table.runtime, self.table.inputs, self.table.display
        self.recorder = self.table.recorder
        if self.recorder is not None:
            self.recorder.accepted = probe.timed("journal", self.recorder.accepted)  # type: ignore[method-assign]
            self.recorder.new_match = probe.timed("journal", self.recorder.new_match)  # type: ignore[method-assign]
        self.display.show = probe.timed("handoff", self.display.show)  # type: ignore[method-assign]
        device_display = self.device.display

        def frame(image: Any) -> None:
            device_display(image)
            if probe.armed:
                probe.t_frame = perf_counter_ns()

        self.device.display = frame
        self.pins = {b.name: factory.pin(b.pin) for b in config.buttons}
        self.pull_up = {b.name: b.pull_up for b in config.buttons}
        beam = next(b for b in config.beams if b.name == "twenty")
        self.beam_pin = factory.pin(beam.pin)
        self.blocked = beam.blocked_level == "high"
        _drive(self.beam_pin, not self.blocked)
        self.last_edge: dict[str, float] = defaultdict(lambda: -1e9)
        self.last_count = -1e9

    @contextmanager
    def wrapped(self) -> Iterator[None]:
        """The module-level wraps (the controller, the renderer), for this run only."""
        p = self.probe
        with ExitStack() as stack:
            for stage, module, name in timing_points():
                timed = p.timed(stage, getattr(module, name))
                if name == "handle":
                    timed = self._marking(timed)
                stack.enter_context(patched(module, name, timed))
            yield

    def _marking(self, handle: Callable[..., Any]) -> Callable[..., Any]:
        """``handle`` noting when the measured edge's event has been handled."""
        p = self.probe

        def handle_probe(state: Any, event: Any, *args: Any, **kwargs: Any) -> Any:
            out = handle(state, event, *args, **kwargs)
            if p.armed and event is p.event:
                p.handled = True
            return out

        return handle_probe

    def close(self) -> None:
        self.inputs.close()
        self.display.close()
        if self.journal is not None:
            self.journal.close()

    # -- waveforms ------------------------------------------------------------------------
    def wait_until(self, t: float) -> None:
        while (now := time.monotonic()) < t:
            time.sleep(max(0.0, min(t - now, 0.05)) if t - now > 0.0005 else 0)

    def press_edges(self, name: str) -> tuple[Any, bool, list[bool]]:
        """The pin, the level of the press edge, and the untimed rest (the release)."""
        pressed = not self.pull_up[name]
        return self.pins[name], pressed, [not pressed]


def _drive(pin: Any, level: bool) -> None:
    pin.drive_high() if level else pin.drive_low()


def run_table(n_events: int, *, journal: bool, device: str = "ssd1306", threaded: bool = False) -> dict[str, Any]:
    """Measure ``n_events`` edges that end in a frame; returns the figures. The demo
    match is played over and over, each time on a table assembled afresh (power-on, as
    ``pitchside sim --script`` plays it) on the same MockFactory and journal file."""
    from gpiozero.pins.mock import MockFactory

    scenario, config = load_demo()
    config = replace(config, bounce_ms=BENCH_BOUNCE_MS)
    steps = match_steps(scenario)
    probe = Probe()
    factory = MockFactory()
    tmp = tempfile.TemporaryDirectory(prefix="pitchside-bench-") if journal else None
    samples: dict[str, list[int]] = defaultdict(list)
    kinds: dict[str, list[int]] = defaultdict(list)
    counts = {"matches": 0, "edges_without_frame": 0, "journal_writes": 0, "frames_sent": 0}
    try:
        while len(samples["total"]) < n_events:
            table = Table(factory, config, Path(tmp.name) if tmp else None, device, probe, seed=scenario.seed)
            try:
                _play(table, steps, threaded, n_events, samples, kinds, counts)
            finally:
                table.close()
            counts["matches"] += 1
            counts["frames_sent"] += table.display.frames_sent
    finally:
        factory.close()
        if tmp is not None:
            tmp.cleanup()
    return counts | {
        "events": len(samples["total"]),
        "total_us": summary_us(samples["total"]),
        "stages_us": {k: summary_us(samples[k]) for k in STAGES} if not threaded else {},
        "by_kind_us": {k: summary_us(v) for k, v in sorted(kinds.items())},
    }


def _play(table: Table, steps: list[tuple[str, str]], threaded: bool, n_events: int,
          samples: dict[str, list[int]], kinds: dict[str, list[int]], counts: dict[str, int]) -> None:
    probe, rt = table.probe, table.runtime
    bounce_s = BENCH_BOUNCE_MS / 1000 * 1.2
    done = threading.Event()
    stop = threading.Event()
    thread = None
    with table.wrapped():
        if threaded:
            process_pending = rt.process_pending

            def pending_probe() -> int:
                n = process_pending()
                if probe.armed and probe.handled:
                    done.set()
                return n

            rt.process_pending = pending_probe  # type: ignore[method-assign]
            thread = threading.Thread(target=rt.run, args=(stop,), name="runtime", daemon=True)
            thread.start()
        else:
            rt.refresh()

        def housekeeping() -> None:
            if not threaded:
                rt.fire_due(table.clock.now())
                rt.process_pending()

        def measured(pin: Any, level: bool) -> None:
            done.clear()
            probe.arm()
            _drive(pin, level)
            if threaded:
                if not done.wait(5.0):
                    raise RuntimeError("the runtime thread did not handle the event within 5 s")
            else:
                rt.process_pending()
            probe.armed = False

        try:
            for verb, name in steps:
                if len(samples["total"]) >= n_events:
                    return
                housekeeping()
                if verb == "press":
                    pin, level, after = table.press_edges(name)
                    table.wait_until(table.last_edge[name] + bounce_s)
                    housekeeping()
                    measured(pin, level)
                    kind = "button"
                else:
                    table.wait_until(table.last_count + 0.0205)  # the beam's re-arm time
                    pin, after = table.beam_pin, []
                    _drive(pin, table.blocked)
                    blocked_at = time.monotonic()
                    housekeeping()
                    table.wait_until(blocked_at + 0.0025)  # a 2.5 ms block (min 2 ms)
                    housekeeping()
                    measured(pin, not table.blocked)
                    table.last_count = time.monotonic()
                    kind = "beam"
                if probe.t_frame is None or probe.t_post is None:
                    counts["edges_without_frame"] += 1
                else:
                    total = probe.t_frame - probe.t_edge
                    st = dict(probe.stage)
                    parts = {
                        "driver": probe.t_post - probe.t_edge,
                        "rules": st.get("rules", 0),
                        "journal": st.get("journal", 0),
                        "render": st.get("render", 0),
                        "handoff": st.get("handoff", 0),
                    }
                    parts["other"] = max(0, total - sum(parts.values()))
                    for k, v in parts.items():
                        samples[k].append(v)
                    samples["total"].append(total)
                    kinds[kind].append(total)
                    if parts["journal"]:
                        counts["journal_writes"] += 1
                        kinds["journaled"].append(total)
                for lvl in after:
                    _drive(pin, lvl)
                if verb == "press":
                    table.last_edge[name] = time.monotonic()
        finally:
            stop.set()
            if thread is not None:
                if hasattr(rt, "wake"):
                    rt.wake()
                thread.join(5)


def run_baseline(n_events: int) -> dict[str, Any]:
    """The least a scoreboard can do: a bare gpiozero ``Button`` on a MockFactory whose
    ``when_pressed`` draws a counter with luma's ``canvas`` on the same luma ``ssd1306``
    (noop bus). Stages: driver (edge -> callback), render (the canvas drawing), handoff
    (``device.display``)."""
    from gpiozero import Button
    from gpiozero.pins.mock import MockFactory
    from luma.core.render import canvas

    factory = MockFactory()
    device = make_device("ssd1306")
    device_display = device.display
    st: dict[str, int] = {}

    def frame(image: Any) -> None:
        st["t_dev"] = perf_counter_ns()
        device_display(image)
        st["t_frame"] = perf_counter_ns()

    device.display = frame
    count = 0

    def pressed() -> None:
        nonlocal count
        st["t_cb"] = perf_counter_ns()
        count += 1
        with canvas(device) as draw:
            draw.text((0, 0), f"{count}", fill="white")

    button = Button("GPIO17", pull_up=True, bounce_time=None, pin_factory=factory)
    button.when_pressed = pressed
    pin = factory.pin("GPIO17")
    samples: dict[str, list[int]] = defaultdict(list)
    try:
        for _ in range(n_events):
            st.clear()
            t0 = perf_counter_ns()
            pin.drive_low()
            total = st["t_frame"] - t0
            samples["total"].append(total)
            samples["driver"].append(st["t_cb"] - t0)
            samples["render"].append(st["t_dev"] - st["t_cb"])
            samples["handoff"].append(st["t_frame"] - st["t_dev"])
            pin.drive_high()
    finally:
        button.close()
        factory.close()
    return {
        "events": len(samples["total"]),
        "counter": count,
        "total_us": summary_us(samples["total"]),
        "stages_us": {k: summary_us(samples[k]) for k in ("driver", "render", "handoff")},
    }
