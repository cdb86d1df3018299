"""Master Move: the rules engine (pure), board and notation.

Source: the rules as the table referees them, ``docs/rules/mastermove.md``: the numbered
rules MM-01..MM-32 (restating the Master Move rulebook) and the rulings MM-A1..MM-A9.
Every rule ID in this package is from there. No I/O, clock or random source: the coin toss
enters as a :class:`CoinToss` carrying its winner, so a game is a deterministic fold of
its inputs through :func:`apply`.

Modules: :mod:`.board` (squares A1-I16, goals, halves, white area, grass, pieces, the
immutable board), :mod:`.state` (options, inputs, state), :mod:`.movegen` (each piece's
way of moving, legal-move generation, move validation with the rule refused),
:mod:`.engine` (``apply``, ``outcome``, ``legal_inputs``, ``perft``), :mod:`.notation`
(the one-line snapshot, a FEN: ``parse_snapshot(snapshot(s), s.options) == s``) and
:mod:`.record` (a PGN-like game record: ``dumps``/``loads``/``replay``).

Interpretations (the [I] rulings), each the default of a named :class:`Options` field:

* ``white_area`` (MM-A2): D2, E2, F2, D15, E15, F15. The rulebook example (blue raider
  G3 to F1) stays legal.
* ``grass`` (MM-A3): ``"checkerboard"``; ``"stripes"`` or a 9 x 16 map otherwise. A
  winger must end its move on the colour of the square it moves from (MM-08); a winger a
  change puts on the other colour starts on that colour from the kick-off (a change is
  free, MM-21).
* ``first_mover`` (MM-28, MM-A1): ``"coin_toss"``; ``"A"``/``"B"`` for "home moves first".
* ``stalemate_refuse`` (MM-29, MM-A4): 5, the fifth traversal of the same pair of squares
  by the same piece since the kick-off is refused; 6 refuses the sixth instead.
  ``stalemate_count``: ``"any"`` (traversals need not be consecutive) or
  ``"consecutive"`` (a move elsewhere clears that piece's other counts). Keepers are
  exempt (MM-24). A piece is known by its square, its counts follow it.
* ``changes`` (MM-30, MM-A5): ``"per_restart"``, each side gets one change credit at each
  restart and loses it unused; ``"carry_over"``, unused credits accumulate. Either way
  ``max_changes`` (4, MM-22) per side per game. Changes keep the line-up rules (MM-19,
  MM-A6), in either order; the changed line-up is the new kick-off line-up (MM-A9).
* MM-31: a slider may pass through a white area but never through a goal square.
* MM-19 [I]: no piece but the keeper lines up in a goal.
* MM-32: a forfeit overrides the score: the quitter 0, the other 3.

Rulings made here (gaps the rulings do not settle):

* Line-ups (MM-19): a side may send its line-up again before the coin toss; the new one
  replaces the old. After the toss the line-up changes only by changes after a Move.
* Refusal order: the piece and turn (MM-12), the piece's way of moving (MM-06..MM-11,
  MM-18 for a keeper aimed at the other goal), the path (MM-31, then MM-14), the
  destination (MM-17 on the keeper's square, MM-13 occupied, MM-04 own goal, MM-03 white
  area, MM-08 colour), then anti-stalemate (MM-24).
* After the third Move the board stays as it ended, with the scoring piece in the goal:
  nothing restarts. ``restarting`` is None once the game is over.
* A change needs a free target square (MM-13) and may move the keeper to another square
  of its goal.
* MM-A8: every side in play always has a legal move (the keeper's); no rule is needed
  and none is implemented.

Where the rulings disagree with the rulebook: none found. MM-22's "at most 4 in a game"
counts per side (the rulebook: "each team may move just one piece" at each of at most
4 restarts, "at most 4 in a game (at 2-2)"), as MM-30 says.
"""

from __future__ import annotations

from pitchside.core.game import Outcome

from .board import (
    DEFAULT_WHITE_AREA,
    GOALS,
    KINDS,
    LINEUP_COUNTS,
    Board,
    Kind,
    Piece,
    Square,
    square,
    square_name,
)
from .engine import (
    RULES_VERSION,
    apply,
    check_options,
    legal_inputs,
    lineup_problem,
    new_game,
    outcome,
    perft,
    score,
    status,
    turn,
)
from .movegen import check_move, destinations, legal_moves
from .notation import board_text, parse, parse_board, parse_move, parse_snapshot, snapshot
from .state import (
    MOVES_TO_WIN,
    Change,
    CoinToss,
    Input,
    Lineup,
    Move,
    Options,
    Phase,
    Quit,
    Restart,
    State,
)

__all__ = [
    "DEFAULT_WHITE_AREA", "GOALS", "KINDS", "LINEUP_COUNTS", "MOVES_TO_WIN", "RULES_VERSION",
    "Board", "Change", "CoinToss", "Input", "Kind", "Lineup", "Move", "Options", "Outcome",
    "Phase", "Piece", "Quit", "Restart", "Square", "State",
    "apply", "board_text", "check_move", "check_options", "destinations", "legal_inputs",
    "legal_moves", "lineup_problem", "new_game", "outcome", "parse", "parse_board",
    "parse_move", "parse_snapshot", "perft", "score", "snapshot", "square", "square_name", "status", "turn",
]
