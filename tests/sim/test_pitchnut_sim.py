"""A whole Pitchnut match through the simulated table: pins -> drivers (the pocket
beams with their own counting parameters) -> runtime -> rules -> renderer -> luma
device, in virtual time (no sleeps)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pitchside.cli.main import main
from pitchside.app.config import load_config
from pitchside.core.record.format import replay
from pitchside_sim.run import default_config_path
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "sim" / "pitchside_sim" / "scenarios" / "pitchnut_match.toml"
CAUSE = "PN-22: B sank the poison with an opponent's piece and loses"


def test_the_demo_match_ends_as_worked_out_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["sim", "pitchnut", "--script", str(DEMO), "--out", str(tmp_path), "--no-terminal"])
    assert status == 0, capsys.readouterr().err
    final = json.loads((tmp_path / "final.json").read_text())
    assert final["status"] == "finished" and final["winner"] == "A"
    assert final["score"] == {"A": 2, "B": 0}
    assert final["colours"] == {"A": "white", "B": "black"}
    assert final["pocketed"] == {"white": 2, "black": 3}
    assert final["result"] == CAUSE
    assert len(sorted(tmp_path.glob("frame_*.png"))) > 60
    lines = (tmp_path / "match.jsonl").read_text().splitlines()
    shots = [json.loads(line) for line in lines[1:] if '"shot"' in line]
    # what the players confirmed; the double-counted piece of game 1 is one black
    assert [{k: v for k, v in s.items() if k not in ("input", "at", "sensed")} for s in shots] == [
        {"black": 2}, {}, {"black": 1}, {"pitch": "off"}, {"white": 2}, {"white": 1, "black": 1},
        {"poison": True},
        {"white": 1, "pitch": "pocket"}, {}, {"black": 1}, {"black": 3}, {"white": 1, "poison": True},
    ]  # fmt: skip
    # ... and what the beams counted, kept beside it (the journal keeps both)
    assert shots[0]["sensed"] == [0, 1, 1, 0]  # two blacks, one in pocket 2 and one in 3
    assert (shots[2]["black"], shots[2]["sensed"]) == (1, [2, 0, 0, 0])  # counted twice, confirmed once
    result = replay(lines, strict=True)
    assert result.exit_status == 0
    assert result.output()["score"] == {"A": 2, "B": 0}


@pytest.fixture
def sim() -> SimTable:
    config = sim_config(load_config(default_config_path("pitchnut")), {"pieces": 2}, ("Ann", "Bob"))
    table = SimTable(config, seed=1)  # seed 1: A wins the toss
    table.press("coin")  # the menu
    table.advance_to(table.now + 0.5)
    table.press("coin")  # start and toss
    table.advance_to(table.now + 0.5)
    table.press("shot_done")  # Ann breaks
    table.advance_to(table.now + 0.5)
    yield table
    table.close()


def test_pieces_in_two_pockets_are_sensed_and_confirmed_on_the_sheet(sim: SimTable) -> None:
    sim.drop(0.030, "pocket_3")
    sim.advance_to(sim.now + 0.3)
    sim.drop(0.012, "pocket_1")
    sim.advance_to(sim.now + 0.3)
    ts = sim.runtime.state
    assert ts.draft.sensed() == (1, 0, 1, 0)
    assert [p.pocket for p in ts.draft.pieces] == [3, 1]
    assert ts.draft.pieces[0].blocked_s == pytest.approx(0.030)
    for name in ("shot_done", "plus", "next", "plus", "shot_done"):  # two whites
        sim.press(name)
        sim.advance_to(sim.now + 0.3)
    out = sim.output()
    assert out["pocketed"] == {"white": 2, "black": 0}
    assert out["colours"] == {"A": "white", "B": "black"}
    assert out["on_poison"] == {"A": True, "B": False}
    assert sim.runtime.state.last.sensed == (1, 0, 1, 0)


def test_two_pieces_15_ms_apart_in_one_pocket_count_twice(sim: SimTable) -> None:
    """The pockets' own rearm (8 ms): a piece 15 ms after the previous one counts."""
    sim.drop(0.005, "pocket_2")
    sim.advance_to(sim.now + 0.015)
    sim.drop(0.005, "pocket_2")
    sim.advance_to(sim.now + 0.5)
    assert sim.runtime.state.draft.sensed() == (0, 2, 0, 0)
