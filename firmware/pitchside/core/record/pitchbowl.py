"""Pitch Bowl's part of the replay format (docs/spec/replay.md, "Pitch Bowl").

Contract option: ``defensive_placement`` (false). Added options (the interpretations, see
:mod:`pitchside.core.rules.pitchbowl`): ``end_turn`` (PB-34), ``carrier_out`` (PB-35),
``foul_voids_touchdown`` (PB-36), ``bonus_any_action`` (PB-A3),
``def_placement_before_bonus`` (PB-A11), ``bonus_all_out_again`` (PB-09).

Contract inputs: ``coin_toss``, ``choose``, ``placement``, ``kickoff``, ``pitch``,
``end_turn``, ``def_placement``, with the contract's fields and defaults. Added ``pitch``
fields: ``carrier_out`` (false): one of the ``out_of_bounds`` players carried the ball
(PB-35), an optional extra: the contract's ``ball_out`` while a piece carries the ball says
it too, the carrier's side listed among ``out_of_bounds`` or not (a carried Ball leaves the
field only with its carrier: OUT OF BOUNDS and BALL OUT, PB-35, PB-A5); ``ko_opponent``
(0): opposing pieces turned over (PB-A12). A ``touchdown`` reported with ``ball_out``
stands (PB-36).

Contract output keys: ``phase``, ``active``, ``kicker``, ``possession``, ``pitched``,
``all_out_used``, ``pass_used``, ``bonus_pending``, ``off_field``, ``score``. Added:
``to_act`` (whose input the table waits for), ``toss_winner``, ``pitches_left``,
``last_loss`` (``{"side", "cause", "rule"}`` or null), ``def_placement`` (null with the
rule off, else ``{"open", "allowed", "pieces_left"}``) and ``result`` (the cause of the end,
with its rule ID).
"""

from __future__ import annotations

from typing import Any

from pitchside.core.record.codec import RulesCodec
from pitchside.core.rules import pitchbowl as rules
from pitchside.core.words import pitchbowl as words

ANNOUNCES = rules.ANNOUNCES
RESULTS = rules.RESULTS


class PitchBowlCodec(RulesCodec[rules.Options, rules.State, rules.Input]):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Pitch Bowl: options and
    inputs as their declarations in :mod:`pitchside.core.rules.pitchbowl` give them."""

    name = "pitchbowl"
    rules_version = rules.RULES_VERSION
    rules = rules
    words = words
    inputs = {"coin_toss": rules.CoinToss, "choose": rules.Choose, "placement": rules.Placement,
              "kickoff": rules.Kickoff, "pitch": rules.Pitch, "end_turn": rules.EndTurn,
              "def_placement": rules.DefPlacement}

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_match(options)

    def output(self, state: rules.State) -> dict[str, Any]:
        loss = state.last_loss
        dp: dict[str, Any] | None = None
        if state.options.defensive_placement:
            dp = {
                "open": state.def_window,
                "allowed": state.def_allowed,
                "pieces_left": rules.def_pieces_left(state),
            }
        return {
            **self.output_head(state),
            "active": state.active,
            "kicker": state.kicker,
            "possession": state.possession,
            "pitched": state.pitched,
            "all_out_used": state.all_out_used,
            "pass_used": state.pass_used,
            "bonus_pending": state.bonus_pending,
            "off_field": state.off_field.as_dict(),
            "to_act": rules.to_act(state),
            "toss_winner": state.toss_winner,
            "pitches_left": rules.pitches_left(state),
            "last_loss": {"side": loss.side, "cause": loss.cause, "rule": loss.rule} if loss else None,
            "def_placement": dp,
            "result": self.result_text(state),
        }
