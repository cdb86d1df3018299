"""Reading and writing replay files (docs/spec/replay.md, version 1).

A file is UTF-8 JSON Lines: a header, then one input per line. :func:`replay` folds
the inputs through the game's rules and returns the final state with the refusals;
:func:`dump` writes a match back out. Line numbers count from 1 (the header); blank
lines and ``#`` lines are skipped but counted.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pitchside.core.errors import IllegalInput, MalformedInput
from pitchside.core.record.codec import AnyCodec
from pitchside.core.record.games import codec_for
from pitchside.core.match import AnyMatch, Match

FORMAT_VERSION = 1
HEADER_KEYS = {"format", "game", "options", "rules_version", "sides"}


class ReplayFormatError(MalformedInput):
    """A malformed line: replay stops, exit status 2. ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True, slots=True)
class Header:
    """Line 1 of a replay file."""

    codec: AnyCodec
    options: Any
    rules_version: int | None = None
    sides: dict[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Rejection:
    """A refused input: its line, input name and the reason naming the rule."""

    line: int
    input: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "input": self.input, "reason": self.reason}


@dataclass(slots=True)
class ReplayResult:
    """What a replay gives: the match as folded, the refusals, and whether ``strict``
    stopped it at a refusal (then ``match`` is the state before that input)."""

    header: Header
    match: AnyMatch
    rejected: list[Rejection] = field(default_factory=list)
    stopped: bool = False

    @property
    def exit_status(self) -> int:
        """0 read to the end; 3 stopped by ``--strict`` at a refusal."""
        return 3 if self.stopped else 0

    def output(self) -> dict[str, Any]:
        """The spec's output object: the game's keys plus ``rejected``."""
        out = self.match.codec.output(self.match.state)
        out["rejected"] = [r.to_json() for r in self.rejected]
        return out


def parse_header(obj: Any, line: int = 1) -> Header:
    """:raises ReplayFormatError: not a version-1 header of a supported game."""
    if not isinstance(obj, dict):
        raise ReplayFormatError(line, "the header must be a JSON object")
    unknown = sorted(set(obj) - HEADER_KEYS)
    if unknown:
        raise ReplayFormatError(line, f"unknown header key(s) {', '.join(map(repr, unknown))}")
    fmt = obj.get("format")
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt != FORMAT_VERSION:
        raise ReplayFormatError(line, f"'format' must be {FORMAT_VERSION}, not {obj.get('format')!r}")
    try:
        codec = codec_for(obj.get("game"))
        options_raw = obj.get("options", {})
        if not isinstance(options_raw, dict):
            raise MalformedInput(f"'options' must be an object, not {options_raw!r}")
        options = codec.parse_options(options_raw)
    except MalformedInput as exc:
        raise ReplayFormatError(line, str(exc)) from None
    rules_version = obj.get("rules_version")
    if rules_version is not None:
        if isinstance(rules_version, bool) or not isinstance(rules_version, int) or rules_version < 1:
            raise ReplayFormatError(line, f"'rules_version' must be a positive integer, not {rules_version!r}")
        if rules_version > codec.rules_version:
            raise ReplayFormatError(
                line,
                f"written by {codec.name} rules version {rules_version}; this firmware has {codec.rules_version}",
            )
    sides = obj.get("sides")
    if sides is not None:
        if (
            not isinstance(sides, dict)
            or set(sides) - {"A", "B"}
            or not all(isinstance(v, str) for v in sides.values())
        ):
            raise ReplayFormatError(line, f"'sides' must be like {{\"A\": \"name\", \"B\": \"name\"}}, not {sides!r}")
    return Header(codec, options, rules_version, sides)


def parse_input_line(codec: AnyCodec, obj: Any, line: int) -> tuple[str, Any]:
    """One input line's object as ``(name, input)``; ``input`` is None for ``undo``.

    :raises ReplayFormatError: not an object, no ``input``, a bad ``at``, or anything
        the game's codec finds malformed.
    """
    if not isinstance(obj, dict):
        raise ReplayFormatError(line, "an input line must be a JSON object")
    fields = dict(obj)
    name = fields.pop("input", None)
    if not isinstance(name, str):
        raise ReplayFormatError(line, "missing 'input' name")
    at = fields.pop("at", None)
    if at is not None and (
        isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or at < 0
    ):
        raise ReplayFormatError(line, f"'at' must be seconds since the match started, not {at!r}")
    if name == "undo":
        if fields:
            raise ReplayFormatError(line, f"input 'undo': unknown field(s) {', '.join(map(repr, sorted(fields)))}")
        return name, None
    try:
        return name, codec.parse_input(name, fields)
    except MalformedInput as exc:
        raise ReplayFormatError(line, str(exc)) from None


def _numbered_objects(lines: Iterable[str]) -> Iterable[tuple[int, Any]]:
    for number, text in enumerate(lines, start=1):
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            yield number, json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise ReplayFormatError(number, f"not JSON: {exc.msg} (column {exc.colno})") from None
        except RecursionError:
            raise ReplayFormatError(number, "not a replay line: JSON nested too deeply") from None
        except ValueError as exc:  # an integer of more than 4,300 digits (sys.get_int_max_str_digits)
            raise ReplayFormatError(number, f"not a replay line: a number too long to read ({exc})") from None


def reason(header: Header, exc: IllegalInput) -> str:
    """A refusal's ``reason`` in the output: its rule ID, then the game's words for it
    (the same words the table shows), with the header's side names when it has them."""
    sides = header.sides or {}
    names = (sides.get("A", "A"), sides.get("B", "B"))
    return f"{exc.rule}: {header.codec.describe(exc.notice, names).long}"


def replay(lines: Iterable[str], strict: bool = False) -> ReplayResult:
    """Fold a replay file's lines through its game's rules.

    :param lines: the file's lines (``str``, with or without newlines).
    :param strict: stop at the first refusal (exit status 3), keeping the state before it.
    :raises ReplayFormatError: the first malformed line (exit status 2), or no header.
    """
    objects = iter(_numbered_objects(lines))
    first = next(objects, None)
    if first is None:
        raise ReplayFormatError(1, "empty file: no header")
    header = parse_header(first[1], first[0])
    result = ReplayResult(header, Match.start(header.codec, header.options))
    for number, obj in objects:
        name, inp = parse_input_line(header.codec, obj, number)
        try:
            if inp is None:
                result.match, _ = result.match.undo()
            else:
                result.match, _ = result.match.apply(inp)
        except IllegalInput as exc:
            result.rejected.append(Rejection(number, name, reason(header, exc)))
            if strict:
                result.stopped = True
                return result
    return result


def dump(
    match: AnyMatch,
    sides: Mapping[str, str] | None = None,
    at: Iterable[float | None] | None = None,
) -> str:
    """A match's inputs in effect as a replay file (header with ``rules_version``).

    :param at: optional seconds since the start, one per input (None to leave out).
    """
    header: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "game": match.codec.name,
        "options": match.codec.options_to_json(match.options),
        "rules_version": match.codec.rules_version,
    }
    if sides:
        header["sides"] = dict(sides)
    lines = [json.dumps(header)]
    times = list(at) if at is not None else []
    for i, inp in enumerate(match.inputs):
        obj = match.codec.input_to_json(inp)
        if i < len(times) and times[i] is not None:
            obj["at"] = round(times[i], 3)  # type: ignore[arg-type]
        lines.append(json.dumps(obj))
    return "\n".join(lines) + "\n"
