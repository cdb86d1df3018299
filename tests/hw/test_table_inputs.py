"""TableInputs: every button and beam of the example table, built from its config, on a
virtual-clock MockFactory passed explicitly, feeding a real Runtime.

Edges are driven at exact virtual times; the runtime's own timers (``next_due`` /
``fire_due``) are honoured between edges, as ``Runtime.run`` does on the real table.
No sleeps, no threads.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from gpiozero import DigitalInputDevice
from PIL import Image

from pitchside.tables import pichenotte as pichenotte_table
from pitchside.app.config import TableConfig, load_config
from pitchside.tables.kiosk import KioskSettings
from pitchside.app.runtime import Runtime, TableParts
from pitchside.core.errors import HardwareError
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed, ButtonReleased, SensorNoisy
from pitchside.signals.timers import TimerRequest
from pitchside_hw.inputs import BeamInput, ButtonInput
from pitchside_hw.pins import TickClock
from pitchside_hw.table import TableInputs
from pitchside_sim import pulses
from pitchside_sim.clock import VirtualClockFactory

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"

BUTTON_PINS = {
    "call": "GPIO5",
    "coin": "GPIO4",
    "ditch_a": "GPIO12",
    "ditch_b": "GPIO13",
    "minus": "GPIO21",
    "new": "GPIO23",
    "next": "GPIO26",
    "no_contact": "GPIO6",
    "plus": "GPIO19",
    "shot_done": "GPIO17",
    "undo": "GPIO22",
    "whose": "GPIO16",
}
BEAM_PIN = "GPIO27"


@pytest.fixture
def config() -> TableConfig:
    # The example names lgpio; the tests use the simulation's factory, passed explicitly.
    return dataclasses.replace(load_config(EXAMPLE), pin_factory="mock")


class Table:
    """A Runtime fed by TableInputs; ``posted`` is everything the drivers put on its
    queue, in order."""

    def __init__(self, config: TableConfig, factory: VirtualClockFactory, clock: TickClock) -> None:
        self.factory = factory
        self.frames: list[Image.Image] = []
        self.posted: list[object] = []
        self.runtime = Runtime(
            pichenotte_table.new_table(config.options, config.sides),
            TableParts(
                sink=self,
                toss=lambda: "A",
                clock=clock.now,
                size=(config.display.width, config.display.height),
                settings=KioskSettings(attract=False),  # the game at once: these tests are about the pins
            ),
        )
        self.inputs = TableInputs(config, factory, self.put, clock)
        self.inputs.connect(self.runtime)

    def show(self, image: Image.Image) -> None:
        self.frames.append(image)

    def put(self, item: object) -> None:
        self.posted.append(item)
        self.runtime.post(item)  # type: ignore[arg-type]

    def events(self) -> list[object]:
        return [p for p in self.posted if not isinstance(p, TimerRequest)]

    def advance_to(self, t_s: float) -> None:
        """Let virtual time run to ``t_s``, firing the runtime's due timers in order."""
        while (due := self.runtime.next_due()) is not None and due <= t_s:
            self.factory.set_time(max(due, self.factory.ticks()))
            self.runtime.fire_due(self.factory.ticks())
            self.runtime.process_pending()
        self.factory.set_time(max(t_s, self.factory.ticks()))
        self.runtime.process_pending()

    def drive(self, pin: str, edges: list[pulses.Edge]) -> None:
        for t_s, level in edges:
            self.advance_to(t_s)
            pulses.drive(self.factory.pin(pin), level)
            self.runtime.process_pending()


@pytest.fixture
def tbl(config: TableConfig, factory: VirtualClockFactory, clock: TickClock):
    t = Table(config, factory, clock)
    yield t
    t.inputs.close()


def test_opens_12_buttons_and_1_beam_on_the_exact_pins(tbl: Table, factory: VirtualClockFactory) -> None:
    inputs = tbl.inputs.inputs
    assert sorted(inputs) == sorted([*BUTTON_PINS, "twenty"])
    buttons = {n: d for n, d in inputs.items() if isinstance(d, ButtonInput)}
    beams = {n: d for n, d in inputs.items() if isinstance(d, BeamInput)}
    assert (len(buttons), len(beams)) == (12, 1)
    assert {n: d._device.pin.info.name for n, d in buttons.items()} == BUTTON_PINS  # type: ignore[union-attr]
    assert inputs["twenty"]._device.pin.info.name == BEAM_PIN  # type: ignore[union-attr]
    assert sorted(info.name for info in factory.pins) == sorted([*BUTTON_PINS.values(), BEAM_PIN])
    for name, pin in BUTTON_PINS.items():
        assert factory.pin(pin).pull == "up", name  # buttons to ground, internal pull-up
    assert factory.pin(BEAM_PIN).pull == "up"
    assert not any(d.closed for d in inputs.values())
    assert tbl.posted == []  # opening reports nothing


def test_bouncy_press_on_gpio17_reaches_the_runtime_once(tbl: Table) -> None:
    assert pulses.ROCKER_BOUNCE_GAPS_S  # five bounces on each edge
    tbl.drive("GPIO17", pulses.button_press(1.0, 0.3))
    tbl.advance_to(5.0)
    assert tbl.events() == [ButtonPressed("shot_done", 1.0), ButtonReleased("shot_done", 1.3, held=False)]
    assert tbl.runtime.events_handled == 2
    # it reached the controller: SHOT DONE before the toss is refused (PI-20)
    prompt = tbl.runtime.state.prompt
    assert prompt is not None and (prompt.kind, prompt.rule) == ("refusal", "PI-20")


def test_coin_then_shot_done_commit_the_first_shot(tbl: Table) -> None:
    tbl.drive("GPIO4", pulses.button_press(1.0, 0.2))
    tbl.drive("GPIO17", pulses.button_press(2.0, 0.2))
    tbl.advance_to(5.0)
    assert [type(e).__name__ for e in tbl.events()] == ["ButtonPressed", "ButtonReleased"] * 2
    assert len(tbl.runtime.state.match.inputs) == 2
    assert tbl.runtime.state.match.state.turn == "B"


def test_beam_break_of_5_ms_on_gpio27_is_one_beam_broken(tbl: Table, factory: VirtualClockFactory) -> None:
    # The receiver's pull-up reads high (blocked) until the emitter is seen: clear it.
    tbl.drive(BEAM_PIN, [(0.0, False)])
    assert tbl.events() == []  # blocked since opening: unknown length, never a piece
    # 0.002 + 0.005 - 0.002 == 0.005 exactly in binary floating point (from 1.0 it
    # would be 0.004999999999999893): blocked_s is the edge-time difference.
    tbl.drive(BEAM_PIN, pulses.beam_break(0.002, 0.005, blocked_level=True))
    tbl.advance_to(10.0)
    assert tbl.events() == [BeamBroken("twenty", 0.007, 0.005)]
    broken = tbl.events()[0]
    assert isinstance(broken, BeamBroken) and broken.blocked_s == 0.005
    assert tbl.inputs.inputs["twenty"].count == 1  # type: ignore[union-attr]
    # outside a shot (no toss yet) the controller ignores it with a warning
    prompt = tbl.runtime.state.prompt
    assert prompt is not None and prompt.kind == "warning"


def test_beam_break_shorter_than_min_block_ms_is_not_a_piece(tbl: Table) -> None:
    tbl.drive(BEAM_PIN, [(0.0, False)])
    tbl.drive(BEAM_PIN, pulses.beam_break(1.0, 0.001, blocked_level=True))  # min_block_ms = 2
    tbl.advance_to(10.0)
    assert tbl.events() == []


def test_hold_on_gpio23_through_the_runtime_timers_is_button_held(tbl: Table) -> None:
    # a match under way: a player's hold of NEW must not end it by itself (it asks END
    # MATCH?, tables/kiosk/)
    tbl.drive("GPIO4", pulses.button_press(0.5, 0.1))
    tbl.advance_to(1.0)
    assert tbl.runtime.state.match.state.phase == "shooting"
    del tbl.posted[:]

    edges = pulses.button_press(1.0, 1.5)  # hold_s = 1.0
    press = [e for e in edges if e[0] < 2.5]
    release = [e for e in edges if e[0] >= 2.5]
    assert press[-1][1] is False and release[-1][1] is True  # ends pressed; ends released
    tbl.drive("GPIO23", press)
    assert tbl.runtime.next_due() is not None  # the decoder asked for timers
    tbl.advance_to(2.2)  # still pressed: only the runtime's timers can tell the hold
    assert tbl.events() == [ButtonPressed("new", 1.0), ButtonHeld("new", 2.0)]
    assert tbl.runtime.state.match.state.phase == "shooting"  # a lone hold of NEW: no new match
    assert tbl.runtime.kiosk.mode == "end"  # the question, answered with DONE or not
    hold_requests = [p for p in tbl.posted if isinstance(p, TimerRequest) and p.reason == "hold"]
    assert [(r.name, r.due_at) for r in hold_requests] == [("new", 2.0)]

    tbl.drive("GPIO23", release)
    tbl.advance_to(5.0)
    assert tbl.events() == [ButtonPressed("new", 1.0), ButtonHeld("new", 2.0), ButtonReleased("new", 2.5, held=True)]


def test_without_the_runtime_timers_the_hold_waits_for_the_release(
    config: TableConfig, factory: VirtualClockFactory, clock: TickClock
) -> None:
    # The contrast: timer requests go unanswered (no connect, no fire_due), so the
    # hold is only settled by the next edge, at the release.
    posted: list[object] = []
    inputs = TableInputs(config, factory, posted.append, clock)
    try:
        for t_s, level in pulses.button_press(1.0, 1.5):
            factory.set_time(t_s)
            pulses.drive(factory.pin("GPIO23"), level)
            if t_s < 2.0:
                assert not any(isinstance(p, ButtonHeld) for p in posted)
        events = [p for p in posted if not isinstance(p, TimerRequest)]
        assert events == [ButtonPressed("new", 1.0), ButtonHeld("new", 2.0), ButtonReleased("new", 2.5, held=True)]
    finally:
        inputs.close()


def test_close_frees_the_pins(config: TableConfig, factory: VirtualClockFactory, clock: TickClock) -> None:
    first = TableInputs(config, factory, [].append, clock)
    with pytest.raises(HardwareError) as info:
        TableInputs(config, factory, [].append, clock)  # every pin is taken
    assert "cannot open input on pin" in str(info.value)
    first.close()
    assert all(d.closed for d in first.inputs.values())
    first.close()  # idempotent
    second = TableInputs(config, factory, [].append, clock)
    try:
        assert not any(d.closed for d in second.inputs.values())
        assert len(second.inputs) == 13
    finally:
        second.close()


def test_timer_due_after_close_does_nothing(tbl: Table) -> None:
    tbl.drive("GPIO23", [e for e in pulses.button_press(1.0, 1.5) if e[0] < 2.5])
    assert tbl.runtime.next_due() is not None
    before = list(tbl.posted)
    tbl.inputs.close()
    tbl.advance_to(10.0)  # the pending timers fire into closed drivers
    assert tbl.posted == before  # no ButtonHeld from a closed button


@pytest.mark.parametrize(("blocked_pin", "opened_before"), [("GPIO5", 0), ("GPIO16", 11), (BEAM_PIN, 12)])
def test_a_pin_in_use_at_construction_closes_the_ones_already_opened(
    config: TableConfig, factory: VirtualClockFactory, clock: TickClock, blocked_pin: str, opened_before: int
) -> None:
    # Buttons open in name order (call=GPIO5 first, whose=GPIO16 last), then the beam.
    assert (config.buttons[0].name, config.buttons[-1].name) == ("call", "whose")
    blocker = DigitalInputDevice(blocked_pin, pin_factory=factory)
    try:
        with pytest.raises(HardwareError) as info:
            TableInputs(config, factory, [].append, clock)
        assert f"cannot open input on pin '{blocked_pin}'" in str(info.value)
        # MockFactory keeps every pin it ever made: the blocker's, and the ones
        # TableInputs opened before it failed.
        assert len(factory.pins) == opened_before + 1
        for pin in [*BUTTON_PINS.values(), BEAM_PIN]:  # all were released again
            if pin != blocked_pin:
                DigitalInputDevice(pin, pin_factory=factory).close()
    finally:
        blocker.close()
    TableInputs(config, factory, [].append, clock).close()  # and the whole table opens


@pytest.mark.parametrize(("train", "noisy"), [({}, False), ({"train_pulses": 3, "train_spacing_ms": 2.0}, True)])
def test_the_twenty_hole_s_pulse_train_settings_come_from_the_config(
    config: TableConfig, factory: VirtualClockFactory, clock: TickClock, train: dict[str, float], noisy: bool
) -> None:
    """``beams.twenty.train_pulses`` / ``train_spacing_ms`` reach the beam's counter: three
    0.3 ms flickers 1 ms apart are a pulse train with 3 in a row allowed 2 ms apart, and
    nothing with the defaults (8 in a row, 3 ms)."""
    beams = tuple(dataclasses.replace(b, **train) for b in config.beams)  # type: ignore[arg-type]
    t = Table(dataclasses.replace(config, beams=beams), factory, clock)
    try:
        t.drive(BEAM_PIN, [(0.0, False)])
        for k in range(3):
            t.drive(BEAM_PIN, pulses.beam_break(1.0 + k * 0.001, 0.0003, blocked_level=True))
        t.advance_to(10.0)
        storms = [e for e in t.posted if isinstance(e, SensorNoisy)]
        assert [(s.name, s.detail) for s in storms] == (
            [("twenty", "storm: 3 pulses in a row, each within 2 ms")] if noisy else [])
    finally:
        t.inputs.close()
