"""Pitch Bowl: the rules engine (pure) -- the referee's bookkeeping of a flick-football match.

Source: the rules as the table referees them, ``docs/rules/pitchbowl.md``: the numbered
rules PB-01 to PB-36 (restating the "Pitch Bowl Rulebook") and the rulings PB-A1 to
PB-A15. Every rule ID cited in this package is from there. The engine does no I/O and reads no
clock or random source: the coin toss enters as a :class:`CoinToss` carrying its winner, so
a match is a deterministic fold of its inputs (:func:`apply`).

Modules: :mod:`.state` (options, inputs, state, a new match), :mod:`.queries` (what the
rules allow now, the outcome, the typed face), :mod:`.pitch` (one pitch judged: the
initiative, a touchdown), :mod:`.engine` (``apply``: the toss, the placements, the kick-off,
the end of a turn, the defensive placement) and :mod:`.notation` (the one-line snapshot:
``parse_snapshot(snapshot(s)) == s``).

No sensor can follow the pieces (PB-A14): every event is a coach's report of one pitch
(:class:`Pitch`), judged and agreed by both coaches. Movement (PB-08, PB-11: the rings
1C/2C/3C of the movement table, a player on a line or an intersection), the kicking stance
(PB-05) and pieces touched in error (PB-12) are the coaches' judgement: they enter as the
``all_out`` and ``fall`` flags, or not at all. The engine tracks what coaches get wrong or
argue about: the kick-off order, the initiative, pieces turned over this turn, the turn's
one Pass and one Going All-Out, the bonus pitch owed, the announcement rules, why the
initiative was lost, the players off the field, and the touchdowns to 3.

Interpretations (the [I] rulings and the readings of ambiguities), each the default of a
named :class:`Options` field:

* ``end_turn`` (PB-34, PB-A1): ``"unless_def_placement"``: a coach may end his turn with
  :class:`EndTurn` (counts as END OF TURN), refused while the Defensive Placement rule is on.
  ``"always"``: allowed with the rule on too; ``"never"``: the text only (flick every piece).
* ``carrier_out`` (PB-35, PB-A5): ``"ball_out"``: a ball carrier leaving the field (not
  through the opposing end line) is OUT OF BOUNDS and BALL OUT: the opponent of the active
  coach gets the ball. ``"loose"``: only OUT OF BOUNDS; the ball is left loose where the
  carrier went out (``possession`` null) unless the coaches also report ``ball_out``.
  The option reads the pitch's ``carrier_out`` flag; the replay spec's own fields say the
  carrier left with ``ball_out`` while a piece carries the ball, which is OUT OF BOUNDS and
  BALL OUT under either option (the Ball was reported out). ``out_of_bounds`` may name the
  carrier's side or not: a carried Ball leaves the field only with its carrier, so a pitch
  whose ``out_of_bounds`` lacks his side counts him off the field all the same.
* ``foul_voids_touchdown`` (PB-36): True: a touchdown reported with a foul in the same pitch
  (FALL, a second All-Out, or a player out of bounds) is ignored -- the text wants a
  "proper" touchdown. False: it counts, and the foul costs nothing more.
* ``bonus_any_action`` (PB-A3): True: the bonus pitch is a full pitch and may be a Pass (the
  one-pass limit still applies) or a Hand Off. False: a Pass or Hand Off announced for the
  bonus pitch is refused. The passer counts as pitched either way (PB-A3).
* ``def_placement_before_bonus`` (PB-A11): False: no defensive placement between a
  successful Strip/Pick Up and its bonus pitch (the bonus "must be performed immediately").
  True: the window opens after that pitch too; the bonus pitch is still owed next.
* ``bonus_all_out_again`` (PB-09, this package's reading): True: the rulebook limits Going
  All-Out to "ONLY ONE PLAYER of the team" and makes "the second player" a foul, so the
  player who went All-Out may go All-Out again in its own bonus pitch. False: any second
  All-Out in the turn is the foul (the rulings' ``allOutUsed`` flag read strictly).

Where the text and rulings.md part ways, the rulebook wins:

* Going All-Out: the rulings' state model keeps one ``allOutUsed`` flag per turn, which
  would make the bonus pitch of the player who went All-Out a foul if it goes All-Out
  again. The text limits All-Out to one *player* and fouls "the second player", so that
  bonus pitch is allowed by default (``bonus_all_out_again``).
* Touchdown by an interceptor: PB-27 speaks of the scoring coach without saying whose
  pitch it is; the text's "receives the ball while in the end zone" covers an interceptor
  (he is replaced by a ball-carrier piece), so he scores.

Further readings this engine makes (no option; the rulebook decides or the engine cannot see):

* A FALL (PB-10) puts back what was improperly moved: the coaches report in the pitch only
  what stands after that (a Pick Up that touched the ball inside the allowed zone stands).
  The engine then applies the loss of initiative.
* A TOUCHDOWN is scored by the side carrying the ball after the pitch: the active team, or
  an opponent who intercepted the Pass while on the end line or in the end zone he attacks
  (the text: "it receives the ball while ... in the end zone"; an interceptor is replaced by
  a ball-carrier piece, so he receives it). Where the carrier was (PB-A4: a Pick Up or Strip
  inside the end zone scores only on touching or crossing the line) is the coaches' call
  when they press ``touchdown``.
* A TOUCHDOWN reported with ``ball_out`` stands (PB-36): the carrier crossing the opposing
  end line takes the Ball with him and is never out; ``ball_out`` adds nothing to it.
* Announced-action limits (PB-33): Strip and Pick Up once a turn each, counted on the
  announcement; Pass once (PB-22); Hand Off unlimited (PB-20).
* An announced action needs its ``result`` and an unannounced pitch has none: it is the
  simple action (PB-13): a Block, or a Clearance if it touched the Ball.
* The defensive placement window (PB-31) opens after each proper pitch of the active team
  (no loss of initiative, not owed a bonus unless ``def_placement_before_bonus``), for one
  placement, and closes at the next input. None opens after the pitch that ends the turn.
  The defender's pieces turned over this turn (placements and his pieces K.O.'d, PB-A12)
  cannot be placed again; a cancelled placement (PB-32) turns nothing over.
* END OF TURN (PB-29, PB-A13) comes when the pieces turned over (pitched players and own
  pieces K.O.'d, PB-26) reach the team's players on the field, ``11 - off_field``.
"""

from __future__ import annotations

from pitchside.core.face import score, status
from pitchside.core.sides import PerSide

from .engine import apply
from .notation import parse_snapshot, snapshot
from .queries import (
    can_end_turn,
    def_pieces_left,
    legal_inputs,
    on_field,
    outcome,
    pitches_left,
    to_act,
    turn,
)
from .state import (
    ANNOUNCES,
    MAX_ON_WING,
    MIN_ON_MARKER,
    PIECES,
    PLAYERS_ON_FIELD,
    RESULTS,
    RULES_VERSION,
    TOUCHDOWNS_TO_WIN,
    Announce,
    CarrierOutRule,
    Cause,
    Choose,
    CoinToss,
    DefPlacement,
    EndTurn,
    EndTurnRule,
    Input,
    Kickoff,
    Loss,
    Options,
    Phase,
    Pitch,
    Placement,
    Result,
    State,
    check_options,
    new_match,
)

__all__ = [
    "ANNOUNCES", "MAX_ON_WING", "MIN_ON_MARKER", "PIECES", "PLAYERS_ON_FIELD", "RESULTS",
    "RULES_VERSION", "TOUCHDOWNS_TO_WIN", "Announce", "CarrierOutRule", "Cause", "Choose",
    "CoinToss", "DefPlacement", "EndTurn", "EndTurnRule", "Input", "Kickoff", "Loss", "Options",
    "PerSide", "Phase", "Pitch", "Placement", "Result", "State", "apply", "can_end_turn",
    "check_options", "def_pieces_left", "legal_inputs", "new_match", "on_field", "outcome",
    "parse_snapshot", "pitches_left", "score", "snapshot", "status", "to_act", "turn",
]
