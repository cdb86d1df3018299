"""``[coin]`` and ``[pricing]`` of the table config (pay to play).

Example (amounts in cents, the currency's smallest unit)::

    [coin]                    # a CH-926 style acceptor's pulse output
    pin = "GPIO5"             # open collector: wired to the pin with the internal pull-up
    active = "low"            # the level during a pulse
    min_pulse_ms = 10         # pulse checks and the quiet gap ending a coin
    max_pulse_ms = 150
    gap_ms = 300
    bounce_ms = 2
    max_pulses = 20
    free_credit_pin = "GPIO6" # optional: a staff key switch granting one game

    [pricing]
    currency = "€"
    free_play = false
    game = 100                # price of a game
    coins = { "1" = 50, "2" = 100, "4" = 200 }   # pulses = value
    bonus = [[200, 100]]      # pay 200 in one go, get 100 more (3 games for 2)
    games = { pichenotte = 150 }  # a game's own price (a game of this table)
    extras = [{ option = "players", value = "doubles", price = 50 }]  # plus game = "..."

A table without ``[pricing]`` needs no coins; ``[pricing]`` asking for money needs
``[coin]``. What else is refused across the two and the table's games:
:mod:`pitchside.app.config_pay`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pitchside.app import config_pay
from pitchside.app.config_reader import Section, shown
from pitchside.core import pricing
from pitchside.core.pricing import Extra, Pricing
from pitchside.render import fonts
from pitchside.signals import coin
from pitchside.signals.params import ParameterError


@dataclass(frozen=True, slots=True)
class CoinConfig:
    """The coin acceptor input (``[coin]``): pins and the decoder's times in ms."""

    pin: str
    active: str = "low"
    min_pulse_ms: float = coin.DEFAULT_MIN_PULSE_S * 1000
    max_pulse_ms: float = coin.DEFAULT_MAX_PULSE_S * 1000
    gap_ms: float = coin.DEFAULT_GAP_S * 1000
    bounce_ms: float = coin.DEFAULT_BOUNCE_S * 1000
    max_pulses: int = coin.DEFAULT_MAX_PULSES
    free_credit_pin: str | None = None
    name: str = "coin_slot"


def read_coin(top: Section) -> CoinConfig | None:
    """``[coin]``, checked with the decoder's own check, or None without one."""
    if "coin" not in top.raw:
        return None
    c = top.sub("coin")
    d = CoinConfig(pin="")
    cfg = CoinConfig(
        pin=c.pin("pin") or "",
        active=c.choice("active", ("low", "high"), d.active),
        min_pulse_ms=c.number("min_pulse_ms", d.min_pulse_ms, 0.1, 10_000),
        max_pulse_ms=c.number("max_pulse_ms", d.max_pulse_ms, 0.1, 10_000),
        gap_ms=c.number("gap_ms", d.gap_ms, 1, 10_000),
        bounce_ms=c.number("bounce_ms", d.bounce_ms, 0.01, 1_000),
        max_pulses=c.integer("max_pulses", d.max_pulses, 1, 100),
        free_credit_pin=c.pin("free_credit_pin") if "free_credit_pin" in c.raw else None,
    )
    try:
        coin.check_params(bounce_s=cfg.bounce_ms / 1000, min_pulse_s=cfg.min_pulse_ms / 1000,
                          max_pulse_s=cfg.max_pulse_ms / 1000, gap_s=cfg.gap_ms / 1000, max_pulses=cfg.max_pulses)  # fmt: skip
    except ParameterError as exc:
        c.fail(exc.param.replace("_s", "_ms") if exc.param.endswith("_s") else exc.param, exc.message)
    c.done()
    config_pay.check_acceptor_priced(top)
    return cfg


def read_pricing(top: Section, offered: tuple[str, ...] = (), coin_cfg: CoinConfig | None = None) -> Pricing | None:
    """``[pricing]``, checked by :func:`pitchside.core.pricing.check` and against the
    table's games ``offered`` and its acceptor ``coin_cfg`` (:mod:`pitchside.app.config_pay`), or
    None."""
    if "pricing" not in top.raw:
        return None
    s = top.sub("pricing")
    d = Pricing()
    coins_raw = s.get("coins", dict, {"1": 100})
    config_pay.same_pulses(s, coins_raw)
    coins: list[tuple[int, int]] = []
    for k, v in coins_raw.items():
        if not (str(k).isdigit() and isinstance(v, int) and not isinstance(v, bool)):
            s.fail("coins", f"must map a pulse count to a value in cents, not {shown(k)} = {shown(v)}")
            continue
        coins.append((int(k), v))
    games_raw = s.get("games", dict, {})
    games = tuple((g, p) for g, p in games_raw.items() if _cents(s, f"games.{g}", p))
    extras = tuple(_extra(s, x) for x in s.get("extras", list, []))
    bonus_raw = s.get("bonus", list, [])
    bonus = tuple((int(b[0]), int(b[1])) for b in bonus_raw if _pair(s, b))
    p = Pricing(
        coins=tuple(sorted(coins)),
        game=s.integer("game", d.game, 0, 1_000_000),
        games=games,
        extras=tuple(x for x in extras if x is not None),
        bonus=bonus,
        free_play=s.get("free_play", bool, False),
        currency=s.get("currency", str, ""),
    )
    for key, message in pricing.check(p):
        s.fail(key, message)
    lacking = fonts.missing_glyphs(p.currency, fonts.TINY)
    if lacking:
        s.fail("currency", f"{shown(p.currency)}: the panel's font has no {shown(lacking)} to draw"
               " (it has € £ ¥ $ and the Latin letters)")
    config_pay.check_amounts(s, p)
    if coin_cfg is None:
        config_pay.check_coins(top, s, p, None, 0, 0)
    else:
        config_pay.check_coins(top, s, p, coin_cfg.max_pulses, coin_cfg.max_pulse_ms, coin_cfg.gap_ms)
    config_pay.check_games(s, p, offered)
    s.done()
    return p


def _cents(s: Section, key: str, value: Any) -> bool:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return True
    s.fail(key, f"must be a whole number of cents, not {shown(value)}")
    return False


def _pair(s: Section, b: Any) -> bool:
    if isinstance(b, list) and len(b) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in b):
        return True
    s.fail("bonus", f"each tier is [paid, bonus] in cents, not {shown(b)}")
    return False


def _extra(s: Section, x: Any) -> Extra | None:
    if (isinstance(x, dict) and set(x) <= {"option", "value", "price", "game"} and isinstance(x.get("option"), str)
            and "value" in x and isinstance(x.get("price"), int)):  # fmt: skip
        return Extra(x["option"], x["value"], x["price"], str(x.get("game", "")))
    s.fail("extras", f"each surcharge is {{option, value, price, game?}}, not {shown(x)}")
    return None
