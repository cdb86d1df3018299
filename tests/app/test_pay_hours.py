"""The prices' hours on a table: the local time comes in as ``ClockRead`` events (the
pay clock reads it on the runtime's timers; the kiosk never does), the price shown and paid follows
it, and a game in a free-play window is journaled as a free game on the lifetime
meters."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from pitchside.app.pay_clock import PayClock, local_time, next_read_s
from pitchside.core.hours import LocalTime, Window
from pitchside.core.meters import Meters
from pitchside.core.pricing import Credit, Pricing
from pitchside.render.kiosk import AttractView
from pitchside.signals.events import CoinInserted
from pitchside.tables import credits, kiosk
from pitchside.tables import pichenotte as table
from support.credits_table import Table

PRICES = Pricing(coins=((1, 50), (2, 100)), game=100, currency="$",
                 hours=(Window((0,), 17 * 60, 19 * 60, 50), Window((6,), 10 * 60, 12 * 60)))  # fmt: skip


def attract_lines(ks: kiosk.KioskState) -> tuple[str, ...]:
    view = kiosk.view(ks)
    assert isinstance(view, AttractView)
    return view.lines


def test_the_price_shown_follows_the_clock_read() -> None:
    ks, _ = kiosk.start(kiosk.KioskSettings(pricing=PRICES), table.new_table(), (), 0.0, Credit(50, 50))
    assert attract_lines(ks) == ("CREDIT $0.50  GAME $1.00", "INSERT COIN")  # no clock read: regular prices
    ks, effects = kiosk.handle(ks, credits.ClockRead(LocalTime(0, 17 * 60)))
    assert effects == ()
    assert attract_lines(ks) == ("CREDIT $0.50  GAME $0.50", "PRESS ANY BUTTON")  # Monday 17:00: half price
    ks, _ = kiosk.handle(ks, credits.ClockRead(LocalTime(6, 11 * 60)))
    assert attract_lines(ks) == ("CREDIT $0.50  GAME $0.00", "PRESS ANY BUTTON")  # Sunday morning: free
    ks, _ = kiosk.handle(ks, credits.ClockRead(LocalTime(6, 12 * 60)))
    assert attract_lines(ks) == ("CREDIT $0.50  GAME $1.00", "INSERT COIN")


def test_a_game_in_a_free_window_is_paid_0_and_counted_free(tmp_path: Path) -> None:
    t = Table(tmp_path / "j.db", kiosk.KioskSettings(pricing=PRICES))
    t.rt.post(credits.ClockRead(LocalTime(6, 11 * 60)))
    t.rt.process_pending()
    t.post(CoinInserted("coin_slot", 1.0, 1))
    t.press("next")  # attract -> menu
    t.press("shot_done")  # started: free, nothing reserved
    assert (t.rt.kiosk.mode, t.rt.kiosk.reserved) == ("playing", 0)
    t.press("coin")  # the toss: the match's first journal line, paid 0
    t.close()
    from pitchside.app.journal import Journal

    with Journal.open_readonly(tmp_path / "j.db") as j:
        assert j.lifetime() == Meters(coins=1, money=50, games=1, free_games=1)
        assert j.balance() == (50, 50)


def test_the_pay_clock_reads_the_wall_clock_at_start_and_each_turn_of_the_minute() -> None:
    """On the runtime's timers (a list here), from an injected wall clock: read at start,
    then 0.5 s past each turn of the minute; a read equal to the last is not posted."""
    got: list[credits.ClockRead] = []
    timers: list[tuple[float, Callable[[float], None]]] = []
    t = 100.0  # the table's clock
    friday = time.mktime((2026, 12, 4, 18, 5, 30, 0, 0, -1))  # a Friday, 18:05:30 local time
    clock = PayClock(got.append, lambda due, cb: timers.append((due, cb)), lambda: t, lambda: friday + (t - 100.0))
    clock.start()
    assert got == [credits.ClockRead(LocalTime(4, 18 * 60 + 5))]
    assert [due for due, _ in timers] == [130.5]  # 18:06:00.5
    t = 130.5
    timers.pop()[1](t)
    assert got[1:] == [credits.ClockRead(LocalTime(4, 18 * 60 + 6))]
    assert [due for due, _ in timers] == [190.5]
    t = 130.9  # a timer fired twice in a minute: nothing new to say
    clock._read(t)
    assert len(got) == 2
    assert next_read_s(friday) == 30.5 and next_read_s(friday + 30.5) == 60.0
    assert local_time(time.localtime(friday)) == LocalTime(4, 1085)
