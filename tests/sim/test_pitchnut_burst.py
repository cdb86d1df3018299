"""Pocket counting that can be trusted: simulated drops under the
pulse model of sim/pitchside_sim/burst.py through the pocket inputs the Pitchnut config
builds, counted exactly; and the real captures (shared/data/real) fed to a pocket."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from pitchside.app.config import BeamConfig, load_config, parse_config
from pitchside.signals.events import BeamBroken, SensorNoisy
from pitchside_hw.inputs import BeamInput
from pitchside_hw.pins import TickClock
from pitchside_sim import burst
from pitchside_sim.clock import TimerScheduler, VirtualClockFactory
from pitchside_sim.pulses import read_edges_csv, replay
from pitchside_sim.run import default_config_path
from support import real_data

PIN = "GPIO17"


@pytest.fixture(scope="module")
def config():  # type: ignore[no-untyped-def]
    return load_config(default_config_path("pitchnut"))


@pytest.fixture
def real() -> Path:
    return real_data.require("beam")


def pocket(config, sched: TimerScheduler, factory: VirtualClockFactory, blocked_level: bool) -> BeamInput:  # type: ignore[no-untyped-def]
    """A pocket input with the config's pocket parameters, on ``PIN``."""
    b: BeamConfig = config.beams[0]
    p = BeamInput(
        "pocket_1", PIN, sched.put, factory, blocked_level=blocked_level, min_block_s=b.min_block_ms / 1000,
        rearm_s=b.rearm_ms / 1000, storm_pulses=b.storm_pulses, storm_window_s=b.storm_window_ms / 1000,
        clock=TickClock(factory, 0.0),
    )
    sched.register("pocket_1", p.timer_due)
    return p


def test_the_config_gives_every_pocket_its_own_counting_parameters(config) -> None:  # type: ignore[no-untyped-def]
    assert [b.name for b in config.beams] == list(burst.POCKETS)
    for b in config.beams:
        assert (b.min_block_ms, b.rearm_ms, b.storm_pulses, b.storm_window_ms) == (2.5, 4.0, 10, 10.0)


def test_beam_counting_keys_default_to_the_counter_defaults_and_are_range_checked() -> None:
    raw = {
        "table": {"game": "pichenotte"},
        "buttons": {n: f"GPIO{i + 4}" for i, n in enumerate(
            ("coin", "call", "no_contact", "ditch_a", "ditch_b", "whose", "shot_done", "undo", "new", "plus",
             "minus", "next"))},
        "beams": {"twenty": {"pin": "GPIO27"}},
    }
    b = parse_config(raw).beams[0]
    assert (b.min_block_ms, b.rearm_ms, b.storm_pulses, b.storm_window_ms) == (2.0, 20.0, 6, 100.0)
    raw["beams"]["twenty"]["storm_pulses"] = 1  # type: ignore[index]
    with pytest.raises(Exception, match="beams.twenty.storm_pulses"):
        parse_config(raw)


def test_the_config_parameters_reach_the_drivers(config) -> None:  # type: ignore[no-untyped-def]
    rig = burst.Rig(config)
    try:
        counter = rig.inputs.inputs["pocket_3"]._filter
        assert (counter.min_block_s, counter.rearm_s, counter.storm_pulses, counter.storm_window_s) == (
            0.0025, 0.004, 10, 0.010)
    finally:
        rig.close()


def test_1200_drops_pocket_by_pocket_and_in_bursts_count_exactly(config) -> None:  # type: ignore[no-untyped-def]
    r = burst.run_drops(config, total=1200, seed=11)
    assert r.drops == 1200
    assert r.single_drops == 600 and r.burst_drops == 600
    assert r.counted == 1200
    assert r.miscounts == 0
    assert r.noisy == 0


def test_worst_case_burst_15_ms_apart_is_neither_merged_nor_a_storm(config) -> None:  # type: ignore[no-untyped-def]
    """8 pieces of 5 ms, 15 ms apart, both edges of each flickering twice: 8 counts."""
    assert burst.burst_ok(config, 0.015, pieces=8, trials=30)


def test_the_counter_defaults_fail_the_model(config) -> None:  # type: ignore[no-untyped-def]
    """Why the pockets have their own parameters: with rearm 20 ms the second piece 15 ms
    after the first is merged, and 6 pulses in 100 ms call a quick burst a storm."""
    defaults = burst.with_default_counting(config)
    assert not burst.burst_ok(defaults, 0.015, pieces=2, trials=5, model=burst.PulseModel(max_glitches=0))
    r = burst.run_drops(defaults, total=400, seed=11)
    assert r.miscounts > 0 and r.noisy > 0


def test_shortest_gap_is_under_the_model_minimum(config) -> None:  # type: ignore[no-untyped-def]
    gap = burst.shortest_gap(config, [20, 15, 12, 10, 9], pieces=6, trials=5)
    assert gap == 9


def test_piece_edges_follow_the_model() -> None:
    import random

    rng = random.Random(1)
    edges = burst.piece_edges(rng, 1.0, 0.005, True, glitches=(2, 2))
    assert len(edges) == 2 + 8
    assert edges[0] == (1.0, True) and edges[-1][1] is False
    levels = [lv for _, lv in edges]
    assert all(a != b for a, b in pairwise(levels))  # alternating
    times = [t for t, _ in edges]
    assert times == sorted(times) and len(set(times)) == len(times)
    lead = [t for t in times if t < 1.004]
    assert max(lead) <= 1.002 and len(lead) == 5
    assert max(times) <= 1.007


def test_main_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert burst.main(["--drops", "200"]) == 0
    out = capsys.readouterr().out
    assert "drops: 200 (100 one at a time, pocket by pocket; 100 in" in out
    assert "miscounts: 0 " in out
    assert "noisy-sensor reports: 0" in out
    assert "shortest gap still counted right: 3.5 ms" in out


# --- the real captures, fed to a pocket input with the pocket parameters ------------------


@pytest.mark.parametrize("run_id,passes", [("000003", 1027), ("000396", 845), ("000397", 1074)])
def test_every_photogate_pass_counts_once_on_a_pocket(config, real: Path, run_id: str, passes: int) -> None:  # type: ignore[no-untyped-def]
    edges = read_edges_csv(str(real / f"plasduino_pendulum_photogate_run0101_{run_id}_edges.csv"))
    factory = VirtualClockFactory()
    sched = TimerScheduler(factory)
    with pocket(config, sched, factory, blocked_level=False) as p:  # falling edge = blocked
        replay(factory, factory.pin(PIN), edges, scheduler=sched)  # run 397's repeated edge injected
        assert p.count == passes == len(sched.of_type(BeamBroken))
        assert p.is_blocked == (edges[-1][1] is False)  # each capture ends as the flag enters the gate
    assert not sched.of_type(SensorNoisy)


@pytest.mark.parametrize(
    "name,frames,max_pieces",
    [("sigrok_ir_nec_joyit_enter_IRdemod_ch0_edges.csv", 5, 5), ("sigrok_ir_sirc1_ch0_edges.csv", 4, 0)],
)
def test_ir_frames_count_at_most_their_leader_and_are_flagged(config, real: Path, name: str, frames: int,  # type: ignore[no-untyped-def]
                                                              max_pieces: int) -> None:
    """README: an IR frame counts as at most one piece and is flagged noisy. On a pocket
    the NEC leader (9.1 ms) is one piece per frame and every NEC frame (apart by 620 ms
    and more) is flagged; the SIRC leader (2.35 ms) is under min_block: no piece; its
    four frames are 16 ms apart: with the 15 ms storm window each is its own
    burst, each flagged (with the old 30 ms window they were one burst, flagged once)."""
    edges = read_edges_csv(str(real / name))
    factory = VirtualClockFactory()
    sched = TimerScheduler(factory)
    with pocket(config, sched, factory, blocked_level=False):
        replay(factory, factory.pin(PIN), edges, scheduler=sched)
        sched.advance_to(edges[-1][0] + 5.0)
    assert len(sched.of_type(BeamBroken)) == max_pieces
    noisy = sched.of_type(SensorNoisy)
    assert len(noisy) == frames
    assert all("storm" in n.detail for n in noisy)
