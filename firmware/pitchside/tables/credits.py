"""Credits in the kiosk flow (pure): coins and free credit in, ledger entries out.

The kiosk keeps the table's :class:`~pitchside.core.pricing.Credit` as the journal has
it, plus ``reserved``: the price of a match started from the menu whose first line is
not on disk yet. The display shows ``balance - reserved``. Every change of the credit is
a :class:`Ledger` effect, which the runtime writes to the durable journal before it
draws the frame showing the change (journaled before shown); the price of a
match is a :class:`SpendNext` effect, written in the same transaction as the match's
first journal line. A power cut before that line gives the reserved credit back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from pitchside.core import pricing as p
from pitchside.core.pricing import Credit, LedgerEntry, Pricing

if TYPE_CHECKING:  # annotations only: the audits' rows come with AuditsRead, the hours with pricing (start-up)
    from pitchside.core.audits import AuditDay
    from pitchside.core.hours import LocalTime
    from pitchside.core.meters import Meters


@dataclass(frozen=True, slots=True)
class Ledger:
    """Effect: store ``entry`` in the journal's credits ledger before showing it."""

    entry: LedgerEntry


@dataclass(frozen=True, slots=True)
class SpendNext:
    """Effect: the next first line of a match pays ``entry`` (a ``"spend"``)."""

    entry: LedgerEntry


@dataclass(frozen=True, slots=True)
class ReadAudits:
    """Effect: read the audits since the last reset from the journal and send them back
    as an :class:`AuditsRead` (the service page shows them)."""


@dataclass(frozen=True, slots=True)
class ResetAudits:
    """Effect (staff, after the confirm on the service page): start the audits afresh.
    The journal keeps the reset as a ledger entry with its time, the credit stays
    (:meth:`pitchside.app.journal.Journal.reset_audits`); an :class:`AuditsRead` follows."""


@dataclass(frozen=True, slots=True)
class AuditsRead:
    """Event: the audits as the journal has them now: ``days`` since the last reset,
    ``since`` that reset's day (``""``: never reset), ``resets`` how many there were,
    ``ok`` False when a reset asked for was not made (the journal is not saving),
    ``lifetime`` the lifetime meters (never reset; None: not read)."""

    days: tuple[AuditDay, ...] = ()
    since: str = ""
    resets: int = 0
    ok: bool = True
    lifetime: Meters | None = None


class ClockRead(NamedTuple):
    """Event: the local time of the week, read by the shell (at start and each minute,
    :mod:`pitchside.app.pay_clock`) for the prices' hours (:mod:`pitchside.core.hours`):
    the kiosk keeps the latest; no game handles it. A typed tuple, not a dataclass: every
    table loads this module, and a dataclass costs its start-up a millisecond."""

    when: LocalTime


PayEvent = AuditsRead | ClockRead
"""The events of pay to play that come from the shell, beside the table's."""


def coin(pricing: Pricing, credit: Credit, pulses: int) -> tuple[Credit, tuple[LedgerEntry, ...]]:
    """A coin of ``pulses`` pulses: its value and any bonus credited, or a ``"fault"``
    entry (no credit) when no coin has that many pulses."""
    value = p.coin_value(pricing, pulses)
    if value is None:
        return credit, (LedgerEntry("fault", 0, credit.balance, credit.session_paid, pulses=pulses),)
    paid = Credit(credit.balance + value, credit.session_paid + value)
    after, bonus = p.pay(pricing, credit, value)
    entries = [LedgerEntry("coin", value, paid.balance, paid.session_paid, pulses=pulses)]
    if bonus:
        entries.append(LedgerEntry("bonus", bonus, after.balance, after.session_paid))
    return after, tuple(entries)


def fault(credit: Credit, pulses: int) -> LedgerEntry:
    """An acceptor fault (a train that is no coin), counted in the audits."""
    return LedgerEntry("fault", 0, credit.balance, credit.session_paid, pulses=pulses)


def free(credit: Credit, value: int) -> tuple[Credit, LedgerEntry]:
    """Staff free credit of ``value`` cents."""
    after = p.grant(credit, value)
    return after, LedgerEntry("free", value, after.balance, after.session_paid)


def spend(credit: Credit, price: int, game: str, options: dict[str, Any]) -> tuple[Credit, LedgerEntry] | None:
    """Pay ``price`` for a match of ``game`` with ``options``; None if too little credit."""
    after = p.spend(credit, price)
    if after is None:
        return None
    return after, LedgerEntry("spend", -price, after.balance, after.session_paid, game=game, options=options)


def options_json(table: Any) -> dict[str, Any]:
    """A game table's match options as the replay header writes them (the price keys)."""
    out: dict[str, Any] = table.match.codec.options_to_json(table.match.options)
    return out
