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
    inhibit_pin = "GPIO14"    # optional: the acceptor's inhibit input (through a transistor)
    inhibit_active = "high"   # the Pi's level that refuses coins
    meter_pin = "GPIO18"      # optional: an electromechanical coin meter, a pulse per coin
    meter_active = "high"
    meter_pulse_ms = 100      # the pulse, and the pause after it (20-1000)
    door_pin = "GPIO24"       # optional: the coin door's switch; open: service mode
    door_open = "high"        # the level while the door is open

    [pricing]
    currency = "€"
    free_play = false
    game = 100                # price of a game
    coins = { "1" = 50, "2" = 100, "4" = 200 }   # pulses = value
    bonus = [[200, 100]]      # pay 200 in one go, get 100 more (3 games for 2)
    games = { pichenotte = 150 }  # a game's own price (a game of this table)
    extras = [{ option = "players", value = "doubles", price = 50 }]  # plus game = "..."
    tiers = [{ games = 3, price = 200 }]  # 3 games for the price of 2 (instead of bonus)
    per_player = false        # true: prices are per player a side (doubles pay twice)
    hours = [                 # local time; no discount: free play
        { days = "mon-fri", start = "17:00", end = "19:00", discount = 50 },
        { days = "sun", start = "10:00", end = "12:00" },
    ]
    credit_cap = 1000         # coins refused once the credit reaches it (0: no cap)

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
    inhibit_pin: str | None = None
    """The output to the acceptor's inhibit input (asserted: coins are refused)."""
    inhibit_active: str = "high"
    """The Pi's level that inhibits (``"high"``: through an NPN transistor pulling an
    active-low inhibit input to the acceptor's ground)."""
    meter_pin: str | None = None
    """The output to an electromechanical coin meter: one pulse per coin credited."""
    meter_active: str = "high"
    meter_pulse_ms: float = 100.0
    """The meter's pulse, and the pause after it before the next (ms)."""
    door_pin: str | None = None
    """The coin door's switch: the door opened opens service mode."""
    door_open: str = "high"
    """The level while the door is open (``"high"``: a switch to GND held closed by the
    shut door, on the internal pull-up; a cut wire then reads as open)."""


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
        **_outputs(c),
    )
    try:
        coin.check_params(bounce_s=cfg.bounce_ms / 1000, min_pulse_s=cfg.min_pulse_ms / 1000,
                          max_pulse_s=cfg.max_pulse_ms / 1000, gap_s=cfg.gap_ms / 1000, max_pulses=cfg.max_pulses)  # fmt: skip
    except ParameterError as exc:
        c.fail(exc.param.replace("_s", "_ms") if exc.param.endswith("_s") else exc.param, exc.message)
    c.done()
    config_pay.check_acceptor_priced(top)
    return cfg


def _outputs(c: Section) -> dict[str, Any]:
    """The acceptor's optional lines beyond its pulse output: the inhibit output, the
    coin meter output and the coin door's switch."""
    d = CoinConfig(pin="")
    out: dict[str, Any] = {}
    for key in ("inhibit_pin", "meter_pin", "door_pin"):
        if key in c.raw:
            out[key] = c.pin(key)
    out["inhibit_active"] = c.choice("inhibit_active", ("high", "low"), d.inhibit_active)
    out["meter_active"] = c.choice("meter_active", ("high", "low"), d.meter_active)
    out["meter_pulse_ms"] = c.number("meter_pulse_ms", d.meter_pulse_ms, 20, 1_000)
    out["door_open"] = c.choice("door_open", ("high", "low"), d.door_open)
    return out


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
        tiers=config_pay.read_tiers(s),
        per_player=s.get("per_player", bool, False),
        hours=config_pay.read_hours(s),
        credit_cap=s.integer("credit_cap", 0, 0, config_pay.MAX_AMOUNT),
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
    config_pay.check_operator(s, p, offered)
    config_pay.check_cap(s, p, offered, coin_cfg is not None and coin_cfg.inhibit_pin is not None)
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
