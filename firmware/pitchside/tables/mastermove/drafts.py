"""A Master Move line-up set on the panel and not sent, shown again by a table rebuilt
from its journal (the game record's ``with_drafts``): each move of it was journaled as
a :class:`~pitchside.tables.effects.DraftChanged` before it was shown
(:mod:`pitchside.app.journal.drafts`)."""

from __future__ import annotations

from collections.abc import Mapping

from pitchside.core.copying import copy_with
from pitchside.core.rules import mastermove as rules
from pitchside.core.sides import SIDES, Side
from pitchside.tables.mastermove.flow import TableState


def with_drafts(ts: TableState, drafts: Mapping[Side, rules.Input]) -> TableState:
    """The table rebuilt from a journal showing again the line-ups its buttons set and
    did not send, for the sides still to line up (a sent line-up is the one in effect);
    a draft that is not its side's line-up is left out."""
    if ts.match.state.phase != "lineup":
        return ts
    shown = ts.drafts
    for side in SIDES:
        draft = drafts.get(side)
        lined_up = any(True for _ in ts.match.state.board.pieces(side))
        if isinstance(draft, rules.Lineup) and draft.side == side and not lined_up:
            shown = shown.set(side, draft.placement)
    return copy_with(ts, drafts=shown)
