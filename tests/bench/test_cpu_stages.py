"""bench/cpu_stages.py: the CPU time per stage of an edge, the figures
the Pi estimates are derived from. Counts and arithmetic only: no timing is asserted."""

from __future__ import annotations

from support.benchmod import bench_module


def test_every_edge_gets_its_cpu_per_stage_and_the_stages_add_up() -> None:
    cpu_stages = bench_module("cpu_stages")
    r = cpu_stages.run(20)
    assert r["events"] == 20
    assert set(r["cpu_us"]) == {"driver", "rules", "render", "handoff", "other", "total"}
    us = r["cpu_us"]
    assert us["total"]["mean"] > 0 and us["render"]["mean"] > 0 and us["rules"]["mean"] > 0
    # total = driver + rules + render + handoff + other, edge by edge (other >= 0)
    parts = sum(us[k]["mean"] for k in ("driver", "rules", "render", "handoff", "other"))
    # (an edge's frame is stamped inside the hand-off, so a few us of it can fall after)
    assert abs(parts - us["total"]["mean"]) <= max(0.5, 0.02 * us["total"]["mean"])


def test_the_estimate_scales_each_stage_by_this_machine_over_the_boards_score() -> None:
    cpu_stages = bench_module("cpu_stages")
    cpu = {"cpu_us": {"render": {"p50": 100.0, "p99": 300.0}}}
    here = {"events_per_cpu_s": 2 * cpu_stages.CORES["pi_5"]["sysbench_events_per_s"]}
    e = cpu_stages.estimate(cpu, here)
    assert e["pi_5"]["factor"] == 2.0
    assert e["pi_5"]["cpu_us"]["render"] == {"p50": 200.0, "p99": 600.0}
    assert set(e) == {"pi_zero_2w", "pi_5"}
    assert cpu_stages.estimate(cpu, {"events_per_cpu_s": None}) == {}
