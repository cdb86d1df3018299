"""Boulomania's part of the replay format (shared/spec/replay.md, "Boulomania").

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
from pitchside.core.notice import Notice, Words
from pitchside.core.record.codec import RulesCodec
from pitchside.core.record.fields import _MISSING, Fields
from pitchside.core.rules import boulomania as rules
from pitchside.core.words import boulomania as words

FORKS = ("straight", "diagonal")


def _required(f: Fields, name: str) -> Any:
    """A required field's raw value (Fields has no accessor for dice, lists of choices
    or a space-or-"jack"); :raises MalformedInput: it is missing."""
    return f._get(name, _MISSING)  # noqa: SLF001


def _optional(f: Fields, name: str, default: Any) -> Any:
    return f._get(name, default)  # noqa: SLF001


def _die(what: str, name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(f"{what}: {name!r} must be a die value (an integer 1..6), not {value!r}")
    if not 1 <= value <= 6:
        raise MalformedInput(f"{what}: {name!r} is {value}, not a die value 1..6")
    return value


def _forks(f: Fields, what: str) -> tuple[rules.Fork, ...]:
    value = _optional(f, "forks", [])
    if not isinstance(value, list):
        raise MalformedInput(f"{what}: 'forks' must be a list of 'straight'/'diagonal', not {value!r}")
    for i, v in enumerate(value):
        if v not in FORKS:
            raise MalformedInput(f"{what}: forks[{i}] must be 'straight' or 'diagonal', not {v!r}")
    return tuple(value)


def _team(f: Fields) -> Any:
    value = _optional(f, "team", None)
    if value is None:
        return None
    return f.side("team")


class BoulomaniaCodec(RulesCodec):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Boulomania."""

    name = "boulomania"
    rules_version = rules.RULES_VERSION
    rules: Any = rules

    def parse_options(self, raw: Mapping[str, Any]) -> rules.Options:
        f = Fields(raw, "options")
        d = rules.Options()
        opts = rules.Options(
            target=f.int("target", d.target, 1, 99),
            bowls=f.int("bowls", d.bowls, 1, 8),
            double_jack_space=f.choice("double_jack_space", ("any", "push_only"), d.double_jack_space),  # type: ignore[arg-type]
            push_optional=f.bool("push_optional", d.push_optional),
            fork_chooser=f.choice("fork_chooser", ("thrower", "owner"), d.fork_chooser),  # type: ignore[arg-type]
            rethrow_after_clear=f.bool("rethrow_after_clear", d.rethrow_after_clear),
            null_round_starter=f.choice("null_round_starter", ("same", "other"), d.null_round_starter),  # type: ignore[arg-type]
            shoot_own=f.bool("shoot_own", d.shoot_own),
            kiss_jack_last_row=f.choice("kiss_jack_last_row", ("stays", "out"), d.kiss_jack_last_row),  # type: ignore[arg-type]
            jack_out_both=f.choice("jack_out_both", ("null", "own_bowls"), d.jack_out_both),  # type: ignore[arg-type]
        )
        return f.done_options(opts, rules.check_options)

    def options_to_json(self, options: rules.Options) -> dict[str, Any]:
        return {
            "target": options.target,
            "bowls": options.bowls,
            "double_jack_space": options.double_jack_space,
            "push_optional": options.push_optional,
            "fork_chooser": options.fork_chooser,
            "rethrow_after_clear": options.rethrow_after_clear,
            "null_round_starter": options.null_round_starter,
            "shoot_own": options.shoot_own,
            "kiss_jack_last_row": options.kiss_jack_last_row,
            "jack_out_both": options.jack_out_both,
        }

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_game(options)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> rules.Input:
        what = f"input {name!r}"
        f = Fields(fields, what)
        inp: rules.Input
        if name == "start_roll":
            inp = rules.StartRoll(_die(what, "A", _required(f, "A")), _die(what, "B", _required(f, "B")))
        elif name == "jack_roll":
            inp = rules.JackRoll(_die(what, "die", _required(f, "die")))
        elif name == "point":
            dice = _required(f, "dice")
            if not isinstance(dice, list) or len(dice) not in (2, 3):
                raise MalformedInput(f"{what}: 'dice' must be a list of 2 or 3 die values, not {dice!r}")
            values = tuple(_die(what, f"dice[{i}]", v) for i, v in enumerate(dice))
            jack_space, if_free = f.bool("jack_space", False), f.bool("jack_space_if_free", False)
            if jack_space and if_free:
                raise MalformedInput(f"{what}: 'jack_space' and 'jack_space_if_free' cannot both be true")
            inp = rules.Point(
                dice=values,
                jack_space=jack_space,
                forks=_forks(f, what),
                team=_team(f),
                push=f.bool("push", True),
                jack_space_if_free=if_free,
            )
        elif name == "shoot":
            target = _required(f, "target")
            if target != "jack" and (
                isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= rules.SPACES
            ):
                raise MalformedInput(f"{what}: 'target' must be a space 1..18 or \"jack\", not {target!r}")
            inp = rules.Shoot(
                target=target, die=_die(what, "die", _required(f, "die")), forks=_forks(f, what), team=_team(f)
            )
        else:
            raise MalformedInput(
                f"unknown input {name!r} for boulomania (start_roll, jack_roll, point, shoot, undo)"
            )
        f.done()
        return inp

    def input_to_json(self, inp: rules.Input) -> dict[str, Any]:
        if isinstance(inp, rules.StartRoll):
            return {"input": "start_roll", "A": inp.A, "B": inp.B}
        if isinstance(inp, rules.JackRoll):
            return {"input": "jack_roll", "die": inp.die}
        out: dict[str, Any]
        if isinstance(inp, rules.Point):
            out = {"input": "point", "dice": list(inp.dice)}
            if inp.jack_space:
                out["jack_space"] = True
            if not inp.push:
                out["push"] = False
            if inp.jack_space_if_free:
                out["jack_space_if_free"] = True
        else:
            out = {"input": "shoot", "target": inp.target, "die": inp.die}
        if inp.forks:
            out["forks"] = list(inp.forks)
        if inp.team is not None:
            out["team"] = inp.team
        return out

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        """Boulomania's words (:func:`pitchside.core.words.boulomania.describe`)."""
        return words.describe(notice, names)

    def output(self, state: rules.State) -> dict[str, Any]:
        result = rules.outcome(state) if state.phase == "finished" else None
        cause = f"{result.cause.rule}: {words.describe(result.cause, ('A', 'B')).long}" if result else None
        return {
            "game": self.name,
            "status": "finished" if state.phase == "finished" else "playing",
            "winner": result.winner if result else None,
            "score": state.score.as_dict(),
            "phase": state.phase,
            "round": state.round,
            "jack": state.jack,
            "board": {str(s): state.at(s) for s in rules.bowls_on_board(state)},
            "hand": state.hand.as_dict(),
            "to_play": state.to_play,
            "starter": state.starter,
            "holder": rules.holder(state),
            "pocket": state.pocket.as_dict(),
            "round_scores": [rs.as_dict() for rs in state.round_scores],
            "result": cause,
        }
