"""The runtime's side of the coin gate (:mod:`pitchside.tables.coin_gate`): the
acceptor's inhibit line and the coin meter driven from the kiosk's effects, and what the
shell tells the gate (the line as it was opened, the line set, the journal's saving).

Loaded only for a table with pricing (start-up).
"""

from __future__ import annotations

import logging
from typing import assert_never
from collections.abc import Callable

from pitchside.app.parts import CoinOutputs
from pitchside.core.errors import HardwareError
from pitchside.tables import kiosk
from pitchside.tables.coin_gate import CoinsGated, GateEffect, InhibitCoins, MeterCoin, StorageStatus

log = logging.getLogger(__name__)

Schedule = Callable[[float, Callable[[float], None]], None]


def opened(ks: kiosk.KioskState, outputs: CoinOutputs | None) -> tuple[kiosk.KioskState, tuple[kiosk.Effect, ...]]:
    """The kiosk told that the inhibit line is asserted since its driver opened it (a
    coin begun before the kiosk releases it is refused), if the table has the line."""
    since = outputs.inhibit_since if outputs is not None else None
    if since is None or ks.gate is None:
        return ks, ()
    return kiosk.handle(ks, CoinsGated(True, since))


def apply(effect: GateEffect, outputs: CoinOutputs | None, handle: Callable[[CoinsGated], None],
          schedule: Schedule, now: float) -> None:
    """Carry out one of the gate's effects: the inhibit line set, and the kiosk told
    when (``handle``); a pulse on the coin meter (after the coin's ledger entry, which
    the runtime wrote before this effect). Nothing without the outputs; an output fault
    is logged, never fatal."""
    if outputs is None:
        return
    try:
        match effect:
            case InhibitCoins():
                on = effect.why is not None
                at = outputs.inhibit(on)
                if at is not None:
                    handle(CoinsGated(on, at))
            case MeterCoin():
                outputs.meter(schedule, now)
            case _:
                assert_never(effect)
    except HardwareError as exc:
        log.warning("coin output fault: %s", exc)


def saving(ks: kiosk.KioskState, warning: str | None, now: float) -> StorageStatus | None:
    """What to tell the gate when the journal stopped (or started again) saving, or None."""
    gate = ks.gate
    if gate is None or (warning is None) == gate.saving:
        return None
    return StorageStatus(warning is None, now)
