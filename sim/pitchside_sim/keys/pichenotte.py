"""Keys of the simulated Pichenotte table (the buttons of hardware/pitchside_hw/WIRING.md).

====  ==========================  ====  =======================
 t    coin toss                    d    puck in the twenty hole
 c    call a twenty                w    whose twenty (cycle)
 x    no contact                   a    puck of A to the ditch
 b    puck of B to the ditch       s    shot done / OK (also Enter)
 u    undo                         N    NEW (new match after one)
 +    zone count +; in a shot:     -    zone count -; in a shot:
      a twenty by hand                  take a twenty back
 n    next zone (also Tab)         q    quit
 S    staff: service mode (hold NEW, then UNDO)
====  ==========================  ====  =======================
"""

from __future__ import annotations

from pitchside_sim.scenario import Action
from pitchside_sim.textview import KeyHelp

KEYS: dict[str, Action] = {
    "t": Action("press", "coin"),
    "c": Action("press", "call"),
    "x": Action("press", "no_contact"),
    "a": Action("press", "ditch_a"),
    "b": Action("press", "ditch_b"),
    "w": Action("press", "whose"),
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
    "d": Action("drop", "twenty"),
}
HELP: KeyHelp = (("t", "toss"), ("c", "call"), ("x", "no-hit"), ("a/b", "ditch"), ("d", "drop-20"), ("w", "whose"),
        ("s", "done"), ("u", "undo"), ("+/- n", "zones"), ("N", "new"), ("S", "staff"), ("q", "quit"))


