"""Pitch Bowl's part of the replay format (shared/spec/replay.md, "Pitch Bowl").

Contract option: ``defensive_placement`` (false). Added options (the interpretations, see
:mod:`pitchside.core.rules.pitchbowl`): ``end_turn`` (PB-34), ``carrier_out`` (PB-35),
``foul_voids_touchdown`` (PB-36), ``bonus_any_action`` (PB-A3),
``def_placement_before_bonus`` (PB-A11), ``bonus_all_out_again`` (PB-09).

Contract inputs: ``coin_toss``, ``choose``, ``placement``, ``kickoff``, ``pitch``,
``end_turn``, ``def_placement``, with the contract's fields and defaults. Added ``pitch``
fields: ``carrier_out`` (false): one of the ``out_of_bounds`` players carried the ball
(PB-35), an optional extra: the contract's ``ball_out`` with the carrier's side among
``out_of_bounds`` says it too (issue 13); ``ko_opponent`` (0): opposing pieces turned over
(PB-A12). A ``touchdown`` reported with ``ball_out`` stands (PB-36).

Contract output keys: ``phase``, ``active``, ``kicker``, ``possession``, ``pitched``,
``all_out_used``, ``pass_used``, ``bonus_pending``, ``off_field``, ``score``. Added:
``to_act`` (whose input the table waits for), ``toss_winner``, ``pitches_left``,
``last_loss`` (``{"side", "cause", "rule"}`` or null), ``def_placement`` (null with the
rule off, else ``{"open", "allowed", "pieces_left"}``) and ``result`` (the cause of the end,
with its rule ID).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.notice import Notice, Words
from pitchside.core.record.codec import RulesCodec
from pitchside.core.record.fields import Fields
from pitchside.core.rules import pitchbowl as rules
from pitchside.core.sides import SIDES, Side
from pitchside.core.words import pitchbowl as words

ANNOUNCES = ("strip", "pickup", "handoff", "pass")
RESULTS = ("success", "miss", "interception")
MAX_OUT = 2 * rules.PLAYERS_ON_FIELD
"""At most every player of both teams leaves the field in one pitch."""


class _PitchFields(Fields):
    """:class:`Fields` with the two shapes only Pitch Bowl has: a choice that may be null,
    and a list of sides."""

    def optional_choice(self, name: str, choices: tuple[str, ...]) -> str | None:
        value = self._get(name, None)
        if value is None:
            return None
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise MalformedInput(f"{self._what}: {name!r} must be null or one of {allowed}, not {value!r}")
        return str(value)

    def side_list(self, name: str, max_len: int) -> tuple[Side, ...]:
        value = self._get(name, [])
        if not isinstance(value, list) or len(value) > max_len:
            raise MalformedInput(
                f"{self._what}: {name!r} must be a list of at most {max_len} sides like [\"A\", \"B\"], not {value!r}"
            )
        for i, side in enumerate(value):
            if side not in SIDES:
                raise MalformedInput(f"{self._what}: {name}[{i}] must be 'A' or 'B', not {side!r}")
        return tuple(value)


class PitchBowlCodec(RulesCodec):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Pitch Bowl."""

    name = "pitchbowl"
    rules_version = rules.RULES_VERSION
    rules: Any = rules

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        """Pitch Bowl's words (:func:`pitchside.core.words.pitchbowl.describe`)."""
        return words.describe(notice, names)

    def parse_options(self, raw: Mapping[str, Any]) -> rules.Options:
        f = Fields(raw, "options")
        d = rules.Options()
        opts = rules.Options(
            defensive_placement=f.bool("defensive_placement", d.defensive_placement),
            end_turn=f.choice("end_turn", ("unless_def_placement", "always", "never"), d.end_turn),  # type: ignore[arg-type]
            carrier_out=f.choice("carrier_out", ("ball_out", "loose"), d.carrier_out),  # type: ignore[arg-type]
            foul_voids_touchdown=f.bool("foul_voids_touchdown", d.foul_voids_touchdown),
            bonus_any_action=f.bool("bonus_any_action", d.bonus_any_action),
            def_placement_before_bonus=f.bool("def_placement_before_bonus", d.def_placement_before_bonus),
            bonus_all_out_again=f.bool("bonus_all_out_again", d.bonus_all_out_again),
        )
        return f.done_options(opts, rules.check_options)

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_match(options)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> rules.Input:
        f = _PitchFields(fields, f"input {name!r}")
        inp: rules.Input
        if name == "coin_toss":
            inp = rules.CoinToss(f.side("winner"))
        elif name == "choose":
            inp = rules.Choose(f.choice("choice", ("kick", "receive")))  # type: ignore[arg-type]
        elif name == "placement":
            inp = rules.Placement(
                side=f.side("side"),
                players=f.int("players", rules.PLAYERS_ON_FIELD, 0, rules.PIECES),
                on_marker=f.int("on_marker", rules.MIN_ON_MARKER, 0, rules.PIECES),
                max_on_wing=f.int("max_on_wing", rules.MAX_ON_WING, 0, rules.PIECES),
                over_line=f.bool("over_line", False),
            )
        elif name == "kickoff":
            inp = rules.Kickoff(f.bool("landed", True))
        elif name == "pitch":
            inp = rules.Pitch(
                announce=f.optional_choice("announce", ANNOUNCES),  # type: ignore[arg-type]
                result=f.optional_choice("result", RESULTS),  # type: ignore[arg-type]
                all_out=f.bool("all_out", False),
                fall=f.bool("fall", False),
                clearance=f.bool("clearance", False),
                out_of_bounds=f.side_list("out_of_bounds", MAX_OUT),
                ball_out=f.bool("ball_out", False),
                touchdown=f.bool("touchdown", False),
                ko=f.int("ko", 0, 0, rules.PLAYERS_ON_FIELD),
                carrier_out=f.bool("carrier_out", False),
                ko_opponent=f.int("ko_opponent", 0, 0, rules.PLAYERS_ON_FIELD),
            )
        elif name == "end_turn":
            inp = rules.EndTurn()
        elif name == "def_placement":
            inp = rules.DefPlacement(f.bool("ok", True))
        else:
            raise MalformedInput(
                f"unknown input {name!r} for pitchbowl (coin_toss, choose, placement, kickoff, pitch, "
                "end_turn, def_placement, undo)"
            )
        f.done()
        return inp

    def input_to_json(self, inp: rules.Input) -> dict[str, Any]:
        if isinstance(inp, rules.CoinToss):
            return {"input": "coin_toss", "winner": inp.winner}
        if isinstance(inp, rules.Choose):
            return {"input": "choose", "choice": inp.choice}
        if isinstance(inp, rules.Placement):
            return {
                "input": "placement",
                "side": inp.side,
                "players": inp.players,
                "on_marker": inp.on_marker,
                "max_on_wing": inp.max_on_wing,
                "over_line": inp.over_line,
            }
        if isinstance(inp, rules.Kickoff):
            return {"input": "kickoff", "landed": inp.landed}
        if isinstance(inp, rules.EndTurn):
            return {"input": "end_turn"}
        if isinstance(inp, rules.DefPlacement):
            return {"input": "def_placement", "ok": inp.ok}
        out: dict[str, Any] = {"input": "pitch"}
        default = rules.Pitch()
        for key in (
            "announce",
            "result",
            "all_out",
            "fall",
            "clearance",
            "ball_out",
            "touchdown",
            "ko",
            "carrier_out",
            "ko_opponent",
        ):
            value = getattr(inp, key)
            if value != getattr(default, key):
                out[key] = value
        if inp.out_of_bounds:
            out["out_of_bounds"] = list(inp.out_of_bounds)
        return out

    def output(self, state: rules.State) -> dict[str, Any]:
        result = rules.outcome(state) if state.phase == "finished" else None
        loss = state.last_loss
        dp: dict[str, Any] | None = None
        if state.options.defensive_placement:
            dp = {
                "open": state.def_window,
                "allowed": state.def_allowed,
                "pieces_left": rules.def_pieces_left(state),
            }
        return {
            "game": self.name,
            "status": "finished" if state.phase == "finished" else "playing",
            "winner": result.winner if result else None,
            "score": state.score.as_dict(),
            "phase": state.phase,
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
            "result": f"{result.cause.rule}: {words.describe(result.cause, ('A', 'B')).long}" if result else None,
        }
