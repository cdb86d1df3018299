"""Master Move game records: a text format like chess's PGN, to save, load and replay.

A record is tag pairs, a blank line, then one input per line::

    [Game "Master Move"]
    [A "Yellow FC"]
    [B "Blue Town"]
    [Options "{}"]
    [RulesVersion "1"]
    [Result "1-0"]

    lineup A: K E1; D C2 G2; W B3 E4 H3; R D8 F8; J E7; L B7 H7
    lineup B: K E16; D C15 G15; W B14 E13 H14; R C9 G9; J E10; L B10 H10
    toss A
    A D8-D12
    B G9-G5
    A D12-D16 {Move! 1-0}
    change B B14-D14
    restart
    quit A

* ``lineup SIDE:`` then ``LETTER SQUARE...`` groups separated by ``;`` (letters of
  :mod:`.board`: K D W R J L), ``toss SIDE``, ``SIDE FROM-TO`` a move by SIDE (it must be
  SIDE's turn), ``change SIDE FROM-TO``, ``restart``, ``quit SIDE``.
* ``{...}`` is a comment (the writer notes each Move! and the score); lines starting
  with ``#`` and blank lines are skipped.
* Tags: ``Options`` is a JSON object of the options that differ from the defaults
  (JSON quotes escaped as PGN does, ``\\"``), ``Result`` is ``a-b`` (A's Moves first) or
  ``*`` while the game goes on, ``0-3``/``3-0`` after a forfeit. Any other tag (Event,
  Date, A, B, ...) is kept as written. The writer recomputes ``Result``; a reader keeps
  the file's and :func:`replay` checks it when the game is over.

The record holds accepted inputs only: replaying it must not be refused. The replay file
(docs/spec/replay.md, :mod:`pitchside.core.record.mastermove`) is the journal's format
with refusals and undo; a record is the clean game, for people.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pitchside.core.errors import IllegalInput, PitchsideError
from pitchside.core.sides import Side

from .board import KIND_OF_LETTER, KINDS, LETTERS, square, square_name
from .engine import RULES_VERSION, apply, new_game
from .movegen import scoring_side
from .notation import options_from_dict, options_to_dict, parse_move
from .state import Change, CoinToss, Input, Lineup, Move, Options, Quit, Restart, State


class RecordError(PitchsideError, ValueError):
    """A record that cannot be read or does not replay; names the line (1-based)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True, slots=True)
class Entry:
    """One input of a record, with the side written on a move line (None for others)
    and the line it was read from (0 when built in memory)."""

    input: Input
    side: Side | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Record:
    """A game record: tags in order, options, entries."""

    tags: tuple[tuple[str, str], ...]
    options: Options
    entries: tuple[Entry, ...]

    @property
    def inputs(self) -> list[Input]:
        return [e.input for e in self.entries]

    def tag(self, name: str) -> str | None:
        for k, v in self.tags:
            if k == name:
                return v
        return None


def from_inputs(inputs: Iterable[Input], options: Options | None = None,
                tags: Sequence[tuple[str, str]] = ()) -> Record:
    """A record of ``inputs`` (accepted ones only), each move labelled with its side.

    :raises IllegalInput: an input the rules refuse.
    """
    opts = options or Options()
    state = new_game(opts)
    entries = []
    for inp in inputs:
        side = state.to_move if isinstance(inp, Move) else None
        state = apply(state, inp).state
        entries.append(Entry(inp, side))
    return Record(tuple(tags), opts, tuple(entries))


def result_text(state: State) -> str:
    """``"3-1"`` when the game is over, ``"*"`` while it goes on."""
    return f"{state.score.A}-{state.score.B}" if state.phase == "finished" else "*"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _lineup_text(lu: Lineup) -> str:
    groups = []
    for kind in KINDS:
        squares = [square_name(sq) for sq, k in lu.placement if k == kind]
        if squares:
            groups.append(f"{LETTERS[kind]} {' '.join(squares)}")
    return f"lineup {lu.side}: {'; '.join(groups)}"


def dumps(record: Record) -> str:
    """The record as text. ``Game``, ``Options``, ``RulesVersion`` and ``Result`` are
    written from the record itself; other tags as given.

    :raises IllegalInput: the entries do not replay.
    """
    state = new_game(record.options)
    body = []
    for e in record.entries:
        inp = e.input
        before = state
        state = apply(state, inp).state
        if isinstance(inp, Lineup):
            body.append(_lineup_text(inp))
        elif isinstance(inp, CoinToss):
            body.append(f"toss {inp.winner}")
        elif isinstance(inp, Move):
            line = f"{before.to_move} {inp}"
            if scoring_side(before.board, inp) is not None:
                line += f" {{Move! {state.score.A}-{state.score.B}}}"
            body.append(line)
        elif isinstance(inp, Change):
            body.append(f"change {inp.side} {square_name(inp.frm)}-{square_name(inp.to)}")
        elif isinstance(inp, Restart):
            body.append("restart")
        else:
            body.append(f"quit {inp.side} {{forfeit {state.score.A}-{state.score.B}}}")
    defaults = options_to_dict(Options())
    opts = {k: v for k, v in options_to_dict(record.options).items() if defaults[k] != v}
    fixed = {"Game": "Master Move", "Options": json.dumps(opts), "RulesVersion": str(RULES_VERSION),
             "Result": result_text(state)}
    tags = [("Game", fixed["Game"])]
    tags += [(k, v) for k, v in record.tags if k not in fixed]
    tags += [(k, fixed[k]) for k in ("Options", "RulesVersion", "Result")]
    head = [f'[{k} "{_escape(v)}"]' for k, v in tags]
    return "\n".join(head) + "\n\n" + "\n".join(body) + "\n"


_TAG = re.compile(r'\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]\s*')
_SIDE = ("A", "B")


def _side(tok: str, line: int) -> Side:
    if tok not in _SIDE:
        raise RecordError(line, f"a side is A or B, not {tok!r}")
    return tok  # type: ignore[return-value]


def _parse_lineup(rest: str, line: int) -> Lineup:
    side_s, colon, groups = rest.partition(":")
    if not colon:
        raise RecordError(line, "a line-up is written 'lineup A: K E1; D C2 G2; ...'")
    side = _side(side_s.strip(), line)
    placement = []
    for group in groups.split(";"):
        toks = group.split()
        if not toks:
            continue
        kind = KIND_OF_LETTER.get(toks[0])
        if kind is None:
            raise RecordError(line, f"unknown piece letter {toks[0]!r} (K D W R J L)")
        for t in toks[1:]:
            placement.append((square(t), kind))
    return Lineup(side, tuple(placement))


def loads(text: str) -> Record:
    """Read a record.

    :raises RecordError: a malformed tag or line, naming the line.
    """
    tags: list[tuple[str, str]] = []
    entries: list[Entry] = []
    in_body = False
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not in_body and stripped.startswith("["):
            m = _TAG.fullmatch(stripped)
            if not m:
                raise RecordError(number, f"a tag is written [Name \"value\"], not {stripped!r}")
            tags.append((m[1], _unescape(m[2])))
            continue
        body = re.sub(r"\{[^}]*\}", "", stripped).strip()
        if not body or body.startswith("#"):
            continue
        in_body = True
        toks = body.split()
        try:
            word = toks[0]
            if word == "lineup":
                entries.append(Entry(_parse_lineup(body[len("lineup"):], number), None, number))
            elif word == "toss" and len(toks) == 2:
                entries.append(Entry(CoinToss(_side(toks[1], number)), None, number))
            elif word == "change" and len(toks) == 3:
                mv = parse_move(toks[2])
                entries.append(Entry(Change(_side(toks[1], number), mv.frm, mv.to), None, number))
            elif word == "restart" and len(toks) == 1:
                entries.append(Entry(Restart(), None, number))
            elif word == "quit" and len(toks) == 2:
                entries.append(Entry(Quit(_side(toks[1], number)), None, number))
            elif word in _SIDE and len(toks) == 2:
                entries.append(Entry(parse_move(toks[1]), _side(word, number), number))
            else:
                raise RecordError(number, f"not a record line: {body!r}")
        except ValueError as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(number, str(exc)) from None
    options = Options()
    for k, v in tags:
        if k == "Options":
            try:
                raw = json.loads(v)
                if not isinstance(raw, dict):
                    raise ValueError("the Options tag must hold a JSON object")
                options = options_from_dict(raw)
            except (ValueError, TypeError) as exc:
                raise RecordError(1, f"Options tag: {exc}") from None
    return Record(tuple(tags), options, tuple(entries))


def replay(record: Record) -> State:
    """Fold the record's inputs through the rules.

    :raises RecordError: a refused input, a move written for the wrong side, or a
        ``Result`` tag that disagrees with the finished game.
    """
    state = new_game(record.options)
    for e in record.entries:
        if isinstance(e.input, Move) and e.side is not None and e.side != state.to_move:
            raise RecordError(e.line, f"the move {e.input} is written for {e.side} but it is {state.to_move or 'nobody'}'s turn")
        try:
            state = apply(state, e.input).state
        except IllegalInput as exc:
            raise RecordError(e.line, str(exc)) from None
    written = record.tag("Result")
    if written not in (None, "*") and written != result_text(state):
        raise RecordError(0, f"Result tag {written!r} but the game replays to {result_text(state)!r}")
    return state

