"""The checks across ``[coin]``, ``[pricing]`` and the table's games: no config that
could take money and give nothing passes ``check-config``.

Each refusal names its key (so ``check-config`` gives its line) and what to write:

* ``[pricing]`` asking for money (not ``free_play``) on a table without ``[coin]``, and
  ``[coin]`` without ``[pricing]`` (every coin would be a fault: kept, no credit);
* a coin of more pulses than ``coin.max_pulses`` (the decoder calls its train a fault:
  the coin is swallowed);
* two coins the decoder cannot tell apart: the same pulse count listed twice
  (``"1"`` and ``"01"``), or a coin of several pulses when ``coin.gap_ms`` is not longer
  than ``coin.max_pulse_ms``: the pause between two pulses of one coin may be as long as a
  pulse (CH-926 style acceptors pause as long as they pulse), so the decoder could end the
  coin at a pause and read it as coins of fewer pulses;
* a price (``games``) for a game the table does not offer, a surcharge (``extras``) for a
  game it does not offer, an option the game does not have, or a value the option cannot
  take: never charged;
* an amount over :data:`MAX_AMOUNT` cents; a coin worth more than 100 of the cheapest
  game is a warning (it is most likely not written in cents).
"""

from __future__ import annotations

from typing import Any

from pitchside.app.config_reader import Section, shown
from pitchside.core.fields import Spec, specs
from pitchside.core.pricing import Extra, Pricing
from pitchside.tables.registry import app_for, table_games

MAX_AMOUNT = 1_000_000
"""The most any amount of ``[pricing]`` may be, in cents (10,000.00 of the currency)."""
MANY_GAMES = 100
"""A coin worth more than this many games is warned about."""


def check_amounts(s: Section, pricing: Pricing) -> None:
    """Every amount of the price list within :data:`MAX_AMOUNT`; a coin worth more than
    :data:`MANY_GAMES` games warned about."""
    prices = [p for p in (pricing.game, *(p for _, p in pricing.games)) if p > 0]
    for pulses, value in pricing.coins:
        if value > MAX_AMOUNT:
            s.fail("coins", f"the coin of {_pulses(pulses)} is worth {value}, over the most a coin may be worth "
                            f"({MAX_AMOUNT}, in cents): write its value in cents (a 2.00 coin is 200)")
        elif prices and not pricing.free_play and value > MANY_GAMES * min(prices):
            s.problems.warn(s.key("coins"), f"the coin of {_pulses(pulses)} is worth {value}, more than "
                                            f"{MANY_GAMES} games at {min(prices)}: is it in cents (a 2.00 coin "
                                            "is 200)?")
    for game, price in pricing.games:
        if price > MAX_AMOUNT:
            s.fail(f"games.{game}", f"must be at most {MAX_AMOUNT} (cents), not {price}")
    for x in pricing.extras:
        if x.price > MAX_AMOUNT:
            s.fail("extras", f"the surcharge for {x.option} = {x.value!r} must be at most {MAX_AMOUNT} (cents), "
                             f"not {x.price}")
    for paid, bonus in pricing.bonus:
        if paid > MAX_AMOUNT or bonus > MAX_AMOUNT:
            s.fail("bonus", f"a tier's amounts must be at most {MAX_AMOUNT} (cents), not [{paid}, {bonus}]")


def check_acceptor_priced(top: Section) -> None:
    """``[coin]`` needs ``[pricing]``: without a price list no coin is worth anything."""
    if "pricing" not in top.raw:
        top.fail("coin", "takes coins, but the table has no [pricing]: every coin would be kept as a fault, with "
                         "no credit; add [pricing] with the coins' values and a game's price (coins = { \"1\" = "
                         "100 } and game = 100, in cents), or remove [coin]")


def check_coins(top: Section, s: Section, pricing: Pricing, max_pulses: int | None,
                max_pulse_ms: float, gap_ms: float) -> None:
    """The coins against the acceptor: ``max_pulses`` None when the table has no
    ``[coin]``."""
    if max_pulses is None:
        if not pricing.free_play:
            top.fail("pricing", "asks for money, but the table has no coin acceptor: add a [coin] table with "
                                "the acceptor's pin (pin = \"GPIO20\"), or write free_play = true under [pricing]")
        return
    for pulses, _ in pricing.coins:
        if pulses > max_pulses:
            s.fail("coins", f"the coin of {_pulses(pulses)} has more pulses than coin.max_pulses ({max_pulses}): "
                            "the decoder would call it a fault and keep the money; write max_pulses = "
                            f"{max(p for p, _ in pricing.coins)} under [coin]")
    several = [p for p, _ in pricing.coins if p > 1]
    if several and gap_ms <= max_pulse_ms:
        fewer = [p for p, _ in pricing.coins if p < several[0]]
        read_as = f"coins of {_pulses(fewer[0])}" if fewer else "a fault (the money kept)"
        top.sub("coin").fail("gap_ms", f"{gap_ms:g} ms is not longer than max_pulse_ms ({max_pulse_ms:g}): the pause "
                                       "between two pulses of one coin can be as long as a pulse, so the coin of "
                                       f"{_pulses(several[0])} could end at a pause and be read as {read_as}; write "
                                       f"gap_ms = {min(10_000.0, max(300.0, 2 * max_pulse_ms)):g}")


def same_pulses(s: Section, coins_raw: dict[str, Any]) -> None:
    """Two keys of ``coins`` that are the same pulse count (``"1"`` and ``"01"``)."""
    seen: dict[int, str] = {}
    for k in coins_raw:
        if not str(k).isdigit():
            continue
        if int(k) in seen:
            s.fail("coins", f"lists the coin of {_pulses(int(k))} twice ({shown(seen[int(k)])} and {shown(k)}): the "
                            f"decoder cannot tell them apart; keep one, written \"{int(k)}\"")
        seen.setdefault(int(k), str(k))


def check_games(s: Section, pricing: Pricing, games: tuple[str, ...]) -> None:
    """Prices and surcharges only for the table's games, options and values."""
    if not games:
        return  # [table] is refused on its own
    for game, price in pricing.games:
        if game not in games:
            s.fail(f"games.{game}", f"{game!r} is not a game of this table ({', '.join(games)}){_close(game, games)}: "
                                    f"its price would never be charged; write games = {{ {_near(game, games)} = "
                                    f"{price} }}")
    for x in pricing.extras:
        problem = _extra_problem(x, games)
        if problem is not None:
            s.fail("extras", f"the surcharge {{ option = {x.option!r}, value = {x.value!r}"
                             f"{f', game = {x.game!r}' if x.game else ''} }} would never be charged: {problem}")


def _extra_problem(x: Extra, games: tuple[str, ...]) -> str | None:
    if x.game and x.game not in games:
        why = (f"this table does not offer {x.game!r} ({', '.join(games)})" if x.game in table_games() else
               f"{x.game!r} is not a game of this table ({', '.join(games)}){_close(x.game, games)}")
        return f"{why}; write game = {_near(x.game, games)!r}, or leave game out"
    options = {g: _options(g) for g in ((x.game,) if x.game else games)}
    having = {g: o[x.option] for g, o in options.items() if x.option in o}
    if not having:
        names = sorted({n for o in options.values() for n in o})
        return (f"{' and '.join(options)} has no option {x.option!r}{_close(x.option, tuple(names))}; write option = "
                f"one of {', '.join(names)}")
    wrong = [w for w in (spec.problem(x.option, x.value) for spec in having.values()) if w is not None]
    if len(wrong) == len(having):
        return f"{wrong[0]}: write value = {next(iter(having.values())).allowed()}"
    return None


def _options(game: str) -> dict[str, Spec]:
    """The options of ``game`` by their replay-header name (what :func:`price_of` reads)."""
    app = app_for(game)
    return {spec.key or name: spec for name, spec in specs(type(app.parse_options({}))).items()}


def _close(word: str, words: tuple[str, ...]) -> str:
    import difflib  # only for a config refused (start-up)

    close = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _near(word: str, words: tuple[str, ...]) -> str:
    import difflib

    close = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
    return close[0] if close else words[0]


def _pulses(n: int) -> str:
    return f"{n} pulse" if n == 1 else f"{n} pulses"
