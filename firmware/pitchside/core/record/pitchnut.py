"""Pitchnut's part of the replay format (shared/spec/replay.md, "Pitchnut").

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

from collections.abc import Mapping
from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.notice import Notice, Words
from pitchside.core.record.codec import RulesCodec
from pitchside.core.record.fields import Fields
from pitchside.core.rules import pitchnut as rules
from pitchside.core.sides import SIDES
from pitchside.core.words import pitchnut as words

MAX_PIECES = rules.MAX_PIECES


def _optional_choice(f: Fields, name: str, choices: tuple[str, ...]) -> Any:
    """A field that is null (the default) or one of ``choices``."""
    value = f.choice(name, (None, *choices), None)  # type: ignore[arg-type]
    return None if value == "None" else value


def cause_text(cause: Notice) -> str:
    """A game's cause as the output's ``last_game`` and ``result`` give it:
    ``"PN-31: A sank the poison alone and wins"`` (rule ID, then the long words with the
    sides as ``A`` and ``B``)."""
    return f"{cause.rule}: {words.describe(cause, ('A', 'B')).long}"


def _sensed(f: Fields) -> tuple[int, int, int, int] | None:
    """The added ``sensed`` field: pieces the four pocket beams counted, ``[n1, n2, n3, n4]``
    (absent: not recorded)."""
    counts = f.optional_int_list("sensed", 4, 99)
    return None if counts is None else (counts[0], counts[1], counts[2], counts[3])


BY_HAND_KINDS = ("white", "black", "poison", "pitch")
"""What a piece entered by hand can be."""


def _check_by_hand(shot: rules.Shot) -> None:
    """:raises MalformedInput: ``by_hand`` names more pieces of a kind than the shot
    pocketed."""
    have = {"white": shot.white, "black": shot.black, "poison": int(shot.poison), "pitch": int(shot.pitch == "pocket")}
    for kind, n in have.items():
        if shot.by_hand.count(kind) > n:
            raise MalformedInput(
                f"input 'shot': 'by_hand' names {shot.by_hand.count(kind)} x {kind!r}, more than the shot pocketed ({n})"
            )


class PitchnutCodec(RulesCodec):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Pitchnut."""

    name = "pitchnut"
    rules_version = rules.RULES_VERSION
    rules: Any = rules

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        return words.describe(notice, names)

    def parse_options(self, raw: Mapping[str, Any]) -> rules.Options:
        f = Fields(raw, "options")
        d = rules.Options()
        opts = rules.Options(
            pieces=f.int("pieces", d.pieces, 1, MAX_PIECES),
            games=f.int("games", d.games, 1, 99),
            scratch_keeps_turn=f.bool("scratch_keeps_turn", d.scratch_keeps_turn),
            miss_reshoot=f.bool("miss_reshoot", d.miss_reshoot),
            break_poison_with_pieces=f.choice(  # type: ignore[arg-type]
                "break_poison_with_pieces", ("win", "loss"), d.break_poison_with_pieces
            ),
            early_poison=f.choice("early_poison", ("loss", "respot"), d.early_poison),  # type: ignore[arg-type]
            turn_continues=f.choice(  # type: ignore[arg-type]
                "turn_continues", ("any_piece", "more_own"), d.turn_continues
            ),
            open_equal_continues=f.bool("open_equal_continues", d.open_equal_continues),
            paying_shot_continues=f.bool("paying_shot_continues", d.paying_shot_continues),
            bonus_on_assigning_shot=f.bool("bonus_on_assigning_shot", d.bonus_on_assigning_shot),
            players=f.choice("players", ("singles", "doubles"), d.players),  # type: ignore[arg-type]
        )
        return f.done_options(opts, rules.check_options)


    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_match(options)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> rules.Input:
        f = Fields(fields, f"input {name!r}")
        inp: rules.Input
        if name == "coin_toss":
            inp = rules.CoinToss(f.side("winner"))
        elif name == "breaker":
            inp = rules.Breaker(f.side("side"))
        elif name == "shot":
            inp = rules.Shot(
                white=f.int("white", 0, 0),
                black=f.int("black", 0, 0),
                poison=f.bool("poison", False),
                pitch=_optional_choice(f, "pitch", ("pocket", "off")),
                touched=f.bool("touched", True),
                foul=f.bool("foul", False),
                spot=_optional_choice(f, "spot", ("white", "black")),
                white_off=f.int("white_off", 0, 0),
                black_off=f.int("black_off", 0, 0),
                poison_off=f.bool("poison_off", False),
                sensed=_sensed(f),
                by_hand=f.choice_list("by_hand", BY_HAND_KINDS, 2 * MAX_PIECES + 2),
            )
            _check_by_hand(inp)
        else:
            raise MalformedInput(f"unknown input {name!r} for pitchnut (coin_toss, breaker, shot, undo)")
        f.done()
        return inp

    def input_to_json(self, inp: rules.Input) -> dict[str, Any]:
        if isinstance(inp, rules.CoinToss):
            return {"input": "coin_toss", "winner": inp.winner}
        if isinstance(inp, rules.Breaker):
            return {"input": "breaker", "side": inp.side}
        out: dict[str, Any] = {"input": "shot"}
        default = rules.Shot()
        for key in ("white", "black", "poison", "pitch", "touched", "foul", "spot", "white_off", "black_off",
                    "poison_off"):
            value = getattr(inp, key)
            if value != getattr(default, key):
                out[key] = value
        if inp.sensed is not None:
            out["sensed"] = list(inp.sensed)
        if inp.by_hand:
            out["by_hand"] = list(inp.by_hand)
        return out


    def output(self, state: rules.State) -> dict[str, Any]:
        result = rules.outcome(state) if state.phase == "finished" else None
        shooting = state.phase == "shooting"
        return {
            "game": self.name,
            "status": rules.status(state),
            "winner": result.winner if result else None,
            "score": state.score.as_dict(),
            "phase": state.phase,
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
            "last_game": cause_text(state.last_game.cause) if state.last_game else None,
            "result": cause_text(result.cause) if result else None,
        }
