"""The Master Move referee at the table (pure): move-source lines and panel presses ->
rules inputs.

Master Move (``docs/rules/mastermove.md``, MM-01..MM-32)
is refereed completely by :mod:`pitchside.core.rules.mastermove`: this module only turns
what arrives into its inputs (``lineup``, ``coin_toss``, ``move``, ``change``,
``restart``, ``quit``), commits them through the match (with undo), and says on the
prompt line what happened or why an input was refused. Pure: ``handle(table, event) ->
(table, effects)``, no clock, no random (the coin comes back as :class:`CoinTossed`).

Two ways in, usable together:

* **A move source** on a serial line (``serial_devices = ("moves",)``, config
  ``[serial.moves] port = ...``): a sensor board or any terminal sending the line
  protocol of :mod:`pitchside.signals.move_protocol` (``MOVE G3 F1``, ``LINEUP A ...``,
  ``CHANGE A G3 F4``, ``RESTART``, ``QUIT B``, ``TOSS``, ``UNDO``, ``HELLO MM1``;
  hardware/pitchside_hw/MOVE_PROTOCOL.md). A line that is not a command is refused as a
  line (rule ``LINE``), a command the rules forbid with its rule ID; either way nothing
  changes and the display says why. A lost port is a warning on the prompt; the
  buttons go on working and the reader reconnects by itself.
* **The panel's buttons** (hardware/pitchside_hw/WIRING_MASTERMOVE.md), a cursor that
  walks only over squares that make sense now:

==============  ==============================================================
``plus/minus``  move the cursor to the next / previous candidate square, in board
                order (A1, A2 .. A16, B1 ..): first a piece that can move (of the
                side to move; after a Move, a piece of a side with a change left;
                before the game, a piece of the line-up being set), then, once a
                piece is picked, a square it may go to
``next``        jump the cursor to the first candidate of the next row (A -> B ..)
``shot_done``   OK: pick the piece under the cursor, then confirm its square (the
                move, change or line-up edit is made). With no cursor showing: send
                the line-up shown (before the game), toss (before the first move),
                restart (after the changes)
``coin``        toss the coin (both line-ups in)
``undo``        drop the picked piece, else hide the cursor, else take back the
                last input
``new``         (the kiosk's: a new game once this one is over; staff gestures)
hold ``next``   quit: a confirm screen asks "QUIT: FORFEIT?" for the side to move
                (A before the game); ``plus/minus`` switch the side, ``shot_done``
                sends ``quit`` (MM-25: a 0-3 forfeit, MM-32), any other button
                cancels. The short press before the hold only moves the cursor.
``next``        once a game is over, with a tournament file: its standings and
                next pairing, page by page, then the result screen again
==============  ==============================================================

**Tournaments.** A table config may name a tournament file (``[tournament] file =
"cup.toml"``, :mod:`pitchside.app.config`), the file of ``pitchside tournament``
(:mod:`pitchside.cli.tournament`). This module never reads it: the shell does
(:mod:`pitchside.app.tournament_file`), at power-on and at each new match, and the kiosk
hands every table what to show as a :class:`~pitchside.tables.effects.TournamentLoaded`
event (:class:`~pitchside.core.tournament.TournamentInfo`; the game record says it shows
a tournament, ``tournament=True``), which the controller shows on the attract screen's
rotation (:func:`attract_views`) and with NEXT once a game is over. Results are entered
with ``pitchside tournament result``: the table does not write the file, since it cannot
know which two teams of the tournament played (its sides are the config's names) and a
mistaken tap would change the organiser's record. A file that cannot be read is shown as
such on the standings page; the game goes on.

**A cold start from the move source.** On the attract screen and the menu the kiosk
asks :func:`starts_on` (the game record's hook) whether a serial line should start the game: a
``HELLO`` or ``LINEUP`` line of the move source does (the game starts with the options
shown and the line is then handled as in play); other lines there are dropped.

Before the game the table proposes a line-up for each side (the line-ups of the
record's example, :data:`STANDARD_LINEUPS`); the cursor can move its pieces anywhere the
line-up rules allow (MM-19) before OK sends it. A terminal or board sends its own.
Each move of a proposal is journaled before it is shown (``DraftChanged``), so a table
restarted mid line-up shows it again (:func:`~pitchside.tables.mastermove.drafts.with_drafts`);
sending it, an undo back to the standard line-ups and a new match drop it.
"""

from __future__ import annotations

from pitchside.core.record.mastermove import MasterMoveCodec
from pitchside.core.rules import mastermove as rules
from pitchside.core.words.mastermove import describe as describe  # the game's words, for its table
from pitchside.core.tournament import TournamentInfo, tournament_info, unreadable_tournament
from pitchside.tables import game_moments
from pitchside.tables.gametable import GameTable, Panel
from pitchside.tables.mastermove.flow import (
    Effect,
    Entry,
    GameMatch,
    Placement,
    SOURCE,
    STANDARD_LINEUPS,
    TableState,
    candidates,
    handle,
    lineups_of,
    lining_side,
    new_table,
    resumed,
    standings_pages,
    starts_on,
)
from pitchside.tables.mastermove.drafts import with_drafts
from pitchside.tables.mastermove.screens import FIRST_MOVERS, attract_views, last_move, menu, menu_change, summary, view

APP: GameTable[TableState, rules.Options, rules.State, rules.Input] = GameTable(
    name="mastermove",
    title="MASTER MOVE",
    panel=Panel(buttons=("coin", "shot_done", "undo", "new", "plus", "minus", "next"), serial_devices=(SOURCE,)),
    codec=MasterMoveCodec(),
    new_table=new_table, resumed=resumed, handle=handle, view=view,
    menu=menu, menu_change=menu_change, summary=summary,
    starts_on=starts_on,
    attract_views=attract_views,
    tournament=True,
    moments=game_moments.mastermove,
    with_drafts=with_drafts,
)
"""Master Move's game record (:class:`~pitchside.tables.gametable.GameTable`): it starts
on a move source's line and shows a tournament (the shell hands in its read)."""

__all__ = ["APP", "Effect", "Entry", "FIRST_MOVERS", "GameMatch", "Placement", "SOURCE", "STANDARD_LINEUPS",
    "TableState", "TournamentInfo", "attract_views", "candidates", "describe", "handle", "last_move", "lineups_of",
    "lining_side", "menu", "menu_change", "new_table", "resumed", "standings_pages", "starts_on", "summary",
    "tournament_info", "unreadable_tournament", "view", "with_drafts"]
