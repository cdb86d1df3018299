"""Service mode (pure): the staff gesture that toggles it, the service counters and
fault flags every event updates, the pages' keys (next page, test pattern, abandon the
match, free credit, reset the audits) and what the pages hold (their count and kinds,
the sensors listed). The pages' views are in :mod:`pitchside.tables.kiosk.screens`."""

from __future__ import annotations

from typing import assert_never

from pitchside.core.copying import replace  # dataclasses.replace without its per-call field walk
from pitchside.tables import credits
from pitchside.tables import effects as table
from pitchside.tables.kiosk.pay import _grant
from pitchside.tables.kiosk.state import (
    Effect,
    InputStat,
    KioskState,
    Log,
    Mode,
    StartTimer,
    Timed,
    _deadlines,
    _new_table,
)
from pitchside.tables.registry import match_in_progress
from pitchside.signals.events import (
    BeamBroken,
    ButtonHeld,
    ButtonPressed,
    ButtonReleased,
    CoinFault,
    CoinInserted,
    SensorNoisy,
    SerialLine,
    SerialStatus,
    TimerFired,
)


def _service_reads(ks: KioskState) -> tuple[Effect, ...]:
    """What the service pages read afresh from the journal: the sensors' health, and
    the audits on a table with pricing."""
    audits: tuple[Effect, ...] = (credits.ReadAudits(),) if ks.settings.pricing is not None else ()
    return (table.ReadSensorHealth(), *audits)


Stats = tuple[tuple[str, InputStat], ...]
"""Each input's service record, sorted by name (:attr:`KioskState.stats`)."""


def _count(ks: KioskState, event: Timed) -> tuple[Stats, frozenset[str], tuple[Effect, ...]]:
    """Service counters and fault flags from every event: the kiosk's ``stats`` and
    ``pressed`` after it (``ks``'s own, the same objects, when it counts nothing) and
    the effects (a log line, the stuck timer of a press)."""
    logs: tuple[Effect, ...] = ()
    match event:
        case ButtonPressed(name=name, at=at):
            old = ks.stat(name)
            st = replace(old, on=True, edges=old.edges + 1, pressed_at=at)
            return (_with_stat(ks.stats, name, st), ks.pressed | {name},
                    (StartTimer(f"stuck:{name}", at + ks.settings.stuck_after_s),))
        case ButtonReleased(name=name):
            old = ks.stat(name)
            if old.stuck:
                logs = (Log(f"button {name} released after being stuck"),)
            st = replace(old, on=False, edges=old.edges + 1, stuck=False)
            return _with_stat(ks.stats, name, st), ks.pressed - {name}, logs
        case BeamBroken(name=name):
            old = ks.stat(name)
            st = replace(old, edges=old.edges + 2)
        case SensorNoisy(name=name, detail=detail):
            st = replace(ks.stat(name), noisy=True)
            logs = (Log(f"sensor {name}: {detail}"),)
        case SerialLine(name=name):
            st = replace(ks.stat(name), edges=ks.stat(name).edges + 1)  # lines received
        case SerialStatus(name=name, connected=connected):
            st = replace(ks.stat(name), on=connected, noisy=not connected)
        case ButtonHeld() | TimerFired():
            return ks.stats, ks.pressed, ()  # no count: a hold is counted by its press, a timer is no input
        case CoinInserted(name=name):
            st = replace(ks.stat(name), edges=ks.stat(name).edges + 1)  # coins
        case CoinFault(name=name, detail=detail):
            st = replace(ks.stat(name), noisy=True)
            logs = (Log(f"coin acceptor {name}: {detail}"),)
        case (table.CoinTossed() | table.DiceRolled() | table.TournamentLoaded() | table.SensorHealthRead()
              | table.FixtureOffered()):
            return ks.stats, ks.pressed, ()
        case _:
            assert_never(event)
    return _with_stat(ks.stats, name, st), ks.pressed, logs


def _with_stat(stats: Stats, name: str, st: InputStat) -> Stats:
    """``stats`` (sorted by name) with ``name``'s record set to ``st``, still sorted:
    the record replaced in place, or inserted before the first larger name."""
    for i, (n, _) in enumerate(stats):
        if n == name:
            return (*stats[:i], (name, st), *stats[i + 1 :])
        if n > name:
            return (*stats[:i], (name, st), *stats[i:])
    return (*stats, (name, st))


def _set_stat(ks: KioskState, name: str, st: InputStat) -> KioskState:
    return replace(ks, stats=_with_stat(ks.stats, name, st))


def _staff_combo(pressed: frozenset[str], event: ButtonHeld) -> bool:
    """UNDO held long while NEW is down (NEW pressed first); ``pressed``: the buttons down."""
    return event.name == "undo" and "new" in pressed


def _toggle_service(ks: KioskState, at: float, effects: list[Effect]) -> tuple[KioskState, tuple[Effect, ...]]:
    if ks.mode in ("service", "abandon"):
        back = ks.back_to if ks.back_to != "service" else "attract"
        ks = replace(ks, mode=back)
    else:
        # The staff gesture begins with a hold of NEW, which opens the players' END
        # MATCH? question on the way: service mode comes back to the match, not to it.
        back_to: Mode = "playing" if ks.mode == "end" else ks.mode
        ks = replace(ks, mode="service", back_to=back_to, service_page=0, confirm_reset=False)
        effects += _service_reads(ks)  # fresh for the sensors and audits pages
    return ks, (*effects, *_deadlines(ks, at))


def _service(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    if ks.confirm_reset:  # the audits page asked: DONE resets, any other press does not
        if not isinstance(event, ButtonPressed):
            return ks, ()
        ks = replace(ks, confirm_reset=False)
        if event.name == "shot_done":
            return ks, (credits.ResetAudits(), Log("audits reset by staff"))
        return ks, ()
    if isinstance(event, ButtonHeld) and event.name == "minus" and _service_page_kind(ks) == "audits":
        return replace(ks, confirm_reset=True), ()  # staff: reset the audits, once confirmed
    if isinstance(event, ButtonPressed) and event.name == "next":
        return replace(ks, service_page=(ks.service_page + 1) % _service_pages(ks)), _service_reads(ks)
    if isinstance(event, ButtonPressed) and event.name == "plus":
        return replace(ks, pattern=(ks.pattern + 1) % 4), ()
    if isinstance(event, ButtonHeld) and event.name == "new" and match_in_progress(ks.table):
        return replace(ks, mode="abandon"), ()
    if isinstance(event, ButtonHeld) and event.name == "plus" and ks.settings.pricing is not None:
        return _grant(ks)  # staff: a free game's credit
    return ks, ()


def _abandon(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    if not isinstance(event, ButtonPressed):
        return ks, ()
    if event.name == "shot_done":
        ts = _new_table(ks, ks.table.match.options)
        home: Mode = "menu" if ks.settings.attract else "playing"
        ks = replace(ks, table=ts, mode=home, back_to="attract" if ks.settings.attract else "playing", cursor=0)
        return ks, (table.NewMatch(), Log("match abandoned by staff"), *_deadlines(ks, event.at))
    return replace(ks, mode="service"), ()


def _service_pages(ks: KioskState) -> int:
    per_page = 8
    inputs = (len(ks.inputs) + per_page - 1) // per_page
    sensors = (len(_sensor_names(ks)) + SENSORS_PER_PAGE - 1) // SENSORS_PER_PAGE
    audits = 1 if ks.settings.pricing is not None else 0
    return inputs + 2 + audits + sensors  # inputs pages, pattern, status, audits, sensors pages


def _service_page_kind(ks: KioskState) -> str:
    """The kind of the service page shown: inputs, pattern, status, audits, sensors."""
    page = ks.service_page % _service_pages(ks)
    inputs = (len(ks.inputs) + 7) // 8
    audits = 1 if ks.settings.pricing is not None else 0
    if page < inputs:
        return "inputs"
    kinds = ("pattern", "status") + (("audits",) if audits else ())
    return kinds[page - inputs] if page - inputs < len(kinds) else "sensors"


SENSORS_PER_PAGE = 4
"""Rows of a sensors page (the 128x64 layout's)."""


def _sensor_names(ks: KioskState) -> tuple[str, ...]:
    """The sensors the sensors page lists: the table's beams (of every game it offers),
    then any other sensor the journal has a record of."""
    apps = ks.settings.games or (ks.settings.app,)
    names = [n for app in apps for n in app.beams if n in ks.inputs or not ks.inputs]
    names += [h.name for h in ks.health]
    return tuple(dict.fromkeys(names))
