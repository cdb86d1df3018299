"""ButtonDecoder: exact counts for bounce, taps, holds, lost edges and timer punctuality."""

from __future__ import annotations

import pytest

from pitchside.signals.debounce import DEFAULT_BOUNCE_S, DEFAULT_HOLD_S, ButtonDecoder
from pitchside.signals.events import ButtonHeld, ButtonPressed, ButtonReleased
from pitchside_sim.pulses import bouncy_edge, button_press

LOW, HIGH = False, True  # active low: pressed = LOW


@pytest.fixture
def dec() -> ButtonDecoder:
    return ButtonDecoder("shot", bounce_s=0.02, hold_s=1.0)


def test_defaults_are_documented_values() -> None:
    assert (DEFAULT_BOUNCE_S, DEFAULT_HOLD_S) == (0.1, 1.0)


def test_bouncing_press_and_release_count_once_each(run, dec) -> None:
    r = run(dec).feed(button_press(1.0, 0.3)).until(5.0)
    assert r.events == [ButtonPressed("shot", 1.0), ButtonReleased("shot", 1.3, held=False)]


def test_press_is_reported_on_the_first_edge(run, dec) -> None:
    r = run(dec).feed(bouncy_edge(2.0, LOW))
    assert r.events == [ButtonPressed("shot", 2.0)]  # before any timer: no added latency
    assert dec.is_pressed


def test_tap_shorter_than_debounce_window_is_neither_lost_nor_a_hold(run, dec) -> None:
    # pressed for 5 ms, well inside the 20 ms window, with bounce on both edges
    edges = bouncy_edge(1.0, LOW, (0.0002, 0.0003)) + bouncy_edge(1.005, HIGH, (0.0001, 0.0002))
    r = run(dec).feed(edges).until(10.0)
    assert r.kinds() == ["ButtonPressed", "ButtonReleased"]
    assert r.of(ButtonReleased)[0].held is False
    assert r.of(ButtonReleased)[0].at == pytest.approx(1.0053)  # the release's last edge
    assert not dec.is_pressed and not dec.is_held


def test_tap_is_not_lost_even_if_no_timer_ever_fires(run, dec) -> None:
    # gpiozero #1039: a swallowed release made the next press vanish. Here the next edge
    # settles the tap by itself, so nothing is lost and no hold appears.
    r = run(dec, punctual=False).feed([(1.0, LOW), (1.005, HIGH), (3.0, LOW), (3.2, HIGH)])
    assert r.kinds() == ["ButtonPressed", "ButtonReleased", "ButtonPressed", "ButtonReleased"]
    assert [e.at for e in r.events] == [1.0, 1.005, 3.0, 3.2]
    assert not r.of(ButtonHeld)


def test_long_press_is_a_hold_at_press_plus_hold_s(run, dec) -> None:
    r = run(dec).feed(bouncy_edge(1.0, LOW)).until(2.5)
    assert r.events == [ButtonPressed("shot", 1.0), ButtonHeld("shot", 2.0)]
    assert dec.is_held


def test_hold_then_release_gives_released_held_and_no_extra_press(run, dec) -> None:
    r = run(dec).feed(button_press(1.0, 1.5)).until(10.0)
    assert r.events == [
        ButtonPressed("shot", 1.0),
        ButtonHeld("shot", 2.0),
        ButtonReleased("shot", 2.5, held=True),
    ]


def test_hold_decided_by_a_late_timer_is_stamped_at_its_deadline(run, dec) -> None:
    r = run(dec, punctual=False).feed(bouncy_edge(1.0, LOW)).call_at(7.0)
    assert r.events == [ButtonPressed("shot", 1.0), ButtonHeld("shot", 2.0)]


def test_release_just_before_the_hold_time_is_no_hold(run, dec) -> None:
    r = run(dec).feed(button_press(1.0, 0.999)).until(10.0)
    assert r.kinds() == ["ButtonPressed", "ButtonReleased"]
    assert r.of(ButtonReleased)[0].held is False


def test_pressed_exactly_hold_s_is_a_hold(run, dec) -> None:
    r = run(dec).feed([(1.0, LOW), (2.0, HIGH)]).until(10.0)
    assert r.kinds() == ["ButtonPressed", "ButtonHeld", "ButtonReleased"]


def test_bounce_through_the_hold_time_defers_the_hold_until_it_settles(run, dec) -> None:
    # settled press, then a contact glitch at 1.9995-2.0005 s straddling the 2.0 s hold
    edges = [(1.0, LOW), (1.9995, HIGH), (2.0005, LOW)]
    r = run(dec).feed(edges).until(10.0)
    assert r.kinds() == ["ButtonPressed", "ButtonReleased", "ButtonPressed", "ButtonHeld"]
    # The glitch is longer than nothing: released while idle is reported at once (lowest
    # latency); what matters is that the new press holds 1 s after *it*:
    assert r.of(ButtonHeld)[0].at == pytest.approx(3.0005)


def test_glitch_inside_settle_window_at_hold_time_does_not_lose_the_hold(run) -> None:
    dec = ButtonDecoder("shot", bounce_s=0.1, hold_s=0.15)
    # press at 0 bouncing until 0.16: at the 0.15 s hold time the contact reads HIGH
    edges = [(0.0, LOW), (0.05, HIGH), (0.1, LOW), (0.1495, HIGH), (0.16, LOW)]
    r = run(dec).feed(edges).until(5.0)
    assert r.kinds() == ["ButtonPressed", "ButtonHeld"]
    assert r.of(ButtonHeld)[0].at == pytest.approx(0.16)  # when it read pressed again


def test_press_bouncing_into_release_at_hold_time_is_no_hold(run) -> None:
    dec = ButtonDecoder("shot", bounce_s=0.1, hold_s=0.15)
    edges = [(0.0, LOW), (0.05, HIGH), (0.1, LOW), (0.1495, HIGH)]  # ends released
    r = run(dec).feed(edges).until(5.0)
    assert r.kinds() == ["ButtonPressed", "ButtonReleased"]
    assert r.of(ButtonReleased)[0].held is False


def test_lost_edge_repeating_the_level_is_ignored(run, dec) -> None:
    r = run(dec).feed([(1.0, LOW), (1.5, LOW), (2.5, HIGH), (3.0, HIGH)]).until(9.0)
    assert r.kinds() == ["ButtonPressed", "ButtonHeld", "ButtonReleased"]
    assert dec.lost_edges == 2


def test_active_high_button(run) -> None:
    dec = ButtonDecoder("shot", bounce_s=0.02, hold_s=1.0, pressed_level=True)
    r = run(dec).feed(button_press(1.0, 0.2, pressed_level=True)).until(5.0)
    assert r.kinds() == ["ButtonPressed", "ButtonReleased"]


def test_initially_pressed_button_reports_only_its_release(run) -> None:
    dec = ButtonDecoder("shot", bounce_s=0.02, hold_s=1.0, initial_level=LOW)
    assert dec.is_pressed
    r = run(dec).feed(bouncy_edge(1.0, HIGH)).until(5.0)
    assert r.events == [ButtonReleased("shot", 1.0, held=False)]


def test_bounce_makes_few_timer_requests(run, dec) -> None:
    gaps = [0.0001] * 99  # 100 edges within 10 ms
    r = run(dec).feed(bouncy_edge(1.0, LOW, gaps)).until(5.0)
    assert r.kinds() == ["ButtonPressed", "ButtonHeld"]
    assert len(r.requests) <= 3  # settle, re-settle after the bounce moved it, hold


def test_time_never_goes_back(run, dec) -> None:
    r = run(dec).feed([(1.0, LOW), (0.5, HIGH)]).until(5.0)  # a late, out-of-order edge
    assert [e.at for e in r.events] == [1.0, 1.0]


@pytest.mark.parametrize(
    "kwargs",
    [{"bounce_s": 0}, {"bounce_s": -0.1}, {"hold_s": float("nan")}, {"bounce_s": 1.0, "hold_s": 1.0}],
)
def test_bad_parameters_raise_value_error(kwargs) -> None:
    with pytest.raises(ValueError):
        ButtonDecoder("shot", **kwargs)
