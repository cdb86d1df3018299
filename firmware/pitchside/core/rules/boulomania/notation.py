"""Boulomania: the one-line snapshot of a state (python-chess's FEN idea) and its parser,
``parse_snapshot(snapshot(s)) == s``.
"""

from __future__ import annotations

from dataclasses import replace

from pitchside.core.boards.boulomania import BOARD, Board
from pitchside.core.sides import PerSide, Side

from .state import SPACES, Options, Phase, State, check_options


# --- the one-line snapshot (python-chess's FEN idea) ------------------------------------

_SNAPSHOT_FIELDS = 10
_OPTION_NAMES = ("target", "bowls", "double_jack_space", "push_optional", "fork_chooser", "rethrow_after_clear",
                 "null_round_starter", "shoot_own", "kiss_jack_last_row", "jack_out_both")
_PHASES: tuple[Phase, ...] = ("start_roll", "jack_roll", "throw", "finished")


def _pair(p: PerSide[int]) -> str:
    return f"{p.A},{p.B}"


def snapshot(state: State) -> str:
    """The state as one line of ten fields, python-chess FEN style;
    ``parse_snapshot(snapshot(s)) == s``.

    ``<spaces 1-6>/<spaces 7-18> <phase> <to_play> <starter> <round> <hand> <pocket>
    <score> <round scores> <options>``: a space is ``A`` or ``B`` (a bowl), ``J`` (the
    jack) or ``-``; ``to_play`` and ``starter`` are ``A``, ``B`` or ``-``; ``hand``,
    ``pocket`` and ``score`` are ``A,B`` counts; the round scores are ``A-B`` per finished
    round, comma-separated (``-``: none); the options are those not at their default,
    ``name=value`` comma-separated (``-``: all default). The board geometry is not in it
    (a table has one board: :func:`parse_snapshot` takes it).

    E.g. ``"--J---/----A----B-- throw B A 1 7,7 0,0 0,0 - -"``: round 1, A started, the
    jack on 3, A's bowl on 11 and B's on 16, B to throw (A holds the point), 7 bowls
    left each.
    """

    def cell(space: int) -> str:
        side = state.at(space)
        return side if side is not None else "J" if state.jack == space else "-"

    board = "".join(cell(s) for s in range(1, 7)) + "/" + "".join(cell(s) for s in range(7, SPACES + 1))
    rounds = ",".join(f"{r.A}-{r.B}" for r in state.round_scores) or "-"
    default = Options()
    changed = [(n, getattr(state.options, n)) for n in _OPTION_NAMES if getattr(state.options, n) != getattr(default, n)]
    opts = ",".join(f"{n}={str(v).lower() if isinstance(v, bool) else v}" for n, v in changed) or "-"
    return " ".join((board, state.phase, state.to_play or "-", state.starter or "-", str(state.round),
                     _pair(state.hand), _pair(state.pocket), _pair(state.score), rounds, opts))


def _count(text: str, what: str) -> int:
    if not text.isdigit():
        raise ValueError(f"snapshot: {what} must be a count, not {text!r}")
    return int(text)


def _counts(text: str, what: str, sep: str = ",") -> PerSide[int]:
    a, mark, b = text.partition(sep)
    if not mark:
        raise ValueError(f"snapshot: {what} must be A{sep}B, not {text!r}")
    return PerSide(_count(a, what), _count(b, what))


def _side_or_none(text: str, what: str) -> Side | None:
    if text not in ("A", "B", "-"):
        raise ValueError(f"snapshot: {what} must be A, B or -, not {text!r}")
    return None if text == "-" else "A" if text == "A" else "B"


def _options_of(text: str, board: Board) -> Options:
    if text == "-":
        return Options(board=board)
    default = Options()
    values: dict[str, object] = {}
    for item in text.split(","):
        name, mark, value = item.partition("=")
        if not mark or name not in _OPTION_NAMES or name in values:
            raise ValueError(f"snapshot: not an option of Boulomania: {item!r}")
        was = getattr(default, name)
        if isinstance(was, bool):
            if value not in ("true", "false"):
                raise ValueError(f"snapshot: {name} is true or false, not {value!r}")
            values[name] = value == "true"
        elif isinstance(was, int):
            values[name] = _count(value, name)
        else:
            values[name] = value
    opts = replace(default, board=board, **values)  # type: ignore[arg-type]
    check_options(opts)
    return opts


def parse_snapshot(text: str, board: Board = BOARD) -> State:
    """The state a :func:`snapshot` line describes, on ``board`` (the packaged BM-BOARD
    by default).

    :raises ValueError: not a snapshot: the wrong number of fields, a bad space, phase,
        side, count or option (the message names it).
    """
    fields = text.split(" ")
    if len(fields) != _SNAPSHOT_FIELDS:
        raise ValueError(f"snapshot: {_SNAPSHOT_FIELDS} fields separated by spaces, not {len(fields)}: {text!r}")
    cells, phase, to_play, starter, rnd, hand, pocket, score, rounds, opts = fields
    low, mark, high = cells.partition("/")
    if not mark or len(low) != 6 or len(high) != SPACES - 6 or set(low + high) - set("ABJ-") or "J" in high:
        raise ValueError(f"snapshot: the board must be 6/12 spaces of A, B, - (and J on a jack space), not {cells!r}")
    if (low + high).count("J") > 1:
        raise ValueError(f"snapshot: more than one jack in {cells!r}")
    if phase not in _PHASES:
        raise ValueError(f"snapshot: the phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    spaces = tuple(_side_or_none(c if c != "J" else "-", "a space") for c in low + high)
    jack = (low.index("J") + 1) if "J" in low else None
    round_scores = () if rounds == "-" else tuple(_counts(r, "a round score", "-") for r in rounds.split(","))
    return State(
        options=_options_of(opts, board),
        phase=_PHASES[_PHASES.index(phase)],
        round=_count(rnd, "the round"),
        starter=_side_or_none(starter, "the starter"),
        jack=jack,
        spaces=spaces,
        hand=_counts(hand, "the hand"),
        pocket=_counts(pocket, "the pocket"),
        to_play=_side_or_none(to_play, "the team to play"),
        score=_counts(score, "the score"),
        round_scores=round_scores,
    )
