"""The coin gate (pure): when the table refuses coins, the acceptor's inhibit line, the
coin meter, the coin door and a coin's acknowledgement during play.

A table with pricing keeps a :class:`Gate` in the kiosk's state
(:attr:`~pitchside.tables.kiosk.KioskState.gate`); this module is loaded only for one
(start-up).

* **Refusing coins.** The table cannot honour a coin while its journal is not saving
  (a credit would live in memory only), in service mode (staff at the table, the coin
  door open) and once the credit has reached ``[pricing] credit_cap``: :func:`why`
  says which, from the state alone. Whenever the answer changes the kiosk asks the shell
  to drive the acceptor's inhibit input (:class:`InhibitCoins`); a shell with the line
  drives it and reports back when the line changed (:class:`CoinsGated`, with the
  clock's time). A coin whose pulse train *began* while the line was asserted is never
  credited (a real acceptor returns it; pulses that come anyway are kept as an
  acceptor fault in the audits). A train that began before (the acceptor had taken the
  coin) is credited. Without a line nothing is ever refused: every coin the acceptor
  takes is credited. The shell's stopped table (out of order) is the wiring's business:
  the line rests in inhibit when the Pi does not drive it.
* **The coin meter.** Every coin credited asks for one pulse (:class:`MeterCoin`),
  after its ledger entry: the shell writes the entry to the journal first.
* **The coin door.** Its switch is the input :data:`DOOR` (pressed: the door open): the
  door opened opens service mode, closed again it leaves the service mode it opened.
* **A coin during play** shows full screen for ``moment_s`` (the amount and the credit:
  a button press or a beam ends it, as a moment), then the game with the credit in a
  corner (:func:`mark`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pitchside.core import pricing
from pitchside.core.copying import replace
from pitchside.tables import credits
from pitchside.tables.effects import StartTimer
from pitchside.tables.kiosk.pay import DOOR_KEY
from pitchside.tables.kiosk.state import Effect, KioskState
from pitchside.signals.events import BeamBroken, ButtonPressed, CoinInserted, TimerFired

Why = Literal["not_saving", "service", "full"]
"""Why coins are refused: the journal is not saving, service mode, the credit cap."""

SAYS: dict[Why, str] = {"not_saving": "NO COINS: NOT SAVING", "service": "NO COINS: SERVICE",
                        "full": "CREDIT FULL: NO COINS"}
"""What the panel says while coins are refused (the attract screen's line)."""

SHORT: dict[Why, str] = {"not_saving": "NO COINS", "service": "NO COINS", "full": "FULL"}
"""The same after the credit in the corner mark, during play."""

DOOR = DOOR_KEY
"""The coin door's switch, an input like a button: pressed while the door is open."""

ACK_TIMER = "coin_ack"
"""The kiosk timer ending a coin's acknowledgement on the panel."""

SPANS_KEPT = 8
"""The inhibit line's last spans kept: a coin's train (a few seconds at most) is
checked against them."""


@dataclass(frozen=True, slots=True)
class Gate:
    """The coin gate's part of the kiosk state.

    :param saving: the journal is saving (the shell's :class:`StorageStatus`).
    :param asked: why coins are refused, as last asked of the shell (None: taken).
    :param spans: when the inhibit line was asserted, ``(since, until)`` in the clock's
        seconds, oldest first; ``until`` is ``inf`` while it is on. Empty: never (or a
        table without the line).
    :param door: service mode was opened by the coin door (closing it leaves it).
    :param ack_due: while a coin's acknowledgement is shown during play, when it ends
        (s); None: none is.
    :param ack_title: the acknowledgement's headline (``"+$0.50"``).
    :param ack_caption: its line under it (``"CREDIT $1.50"``).
    """

    saving: bool = True
    asked: Why | None = None
    spans: tuple[tuple[float, float], ...] = ()
    door: bool = False
    ack_due: float | None = None
    ack_title: str = ""
    ack_caption: str = ""

    @property
    def line_on(self) -> bool:
        """The inhibit line is asserted now (as the shell last reported it)."""
        return bool(self.spans) and self.spans[-1][1] == float("inf")


@dataclass(frozen=True, slots=True)
class InhibitCoins:
    """Effect: assert the acceptor's inhibit line (``why`` refused) or release it (None),
    then report back with a :class:`CoinsGated`."""

    why: Why | None


@dataclass(frozen=True, slots=True)
class MeterCoin:
    """Effect: one pulse on the coin meter (after the coin's ledger entry is journaled)."""


@dataclass(frozen=True, slots=True)
class CoinsGated:
    """Event: the shell set the inhibit line ``on`` (asserted) or off at ``at`` (s)."""

    on: bool
    at: float


@dataclass(frozen=True, slots=True)
class StorageStatus:
    """Event: the journal is ``saving`` again, or no longer (the shell's storage warning)."""

    saving: bool
    at: float


GateEffect = InhibitCoins | MeterCoin
GateEvent = CoinsGated | StorageStatus


def why(ks: KioskState) -> Why | None:
    """Why the table cannot honour a coin now, or None: it can."""
    gate, p = ks.gate, ks.settings.pricing
    if gate is not None and not gate.saving:
        return "not_saving"
    if ks.mode in ("service", "abandon"):
        return "service"
    if p is not None and p.credit_cap and ks.credit.balance >= p.credit_cap:
        return "full"
    return None


def begin(ks: KioskState) -> tuple[Gate, tuple[InhibitCoins, ...]]:
    """The gate at power-on (the journal ``saving`` or not as ``ks.gate`` says) and the
    first word to the inhibit line: the shell asserts it from the moment it opens it, so
    the kiosk says at once whether coins are taken."""
    gate = ks.gate if ks.gate is not None else Gate()
    reason = why(ks)
    return replace(gate, asked=reason), (InhibitCoins(reason),)


def on_event(gate: Gate, event: GateEvent) -> Gate:
    """The shell's report: the line set, or the journal's saving changed."""
    if isinstance(event, StorageStatus):
        return replace(gate, saving=event.saving)
    if event.on == gate.line_on:
        return gate
    if event.on:
        spans = (*gate.spans, (event.at, float("inf")))
    else:
        spans = (*gate.spans[:-1], (gate.spans[-1][0], event.at))
    return replace(gate, spans=spans[-SPANS_KEPT:])


def refused(gate: Gate, event: CoinInserted) -> bool:
    """Whether the coin's train began while the inhibit line was asserted (never
    credited); a train of unknown start is taken as begun when it ended."""
    began = event.at if event.began is None else event.began
    return any(since <= began < until for since, until in gate.spans)


def refuse(ks: KioskState, event: CoinInserted) -> tuple[credits.Ledger, ...]:
    """A coin refused: kept as an acceptor fault in the audits (pulses that came while
    the acceptor was told to refuse: its inhibit input is not wired, or not obeyed)."""
    return (credits.Ledger(credits.fault(ks.credit, event.pulses)),)


def after(ks: KioskState, at: float, effects: tuple[Effect, ...]) -> tuple[Gate, tuple[Effect, ...]]:
    """The gate after an event handled at ``at`` (s) ended in ``ks`` with ``effects``: a
    meter pulse after each coin's ledger entry, the coin's acknowledgement during play,
    the acknowledgement gone when play is left, and the inhibit line asked to change
    when :func:`why` changed."""
    gate = ks.gate
    assert gate is not None
    out: list[Effect] = []
    paid = 0
    for e in effects:
        out.append(e)
        if isinstance(e, credits.Ledger) and e.entry.kind in ("coin", "bonus"):
            paid += e.entry.amount
            if e.entry.kind == "coin":
                out.append(MeterCoin())
    p = ks.settings.pricing
    if paid and ks.mode == "playing" and p is not None and not p.free_play and ks.settings.moment_s > 0:
        due = at + ks.settings.moment_s
        shown = ks.credit.balance - ks.reserved
        gate = replace(gate, ack_due=due, ack_title=f"+{pricing.money(p, paid)}",
                       ack_caption=f"CREDIT {pricing.money(p, shown)}")
        out.append(StartTimer(ACK_TIMER, due))
    elif gate.ack_due is not None and ks.mode != "playing":
        gate = replace(gate, ack_due=None)
    reason = why(replace(ks, gate=gate))
    if reason != gate.asked:
        gate = replace(gate, asked=reason)
        out.append(InhibitCoins(reason))
    return gate, tuple(out)


def ack_event(gate: Gate, event: object) -> Gate:
    """The acknowledgement ended by its timer, a button press or a beam (which then do
    what they always do)."""
    if gate.ack_due is None:
        return gate
    if isinstance(event, TimerFired) and event.name == ACK_TIMER and event.at == gate.ack_due:
        return replace(gate, ack_due=None)
    if isinstance(event, (ButtonPressed, BeamBroken)) and event.name != DOOR:
        return replace(gate, ack_due=None)
    return gate


def mark(ks: KioskState) -> str | None:
    """The credit in the panel's corner during play (with pricing, not on free play):
    the amount the display shows, and why coins are refused while they are."""
    p, gate = ks.settings.pricing, ks.gate
    if p is None or p.free_play or ks.mode != "playing" or gate is None:
        return None
    text = pricing.money(p, ks.credit.balance - ks.reserved)
    return f"{text} {SHORT[gate.asked]}" if gate.line_on and gate.asked is not None else text


def says(ks: KioskState) -> str | None:
    """What the attract screen says while coins are refused (the line asserted), or None."""
    gate = ks.gate
    if gate is None or not gate.line_on or gate.asked is None:
        return None
    return SAYS[gate.asked]
