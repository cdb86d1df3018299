"""BeamCounter: glitch filter, re-arm, storms, stuck beam and lost edges, exact counts."""

from __future__ import annotations

import pytest

from pitchside.signals.beam import BeamCounter
from pitchside.signals.events import BeamBroken, SensorNoisy
from pitchside_sim.pulses import alternating, beam_break

BLOCKED = False  # as the photogate capture: falling edge = beam blocked


@pytest.fixture
def beam() -> BeamCounter:
    return BeamCounter("pocket", blocked_level=BLOCKED)


def nec_like_frame(at_s: float) -> list[tuple[float, bool]]:
    """9 ms leader, 4.5 ms space, then 33 pulses of 0.56 ms (an NEC IR frame)."""
    gaps = [0.009, 0.0045] + [0.00056, 0.00169] * 32 + [0.00056]
    return alternating(at_s, BLOCKED, gaps)


def test_five_ms_break_is_one_piece(run, beam) -> None:
    r = run(beam).feed(beam_break(1.0, 0.005, blocked_level=BLOCKED)).until(10.0)
    assert len(r.events) == 1
    (ev,) = r.of(BeamBroken)
    assert ev.at == pytest.approx(1.005) and ev.blocked_s == pytest.approx(0.005)
    assert beam.count == 1


def test_one_ms_glitch_is_ignored(run, beam) -> None:
    r = run(beam).feed(beam_break(1.0, 0.001, blocked_level=BLOCKED)).until(10.0)
    assert r.events == []


def test_consecutive_passes_each_count(run, beam) -> None:
    edges = [e for k in range(10) for e in beam_break(1.0 + 0.5 * k, 0.03, blocked_level=BLOCKED)]
    assert len(run(beam).feed(edges).until(10.0).of(BeamBroken)) == 10


def test_flutter_inside_rearm_window_is_the_same_piece(run, beam) -> None:
    edges = beam_break(1.0, 0.03, blocked_level=BLOCKED) + beam_break(1.04, 0.005, blocked_level=BLOCKED)
    assert len(run(beam).feed(edges).until(10.0).of(BeamBroken)) == 1


def test_block_after_rearm_window_is_a_new_piece(run, beam) -> None:
    edges = beam_break(1.0, 0.03, blocked_level=BLOCKED) + beam_break(1.051, 0.005, blocked_level=BLOCKED)
    assert len(run(beam).feed(edges).until(10.0).of(BeamBroken)) == 2


def test_ir_storm_is_at_most_one_piece_and_flagged_once(run, beam) -> None:
    r = run(beam).feed(nec_like_frame(1.0)).until(10.0)
    assert len(r.of(BeamBroken)) <= 1
    noisy = r.of(SensorNoisy)
    assert len(noisy) == 1 and noisy[0].detail.startswith("storm")


def test_counting_resumes_after_the_storm_quietens(run, beam) -> None:
    edges = nec_like_frame(1.0) + beam_break(2.0, 0.02, blocked_level=BLOCKED)
    r = run(beam).feed(edges).until(10.0)
    assert r.of(BeamBroken)[-1].at == pytest.approx(2.02)
    assert len(r.of(BeamBroken)) <= 2 and not beam.is_noisy


def test_stuck_beam_is_noisy_not_a_piece(run, beam) -> None:
    r = run(beam).feed([(1.0, BLOCKED)]).until(2.99)
    assert r.events == []
    r.until(3.0)
    assert r.events == [SensorNoisy("pocket", 3.0, "blocked: beam blocked for 2 s")]
    assert beam.is_noisy
    r.feed([(5.0, not BLOCKED)] + beam_break(6.0, 0.01, blocked_level=BLOCKED)).until(20.0)
    assert [type(e) for e in r.events] == [SensorNoisy, BeamBroken]
    assert r.of(BeamBroken)[0].at == pytest.approx(6.01)


def test_stuck_beam_is_caught_even_without_the_timer(run, beam) -> None:
    r = run(beam, punctual=False).feed([(1.0, BLOCKED), (4.0, not BLOCKED)])
    assert r.events == [SensorNoisy("pocket", 3.0, "blocked: beam blocked for 2 s")]


def test_missed_blocking_edge_gives_no_phantom_piece(run, beam) -> None:
    # run 397's shape: clear, clear again 12 ms later (the block between was lost)
    edges = [(1.0, BLOCKED), (1.014, not BLOCKED), (1.026, not BLOCKED)] + beam_break(
        2.0, 0.014, blocked_level=BLOCKED
    )
    r = run(beam).feed(edges).until(10.0)
    assert [e.at for e in r.of(BeamBroken)] == pytest.approx([1.014, 2.014])
    assert beam.lost_edges == 1 and not beam.is_blocked


def test_missed_clearing_edge_restarts_the_block_not_sticks(run, beam) -> None:
    edges = [(1.0, BLOCKED), (1.9, BLOCKED), (1.92, not BLOCKED)]
    r = run(beam).feed(edges).until(10.0)
    assert r.events == [BeamBroken("pocket", 1.92, pytest.approx(0.02))]
    assert beam.lost_edges == 1


def test_blocked_level_high(run) -> None:
    beam = BeamCounter("pocket", blocked_level=True)
    r = run(beam).feed(beam_break(1.0, 0.005, blocked_level=True)).until(10.0)
    assert len(r.of(BeamBroken)) == 1


def test_initially_blocked_beam_is_not_a_piece(run) -> None:
    beam = BeamCounter("pocket", blocked_level=BLOCKED, initial_level=BLOCKED)
    r = run(beam).feed([(0.01, not BLOCKED)] + beam_break(1.0, 0.01, blocked_level=BLOCKED))
    assert len(r.of(BeamBroken)) == 1 and r.of(BeamBroken)[0].at == pytest.approx(1.01)


def test_one_timer_request_outstanding_during_a_storm(run, beam) -> None:
    r = run(beam).feed(nec_like_frame(1.0)).until(10.0)
    assert len(r.requests) <= 3


@pytest.mark.parametrize(
    "kwargs",
    [{"min_block_s": -1}, {"max_block_s": float("inf")}, {"min_block_s": 3, "max_block_s": 2}, {"storm_pulses": 1}],
)
def test_bad_parameters_raise_value_error(kwargs) -> None:
    with pytest.raises(ValueError):
        BeamCounter("pocket", blocked_level=BLOCKED, **kwargs)


def test_a_storm_says_when_its_burst_began_so_its_pieces_can_be_withdrawn(run, beam) -> None:
    """The IR frame's leader (blocked from 1.0 s for 9 ms) is counted before the storm is
    evident; the storm report's ``since`` is the burst's first edge, the leader's start."""
    edges = beam_break(0.5, 0.02, blocked_level=BLOCKED) + nec_like_frame(1.0)
    r = run(beam).feed(edges).until(10.0)
    pieces = r.of(BeamBroken)
    assert [round(p.at - p.blocked_s, 6) for p in pieces] == [0.5, 1.0]
    (storm,) = r.of(SensorNoisy)
    assert storm.since == 1.0
    assert [p for p in pieces if p.at - p.blocked_s >= storm.since] == pieces[1:]


def test_a_stuck_beam_report_has_no_burst(run, beam) -> None:
    r = run(beam).feed([(1.0, BLOCKED)]).until(10.0)
    (stuck,) = r.of(SensorNoisy)
    assert stuck.detail.startswith("blocked") and stuck.since is None
