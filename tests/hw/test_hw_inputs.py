"""ButtonInput and BeamInput on the virtual-clock MockFactory: the same scenarios as
the pure-filter tests, through gpiozero's real edge path (MockPin -> when_changed ->
DigitalInputDevice._pin_changed(ticks, state))."""

from __future__ import annotations

import logging
import queue
import threading

import gpiozero
import pytest

from pitchside.core.errors import HardwareError
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed, ButtonReleased, SensorNoisy
from pitchside.signals.timers import TimerRequest
from pitchside_hw.inputs import BeamInput, ButtonInput
from pitchside_sim.pulses import beam_break, bouncy_edge, button_press, drive, replay

BTN, BEAM = "GPIO17", "GPIO27"


@pytest.fixture
def button(factory, clock, sched):
    with ButtonInput("shot", BTN, sched.put, factory, bounce_s=0.02, hold_s=1.0, clock=clock) as b:
        sched.register("shot", b.timer_due)
        yield b


@pytest.fixture
def beam(factory, clock, sched):
    with BeamInput("pocket", BEAM, sched.put, factory, blocked_level=True, clock=clock) as b:
        sched.register("pocket", b.timer_due)
        yield b


def press(factory, sched, edges):
    replay(factory, factory.pin(BTN), edges, scheduler=sched)


def test_no_global_factory_no_gpiozero_bounce_no_threads(factory, clock, sched) -> None:
    threads = threading.active_count()
    global_factory = gpiozero.Device.pin_factory
    with ButtonInput("a", BTN, sched.put, factory, clock=clock), BeamInput(
        "b", BEAM, sched.put, factory, blocked_level=True, clock=clock
    ):
        assert gpiozero.Device.pin_factory is global_factory  # untouched
        assert factory.pin(BTN).bounce is None and factory.pin(BEAM).bounce is None
        assert threading.active_count() == threads  # no HoldThread: holds are timers


def test_bouncing_press_counts_once_with_exact_edge_times(factory, sched, button) -> None:
    press(factory, sched, button_press(1.0, 0.3))
    sched.advance_to(5.0)
    assert sched.events == [ButtonPressed("shot", 1.0), ButtonReleased("shot", 1.3, held=False)]


def test_tap_shorter_than_debounce_window_is_neither_lost_nor_a_hold(factory, sched, button) -> None:
    press(factory, sched, bouncy_edge(1.0, False, (0.0002, 0.0003)) + bouncy_edge(1.005, True, (0.0001, 0.0002)))
    sched.advance_to(10.0)
    assert [type(e) for e in sched.events] == [ButtonPressed, ButtonReleased]
    assert not button.is_pressed


def test_long_press_is_a_hold_and_release_says_held(factory, sched, button) -> None:
    press(factory, sched, button_press(1.0, 1.5))
    sched.advance_to(10.0)
    assert sched.events == [
        ButtonPressed("shot", 1.0),
        ButtonHeld("shot", 2.0),
        ButtonReleased("shot", 2.5, held=True),
    ]


def test_timer_requests_go_on_the_queue_with_the_input_name(factory, clock) -> None:
    q: queue.Queue[object] = queue.Queue()
    with ButtonInput("shot", BTN, q.put_nowait, factory, bounce_s=0.02, hold_s=1.0, clock=clock) as b:
        factory.set_time(1.0)
        drive(factory.pin(BTN), False)
        items = [q.get_nowait() for _ in range(q.qsize())]
        assert items == [ButtonPressed("shot", 1.0), TimerRequest("shot", 1.02, "settle")]
        assert b.next_due == pytest.approx(1.02)
        factory.set_time(2.5)
        b.timer_due(2.5)  # a late call: the hold is stamped at its deadline
        items = [q.get_nowait() for _ in range(q.qsize())]
        assert items == [ButtonHeld("shot", 2.0)]
        assert b.next_due is None


def test_active_high_button(factory, clock, sched) -> None:
    with ButtonInput("shot", BTN, sched.put, factory, bounce_s=0.02, pull_up=False, clock=clock) as b:
        sched.register("shot", b.timer_due)
        press(factory, sched, button_press(1.0, 0.2, pressed_level=True))
        sched.advance_to(5.0)
    assert [type(e) for e in sched.events] == [ButtonPressed, ButtonReleased]


def test_five_ms_beam_break_is_seen(factory, sched, beam) -> None:
    replay(factory, factory.pin(BEAM), beam_break(1.0, 0.005, blocked_level=True), scheduler=sched)
    sched.advance_to(10.0)
    assert len(sched.events) == 1 and isinstance(sched.events[0], BeamBroken)
    assert sched.events[0].blocked_s == pytest.approx(0.005) and beam.count == 1


def test_one_ms_glitch_is_ignored(factory, sched, beam) -> None:
    replay(factory, factory.pin(BEAM), beam_break(1.0, 0.001, blocked_level=True), scheduler=sched)
    sched.advance_to(10.0)
    assert sched.events == []


def test_storm_is_flagged_and_at_most_one_piece(factory, sched, beam) -> None:
    edges = [(1.0, True), (1.009, False)]
    t = 1.0135
    for _ in range(30):
        edges += [(t, True), (t + 0.00056, False)]
        t += 0.00225
    replay(factory, factory.pin(BEAM), edges, scheduler=sched)
    sched.advance_to(10.0)
    assert len(sched.of_type(BeamBroken)) <= 1
    assert len(sched.of_type(SensorNoisy)) == 1


def test_stuck_beam_via_timer_request(factory, sched, beam) -> None:
    replay(factory, factory.pin(BEAM), [(1.0, True)], scheduler=sched)
    assert sched.pending() == [3.0]
    sched.advance_to(3.5)
    assert sched.events == [SensorNoisy("pocket", 3.0, "blocked: beam blocked for 2 s")]
    replay(factory, factory.pin(BEAM), [(4.0, False)], scheduler=sched)
    assert beam.count == 0 and not beam.is_blocked


def test_a_repeated_level_from_the_backend_is_a_lost_edge_not_a_piece(factory, sched, beam) -> None:
    edges = beam_break(1.0, 0.01, blocked_level=True) + [(1.02, False)] + beam_break(2.0, 0.01, blocked_level=True)
    assert replay(factory, factory.pin(BEAM), edges, scheduler=sched) == 5  # injected
    assert [e.at for e in sched.of_type(BeamBroken)] == pytest.approx([1.01, 2.01])


def test_callback_errors_are_logged_not_raised(factory, clock, caplog) -> None:
    def broken_put(item: object) -> None:
        raise RuntimeError("queue is broken")

    with ButtonInput("shot", BTN, broken_put, factory, clock=clock):
        factory.set_time(1.0)
        with caplog.at_level(logging.ERROR, logger="pitchside_hw.inputs"):
            drive(factory.pin(BTN), False)  # must not raise into the backend's thread
    assert "could not enqueue" in caplog.text


def test_filter_errors_are_logged_not_raised(factory, clock, sched, caplog, monkeypatch) -> None:
    with ButtonInput("shot", BTN, sched.put, factory, clock=clock) as b:
        monkeypatch.setattr(b.clock, "seconds", lambda ticks: 1 / 0)
        with caplog.at_level(logging.ERROR, logger="pitchside_hw.inputs"):
            drive(factory.pin(BTN), False)
    assert "edge callback failed" in caplog.text


def test_close_is_idempotent_and_frees_the_pin(factory, clock, sched) -> None:
    b = ButtonInput("shot", BTN, sched.put, factory, clock=clock)
    b.close()
    b.close()
    assert b.closed
    b.timer_due(5.0)  # harmless after close
    drive(factory.pin(BTN), False)  # no callback any more
    assert sched.events == []
    with ButtonInput("again", BTN, sched.put, factory, clock=clock) as again:
        assert not again.closed
    assert again.closed


def test_pin_in_use_or_invalid_is_a_hardware_error(factory, clock, sched, button) -> None:
    with pytest.raises(HardwareError, match="GPIO17"):
        ButtonInput("twin", BTN, sched.put, factory, clock=clock)
    with pytest.raises(HardwareError):
        BeamInput("nowhere", "GPIO99", sched.put, factory, blocked_level=True, clock=clock)


def test_bad_parameters_fail_before_opening_the_pin(factory, clock, sched) -> None:
    with pytest.raises(ValueError):
        ButtonInput("shot", BTN, sched.put, factory, bounce_s=2.0, hold_s=1.0, clock=clock)
    with pytest.raises(ValueError):
        BeamInput("pocket", BEAM, sched.put, factory, blocked_level=True, storm_pulses=0, clock=clock)
    with ButtonInput("shot", BTN, sched.put, factory, clock=clock):
        pass  # the pin was never reserved by the failed attempts
