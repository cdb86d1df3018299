"""The simulator's coin slot: realistic pulse trains at the pins of a simulated table
with ``[coin]`` and ``[pricing]``, through gpiozero, the decoder, the kiosk and the
journal; a coin whose pulses were still arriving at a power cut is the only one lost."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pitchside.app.config import load_config
from pitchside.app.config_coin import CoinConfig
from pitchside.core.pricing import Pricing
from pitchside.tables import kiosk
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import parse_step
from pitchside_sim.table import SimTable


@pytest.fixture
def config():
    base = load_config(default_config_path())
    return replace(base, coin=CoinConfig(pin="GPIO20"), pricing=Pricing(coins=((1, 50), (2, 100)), game=100))




def test_coins_credit_the_table_and_the_journal(config, tmp_path: Path) -> None:
    sim = SimTable(config, journal=tmp_path / "j.db")
    try:
        sim.coin(2, seed=3)
        sim.coin(1, seed=4)
        assert kiosk.shown_credit(sim.runtime.kiosk) == 150
        assert sim.journal.balance() == (150, 150)
    finally:
        sim.close()


def test_a_coin_cut_by_a_power_cut_is_lost_and_nothing_else(config, tmp_path: Path) -> None:
    db = tmp_path / "j.db"
    sim = SimTable(config, journal=db)
    sim.coin(2, seed=1)  # acknowledged
    pin = sim.factory.pin("GPIO20")
    sim.advance_to(sim.now + 0.1)
    pin.drive_low()  # the next coin's first pulse is arriving ...
    sim.runtime.process_pending()
    sim.close()  # ... when the power goes
    again = SimTable(config, journal=db)
    try:
        assert kiosk.shown_credit(again.runtime.kiosk) == 100
    finally:
        again.close()


def test_scenario_step() -> None:
    (a,) = parse_step("s", 0, "coin 2", ("new",))
    assert (a.verb, a.seconds) == ("coin", 2.0)
