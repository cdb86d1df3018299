"""A config ``check-config`` accepts must start: every example config is
accepted by ``check-config`` and then starts on the simulator (the real drivers and
runtime on simulated pins and display), showing its first frame."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.app.config import load_config
from pitchside.cli.main import main
from pitchside_sim.table import SimTable

CONFIGS = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs"
EXAMPLES = sorted(CONFIGS.glob("*.toml"))


def test_there_are_examples() -> None:
    assert {p.stem for p in EXAMPLES} >= {"pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove", "combo",
                                          "pichenotte_coin"}  # fmt: skip
    assert [p.stem for p in EXAMPLES if load_config(p).coin is not None] == ["pichenotte_coin"]  # pay to play


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_passes_check_config_then_starts(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-config", str(path)]) == 0
    assert ": OK: " in capsys.readouterr().out
    config = load_config(path)
    sim = SimTable(config)
    try:
        assert sim.device.frames, "no first frame"
        assert sim.device.frames[-1][1].size == (config.display.width, config.display.height)
        coin = {config.coin.name} | ({"free_credit"} if config.coin.free_credit_pin else set()) if config.coin else set()
        assert set(sim.inputs.inputs) == {b.name for b in config.buttons} | {b.name for b in config.beams} | coin
        assert set(sim.inputs.serial) == {s.name for s in config.serial}
        sim.advance_to(5.0)  # the attract screen's timers run
    finally:
        sim.close()
