"""CoinInput: a coin acceptor's pulse train on a mock pin through gpiozero, decoded with
exact virtual times (pull-up, active low: the open collector wiring)."""

from __future__ import annotations

import pytest

from pitchside.signals.events import CoinFault, CoinInserted
from pitchside_hw.coin_input import CoinInput
from pitchside_sim.pulses import ROCKER_BOUNCE_GAPS_S, coin_train, replay

PIN = "GPIO20"


@pytest.fixture
def coin(factory, clock, sched):
    with CoinInput("coin_slot", PIN, sched.put, factory, clock=clock) as c:
        sched.register("coin_slot", c.timer_due)
        yield c


def test_a_bouncing_train_is_one_coin_at_the_gap_end(factory, sched, coin) -> None:
    replay(factory, factory.pin(PIN), coin_train(1.0, 3, bounce_gaps_s=ROCKER_BOUNCE_GAPS_S), scheduler=sched)
    sched.advance_to(5.0)
    assert sched.events == [CoinInserted("coin_slot", pytest.approx(1.25 + 0.3), 3)]
    assert coin.coins == 1


def test_the_line_idles_high_on_the_internal_pull_up(factory, coin) -> None:
    assert factory.pin(PIN).pull == "up" and factory.pin(PIN).state is True


def test_a_stuck_line_is_a_fault_from_the_timer_alone(factory, sched, coin) -> None:
    replay(factory, factory.pin(PIN), [(1.0, False)], scheduler=sched)
    sched.advance_to(2.0)
    assert sched.events == [CoinFault("coin_slot", pytest.approx(1.15), "line stuck active for 150 ms", 1)]
