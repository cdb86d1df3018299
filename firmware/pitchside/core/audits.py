"""The owner's audits (pay to play), pure: one day's figures, their totals, and the lines
both ``pitchside audits`` and the service page show of them.

The journal's credits ledger is read into :class:`AuditDay` rows by
:meth:`pitchside.app.journal.Journal.audits` (since the last reset); this module only
adds them up and words them. Money is kept in cents (the currency's smallest unit) and
shown in the currency's units (:func:`amount`: ``"€2.50"``); a day is shown as an ISO 8601
date with whether the clock was synchronised (:func:`day_of`); a game's row is labelled
by the game's name and the options that changed its price (:func:`game_label`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pitchside.core.pricing import Pricing, money

UNKNOWN_DAY = "unknown"
"""The journal's day of an entry with no wall time."""


@dataclass(slots=True)
class AuditDay:
    """One day of audits (``day`` the local date, ``?`` marks an unsynchronised clock):
    ``coins`` value -> count, money ``paid``, ``bonus`` and ``free`` credit given,
    ``games`` "game options" -> count, credit ``spent``, acceptor ``faults``. Cents."""

    day: str
    coins: dict[int, int] = field(default_factory=dict)
    paid: int = 0
    bonus: int = 0
    free: int = 0
    games: dict[str, int] = field(default_factory=dict)
    spent: int = 0
    faults: int = 0

    @property
    def coin_count(self) -> int:
        """Coins, whatever their value."""
        return sum(self.coins.values())

    @property
    def game_count(self) -> int:
        """Games started, whatever the game and options."""
        return sum(self.games.values())


def total(days: Iterable[AuditDay]) -> AuditDay:
    """Every day added up into one row (``day`` is ``"all"``)."""
    out = AuditDay("all")
    for d in days:
        for value, n in d.coins.items():
            out.coins[value] = out.coins.get(value, 0) + n
        for game, n in d.games.items():
            out.games[game] = out.games.get(game, 0) + n
        out.paid += d.paid
        out.bonus += d.bonus
        out.free += d.free
        out.spent += d.spent
        out.faults += d.faults
    return out


def summary_lines(days: Iterable[AuditDay], pricing: Pricing, since: str = "") -> tuple[str, ...]:
    """The audits since the last reset in three short lines (a 128 px panel's width at
    the small font), e.g. ``("COINS 7 = €5.00", "GAMES 4  FREE €1.00", "FAULTS 1  SINCE
    2026-12-01")``: coins dropped and the money they were, games started and the free
    credit given, acceptor faults and the day of the last reset (``since``; "" or the
    start of the ledger: ``"SINCE START"``)."""
    t = total(days)
    return (
        f"COINS {t.coin_count} = {money(pricing, t.paid)}",
        f"GAMES {t.game_count}  FREE {money(pricing, t.free)}",
        f"FAULTS {t.faults}  SINCE {since or 'START'}",
    )


def amount(pricing: Pricing, cents: int, symbol: bool = True) -> str:
    """``cents`` in the currency's units: ``"€2.50"`` (``"2.50"`` without a currency, or
    with ``symbol`` False: a number a spreadsheet reads as one)."""
    sign = "-" if cents < 0 else ""
    units = f"{abs(cents) // 100}.{abs(cents) % 100:02d}"
    return f"{sign}{pricing.currency if symbol else ''}{units}"


def day_of(day: str) -> tuple[str, bool]:
    """An :class:`AuditDay`'s ``day`` as ``(ISO 8601 date, clock synchronised)``: the
    journal marks a day of an unsynchronised clock with ``?``; a day with no wall time
    is ``("", False)``."""
    if day == UNKNOWN_DAY:
        return "", False
    return day.removesuffix("?"), not day.endswith("?")


def game_label(key: str, pricing: Pricing) -> str:
    """A game's row (``key``: the journal's ``"game opt=value,opt=value"``) labelled by
    the game's name and the options that changed its price (the price list's
    surcharges that applied): ``"pichenotte players=doubles"``, or ``"pichenotte"``."""
    game, _, options = key.partition(" ")
    given = f",{options},"
    priced = [f"{x.option}={x.value}" for x in pricing.extras
              if x.game in ("", game) and f",{x.option}={x.value}," in given]  # fmt: skip
    return " ".join((game, *dict.fromkeys(priced)))


def games_by_label(day: AuditDay, pricing: Pricing) -> dict[str, int]:
    """The day's games counted by :func:`game_label` (the options that did not change
    the price merged), in label order."""
    out: dict[str, int] = {}
    for key, n in day.games.items():
        label = game_label(key, pricing)
        out[label] = out.get(label, 0) + n
    return dict(sorted(out.items()))
