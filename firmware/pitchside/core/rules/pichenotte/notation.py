"""Pichenotte: the one-line snapshot of a state (python-chess's FEN idea) and its parser,
``parse_snapshot(snapshot(s)) == s``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, get_args, get_type_hints

from pitchside.core.sides import SIDES, PerSide, Side

from .state import Options, Phase, State, check_options


# --- the one-line snapshot (python-chess's FEN idea) ----------------------------------

_PHASES: tuple[Phase, ...] = ("toss", "shooting", "tally", "finished")


def snapshot(state: State) -> str:
    """The state as one line of space-separated fields, python-chess FEN style:
    ``PHASE ROUND TURN FIRST TOSS SHOTS HAND BOARD RAIL DITCH ROUNDS OPTION=VALUE...``.

    Sides are ``A``/``B`` (``-``: none yet); per-side counts are ``A/B`` (pucks: shots
    taken this round, in hand, on the board, on the rail, in the ditch); ``ROUNDS`` is
    each finished round's raw points ``A-B``, comma-separated (``-``: none); then every
    :class:`Options` field as ``name=value`` (``yes``/``no``, ``-`` for no limit). E.g. a
    match just tossed to B::

        shooting 1 B B B 0/0 12/12 0/0 0/0 0/0 - players=singles format=rounds pucks=12 ...

    :func:`parse_snapshot` reads it back: ``parse_snapshot(snapshot(s)) == s``.
    """
    def side(x: Side | None) -> str:
        return x if x is not None else "-"

    def pair(ps: PerSide[int]) -> str:
        return f"{ps.A}/{ps.B}"

    rounds = ",".join(f"{rs.A}-{rs.B}" for rs in state.round_scores) or "-"
    opts = " ".join(f"{f.name}={_option_text(getattr(state.options, f.name))}" for f in fields(Options))
    return (
        f"{state.phase} {state.round} {side(state.turn)} {side(state.first_shooter)} {side(state.toss_winner)}"
        f" {pair(state.shots)} {pair(state.hand)} {pair(state.on_board)} {pair(state.rail)} {pair(state.ditch)}"
        f" {rounds} {opts}"
    )


def parse_snapshot(text: str) -> State:
    """The state a :func:`snapshot` line describes.

    :raises ValueError: not a snapshot: a missing, unknown or malformed field, options
        out of range (:func:`check_options`), or counts that break PI-01 (each side's
        pucks in hand, on the board, on the rail and in the ditch add up to ``pucks``).
    """
    words = text.split()
    if len(words) < 11:
        raise ValueError(f"not a Pichenotte snapshot (11 state fields, then the options): {text!r}")
    phase_s, round_s, turn_s, first_s, toss_s, *counts, rounds_s = words[:11]
    if phase_s not in _PHASES:
        raise ValueError(f"snapshot: phase must be one of {', '.join(_PHASES)}, not {phase_s!r}")
    phase: Phase = _PHASES[_PHASES.index(phase_s)]
    shots, hand, on_board, rail, ditch = (_parse_pair(c) for c in counts)
    rounds = () if rounds_s == "-" else tuple(_parse_pair(r, "-") for r in rounds_s.split(","))
    state = State(
        options=_parse_options(words[11:]),
        phase=phase,
        round=_parse_count(round_s),
        first_shooter=_parse_side(first_s),
        turn=_parse_side(turn_s),
        shots=shots,
        hand=hand,
        on_board=on_board,
        rail=rail,
        ditch=ditch,
        round_scores=rounds,
        toss_winner=_parse_side(toss_s),
    )
    pucks = state.options.pucks
    for s in SIDES:
        if state.hand[s] + state.on_board[s] + state.rail[s] + state.ditch[s] != pucks:
            raise ValueError(f"snapshot: {s}'s pucks do not add up to {pucks} (PI-01): {text!r}")
    if state.round < 1 or len(rounds) != state.round - (0 if phase == "finished" else 1):
        raise ValueError(f"snapshot: round {state.round} with {len(rounds)} finished round(s): {text!r}")
    return state


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def _parse_options(items: list[str]) -> Options:
    hints = get_type_hints(Options)
    values: dict[str, Any] = {}
    for item in items:
        name, eq, text = item.partition("=")
        if not eq or name not in hints or name in values:
            raise ValueError(f"snapshot: {item!r} is not an option=value of Pichenotte (or is repeated)")
        values[name] = _parse_option(name, hints[name], text)
    missing = [f.name for f in fields(Options) if f.name not in values]
    if missing:
        raise ValueError(f"snapshot: missing option(s) {', '.join(missing)}")
    opts = Options(**values)
    check_options(opts)
    return opts


def _parse_option(name: str, hint: Any, text: str) -> object:
    if hint is bool:
        if text not in ("yes", "no"):
            raise ValueError(f"snapshot: {name} must be yes or no, not {text!r}")
        return text == "yes"
    if hint is int:
        return _parse_count(text)
    if hint == int | None:
        return None if text == "-" else _parse_count(text)
    choices = get_args(hint)  # a Literal of strings
    if text not in choices:
        raise ValueError(f"snapshot: {name} must be one of {', '.join(choices)}, not {text!r}")
    return text


def _parse_count(text: str) -> int:
    if not text.isdigit() or not text.isascii():
        raise ValueError(f"snapshot: {text!r} is not a count")
    return int(text)


def _parse_side(text: str) -> Side | None:
    if text == "-":
        return None
    for side in SIDES:
        if text == side:
            return side
    raise ValueError(f"snapshot: a side is A, B or -, not {text!r}")


def _parse_pair(text: str, sep: str = "/") -> PerSide[int]:
    a, found, b = text.partition(sep)
    if not found:
        raise ValueError(f"snapshot: {text!r} is not A{sep}B counts")
    return PerSide(_parse_count(a), _parse_count(b))
