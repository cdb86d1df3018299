"""Keys of the simulated Master Move table (the buttons of
hardware/pitchside_hw/WIRING_MASTERMOVE.md). Moves can also come from a simulated move
source on a pty (:mod:`pitchside_sim.move_source`).

====  ===================================  ====  ==========================
 +    cursor to the next candidate          -    previous candidate
 n    next row (also Tab)                   s    OK / DONE (also Enter)
 t    toss the coin                         u    undo
 N    NEW (a new game after one)            S    staff: service mode
 Q    quit the game (hold NEXT: 0-3)        q    quit the simulator
====  ===================================  ====  ==========================
"""

from __future__ import annotations

from pitchside_sim.scenario import Action
from pitchside_sim.textview import KeyHelp

KEYS: dict[str, Action] = {
    "+": Action("press", "plus"),
    "=": Action("press", "plus"),
    "-": Action("press", "minus"),
    "n": Action("press", "next"),
    "\t": Action("press", "next"),
    "s": Action("press", "shot_done"),
    "\r": Action("press", "shot_done"),
    "\n": Action("press", "shot_done"),
    "t": Action("press", "coin"),
    "u": Action("press", "undo"),
    "N": Action("press", "new"),
    "S": Action("chord", "new+undo"),
    "Q": Action("hold", "next"),
}
HELP: KeyHelp = (("+/-", "cursor"), ("n", "next row"), ("s", "OK/done"), ("t", "toss"), ("u", "undo"), ("N", "new"),
        ("S", "staff"), ("Q", "forfeit"), ("q", "quit"))
