"""The electronic die end to end below the runtime: a simulated die unit on a pty
(sim/pitchside_sim/die_unit.py) reached through a stable name, the real serial reader
(pitchside_hw.serial_lines), the protocol parser and the Boulomania table controller.
Good rolls become rules inputs; every bad line is refused on the display and changes
nothing; unplugging is reported and the unit counts again once plugged back in."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from pitchside.tables import boulomania as bt
from pitchside.app.config import load_config
from pitchside.app.config_serial import SerialConfig
from pitchside.tables.effects import Accepted
from pitchside.core.rules import boulomania as rules
from pitchside.render.view import Prompt
from pitchside.signals.events import SerialLine, SerialStatus
from pitchside_hw.serial_lines import MAX_LINE, SerialLineReader
from pitchside_sim.die_unit import DieUnit
from pitchside_sim.run import default_config_path
from pitchside_sim.table import SimTable

WAIT_S = 5.0  # an upper bound for the threads to deliver; never a timing assertion


class Bench:
    """The reader's events fed into a table controller, as the runtime loop would."""

    def __init__(self, link: Path) -> None:
        self.events: queue.Queue[object] = queue.Queue()
        self.ts = bt.new_table(rules.Options(), ("Ann", "Bob"))
        self.accepted: list[object] = []
        self.reader = SerialLineReader("die", str(link), self.events.put, lambda: 0.0, retry_s=0.05)

    def until(self, done: Callable[[object], bool]) -> object:
        """Handle events until one satisfies ``done``; returns it."""
        while True:
            event = self.events.get(timeout=WAIT_S)
            self.ts, effects = bt.handle(self.ts, event)  # type: ignore[arg-type]
            self.accepted += [e.input for e in effects if isinstance(e, Accepted)]
            if done(event):
                return event

    def line(self) -> SerialLine:
        event = self.until(lambda e: isinstance(e, SerialLine))
        assert isinstance(event, SerialLine)
        return event

    def status(self, connected: bool | None = None) -> SerialStatus:
        event = self.until(lambda e: isinstance(e, SerialStatus) and connected in (None, e.connected))
        assert isinstance(event, SerialStatus)
        return event

    def close(self) -> None:
        self.reader.close()


@pytest.fixture
def link(tmp_path: Path) -> Path:
    return tmp_path / "pitchside-die"


@pytest.fixture
def unit(link: Path) -> Iterator[DieUnit]:
    u = DieUnit(link, rolls=[(5, 2), (3,), (5, 6)])
    yield u
    u.close()


@pytest.fixture
def bench(unit: DieUnit, link: Path) -> Iterator[Bench]:
    b = Bench(link)
    b.status(connected=True)
    assert b.line().text == "HELLO pitchside-die 1"  # the unit greets the host opening the port
    yield b
    b.close()


def test_the_unit_says_hello_when_the_table_opens_the_port(bench: Bench) -> None:
    assert bench.ts.die == bt.DieLink("connected", "protocol 1")
    assert bench.ts.prompt == Prompt("Die unit ready (protocol 1)", "info")


def test_good_rolls_enter_the_rules_as_inputs_carrying_their_values(bench: Bench, unit: DieUnit) -> None:
    unit.roll()
    assert bench.line().text == "ROLL 5 2"
    unit.roll()
    bench.line()
    unit.roll()
    bench.line()
    assert bench.accepted == [rules.StartRoll(5, 2), rules.JackRoll(3), rules.Point((5, 6))]
    game = bench.ts.match.state
    assert game.jack == 3 and game.at(11) == "A" and game.to_play == "B"
    last = bench.ts.last
    assert last is not None and (last.team, last.values, last.source) == ("A", (5, 6), "unit")
    assert last.line(("A", "B")).long == "A on 11"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"ROLL 3 7\r\n", "'ROLL 3 7': a die shows 1-6, not 7. Roll again"),
        (b"%$#garbage\n", "'%$#garbage': not a die line ('%$#garbage'?). Roll again"),
        (b"\xff\xfeROLL 2 2\n", "'\ufffd\ufffdROLL 2 2': garbled line (line noise?). Roll again"),
        (b"ROLL\n", "'ROLL': a roll with no dice. Roll again"),
        (b"ROLL 1 2 3 4\n", "'ROLL 1 2 3 4': 4 dice: a roll has 1 to 3. Roll again"),
        (b"ROLL 4\n", "the start roll (one die each) needs 2 dice, the die rolled 1: roll 2"),
        (b"ROLL 4 4 4\n", "the start roll (one die each) needs 2 dice, the die rolled 3: roll 2"),
    ],
)
def test_every_bad_line_is_refused_and_nothing_is_lost(bench: Bench, unit: DieUnit, raw: bytes, reason: str) -> None:
    before = bench.ts.match
    unit.send(raw)
    bench.line()
    assert bench.ts.match is before and bench.accepted == []
    assert bench.ts.prompt == Prompt(reason, "refusal", "DIE")
    unit.roll()  # the players roll again: it counts
    bench.line()
    assert bench.accepted == [rules.StartRoll(5, 2)]


def test_a_wrong_count_for_the_declared_throw_is_refused(bench: Bench, unit: DieUnit) -> None:
    unit.roll()
    bench.line()
    unit.roll()
    bench.line()  # the jack on 3; Ann declares POINT 2 (the default)
    unit.roll((4, 4, 1))
    bench.line()
    assert bench.ts.prompt == Prompt("POINT 2 needs 2 dice, the die rolled 3: roll 2", "refusal", "DIE")
    assert bench.accepted == [rules.StartRoll(5, 2), rules.JackRoll(3)]


def test_an_err_line_is_shown(bench: Bench, unit: DieUnit) -> None:
    unit.error("TILT", "box tilted")
    bench.line()
    assert bench.ts.prompt == Prompt("Die unit: TILT box tilted: roll again", "warning")


def test_an_endless_line_is_dropped_by_the_reader_and_reported(bench: Bench, unit: DieUnit) -> None:
    unit.send(b"ROLL " + b"6 " * MAX_LINE)
    bench.status()
    assert bench.ts.prompt == Prompt("Die: an over-long line lost, nothing counted: roll again", "warning")
    assert bench.accepted == []


def test_unplug_mid_line_then_replug_the_unit_counts_again(bench: Bench, unit: DieUnit, link: Path) -> None:
    unit.roll()
    bench.line()
    unit.send(b"ROLL 3")  # half a roll when the cable is pulled: never counted
    unit.unplug()
    bench.status(connected=False)
    assert bench.ts.die.status == "lost"
    assert bench.ts.prompt == Prompt("Die lost: replug or ROLL", "warning")
    assert bench.accepted == [rules.StartRoll(5, 2)]
    assert bt.expected_dice(bench.ts) == 1  # still waiting for the jack
    unit.plug()
    bench.status(connected=True)  # the reader reopens the stable name by itself
    assert bench.line().text == "HELLO pitchside-die 1"
    assert bench.ts.die.status == "connected"
    unit.roll()
    bench.line()
    assert bench.accepted == [rules.StartRoll(5, 2), rules.JackRoll(3)]


def test_the_table_may_ask_for_the_handshake_again(bench: Bench, unit: DieUnit) -> None:
    assert bench.reader.write_line("HELLO?")
    assert bench.line().text == "HELLO pitchside-die 1"
    assert "HELLO?" in unit.received and unit.hellos == 2


def test_a_unit_of_another_protocol_version_is_refused(link: Path) -> None:
    with DieUnit(link, version=2) as unit:
        b = Bench(link)
        try:
            b.status(connected=True)
            b.line()
            assert b.ts.die == bt.DieLink("bad_version", "pitchside-die 2")
            unit.roll((5, 2))
            b.line()
            assert b.accepted == []
            assert b.ts.prompt is not None and b.ts.prompt.rule == "DIE"
        finally:
            b.close()


def _pump_until(sim: SimTable, done: Callable[[], bool]) -> None:
    """Handle what the reader thread queued until ``done`` (bounded by WAIT_S)."""
    deadline = time.monotonic() + WAIT_S
    while not done():
        assert time.monotonic() < deadline, "the die unit's line never reached the table"
        sim.runtime.process_pending()
        threading.Event().wait(0.005)  # the reader is a real thread on a real pty


def test_the_die_unit_reaches_the_simulated_table(link: Path) -> None:
    """The sim table with ``[serial.die]`` on the unit's stable name: a roll from the
    unit is journaled as the start roll."""
    config = load_config(default_config_path("boulomania"))
    config = replace(config, serial=(SerialConfig("die", str(link)),))
    with DieUnit(link, rolls=[(2, 6)]) as unit:
        sim = SimTable(config, seed=1)
        try:
            sim.press("shot_done")  # wake: the menu
            sim.press("shot_done")  # the defaults: the game is on
            sim.advance_to(sim.now + 0.5)
            _pump_until(sim, lambda: sim.inputs.serial["die"].connected)
            unit.roll()
            _pump_until(sim, lambda: sim.runtime.state.match.can_undo())
            out = sim.output()
            assert out["phase"] == "jack_roll" and out["starter"] == "B"
            last = sim.runtime.state.last
            assert (last.team, last.values, last.source) == (None, (2, 6), "unit")
            assert last.line(("A", "B")).long == "A 2, B 6"
        finally:
            sim.close()
