"""Keys of the simulated Pitch Bowl table (the shared panel of
hardware/pitchside_hw/WIRING_PITCHBOWL.md).

====  ============================  ====  ==========================
 t    coin toss                      s    OK (also Enter)
 1    announce Strip the Ball        m    miss (again: interception)
 2    announce Pick Up               a    went All-Out
 3    announce Hand Off              f    FALL
 4    announce Pass                  d    touchdown
 e    end the turn                   p    defensive placement
 n    selector: next (also Tab)      +    selector + (also =)
 -    selector -                     u    undo
 N    NEW (new match after one)      q    quit
 S    staff: service mode (hold NEW, then UNDO)
====  ============================  ====  ==========================
"""

from __future__ import annotations

from pitchside_sim.scenario import Action
from pitchside_sim.textview import KeyHelp

KEYS: dict[str, Action] = {
    "t": Action("press", "coin"),
    "1": Action("press", "strip"),
    "2": Action("press", "pickup"),
    "3": Action("press", "handoff"),
    "4": Action("press", "pass"),
    "m": Action("press", "miss"),
    "a": Action("press", "all_out"),
    "f": Action("press", "fall"),
    "d": Action("press", "touchdown"),
    "e": Action("press", "end_turn"),
    "p": Action("press", "def_place"),
    "s": Action("press", "shot_done"),
    "\r": Action("press", "shot_done"),
    "\n": Action("press", "shot_done"),
    "u": Action("press", "undo"),
    "N": Action("press", "new"),
    "S": Action("chord", "new+undo"),
    "+": Action("press", "plus"),
    "=": Action("press", "plus"),
    "-": Action("press", "minus"),
    "n": Action("press", "next"),
    "\t": Action("press", "next"),
}
HELP: KeyHelp = (("t", "toss"), ("1-4", "strip/pickup/handoff/pass"), ("m", "miss"), ("a", "all-out"), ("f", "fall"),
        ("d", "TD"), ("e", "end"), ("p", "def"), ("s", "OK"), ("n + -", "select"), ("u", "undo"), ("N", "new"),
        ("S", "staff"), ("q", "quit"))
