"""Boulomania: the rules engine (pure).

Source: the rules as the table referees them, ``docs/rules/boulomania.md``: the numbered
rules BM-01 to BM-28 (restating the rulebook "How to play") and the rulings BM-A1 to
BM-A14. Every rule ID cited in this package is from there. The board's geometry (nearness, direction of play, the spaces "directly to"
and "directly next to" the jack, the pushes) comes only from the board data
(:mod:`pitchside.core.boards.boulomania`, BM-BOARD). The engine does no I/O and reads no
clock or random source: every die enters as a value in an input, so a match is a
deterministic fold of its inputs (:func:`apply`). What it tells the table, its notices
and refusals, are typed values (:class:`pitchside.core.notice.Notice`: the rule ID, a
code, the parameters as sides ``"A"``/``"B"``, spaces, dice); their words are in
:mod:`pitchside.core.words.boulomania`, which this package never imports.

Modules: :mod:`.state` (options, inputs, state, a new game), :mod:`.queries` (the bowls,
the holder, the targets, the jack space, the inputs accepted now, the outcome, a round's
points, the typed face), :mod:`.engine` (``apply``: the rolls, each throw and its pushes,
the end of a round) and :mod:`.notation` (the one-line snapshot:
``parse_snapshot(snapshot(s)) == s``).

Inputs: :class:`StartRoll` (one die per team, BM-02), :class:`JackRoll` (BM-03),
:class:`Point` (a placing throw with 2 or 3 dice, BM-05..BM-11) and :class:`Shoot` (a
knock-out throw with 1 die at a named bowl or the jack, BM-19..BM-27). A throw may name
its ``team``; a throw by the team not to play is refused (BM-12).

Interpretations (the [I] rulings), each the default of a named :class:`Options` field:

* ``double_jack_space`` (BM-07): ``"any"``: a double on two dice offers jack space n on
  every two-dice throw (the text's "intend to push on ... with only two dice" read as
  "point with two dice"). ``"push_only"``: only when the sum space is occupied, so the
  throw would push on (the literal reading; 1-1, 2-2, 3-3 then never offer it).
  Either way 1-1..3-3 without the jack space are dead bowls (BM-A7).
* ``push_optional`` (BM-10, BM-A6): False: pushing on is mandatory, the sum fixes the
  space. True: a team may decline (``Point.push`` False) and the bowl is dead.
* ``fork_chooser`` (BM-11, BM-A5): who chooses straight or diagonal at 8/13/16:
  ``"thrower"`` or ``"owner"`` of the pushed bowl. It changes only the prompt
  (:func:`fork_chooser`); the choices enter as ``forks`` either way.
* ``rethrow_after_clear`` (BM-14): True: a knock-out that leaves no bowl on the board
  gives the team that threw the next throw ("may shoot again"; declining has no
  input and nothing to gain). False: the other team throws, as special rule 1.
* ``null_round_starter`` (BM-17, BM-A9): after a null round ``"same"`` team starts
  again (pétanque custom) or the ``"other"`` team.
* ``shoot_own`` (BM-19, BM-A10): False: the target must be an opponent's bowl or the
  jack. True: a team may also shoot at its own bowls.
* ``kiss_jack_last_row`` (BM-24, BM-A4): a 4 at 12/13 with the jack on 5 or 6 (no jack
  space behind): the jack ``"stays"``, or goes ``"out"`` (into touch, as a bowl pushed
  past the last space; the round then ends as BM-26).
* ``jack_out_both`` (BM-26, BM-A8): jack out while both teams (or neither) still hold
  bowls: ``"null"`` round (pétanque's dead jack), or ``"own_bowls"``: each team scores
  its own unplayed bowls.

Rulings fixed by the text or the replay contract (no option): equal start rolls decide
nothing, roll again (BM-02, docs/spec/replay.md); a jack shot of 1-5 is a miss and the
shooter goes out (BM-26: "only possible if you throw a 6"); when one team has no bowls
left the other throws all its remaining ones (BM-12: nobody else can throw); a round
with no bowl on the board is null, and with only one team on the board all its bowls
count (BM-16); equally near best bowls (impossible on BM-BOARD) leave the thrower "not
nearer", and make the round null at its end (BM-28); the score is stored exactly, the game
ends at ``target`` or more with the lead (BM-18, BM-A11). A knock-out "leaves no bowl on
the board" (BM-14, BM-A13) when a shot at a bowl empties a board that held bowls. A
throw that puts no bowl on an empty board (a dead bowl, or a missed shot at the jack)
passes the turn (BM-13). Kissing a bowl on 13 (a fork) with a 4 uses the throw's
``forks`` (BM-A5).
"""

from __future__ import annotations

from pitchside.core.face import score, status
from pitchside.core.sides import PerSide

from .engine import GAME_OVER, ROLL_OFF_FIRST, apply, thrown
from .notation import parse_snapshot, snapshot
from .queries import (
    bowls_on_board,
    fork_chooser,
    holder,
    is_tie,
    jack_space_allowed,
    legal_inputs,
    nearest,
    outcome,
    round_points,
    shoot_targets,
    turn,
)
from .state import (
    FORKS,
    JACK,
    MIN_PLACE,
    RULES_VERSION,
    SPACES,
    Fork,
    Input,
    JackRoll,
    Options,
    Phase,
    Point,
    Shoot,
    StartRoll,
    State,
    check_options,
    new_game,
)

__all__ = [
    "FORKS", "GAME_OVER", "JACK", "MIN_PLACE", "ROLL_OFF_FIRST", "RULES_VERSION", "SPACES", "Fork",
    "Input", "JackRoll", "Options", "PerSide", "Phase", "Point", "Shoot", "StartRoll", "State",
    "apply", "bowls_on_board", "check_options", "fork_chooser", "holder", "is_tie",
    "jack_space_allowed", "legal_inputs", "nearest", "new_game", "outcome", "parse_snapshot",
    "round_points", "score", "shoot_targets", "snapshot", "status", "thrown", "turn",
]
