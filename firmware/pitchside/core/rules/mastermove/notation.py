"""Master Move notation: squares and moves as text, and a one-line snapshot of a game
state (python-chess's FEN) with ``parse(snapshot(s), s.options) == s``.

Board text: the rows A to I, separated by ``/``; in each row the columns 1 to 16, a
piece as its letter (``K D W R J L``: keeper, defender, winger, runner, joker, raider;
upper case side A, yellow; lower case side B, blue) and a run of empty squares as its
length (1..16). The empty board is ``16/16/16/16/16/16/16/16/16``.

Snapshot: ten fields separated by one space::

    BOARD PHASE TO_MOVE SCORE CHANGES_USED CREDIT RESTARTING FORFEIT KICKOFF TRAV

* PHASE ``lineup``, ``toss``, ``play``, ``changes`` or ``finished``; TO_MOVE, RESTARTING
  and FORFEIT are ``A``, ``B`` or ``-``.
* SCORE, CHANGES_USED, CREDIT are ``a-b`` (A's value first), e.g. ``1-0``.
* KICKOFF is the board text of the last kick-off line-up, or ``=`` when it is the board.
* TRAV is ``-`` or the anti-stalemate counts (MM-29), comma separated, each
  ``PIECE:X-Y=N``: the piece standing on PIECE has moved between X and Y N times.

Example: the line-ups of the replay scenario ``full_game_3_1``, then E7-E6 (A's joker),
E16-F16 (B's keeper, exempt from counting) and E6-E7; B to move, the kick-off line-up
differs from the board by B's keeper::

    16/2W3L2l3w2/1D6r5d1/7R8/K2W2J2j2w3/7R7k/1D6r5d1/2W3L2l3w2/16 play B 0-0 0-0 0-0 - -
    16/2W3L2l3w2/1D6r5d1/7R8/K2W2J2j2w2k/7R8/1D6r5d1/2W3L2l3w2/16 E7:E6-E7=2

(one line; broken here after the eighth field).

Options are not in the snapshot (like a FEN's variant): :func:`parse` takes them.
"""

from __future__ import annotations

import re
from typing import Any

from pitchside.core.sides import PerSide, Side

from .board import EMPTY, N_COLS, N_ROWS, Board, Piece, square, square_name
from .engine import check_options
from .state import PHASES, Move, Options, State, Trav


def board_text(board: Board) -> str:
    """The board as text (module docstring)."""
    rows = []
    for r in range(N_ROWS):
        out, run = [], 0
        for ch in board.cells[r * N_COLS:(r + 1) * N_COLS]:
            if ch == EMPTY:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(ch)
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


_ROW_TOKEN = re.compile(r"\d+|[KDWRJLkdwrjl]|.")


def parse_board(text: str) -> Board:
    """:raises ValueError: not 9 rows of 16 squares of known letters."""
    rows = text.split("/")
    if len(rows) != N_ROWS:
        raise ValueError(f"a board has {N_ROWS} rows separated by '/', not {len(rows)}: {text!r}")
    cells: list[str] = []
    for r, row in enumerate(rows):
        n = 0
        for tok in _ROW_TOKEN.findall(row):
            if tok.isdigit():
                if tok[0] == "0" or int(tok) > N_COLS:
                    raise ValueError(f"row {'ABCDEFGHI'[r]}: bad empty run {tok!r}")
                cells.extend(EMPTY * int(tok))
                n += int(tok)
            else:
                Piece.from_letter(tok)  # raises on an unknown letter
                cells.append(tok)
                n += 1
        if n != N_COLS:
            raise ValueError(f"row {'ABCDEFGHI'[r]} has {n} squares, not {N_COLS}: {row!r}")
    return Board(tuple(cells))


def move_text(mv: Move) -> str:
    """``"G3-F1"``."""
    return str(mv)


def parse_move(text: str) -> Move:
    """``"G3-F1"`` as a :class:`Move`. :raises ValueError: not two squares joined by ``-``."""
    frm, sep, to = text.strip().partition("-")
    if not sep:
        raise ValueError(f"a move is written like 'G3-F1', not {text!r}")
    return Move(square(frm), square(to))


def _side_or_none(s: Side | None) -> str:
    return s or "-"


def _pair(ps: PerSide[int]) -> str:
    return f"{ps.A}-{ps.B}"


def trav_text(trav: Trav) -> str:
    if not trav:
        return "-"
    return ",".join(f"{square_name(p)}:{square_name(a)}-{square_name(b)}={n}" for p, a, b, n in trav)


def snapshot(state: State) -> str:
    """The state as one line (module docstring), options left out."""
    board = board_text(state.board)
    kickoff = "=" if state.kickoff == state.board else board_text(state.kickoff)
    return " ".join((
        board,
        state.phase,
        _side_or_none(state.to_move),
        _pair(state.score),
        _pair(state.changes_used),
        _pair(state.credit),
        _side_or_none(state.restarting),
        _side_or_none(state.forfeit),
        kickoff,
        trav_text(state.trav),
    ))


def _parse_side(field: str, text: str) -> Side | None:
    if text == "-":
        return None
    if text in ("A", "B"):
        return text  # type: ignore[return-value]
    raise ValueError(f"{field} must be A, B or -, not {text!r}")


def _parse_pair(field: str, text: str, hi: int) -> PerSide[int]:
    m = re.fullmatch(r"(\d)-(\d)", text)
    if not m or int(m[1]) > hi or int(m[2]) > hi:
        raise ValueError(f"{field} must be like 1-0 with values 0..{hi}, not {text!r}")
    return PerSide(int(m[1]), int(m[2]))


def _parse_trav(text: str) -> Trav:
    if text == "-":
        return ()
    out = []
    for item in text.split(","):
        m = re.fullmatch(r"([A-I]\d+):([A-I]\d+)-([A-I]\d+)=(\d+)", item)
        if not m:
            raise ValueError(f"a stalemate count is written like E7:E6-E7=2, not {item!r}")
        p, a, b, n = square(m[1]), square(m[2]), square(m[3]), int(m[4])
        if not a < b or n < 1:
            raise ValueError(f"bad stalemate count {item!r}: squares in order, a count of 1 or more")
        out.append((p, a, b, n))
    if out != sorted(out) or len({(p, a, b) for p, a, b, _ in out}) != len(out):
        raise ValueError("stalemate counts must be sorted by square and not repeated")
    return tuple(out)


def parse(text: str, options: Options | None = None) -> State:
    """The state a :func:`snapshot` line describes.

    :raises ValueError: naming the field that is wrong.
    """
    fields = text.split(" ")
    if len(fields) != 10:
        raise ValueError(f"a snapshot has 10 fields separated by single spaces, not {len(fields)}")
    board_s, phase, to_move, score, used, credit, restarting, forfeit, kickoff_s, trav_s = fields
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    board = parse_board(board_s)
    return State(
        options=options or Options(),
        phase=phase,
        board=board,
        kickoff=board if kickoff_s == "=" else parse_board(kickoff_s),
        to_move=_parse_side("to_move", to_move),
        score=_parse_pair("score", score, 3),
        changes_used=_parse_pair("changes used", used, 4),
        credit=_parse_pair("credit", credit, 4),
        restarting=_parse_side("restarting", restarting),
        trav=_parse_trav(trav_s),
        forfeit=_parse_side("forfeit", forfeit),
    )


def parse_snapshot(text: str, options: Options | None = None) -> State:
    """The state a :func:`snapshot` line describes, under ``options`` (default: the
    default options; the snapshot leaves them out, like a FEN its variant):
    ``parse_snapshot(snapshot(s), s.options) == s`` for every state.

    :raises ValueError: naming the field that is wrong.
    """
    return parse(text, options)


# --- options as plain data (for records; the replay codec has its own checked reader) --


def options_to_dict(opts: Options) -> dict[str, Any]:
    """Every option, as JSON-ready values (the grass map as a list)."""
    return {
        "changes": opts.changes,
        "white_area": list(opts.white_area),
        "grass": opts.grass if isinstance(opts.grass, str) else list(opts.grass),
        "first_mover": opts.first_mover,
        "stalemate_refuse": opts.stalemate_refuse,
        "stalemate_count": opts.stalemate_count,
        "max_changes": opts.max_changes,
    }


def options_from_dict(raw: dict[str, Any]) -> Options:
    """:raises ValueError: an unknown option or a bad value."""
    known = set(options_to_dict(Options()))
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}")
    kw = dict(raw)
    if "white_area" in kw:
        if not isinstance(kw["white_area"], list):
            raise ValueError("white_area must be a list of squares")
        kw["white_area"] = tuple(kw["white_area"])
    if isinstance(kw.get("grass"), list):
        kw["grass"] = tuple(kw["grass"])
    opts = Options(**kw)
    check_options(opts)
    return opts
