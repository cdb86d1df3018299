"""What a Master Move screen shows: :class:`MasterMoveView` (the table's view) and
:class:`EntryView` (the button entry in progress)."""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.rules import mastermove as rules
from pitchside.core.rules.mastermove.board import EMPTY_BOARD
from pitchside.core.sides import Side
from pitchside.render.mastermove.standings import StandingsView
from pitchside.render.view import Prompt


@dataclass(frozen=True)
class EntryView:
    """The button entry in progress: the cursor square (None: hidden), the picked piece's
    square, a text for the side panel (``"E7>E6 joker"``) and how many squares the
    cursor can visit now."""

    cursor: int | None
    pick: int | None
    line: str
    candidates: int


@dataclass(frozen=True)
class MasterMoveView:
    """Everything a Master Move screen shows.

    :param state: the rules state (its phase picks the screen).
    :param board: the pieces to draw on the pitch map (before the game: the line-ups
        sent plus the one proposed).
    :param last_move: ``"Ann D8-D12"`` (``" MOVE!"`` appended when it scored), or None.
    :param entry: the button entry, or None.
    :param lining: the side whose line-up the buttons are setting, or None.
    :param source: the move source's name (its ``HELLO``), or None.
    :param source_ok: the move source's port connected (True), lost (False), unknown.
    """

    state: rules.State
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    board: rules.Board = EMPTY_BOARD
    last_move: str | None = None
    entry: EntryView | None = None
    lining: Side | None = None
    source: str | None = None
    source_ok: bool | None = None
    confirm_quit: Side | None = None
    """A quit asked for on the panel, waiting for its confirmation: the side that
    would quit (None: no question open)."""
    standings: StandingsView | None = None
    """Shown instead of the game screen (NEXT once a game is over), or None."""

    def name(self, side: Side) -> str:
        """The name of ``side``."""
        return self.names[0] if side == "A" else self.names[1]

    def needs(self, side: Side) -> int:
        """Moves ``side`` still needs to win (MM-15)."""
        return max(0, rules.MOVES_TO_WIN - self.state.score[side])

    def changes_left(self, side: Side) -> int:
        """Changes ``side`` has left in the game (MM-22)."""
        return max(0, self.state.options.max_changes - self.state.changes_used[side])
