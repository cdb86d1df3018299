"""The real captures (shared/data/real) replayed through the real drivers on the
virtual-clock MockFactory: the same counts as the pure filters must give."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pitchside.signals.debounce import DEFAULT_BOUNCE_S, DEFAULT_HOLD_S
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed, ButtonReleased, SensorNoisy
from pitchside_hw.inputs import BeamInput, ButtonInput
from pitchside_hw.pins import TickClock
from pitchside_sim.clock import TimerScheduler, VirtualClockFactory
from pitchside_sim.pulses import BounceTest, drive, read_bounce_tests, read_edges_csv, replay

PIN = "GPIO17"


def replay_button_test(t: BounceTest, settle_until: float) -> tuple[TimerScheduler, ButtonInput]:
    """One capture test on a fresh factory; the pin is brought to the test's initial
    level at t = -5 s (a pull-up pin starts HIGH) and its events (with the hold of an
    initially pressed button) are discarded before the capture starts at 0 s."""
    factory = VirtualClockFactory(start_s=-5.0)
    sched = TimerScheduler(factory)
    button = ButtonInput("btn", PIN, sched.put, factory, clock=TickClock(factory, epoch_ticks=0.0))
    sched.register("btn", button.timer_due)
    drive(factory.pin(PIN), t.initial_level)
    sched.advance_to(-1.0)
    sched.events.clear()
    replay(factory, factory.pin(PIN), t.edges, scheduler=sched)
    sched.advance_to(t.edges[-1][0] + settle_until)
    return sched, button


def test_rocker_every_press_and_release_counts_exactly_once(real_data: Path) -> None:
    tests = read_bounce_tests(str(real_data / "bounce/bouncybutton_rocker_banggood1276758_edges.csv"))
    want = Counter(t.direction for t in tests)
    got: Counter[str] = Counter()
    for t in tests:
        sched, button = replay_button_test(t, DEFAULT_BOUNCE_S)
        button.close()
        kinds = [type(e) for e in sched.events]
        assert kinds == [ButtonPressed if t.direction == "press" else ButtonReleased], f"test {t.test_id}"
        assert sched.events[0].at == pytest.approx(t.edges[0][0])
        got[t.direction] += 1
    assert got == want == {"press": 55, "release": 55}


def test_bad_button_ends_in_its_last_edge_state_with_no_phantom_hold(real_data: Path) -> None:
    tests = read_bounce_tests(str(real_data / "bounce/bouncybutton_v023_sample_session_edges.csv"))
    assert len(tests) == 120
    for t in tests:
        sched, button = replay_button_test(t, 3 * DEFAULT_HOLD_S)
        ends_pressed = not t.edges[-1][1]
        assert button.is_pressed == ends_pressed, f"test {t.test_id}"
        holds = sched.of_type(ButtonHeld)
        assert len(holds) == int(ends_pressed), f"test {t.test_id}"
        # no hold while the capture was still moving: only after its last edge settled
        assert all(h.at >= t.edges[-1][0] for h in holds)
        button.close()


@pytest.mark.parametrize("run_id,passes", [("000003", 1027), ("000396", 845), ("000397", 1074)])
def test_photogate_passes_through_the_driver(real_data: Path, run_id: str, passes: int) -> None:
    """``passes`` = blocked edges directly followed by a clear edge in the capture
    (asserted from the edges in tests/signals/test_signal_captures.py)."""
    edges = read_edges_csv(str(real_data / f"beam/plasduino_pendulum_photogate_run0101_{run_id}_edges.csv"))
    assert sum(1 for a, b in zip(edges, edges[1:]) if not a[1] and b[1]) == passes
    factory = VirtualClockFactory()
    sched = TimerScheduler(factory)
    with BeamInput("gate", PIN, sched.put, factory, blocked_level=False, clock=TickClock(factory, 0.0)) as gate:
        sched.register("gate", gate.timer_due)
        replay(factory, factory.pin(PIN), edges, scheduler=sched)  # run 397's repeat is injected
        assert gate.count == passes == len(sched.of_type(BeamBroken))
        assert not sched.of_type(SensorNoisy)


@pytest.mark.parametrize(
    "name,max_pieces",
    [("sigrok_ir_nec_joyit_enter_IRdemod_ch0_edges.csv", 5), ("sigrok_ir_sirc1_ch0_edges.csv", 4)],
)
def test_ir_storms_through_the_driver(real_data: Path, name: str, max_pieces: int) -> None:
    edges = read_edges_csv(str(real_data / "beam" / name))
    factory = VirtualClockFactory()
    sched = TimerScheduler(factory)
    with BeamInput("pocket", PIN, sched.put, factory, blocked_level=False, clock=TickClock(factory, 0.0)) as p:
        sched.register("pocket", p.timer_due)
        replay(factory, factory.pin(PIN), edges, scheduler=sched)
        sched.advance_to(edges[-1][0] + 5.0)
    assert len(sched.of_type(BeamBroken)) <= max_pieces
    assert sched.of_type(SensorNoisy)
