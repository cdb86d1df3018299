"""Boulomania's part of the replay format (docs/spec/replay.md, "Boulomania").

Contract options: ``target`` (13), ``bowls`` (8). Added options (the [I] rulings, see
:mod:`pitchside.core.rules.boulomania`): ``double_jack_space``, ``push_optional``,
``fork_chooser``, ``rethrow_after_clear``, ``null_round_starter``, ``shoot_own``,
``kiss_jack_last_row``, ``jack_out_both``.

Contract inputs: ``start_roll`` (``A``, ``B``), ``jack_roll`` (``die``), ``point``
(``dice``, ``jack_space``, ``forks``), ``shoot`` (``target``, ``die``, ``forks``).
Added fields: ``team`` on ``point`` and ``shoot`` (null: the team to play; another team
is refused as out of turn, BM-12), ``push`` on ``point`` (true; false declines a push
with option ``push_optional``, BM-10) and ``jack_space_if_free`` on ``point`` (false;
true: the jack space was declared before the roll, if the throw allows it, BM-07; the
table writes it only when the double could not take the jack space, so the line folds
the same for a reader that knows only the contract's fields; not with ``jack_space``).
Every die is 1..6: a 7 is a malformed line.

Output keys (contract): ``phase``, ``round``, ``jack``, ``board`` (bowls only, ``{"11":
"A"}``; the jack is ``jack``), ``hand``, ``to_play``, ``starter``, ``holder``, ``score``.
Added: ``pocket`` (bowls taken out this round), ``round_scores`` (each finished round's
points) and ``result`` (the cause of the end, with its rule ID).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.record.codec import RulesCodec
from pitchside.core.record.fields import Fields
from pitchside.core.rules import boulomania as rules
from pitchside.core.words import boulomania as words


class BoulomaniaCodec(RulesCodec[rules.Options, rules.State, rules.Input]):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Boulomania: options and
    inputs as their declarations in :mod:`pitchside.core.rules.boulomania` give them, but
    for a ``shoot``'s ``target`` (a space or ``"jack"``) and a ``point``'s two ways to
    the jack space, which cannot both be true."""

    name = "boulomania"
    rules_version = rules.RULES_VERSION
    rules = rules
    words = words
    inputs = {"start_roll": rules.StartRoll, "jack_roll": rules.JackRoll, "point": rules.Point,
              "shoot": rules.Shoot}

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_game(options)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> rules.Input:
        cls = self.input_class(name)
        if cls is rules.Point:
            f = Fields(fields, f"input {name!r}")
            values = f.values(rules.Point)
            f.done()
            if values["jack_space"] and values["jack_space_if_free"]:
                raise MalformedInput(f"{f.what}: 'jack_space' and 'jack_space_if_free' cannot both be true")
            return rules.Point(**values)
        if cls is rules.Shoot:
            f = Fields(fields, f"input {name!r}")
            target = f.take("target")
            if target != rules.JACK and (
                isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= rules.SPACES
            ):
                raise MalformedInput(f"{f.what}: 'target' must be a space 1..18 or \"jack\", not {target!r} (BM-19)")
            inp: rules.Shoot = f.read(rules.Shoot, target=target)
            f.done()
            return inp
        result: rules.Input = super().parse_input(name, fields)
        return result

    def output(self, state: rules.State) -> dict[str, Any]:
        return {
            **self.output_head(state),
            "round": state.round,
            "jack": state.jack,
            "board": {str(s): state.at(s) for s in rules.bowls_on_board(state)},
            "hand": state.hand.as_dict(),
            "to_play": state.to_play,
            "starter": state.starter,
            "holder": rules.holder(state),
            "pocket": state.pocket.as_dict(),
            "round_scores": [rs.as_dict() for rs in state.round_scores],
            "result": self.result_text(state),
        }
