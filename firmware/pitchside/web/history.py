"""The journal's matches for ``/matches`` (read-only) and a stored match move by move,
with each refusal explained by its rule ID and the game's words (the replay format's
``reason``, shared/spec/replay.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pitchside.app.journal import Journal
from pitchside.core.errors import IllegalInput, PitchsideError
from pitchside.core.match import Match
from pitchside.core.record.format import parse_header, parse_input_line, reason
from pitchside.web.feed import number


@dataclass(frozen=True, slots=True)
class Move:
    """One line of a replay after its fold: ``line`` (1-based), the input's ``name``,
    ``accepted`` or the refusal's ``reason`` (rule ID first), then the score and the side
    to play after it (the typed face)."""

    line: int
    name: str
    fields: str
    accepted: bool
    reason: str
    score: dict[str, int | float]
    turn: str | None
    status: str


@dataclass(frozen=True, slots=True)
class Replay:
    game: str
    names: tuple[str, str]
    moves: tuple[Move, ...]
    error: str | None = None


def _open(path: str | None) -> Journal | None:
    if path is None:
        return None
    try:
        return Journal.open_readonly(path)
    except (PitchsideError, OSError):
        return None


def matches(path: str | None) -> list[dict[str, Any]]:
    """The stored matches, newest first: id, game, status, names, result, inputs."""
    journal = _open(path)
    if journal is None:
        return []
    try:
        rows = journal.history()
    finally:
        journal.close()
    out = []
    for r in reversed(rows):
        sides = r.header.get("sides") or {}
        out.append({"id": r.id, "game": r.game, "status": r.status, "inputs": r.inputs,
                    "names": (sides.get("A", "A"), sides.get("B", "B")), "result": r.result})
    return out


def export(path: str | None, match_id: int) -> str | None:
    """The match as a replay file, or None when the journal has no such match."""
    journal = _open(path)
    if journal is None:
        return None
    try:
        if not any(r.id == match_id for r in journal.history()):
            return None
        return journal.export(match_id)
    finally:
        journal.close()


def steps(text: str) -> Replay:
    """Fold a replay file line by line (what ``pitchside replay`` does), keeping each step."""
    lines = [(i, ln.strip()) for i, ln in enumerate(text.splitlines(), start=1)
             if ln.strip() and not ln.strip().startswith("#")]
    if not lines:
        return Replay("?", ("A", "B"), (), "empty replay")
    try:
        header = parse_header(json.loads(lines[0][1]), lines[0][0])
    except (PitchsideError, ValueError) as exc:
        return Replay("?", ("A", "B"), (), str(exc))
    sides = header.sides or {}
    names = (sides.get("A", "A"), sides.get("B", "B"))
    match = Match.start(header.codec, header.options)
    moves: list[Move] = []
    for number_, raw in lines[1:]:
        try:
            obj = json.loads(raw)
            name, inp = parse_input_line(header.codec, obj, number_)
        except (PitchsideError, ValueError) as exc:
            return Replay(header.codec.name, names, tuple(moves), str(exc))
        fields = ", ".join(f"{k}={json.dumps(v)}" for k, v in obj.items() if k not in ("input", "at"))
        ok, why = True, ""
        try:
            match = match.undo()[0] if inp is None else match.apply(inp)[0]
        except IllegalInput as exc:
            ok, why = False, reason(header, exc)
        score = match.score()
        moves.append(Move(number_, name, fields, ok, why, {s: number(score[s]) for s in ("A", "B")},
                          match.turn(), match.status()))
    return Replay(header.codec.name, names, tuple(moves))
