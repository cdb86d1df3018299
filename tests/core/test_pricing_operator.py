"""The operator's deals, pure: price tiers (3 games for the price of 2), price per
player (doubles pay twice), free play and happy hours by weekday and time of day with
the clock as an input; each refusal of :func:`pitchside.core.pricing.check` and
:func:`pitchside.core.hours.check` with what to write."""

from __future__ import annotations

import pytest

from pitchside.core import hours, pricing
from pitchside.core.hours import LocalTime, Window
from pitchside.core.pricing import Credit, Extra, Pricing

MON, FRI, SAT, SUN = 0, 4, 5, 6


def at(day: int, hhmm: str) -> LocalTime:
    minute = hours.parse_clock(hhmm)
    assert minute is not None
    return LocalTime(day, minute)


def test_a_tier_credits_its_games_when_the_purchase_reaches_its_price() -> None:
    p = Pricing(coins=((1, 50), (2, 100)), game=100, tiers=((3, 200), (7, 400)))
    assert pricing.tier_bonuses(p) == ((200, 100), (400, 200))  # 3 for 200, then 7 for 400 in all
    credit = Credit()
    balances = []
    for value in (100, 100, 100, 100):
        credit, bonus = pricing.pay(p, credit, value)
        balances.append((credit.balance, bonus))
    assert balances == [(100, 0), (300, 100), (400, 0), (700, 200)]  # 400 paid: 7 games
    one_go, bonus = pricing.pay(p, Credit(), 400)
    assert (one_go.balance, bonus) == (700, 300)
    spent = pricing.spend(Credit(100, 400), 100)
    assert spent == Credit(0, 0)  # an empty balance ends the purchase: the next one starts afresh
    assert pricing.pay(p, spent, 100) == (Credit(100, 100), 0)


def test_per_player_doubles_pay_twice_with_their_surcharges() -> None:
    p = Pricing(game=100, games=(("pitchnut", 150),), extras=(Extra("pucks", 12, 20),), per_player=True)
    assert pricing.price_of(p, "pichenotte", {"players": "singles"}) == 100
    assert pricing.price_of(p, "pichenotte", {"players": "doubles"}) == 200
    assert pricing.price_of(p, "pichenotte", {"players": "doubles", "pucks": 12}) == 240
    assert pricing.price_of(p, "pitchnut", {"players": "doubles"}) == 300
    assert pricing.price_of(p, "boulomania", {}) == 100  # no players option: one price
    assert pricing.price_of(Pricing(game=100), "pichenotte", {"players": "doubles"}) == 100


HAPPY = Window(days=(MON, 1, 2, 3, FRI), start=17 * 60, end=19 * 60, discount=50)
LATE = Window(days=(FRI, SAT), start=22 * 60, end=2 * 60)  # free play, past midnight
P = Pricing(game=150, extras=(Extra("players", "doubles", 25),), hours=(HAPPY, LATE))


@pytest.mark.parametrize("when, options, price", [
    (None, {}, 150),  # no clock read yet: the regular price
    (at(MON, "16:59"), {}, 150),
    (at(MON, "17:00"), {}, 75),
    (at(FRI, "18:59"), {"players": "doubles"}, 87),  # 175 half price, rounded down to the cent
    (at(FRI, "19:00"), {}, 150),
    (at(SAT, "17:30"), {}, 150),  # not on Saturday
    (at(FRI, "22:00"), {}, 0),
    (at(SAT, "01:59"), {}, 0),  # Friday's late window, after midnight
    (at(SUN, "01:59"), {}, 0),  # Saturday's
    (at(SUN, "02:00"), {}, 150),
    (at(SAT, "21:59"), {}, 150),
])  # fmt: skip
def test_the_price_at_each_moment_of_the_week(when: LocalTime | None, options: dict[str, str], price: int) -> None:
    assert pricing.price_of(P, "pichenotte", options, when) == price


def test_free_play_all_day_wins_over_the_hours() -> None:
    p = Pricing(game=100, free_play=True, hours=(HAPPY,))
    assert pricing.price_of(p, "pichenotte", {}, at(MON, "12:00")) == 0


def test_days_and_times_as_a_config_writes_them() -> None:
    assert hours.parse_days("daily") == (0, 1, 2, 3, 4, 5, 6)
    assert hours.parse_days("mon-fri") == (0, 1, 2, 3, 4)
    assert hours.parse_days("fri-mon") == (0, 4, 5, 6)
    assert hours.parse_days("sat,sun") == (5, 6)
    assert hours.parse_days("mon-wed,sat") == (0, 1, 2, 5)
    assert [hours.parse_days(t) for t in ("monday", "mon-", "", "mon,,tue")] == [None, None, None, None]
    assert [hours.parse_clock(t) for t in ("17:30", "0:05", "24:00", "24:01", "17:60", "1730", "17:3")] == [
        1050, 5, 1440, None, None, None, None]
    assert HAPPY.words() == '{ days = "mon,tue,wed,thu,fri", start = "17:00", end = "19:00", discount = 50 }'
    assert LATE.words() == '{ days = "fri,sat", start = "22:00", end = "02:00" }'


def test_the_hours_refused_with_what_to_write() -> None:
    rest_of_sunday = Window((SUN,), 120, 1440)  # after Saturday's late window
    assert hours.check((HAPPY, LATE, rest_of_sunday)) == []
    assert hours.check((Window((SUN,), 0, 1440), LATE))[0][1].startswith('overlaps { days = "sun"')
    assert hours.check((Window((MON,), 600, 600),)) == [
        (0, 'starts and ends at 10:00: an empty window; for the whole day write start = "00:00" and end = "24:00"')]
    assert hours.check((Window((MON,), 600, 660, discount=0), Window((), 60, 120))) == [
        (0, "discount = 0: write the percent off, 1 to 100 (100 is free play)"),
        (1, 'has no days: write days = "daily", "mon-fri" or "sat,sun"'),
    ]
    assert hours.check((HAPPY, Window((FRI,), 18 * 60, 20 * 60))) == [
        (1, 'overlaps { days = "mon,tue,wed,thu,fri", start = "17:00", end = "19:00", discount = 50 } on fri at '
            "18:00: at most one window applies at a time; start this one at 19:00 or end it at 17:00")]
    # Friday's late window runs into Saturday morning
    assert hours.check((LATE, Window((SAT,), 60, 180, discount=20))) == [
        (1, 'overlaps { days = "fri,sat", start = "22:00", end = "02:00" } on sat at 01:00: at most one window '
            "applies at a time; start this one at 02:00 or end it at 22:00")]
    # Sunday's late window runs into Monday, past the week's end
    assert hours.check((Window((SUN,), 23 * 60, 60), Window((MON,), 30, 90))) != []


def test_the_tiers_refused_with_what_to_write() -> None:
    def problems(*tiers: tuple[int, int], bonus: tuple[tuple[int, int], ...] = ()) -> list[tuple[str, str]]:
        return [x for x in pricing.check(Pricing(game=100, tiers=tiers, bonus=bonus)) if x[0] == "tiers"]

    assert problems((3, 200), (7, 400)) == []
    assert problems((3, 300)) == [("tiers", "3 games for 300 cost no less than 3 single games (3 x 100 = 300): "
                                            "write a price below 300, or remove the tier")]
    assert problems((1, 50)) == [("tiers", "a tier of 1 game(s) for 50: a tier sells at least 2 games; the price of "
                                           "one game is game =")]
    assert problems((3, 0)) == [("tiers", "the tier of 3 games costs 0: write its price in cents, above 0 (free play "
                                          "is free_play = true)")]
    assert problems((3, 200), (4, 200)) == [("tiers", "two tiers at 200 (3 and 4 games): keep one")]
    assert problems((3, 200), (4, 300)) == [("tiers", "4 games for 300 save no more than 3 games for 200 and "
                                                      "singles: write more than 4 games, or a price below 300")]
    assert problems((3, 200), bonus=((200, 100),)) == [
        ("tiers", "tiers and bonus both credit more for paying more at once: write the deals as tiers only "
                  "({ games = 3, price = 200 }) and remove bonus")]
