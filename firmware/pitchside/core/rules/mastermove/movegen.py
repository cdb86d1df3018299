"""Master Move: how each piece moves, legal-move generation and move validation.

Two views of the same rules, kept equal by a property test (as python-chess keeps
``generate_legal_moves`` and ``is_legal`` equal):

* :func:`legal_moves` generates every legal move of the side to move, fast, for the
  display, the perft tests and a referee that wants to know if a side can move.
* :func:`check_move` validates one move and, when it is refused, says why with the rule
  ID (the replay output and the display need the reason).

The rules (rulings.md 4.2; the rulebook's "Rules 2" and "Rules 3"):

* MM-06 keeper: 1 square along its goal line, within its own three goal squares.
* MM-07 defender: 1 square any direction. MM-08 winger: diagonal 1-4, ends on its grass
  colour. MM-09 runner: orthogonal 1-4. MM-10 joker: any direction 1-2.
  MM-11 raider: a knight's L, the only piece that jumps (MM-14).
* MM-13 an occupied square is closed: no piece stops on it, no slider passes it (MM-14).
* MM-03 no piece stops on the white area; a slider (winger, runner, joker) may cross it.
* MM-04 only a side's keeper stands in its own goal; MM-16 another piece enters the
  opponent's goal only to score, on a free square by its own way of moving; MM-17 not on
  the keeper's square; MM-18 the keeper never scores (it never leaves its goal line).
* MM-31 [I] a slider never passes *through* a goal square (either goal).
* MM-24/MM-29 [I] anti-stalemate: a non-keeper move that would be the
  ``stalemate_refuse``-th traversal of the same pair by the same piece is refused.

The winger's colour (MM-08, MM-A3): the square it ends on must have the colour of the
square it starts from. On the default checkerboard every diagonal move keeps it; on
another map only the end square is checked: a sliding winger passes over the grass.
"""

from __future__ import annotations

from pitchside.core.errors import IllegalInput
from pitchside.core.notice import Notice
from pitchside.core.sides import Side, other

from .board import (
    GOALS,
    Board,
    Pitch,
    Square,
    at,
    col_of,
    goal_of,
    make_pitch,
    row_of,
    square_name,
)
from .state import Move, Options, State, Trav

ORTHO = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAG = ((-1, -1), (-1, 1), (1, -1), (1, 1))
ALL8 = ORTHO + DIAG
L_JUMPS = ((1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))

SLIDES: dict[str, tuple[tuple[tuple[int, int], ...], int]] = {
    "defender": (ALL8, 1),
    "winger": (DIAG, 4),
    "runner": (ORTHO, 4),
    "joker": (ALL8, 2),
}
"""Directions and reach of the pieces that move along lines (MM-07..MM-10)."""

KIND_RULE = {"keeper": "MM-06", "defender": "MM-07", "winger": "MM-08", "runner": "MM-09",
             "joker": "MM-10", "raider": "MM-11"}


def pitch_of(options: Options) -> Pitch:
    """The white area and grass the options give."""
    return make_pitch(options.white_area, options.grass)


def trav_count(trav: Trav, piece: Square, x: Square, y: Square) -> int:
    """Traversals of the pair ``{x, y}`` by the piece standing on ``piece``."""
    lo, hi = min(x, y), max(x, y)
    for p, a, b, n in trav:
        if p == piece and a == lo and b == hi:
            return n
    return 0


def destinations(board: Board, pitch: Pitch, frm: Square) -> list[Square]:
    """Where the piece on ``frm`` may go, every rule but anti-stalemate applied."""
    piece = board.get(frm)
    if piece is None:
        return []
    side = piece.side
    opp_goal = GOALS[other(side)]
    r, c = row_of(frm), col_of(frm)
    out: list[Square] = []
    if piece.kind == "keeper":
        for dr in (-1, 1):
            t = at(r + dr, c)
            if t is not None and t in GOALS[side] and board.is_free(t):
                out.append(t)
        return out
    if piece.kind == "raider":
        for dr, dc in L_JUMPS:
            t = at(r + dr, c + dc)
            if t is None or not board.is_free(t) or t in pitch.white:
                continue
            if goal_of(t) == side:
                continue
            out.append(t)
        return out
    dirs, reach = SLIDES[piece.kind]
    colour = pitch.colour[frm]
    for dr, dc in dirs:
        for k in range(1, reach + 1):
            t = at(r + dr * k, c + dc * k)
            if t is None or not board.is_free(t):
                break
            g = goal_of(t)
            stop_ok = t not in pitch.white and (piece.kind != "winger" or pitch.colour[t] == colour)
            if g is not None:
                if t in opp_goal and stop_ok:
                    out.append(t)  # a Move! (MM-16)
                break  # never through a goal square (MM-31), never into its own (MM-04)
            if stop_ok:
                out.append(t)
    return out


def _refused_by_stalemate(state: State, frm: Square, to: Square) -> bool:
    piece = state.board.get(frm)
    if piece is None or piece.kind == "keeper":
        return False
    return trav_count(state.trav, frm, frm, to) + 1 >= state.options.stalemate_refuse


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the side to move, in square order (empty outside play)."""
    if state.phase != "play" or state.to_move is None:
        return []
    pitch = pitch_of(state.options)
    moves = []
    for frm, _ in state.board.pieces(state.to_move):
        for to in destinations(state.board, pitch, frm):
            if not _refused_by_stalemate(state, frm, to):
                moves.append(Move(frm, to))
    moves.sort(key=lambda m: (m.frm, m.to))
    return moves


def check_move(state: State, mv: Move) -> None:
    """Validate ``mv`` for the side to move in play.

    :raises IllegalInput: the move is not legal: a typed notice of the rule refused
        (``no_piece``, ``not_your_piece``, ``must_leave`` MM-12; ``keeper_cannot_score``
        MM-18; ``not_its_way`` MM-06..MM-11; ``through_goal`` MM-31; ``path_blocked``
        MM-14; ``keeper_square`` MM-17; ``no_captures`` MM-13; ``own_goal`` MM-04;
        ``white_area_stop`` MM-03; ``grass_colour`` MM-08; ``stalemate`` MM-24), worded
        by :mod:`pitchside.core.words.mastermove`.
    """
    board, side = state.board, state.to_move
    assert side is not None
    frm, to = mv.frm, mv.to
    f, t = square_name(frm), square_name(to)
    piece = board.get(frm)
    if piece is None:
        raise IllegalInput(Notice.of("MM-12", "no_piece", square=f))
    if piece.side != side:
        raise IllegalInput(Notice.of("MM-12", "not_your_piece", square=f, owner=piece.side, side=side))
    if frm == to:
        raise IllegalInput(Notice.of("MM-12", "must_leave", square=f))
    pitch = pitch_of(state.options)
    kind = piece.kind
    dr, dc = row_of(to) - row_of(frm), col_of(to) - col_of(frm)
    not_its_way = Notice.of(KIND_RULE[kind], "not_its_way", kind=kind, frm=f, to=t)
    if kind == "keeper":
        if goal_of(to) == other(side):
            raise IllegalInput(Notice.of("MM-18", "keeper_cannot_score"))
        if to not in GOALS[side] or dc != 0 or abs(dr) != 1:
            raise IllegalInput(not_its_way)
    elif kind == "raider":
        if (abs(dr), abs(dc)) not in ((1, 2), (2, 1)):
            raise IllegalInput(not_its_way)
    else:
        dirs, reach = SLIDES[kind]
        steps = max(abs(dr), abs(dc))
        unit = (dr // steps if dr else 0, dc // steps if dc else 0)
        straight = dr == 0 or dc == 0 or abs(dr) == abs(dc)
        if not straight or unit not in dirs or steps > reach:
            raise IllegalInput(not_its_way)
        for k in range(1, steps):
            p = at(row_of(frm) + unit[0] * k, col_of(frm) + unit[1] * k)
            assert p is not None
            if goal_of(p) is not None:
                raise IllegalInput(Notice.of("MM-31", "through_goal", kind=kind, square=square_name(p)))
            if not board.is_free(p):
                raise IllegalInput(Notice.of("MM-14", "path_blocked", square=square_name(p)))
    target = board.get(to)
    if target is not None:
        if goal_of(to) == other(side) and target.kind == "keeper":
            raise IllegalInput(Notice.of("MM-17", "keeper_square", square=t))
        raise IllegalInput(Notice.of("MM-13", "no_captures", square=t))
    if kind != "keeper" and goal_of(to) == side:
        raise IllegalInput(Notice.of("MM-04", "own_goal", square=t))
    if to in pitch.white:
        raise IllegalInput(Notice.of("MM-03", "white_area_stop", square=t))
    if kind == "winger" and pitch.colour[to] != pitch.colour[frm]:
        raise IllegalInput(Notice.of("MM-08", "grass_colour", square=t))
    if _refused_by_stalemate(state, frm, to):
        times = state.options.stalemate_refuse - 1
        raise IllegalInput(Notice.of("MM-24", "stalemate", frm=f, to=t, times=times))


def after_move_trav(state: State, mv: Move) -> Trav:
    """The anti-stalemate counts after ``mv`` (MM-29): the moving piece's counts follow it
    to its new square and the pair ``{frm, to}`` gains one. Keepers are exempt."""
    piece = state.board.get(mv.frm)
    assert piece is not None
    if piece.kind == "keeper":
        return state.trav
    lo, hi = min(mv.frm, mv.to), max(mv.frm, mv.to)
    out: dict[tuple[Square, Square, Square], int] = {}
    for p, a, b, n in state.trav:
        if p == mv.frm:
            if state.options.stalemate_count == "consecutive" and (a, b) != (lo, hi):
                continue
            out[(mv.to, a, b)] = n
        else:
            out[(p, a, b)] = n
    key = (mv.to, lo, hi)
    out[key] = out.get(key, 0) + 1
    return tuple(sorted((p, a, b, n) for (p, a, b), n in out.items()))


def scoring_side(board: Board, mv: Move) -> Side | None:
    """The side that scores with ``mv`` (entering the goal it attacks), else None."""
    piece = board.get(mv.frm)
    g = goal_of(mv.to)
    if piece is None or g is None or g == piece.side:
        return None
    return piece.side
