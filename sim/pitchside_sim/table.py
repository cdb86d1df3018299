"""The simulated table: the real drivers and runtime on a virtual-clock MockFactory and
a recording luma dummy device.

Only pins, pixels and the passing of time are fake. A press is a waveform with contact
bounce on a :class:`~gpiozero.pins.mock.MockPin`; a puck through the twenty hole is a
beam break of some ms; both go through :class:`~pitchside_hw.inputs.ButtonInput` /
:class:`~pitchside_hw.inputs.BeamInput`, the pure filters, the runtime's queue, the
rules, the renderer and :class:`~pitchside_hw.display.Display` into the device.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PIL import Image

from pitchside.app.config import DisplayConfig, TableConfig
from pitchside.tables.registry import app_for
from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder
from pitchside.core.record.format import dump
from pitchside.core.sides import Side
from pitchside_hw.display import Display
from pitchside_hw.pins import TickClock
from pitchside_hw.table import build_table
from pitchside_sim import pulses
from pitchside_sim.clock import VirtualClockFactory
from pitchside_sim.frames import RecordingDevice
from pitchside_sim.scenario import Action

PRESS_S = 0.15
"""Default length of a simulated press, s."""
DROP_S = 0.025
"""Default time a puck blocks the twenty-hole beam, s (a puck of about 3 cm falling)."""


class SimTable:
    """One simulated table.

    :param config: the table config (its pin map and display size are used; its pin
        factory and display driver are replaced by the simulation's).
    :param seed: seed of the coin toss's random source, so a scenario is repeatable.
    :param on_frame: called with each frame the device receives (the terminal view).
    :param journal: the journal file; an unfinished match in it is resumed (as after a
        power cut). None: a private temporary journal, removed on :meth:`close`.
    :param wall_start: the wall clock when the table starts, seconds since the epoch
        (None: now); the table's wall clock runs on from it with the virtual time
        (:attr:`wall`), read each minute for the prices' hours as a real table reads
        its own (:class:`pitchside.app.pay_clock.PayClock`).
    """

    def __init__(
        self,
        config: TableConfig,
        seed: int = 1,
        on_frame: Callable[[Image.Image], None] | None = None,
        journal: str | Path | None = None,
        wall_start: float | None = None,
    ) -> None:
        self.config = config
        self._wall_start = time.time() if wall_start is None else wall_start
        self.device: RecordingDevice
        self.side_devices: dict[str, RecordingDevice] = {}
        self.cues: list[str] = []
        """The sound cues the runtime gave, in order (the buzzer is not simulated)."""
        self.power_cuts = 0
        """Power cuts so far (:meth:`power_cut`)."""
        self._seed = seed
        self._on_frame = on_frame
        self._coins = 0
        self._tmp = tempfile.TemporaryDirectory(prefix="pitchside-sim-") if journal is None else None
        self._path = Path(self._tmp.name) / "journal.db" if self._tmp is not None else Path(journal)  # type: ignore[arg-type]
        self._boot(0.0)

    def _boot(self, start_s: float) -> None:
        """Power on at virtual time ``start_s``: pins, journal, drivers, runtime (the
        recording devices are kept across a power cut, so their frames run on)."""
        config, on_frame = self.config, self._on_frame
        self.factory = VirtualClockFactory(start_s)
        if config.coin is not None and config.coin.door_pin:  # the coin door shut: its switch at the shut level
            self.factory.held[config.coin.door_pin] = config.coin.door_open != "high"
        self.clock = TickClock(self.factory, epoch_ticks=0.0)
        devices = {"display": self.device} if hasattr(self, "device") else {}
        devices |= {"side_a" if k == "A" else "side_b": d for k, d in self.side_devices.items()}

        def open_display(role: str, d: DisplayConfig) -> Display:
            device = devices.get(role)
            if device is None:
                device = RecordingDevice(d.width, d.height, d.rotate, clock=self.clock.now,
                                         on_frame=on_frame if role == "display" else None)  # fmt: skip
            device._clock = self.clock.now  # the new boot's clock, running on from the cut
            if role == "display":
                self.device = device
                return Display(device, persist=True, name="sim")
            self.side_devices["A" if role == "side_a" else "B"] = device
            return Display(device, persist=True, name=f"sim {role}")

        rng = random.Random(self._seed + self.power_cuts)
        self.journal = Journal.open(self._path)
        self.app = app_for(config.game)
        self.table = build_table(
            config, pin_factory=self.factory, clock=self.clock, open_display=open_display, journal=self.journal,
            toss=lambda: rng.choice(("A", "B")), dice=lambda n: tuple(rng.randint(1, 6) for _ in range(n)),
            sound=_CueLog(self.cues), wall=self.wall,
        )  # fmt: skip
        assert self.table.recorder is not None
        self.recorder: Recorder = self.table.recorder
        self.runtime = self.table.runtime
        self.inputs = self.table.inputs
        self.display = self.table.display
        for beam in config.beams:  # the receivers see their emitters: beams clear
            pulses.drive(self.factory.pin(beam.pin), beam.blocked_level != "high")
        self.runtime.refresh()

    @property
    def now(self) -> float:
        """Virtual seconds since the table started."""
        return self.clock.now()

    def wall(self) -> float:
        """The table's wall clock, seconds since the epoch: its start's, run on with the
        virtual time (power cuts included)."""
        return self._wall_start + self.clock.now()

    def advance_to(self, t_s: float) -> None:
        """Let virtual time run to ``t_s``: fire due timers in order, handle events."""
        while True:
            due = self.runtime.next_due()
            if due is None or due > t_s:
                break
            self.factory.set_time(max(due, self.now))
            self.runtime.fire_due(self.now)
            self.runtime.process_pending()
        self.factory.set_time(max(t_s, self.now))
        self.runtime.process_pending()

    def _edges(self, name: str, edges: list[pulses.Edge]) -> None:
        beams = {b.name: b.pin for b in self.config.beams}
        if self.config.coin is not None:
            beams[self.config.coin.name] = self.config.coin.pin
        pin = self.factory.pin(beams[name] if name in beams else self.config.button(name).pin)
        for t_s, level in edges:
            self.advance_to(t_s)
            pulses.drive(pin, level)
            self.runtime.process_pending()

    def press(self, name: str, seconds: float = PRESS_S) -> None:
        """Press button ``name`` for ``seconds``, with contact bounce, starting now."""
        pressed_level = not self.config.button(name).pull_up
        self._edges(name, pulses.button_press(self.now, seconds, pressed_level=pressed_level))

    def hold(self, name: str, seconds: float | None = None) -> None:
        """A long press: ``seconds`` (default the hold time + 0.5 s)."""
        self.press(name, seconds if seconds is not None else self.config.hold_s + 0.5)

    def chord(self, first: str, second: str, seconds: float | None = None) -> None:
        """Press ``first``, then ``second`` 0.3 s later, hold both ``seconds`` (default
        the hold time + 0.6 s), release both: the staff gesture is ``new`` + ``undo``."""
        held = seconds if seconds is not None else self.config.hold_s + 0.6
        t0 = self.now
        a = pulses.bouncy_edge(t0, not self.config.button(first).pull_up)
        b = pulses.bouncy_edge(t0 + 0.3, not self.config.button(second).pull_up)
        ra = pulses.bouncy_edge(t0 + 0.3 + held, self.config.button(first).pull_up)
        rb = pulses.bouncy_edge(t0 + 0.35 + held, self.config.button(second).pull_up)
        for name, edges in ((first, a), (second, b), (first, ra), (second, rb)):
            self._edges(name, edges)

    def drop(self, seconds: float = DROP_S, beam: str | None = None) -> None:
        """A piece through break-beam ``beam`` (default the table's first, the twenty
        hole on a Pichenotte table): the beam blocked for ``seconds``."""
        b = next(x for x in self.config.beams if beam is None or x.name == beam)
        self._edges(b.name, pulses.beam_break(self.now, seconds, blocked_level=b.blocked_level == "high"))

    def coin(self, pulses_n: int, seed: int | None = None, cut: bool = False) -> None:
        """A coin into the acceptor (``[coin]``): ``pulses_n`` pulses of about 50 ms
        with ±20 % timing spread and ringing on every edge, then the quiet gap.

        :param seed: the train's timing (default: a new one per coin of this table, the
            same on every run).
        :param cut: the power fails while the pulses are still arriving (after half of
            them, or during the only one) and comes back 1 s later (:meth:`power_cut`):
            that coin is lost, and only that one.
        :raises ValueError: the table has no ``[coin]`` section."""
        if self.config.coin is None:
            raise ValueError("this table has no coin acceptor ([coin] in its config)")
        c = self.config.coin
        self._coins += 1
        edges = pulses.coin_train(self.now, pulses_n, spread=0.2, seed=self._coins if seed is None else seed,
                                  bounce_gaps_s=(0.0002, 0.0003), active_level=c.active == "high")  # fmt: skip
        if cut:  # up to the middle of the train: within a pulse when it has one pulse
            pulse_edges = len(edges) // pulses_n
            self._edges(c.name, edges[: (pulses_n // 2) * pulse_edges + pulse_edges // 2])
            self.power_cut(1.0)
            return
        self._edges(c.name, edges)
        self.advance_to(self.now + c.gap_ms / 1000 + 0.01)

    def acceptor(self) -> str | None:
        """The coin acceptor's inhibit line as the terminal shows it under the panel's
        words (``"coin acceptor: coins taken (inhibit off)"``, ``"coin acceptor: coins
        refused (inhibit on): CREDIT FULL: NO COINS"``), or None without the line."""
        outputs = self.table.coin_outputs
        if outputs is None or outputs.inhibited is None:
            return None
        if not outputs.inhibited:
            return "coin acceptor: coins taken (inhibit off)"
        from pitchside.tables.coin_gate import SAYS

        gate = self.runtime.kiosk.gate
        why = SAYS[gate.asked] if gate is not None and gate.asked is not None else "the table is starting"
        return f"coin acceptor: coins refused (inhibit on): {why}"

    def power_cut(self, seconds: float = 1.0) -> None:
        """The power fails now and comes back ``seconds`` later: nothing more is
        written or shown, the panels go dark, and the table boots again on its journal
        (an unfinished match resumes, the credit is the journal's)."""
        off = self.now  # the new boot's pins start idle: the acceptor lost its power too
        self.table.close()
        self.factory.close()
        self.journal.close()
        for device in (self.device, *self.side_devices.values()):
            device.frames.append((off, Image.new(device.mode, device.size, 0)))  # dark
        self.power_cuts += 1
        self._boot(off + seconds)

    def act(self, action: Action, gap_s: float) -> None:
        """Carry out one scenario action, then let ``gap_s`` pass."""
        if action.verb == "press":
            self.press(action.name, action.seconds or PRESS_S)
        elif action.verb == "hold":
            self.hold(action.name, action.seconds)
        elif action.verb == "chord":
            first, second = action.name.split("+")
            self.chord(first, second, action.seconds)
        elif action.verb == "drop":
            self.drop(action.seconds or DROP_S, action.name or None)
        elif action.verb == "coin":
            self.coin(int(action.seconds or 1), cut=action.name == "cut")
        elif action.verb == "cut":
            self.power_cut(action.seconds or 1.0)
        elif action.verb == "wait":
            self.advance_to(self.now + (action.seconds or 0.0))
            return
        else:  # pragma: no cover - the scenario parser allows no other verb
            raise ValueError(f"unknown action {action.verb!r}")
        self.advance_to(self.now + gap_s)

    def output(self) -> dict[str, Any]:
        """The match as the replay format's output object (docs/spec/replay.md)."""
        match = self.runtime.state.match
        out: dict[str, Any] = match.codec.output(match.state) | {"rejected": []}
        return out

    def replay_text(self) -> str:
        """The match as the journal holds it, as a replay file (undos included)."""
        if self.recorder.match_id is None or self.recorder.match_id < 0:
            names = dict(zip(("A", "B"), self.config.sides))
            return dump(self.runtime.state.match, sides=names)
        return self.journal.export(self.recorder.match_id)

    def close(self) -> None:
        self.table.close()
        self.factory.close()
        self.journal.close()
        if self._tmp is not None:
            self._tmp.cleanup()


class _CueLog:
    """A sound sink recording the cues (:class:`pitchside.tables.cues.SoundSink`)."""

    def __init__(self, cues: list[str]) -> None:
        self._cues = cues

    def cue(self, name: str) -> None:
        self._cues.append(name)


def sim_config(config: TableConfig, options: dict[str, Any] | None = None, sides: tuple[str, str] | None = None) -> TableConfig:
    """``config`` with a scenario's options and side names laid over it.

    :raises MalformedInput: a bad option (named).
    """
    app = app_for(config.game)
    merged = dict(app.codec.options_to_json(config.options)) | (options or {})
    out = replace(config, options=app.parse_options(merged))
    return replace(out, sides=sides) if sides else out


def winner_name(config: TableConfig, side: Side | None) -> str:
    return "nobody" if side is None else config.sides[0 if side == "A" else 1]
