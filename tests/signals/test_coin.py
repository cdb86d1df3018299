"""CoinDecoder over pulse trains: timing spreads, bounce on each pulse, coins close
together, faults, a cut mid-coin; exact pulse counts and times."""

from __future__ import annotations

import pytest

from pitchside.signals.coin import CoinDecoder, check_params
from pitchside.signals.events import CoinFault, CoinInserted
from pitchside.signals.params import ParameterError
from pitchside_sim.pulses import ROCKER_BOUNCE_GAPS_S, coin_train

IDLE = True  # open collector on a pull-up: idle high, a pulse pulls low


@pytest.fixture
def coin() -> CoinDecoder:
    return CoinDecoder("coin_slot")


def test_three_pulse_coin_reported_after_the_gap(run, coin) -> None:
    r = run(coin).feed(coin_train(1.0, 3)).until(10.0)
    assert r.events == [CoinInserted("coin_slot", pytest.approx(1.25 + 0.3), 3)]
    assert coin.coins == 1 and coin.faults == 0


def test_each_coin_says_when_its_first_pulse_began(run, coin) -> None:
    """``began``: the first pulse's settled start (its first edge, bounce and all), for
    the coin gate (a coin begun while the acceptor was told to refuse is not credited)."""
    bouncy = coin_train(1.0, 2, bounce_gaps_s=(0.0002, 0.0003))
    r = run(coin).feed([*bouncy, *coin_train(3.0, 1)]).until(10.0)
    assert [(e.pulses, e.began) for e in r.events] == [(2, 1.0), (1, 3.0)]


def test_nothing_before_the_gap_has_passed(run, coin) -> None:
    r = run(coin).feed(coin_train(1.0, 3)).until(1.549)
    assert r.events == []
    assert coin.in_train


@pytest.mark.parametrize("pulse_s, pause_s", [(0.020, 0.020), (0.050, 0.050), (0.100, 0.100)])
@pytest.mark.parametrize("seed", range(20))
def test_timing_spread_of_twenty_percent_keeps_the_count(run, pulse_s, pause_s, seed) -> None:
    coin = CoinDecoder("coin_slot")
    edges = coin_train(1.0, 5, pulse_s=pulse_s, pause_s=pause_s, spread=0.2, seed=seed)
    r = run(coin).feed(edges).until(10.0)
    assert [(type(e), e.pulses) for e in r.events] == [(CoinInserted, 5)]
    assert r.events[0].at == pytest.approx(edges[-1][0] + 0.3)


def test_bounce_on_every_edge_is_one_pulse_each(run, coin) -> None:
    edges = coin_train(1.0, 4, bounce_gaps_s=ROCKER_BOUNCE_GAPS_S)
    assert len(edges) > 4 * 2 * 5  # every edge rings
    r = run(coin).feed(edges).until(10.0)
    assert r.events == [CoinInserted("coin_slot", pytest.approx(1.0 + 4 * 0.05 + 3 * 0.05 + 0.3), 4)]


def test_drop_out_inside_a_pulse_is_bounce(run, coin) -> None:
    edges = [(1.0, False), (1.020, True), (1.0205, False), (1.050, True)]
    r = run(coin).feed(edges).until(10.0)
    assert r.events == [CoinInserted("coin_slot", pytest.approx(1.35), 1)]


def test_spike_on_an_idle_line_is_nothing(run, coin) -> None:
    r = run(coin).feed([(1.0, False), (1.0005, True)]).until(10.0)
    assert r.events == []
    assert not coin.in_train


def test_two_coins_close_together_are_two_coins(run, coin) -> None:
    first = coin_train(1.0, 2)  # ends 1.15
    second = coin_train(1.15 + 0.31, 5)  # starts just after the first one's gap
    r = run(coin).feed(first + second).until(10.0)
    assert [(e.pulses, round(e.at, 3)) for e in r.of(CoinInserted)] == [(2, 1.45), (5, round(1.46 + 0.45 + 0.3, 3))]


def test_a_pause_just_under_the_gap_joins_the_trains(run, coin) -> None:
    r = run(coin).feed(coin_train(1.0, 2) + coin_train(1.15 + 0.29, 2)).until(10.0)
    assert [e.pulses for e in r.of(CoinInserted)] == [4]


def test_a_pulse_bouncing_in_at_the_gap_end_waits_for_its_settle(run, coin) -> None:
    # the next pulse's first edge 1 µs before the gap ends, then ringing: same coin
    edges = coin_train(1.0, 1) + coin_train(1.05 + 0.3 - 1e-6, 1, bounce_gaps_s=(0.0005, 0.0005))
    r = run(coin).feed(edges).until(10.0)
    assert [e.pulses for e in r.of(CoinInserted)] == [2]


def test_too_short_pulse_is_a_fault_not_credit(run, coin) -> None:
    edges = [(1.0, False), (1.005, True)] + coin_train(1.055, 2)
    r = run(coin).feed(edges).until(10.0)
    assert r.of(CoinInserted) == []
    (fault,) = r.of(CoinFault)
    assert fault.detail == "pulse too short (5.0 ms)" and fault.pulses == 3
    assert coin.faults == 1


def test_too_many_pulses_is_a_fault(run) -> None:
    coin = CoinDecoder("coin_slot", max_pulses=5)
    r = run(coin).feed(coin_train(1.0, 6)).until(10.0)
    assert r.of(CoinInserted) == []
    assert [(e.detail, e.pulses) for e in r.of(CoinFault)] == [("too many pulses (more than 5)", 6)]


def test_line_stuck_active_is_reported_at_once_and_no_credit(run, coin) -> None:
    r = run(coin).feed([(1.0, False)]).until(5.0)
    assert r.events == [CoinFault("coin_slot", pytest.approx(1.15), "line stuck active for 150 ms", 1)]
    r.feed([(6.0, True)]).until(20.0)
    assert len(r.events) == 1  # the release ends the train without a second report
    r.feed(coin_train(21.0, 2)).until(30.0)  # the next coin counts again
    assert r.of(CoinInserted) == [CoinInserted("coin_slot", pytest.approx(21.15 + 0.3), 2)]


def test_long_pulse_ending_with_bounce_across_the_limit_is_not_stuck(run, coin) -> None:
    edges = [(1.0, False), (1.1495, True), (1.1505, False), (1.151, True)]
    r = run(coin).feed(edges).until(10.0)
    assert r.events == [CoinInserted("coin_slot", pytest.approx(1.1495 + 0.3), 1)]


def test_cut_mid_pulse_started_again_is_a_fault(run) -> None:
    """The table booted (or the input was opened) while a coin was paying: the pulse
    under way has no known start, so that train is no credit."""
    coin = CoinDecoder("coin_slot", initial_level=False)
    r = run(coin).feed([(0.02, True)] + coin_train(0.07, 2)).until(10.0)
    assert r.of(CoinInserted) == []
    assert [(e.detail, e.pulses) for e in r.of(CoinFault)] == [("pulse under way at start", 3)]


def test_cut_between_pulses_reports_the_pulses_that_came(run, coin) -> None:
    """A 5-pulse coin whose acceptor lost power after 2 pulses: the decoder can only
    report 2 (the pricing decides whether 2 pulses is a coin)."""
    r = run(coin).feed(coin_train(1.0, 5)[:4]).until(10.0)
    assert [e.pulses for e in r.of(CoinInserted)] == [2]


def test_result_does_not_depend_on_timer_calls(run) -> None:
    lazy = CoinDecoder("coin_slot")
    edges = coin_train(1.0, 3, bounce_gaps_s=(0.0003, 0.0004)) + coin_train(3.0, 1)
    r = run(lazy, punctual=False).feed(edges).call_at(20.0)
    assert [(e.pulses, round(e.at, 6)) for e in r.of(CoinInserted)] == [(3, 1.55), (1, 3.35)]


def test_active_high_wiring(run) -> None:
    coin = CoinDecoder("coin_slot", active_level=True)
    r = run(coin).feed(coin_train(1.0, 2, active_level=True)).until(10.0)
    assert [e.pulses for e in r.of(CoinInserted)] == [2]


@pytest.mark.parametrize(
    "kwargs, param",
    [
        ({"bounce_s": 0}, "bounce_s"),
        ({"bounce_s": 0.02}, "bounce_s"),
        ({"min_pulse_s": 0.2}, "min_pulse_s"),
        ({"gap_s": 0.001}, "gap_s"),
        ({"max_pulses": 0}, "max_pulses"),
        ({"max_pulse_s": float("nan")}, "max_pulse_s"),
    ],
)
def test_bad_parameters_name_the_parameter(kwargs, param) -> None:
    with pytest.raises(ParameterError) as err:
        check_params(**kwargs)
    assert err.value.param == param
    with pytest.raises(ValueError):
        CoinDecoder("coin_slot", **kwargs)
