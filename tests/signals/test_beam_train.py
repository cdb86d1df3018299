"""BeamCounter's pulse-train test: a storm decided on the spacing of the
block starts, which tells an IR frame of evenly spaced pulses from pucks 5 ms apart with
flicker where a count of block starts in a window cannot. Exact counts and times."""

from __future__ import annotations

import pytest

from pitchside.signals.beam import BeamCounter
from pitchside.signals.events import BeamBroken, SensorNoisy
from pitchside.signals.params import ParameterError
from pitchside_sim.pulses import alternating

BLOCKED = True  # the twenty hole's receiver of the example config: high when blocked
TWENTY = {"min_block_s": 0.0025, "rearm_s": 0.004, "storm_pulses": 10, "storm_window_s": 0.010}
"""The twenty hole's settings of hardware/pitchside_hw/configs/pichenotte.toml."""


def twenty(**over: float) -> BeamCounter:
    return BeamCounter("twenty", blocked_level=BLOCKED, **(TWENTY | over))  # type: ignore[arg-type]


def nec_ones(at_s: float) -> list[tuple[float, bool]]:
    """An NEC frame of ones (tests/sim/test_sensor_health_sim.py): a 9 ms leader, 4.5 ms
    space, then 33 pulses of 0.56 ms starting 2.25 ms apart."""
    return alternating(at_s, BLOCKED, [0.009, 0.0045] + [0.00056, 0.00169] * 32 + [0.00056])


def flickering_pucks(at_s: float, n: int) -> list[tuple[float, bool]]:
    """``n`` pucks 5 ms apart, each edge with the bench's worst flicker (6 extra
    transitions within 2 ms, bench/counting.py): the leading flicker has 4 block starts
    1/3 ms apart, then the puck blocks 5 ms; the trailing one has 3; the next puck's
    first edge is 5 ms after the last edge of this one's trailing flicker."""
    step = 0.002 / 6
    edges: list[tuple[float, bool]] = []
    t = at_s
    for _ in range(n):
        edges += [(t + i * step, BLOCKED if i % 2 == 0 else not BLOCKED) for i in range(7)]
        end = t + 0.002 + 0.005
        edges += [(end + i * step, not BLOCKED if i % 2 == 0 else BLOCKED) for i in range(7)]
        t = end + 0.002 + 0.005
    return edges


def test_an_evenly_spaced_ir_frame_is_a_storm_at_its_eighth_data_pulse(run) -> None:
    beam = twenty()
    r = run(beam).feed(nec_ones(1.0)).until(2.0)
    (leader,) = r.of(BeamBroken)  # counted when it cleared, before the train was evident
    assert leader.at == pytest.approx(1.009) and leader.blocked_s == pytest.approx(0.009)
    (storm,) = r.of(SensorNoisy)
    assert storm.at == pytest.approx(1.0 + 0.009 + 0.0045 + 7 * 0.00225)
    assert storm.detail == "storm: 8 pulses in a row, each within 3 ms"
    assert storm.since == 1.0  # the leader's start: the consumer withdraws the leader
    assert beam.count == 1


def test_the_same_frame_is_no_storm_to_the_count_in_a_window_alone(run) -> None:
    """Why the train test exists: 5 block starts per 10 ms, under the count's 10."""
    beam = twenty(train_pulses=10**6)
    r = run(beam).feed(nec_ones(1.0)).until(2.0)
    assert r.of(SensorNoisy) == [] and beam.count == 1


def test_seven_short_pulses_in_a_row_are_no_train_and_eight_are(run) -> None:
    seven = alternating(1.0, BLOCKED, [0.0006, 0.0014] * 6 + [0.0006])  # 7 pulses 2 ms apart
    r = run(beam := twenty()).feed(seven).until(2.0)
    assert r.events == [] and not beam.is_noisy
    eight = alternating(3.0, BLOCKED, [0.0006, 0.0014] * 7 + [0.0006])
    (storm,) = run(beam := twenty()).feed(eight).until(4.0).of(SensorNoisy)
    assert storm.at == pytest.approx(3.0 + 7 * 0.002) and storm.since == 3.0


def test_a_pulse_gap_over_the_spacing_breaks_the_train(run) -> None:
    """Seven pulses 2 ms apart, 3.1 ms to the next start, seven more: two runs of seven."""
    gaps = [0.0006, 0.0014] * 6 + [0.0006, 0.0025] + [0.0006, 0.0014] * 6 + [0.0006]
    r = run(beam := twenty()).feed(alternating(1.0, BLOCKED, gaps)).until(2.0)
    assert r.of(SensorNoisy) == [] and beam.count == 0


def test_pucks_5ms_apart_with_2ms_flicker_are_each_counted_and_no_storm(run) -> None:
    beam = twenty()
    edges = flickering_pucks(1.0, 20)
    r = run(beam).feed(edges).until(2.0)
    assert r.of(SensorNoisy) == []
    pucks = r.of(BeamBroken)
    assert len(pucks) == 20 == beam.count
    assert [p.at for p in pucks] == pytest.approx([1.0 + 0.014 * k + 0.007 for k in range(20)])
    assert all(p.blocked_s == pytest.approx(0.005) for p in pucks)


def test_the_same_pucks_are_a_storm_to_the_old_count_of_6_in_100ms(run) -> None:
    """The twenty hole's former settings: the 6th block start (the first puck's trailing
    flicker) makes a storm; only the first puck is counted, the other 19 are lost."""
    beam = twenty(storm_pulses=6, storm_window_s=0.100)
    r = run(beam).feed(flickering_pucks(1.0, 20)).until(2.0)
    (storm,) = r.of(SensorNoisy)
    assert storm.detail == "storm: 6 pulses within 100 ms" and storm.since == 1.0
    assert beam.count == 1


@pytest.mark.parametrize("bad", [{"train_pulses": 1}, {"train_pulses": 2.5}, {"train_spacing_s": -0.001},
                                 {"train_spacing_s": float("nan")}])
def test_bad_train_parameters_are_refused_by_name(bad: dict[str, float]) -> None:
    with pytest.raises(ParameterError) as exc:
        twenty(**bad)
    assert exc.value.param == next(iter(bad))
