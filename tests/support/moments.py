"""Fold a replay file line by line through its game's rules and collect the moments
each accepted input makes (:func:`pitchside.tables.moments.arising` with the game's
``GameTable.moments`` hook): what a table playing the file would show."""

from __future__ import annotations

import json
from pathlib import Path

from pitchside.core.errors import IllegalInput
from pitchside.core.record.format import parse_header, parse_input_line
from pitchside.core.match import Match
from pitchside.tables.moments import Moment, arising
from pitchside.tables.registry import app_for


def moments_of(lines: list[str], names: tuple[str, str] = ("Ann", "Bob")) -> list[tuple[int, Moment]]:
    """``(line number, moment)`` for every moment of the file's accepted inputs, in order
    (an undo or a refused line makes none)."""
    header = parse_header(json.loads(lines[0]), 1)
    app = app_for(header.codec.name)
    match = Match.start(header.codec, header.options)
    found: list[tuple[int, Moment]] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.strip().startswith("#"):
            continue
        _, inp = parse_input_line(header.codec, json.loads(line), number)
        try:
            after = match.undo()[0] if inp is None else match.apply(inp)[0]
        except IllegalInput:
            continue
        found += [(number, m) for m in arising(match, after, names, app.moments)]
        match = after
    return found


def brief(found: list[tuple[int, Moment]]) -> list[tuple[object, ...]]:
    """Each moment as ``(line, kind, title, caption, side, (A, B) or None, final)``."""
    return [
        (n, m.kind, m.title, m.caption, m.side, None if m.score is None else (m.score.A, m.score.B), m.final)
        for n, m in found
    ]


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines()
