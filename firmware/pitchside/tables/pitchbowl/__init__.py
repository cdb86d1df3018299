"""The Pitch Bowl referee flow at the table (pure): panel events -> rules inputs.

No sensor can follow the pieces (PB-A14): the table keeps the referee's bookkeeping from
what the coaches enter on one **shared panel beside the display** (hardware/pitchside_hw/
WIRING_PITCHBOWL.md says why shared, not one per coach). Every input of the engine
(:mod:`pitchside.core.rules.pitchbowl`) is assembled as a *draft* shown on the display and
committed with OK (``shot_done``), like Pichenotte's shot. The module is a pure function
:func:`handle` of (table state, event): no clock, no random, no I/O.

Buttons (pin-map names):

==============  ==================================================================
``coin``        toss the coin (PB-02); the shell draws the winner (TossCoin)
``strip``       announce Strip the Ball (PB-17) -- before the pitch; press again
``pickup``      announce Pick Up (PB-18)         to take the announcement back.
``handoff``     announce Hand Off (PB-20)        An announcement the rules forbid now
``pass``        announce Pass (PB-22)            is refused at once, with the reason.
``miss``        the announced action missed (PB-14); a Pass: press again for an
                interception (PB-23). At the kick-off: touch back (PB-06). For a
                defensive placement: it went wrong (PB-32).
``all_out``     the player Went All-Out (PB-09; a second one in a turn is a foul)
``fall``        the player exceeded its movement: FALL (PB-10)
``touchdown``   a ball carrier scored (PB-27)
``end_turn``    the active coach ends his turn (PB-34, PB-A1)
``def_place``   the defender made a defensive placement (PB-31, option)
``next``        the selector: move to the next field (checklist, rarer pitch flags)
``plus/minus``  the selector: change the field under the cursor; choose KICK (+) or
                RECEIVE (-); at the kick-off, LANDED / TOUCH BACK
``shot_done``   OK: commit what the draft line shows (the choice, a placement, the
                kick-off, a pitch, a defensive placement)
``undo``        clear the draft, else take back the last input
``new``         (the kiosk's: a new match once this one is over; staff gestures)
==============  ==================================================================

The pitch draft (phase ``turn``): nothing entered and OK is a simple pitch (a Run or a
Block, PB-13/15/16): one press. An announced action and OK is its success (PASS, OK: two
presses); MISS before OK makes it a miss (three presses). The rarer flags are on the
selector (NEXT, then + or -): CLEARANCE (PB-21), OUT <side> (players of each side that
left the field, PB-24), BALL OUT (PB-25; while a piece carries the ball, that carrier left
the field with it, PB-35: out of bounds with no OUT <side> pressed), CARRIER OUT (the ball
carrier was one of them, PB-35), K.O. OWN / K.O. OPP (pieces turned over, PB-26,
PB-A12). The engine judges the whole pitch at OK; a refused pitch stays on the draft line
to be corrected.

The coin toss and its animation: COIN asks the shell for a toss (:class:`TossCoin`); the
winner comes back at once as :class:`CoinTossed` and is **committed and journaled before
anything is shown** (the CoinToss input). The display then spins a coin for
:data:`SPIN_FRAMES` frames of :data:`SPIN_FRAME_S` s (``StartTimer("game:toss", ...)``)
before revealing the winner. A power cut mid-animation therefore cannot change the
outcome: the table comes back (:func:`resumed`) with the toss in the journal and shows
the winner at once, without spinning again -- pulling the plug is no way to re-toss.
A press during the spin reveals the winner at once and is otherwise ignored (a coach
who presses KICK before seeing who won has not chosen); UNDO takes the toss back.
"""

from __future__ import annotations

from pitchside.core.record.pitchbowl import PitchBowlCodec
from pitchside.core.rules import pitchbowl as rules
from pitchside.core.words.pitchbowl import describe as describe  # the game's words, for its table
from pitchside.tables import game_moments
from pitchside.tables.gametable import GameTable, Panel
from pitchside.tables.pitchbowl.flow import (
    ANNOUNCE_BUTTONS,
    Effect,
    GameMatch,
    PITCH_FIELDS,
    PLACEMENT_FIELDS,
    PitchDraft,
    PlacementDraft,
    SPIN_FRAMES,
    SPIN_FRAME_S,
    TOSS_TIMER,
    TableState,
    handle,
    new_table,
    resumed,
)
from pitchside.tables.pitchbowl.screens import (
    ANNOUNCE_LABEL,
    END_TURN_CHOICES,
    END_TURN_LABEL,
    draft_line,
    field_label,
    field_value,
    hint,
    menu,
    menu_change,
    scored_state,
    summary,
    view,
)

APP: GameTable[TableState, rules.Options, rules.State, rules.Input] = GameTable(
    name="pitchbowl",
    title="PITCH BOWL",
    panel=Panel(
        buttons=(
            "coin", "strip", "pickup", "handoff", "pass", "miss", "all_out", "fall", "touchdown",
            "end_turn", "def_place", "shot_done", "undo", "new", "plus", "minus", "next",
        ),  # fmt: skip
    ),
    codec=PitchBowlCodec(),
    new_table=new_table, resumed=resumed, handle=handle, view=view,
    menu=menu, menu_change=menu_change, summary=summary,
    moments=game_moments.pitchbowl,
)
"""Pitch Bowl's game record (:class:`~pitchside.tables.gametable.GameTable`)."""

__all__ = ["ANNOUNCE_BUTTONS", "ANNOUNCE_LABEL", "APP", "END_TURN_CHOICES", "END_TURN_LABEL", "Effect", "GameMatch",
    "PITCH_FIELDS", "PLACEMENT_FIELDS", "PitchDraft", "PlacementDraft", "SPIN_FRAMES", "SPIN_FRAME_S", "TOSS_TIMER",
    "TableState", "describe", "draft_line", "field_label", "field_value", "handle", "hint", "menu", "menu_change",
    "new_table", "resumed", "scored_state", "summary", "view"]
