"""The kiosk flow around a game (pure): attract, menu, play, result, service mode.

Strangers walk up to an idle table showing the attract screen. Any button wakes it into
the menu, with the defaults ready: SHOT DONE starts the match (two presses from attract),
NEXT / + / - change the options first; + or - on the menu's last row, Names, opens the
players' names entry (initials, :mod:`pitchside.tables.names`); back on the attract
screen the next players start from the default names. The game then runs through its
own controller (:mod:`pitchside.tables.pichenotte`). After the result, the table goes
back to attract after ``result_timeout_s``; a match left idle for ``suspend_after_s`` is
suspended (it stays in the journal) and the next player is asked whether to resume it.

Players can end a match left half played: **hold NEW** during a
match asks END MATCH? (with the match's summary); SHOT DONE ends it (the journal keeps
it as abandoned) and opens the menu, any other press carries on. A short press of NEW
during a match only says so on the prompt line.

A refusal on the display is dismissed by the next press, and that press does nothing
else (:func:`~pitchside.tables.kiosk.flow._dismissed`): beams, sensors and serial lines are facts
and still reach the game.

Staff, not players: **hold NEW, then hold UNDO with it** (NEW first; while NEW is down
other presses go nowhere) toggles service mode: a live view of every input with edge
counters, display test patterns, the status page, and (on a table with sensors) the
sensors' health record from the journal (:func:`sensor_rows`; read afresh through a
:class:`~pitchside.tables.effects.ReadSensorHealth` effect on entering service mode and
on each NEXT). In service mode, hold NEW and confirm
with SHOT DONE to abandon the running match. A lone hold of NEW abandons nothing. On a
table with pricing the audits page shows the owner's audits since the last reset (read
afresh like the sensors' record, :class:`~pitchside.tables.credits.ReadAudits`); hold
MINUS there and confirm with SHOT DONE to reset them (any other press: no): the journal
keeps the reset itself, with its time, and the credit stays.

Pay to play (a table with pricing): coins and the staff's free credit are ledger
entries (:mod:`~pitchside.tables.kiosk.pay`); the coin gate
(:mod:`pitchside.tables.coin_gate`, loaded only then) asks the shell to inhibit the
acceptor whenever the table cannot honour a coin, pulses the coin meter, opens service
mode with the coin door and shows a coin dropped during play.

OLED care: the panel dims (``dim_contrast``) after ``dim_after_s`` without input and
comes back to full brightness on any input; the attract screen moves a few pixels every
``shift_every_s`` so no pixel is lit for ever.

Moments (:mod:`pitchside.tables.moments`): an accepted input whose notices make a
moment (a twenty, a round won, a touchdown, a game or match won: the game's
``GameTable.moments``) shows it full screen for ``moment_s``; a button press or a
beam broken during one ends it and then does what it always does. They are views, never journaled: a kiosk starts
with none, so a table back from a power cut shows its normal screen.

Time is an input: deadlines are :class:`StartTimer` effects that come back as
:class:`~pitchside.signals.events.TimerFired` events; a timer whose reason has gone (an
input came since) is ignored when it fires. No clock is read here.

The package, one module a part: :mod:`~pitchside.tables.kiosk.state` (the state, its
settings and effects), :mod:`~pitchside.tables.kiosk.flow` (the mode machine:
:func:`start` and :func:`handle`), :mod:`~pitchside.tables.kiosk.service` (service
mode), :mod:`~pitchside.tables.kiosk.pay` (pay to play) and
:mod:`~pitchside.tables.kiosk.screens` (the views: :func:`view`, :func:`side_view`).
Other modules import the names below from the package itself.
"""

from __future__ import annotations

from pitchside.tables.kiosk.flow import END_HINT, handle, refusal_shown, start
from pitchside.tables.kiosk.pay import DOOR_KEY, FREE_KEY, shown_credit
from pitchside.tables.kiosk.screens import LABELS, QR_ROW, audits_view, sensor_rows, side_view, view
from pitchside.tables.kiosk.service import SENSORS_PER_PAGE
from pitchside.tables.kiosk.state import (
    SHIFTS,
    Effect,
    InputStat,
    KioskSettings,
    KioskState,
    Log,
    Mode,
    SetContrast,
    StartTimer,
    Timed,
)

__all__ = [
    "DOOR_KEY",
    "END_HINT",
    "FREE_KEY",
    "LABELS",
    "QR_ROW",
    "SENSORS_PER_PAGE",
    "SHIFTS",
    "Effect",
    "InputStat",
    "KioskSettings",
    "KioskState",
    "Log",
    "Mode",
    "SetContrast",
    "StartTimer",
    "Timed",
    "audits_view",
    "handle",
    "refusal_shown",
    "sensor_rows",
    "shown_credit",
    "side_view",
    "start",
    "view",
]
