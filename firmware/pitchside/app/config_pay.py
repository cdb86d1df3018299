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
  game is a warning (it is most likely not written in cents);
* a ``credit_cap`` below the dearest game (the acceptor would refuse coins before the
  credit pays for it); a cap without ``coin.inhibit_pin`` is a warning (nothing can tell
  the acceptor to refuse a coin, so every coin it takes is credited, over the cap too);
* the operator's deals (:func:`read_tiers`, :func:`read_hours`, :func:`check_operator`):
  a price tier that costs no less than its games bought singly, or saves no more than a
  cheaper tier; ``per_player`` on a table none of whose games has players, or beside a
  surcharge for doubles (doubles would pay twice over); an hours window that is empty
  (start equals end) or overlaps another, or a day or time that is no day or time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitchside.app.config_reader import Section, shown
from pitchside.core.fields import Spec, specs
from pitchside.core.pricing import Extra, Pricing
from pitchside.tables.registry import app_for, table_games

if TYPE_CHECKING:  # an annotation only: the hours are read for a price list that has some (start-up)
    from pitchside.core.hours import Window

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


def read_tiers(s: Section) -> tuple[tuple[int, int], ...]:
    """``tiers``: a list of ``{ games = N, price = CENTS }``, as ``(games, price)``."""
    out: list[tuple[int, int]] = []
    for t in s.get("tiers", list, []):
        if (isinstance(t, dict) and set(t) == {"games", "price"}
                and all(isinstance(t[k], int) and not isinstance(t[k], bool) for k in t)):  # fmt: skip
            out.append((t["games"], t["price"]))
        else:
            s.fail("tiers", f"each tier is {{ games = 3, price = 200 }} (games, and their price in cents), not "
                            f"{shown(t)}")
    for games, price in out:
        if games > 1000 or price > MAX_AMOUNT:
            s.fail("tiers", f"the tier of {games} games for {price} is past the bounds (at most 1000 games and "
                            f"{MAX_AMOUNT} cents)")
    return tuple(out)


def read_hours(s: Section) -> tuple[Window, ...]:
    """``hours``: a list of ``{ days, start, end, discount? }`` (discount 100, free play,
    when left out), each checked for its words; the windows together by
    :func:`pitchside.core.hours.check`."""
    if "hours" not in s.raw:
        return ()
    from pitchside.core import hours  # only for a price list with hours (start-up)

    out: list[Window] = []
    for w in s.get("hours", list, []):
        window = _window(w)
        if isinstance(window, str):
            s.fail("hours", window)
        else:
            out.append(window)
    for i, message in hours.check(tuple(out)):
        s.fail("hours", f"the window {out[i].words()} {message}")
    return tuple(out)


_WINDOW = '{ days = "mon-fri", start = "17:00", end = "19:00", discount = 50 }'


def _window(w: Any) -> Window | str:
    """One window, or what is wrong with it."""
    from pitchside.core import hours
    from pitchside.core.hours import Window

    if not isinstance(w, dict) or not {"days", "start", "end"} <= set(w) or not set(w) <= {"days", "start", "end",
                                                                                            "discount"}:
        return f"each window is {_WINDOW} (discount in percent; left out: free play), not {shown(w)}"
    days = hours.parse_days(w["days"]) if isinstance(w["days"], str) else None
    if days is None:
        return (f"days = {shown(w['days'])} is no days: write 'daily', a day ('fri'), a range ('mon-fri') "
                f"or a list ('sat,sun'), the days written {', '.join(hours.DAYS)}")
    times = {k: hours.parse_clock(w[k]) if isinstance(w[k], str) else None for k in ("start", "end")}
    for k, minute in times.items():
        if minute is None:
            return f"{k} = {shown(w[k])} is no time of day: write it as 'HH:MM', 24-hour ('17:30'; '24:00' ends a day)"
    discount = w.get("discount", 100)
    if not isinstance(discount, int) or isinstance(discount, bool):
        return f"discount = {shown(discount)}: write the percent off as a whole number, 1 to 100 (100 is free play)"
    start, end = times["start"], times["end"]
    assert start is not None and end is not None
    return Window(days, start % hours.DAY, end, discount)


def check_operator(s: Section, pricing: Pricing, games: tuple[str, ...]) -> None:
    """``per_player`` against the table's games and surcharges; hours on a table on
    free play all day (warned: they change nothing)."""
    if pricing.per_player and games:
        having = [g for g in games if "players" in _options(g)]
        if not having:
            s.fail("per_player", f"none of this table's games ({', '.join(games)}) has players singles or doubles: "
                                 "per_player would never change a price; remove it")
        doubles = [x for x in pricing.extras if x.option == "players" and x.value == "doubles"]
        if doubles:
            s.fail("per_player", f"doubles already pay the surcharge {{ option = \"players\", value = \"doubles\", "
                                 f"price = {doubles[0].price} }}: with per_player they would pay twice over; keep "
                                 "one of the two")
    if pricing.free_play and pricing.hours:
        s.problems.warn(s.key("hours"), "the table is on free play all day (free_play = true): the hours change "
                                        "nothing")


def check_cap(s: Section, pricing: Pricing, games: tuple[str, ...], inhibit_line: bool) -> None:
    """``credit_cap`` (0: none) at least the dearest game with its dearest surcharges,
    and useful only with an inhibit line (a warning without one)."""
    cap = pricing.credit_cap
    if cap == 0 or pricing.free_play:
        return
    dearest, game = _dearest(pricing, games)
    if cap < dearest:
        s.fail("credit_cap", f"{cap} is less than a game of {game} costs at most ({dearest}): the acceptor would "
                             f"refuse coins before the credit pays for it; write credit_cap = {max(dearest, 2 * dearest)} "
                             "or more (cents), or 0 for no cap")
    elif not inhibit_line:
        s.problems.warn(s.key("credit_cap"), "the table has no coin.inhibit_pin, so nothing can tell the acceptor "
                                             "to refuse a coin: every coin it takes is credited, over the cap too; "
                                             "wire its inhibit input and add inhibit_pin under [coin]")


def _dearest(pricing: Pricing, games: tuple[str, ...]) -> tuple[int, str]:
    """The most a game can cost (cents), and which game: its price and, per option, the
    dearest surcharge that applies to it."""
    prices = dict(pricing.games)
    names = games or (*prices, "any")
    best = (0, names[0])
    for g in names:
        per_option: dict[str, int] = {}
        for x in pricing.extras:
            if x.game in ("", g):
                per_option[x.option] = max(per_option.get(x.option, 0), x.price)
        best = max(best, ((prices.get(g, pricing.game) + sum(per_option.values())) * (2 if pricing.per_player else 1), g))
    return best
