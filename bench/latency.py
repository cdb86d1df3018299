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
* **journal**: ``Recorder.accepted_all`` / ``new_match``: the whole durable write (the
  replay lines made, every SQL statement, ``BEGIN``/``COMMIT`` and the fsync), not the
  fsync alone (a journaled run also times a plain program's write of the same bytes
  beside it: :class:`PlainLog`);
* **render**: ``pitchside.render.pichenotte.render``;
* **handoff**: ``Display.prepare`` and ``Display.show`` (frame compare, packing, the
  bus call; a journaled frame is prepared while its write runs, then shown);
* **other**: the rest of the loop (queue, timers, view compare): total minus the above.
  Part of it is reported on its own as **wake** (not one of :data:`STAGES`: it is inside
  "other"): from the event's ``Runtime.post`` in the pin's thread to the runtime thread
  handing it to the controller (threaded: the queue's hand-off and the thread's wake-up;
  sync: the rest of the edge's driver call until ``process_pending`` takes it).

The stages of an edge add up to its total exactly (:func:`split_stages`, which
bench/webtrace.py uses too): a timed call counts only for the part of it between the
controller's ``handle`` of the event and the frame (so not the runtime thread's other work
while the event waited, which is in "wake", nor a call's tail after the frame), and an
instant when two timed calls run at once (the journal's write on its writer thread while
the frame is drawn, a publisher's worker calling ``view``) counts once, for the stage
listed first in :data:`STAGES`.

A MockFactory delivers an edge synchronously in the caller's thread (no backend
callback thread), so the event an edge posts comes from the thread that armed the probe:
the probe takes only that thread's first post as the edge's (:meth:`Probe.latches`), never
a timer request the runtime thread posts while the probe is armed. "Sync" runs call ``Runtime.process_pending()`` right after the
edge, as the simulator does; before each measured edge's pause they call
``Runtime.draw_ahead()``, as the simulator's loop does before it waits for a key, and
again after a timer that fell due during the round has fired (the loop's wait ends at
the timer; on the bench's real clock a round of a few ms often outlasts a settle timer)
(a run with ``ahead=False`` draws nothing ahead, the sync loop as it was, which
bench/run.py prints as ``sync_no_ahead``). The "threaded" run puts ``Runtime.run`` in its own thread,
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

(Over 600 lines: every latency section shares the interleaving harness and the stage
stamps it wraps around the real callables.)
"""

from __future__ import annotations

import random
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from time import perf_counter_ns
from typing import Any

from common import load_demo, pct, summary_us, timing_points
from common import patched as patched  # re-exported: web, webtrace and cpu_stages patch through latency.patched

BENCH_BOUNCE_MS = 2.0
"""The buttons' settle time in the bench config (the example config says 100 ms): presses
of one button can then follow each other every few ms. The decoder's work per edge does
not depend on it."""
STAGES = ("driver", "rules", "journal", "render", "handoff", "other")
WAKE = "wake"
"""The hand-off from ``Runtime.post`` to the controller's ``handle`` of that event: a part
of "other", reported beside :data:`STAGES` (module notes)."""

Span = tuple[str, int, int]
"""A timed call while the probe was armed: ``(stage, start_ns, end_ns)``."""


def split_stages(t_edge: int, t_post: int, t_handle: int | None, t_frame: int,
                 spans: Iterable[Span]) -> dict[str, int]:
    """One edge's stages (ns): ``{stage: ns}`` for each of :data:`STAGES` and :data:`WAKE`.

    ``driver`` is ``t_post - t_edge``; each timed stage is the part of its ``spans`` inside
    ``[t_handle, t_frame]`` (``t_post`` for a missing ``t_handle``), an instant covered by
    spans of two stages counting for the one listed first in :data:`STAGES`; ``other`` is
    the rest. So the :data:`STAGES` add up to ``t_frame - t_edge`` exactly, and ``wake``
    (``t_post`` to ``t_handle``, 0 without it, at most up to the frame) is a part of
    ``other`` (module notes). Stamps on one clock (``perf_counter_ns``), ``t_edge <=
    t_post <= t_frame``."""
    start = t_post if t_handle is None else max(t_post, min(t_handle, t_frame))
    clipped = [(s, max(a, start), min(b, t_frame)) for s, a, b in spans]
    clipped = [c for c in clipped if c[1] < c[2]]
    parts = dict.fromkeys(STAGES, 0)
    parts["driver"] = t_post - t_edge
    cuts = sorted({t for _, a, b in clipped for t in (a, b)})
    rank = {s: i for i, s in enumerate(STAGES)}
    for a, b in zip(cuts, cuts[1:]):
        active = [s for s, x, y in clipped if x <= a and b <= y]
        if active:
            parts[min(active, key=lambda s: rank.get(s, len(STAGES)))] += b - a
    parts["other"] = (t_frame - t_edge) - sum(parts.values())
    parts[WAKE] = start - t_post
    return parts


class Probe:
    """Stamps of the edge being measured (one at a time)."""

    def __init__(self) -> None:
        self.armed = False
        self.arming_thread: int | None = None
        """The thread that armed the probe (its ident): it drives the edge, so the item it
        posts is the edge's; what another thread posts meanwhile (a timer request of the
        runtime thread) is not."""
        self.t_edge = 0
        self.t_post: int | None = None
        self.t_handle: int | None = None
        self.t_frame: int | None = None
        self.event: Any = None
        self.handled = False
        self.spans: list[Span] = []
        self.wrote: list[Any] = []
        """What the measured edge's journal writes stored, as objects (:meth:`Table._note_writes`;
        :func:`step_lines` makes them the replay lines, after the edge)."""

    def arm(self) -> None:
        self.t_post = self.t_handle = self.t_frame = self.event = None
        self.handled = False
        self.spans = []
        self.wrote = []
        self.arming_thread = threading.get_ident()
        self.armed = True
        self.t_edge = perf_counter_ns()

    def timed(self, stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t = perf_counter_ns()
            try:
                return fn(*args, **kwargs)
            finally:
                if self.armed:
                    self.spans.append((stage, t, perf_counter_ns()))

        return wrapper

    def split(self) -> dict[str, int] | None:
        """The measured edge's :func:`split_stages`; None when it has no frame or no post."""
        if self.t_frame is None or self.t_post is None:
            return None
        return split_stages(self.t_edge, self.t_post, self.t_handle, self.t_frame, self.spans)

    def latches(self) -> bool:
        """An item posted now is the measured edge's: the probe is armed, has latched none
        yet, and this is the thread that armed it (:attr:`arming_thread`)."""
        return self.armed and self.t_post is None and threading.get_ident() == self.arming_thread

    def post(self, put: Callable[[Any], None]) -> Callable[[Any], None]:
        def wrapper(item: Any) -> None:
            if self.latches():
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
        if self.journal is not None:
            self._note_writes(self.journal)
        if self.recorder is not None:
            self.recorder.accepted_all = probe.timed("journal", self.recorder.accepted_all)  # type: ignore[method-assign]
            self.recorder.new_match = probe.timed("journal", self.recorder.new_match)  # type: ignore[method-assign]
        self.display.show = probe.timed("handoff", self.display.show)  # type: ignore[method-assign]
        if hasattr(self.display, "prepare"):  # the hand-off's first half (a --before arm may lack it)
            self.display.prepare = probe.timed("handoff", self.display.prepare)  # type: ignore[method-assign]
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

    def _note_writes(self, journal: Any) -> None:
        """Note in the probe what each write of the measured edge stores: a match's header
        and first lines (``start_match``), the lines of a step (``append_lines``), or, for
        a step that stores no line (a match's end: ``end_match`` calls ``append_lines``
        with none), its new status. Only references are kept (the JSON is made after the
        edge, :func:`step_lines`): what this adds to the journal stage is one Python call
        and a list append per write, under a µs."""
        probe = self.probe
        start_match, append_lines = journal.start_match, journal.append_lines

        def noting_start(header: Any, *args: Any, **kwargs: Any) -> Any:
            if probe.armed:
                probe.wrote.append((header, getattr(kwargs.get("first"), "lines", ())))
            return start_match(header, *args, **kwargs)

        def noting_append(match_id: Any, lines: Any, *args: Any, **kwargs: Any) -> Any:
            if probe.armed:
                status = getattr(kwargs.get("end"), "status", "?")
                probe.wrote.append((None, lines if lines else ({"status": status},)))
            return append_lines(match_id, lines, *args, **kwargs)

        journal.start_match, journal.append_lines = noting_start, noting_append

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
            if p.armed and event is p.event and p.t_handle is None:
                p.t_handle = perf_counter_ns()
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


def step_lines(wrote: list[Any]) -> list[str]:
    """The replay lines of :attr:`Probe.wrote` (``(header or None, lines)`` per write), as
    the journal's own ``json.dumps`` makes them, header first."""
    import json

    return [json.dumps(x) for header, lines in wrote for x in ((header,) if header is not None else ()) + tuple(lines)]


class PlainLog:
    """The best a plain program would do for the same durability: the same bytes per
    journaled input (that step's replay lines, one per line, :meth:`Table._note_writes`)
    written with one ``os.pwrite`` into a log file written out and synced beforehand,
    and made durable with one ``os.fdatasync`` before the frame would be shown, on the
    same file system as the journal (``directory``: the journal's).

    Why this method: ``bench/fsync_methods.py`` measures the candidates interleaved on
    the journal's file system. On ext4 here (2026-12-02 15:41 UTC, load 0.4, 1,000 of
    each) the overwrite of written blocks + ``fdatasync`` was p50 131.5 µs against 192.9
    for an ``O_APPEND`` write + ``fsync``, 191.1 with ``fdatasync``, and 284.3 for
    SQLite's one INSERT + COMMIT with the journal's pragmas: a write that does not grow
    the file leaves no metadata for the disk to commit. Its guarantee is the journal's:
    every step handed over before the frame is on disk; a power cut mid-write leaves at
    most the last record torn, which its reader drops (after the records, the file
    holds zeros, where a reader stops), as SQLite drops a WAL frame without its commit.

    The file is written out ``room`` bytes at a time (zeros, synced) whenever the next
    record would not fit; that is not timed, as a program of this kind does it ahead.
    :meth:`write` returns the ns the write + ``fdatasync`` took (``perf_counter_ns``)."""

    ROOM = 1 << 20
    """Bytes written out ahead at a time (1 MiB: about 20,000 of the demo's lines)."""

    def __init__(self, directory: Path) -> None:
        import os

        self._fd = os.open(directory / "plain.jsonl", os.O_RDWR | os.O_CREAT, 0o644)
        self._at = 0  # where the next record goes
        self._size = 0  # bytes written out ahead
        self._grow(self.ROOM)
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)  # the new file survives a power cut
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def _grow(self, need: int) -> None:
        import os

        while self._size < self._at + need:
            os.pwrite(self._fd, bytes(self.ROOM), self._size)
            self._size += self.ROOM
        os.fsync(self._fd)

    def write(self, texts: list[str]) -> int:
        """Write ``texts`` (one line each) after the last record and ``fdatasync``; the ns
        it took."""
        import os

        data = ("\n".join(texts) + "\n").encode()
        if self._at + len(data) > self._size:
            self._grow(len(data))
        t = perf_counter_ns()
        os.pwrite(self._fd, data, self._at)
        os.fdatasync(self._fd)
        took = perf_counter_ns() - t
        self._at += len(data)
        return took

    def close(self) -> None:
        import os

        os.close(self._fd)


def run_table(n_events: int, *, journal: bool, device: str = "ssd1306", threaded: bool = False,
              before_edge: Callable[[], None] | None = None, journal_dir: Path | None = None,
              ahead: bool = True, wait: bool = True, loop_start: Callable[[], None] | None = None) -> dict[str, Any]:
    """Measure ``n_events`` edges that end in a frame; returns the figures. The demo
    match is played over and over, each time on a table assembled afresh (power-on, as
    ``pitchside sim --script`` plays it) on the same MockFactory and journal file.
    ``before_edge`` is called right before each measured edge (the interleaved baseline's
    edge and the pauses); ``journal_dir`` is where the journal's temporary directory is
    made (default: the system's temporary directory). ``ahead``: the config's frames drawn
    ahead (False: ``[display] draw_ahead = 0``); ``wait``: a threaded edge waits for the
    runtime to be waiting (:func:`wait_idle`; False: the next press right after the
    release, as fast taps come, with only the pauses between). ``loop_start``: called first
    in the runtime thread of a threaded run (its scheduling: bench/loaded_tail.py)."""
    from gpiozero.pins.mock import MockFactory

    scenario, config = load_demo()
    config = replace(config, bounce_ms=BENCH_BOUNCE_MS)
    if not ahead:
        config = replace(config, display=replace(config.display, draw_ahead=0))
    steps = match_steps(scenario)
    probe = Probe()
    factory = MockFactory()
    tmp = tempfile.TemporaryDirectory(prefix="pitchside-bench-", dir=journal_dir) if journal else None
    plain = PlainLog(Path(tmp.name)) if tmp is not None else None  # beside the journal, same file system
    samples: dict[str, list[int]] = defaultdict(list)
    kinds: dict[str, list[int]] = defaultdict(list)
    counts = {"matches": 0, "edges_without_frame": 0, "journal_writes": 0, "frames_sent": 0, "frames_shown": 0,
              "frames_shown_ahead": 0, "idle_wait_timeouts": 0, "plain_writes": 0, "plain_bytes": 0,
              "writes_inline": 0, "writes_overlapped": 0}
    try:
        while len(samples["total"]) < n_events:
            table = Table(factory, config, Path(tmp.name) if tmp else None, device, probe, seed=scenario.seed)
            try:
                _play(table, steps, threaded, n_events, samples, kinds, counts, before_edge, wait, plain, loop_start)
            finally:
                table.close()
            counts["matches"] += 1
            counts["frames_sent"] += table.display.frames_sent
            counts["frames_shown"] += getattr(table.runtime, "frames_shown", 0)  # handed to the main display
            counts["frames_shown_ahead"] += getattr(table.runtime, "frames_shown_ahead", 0)  # of them drawn ahead
            # where the journaled steps were written: in the loop's thread (the frame drawn
            # already), or on the writer thread while the frame was drawn (Runtime.refresh)
            counts["writes_inline"] += getattr(table.runtime, "writes_inline", 0)
            counts["writes_overlapped"] += getattr(table.runtime, "writes_overlapped", 0)
    finally:
        factory.close()
        if tmp is not None:
            if plain is not None:
                plain.close()
            tmp.cleanup()
    return counts | {
        "events": len(samples["total"]),
        "total_us": summary_us(samples["total"]),
        "stages_us": {k: summary_us(samples[k]) for k in (*STAGES, WAKE)},
        "by_kind_us": {k: summary_us(v) for k, v in sorted(kinds.items())},
    } | ({"draw_ahead_cpu_us": summary_us(samples["ahead_cpu"]),
          "draw_ahead_frames": {"p50": pct(samples["ahead_frames"], 50), "p99": pct(samples["ahead_frames"], 99),
                                "max": max(samples["ahead_frames"])}}
         if samples["ahead_cpu"] else {}) | ({"journal_write_us": summary_us(samples["journal_write"]),
                                            "plain_fsync_us": summary_us(samples["plain_fsync"])} if journal else {})


def _play(table: Table, steps: list[tuple[str, str]], threaded: bool, n_events: int,
          samples: dict[str, list[int]], kinds: dict[str, list[int]], counts: dict[str, int],
          before_edge: Callable[[], None] | None = None, wait: bool = True, plain: PlainLog | None = None,
          loop_start: Callable[[], None] | None = None) -> None:
    """One match's edges (:func:`run_table`). With ``plain``, each journaled edge's bytes
    (:attr:`Probe.wrote`) are written by the plain program (:class:`PlainLog`) once the
    firmware is idle again, right before the next measured edge's pauses (or after the
    match's last edge): interleaved edge by edge, never beside the firmware's own work."""
    probe, rt = table.probe, table.runtime
    due: list[list[Any]] = []  # a journaled edge's writes (Probe.wrote), for the plain program's write
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
        draw_ahead = getattr(rt, "draw_ahead", None)  # an older arm of bench/ab_edge.py has none
        if draw_ahead is not None:

            def ahead_probe() -> int:
                t = time.thread_time_ns()
                n: int = draw_ahead()
                if n:  # CPU of a round that drew (a call with the state unchanged draws nothing)
                    samples["ahead_cpu"].append(time.thread_time_ns() - t)
                    samples["ahead_frames"].append(n)  # a count, not ns
                return n

            rt.draw_ahead = ahead_probe  # type: ignore[method-assign]
        if threaded:
            def serve(stop: threading.Event) -> None:
                if loop_start is not None:
                    loop_start()
                rt.run(stop)

            thread = threading.Thread(target=serve, args=(stop,), name="runtime", daemon=True)
            thread.start()
        else:
            rt.refresh()

        def housekeeping() -> None:
            if not threaded:
                rt.fire_due(table.clock.now())
                rt.process_pending()

        def ahead_as_the_sim() -> None:
            """Frames drawn ahead before the pause, as the simulator's loop draws them before
            it waits for a key: a round that stopped for a timer falling due goes on once
            the timer has fired (the loop's wait ends at the timer), until none is due."""
            for _ in range(100):
                rt.draw_ahead()
                due = rt.next_due()
                if due is None or due > table.clock.now():
                    return
                housekeeping()

        def plain_write() -> None:
            if plain is not None and due:
                texts = step_lines(due.pop()) or ["{}"]
                samples["plain_fsync"].append(plain.write(texts))
                counts["plain_writes"] += 1
                counts["plain_bytes"] += sum(len(t) + 1 for t in texts)

        def measured(pin: Any, level: bool) -> None:
            if threaded and wait and not wait_idle(rt):
                counts["idle_wait_timeouts"] += 1
            if not threaded and draw_ahead is not None:
                ahead_as_the_sim()
            plain_write()
            if before_edge is not None:
                before_edge()
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
                split = probe.split()
                if split is None:
                    counts["edges_without_frame"] += 1
                else:
                    total = probe.t_frame - probe.t_edge  # type: ignore[operator]  # split: a frame
                    parts = {k: split[k] for k in STAGES}
                    for k, v in parts.items():
                        samples[k].append(v)
                    if probe.t_handle is not None:
                        samples[WAKE].append(split[WAKE])
                    samples["total"].append(total)
                    kinds[kind].append(total)
                    if parts["journal"]:
                        counts["journal_writes"] += 1
                        samples["journal_write"].append(parts["journal"])
                        due.append(list(probe.wrote))
                        kinds["journaled"].append(total)
                        kinds["journaled_less_write"].append(total - parts["journal"])  # what the write leaves
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
            plain_write()  # the match's last journaled edge, the runtime stopped


def wait_idle(rt: Any, timeout_s: float = 1.0) -> bool:
    """Until the runtime thread waits for its next event (``Runtime.waiting``, seen twice
    0.1 ms apart): the pass of the previous edge's release and the frames it draws
    ahead (``Runtime.draw_ahead``) are done, as they are long before the next press at a
    real table, so none of that work falls in the pause or on the baseline's edge. A
    runtime without ``waiting`` (an older arm of bench/ab_edge.py) is not waited for.
    Returns False when ``timeout_s`` passed first (counted: ``idle_wait_timeouts``)."""
    if not hasattr(rt, "waiting"):
        return True
    end = time.monotonic() + timeout_s
    seen = 0
    while seen < 2 and time.monotonic() < end:
        seen = seen + 1 if rt.waiting else 0
        time.sleep(0.0001)
    return seen >= 2


class Baseline:
    """The least a scoreboard can do: a bare gpiozero ``Button`` on its own MockFactory
    whose ``when_pressed`` draws a counter with luma's ``canvas`` and Pillow's default
    font, loaded once (``draw.text`` without ``font=`` would load it on every frame),
    on ``device`` (the same kind as the firmware it is paired with; noop bus). Stages:
    driver (edge -> callback), render (the canvas drawing), handoff (``device.display``).
    :meth:`edge` measures one press; the release is not timed.

    ``predraw``: the counter draws its next frame while it waits, as the firmware draws
    its frames ahead: right after each press (untimed), the image of count + 1 is drawn
    and, on the partial device, packed and planned (``stage``); the press then only
    hands that image to the device (render 0). The best a plain counter can do."""

    def __init__(self, device: str = "partial", predraw: bool = False) -> None:
        from gpiozero import Button
        from gpiozero.pins.mock import MockFactory
        from luma.core.render import canvas
        from PIL import ImageFont

        self.factory = MockFactory()
        self.device = make_device(device)
        self.font = ImageFont.load_default()
        self.samples: dict[str, list[int]] = defaultdict(list)
        self.count = 0
        self.predraw = predraw
        self._next: Any = None
        st: dict[str, int] = {}
        self._st = st
        device_display = self.device.display

        def frame(image: Any) -> None:
            st["t_dev"] = perf_counter_ns()
            device_display(image)
            st["t_frame"] = perf_counter_ns()

        self.device.display = frame

        def pressed() -> None:
            st["t_cb"] = perf_counter_ns()
            self.count += 1
            if self._next is not None:
                self.device.display(self._next)
                return
            with canvas(self.device) as draw:
                draw.text((0, 0), f"{self.count}", fill="white", font=self.font)

        self.button = Button("GPIO17", pull_up=True, bounce_time=None, pin_factory=self.factory)
        self.button.when_pressed = pressed
        self.pin = self.factory.pin("GPIO17")
        self._draw_next()

    def _draw_next(self) -> None:
        """With ``predraw``: the next press's frame, drawn (as luma's ``canvas`` draws it)
        and, on a device that stages, packed and planned now."""
        if not self.predraw:
            return
        from PIL import Image, ImageDraw

        image = Image.new(self.device.mode, self.device.size)
        ImageDraw.Draw(image).text((0, 0), f"{self.count + 1}", fill="white", font=self.font)
        stage = getattr(self.device, "stage", None)
        if stage is not None:
            stage(image)
        self._next = image

    def edge(self) -> None:
        st = self._st
        st.clear()
        t0 = perf_counter_ns()
        self.pin.drive_low()
        self.samples["total"].append(st["t_frame"] - t0)
        self.samples["driver"].append(st["t_cb"] - t0)
        self.samples["render"].append(st["t_dev"] - st["t_cb"])
        self.samples["handoff"].append(st["t_frame"] - st["t_dev"])
        self.pin.drive_high()
        self._draw_next()  # untimed: while the counter waits for its next press

    def close(self) -> None:
        self.button.close()
        self.factory.close()

    def result(self) -> dict[str, Any]:
        """The figures; ``pause_late_us`` (interleaved runs): how late the thread driving
        the edges woke from the pause before each firmware edge (its own wake-up, which
        the edge's stamp does not include: a loop thread keeping the CPU delays it)."""
        late = {"pause_late_us": summary_us(self.samples["pause_late"])} if self.samples["pause_late"] else {}
        return {
            "events": len(self.samples["total"]),
            "counter": self.count,
            "total_us": summary_us(self.samples["total"]),
            "stages_us": {k: summary_us(self.samples[k]) for k in ("driver", "render", "handoff")},
        } | late


def run_baseline(n_events: int, device: str = "partial") -> dict[str, Any]:
    """The baseline alone in a tight loop (no firmware beside it): for comparison only."""
    b = Baseline(device)
    try:
        for _ in range(n_events):
            b.edge()
    finally:
        b.close()
    return b.result()


PAUSE_S = 0.001
"""The pause before each measured edge, the same for the baseline and the firmware."""


def run_pair(n_events: int, rounds: int, *, journal: bool = False, device: str = "partial",
             threaded: bool = False, journal_dir: Path | None = None, ahead: bool = True,
             wait: bool = True, predrawn: bool = False,
             loop_start: Callable[[], None] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The firmware and the bare counter, interleaved edge by edge in this process, each on
    its own MockFactory and the same kind of device: before each firmware edge, a pause
    of :data:`PAUSE_S`, one baseline edge, the same pause. ``rounds`` runs of about
    ``n_events / rounds`` edges each; returns ``(firmware, baseline)`` whose ``total_us``
    holds the median over the rounds of each statistic, ``spread_us`` its (min, max),
    ``rounds`` every round's figures and ``ratio`` the per-round firmware/baseline ratios
    (median, min, max) of p50 and p99. ``ahead``, ``wait``: as for :func:`run_table`;
    ``predrawn``: the counter draws its next frame while it waits (:class:`Baseline`);
    ``loop_start``: as for :func:`run_table`."""
    per = [n_events // rounds + (1 if i < n_events % rounds else 0) for i in range(rounds)]
    fw_rounds: list[dict[str, Any]] = []
    base_rounds: list[dict[str, Any]] = []
    for n in per:
        base = Baseline(device, predraw=predrawn)

        def before() -> None:
            time.sleep(PAUSE_S)
            base.edge()
            t = perf_counter_ns()
            time.sleep(PAUSE_S)
            base.samples["pause_late"].append(perf_counter_ns() - t - int(PAUSE_S * 1e9))  # the edge thread's wake

        try:
            fw_rounds.append(run_table(n, journal=journal, device=device, threaded=threaded, before_edge=before,
                                       journal_dir=journal_dir, ahead=ahead, wait=wait, loop_start=loop_start))
        finally:
            base.close()
        base_rounds.append(base.result())
    return _merge(fw_rounds, base_rounds), _merge(base_rounds, None)


def _median(values: list[float]) -> float:
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else round((v[n // 2 - 1] + v[n // 2]) / 2, 1)


def _med_summary(summaries: list[dict[str, float]]) -> dict[str, float]:
    keys = summaries[0].keys() if summaries else ()
    return {k: _median([s[k] for s in summaries]) for k in keys}


def _merge(rounds: list[dict[str, Any]], baseline: list[dict[str, Any]] | None) -> dict[str, Any]:
    """Rounds into one result of the single-run shape: medians over the rounds, counts summed."""
    out: dict[str, Any] = {}
    for k, v in rounds[0].items():
        if isinstance(v, int) and not isinstance(v, bool):
            out[k] = sum(r[k] for r in rounds)
    out["total_us"] = _med_summary([r["total_us"] for r in rounds])
    out["spread_us"] = {q: [min(r["total_us"][q] for r in rounds), max(r["total_us"][q] for r in rounds)]
                        for q in ("p50", "p99", "max")}
    out["stages_us"] = {k: _med_summary([r["stages_us"][k] for r in rounds]) for k in rounds[0]["stages_us"]}
    if "by_kind_us" in rounds[0]:
        kinds = sorted({k for r in rounds for k in r["by_kind_us"]})
        out["by_kind_us"] = {k: _med_summary([r["by_kind_us"][k] for r in rounds if k in r["by_kind_us"]])
                             for k in kinds}
    if "journal" in out["stages_us"] and "journaled" in out.get("by_kind_us", {}):
        # the fsync's own distribution: the journal stage over the journaled inputs only
        out["journal_write_us"] = _med_summary([r["journal_write_us"] for r in rounds if "journal_write_us" in r])
        # the plain program's write of the same bytes, interleaved (PlainLog), and the journaled
        # inputs' edge-to-frame against it per round (median, min, max of the rounds)
        plain = [r for r in rounds if r.get("plain_fsync_us", {}).get("p99")]
        if plain:
            out["plain_fsync_us"] = _med_summary([r["plain_fsync_us"] for r in plain])
            vs = {q: [round(r["by_kind_us"]["journaled"][q] / r["plain_fsync_us"][q], 3) for r in plain]
                  for q in ("p50", "p99")}
            out["journaled_vs_plain_fsync"] = {q: {"median": _median(v), "min": min(v), "max": max(v), "rounds": v}
                                               for q, v in vs.items()}
    for key in ("draw_ahead_cpu_us", "draw_ahead_frames", "pause_late_us"):  # the threaded runs' rounds of frames
        # drawn ahead; the interleaved counter's: the edge thread's wake from the pause
        if all(key in r for r in rounds):
            out[key] = _med_summary([r[key] for r in rounds])
    out["rounds"] = [{"events": r["events"], "total_us": r["total_us"]} for r in rounds]
    if baseline is not None:
        ratios = {q: [round(r["total_us"][q] / b["total_us"][q], 3) for r, b in zip(rounds, baseline)]
                  for q in ("p50", "p99")}
        out["ratio"] = {q: {"median": _median(v), "min": min(v), "max": max(v), "rounds": v}
                        for q, v in ratios.items()}
    return out


RAM_FILESYSTEMS = frozenset({"tmpfs", "ramfs", "devtmpfs", "hugetlbfs", "squashfs-ram"})


def filesystem_of(path: str | Path) -> dict[str, Any]:
    """The mount holding ``path`` (from /proc/self/mounts, the longest mount point that
    contains it): ``mount``, ``fstype``, ``source`` and ``ram`` (True for tmpfs, ramfs,
    a zram block device, or an overlay whose upper directory is on one of them: an fsync
    there reaches no disk, so no durable figure comes from it)."""
    import os

    real = os.path.realpath(path)
    best: tuple[str, str, str, str] = ("/", "unknown", "unknown", "")
    try:
        with open("/proc/self/mounts") as fh:
            for line in fh:
                src, mnt, fstype, opts = line.split()[:4]
                mnt = mnt.replace("\\040", " ")
                if (real == mnt or real.startswith(mnt.rstrip("/") + "/")) and len(mnt) >= len(best[0]):
                    best = (mnt, fstype, src, opts)
    except OSError:
        pass
    mnt, fstype, src, opts = best
    ram = fstype in RAM_FILESYSTEMS or src.startswith("/dev/zram")
    upper = None
    if fstype == "overlay":
        upper = next((o.split("=", 1)[1] for o in opts.split(",") if o.startswith("upperdir=")), None)
        if upper and os.path.exists(upper) and os.path.realpath(upper) != real:
            ram = ram or bool(filesystem_of(upper)["ram"])
    return {"path": real, "mount": mnt, "fstype": fstype, "source": src, "ram": ram, "overlay_upper": upper}


def durable_dir(requested: str | Path | None) -> Path:
    """Where the durable journal run keeps its file: ``requested``, else the system's
    temporary directory when it is on a disk, else ``bench/.journal`` (made) beside this
    script. A RAM-backed ``requested`` is kept (its figures are then refused, not faked)."""
    if requested is not None:
        return Path(requested)
    tmp = Path(tempfile.gettempdir())
    if not filesystem_of(tmp)["ram"]:
        return tmp
    here = Path(__file__).resolve().parent / ".journal"
    here.mkdir(exist_ok=True)
    return here
