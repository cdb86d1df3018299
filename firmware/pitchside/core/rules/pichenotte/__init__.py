"""Pichenotte: the rules engine (pure).

Source: the rules as the table referees them, ``docs/rules/pichenotte.md``: the numbered
rules PI-01 to PI-23 (restating pichenotte.com's beginner rules 1-9) and the rulings
PI-A1 to PI-A9. Every rule ID cited in this package is from there. The engine does no I/O and reads no clock or random source: the coin toss
enters as a :class:`CoinToss` carrying its winner, so a match is a deterministic fold of
its inputs (:func:`apply`).

Modules: :mod:`.state` (options, inputs, state, a new match), :mod:`.engine` (``apply``,
the queries, the outcome and the typed face) and :mod:`.notation` (the one-line snapshot:
``parse_snapshot(snapshot(s)) == s``).

Interpretations (the [I] rulings), each the default of a named :class:`Options` field:

* ``call_binds`` (PI-17, PI-A1): with a called twenty the shot is legal only if the shot
  puck drops; contact does not rescue a failed call. False: the call is declarative
  (legal with contact or a twenty).
* PI-18 (PI-A2): "one of your pucks must make contact" means any of the shooter's pucks,
  combinations included; on failure only the *shot* puck goes to the ditch. The players
  answer the contact question (``Shot.contact``) with that meaning; the engine removes
  only the shot puck.
* ``outer_line_on_free_shot`` (PI-19): rule 8's outer line applies to free shots too.
  False: a free shot's puck resting on the outer line (``Shot.on_line``) stays on the
  board; one that went into the ditch is in the ditch either way (PI-07).
* ``technique_foul`` (PI-A7): False (default): illegal technique (PI-04) has no penalty
  and a ``foul`` shot is refused. True: the referee may call ``foul``; the shot puck goes
  to the ditch like a failed objective (a twenty it made does not count).
* ``first_shooter`` (PI-20, PI-A5): ``"alternate"`` (round 1 by coin toss, then
  alternating) or ``"toss_winner"`` (the toss winner starts every round). Doubles: order
  A1, B1, A2, B2 (PI-A6): teams alternate, partners alternate within a team.
* ``max_rounds`` (PI-21, PI-A3): None: the match goes on past 7 rounds after ties until a
  side has ``rounds_to_win`` round points and more than the other. A number: the match
  also stops after that many rounds, a draw if the points are level.
* ``race_scoring`` (PI-22, PI-A4): ``"raw"``: each round's raw points add to each side's
  total; ``"cancellation"``: only the round winner scores, the difference.

What the table cannot sense (PI-A8) enters through :class:`Shot` fields confirmed by the
players: contact, the shot puck in the ditch, pucks knocked off. The twenty hole is sensed.

Notices and refusals are values (:class:`pitchside.core.notice.Notice`: rule ID, code,
parameters; sides as ``"A"``/``"B"``, counts, points), never prose: their words are in
:mod:`pitchside.core.words.pichenotte`. The codes, by rule:

* notices (``Step.effects``): PI-20 ``toss_won`` (side), ``round_starts`` (round, side);
  PI-08 ``twenty`` (side, points); PI-11 ``knocked_in`` (side, count, points); PI-13
  ``knocked_off`` (side, count); PI-13/PI-19 ``shot_ditched`` (side); PI-17
  ``call_missed`` (side); PI-06 ``no_contact`` (side); PI-A7 ``foul`` (side); PI-03
  ``count_zones``; PI-14 ``round_won`` (round, side, points, other_points); PI-16
  ``round_tied`` (round, points); the outcome's rule ``match_won`` (side) or
  ``match_drawn``.
* refusals (``IllegalInput.notice``): PI-15 ``match_over``; PI-20 ``toss_first``,
  ``toss_done``; PI-03 ``pucks_all_shot``, ``tally_too_early``; PI-11
  ``twenty_and_ditched``; PI-13 ``on_line_not_ditched``, ``too_many_moved`` (side,
  on_board, moved); PI-A7 ``foul_not_penalised``; PI-18 ``contact_implied`` (side: whose
  pucks moved); PI-10 ``counts_mismatch`` (side, on_board, counted).
* outcome causes (:func:`outcome`): PI-21 ``rounds_won`` (side, points),
  ``leads_after_max_rounds`` (side, rounds), ``drawn_after_max_rounds`` (rounds); PI-22
  ``race_won`` (side, target).
"""

from __future__ import annotations

from .engine import (
    INPUT_NAMES,
    apply,
    fmt_points,
    is_free_shot,
    legal_inputs,
    match_score,
    outcome,
    refusal,
    round_points,
    score,
    shooter,
    status,
    turn,
)
from .notation import parse_snapshot, snapshot
from .state import (
    MAX_PUCKS,
    RULES_VERSION,
    TWENTY_POINTS,
    ZONE_POINTS,
    CoinToss,
    Input,
    Options,
    Phase,
    Shot,
    State,
    Tally,
    check_options,
    new_match,
)

__all__ = [
    "INPUT_NAMES", "MAX_PUCKS", "RULES_VERSION", "TWENTY_POINTS", "ZONE_POINTS", "CoinToss",
    "Input", "Options", "Phase", "Shot", "State", "Tally", "apply", "check_options", "fmt_points",
    "is_free_shot", "legal_inputs", "match_score", "new_match", "outcome", "parse_snapshot",
    "refusal", "round_points", "score", "shooter", "snapshot", "status", "turn",
]
