"""Master Move's part of the replay format (docs/spec/replay.md, "Master Move").

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
from pitchside.core.record.codec import RulesCodec
from pitchside.core.record.fields import Fields
from pitchside.core.rules import mastermove as rules
from pitchside.core.words import mastermove as words
from pitchside.core.rules.mastermove.board import Grass


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


def _white_area(f: Fields) -> tuple[str, ...]:
    white = f.take("white_area", list(rules.Options().white_area))
    if not isinstance(white, list):
        raise MalformedInput(f"options: 'white_area' must be a list of squares, not {white!r} (MM-A2)")
    for i, w in enumerate(white):
        _square_value("options", f"white_area[{i}]", w)
    return tuple(white)


def _grass(f: Fields) -> Grass:
    grass = f.take("grass", rules.Options().grass)
    if isinstance(grass, list):
        if not all(isinstance(row, str) for row in grass):  # e.g. a list of lists (bad config values)
            raise MalformedInput(
                "options: 'grass' must be 9 strings (rows A-I) of 16 characters '0' or '1', "
                'like "0101010101010101", not a list of lists (MM-A3)'
            )
        return tuple(grass)
    if grass not in ("checkerboard", "stripes"):
        raise MalformedInput(
            f"options: 'grass' must be 'checkerboard', 'stripes' or a list of 9 rows, not {grass!r} (MM-A3)"
        )
    return str(grass)


def _placement(f: Fields) -> tuple[tuple[int, rules.Kind], ...]:
    """A line-up's ``pieces`` object (``{"keeper": ["E1"], ...}``) as (square, kind) pairs;
    a kind left out is an empty list, and any count is well formed (MM-05 refuses it)."""
    pieces = f.take("pieces")
    if not isinstance(pieces, dict):
        raise MalformedInput(f"{f.what}: 'pieces' must be an object of kinds, not {pieces!r}")
    unknown = sorted(set(pieces) - set(rules.KINDS))
    if unknown:
        raise MalformedInput(f"{f.what}: unknown kind(s) {unknown} in 'pieces' ({', '.join(rules.KINDS)})")
    placement = []
    for kind in rules.KINDS:
        squares = pieces.get(kind, [])
        if not isinstance(squares, list):
            raise MalformedInput(f"{f.what}: pieces.{kind} must be a list of squares, not {squares!r}")
        for i, s in enumerate(squares):
            placement.append((_square_value(f.what, f"pieces.{kind}[{i}]", s), kind))
    return tuple(placement)


class MasterMoveCodec(RulesCodec[rules.Options, rules.State, rules.Input]):
    """The :class:`~pitchside.core.record.codec.GameCodec` of Master Move: options and
    inputs as their declarations in :mod:`pitchside.core.rules.mastermove` give them, but
    for the shapes of their own: the white area and the grass, and a line-up's pieces."""

    name = "mastermove"
    rules_version = rules.RULES_VERSION
    rules = rules
    words = words
    inputs = {"lineup": rules.Lineup, "coin_toss": rules.CoinToss, "move": rules.Move, "change": rules.Change,
              "restart": rules.Restart, "quit": rules.Quit}

    def parse_options(self, raw: Mapping[str, Any]) -> rules.Options:
        f = Fields(raw, "options")
        opts = f.read(rules.Options, white_area=_white_area(f), grass=_grass(f))
        return f.done_options(opts, rules.check_options)

    def new_state(self, options: rules.Options) -> rules.State:
        return rules.new_game(options)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> rules.Input:
        if self.input_class(name) is not rules.Lineup:
            result: rules.Input = super().parse_input(name, fields)
            return result
        f = Fields(fields, f"input {name!r}")
        placement = _placement(f)
        inp = f.read(rules.Lineup, placement=placement)
        f.done()
        return inp

    def input_to_json(self, inp: rules.Input) -> dict[str, Any]:
        if not isinstance(inp, rules.Lineup):
            return super().input_to_json(inp)
        pieces: dict[str, list[str]] = {k: [] for k in rules.KINDS}
        for sq, kind in inp.placement:
            pieces[kind].append(rules.square_name(sq))
        return {"input": "lineup", "side": inp.side, "pieces": pieces}

    def output(self, state: rules.State) -> dict[str, Any]:
        return {
            **self.output_head(state),
            "to_move": state.to_move,
            "position": _board_json(state.board),
            "changes_used": state.changes_used.as_dict(),
            "restarting": state.restarting,
            "change_credit": state.credit.as_dict(),
            "kickoff": _board_json(state.kickoff),
            "legal_moves": len(rules.legal_moves(state)),
            "snapshot": rules.snapshot(state),
            "result": self.result_text(state),
        }
