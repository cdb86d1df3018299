"""Master Move's part of the replay format (shared/spec/replay.md, "Master Move").

Contract options: ``changes`` (``"per_restart"``|``"carry_over"``), ``white_area`` (a
list of squares), ``grass`` (``"checkerboard"``). Added options (the [I] rulings, see
:mod:`pitchside.core.rules.mastermove`): ``grass`` may also be ``"stripes"`` or a list of
9 strings of 16 ``0``/``1``; ``first_mover`` (``"coin_toss"``, ``"A"``, ``"B"``),
``stalemate_refuse`` (5 or 6), ``stalemate_count`` (``"any"``, ``"consecutive"``),
``max_changes`` (0..4).

Inputs as the contract writes them: ``lineup`` (``side``, ``pieces`` by kind; a kind
left out is an empty list, so a short line-up is refused by MM-05, not malformed),
``coin_toss`` (``winner``), ``move`` (``from``, ``to``), ``change`` (``side``, ``from``,
``to``), ``restart``, ``quit`` (``side``). A square that is not A1..I16 is malformed.

Output keys: ``phase``, ``to_move``, ``position``, ``changes_used``, ``restarting``,
``score`` as the contract has them; added: ``change_credit`` (changes each side may
still make in this changes phase), ``kickoff`` (the last kick-off line-up, shaped like
``position``), ``snapshot`` (the one-line state, :mod:`...rules.mastermove.notation`),
``legal_moves`` (the number of legal moves of the side to move, 0 outside play) and
``result`` (the cause of the end with its rule ID, worded by
:mod:`pitchside.core.words.mastermove`: ``"MM-15: A scored 3 Moves"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.notice import Notice, Words
from pitchside.core.record.codec import RulesCodec
from pitchside.core.record.fields import Fields
from pitchside.core.rules import mastermove as rules
from pitchside.core.rules.mastermove.notation import options_to_dict
from pitchside.core.words import mastermove as words

INPUTS = "lineup, coin_toss, move, change, restart, quit, undo"


_MISSING = object()


def _take(raw: dict[str, Any], name: str, what: str, default: Any = _MISSING) -> Any:
    """Remove and return field ``name`` of ``raw`` (the fields :class:`Fields` has no
    accessor for: squares, the pieces object, the white area and grass).

    :raises MalformedInput: it is missing and has no default.
    """
    if name in raw:
        return raw.pop(name)
    if default is _MISSING:
        raise MalformedInput(f"{what}: missing field {name!r}")
    return default


def _square_value(what: str, name: str, value: Any) -> int:
    try:
        return rules.square(value)
    except ValueError:
        raise MalformedInput(f"{what}: {name!r} must be a square A1..I16, not {value!r}") from None


def _board_json(board: rules.Board) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {"A": {}, "B": {}}
    for sq, piece in board.pieces():
        out[piece.side][rules.square_name(sq)] = piece.kind
    return out


class MasterMoveCodec(RulesCodec):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Master Move."""

    name = "mastermove"
    rules_version = rules.RULES_VERSION
    rules: Any = rules

    def parse_options(self, raw: Mapping[str, Any]) -> rules.Options:
        rest = dict(raw)
        d = rules.Options()
        white = _take(rest, "white_area", "options", list(d.white_area))
        if not isinstance(white, list):
            raise MalformedInput(f"options: 'white_area' must be a list of squares, not {white!r}")
        for i, w in enumerate(white):
            _square_value("options", f"white_area[{i}]", w)
        grass = _take(rest, "grass", "options", d.grass)
        if isinstance(grass, list):
            if not all(isinstance(row, str) for row in grass):  # e.g. a list of lists (issue 13 item 9)
                raise MalformedInput(
                    "options: 'grass' must be 9 strings (rows A-I) of 16 characters '0' or '1', "
                    'like "0101010101010101", not a list of lists'
                )
            grass = tuple(grass)
        elif grass not in ("checkerboard", "stripes"):
            raise MalformedInput(
                f"options: 'grass' must be 'checkerboard', 'stripes' or a list of 9 rows, not {grass!r}"
            )
        f = Fields(rest, "options")
        opts = rules.Options(
            changes=f.choice("changes", ("per_restart", "carry_over"), d.changes),  # type: ignore[arg-type]
            white_area=tuple(white),
            grass=grass,
            first_mover=f.choice("first_mover", ("coin_toss", "A", "B"), d.first_mover),  # type: ignore[arg-type]
            stalemate_refuse=f.int("stalemate_refuse", d.stalemate_refuse, 5, 6),
            stalemate_count=f.choice("stalemate_count", ("any", "consecutive"), d.stalemate_count),  # type: ignore[arg-type]
            max_changes=f.int("max_changes", d.max_changes, 0, 4),
        )
        return f.done_options(opts, rules.check_options)

    def options_to_json(self, options: rules.Options) -> dict[str, Any]:
        return options_to_dict(options)

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_game(options)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> rules.Input:
        what = f"input {name!r}"
        rest = dict(fields)
        sq = {k: _square_value(what, k, _take(rest, k, what)) for k in ("from", "to") if name in ("move", "change")}
        pieces = _take(rest, "pieces", what) if name == "lineup" else None
        f = Fields(rest, what)
        inp: rules.Input
        if name == "lineup":
            side = f.side("side")
            if not isinstance(pieces, dict):
                raise MalformedInput(f"input {name!r}: 'pieces' must be an object of kinds, not {pieces!r}")
            unknown = sorted(set(pieces) - set(rules.KINDS))
            if unknown:
                raise MalformedInput(
                    f"input {name!r}: unknown kind(s) {unknown} in 'pieces' ({', '.join(rules.KINDS)})"
                )
            placement = []
            for kind in rules.KINDS:
                squares = pieces.get(kind, [])
                if not isinstance(squares, list):  # any length: a wrong count is MM-05's refusal
                    raise MalformedInput(f"input {name!r}: pieces.{kind} must be a list of squares, not {squares!r}")
                for i, s in enumerate(squares):
                    placement.append((_square_value(what, f"pieces.{kind}[{i}]", s), kind))
            inp = rules.Lineup(side, tuple(placement))
        elif name == "coin_toss":
            inp = rules.CoinToss(f.side("winner"))
        elif name == "move":
            inp = rules.Move(sq["from"], sq["to"])
        elif name == "change":
            inp = rules.Change(f.side("side"), sq["from"], sq["to"])
        elif name == "restart":
            inp = rules.Restart()
        elif name == "quit":
            inp = rules.Quit(f.side("side"))
        else:
            raise MalformedInput(f"unknown input {name!r} for mastermove ({INPUTS})")
        f.done()
        return inp

    def input_to_json(self, inp: rules.Input) -> dict[str, Any]:
        name = rules.square_name
        if isinstance(inp, rules.Lineup):
            pieces: dict[str, list[str]] = {k: [] for k in rules.KINDS}
            for sq, kind in inp.placement:
                pieces[kind].append(name(sq))
            return {"input": "lineup", "side": inp.side, "pieces": pieces}
        if isinstance(inp, rules.CoinToss):
            return {"input": "coin_toss", "winner": inp.winner}
        if isinstance(inp, rules.Move):
            return {"input": "move", "from": name(inp.frm), "to": name(inp.to)}
        if isinstance(inp, rules.Change):
            return {"input": "change", "side": inp.side, "from": name(inp.frm), "to": name(inp.to)}
        if isinstance(inp, rules.Restart):
            return {"input": "restart"}
        return {"input": "quit", "side": inp.side}

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        return words.describe(notice, names)

    def output(self, state: rules.State) -> dict[str, Any]:
        result = rules.outcome(state) if state.phase == "finished" else None
        return {
            "game": self.name,
            "status": "finished" if state.phase == "finished" else "playing",
            "winner": result.winner if result else None,
            "score": state.score.as_dict(),
            "phase": state.phase,
            "to_move": state.to_move,
            "position": _board_json(state.board),
            "changes_used": state.changes_used.as_dict(),
            "restarting": state.restarting,
            "change_credit": state.credit.as_dict(),
            "kickoff": _board_json(state.kickoff),
            "legal_moves": len(rules.legal_moves(state)),
            "snapshot": rules.snapshot(state),
            "result": words.cause_text(result.cause) if result else None,
        }
