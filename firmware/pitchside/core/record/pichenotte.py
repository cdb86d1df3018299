"""Pichenotte's part of the replay format (shared/spec/replay.md, "Pichenotte").

Contract options: ``players``, ``format``, ``pucks``. Added options (the [I] rulings,
see :mod:`pitchside.core.rules.pichenotte`): ``call_binds``, ``outer_line_on_free_shot``,
``first_shooter``, ``rounds_to_win``, ``max_rounds``, ``race_target``, ``race_scoring``,
``technique_foul``. Added ``shot`` fields: ``on_line`` (the ditched puck only touches the
outer line, PI-19), ``foul`` (PI-A7), and two records the rules ignore (issue 13 item
6): ``by_hand`` (absent: none), the pucks in the hole entered by hand on the panel, not
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

from collections.abc import Mapping
from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.notice import Notice, Words
from pitchside.core.record.codec import RulesCodec
from pitchside.core.record.fields import Fields
from pitchside.core.rules import pichenotte as rules
from pitchside.core.words import pichenotte as words

MAX_PUCKS = 50


def _json_number(x: float) -> int | float:
    return int(x) if x == int(x) else x


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


class PichenotteCodec(RulesCodec):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Pichenotte."""

    name = "pichenotte"
    rules_version = rules.RULES_VERSION
    rules: Any = rules

    def parse_options(self, raw: Mapping[str, Any]) -> rules.Options:
        f = Fields(raw, "options")
        d = rules.Options()
        opts = rules.Options(
            players=f.choice("players", ("singles", "doubles"), d.players),  # type: ignore[arg-type]
            format=f.choice("format", ("rounds", "race500"), d.format),  # type: ignore[arg-type]
            pucks=f.int("pucks", d.pucks, 1, MAX_PUCKS),
            call_binds=f.bool("call_binds", d.call_binds),
            outer_line_on_free_shot=f.bool("outer_line_on_free_shot", d.outer_line_on_free_shot),
            first_shooter=f.choice("first_shooter", ("alternate", "toss_winner"), d.first_shooter),  # type: ignore[arg-type]
            rounds_to_win=f.int("rounds_to_win", d.rounds_to_win, 1, 99),
            max_rounds=f.optional_int("max_rounds", 1, 999),
            race_target=f.int("race_target", d.race_target, 1, 100_000),
            race_scoring=f.choice("race_scoring", ("raw", "cancellation"), d.race_scoring),  # type: ignore[arg-type]
            technique_foul=f.bool("technique_foul", d.technique_foul),
        )
        return f.done_options(opts, rules.check_options)

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_match(options)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> rules.Input:
        f = Fields(fields, f"input {name!r}")
        inp: rules.Input
        if name == "coin_toss":
            inp = rules.CoinToss(f.side("winner"))
        elif name == "shot":
            inp = rules.Shot(
                called=f.bool("called", False),
                contact=f.bool("contact", True),
                twenty=f.bool("twenty", False),
                ditched=f.bool("ditched", False),
                knocked_in=f.per_side_counts("knocked_in", MAX_PUCKS),
                knocked_off=f.per_side_counts("knocked_off", MAX_PUCKS),
                on_line=f.bool("on_line", False),
                foul=f.bool("foul", False),
                by_hand=f.choice_list("by_hand", ("twenty", "A", "B"), 1 + 2 * MAX_PUCKS),
                withdrawn=f.int("withdrawn", 0, 0, 999),
            )
            _check_by_hand(inp)
        elif name == "tally":
            a = f.int_list("A", 3, MAX_PUCKS)
            b = f.int_list("B", 3, MAX_PUCKS)
            inp = rules.Tally((a[0], a[1], a[2]), (b[0], b[1], b[2]))
        else:
            raise MalformedInput(f"unknown input {name!r} for pichenotte (coin_toss, shot, tally, undo)")
        f.done()
        return inp

    def input_to_json(self, inp: rules.Input) -> dict[str, Any]:
        if isinstance(inp, rules.CoinToss):
            return {"input": "coin_toss", "winner": inp.winner}
        if isinstance(inp, rules.Tally):
            return {"input": "tally", "A": list(inp.A), "B": list(inp.B)}
        out: dict[str, Any] = {"input": "shot"}
        if inp.called:
            out["called"] = True
        if not inp.contact:
            out["contact"] = False
        if inp.twenty:
            out["twenty"] = True
        if inp.ditched:
            out["ditched"] = True
        if inp.on_line:
            out["on_line"] = True
        if inp.foul:
            out["foul"] = True
        for key, ps in (("knocked_in", inp.knocked_in), ("knocked_off", inp.knocked_off)):
            counts = {s: n for s, n in ps.as_dict().items() if n}
            if counts:
                out[key] = counts
        if inp.by_hand:
            out["by_hand"] = list(inp.by_hand)
        if inp.withdrawn:
            out["withdrawn"] = inp.withdrawn
        return out

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        return words.describe(notice, names)

    def output(self, state: rules.State) -> dict[str, Any]:
        result = rules.outcome(state) if state.phase == "finished" else None
        score = rules.match_score(state)
        return {
            "game": self.name,
            "status": "finished" if state.phase == "finished" else "playing",
            "winner": result.winner if result else None,
            "score": {s: _json_number(v) for s, v in score.as_dict().items()},
            "phase": state.phase,
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
            "result": f"{result.cause.rule}: {words.describe(result.cause, ('A', 'B')).long}" if result else None,
        }

