"""Pitchnut: the rules engine (pure).

Source: the rules as the table referees them, ``docs/rules/pitchnut.md``: the numbered
rules PN-01 to PN-31 (restating the rulebook's "Rules" and "Variant rules") and the
rulings PN-A1 to PN-A13. Every rule ID cited in this package is from there. The
engine does no I/O and reads no clock or random source: the coin toss enters as a
:class:`CoinToss` carrying its winner, and a shot as a :class:`Shot` summing up what
dropped (as confirmed by the players), so a match is a deterministic fold of its inputs
(:func:`apply`).

The engine speaks values, never prose: each notice of a :class:`Step` and each refusal
(:class:`IllegalInput`) is a :class:`~pitchside.core.notice.Notice` (rule ID, code,
parameters: sides "A"/"B", counts, colours), worded for the players by
:mod:`pitchside.core.words.pitchnut`. The typed face of :mod:`pitchside.core.game`
(:func:`status`, :func:`score`, :func:`turn`, :func:`outcome`) and a one-line snapshot
of a state (:func:`snapshot`, :func:`parse_snapshot`) are in modules of their own.

Modules: :mod:`.state` (options, inputs, a game's result, state, a new match),
:mod:`.queries` (the pieces on the board, the poison, who shoots, the inputs accepted now,
the outcome, the typed face), :mod:`.engine` (``apply``: the toss, the breaker, each shot)
and :mod:`.notation` (the one-line snapshot: ``parse_snapshot(snapshot(s)) == s``).

The match (PN-05, PN-A9): coin toss -> the toss winner names the first breaker -> games,
each broken by the loser of the previous one -> the first side to win ``games`` games.
A game (PN-02): ``pieces`` white and ``pieces`` black object pieces in the ring, the
poison in the centre; the breaker shoots first.

How one shot is resolved (:func:`apply` on a :class:`Shot`), in this order:

1. The poison, if it dropped (PN-06 on the break; else PN-21, PN-22, PN-31, PN-24):
   the game ends, or (``early_poison="respot"``) the poison goes back to the centre and
   the turn ends.
2. Debts (PN-08, PN-29): each own piece sunk pays one debt and is spotted at the centre
   (on an open board any piece pays, the colour pocketed most first, PN-A5).
3. Colour assignment (PN-10, PN-11, PN-12, PN-13): on an open board, a shot with no
   scratch and no debt paid that pockets more of one colour gives the shooter that colour.
4. The scratch (PN-08, PN-09, PN-17, PN-18, PN-28): a pitch pocketed or off the board, or
   a referee's technique foul (PN-A10). One own pocketed piece is spotted, or, with none
   pocketed (or the board open), a piece is owed.
5. The turn (PN-14, PN-15, PN-16, PN-26, PN-27, PN-30, PN-23): bonus turns earned
   (own pieces - 1) go to the bank; the shooter goes on if the shot allows it, else spends
   one banked bonus turn, else the turn passes and the bank empties.
6. A side whose colour has no piece left on the board but still owes settles its debts
   from the pocket (engine ruling, see below).

Interpretations (the [I] rulings), each the default of a named :class:`Options` field:

* ``pieces`` (PN-02 [I], PN-A1): 10 per colour.
* ``games`` (PN-A9): games needed to win the match, first to N (1).
* ``break_poison_with_pieces`` (PN-06 [I]): ``"win"``: the poison sunk on the break
  wins whatever object pieces dropped with it (unless the pitch scratched: the breaker
  loses). ``"loss"``: PN-19/PN-25 apply on the break too: poison with any object piece
  loses.
* ``early_poison`` (PN-24 [I], PN-25 [I], PN-A2, PN-A4): ``"loss"``: the poison
  pocketed (not on the break) by a shooter who is not on the poison (board open, own
  pieces left, or a debt outstanding) loses, also when own pieces dropped with it.
  ``"respot"``: the poison goes back to the centre and the turn ends (a banked bonus turn
  may still be spent); the rest of the shot counts. PN-21 (scratch) and PN-22
  (opponent's piece) lose either way: they are the text's.
* ``turn_continues`` (PN-14, PN-16, PN-26 [I], PN-A3): ``"more_own"`` (default,
  rulings.md PN-26): with colours assigned the turn continues only if own >= 1 and
  own > opponent's pieces pocketed; opponent-only shots and more opponent's than own end
  it (PN-A3). The rulebook's "If a player pockets an object piece, that player shoots
  again" read literally would let 1 own + 2 opponent's go on while its own sentence has
  equal numbers (1 + 1) end the turn; a club referee reads "pockets an object piece" as
  one's own, as in pool. ``"any_piece"`` (the option, that literal reading): any object
  piece pocketed lets the shooter go on, except equal numbers (>= 1) of own and
  opponent's pieces (PN-16).
* ``open_equal_continues`` (PN-27 [I]): on an open board a shot pocketing object pieces
  lets the shooter go on even with equal colours (True); False: equal colours end it.
* ``paying_shot_continues`` (PN-29 [I], PN-A6): a piece that went to pay a debt still
  counts as pocketed for going on and for bonus turns (True); False: it does not.
* ``bonus_on_assigning_shot`` (PN-30 [I], PN-A7): the colour-assigning shot earns bonus
  turns like any other (True).
* ``players`` (PN-01, PN-A11): ``"singles"`` or ``"doubles"``; in doubles the teams
  alternate and the partners alternate within a team (A1, B1, A2, B2, ...), each game
  starting with partner 1 of the breaking team; a bonus turn stays with the shooter.
* The beginners' variants (PN-23): ``scratch_keeps_turn`` (a scratch is penalised but
  does not by itself end the turn: the shot is judged as if the pitch had stayed) and
  ``miss_reshoot`` (a shot that touched no object piece, pocketed nothing and did not
  scratch is taken again; no bonus turn is spent).

Fixed readings (no option: the text leaves no other sensible reading):

* PN-28 [I]: a scratch while the board is open always owes a piece. The text says so for
  the first pocketing shot (PN-12: "a future piece is owed as with any other scratch");
  on an open board no pocketed piece is "the shooter's".
* PN-29 [I]: debts accumulate (the text's stacking at the centre, PN-09); the debtor's
  own pieces sunk on any later shot pay them, the shot's pieces first, before a scratch
  on that shot spots or owes one more. An opponent's piece sunk never pays a debt ("the
  first piece *that player* sinks").
* PN-30 [I]: bonus turns are banked and spent one at a time whenever the turn would
  otherwise end (a miss, PN-16, PN-26, a scratch, a re-spotted poison); the bonus earned
  by a shot is banked before that shot's turn is judged, so PN-18's 2 own + 1 opponent's
  with a scratch goes on. Bonus counts own pieces of the shot (PN-15: n >= 2 earns n-1);
  none on an open board except the assigning shot.
* PN-31 [I]: the shooter who is on the poison (colour assigned, all own pieces pocketed,
  no debt) and sinks it alone with no scratch wins; the loser breaks the next game.
* PN-A8: object pieces and the poison knocked off the board (``Shot.white_off`` ...) are
  put back in the centre with no penalty; the shot is judged without them.
* PN-A13: poison with a scratch and an opponent's piece loses (PN-21 is checked first).
* Engine ruling (PN-29, not in rulings.md): a side with a colour but no piece of it left
  on the board (the opponent sank them) that still owes takes one from the pocket for
  each debt and spots it, so it has pieces to pay with and can get on the poison.
* Engine ruling (PN-A5): ``Shot.spot`` is read only when the rules leave the colour to
  spot open (a debt paid on an open board by equal numbers of each colour); such a shot
  without ``spot`` is refused.

Where the rulebook's literal text and rulings.md differ, rulings.md's reading is the
default and the literal one an option: ``turn_continues`` (PN-26) above. PN-04 (technique) is not sensed: a referee's ``foul`` penalises it (PN-A10).
"""

from __future__ import annotations

from pitchside.core.face import score, status

from .engine import CAUSES, apply
from .notation import parse_snapshot, snapshot
from .queries import is_on_poison, legal_inputs, on_board, outcome, shooter, turn
from .state import (
    BY_HAND_KINDS,
    COLOURS,
    MAX_PIECES,
    RULES_VERSION,
    Breaker,
    CoinToss,
    Colour,
    GameResult,
    Input,
    Options,
    Phase,
    Pieces,
    PitchFate,
    Shot,
    State,
    check_options,
    new_match,
    other_colour,
)

__all__ = [
    "BY_HAND_KINDS", "CAUSES", "COLOURS", "MAX_PIECES", "RULES_VERSION", "Breaker", "CoinToss",
    "Colour", "GameResult", "Input", "Options", "Phase", "Pieces", "PitchFate", "Shot", "State",
    "apply", "check_options", "is_on_poison", "legal_inputs", "new_match", "on_board",
    "other_colour", "outcome", "parse_snapshot", "score", "shooter", "snapshot", "status", "turn",
]
