"""Pichenotte's part of the replay format (docs/spec/replay.md, "Pichenotte").

Contract options: ``players``, ``format``, ``pucks``. Added options (the [I] rulings,
see :mod:`pitchside.core.rules.pichenotte`): ``call_binds``, ``outer_line_on_free_shot``,
``first_shooter``, ``rounds_to_win``, ``max_rounds``, ``race_target``, ``race_scoring``,
``technique_foul``. Added ``shot`` fields: ``on_line`` (the ditched puck only touches the
outer line, PI-19), ``foul`` (PI-A7), and two records the rules ignore (for
sensor health): ``by_hand`` (absent: none), the pucks in the hole entered by hand on the panel, not
sensed, as a list of ``"twenty"`` (the shot puck) and sides (a knocked-in puck of that
side), e.g. ``["twenty"]``; ``withdrawn`` (0), counts of the twenty-hole beam the
players withdrew. A ``by_hand`` that names a puck the shot does not have (``"twenty"``
without ``twenty``, more ``"B"`` than ``knocked_in.B``) is a malformed line.
Added output keys: ``shooter`` ("A1" in doubles), ``first_shooter``, ``free_shot``,
``match_points`` (per-round points in rounds format or totals in race500, as ``score``)
and ``result`` (the cause of the end, with its rule ID: ``"PI-21: A has 4 round points and
the lead"``, worded by :mod:`pitchside.core.words.pichenotte` with the sides ``A`` and
``B``).
"""

from __future__ import annotations

from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.record.codec import RulesCodec
from pitchside.core.rules import pichenotte as rules
from pitchside.core.words import pichenotte as words


def _check_by_hand(shot: rules.Shot) -> None:
    """:raises MalformedInput: ``by_hand`` names a puck in the hole that the shot does
    not have."""
    have = {"twenty": int(shot.twenty), "A": shot.knocked_in.A, "B": shot.knocked_in.B}
    for what, n in have.items():
        if shot.by_hand.count(what) > n:
            field_name = "twenty" if what == "twenty" else f"knocked_in.{what}"
            raise MalformedInput(
                f"input 'shot': 'by_hand' names {shot.by_hand.count(what)} x {what!r}, "
                f"more than the shot's {field_name} ({n})"
            )


class PichenotteCodec(RulesCodec[rules.Options, rules.State, rules.Input]):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Pichenotte: options and
    inputs as their declarations in :mod:`pitchside.core.rules.pichenotte` give them."""

    name = "pichenotte"
    rules_version = rules.RULES_VERSION
    rules = rules
    words = words
    inputs = {"coin_toss": rules.CoinToss, "shot": rules.Shot, "tally": rules.Tally}

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_match(options)

    def check_input(self, inp: Any) -> None:
        """A shot's ``by_hand`` checked against what the shot has.

        :raises MalformedInput: a ``by_hand`` the shot cannot have.
        """
        if isinstance(inp, rules.Shot):
            _check_by_hand(inp)

    def output(self, state: rules.State) -> dict[str, Any]:
        return {
            **self.output_head(state),
            "round": state.round,
            "turn": state.turn,
            "hand": state.hand.as_dict(),
            "on_board": state.on_board.as_dict(),
            "rail": state.rail.as_dict(),
            "ditch": state.ditch.as_dict(),
            "round_scores": [rs.as_dict() for rs in state.round_scores],
            "shooter": rules.shooter(state),
            "first_shooter": state.first_shooter,
            "free_shot": rules.is_free_shot(state) if state.phase == "shooting" else None,
            "result": self.result_text(state),
        }

