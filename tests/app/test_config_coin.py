"""``[coin]`` and ``[pricing]``: read into the decoder's and the pricing's values, and
every bad value named by its key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pitchside.app.config import parse_config
from pitchside.core.errors import ConfigError
from pitchside.core.pricing import Extra, Pricing

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"
BASE = tomllib.loads(EXAMPLE.read_text())


def test_coin_and_pricing_read() -> None:
    cfg = parse_config(BASE | {
        "coin": {"pin": "GPIO20", "gap_ms": 250, "free_credit_pin": 15},
        "pricing": {"currency": "€", "game": 100, "coins": {"1": 50, "2": 100}, "bonus": [[200, 100]],
                    "games": {"pichenotte": 150}, "extras": [{"option": "players", "value": "doubles", "price": 50}]},
    })  # fmt: skip
    assert cfg.coin is not None and (cfg.coin.pin, cfg.coin.gap_ms, cfg.coin.free_credit_pin) == ("GPIO20", 250, "GPIO15")
    assert cfg.pricing == Pricing(coins=((1, 50), (2, 100)), game=100, games=(("pichenotte", 150),),
                                  extras=(Extra("players", "doubles", 50),), bonus=((200, 100),), currency="€")  # fmt: skip


def test_no_pricing_no_coin() -> None:
    cfg = parse_config(BASE)
    assert cfg.coin is None and cfg.pricing is None


@pytest.mark.parametrize(
    "section, key",
    [
        ({"coin": {"pin": "GPIO20", "bounce_ms": 20}}, "coin.bounce_ms"),
        ({"coin": {"pin": "GPIO20", "min_pulse_ms": 200}}, "coin.min_pulse_ms"),
        ({"coin": {}}, "coin.pin"),
        ({"pricing": {"coins": {"x": 50}}}, "pricing.coins"),
        ({"pricing": {"coins": {"1": 0}}}, "pricing.coins"),
        ({"pricing": {"game": 0}}, "pricing.game"),
        ({"pricing": {"bonus": [[200]]}}, "pricing.bonus"),
        ({"pricing": {"bonus": [[200, 100], [100, 50]]}}, "pricing.bonus"),
        ({"pricing": {"extras": [{"option": "players"}]}}, "pricing.extras"),
        ({"pricing": {"prize": 1}}, "pricing.prize"),
    ],
)
def test_bad_values_are_named(section, key) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(BASE | {"coin": {"pin": "GPIO20"}} | section)
    assert key in str(err.value)


def test_coin_pin_clash_with_a_button() -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(BASE | {"coin": {"pin": BASE["buttons"]["coin"]}, "pricing": {}})
    assert "coin.pin" in str(err.value) and "already used" in str(err.value)


@pytest.mark.parametrize("sign", ["€", "£", "¥", "$", "CHF ", "kr "])
def test_a_currency_the_panel_draws_is_kept(sign: str) -> None:
    assert parse_config(BASE | {"pricing": {"currency": sign, "game": 100, "free_play": True}}).pricing.currency == sign


def test_a_currency_the_panel_cannot_draw_is_named() -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(BASE | {"pricing": {"currency": "元", "game": 100, "free_play": True}})
    assert "pricing.currency" in str(err.value) and "no '元' to draw" in str(err.value)
