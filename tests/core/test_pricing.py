"""Pricing: coin values, game prices with surcharges, bonus tiers, free play, checks."""

from __future__ import annotations

import pytest

from pitchside.core.pricing import (
    Credit, Extra, Pricing, bonus_for, check, coin_value, games_left, grant, money, pay, price_of, spend,
)  # fmt: skip

PUB = Pricing(
    coins=((1, 50), (2, 100), (4, 200)),
    game=100,
    games=(("pitchnut", 150),),
    extras=(Extra("players", "doubles", 50), Extra("games", 3, 100, game="pitchnut")),
    bonus=((200, 100),),
    currency="€",
)


@pytest.mark.parametrize("pulses, value", [(1, 50), (2, 100), (4, 200), (3, None), (5, None)])
def test_coin_values(pulses, value) -> None:
    assert coin_value(PUB, pulses) == value


@pytest.mark.parametrize(
    "game, options, price",
    [
        ("pichenotte", {"players": "singles", "pucks": 12}, 100),
        ("pichenotte", {"players": "doubles", "pucks": 12}, 150),
        ("pitchnut", {"games": 1}, 150),
        ("pitchnut", {"games": 3}, 250),
        ("boulomania", {"games": 3}, 100),  # the pitchnut surcharge is pitchnut's only
    ],
)
def test_price_table(game, options, price) -> None:
    assert price_of(PUB, game, options) == price


def test_free_play_costs_nothing() -> None:
    free = Pricing(free_play=True, game=100)
    assert price_of(free, "pichenotte", {"players": "doubles"}) == 0
    assert spend(Credit(), 0) == Credit()


def test_three_games_for_the_price_of_two() -> None:
    c, bonus = pay(PUB, Credit(), 100)
    assert (c, bonus) == (Credit(100, 100), 0)
    c, bonus = pay(PUB, c, 100)
    assert (c, bonus) == (Credit(300, 200), 100)
    assert games_left(PUB, c, 100) == 3
    c, bonus = pay(PUB, c, 100)  # the tier is given once per purchase
    assert (c, bonus) == (Credit(400, 300), 0)


def test_one_big_coin_crosses_the_tier() -> None:
    assert pay(PUB, Credit(), 200) == (Credit(300, 200), 100)
    assert bonus_for(PUB, 150, 100) == 100 and bonus_for(PUB, 200, 50) == 0


def test_spending_to_zero_starts_a_new_purchase() -> None:
    c, _ = pay(PUB, Credit(), 100)
    assert spend(c, 100) == Credit(0, 0)
    c = spend(Credit(300, 200), 100)
    assert c == Credit(200, 200)  # credit left: still the same purchase


def test_too_little_credit_cannot_spend() -> None:
    assert spend(Credit(50, 50), 100) is None


def test_grant_is_no_payment() -> None:
    assert grant(Credit(50, 50), 100) == Credit(150, 50)


def test_money_shown() -> None:
    assert money(PUB, 150) == "€1.50" and money(PUB, 5) == "€0.05"
    assert money(Pricing(), 3) == "3"


def test_check_finds_each_problem() -> None:
    bad = Pricing(coins=((0, 50), (2, 0)), game=-1, bonus=((200, 100), (100, 50)), extras=(Extra("x", 1, -5),))
    assert [k for k, _ in check(bad)] == ["coins", "coins", "game", "extras", "bonus"]
    assert check(PUB) == []
    assert [k for k, _ in check(Pricing(game=0))] == ["game"]
