"""The coin gate on the simulated table (gpiozero MockFactory pins on the virtual clock):
the acceptor's inhibit line asserted whenever the table cannot honour a coin (the credit
cap, service mode, the journal not saving), a coin offered then never counted and the
panel saying why; the coin meter's pulse per coin credited; the coin door opening
service mode. Exact pin levels and times, read from the pins' own state history."""

from __future__ import annotations

import sqlite3
import tomllib
from pathlib import Path
from typing import Any

import pytest

from pitchside.app.config import TableConfig, parse_config
from pitchside.core.pricing import Credit
from pitchside_sim import pulses
from pitchside_sim.table import SimTable
from pitchside_sim.words import words

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml").read_text()
INHIBIT, METER, DOOR = "GPIO14", "GPIO18", "GPIO24"


def gated_config(cap: int = 300, extra_coin: str = "") -> TableConfig:
    """The pay-to-play example with the inhibit line, the meter, the coin door and a
    credit cap (its bonus: 2.00 paid in one go earns 1.00 more)."""
    text = EXAMPLE.replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    text = text.replace("\ninhibit_pin", "\n# inhibit_pin").replace("\nmeter_pin", "\n# meter_pin")
    text = text.replace("\ndoor_pin", "\n# door_pin").replace("\ncredit_cap", "\n# credit_cap")
    text = text.replace("\n[coin]", f'\n[coin]\ninhibit_pin = "{INHIBIT}"\nmeter_pin = "{METER}"\ndoor_pin = "{DOOR}"\n'
                                  f"{extra_coin}", 1)
    text = text.replace("\n[pricing]", f"\n[pricing]\ncredit_cap = {cap}", 1)
    return parse_config(tomllib.loads(text), "gated.toml", text=text)


def levels(sim: SimTable, pin: str) -> list[bool]:
    """The pin's levels so far, in order (gpiozero MockPin's state history)."""
    return [s.state for s in sim.factory.pin(pin).states]


def times(sim: SimTable, pin: str) -> list[tuple[float, bool]]:
    """Each change of the pin: (virtual time, level), from the history's deltas."""
    t, out = 0.0, []
    for s in sim.factory.pin(pin).states[1:]:
        t += s.timestamp
        out.append((round(t, 6), s.state))
    return out


def said(sim: SimTable) -> tuple[str, ...]:
    return words(sim.runtime.frame())


def faults(sim: SimTable) -> int:
    return sum(day.faults for day in sim.recorder.audits().days)


def test_the_credit_cap_asserts_inhibit_and_a_coin_then_is_never_counted(tmp_path: Path) -> None:
    sim = SimTable(gated_config(), journal=tmp_path / "j.db")
    try:
        # opened asserted (a table starting cannot honour a coin), released at once
        assert levels(sim, INHIBIT) == [False, True, False]
        assert sim.acceptor() == "coin acceptor: coins taken (inhibit off)"  # under the panel, in the terminal
        sim.coin(4)  # 2.00 and its 1.00 bonus: 3.00 reaches the cap
        assert sim.runtime.kiosk.credit == Credit(300, 200)
        assert sim.factory.pin(INHIBIT).state is True
        assert sim.acceptor() == "coin acceptor: coins refused (inhibit on): CREDIT FULL: NO COINS"
        assert said(sim) == ("PICHENOTTE - CREDIT $3.00 GAME $1.00 - CREDIT FULL: NO COINS",)
        sim.coin(1)  # offered while inhibited: its pulses come anyway, it is never credited
        assert sim.runtime.kiosk.credit == Credit(300, 200)
        assert sim.recorder.credit() == Credit(300, 200)
        assert faults(sim) == 1  # kept in the audits as an acceptor fault
        assert levels(sim, INHIBIT) == [False, True, False, True]
        sim.press("coin")
        sim.press("coin")  # a game paid (1.00) with its first line: under the cap again
        assert sim.runtime.kiosk.credit == Credit(200, 200)
        assert levels(sim, INHIBIT) == [False, True, False, True, False]
        assert said(sim)[-1] == "credit $2.00"  # the credit mark's words, during play
        sim.coin(1)
        assert sim.runtime.kiosk.credit == Credit(250, 250)
    finally:
        sim.close()


def test_the_meter_pulses_once_per_coin_credited_never_for_a_bonus_or_a_refused_coin(tmp_path: Path) -> None:
    sim = SimTable(gated_config(cap=1000, extra_coin="meter_pulse_ms = 80\n"), journal=tmp_path / "j.db")
    try:
        sim.coin(1)
        first = sim.now
        sim.coin(4)  # a coin and its bonus: one pulse
        sim.advance_to(sim.now + 1)
        changes = times(sim, METER)
        assert [level for _, level in changes] == [True, False, True, False]
        assert [round(changes[i + 1][0] - changes[i][0], 6) for i in (0, 2)] == [0.08, 0.08]
        assert changes[0][0] < first  # the first coin's pulse: right after its ledger entry
        assert sim.table.coin_outputs is not None and sim.table.coin_outputs.pulses == 2
        sim.chord("new", "undo")  # service mode: coins refused
        assert sim.factory.pin(INHIBIT).state is True
        sim.coin(2)
        sim.advance_to(sim.now + 1)
        assert (sim.table.coin_outputs.pulses, faults(sim)) == (2, 1)
    finally:
        sim.close()


def test_the_coin_door_opens_service_mode_and_closing_it_leaves(tmp_path: Path) -> None:
    sim = SimTable(gated_config(), journal=tmp_path / "j.db")
    try:
        door = sim.factory.pin(DOOR)
        assert (sim.runtime.kiosk.mode, door.state) == ("attract", False)  # shut: the switch holds it low
        pulses.drive(door, True)  # opened: the line rises on its pull-up
        sim.advance_to(sim.now + 0.5)
        assert (sim.runtime.kiosk.mode, sim.factory.pin(INHIBIT).state) == ("service", True)
        sim.coin(1)
        assert sim.runtime.kiosk.credit == Credit(0, 0)
        pulses.drive(door, False)
        sim.advance_to(sim.now + 0.5)
        assert (sim.runtime.kiosk.mode, sim.factory.pin(INHIBIT).state) == ("attract", False)
        sim.coin(1)
        assert sim.runtime.kiosk.credit == Credit(50, 50)
    finally:
        sim.close()


class DiskFull:
    """A connection whose every write fails as SQLite does on a full disk."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        raise sqlite3.OperationalError("database or disk is full")

    def close(self) -> None:
        self.conn.close()


def test_coins_are_refused_once_the_journal_stops_saving(tmp_path: Path) -> None:
    sim = SimTable(gated_config(cap=1000), journal=tmp_path / "j.db")
    try:
        sim.journal._conn = DiskFull(sim.journal._conn)  # type: ignore[arg-type, assignment]
        sim.coin(1)  # the coin the fault was found with: credited in memory (the acceptor took it)
        assert sim.runtime.kiosk.credit == Credit(50, 50)
        assert sim.factory.pin(INHIBIT).state is True
        assert said(sim) == ("! NOT SAVING: disk full", "PICHENOTTE - CREDIT $0.50 GAME $1.00 - NO COINS: NOT SAVING")
        sim.coin(1)
        assert sim.runtime.kiosk.credit == Credit(50, 50)
    finally:
        sim.close()


@pytest.mark.parametrize("key", ["inhibit_pin", "meter_pin", "door_pin"])
def test_a_coin_line_on_a_pin_already_used_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      key: str) -> None:
    from pitchside.cli.main import main

    path = tmp_path / "t.toml"
    text = EXAMPLE.replace(f"\n{key}", f"\n# {key}")
    path.write_text(text.replace("\n[coin]", f'\n[coin]\n{key} = "GPIO17"', 1))
    assert main(["check-config", str(path)]) == 2
    out = capsys.readouterr().out
    assert f"coin.{key}: GPIO17 is already used by buttons.shot_done: use GPIO18 (header pin 12), which nothing " \
           "on this table uses" in out


def test_a_coin_begun_before_the_line_was_asserted_is_credited(tmp_path: Path) -> None:
    """The acceptor took that coin before it was told to refuse: its pulses still
    coming when the coin door opens (service mode, the line asserted) are credited; the
    next coin, begun after, is not."""
    sim = SimTable(gated_config(cap=1000), journal=tmp_path / "j.db")
    try:
        coin, door = sim.factory.pin("GPIO20"), sim.factory.pin(DOOR)
        start = sim.now + 0.1
        edges = pulses.coin_train(start, 4)  # four 50 ms pulses, 50 ms apart: start .. start + 0.35
        for t, level in edges[:4]:  # two pulses in
            sim.advance_to(t)
            pulses.drive(coin, level)
        sim.advance_to(start + 0.18)
        pulses.drive(door, True)  # the door opens mid-coin: service mode, the line asserted
        sim.advance_to(start + 0.19)
        assert (sim.runtime.kiosk.mode, sim.factory.pin(INHIBIT).state) == ("service", True)
        for t, level in edges[4:]:
            sim.advance_to(t)
            pulses.drive(coin, level)
        sim.advance_to(sim.now + 0.5)  # the gap: the coin is complete
        assert sim.runtime.kiosk.credit == Credit(300, 200)  # 2.00 and its bonus
        sim.coin(1)
        assert (sim.runtime.kiosk.credit, faults(sim)) == (Credit(300, 200), 1)
    finally:
        sim.close()
