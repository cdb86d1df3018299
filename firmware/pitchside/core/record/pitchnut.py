"""Pitchnut's part of the replay format (docs/spec/replay.md, "Pitchnut").

Contract options: ``pieces`` (10), ``games`` (1), ``scratch_keeps_turn`` (false),
``miss_reshoot`` (false). Added options (the [I] rulings, see
:mod:`pitchside.core.rules.pitchnut`): ``break_poison_with_pieces``, ``early_poison``,
``turn_continues``, ``open_equal_continues``, ``paying_shot_continues``,
``bonus_on_assigning_shot``, ``players``.

Contract inputs: ``coin_toss`` (``winner``), ``breaker`` (``side``), ``shot`` (``white``,
``black``, ``poison``, ``pitch``, ``touched``, ``foul``, ``spot``). Added ``shot`` fields:
``white_off``, ``black_off`` (0) and ``poison_off`` (false): pieces knocked off the board
and put back at the centre (PN-A8); ``sensed`` (absent): the four pocket beams' counts,
``[n1, n2, n3, n4]``, kept beside what the players confirmed (the rules ignore it);
``by_hand`` (absent: none): the pocketed pieces entered by hand on the shot sheet, not
sensed, by kind (``["white"]``; the rules ignore it too; a kind the shot did not pocket
that many of is a malformed line).
A count of pieces is any integer from 0: more than the board has is well formed and
refused by the rules (PN-02), as the spec has it; ``touched: false`` with pieces or the
poison moved is a shot (the pitch may touch only the poison, not an object piece).

Contract output keys: ``game``, ``status``, ``winner``, ``score`` (games won), ``phase``,
``game_number``, ``turn``, ``colours``, ``pocketed``, ``owed``, ``bonus``,
``breaker_next``. Added: ``breaker`` (this game's breaker), ``toss_winner``,
``break_shot`` (the next shot is the break), ``on_board`` (object pieces per colour),
``on_poison`` (per side), ``shooter`` ("A1" in doubles), ``last_game`` (the cause of the
last finished game, with its rule ID) and ``result`` (the cause of the match's end).
"""

from __future__ import annotations

from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.record.codec import RulesCodec
from pitchside.core.rules import pitchnut as rules
from pitchside.core.words import pitchnut as words
from pitchside.core.sides import SIDES


def _check_by_hand(shot: rules.Shot) -> None:
    """:raises MalformedInput: ``by_hand`` names more pieces of a kind than the shot
    pocketed."""
    have = {"white": shot.white, "black": shot.black, "poison": int(shot.poison), "pitch": int(shot.pitch == "pocket")}
    for kind, n in have.items():
        if shot.by_hand.count(kind) > n:
            raise MalformedInput(
                f"input 'shot': 'by_hand' names {shot.by_hand.count(kind)} x {kind!r}, more than the shot pocketed ({n})"
            )


class PitchnutCodec(RulesCodec[rules.Options, rules.State, rules.Input]):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Pitchnut: options and
    inputs as their declarations in :mod:`pitchside.core.rules.pitchnut` give them."""

    name = "pitchnut"
    rules_version = rules.RULES_VERSION
    rules = rules
    words = words
    inputs = {"coin_toss": rules.CoinToss, "breaker": rules.Breaker, "shot": rules.Shot}

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_match(options)

    def check_input(self, inp: Any) -> None:
        """A shot's ``by_hand`` checked against what the shot has.

        :raises MalformedInput: a ``by_hand`` the shot cannot have.
        """
        if isinstance(inp, rules.Shot):
            _check_by_hand(inp)

    def output(self, state: rules.State) -> dict[str, Any]:
        shooting = state.phase == "shooting"
        return {
            **self.output_head(state),
            "game_number": state.game_number,
            "turn": state.turn,
            "colours": state.colours.as_dict(),
            "pocketed": state.pocketed.as_dict(),
            "owed": state.owed.as_dict(),
            "bonus": state.bonus,
            "breaker_next": state.breaker_next,
            "breaker": state.breaker,
            "toss_winner": state.toss_winner,
            "break_shot": shooting and state.is_break,
            "on_board": rules.on_board(state).as_dict(),
            "on_poison": {s: rules.is_on_poison(state, s) for s in SIDES},
            "shooter": rules.shooter(state),
            "last_game": self.cause_text(state.last_game.cause) if state.last_game else None,
            "result": self.result_text(state),
        }
