"""Master Move at the table: what it shows (its views, menu and summary), read from the
table state of :mod:`pitchside.tables.mastermove.flow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.rules import mastermove as rules
from pitchside.core.rules.mastermove.movegen import scoring_side
from pitchside.core.sides import Side, name_of
from pitchside.tables.mastermove.flow import (
    GameMatch,
    TableState,
    _draft_board,
    candidates,
    lining_side,
    standings_pages,
)

if TYPE_CHECKING:
    from pitchside.render.mastermove import EntryView, MasterMoveView, StandingsView


def last_move(match: GameMatch) -> tuple[Side, rules.Move, bool] | None:
    """The last move in effect: its side, the move and whether it scored a Move!
    (None before the first move)."""
    node = match.head
    while node is not None:
        if isinstance(node.inp, rules.Move):
            before: rules.State = node.prev.state if node.prev is not None else match.initial
            side = before.to_move or "A"
            return side, node.inp, scoring_side(before.board, node.inp) is not None
        node = node.prev
    return None


def view(ts: TableState) -> MasterMoveView:
    """What the display shows now."""
    # the match's screens at a match's first frame, not at start-up: a table boots
    # to its attract screen, and a resumed match's first frame comes here too (start-up)
    from pitchside.render.mastermove import EntryView, MasterMoveView

    game = ts.match.state
    entry = None
    if ts.entry.cursor is not None or ts.entry.pick is not None:
        entry = EntryView(ts.entry.cursor, ts.entry.pick, _entry_line(ts), len(candidates(ts)))
    last = last_move(ts.match)
    last_text = None
    if last is not None:
        side, mv, scored = last
        last_text = f"{_name(ts, side)} {mv}" + (" MOVE!" if scored else "")
    board = _draft_board(ts) if game.phase == "lineup" else game.board
    shown = None
    if ts.standings_page is not None and ts.tournament is not None:
        pages = standings_pages(ts.tournament)
        shown = pages[ts.standings_page % len(pages)]
    return MasterMoveView(
        state=game,
        names=ts.names,
        prompt=ts.prompt,
        board=board,
        last_move=last_text,
        entry=entry,
        lining=lining_side(ts),
        source=ts.source,
        source_ok=ts.source_ok,
        confirm_quit=ts.confirm_quit,
        standings=shown,
    )


def _name(ts: TableState, side: Side) -> str:
    return name_of(ts.names, side)


def _entry_line(ts: TableState) -> str:
    """What the cursor is on: ``"E7 joker"``, or once picked ``"E7>E6 joker"``."""
    board = _draft_board(ts) if ts.match.state.phase == "lineup" else ts.match.state.board
    e = ts.entry
    if e.pick is not None:
        piece = board.get(e.pick)
        to = rules.square_name(e.cursor) if e.cursor is not None else "?"
        return f"{rules.square_name(e.pick)}>{to} {piece.kind if piece else ''}".strip()
    if e.cursor is None:
        return ""
    piece = board.get(e.cursor)
    return f"{rules.square_name(e.cursor)} {piece.kind if piece else ''}".strip()


def attract_views(ts: TableState) -> tuple[StandingsView, ...]:
    """The attract screen's extra pages (:mod:`pitchside.tables.kiosk`): the
    tournament's standings and next pairing, if the table shows one."""
    return standings_pages(ts.tournament) if ts.tournament is not None else ()


FIRST_MOVERS: tuple[Literal["coin_toss", "A", "B"], ...] = ("coin_toss", "A", "B")
"""The menu's choices for ``first_mover``, in order."""


def menu(options: rules.Options) -> tuple[tuple[str, str], ...]:
    """The menu's rows: who moves first, the changes rule, the stalemate rule."""
    first = {"coin_toss": "COIN TOSS", "A": "HOME (A)", "B": "AWAY (B)"}[options.first_mover]
    changes = "PER RESTART" if options.changes == "per_restart" else "CARRY OVER"
    return (
        ("First move", first),
        ("Changes", changes),  # MM-30 / MM-A5
        ("Stalemate", f"NO {options.stalemate_refuse}TH"),  # MM-29 / MM-A4: the refused traversal
    )


def menu_change(options: rules.Options, row: int, step: int) -> rules.Options:
    """The options with menu row ``row`` changed by ``step`` (+1 or -1)."""
    if row == 0:
        i = FIRST_MOVERS.index(options.first_mover)
        return copy_with(options, first_mover=FIRST_MOVERS[(i + step) % len(FIRST_MOVERS)])
    if row == 1:
        return copy_with(options, changes="carry_over" if options.changes == "per_restart" else "per_restart")
    return copy_with(options, stalemate_refuse=6 if options.stalemate_refuse == 5 else 5)


def summary(ts: TableState) -> str:
    """A game on hold: ``"Moves 1-0, changes"``."""
    g = ts.match.state
    return f"Moves {g.score.A}-{g.score.B}, {g.phase}"
