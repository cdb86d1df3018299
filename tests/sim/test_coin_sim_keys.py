"""The simulator's coin slot from the keyboard and in scenarios: the
``$`` key drops the cheapest coin as a realistic pulse train on a table with ``[coin]``;
``coin N cut`` drops a coin as the power fails (that coin lost, nothing else) and
``cut S`` is a power cut; the pay-to-play example config and its scenario."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from pitchside.app.config import load_config
from pitchside.app.config_coin import CoinConfig
from pitchside.core.errors import ConfigError
from pitchside.core.pricing import Extra, Pricing
from pitchside.tables import kiosk
from pitchside.cli.main import main as pitchside_main
from pitchside_sim.journals import journal_path
from pitchside_sim.keys import COIN_KEY, keymap_for
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import Action, parse_step
from pitchside_sim.table import SimTable

ROOT = Path(__file__).resolve().parents[2]
PAID = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml"
SCENARIO = ROOT / "sim" / "pitchside_sim" / "scenarios" / "pichenotte_coins.toml"


def credits_rows(path: Path) -> list[tuple[str, int, int]]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return list(conn.execute("SELECT kind, amount, balance FROM credits ORDER BY id"))


def test_the_pay_to_play_example_config() -> None:
    config = load_config(PAID)
    assert config.coin == CoinConfig(pin="GPIO20", free_credit_pin="GPIO15", inhibit_pin="GPIO14")
    assert config.pricing == Pricing(coins=((1, 50), (2, 100), (4, 200)), game=100, bonus=((200, 100),),
                                     extras=(Extra("players", "doubles", 50),), currency="$",
                                     credit_cap=1000)  # fmt: skip


def test_the_coin_key_is_there_only_with_an_acceptor() -> None:
    plain, help_plain = keymap_for("pichenotte", load_config(default_config_path()))
    assert COIN_KEY not in plain and not any(k in "$%^&*()" for k, _ in help_plain)
    keys, help_line = keymap_for("pichenotte", load_config(PAID))
    assert keys[COIN_KEY] == Action("coin", "", 1.0)  # the cheapest coin: 1 pulse, 50c
    assert (keys["%"], keys["^"]) == (Action("coin", "", 2.0), Action("coin", "", 4.0))  # $1, $2
    assert help_line[-4:] == (("$", "$0.50 coin"), ("%", "$1.00 coin"), ("^", "$2.00 coin"), ("q", "quit"))
    for game in ("pitchnut", "boulomania", "pitchbowl", "mastermove"):  # no key of a game is taken
        assert COIN_KEY not in keymap_for(game)[0]


def test_the_coin_key_drops_a_realistic_train_each_time_another(tmp_path: Path) -> None:
    config = load_config(PAID)
    keys, _ = keymap_for("pichenotte", config)
    sim = SimTable(config, journal=tmp_path / "j.db")
    try:
        pin = sim.factory.pin("GPIO20")
        trains = []
        for _ in range(3):
            before = len(pin.states)
            sim.act(keys[COIN_KEY], 0.3)
            trains.append(tuple(round(s.timestamp, 6) for s in pin.states[before:]))
        assert len(set(trains)) == 3  # each coin's timing is its own
        assert all(len(t) == 6 for t in trains)  # one pulse, ringing on both edges (3 edges each)
        assert kiosk.shown_credit(sim.runtime.kiosk) == 150
        assert credits_rows(tmp_path / "j.db") == [("coin", 50, 50), ("coin", 50, 100), ("coin", 50, 150)]
    finally:
        sim.close()


def test_scenario_steps_for_a_cut() -> None:
    assert parse_step("s", 0, "coin 4 cut", ("new",)) == [Action("coin", "cut", 4.0)]
    assert parse_step("s", 0, "cut", ("new",)) == [Action("cut", "", None)]
    assert parse_step("s", 0, "cut 3", ("new",)) == [Action("cut", "", 3.0)]
    for bad in ("coin 4 later", "coin cut", "cut 3 4"):
        with pytest.raises(ConfigError):
            parse_step("s", 0, bad, ("new",))


@pytest.mark.parametrize("pulses", [1, 4])
def test_a_coin_dropped_as_the_power_fails_is_the_only_one_lost(tmp_path: Path, pulses: int) -> None:
    sim = SimTable(load_config(PAID), journal=tmp_path / "j.db")
    try:
        sim.coin(2)
        sim.coin(pulses, cut=True)
        assert sim.power_cuts == 1
        assert kiosk.shown_credit(sim.runtime.kiosk) == 100  # the table booted again: the first coin's
        sim.coin(1)
        assert credits_rows(tmp_path / "j.db") == [("coin", 100, 100), ("coin", 50, 150)]
        assert sum(img.getbbox() is None for _, img in sim.device.frames) == 1  # the panel dark in the cut
    finally:
        sim.close()


def test_the_pay_to_play_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert pitchside_main(["sim", "pichenotte", "--config", str(PAID), "--script", str(SCENARIO), "--out", str(out),
                     "--no-terminal"]) == 0  # fmt: skip
    assert "status playing" in capsys.readouterr().out
    journal = journal_path(out, "pichenotte", script=True)  # the script run's own journal
    rows = credits_rows(journal)
    assert [(k, a) for k, a, _ in rows] == [("coin", 50), ("coin", 50), ("spend", -100)]  # the $2 coin cut: lost
    assert rows[-1][2] == 0
    with closing(sqlite3.connect(f"file:{journal}?mode=ro", uri=True)) as conn:
        (inputs,) = conn.execute("SELECT COUNT(*) FROM inputs").fetchone()
    assert inputs == 4  # the toss and three shots: the power cut mid-match lost none


def test_the_pay_to_play_scenario_on_a_table_without_an_acceptor_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --config the simulator takes the game's example config, which has no
    [coin]: the coins scenario is refused before the table starts, in one line."""
    out = tmp_path / "out"
    assert pitchside_main(["sim", "pichenotte", "--script", str(SCENARIO), "--out", str(out), "--no-terminal"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"pitchside sim: {SCENARIO}: steps: drops coins, but the table's config ({default_config_path()}) has no "
        "coin acceptor: run it with --config hardware/pitchside_hw/configs/pichenotte_coin.toml, or add a [coin] "
        "table to that config as that example does\n"
    )
    assert not journal_path(out, "pichenotte", script=True).exists()  # no table was started
