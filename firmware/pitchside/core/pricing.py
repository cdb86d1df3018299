"""Pay to play: what a coin is worth, what a game costs, bonus tiers, free play (pure).

All money is in the currency's smallest unit (cents), as integers: credits never
suffer float rounding. The table's *balance* is money paid and not yet spent; a game
costs :func:`price_of` of it.

* **Coins**: the acceptor reports N pulses per coin; ``coins`` maps a pulse count to a
  value. A count that is no coin (a train cut short, a unit set up differently) is no
  credit: :func:`coin_value` returns None and the shell counts it as a fault.
* **Price**: ``game`` per game, replaced by a game's own price (``games``), plus the
  surcharges (``extras``) whose option has the given value in the match's options (the
  replay header's ``options``, docs/spec/replay.md: ``players = "doubles"``,
  ``games = 3``).
* **Bonus tiers**: ``(paid, bonus)``: once the money paid since the balance was last
  empty (one customer's purchase) reaches ``paid``, ``bonus`` more is credited, once per
  tier ("3 games for the price of 2": game 100, tier (200, 100)).
* **Price tiers**: ``(games, price)``: paying ``price`` in one purchase buys ``games``
  games at ``game`` each ("3 games for the price of 2": game 100, tier (3, 200)); the
  difference is credited as a bonus when the purchase reaches ``price``
  (:func:`tier_bonuses`: a higher tier gives what it adds to the ones below).
* **Price per player** (``per_player``): ``game``, a game's own price and the surcharges
  are per player a side: a doubles match (``players = "doubles"``) costs twice a
  singles one.
* **Free play**: every game costs 0; coins still count (the box still fills).
* **Hours** (:mod:`pitchside.core.hours`): a discount, or free play, by time of day and
  weekday; the local time is an input (:class:`~pitchside.core.hours.LocalTime`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: the hours are loaded by a price list that has some (start-up)
    from pitchside.core.hours import LocalTime, Window


@dataclass(frozen=True, slots=True)
class Extra:
    """A surcharge of ``price`` cents when the option ``option`` is ``value`` (for the
    game ``game``, or any game when ``game`` is "")."""

    option: str
    value: Any
    price: int
    game: str = ""


@dataclass(frozen=True, slots=True)
class Pricing:
    """The price list (cents). Defaults: one coin of one pulse worth 100, a game 100."""

    coins: tuple[tuple[int, int], ...] = ((1, 100),)
    """``(pulses, value)`` per coin the acceptor is set up for."""
    game: int = 100
    games: tuple[tuple[str, int], ...] = ()
    """``(game, price)``: a game's own price instead of ``game``."""
    extras: tuple[Extra, ...] = ()
    bonus: tuple[tuple[int, int], ...] = ()
    """``(paid, bonus)`` tiers, see the module notes."""
    free_play: bool = False
    currency: str = ""
    """Shown before amounts (``"€"``); "" shows credits as games."""
    tiers: tuple[tuple[int, int], ...] = ()
    """``(games, price)`` deals, see the module notes."""
    per_player: bool = False
    """Prices are per player a side: doubles pay twice."""
    hours: tuple[Window, ...] = ()
    """Happy hours and free-play windows (:mod:`pitchside.core.hours`)."""
    credit_cap: int = 0
    """The most credit the table takes (cents): at or above it the acceptor is told to
    refuse coins (its inhibit line, :mod:`pitchside.tables.coin_gate`); 0: no cap."""


@dataclass(frozen=True, slots=True)
class Credit:
    """The table's money: ``balance`` paid and not spent, ``session_paid`` paid since
    the balance was last empty (for the bonus tiers). Cents."""

    balance: int = 0
    session_paid: int = 0


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One credits ledger entry, as the journal keeps it: ``kind`` (``"coin"``,
    ``"bonus"``, ``"free"``, ``"spend"``, ``"fault"``, ``"reset"``), ``amount`` in cents
    (negative for a spend), the credit after it (``balance``, ``session``: the journal's
    last entry is the table's credit), and what it was for (``pulses`` of a coin or a
    fault, the ``game`` and ``options`` paid for, the journal's ``match_id``)."""

    kind: str
    amount: int
    balance: int
    session: int
    pulses: int | None = None
    game: str | None = None
    options: Mapping[str, Any] | None = None
    match_id: int | None = None


def coin_value(pricing: Pricing, pulses: int) -> int | None:
    """The value (cents) of a coin of ``pulses`` pulses, or None if it is no coin."""
    return dict(pricing.coins).get(pulses)


def tier_bonuses(pricing: Pricing) -> tuple[tuple[int, int], ...]:
    """The price tiers as ``(paid, bonus)`` steps, cheapest first: reaching a tier's
    price credits what its games are worth at ``game`` less its price, less what the
    tiers below gave already (so a purchase ends with exactly the top tier's games)."""
    out: list[tuple[int, int]] = []
    given = 0
    for games, price in sorted(pricing.tiers, key=lambda t: t[1]):
        bonus = games * pricing.game - price - given
        out.append((price, bonus))
        given += bonus
    return tuple(out)


def bonus_for(pricing: Pricing, paid_before: int, value: int) -> int:
    """The bonus (cents) earned by paying ``value`` after ``paid_before`` in the same
    purchase: every bonus tier and price tier crossed by this payment."""
    after = paid_before + value
    return sum(b for paid, b in (*pricing.bonus, *tier_bonuses(pricing)) if paid_before < paid <= after)


def pay(pricing: Pricing, credit: Credit, value: int) -> tuple[Credit, int]:
    """Credit a payment of ``value`` cents; returns the new credit and the bonus given."""
    bonus = bonus_for(pricing, credit.session_paid, value)
    return Credit(credit.balance + value + bonus, credit.session_paid + value), bonus


def grant(credit: Credit, value: int) -> Credit:
    """Staff free credit of ``value`` cents (no bonus, not a payment)."""
    return Credit(credit.balance + value, credit.session_paid)


def players(pricing: Pricing, options: Mapping[str, Any]) -> int:
    """How many times a match of ``options`` pays the price: 2 for doubles with
    ``per_player``, else 1."""
    return 2 if pricing.per_player and options.get("players") == "doubles" else 1


def price_of(pricing: Pricing, game: str, options: Mapping[str, Any], when: LocalTime | None = None) -> int:
    """What a game of ``game`` with ``options`` (the replay header's options) costs at
    ``when`` (local time; None: no clock read, no hours apply), cents; 0 on free play."""
    if pricing.free_play:
        return 0
    base = dict(pricing.games).get(game, pricing.game)
    extra = sum(x.price for x in pricing.extras if x.game in ("", game) and options.get(x.option) == x.value)
    price = (base + extra) * players(pricing, options)
    if not pricing.hours or when is None:
        return price
    from pitchside.core.hours import discounted, window_at

    return discounted(price, window_at(pricing.hours, when))


def spend(credit: Credit, price: int) -> Credit | None:
    """The credit after paying ``price``, or None when the balance is too low. An empty
    balance ends the purchase (the next coin starts a new one, for the bonus tiers)."""
    if price > credit.balance:
        return None
    balance = credit.balance - price
    return Credit(balance, credit.session_paid if balance else 0)


def games_left(pricing: Pricing, credit: Credit, price: int) -> int:
    """How many games of ``price`` the balance pays for (0 for a free game: unlimited)."""
    return credit.balance // price if price > 0 else 0


def money(pricing: Pricing, cents: int) -> str:
    """``cents`` for the display: ``"€1.50"`` with a currency, ``"150"`` without."""
    if not pricing.currency:
        return str(cents)
    return f"{pricing.currency}{cents // 100}.{cents % 100:02d}"


def check(pricing: Pricing) -> list[tuple[str, str]]:
    """What is wrong with a price list: ``(key, message)`` pairs (``check-config``)."""
    out: list[tuple[str, str]] = []
    if not pricing.coins:
        out.append(("coins", "no coin is worth anything: list pulses = value"))
    for pulses, value in pricing.coins:
        if pulses < 1:
            out.append(("coins", f"a coin has at least 1 pulse, got {pulses}"))
        if value <= 0:
            out.append(("coins", f"the coin of {pulses} pulses must be worth more than 0, got {value}"))
    for key, price in (("game", pricing.game), *((f"games.{g}", p) for g, p in pricing.games)):
        if price < 0:
            out.append((key, f"a price cannot be negative, got {price}"))
    if not pricing.free_play and pricing.game == 0 and not pricing.games:
        out.append(("game", "a price of 0 is free play: say free_play = true"))
    for x in pricing.extras:
        if x.price < 0:
            out.append(("extras", f"the surcharge for {x.option} = {x.value!r} cannot be negative"))
    last = 0
    for paid, b in pricing.bonus:
        if paid <= last or b <= 0:
            out.append(("bonus", f"bonus tiers need rising amounts paid and a bonus above 0, got [{paid}, {b}]"))
        last = max(last, paid)
    return out + _check_tiers(pricing)


def _check_tiers(pricing: Pricing) -> list[tuple[str, str]]:
    """A tier of fewer than 2 games, one that costs no less than its games bought
    singly, one that gives no more than a cheaper tier, two at one price, tiers beside
    bonus tiers."""
    out: list[tuple[str, str]] = []
    if pricing.tiers and pricing.bonus:
        out.append(("tiers", "tiers and bonus both credit more for paying more at once: write the deals as tiers "
                             "only ({ games = 3, price = 200 }) and remove bonus"))
    seen: dict[int, int] = {}
    for games, price in pricing.tiers:
        if games < 2:
            out.append(("tiers", f"a tier of {games} game(s) for {price}: a tier sells at least 2 games; the price of "
                                 "one game is game ="))
        elif price <= 0:
            out.append(("tiers", f"the tier of {games} games costs {price}: write its price in cents, above 0 (free "
                                 "play is free_play = true)"))
        elif price >= games * pricing.game:
            out.append(("tiers", f"{games} games for {price} cost no less than {games} single games "
                                 f"({games} x {pricing.game} = {games * pricing.game}): write a price below "
                                 f"{games * pricing.game}, or remove the tier"))
        if price in seen:
            out.append(("tiers", f"two tiers at {price} ({seen[price]} and {games} games): keep one"))
        seen.setdefault(price, games)
    if not out:
        ranked = sorted(pricing.tiers, key=lambda t: t[1])
        for (g0, p0), (g1, p1) in zip(ranked, ranked[1:]):
            if g1 * pricing.game - p1 <= g0 * pricing.game - p0:
                out.append(("tiers", f"{g1} games for {p1} save no more than {g0} games for {p0} and singles: "
                                     f"write more than {g0 + (p1 - p0) // pricing.game} games, or a price below "
                                     f"{p0 + (g1 - g0) * pricing.game}"))
    return out
