"""Master Move: the pitch, its squares, the pieces and the board (pure data).

The rulebook's "Rules 1: the pitch" and "Rules 2: the pieces": rules MM-01..MM-05 and
rulings MM-A2, MM-A3 of ``docs/rules/mastermove.md``.

Squares (MM-01). Rows ``A``..``I`` (9) by columns ``1``..``16``; a square is named
letter + number, ``"E8"``. Internally a square is an ``int`` 0..143,
``row * 16 + (column - 1)`` with row A = 0, so ``A1`` = 0 and ``I16`` = 143
(:func:`square`, :func:`square_name`). The centre line splits the halves: columns 1-8
belong to side A (yellow), 9-16 to side B (blue).

Goals (MM-02). D1, E1, F1 are the yellow goal, defended by A; D16, E16, F16 the blue
goal, defended by B. They are squares of the board; the goal line is column 1 (16).

White area (MM-03, MM-A2) and grass colours (MM-08, MM-A3) are *data*, built from the
options into a :class:`Pitch`: the white area defaults to D2, E2, F2 and D15, E15, F15;
the grass defaults to a checkerboard, colour ``(row + column) % 2`` with row A = 0 and
column 1 = 1 (any fixed offset gives the same partition). Alternatives: ``"stripes"``
(colour = column % 2, stripes across the pitch as mown on a football field) or an
explicit map of 9 strings of 16 characters ``0``/``1``, row A first.

Pieces (MM-05). Six kinds, written with one letter each in the notation: ``K`` keeper,
``D`` defender, ``W`` winger, ``R`` runner, ``J`` joker, ``L`` raider (it moves in an L);
upper case for side A (yellow), lower case for side B (blue), as chess writes white and
black.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pitchside.core.sides import PerSide, Side

ROWS = "ABCDEFGHI"
N_ROWS = 9
N_COLS = 16
N_SQUARES = N_ROWS * N_COLS

Square = int
"""A square as 0..143: ``row * 16 + (column - 1)``, row A = 0."""

Kind = Literal["keeper", "defender", "winger", "runner", "joker", "raider"]
KINDS: tuple[Kind, ...] = ("keeper", "defender", "winger", "runner", "joker", "raider")
LINEUP_COUNTS: dict[Kind, int] = {"keeper": 1, "defender": 2, "winger": 3, "runner": 2, "joker": 1, "raider": 2}
"""Pieces of each kind in a side's line-up (MM-05): 11 in all."""
LETTERS: dict[Kind, str] = {"keeper": "K", "defender": "D", "winger": "W", "runner": "R", "joker": "J", "raider": "L"}
KIND_OF_LETTER: dict[str, Kind] = {v: k for k, v in LETTERS.items()}

DEFAULT_WHITE_AREA: tuple[str, ...] = ("D2", "E2", "F2", "D15", "E15", "F15")
"""The white area by default (MM-A2): the three squares in front of each goal."""


def square(name: str) -> Square:
    """The square named ``name`` (``"A1"``..``"I16"``, upper case, no leading zero).

    :raises ValueError: not a square's name.
    """
    if not isinstance(name, str) or len(name) not in (2, 3) or name[0] not in ROWS:
        raise ValueError(f"not a square: {name!r} (rows A-I, columns 1-16, like 'E8')")
    digits = name[1:]
    if not digits.isdigit() or not digits.isascii() or digits[0] == "0" or not 1 <= int(digits) <= N_COLS:
        raise ValueError(f"not a square: {name!r} (rows A-I, columns 1-16, like 'E8')")
    return ROWS.index(name[0]) * N_COLS + int(digits) - 1


def square_name(sq: Square) -> str:
    """``"E8"`` for the square ``sq`` (0..143)."""
    if not 0 <= sq < N_SQUARES:
        raise ValueError(f"square index out of range: {sq}")
    return f"{ROWS[sq // N_COLS]}{sq % N_COLS + 1}"


def row_of(sq: Square) -> int:
    """0 for row A .. 8 for row I."""
    return sq // N_COLS


def col_of(sq: Square) -> int:
    """The column, 1..16."""
    return sq % N_COLS + 1


def at(row: int, col: int) -> Square | None:
    """The square at ``row`` (0..8) and ``col`` (1..16), or None off the pitch."""
    if 0 <= row < N_ROWS and 1 <= col <= N_COLS:
        return row * N_COLS + col - 1
    return None


GOALS: PerSide[frozenset[Square]] = PerSide(
    frozenset(square(n) for n in ("D1", "E1", "F1")),
    frozenset(square(n) for n in ("D16", "E16", "F16")),
)
"""Each side's own goal, the one it defends (MM-02): A (yellow) column 1, B (blue) 16."""
ALL_GOAL_SQUARES: frozenset[Square] = GOALS.A | GOALS.B


def goal_of(sq: Square) -> Side | None:
    """The side whose goal ``sq`` is, or None."""
    if sq in GOALS.A:
        return "A"
    if sq in GOALS.B:
        return "B"
    return None


def in_half(side: Side, sq: Square) -> bool:
    """True if ``sq`` is in ``side``'s own half (MM-01, MM-19): columns 1-8 for A."""
    return col_of(sq) <= 8 if side == "A" else col_of(sq) >= 9


Grass = str | tuple[str, ...]
"""``"checkerboard"``, ``"stripes"`` or 9 strings of 16 ``0``/``1`` (row A first)."""


def grass_colours(grass: Grass) -> tuple[int, ...]:
    """The colour (0 or 1) of every square, by index.

    :raises ValueError: an unknown pattern or a malformed map.
    """
    if grass == "checkerboard":
        return tuple((row_of(s) + col_of(s)) % 2 for s in range(N_SQUARES))
    if grass == "stripes":
        return tuple(col_of(s) % 2 for s in range(N_SQUARES))
    if isinstance(grass, tuple):
        if len(grass) != N_ROWS or not all(
            isinstance(r, str) and len(r) == N_COLS and set(r) <= {"0", "1"} for r in grass
        ):
            raise ValueError("a grass map is 9 strings (rows A-I) of 16 characters '0' or '1'")
        return tuple(int(grass[row_of(s)][col_of(s) - 1]) for s in range(N_SQUARES))
    raise ValueError(f"grass must be 'checkerboard', 'stripes' or a map of 9 rows, not {grass!r}")


@dataclass(frozen=True, slots=True)
class Pitch:
    """The geometry the options choose: white-area squares and grass colours."""

    white: frozenset[Square]
    colour: tuple[int, ...]


@lru_cache(maxsize=32)
def make_pitch(white_area: tuple[str, ...], grass: Grass) -> Pitch:
    """The :class:`Pitch` for the options' ``white_area`` and ``grass``.

    :raises ValueError: a bad square name, a goal square in the white area, a bad grass.
    """
    white = set()
    for name in white_area:
        sq = square(name)
        if sq in ALL_GOAL_SQUARES:
            raise ValueError(f"white area square {name} is a goal square")
        white.add(sq)
    return Pitch(frozenset(white), grass_colours(grass))


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece: its side and kind."""

    side: Side
    kind: Kind

    @property
    def letter(self) -> str:
        """``"K"`` for A's keeper, ``"k"`` for B's."""
        ch = LETTERS[self.kind]
        return ch if self.side == "A" else ch.lower()

    @staticmethod
    def from_letter(ch: str) -> "Piece":
        """:raises ValueError: not one of ``KDWRJL`` / ``kdwrjl``."""
        kind = KIND_OF_LETTER.get(ch.upper())
        if kind is None or len(ch) != 1:
            raise ValueError(f"not a piece letter: {ch!r} (K D W R J L, lower case for B)")
        return Piece("A" if ch.isupper() else "B", kind)


EMPTY = "."


@dataclass(frozen=True, slots=True)
class Board:
    """Which piece stands on each square: 144 one-character cells, ``"."`` for empty,
    else the piece's letter (:class:`Piece`). Immutable: :meth:`move` and :meth:`put`
    return new boards."""

    cells: tuple[str, ...] = (EMPTY,) * N_SQUARES

    def __post_init__(self) -> None:
        if len(self.cells) != N_SQUARES:
            raise ValueError(f"a board has {N_SQUARES} cells, not {len(self.cells)}")

    def get(self, sq: Square) -> Piece | None:
        ch = self.cells[sq]
        return None if ch == EMPTY else Piece.from_letter(ch)

    def is_free(self, sq: Square) -> bool:
        return self.cells[sq] == EMPTY

    def put(self, sq: Square, piece: Piece | None) -> "Board":
        cells = list(self.cells)
        cells[sq] = EMPTY if piece is None else piece.letter
        return Board(tuple(cells))

    def move(self, frm: Square, to: Square) -> "Board":
        cells = list(self.cells)
        cells[to], cells[frm] = cells[frm], EMPTY
        return Board(tuple(cells))

    def pieces(self, side: Side | None = None) -> Iterator[tuple[Square, Piece]]:
        """``(square, piece)`` in square order, of ``side`` or of both."""
        for sq, ch in enumerate(self.cells):
            if ch != EMPTY:
                p = Piece.from_letter(ch)
                if side is None or p.side == side:
                    yield sq, p

    def without(self, side: Side) -> "Board":
        """This board with ``side``'s pieces removed."""
        keep_upper = side == "B"
        return Board(tuple(c if c == EMPTY or c.isupper() == keep_upper else EMPTY for c in self.cells))

    @staticmethod
    def from_pieces(placed: Sequence[tuple[Square, Piece]]) -> "Board":
        cells = [EMPTY] * N_SQUARES
        for sq, p in placed:
            cells[sq] = p.letter
        return Board(tuple(cells))


EMPTY_BOARD = Board()
