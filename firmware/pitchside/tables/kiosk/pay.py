"""Pay to play in the kiosk (pure): the price of the menu's match, the credit shown,
a match paid for when it starts and spent with its first line, coins and the staff's
free credit as ledger entries (:mod:`pitchside.tables.credits`), and the credit's lines
on the attract screen and the menu."""

from __future__ import annotations

from typing import TypeGuard

from pitchside.core.copying import replace  # dataclasses.replace without its per-call field walk
from pitchside.core import pricing
from pitchside.tables import credits
from pitchside.tables import effects as table
from pitchside.tables.kiosk.state import Effect, KioskState, Log, Timed
from pitchside.signals.events import ButtonPressed, CoinFault, CoinInserted


FREE_KEY = "free_credit"
"""The staff key switch input that grants one game's credit."""

DOOR_KEY = "coin_door"
"""The coin door's switch, an input like a button: pressed while the door is open
(:mod:`pitchside.tables.coin_gate`)."""


def _price(ks: KioskState) -> int:
    """What the menu's match costs now (cents)."""
    assert ks.settings.pricing is not None
    when = ks.clock.when if ks.clock is not None else None
    return pricing.price_of(ks.settings.pricing, ks.settings.app.name, credits.options_json(ks.table), when)


def shown_credit(ks: KioskState) -> int:
    """The credit on the display: the journal's, less the price of a started match
    whose first line is not on disk yet (cents)."""
    return ks.credit.balance - ks.reserved


def _reserve(ks: KioskState) -> KioskState | None:
    """The kiosk with the menu's match paid for (reserved), or None if the credit is
    too low; no pricing: as it is. A reservation already made counts toward the price
    (a match on hold keeps what was paid)."""
    if ks.settings.pricing is None:
        return ks
    price = _price(ks)
    need = max(0, price - ks.reserved)
    if need > shown_credit(ks):
        return None
    return replace(ks, reserved=max(price, ks.reserved), bought=True)


def _pay_first_line(ks: KioskState, effects: tuple[Effect, ...]) -> tuple[KioskState, tuple[Effect, ...]]:
    """The match's first accepted input, or its first draft (which stores the match,
    :class:`~pitchside.tables.effects.DraftChanged`): its price goes with it (a
    SpendNext before it, so the runtime writes both in one transaction)."""
    paid = credits.spend(ks.credit, ks.reserved, ks.settings.app.name, credits.options_json(ks.table))
    assert paid is not None  # reserved never exceeds the credit
    after, entry = paid
    i = next(i for i, e in enumerate(effects) if isinstance(e, (table.Accepted, table.DraftChanged)))
    return replace(ks, credit=after, reserved=0, bought=False), (*effects[:i], credits.SpendNext(entry), *effects[i:])


def _pays(event: Timed) -> TypeGuard[CoinInserted | CoinFault | ButtonPressed]:
    """Whether ``event`` is pay to play's: a coin, an acceptor's fault, the staff key."""
    return isinstance(event, (CoinInserted, CoinFault)) or (isinstance(event, ButtonPressed) and event.name == FREE_KEY)


def _pay(ks: KioskState, event: CoinInserted | CoinFault | ButtonPressed) -> tuple[KioskState, tuple[Effect, ...]]:
    """A coin, an acceptor fault or the staff key: the ledger entries to journal."""
    if isinstance(event, ButtonPressed):
        return _grant(ks) if ks.settings.pricing is not None else (ks, ())
    if isinstance(event, CoinFault) or ks.settings.pricing is None:
        return ks, (credits.Ledger(credits.fault(ks.credit, event.pulses)),)
    after, entries = credits.coin(ks.settings.pricing, ks.credit, event.pulses)
    logs: tuple[Effect, ...] = () if entries[0].kind != "fault" else (Log(f"coin of {event.pulses} pulses is no coin"),)
    return replace(ks, credit=after, short=False), (*logs, *(credits.Ledger(e) for e in entries))


def _grant(ks: KioskState) -> tuple[KioskState, tuple[Effect, ...]]:
    """Staff free credit: one game of the menu's game at its current price."""
    assert ks.settings.pricing is not None
    value = pricing.price_of(replace(ks.settings.pricing, free_play=False), ks.settings.app.name, credits.options_json(ks.table))
    after, entry = credits.free(ks.credit, value)
    return replace(ks, credit=after), (credits.Ledger(entry), Log(f"staff free credit {value}"))


def _credit_line(ks: KioskState) -> str:
    p = ks.settings.pricing
    assert p is not None
    if p.free_play:
        return "FREE PLAY"
    return f"CREDIT {pricing.money(p, shown_credit(ks))}  GAME {pricing.money(p, _price(ks))}"


def _attract_lines(ks: KioskState) -> tuple[str, ...]:
    """The attract screen's lines with pay to play: credit and price, and INSERT COIN
    while the credit is short; () without pricing."""
    if ks.settings.pricing is None:
        return ()
    if ks.gate is not None and ks.gate.line_on:  # coins refused: why (pitchside.tables.coin_gate)
        from pitchside.tables import coin_gate

        said = coin_gate.says(ks)
        if said is not None:
            return (_credit_line(ks), said)
    if ks.settings.pricing.free_play or shown_credit(ks) + ks.reserved >= _price(ks):
        return (_credit_line(ks), "PRESS ANY BUTTON")
    return (_credit_line(ks), "INSERT COIN")
