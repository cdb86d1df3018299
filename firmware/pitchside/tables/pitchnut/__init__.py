"""The Pitchnut referee flow at the table (pure): panel events -> rules inputs.

The board has a break-beam in each of its four pockets (``pocket_1`` .. ``pocket_4``)
that counts what drops (:class:`~pitchside.signals.beam.BeamCounter`, parameters in
hardware/pitchside_hw/configs/pitchnut.toml and sim/pitchside_sim/burst.py). A beam
cannot tell what dropped, nor can it see the pitch leave the board, nor when the shot is
over (PN-A12): the players say so with the buttons. This module turns what was sensed
and what the players confirm into one :class:`~pitchside.core.rules.pitchnut.Shot`
(the replay spec's ``shot`` input) and commits it, and runs the coin toss and the
choice of breaker (PN-05). It is a pure function :func:`handle` of (table state,
event): no clock, no random (the toss arrives as :class:`CoinTossed`).

Buttons (names of the pin map, hardware/pitchside_hw/WIRING_PITCHNUT.md):

=============  ===================================================================
``coin``       toss the coin (before the first game; the shell draws the side)
``pitch_off``  the pitch left the board on this shot: a scratch (PN-08; toggle)
``shot_done``  end the shot: check the pieces, then confirm (commit); OK elsewhere
``next``       the shot sheet: open it during a shot; next row in it
``plus/minus`` the shot sheet: change the row (a piece's kind, a count, yes/no);
               choosing the breaker: the other side
``undo``       leave the shot sheet; clear the shot; else take back the last input
``new``        (the kiosk's: a new match after one; staff gestures)
=============  ===================================================================

A shot, step by step:

1. **Live.** Each piece counted by a pocket beam is added to the shot as a sensed piece
   of unknown kind (pocket, time, blocked time kept). ``pitch_off`` marks a scratch off
   the board. After :data:`QUIET_S` without pocket activity a game timer proposes
   ending the shot on the display; it never commits (pieces still slide in the
   gutters, PN-A12).
2. **Shot sheet** (``shot_done`` with pieces sensed, or ``next``): one row per piece;
   ``plus``/``minus`` say what it was (the shooter's colour first once colours are set,
   then the other colour, the poison, the pitch, and ``DOUBLE``: the beam counted a piece
   twice as it bounced in its chute, so the row is not a piece). Rows after the pieces:
   ``+ PIECE`` (add one the beam missed; minus removes the last added), pitch off the
   board, a referee's technique foul (PN-A10), object pieces and the poison knocked off
   the board (PN-A8), with ``miss_reshoot`` whether the pitch touched a piece (PN-23),
   and the colour to spot when the rules leave it open (PN-A5).
3. **Confirm** (``shot_done`` on the sheet): every piece must have a kind; the shot is
   applied by the rules (a refusal keeps the sheet, with the reason) and journaled.

A shot with nothing sensed commits straight away on ``shot_done`` (a miss, or a pitch
off the board), so an ordinary miss costs one press.

A pocket whose beam is dead or missed a piece: the piece is entered on the sheet with
``+ PIECE`` (``next`` opens the sheet even when nothing was sensed), and the journaled
shot names it in ``by_hand`` (its kind), a record the rules ignore: a piece entered by
hand counts exactly as a sensed one (sensor health).

What was sensed and what was confirmed: the confirmed :class:`Shot` is the journaled
rules input (:class:`~pitchside.tables.effects.Accepted`); the sensed counts per pocket
stay in the draft while the shot is entered and, once it is committed, in
:attr:`TableState.last` (:class:`ShotReport`: sensed per pocket, the shot, the pieces
to spot) until the next shot.
"""

from __future__ import annotations

from pitchside.core.record.pitchnut import PitchnutCodec
from pitchside.core.rules import pitchnut as rules
from pitchside.core.words.pitchnut import describe as describe  # the game's words, for its table
from pitchside.render.view import Prompt  # re-exported: the tests read them here
from pitchside.tables import game_moments
from pitchside.tables.gametable import GameTable, Panel
from pitchside.tables.pitchnut.flow import (
    Effect,
    GameMatch,
    Kind,
    Mode,
    POCKETS,
    Piece,
    QUIET_S,
    QUIET_TIMER,
    RowKey,
    ShotDraft,
    ShotReport,
    TableState,
    handle,
    kinds_for,
    needs_spot,
    new_table,
    refusal,
    resumed,
    rows,
    sensor_text,
    spot_action,
    to_shot,
)
from pitchside.tables.pitchnut.screens import (
    GAMES_CHOICES,
    KIND_WORDS,
    menu,
    menu_change,
    sheet_rows,
    shot_line,
    shot_summary,
    summary,
    view,
)

APP: GameTable[TableState, rules.Options, rules.State, rules.Input] = GameTable(
    name="pitchnut",
    title="PITCHNUT",
    panel=Panel(buttons=("coin", "pitch_off", "shot_done", "undo", "new", "next", "plus", "minus"), beams=POCKETS),
    codec=PitchnutCodec(),
    new_table=new_table, resumed=resumed, handle=handle, view=view,
    menu=menu, menu_change=menu_change, summary=summary,
    moments=game_moments.pitchnut,
)
"""Pitchnut's game record (:class:`~pitchside.tables.gametable.GameTable`)."""

__all__ = ["APP", "Effect", "GAMES_CHOICES", "GameMatch", "KIND_WORDS", "Kind", "Mode", "POCKETS", "Piece",
    "Prompt", "QUIET_S", "QUIET_TIMER", "RowKey", "ShotDraft", "ShotReport", "TableState", "describe", "handle",
    "kinds_for", "menu", "menu_change", "needs_spot", "new_table", "refusal", "resumed", "rows", "sensor_text",
    "sheet_rows", "shot_line", "shot_summary", "spot_action", "summary", "to_shot", "view"]
