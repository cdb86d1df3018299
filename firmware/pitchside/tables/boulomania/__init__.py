"""The Boulomania referee at the table (pure): panel presses and dice -> rules inputs.

Every outcome of Boulomania is decided by the dice (rules
BM-01..BM-28 of ``docs/rules/boulomania.md``), so the
table referees all of it. The team to play first *declares* its throw with the panel
(what BM-05, BM-07, BM-11 and BM-19 let it choose), the display shows the declaration,
then the dice are rolled and the throw enters the rules engine
(:mod:`pitchside.core.rules.boulomania`) as one input carrying the declaration and the
values: ``start_roll``, ``jack_roll``, ``point`` or ``shoot``.

Where the dice come from:

* **A die unit** on a serial line (``[serial.die]``; protocol in
  hardware/pitchside_hw/DIE_PROTOCOL.md, parsed by :mod:`pitchside.signals.die_protocol`):
  each ``ROLL`` line is a roll. While the unit is connected, the ROLL button does not
  roll (the unit does).
* **The table's own die**: ROLL (or SHOT DONE) asks the shell for :class:`RollDice`
  (``n`` dice) and the values come back as :class:`DiceRolled` (``secrets`` on the table,
  a seeded source in the simulator; :mod:`pitchside.app.software_die`). This is the die
  when no unit is configured, and while a unit is unplugged (so a match never stops).

A roll with the wrong number of dice for what the table expects now (two for the start
roll, one for the jack or a shot, two or three as declared for a point), a line that is
not the protocol (garbage, a 7, a half line dropped by the reader), an ``ERR`` from the
unit, a lost connection: each is refused or reported on the display and changes
nothing; the players roll again.

Buttons (hardware/pitchside_hw/WIRING_BOULOMANIA.md):

=============  ==================================================================
``roll``       roll the table's die for what is declared (no die unit connected)
``shot_done``  the same as ROLL (OK: "I have declared, roll")
``next``       the throw: POINT 2 DICE -> POINT 3 DICE -> SHOOT -> ... (BM-05, BM-19)
``plus/minus`` SHOOT: the target (the opponent's bowls nearest the jack first, then the
               jack); POINT 2: jack space on a double (BM-07); with option
               ``push_optional`` also "do not push on" (BM-10)
``fork``       the push at the forks 8, 13, 16: cycles which of them go diagonal (BM-11)
``undo``       clear the declaration; if there is none, take back the last throw
``new``        (the kiosk's: a new game once this one is over; staff gestures)
=============  ==================================================================

Conditional declarations never refuse a roll after the fact: "jack space on a double"
takes jack space n only when the dice are a double n-n on two dice and the space is
free (otherwise the bowl goes on the sum, and the display says why); fork choices are
passed for the forks the push chain really meets; "do not push on" applies only when the
sum's space is taken.
"""

from __future__ import annotations

from pitchside.core.record.boulomania import BoulomaniaCodec
from pitchside.core.rules import boulomania as rules
from pitchside.core.words.boulomania import describe as describe  # the game's words, for its table
from pitchside.tables import game_moments
from pitchside.tables.gametable import GameTable, Panel
from pitchside.tables.boulomania.flow import (
    Choice,
    DIE,
    DieLink,
    DieStatus,
    Effect,
    GameMatch,
    JACK_SPACE_TWO_DICE,
    LastRoll,
    MODES,
    Mode,
    TableState,
    Target,
    default_target,
    expected_dice,
    fork_path,
    handle,
    new_table,
    resumed,
    roll_line,
    targets,
    to_input,
    what_it_did,
)
from pitchside.tables.boulomania.screens import TARGETS, choice_line, ended_board, menu, menu_change, summary, view

APP: GameTable[TableState, rules.Options, rules.State, rules.Input] = GameTable(
    name="boulomania",
    title="BOULOMANIA",
    panel=Panel(buttons=("roll", "fork", "shot_done", "undo", "new", "next", "plus", "minus"), serial_devices=(DIE,)),
    codec=BoulomaniaCodec(),
    new_table=new_table, resumed=resumed, handle=handle, view=view,
    menu=menu, menu_change=menu_change, summary=summary,
    moments=game_moments.boulomania,
)
"""Boulomania's game record (:class:`~pitchside.tables.gametable.GameTable`)."""

__all__ = ["APP", "Choice", "DIE", "DieLink", "DieStatus", "Effect", "GameMatch", "JACK_SPACE_TWO_DICE", "LastRoll",
    "MODES", "Mode", "TARGETS", "TableState", "Target", "choice_line", "default_target", "describe", "ended_board",
    "expected_dice", "fork_path", "handle", "menu", "menu_change", "new_table", "resumed", "roll_line", "summary",
    "targets", "to_input", "view", "what_it_did"]
