"""Keys of the simulated Boulomania table (the buttons of
hardware/pitchside_hw/WIRING_BOULOMANIA.md).

====  ===========================================  ====  =====================
 r    roll the table's die (also Space, Enter)      u    undo
 n    next throw: POINT 2 / POINT 3 / SHOOT (Tab)   N    NEW (new game after one)
 +    next target / jack space on a double          -    previous target
 f    forks 8, 13, 16: which go diagonal            s    shot done / OK (rolls)
 S    staff: service mode (hold NEW, then UNDO)     q    quit
====  ===========================================  ====  =====================
"""

from __future__ import annotations

from pitchside_sim.scenario import Action
from pitchside_sim.textview import KeyHelp

KEYS: dict[str, Action] = {
    "r": Action("press", "roll"),
    " ": Action("press", "roll"),
    "\r": Action("press", "roll"),
    "\n": Action("press", "roll"),
    "s": Action("press", "shot_done"),
    "n": Action("press", "next"),
    "\t": Action("press", "next"),
    "+": Action("press", "plus"),
    "=": Action("press", "plus"),
    "-": Action("press", "minus"),
    "f": Action("press", "fork"),
    "u": Action("press", "undo"),
    "N": Action("press", "new"),
    "S": Action("chord", "new+undo"),
}
HELP: KeyHelp = (("r", "roll"), ("n", "next (point2/point3/shoot)"), ("+/-", "target/jack-space"), ("f", "forks"),
        ("s", "ok"), ("u", "undo"), ("N", "new"), ("S", "staff"), ("q", "quit"))
