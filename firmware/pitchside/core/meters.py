"""Lifetime meters (pay to play), pure: what the table has taken and given since its
journal was made, beside the audits that staff reset.

A coin-op machine keeps two sets of counts: the audits, which the operator empties
after each collection, and the lifetime meters, which nobody can reset (the
electromechanical counter in the cash door, its software twin). The journal keeps the
lifetime meters as one row that goes up with every credits ledger entry, in the
entry's own transaction (:mod:`pitchside.app.journal.ledger`); :func:`count` is the same
rule for a ledger kept in memory, and for checking the journal's row.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.pricing import LedgerEntry, Pricing, money


@dataclass(frozen=True, slots=True)
class Meters:
    """The lifetime meters: ``coins`` dropped and the ``money`` they were, ``games``
    started (paid or free) and how many of them were ``free_games`` (price 0: free play,
    a free-play window), ``bonus`` credit given by the tiers and ``free`` credit given
    by staff. Money in cents."""

    coins: int = 0
    money: int = 0
    games: int = 0
    free_games: int = 0
    bonus: int = 0
    free: int = 0


def count(m: Meters, e: LedgerEntry) -> Meters:
    """``m`` after the ledger entry ``e``; an acceptor fault or an audits reset changes
    nothing."""
    if e.kind == "coin":
        return Meters(m.coins + 1, m.money + e.amount, m.games, m.free_games, m.bonus, m.free)
    if e.kind == "spend":
        return Meters(m.coins, m.money, m.games + 1, m.free_games + (e.amount == 0), m.bonus, m.free)
    if e.kind == "bonus":
        return Meters(m.coins, m.money, m.games, m.free_games, m.bonus + e.amount, m.free)
    if e.kind == "free":
        return Meters(m.coins, m.money, m.games, m.free_games, m.bonus, m.free + e.amount)
    return m


def lines(m: Meters, pricing: Pricing) -> tuple[str, str]:
    """The lifetime meters in two short lines (the service page's audits):
    ``("LIFE COINS 7 = €5.00", "LIFE GAMES 4  FREE 1")``."""
    return (f"LIFE COINS {m.coins} = {money(pricing, m.money)}", f"LIFE GAMES {m.games}  FREE {m.free_games}")
