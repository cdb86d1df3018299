"""The journal's matches for ``/matches`` (read-only) and a stored match move by move,
with each refusal explained by its rule ID and words: the inputs the table refused as
it played (kept beside the match, never replayed: :mod:`pitchside.app.refusals`) and
any line of the replay file the rules refuse (the replay format's ``reason``,
docs/spec/replay.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pitchside.app.journal import Journal
from pitchside.app.refusals import Refusal
from pitchside.core.errors import IllegalInput, PitchsideError
from pitchside.core.match import AnyMatch, Match
from pitchside.core.record.format import parse_header, parse_input_line, reason
from pitchside.web.feed import number, words


def plain(name: str, obj: dict[str, Any]) -> str:
    """An input its step said nothing about, plainly: ``shot: called, twenty``."""
    parts = []
    for k, v in obj.items():
        if k in ("input", "at") or v is False or v is None or v == [] or v == 0:
            continue
        k = k.replace("_", " ")
        parts.append(k if v is True else f"{k} {', '.join(map(str, v)) if isinstance(v, list) else v}")
    head = name.replace("_", " ")
    return head[:1].upper() + head[1:] + (": " + ", ".join(parts) if parts else "")


@dataclass(frozen=True, slots=True)
class Move:
    """One line of a replay after its fold: ``line`` (1-based), the input's ``name``,
    ``accepted`` or the refusal's ``reason`` (rule ID first), then the score and the side
    to play after it (the typed face). An input the table refused as it played has no
    line (``line`` None): ``name`` is what was turned down (``press undo``)."""

    line: int | None
    name: str
    fields: str
    accepted: bool
    reason: str
    score: dict[str, int | float]
    turn: str | None
    status: str
    words: str = ""
    """What the input did in the panels' words (its step's notices, worded by the game),
    or the input plainly when its step said nothing."""


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


def refusals(path: str | None, match_id: int) -> list[Refusal]:
    """The inputs the table refused during the match (``[]``: none, or no journal)."""
    journal = _open(path)
    if journal is None:
        return []
    try:
        return journal.refusals(match_id)
    finally:
        journal.close()


def _refused_move(r: Refusal, after: Move | None, initial: AnyMatch) -> Move:
    """A refusal as a row: the score and turn stay those before it (it changed nothing)."""
    if after is not None:
        return Move(None, r.event, "", False, f"{r.rule}: {r.text}" if r.rule else r.text,
                    after.score, after.turn, after.status)
    score = initial.score()
    return Move(None, r.event, "", False, f"{r.rule}: {r.text}" if r.rule else r.text,
                {s: number(score[s]) for s in ("A", "B")}, initial.turn(), initial.status())


def steps(text: str, refused: list[Refusal] | tuple[Refusal, ...] = ()) -> Replay:
    """Fold a replay file line by line (what ``pitchside replay`` does), keeping each step;
    ``refused`` (the journal's refusals of the match) go in after the line they followed
    (:attr:`Refusal.after` lines of the file)."""
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
    initial = match
    moves: list[Move] = []
    pending = sorted(refused, key=lambda r: r.after)

    def flush(done: int) -> None:
        while pending and pending[0].after <= done:
            moves.append(_refused_move(pending.pop(0), moves[-1] if moves else None, initial))

    flush(0)
    for done, (number_, raw) in enumerate(lines[1:], start=1):
        try:
            obj = json.loads(raw)
            name, inp = parse_input_line(header.codec, obj, number_)
        except (PitchsideError, ValueError) as exc:
            return Replay(header.codec.name, names, tuple(moves), str(exc))
        fields = ", ".join(f"{k}={json.dumps(v)}" for k, v in obj.items() if k not in ("input", "at"))
        ok, why, said = True, "", ""
        try:
            match, step = match.undo() if inp is None else match.apply(inp)
            said = " · ".join(words(match, n, names).long for n in step.effects)
        except IllegalInput as exc:
            ok, why = False, reason(header, exc)
        score = match.score()
        moves.append(Move(number_, name, fields, ok, why, {s: number(score[s]) for s in ("A", "B")},
                          match.turn(), match.status(), said or plain(name, obj)))
        flush(done)
    flush(len(lines))  # any left (a line that did not reach the journal)
    return Replay(header.codec.name, names, tuple(moves))
