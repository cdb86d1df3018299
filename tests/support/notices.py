"""The notices a scenario file meets, for the words tests of every game: each accepted
input's notices, each refusal's notice, and the outcome's cause, in file order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pitchside.core.errors import IllegalInput
from pitchside.core.match import Match
from pitchside.core.notice import Notice
from pitchside.core.record.format import _numbered_objects, parse_header, parse_input_line


def fold_steps(path: Path) -> Iterator[tuple[Match, tuple[Notice, ...]]]:
    """Fold the replay file ``path``: after each input line, the match and the notices
    that line gave (its step's notices, or its refusal's; none for an undo)."""
    with path.open(encoding="utf-8") as fh:
        objects = iter(_numbered_objects(fh))
        number, first = next(objects)
        header = parse_header(first, number)
        match = Match.start(header.codec, header.options)
        for number, obj in objects:
            _, inp = parse_input_line(header.codec, obj, number)
            if inp is None:
                match = match.undo()[0]
                yield match, ()
                continue
            try:
                match, step = match.apply(inp)
            except IllegalInput as exc:
                assert exc.notice is not None, exc  # every refusal is typed
                yield match, (exc.notice,)
                continue
            yield match, tuple(n for n in step.effects if isinstance(n, Notice))


def scenario_notices(path: Path) -> list[Notice]:
    """Every notice, refusal and outcome cause met while folding ``path``."""
    seen: list[Notice] = []
    match = None
    for match, notices in fold_steps(path):
        seen.extend(notices)
    result = match.outcome() if match is not None else None
    if result is not None:
        seen.append(result.cause)
    return seen
