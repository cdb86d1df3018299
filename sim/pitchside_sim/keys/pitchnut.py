"""Keys of the simulated Pitchnut table (the buttons and pockets of
hardware/pitchside_hw/WIRING_PITCHNUT.md).

====  ==============================  ====  ===========================
 t    coin toss                        1-4  a piece into pocket 1-4
 o    pitch off the board (toggle)     s    shot done / OK (also Enter)
 n    next row of the shot sheet       +    the row: next kind / more
 -    the row: previous kind / less    u    undo
 N    NEW (new match after one)        S    staff: service mode
 q    quit
====  ==============================  ====  ===========================
"""

from __future__ import annotations

from pitchside_sim.scenario import Action
from pitchside_sim.textview import KeyHelp

KEYS: dict[str, Action] = {
    "t": Action("press", "coin"),
    "o": Action("press", "pitch_off"),
    "s": Action("press", "shot_done"),
    "\r": Action("press", "shot_done"),
    "\n": Action("press", "shot_done"),
    "n": Action("press", "next"),
    "\t": Action("press", "next"),
    "+": Action("press", "plus"),
    "=": Action("press", "plus"),
    "-": Action("press", "minus"),
    "u": Action("press", "undo"),
    "N": Action("press", "new"),
    "S": Action("chord", "new+undo"),
    "1": Action("drop", "pocket_1"),
    "2": Action("drop", "pocket_2"),
    "3": Action("drop", "pocket_3"),
    "4": Action("drop", "pocket_4"),
}
HELP: KeyHelp = (("t", "toss"), ("1-4", "piece in pocket"), ("o", "pitch-off"), ("s", "done"), ("n", "next"),
        ("+/-", "kind"), ("u", "undo"), ("N", "new"), ("S", "staff"), ("q", "quit"))
