"""A happy hour on the simulated table: its shell reads the wall clock each minute as a
real table's does (:class:`pitchside.app.pay_clock.PayClock` on the runtime's timers,
started by ``build_table``), the wall clock here injected and run on by the virtual
time, so no test waits on the wall. The price the attract screen shows and the game
paid follow it, exact values."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path

from pitchside.app.config import TableConfig, parse_config
from pitchside.core.pricing import Credit
from pitchside_sim.table import SimTable
from pitchside_sim.words import words

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml").read_text()


def happy_config() -> TableConfig:
    """The pay-to-play example (a game 1.00) with half price on weekdays 17:00-19:00."""
    text = EXAMPLE.replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    text = text.replace("\n[pricing]", '\n[pricing]\nhours = [{ days = "mon-fri", start = "17:00", end = "19:00", '
                                      "discount = 50 }]", 1)  # fmt: skip
    return parse_config(tomllib.loads(text), "happy.toml", text=text)


def local(hour: int, minute: int, second: int = 0) -> float:
    """Monday 7 December 2026 at that local time, as seconds since the epoch."""
    return time.mktime((2026, 12, 7, hour, minute, second, 0, 0, -1))


def said(sim: SimTable) -> tuple[str, ...]:
    return words(sim.runtime.frame())


def test_the_happy_hour_price_inside_the_hour_and_the_normal_price_outside(tmp_path: Path) -> None:
    inside = SimTable(happy_config(), journal=tmp_path / "in.db", wall_start=local(17, 30))
    try:
        assert said(inside) == ("PICHENOTTE - CREDIT $0.00 GAME $0.50 - INSERT COIN",)  # from the first frame
        assert len(inside.device.frames) == 1
        inside.advance_to(0.1)
        assert said(inside) == ("PICHENOTTE - CREDIT $0.00 GAME $0.50 - INSERT COIN",)
        inside.coin(1)  # 0.50: a game at half price
        assert said(inside) == ("PICHENOTTE - CREDIT $0.50 GAME $0.50 - PRESS ANY BUTTON",)
        inside.press("coin")  # the menu
        inside.press("coin")  # started and tossed: the game paid, 0.50
        assert (inside.runtime.kiosk.mode, inside.runtime.kiosk.credit) == ("playing", Credit(0, 0))
        assert said(inside)[-1] == "credit $0.00"
    finally:
        inside.close()
    outside = SimTable(happy_config(), journal=tmp_path / "out.db", wall_start=local(19, 0))
    try:
        outside.advance_to(0.1)
        assert said(outside) == ("PICHENOTTE - CREDIT $0.00 GAME $1.00 - INSERT COIN",)
        outside.coin(1)
        outside.press("coin")
        outside.press("coin")  # 0.50 is not a game at 1.00: the menu asks for more
        assert (outside.runtime.kiosk.mode, outside.runtime.kiosk.credit) == ("menu", Credit(50, 50))
        assert said(outside)[-1] == "INSERT COIN CREDIT $0.50 GAME $1.00"
    finally:
        outside.close()


def test_the_happy_hour_starts_and_ends_as_the_sim_s_clock_turns_the_minute(tmp_path: Path) -> None:
    sim = SimTable(happy_config(), journal=tmp_path / "j.db", wall_start=local(16, 59, 50))
    try:
        sim.advance_to(0.1)
        assert said(sim) == ("PICHENOTTE - CREDIT $0.00 GAME $1.00 - INSERT COIN",)
        sim.advance_to(10.4)  # 16:59:60.4: read at 17:00:00.5
        assert said(sim) == ("PICHENOTTE - CREDIT $0.00 GAME $1.00 - INSERT COIN",)
        sim.advance_to(10.5)
        assert said(sim) == ("PICHENOTTE - CREDIT $0.00 GAME $0.50 - INSERT COIN",)
        sim.advance_to(10.0 + 2 * 3600 + 0.5)  # 19:00:00.5, every minute read on the way
        assert said(sim) == ("PICHENOTTE - CREDIT $0.00 GAME $1.00 - INSERT COIN",)
    finally:
        sim.close()
