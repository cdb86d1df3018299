"""A result is checked before it counts: its journal lines replay
through the rules (:func:`pitchside.core.record.format.replay`, the game's codec and
the :class:`~pitchside.core.match.Match` fold) to the names, score and outcome the
result reports, and their digest is the reported one (docs/spec/mqtt.md, ``result``).

Pure: no clock, no I/O. :func:`check` never raises on a bad message; it says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pitchside.core.record.format import ReplayFormatError, replay
from pitchside.core.sides import SIDES
from pitchside.wire import messages as wire
from pitchside.wire.errors import WireError
from pitchside.wire.messages import MAX_LINES as MAX_LINES
from pitchside.wire.messages import MAX_WALL as MAX_WALL


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`check` found: ``ok`` and, when not, ``reason`` (one sentence naming
    the first thing wrong). ``winner`` (``"A"``, ``"B"`` or None for a draw) and
    ``score`` are the replayed ones, when the lines replay."""

    ok: bool
    reason: str = ""
    winner: str | None = None
    score: dict[str, int | float] | None = None
    rule: str = ""
    code: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    def param(self, key: str) -> Any:
        """A parameter of the outcome's notice (e.g. ``side`` of ``MM-25 forfeit``), or None."""
        return dict(self.params).get(key)


def refuse(reason: str) -> Verdict:
    return Verdict(False, reason)


def check_json(msg: Mapping[str, Any]) -> Verdict:
    """:func:`check` of a decoded message: one that breaks the contract is refused
    ``malformed result: ...`` with the first key that is wrong."""
    try:
        result = wire.parse_json(wire.Result, msg)
    except WireError as exc:
        return refuse(f"malformed result: {exc}")
    return check(result)


def check(msg: wire.Result) -> Verdict:
    """Replay ``msg``'s lines and compare them with what it reports.

    :param msg: a ``result`` message, parsed (docs/spec/mqtt.md).
    :returns: ``Verdict(ok=True, winner, score, rule, code)`` when the digest, the game,
        the names, the score and the outcome (winner, rule, code) are what the lines
        replay to and the match is finished with no refused line (a journal holds only
        accepted inputs and undos); else ``ok=False`` with the first difference.
    """
    lines = list(msg.lines)
    if wire.digest(lines) != msg.digest:
        return refuse("the digest is not the lines' digest (lines changed or corrupt)")
    try:
        replayed = replay(lines)
    except ReplayFormatError as exc:
        return refuse(f"the lines do not replay: {exc}")
    except RecursionError:  # pragma: no cover - the format guards nesting itself
        return refuse("the lines do not replay: nested too deeply")
    if replayed.rejected:
        r = replayed.rejected[0]
        return refuse(f"line {r.line} ({r.input}) is refused by the rules: {r.reason}")
    match = replayed.match
    game = match.codec.name
    if game != msg.game:
        return refuse(f"the lines are a {game} match, the result says {msg.game}")
    sides = replayed.header.sides or {}
    names = {s: str(sides.get(s, s)) for s in SIDES}
    if msg.names.to_json() != names:
        return refuse(f"names {msg.names.to_json()} but the lines' header has {names}")
    outcome = match.outcome()
    if match.status() != "finished" or outcome is None:
        return refuse("the lines do not finish the match")
    score: dict[str, int | float] = {s: _number(match.score()[s]) for s in SIDES}
    if msg.score.to_json() != score:
        return refuse(f"score {msg.score.to_json()} but the lines replay to {score}")
    told = msg.outcome
    cause = outcome.cause
    for key, got, want in (("winner", told.winner if told else None, outcome.winner),
                           ("rule", told.rule if told else None, cause.rule),
                           ("code", told.code if told else None, cause.code)):
        if got != want:
            return refuse(f"outcome {key} {got!r} but the lines replay to {want!r} "
                          f"({cause.rule} {cause.code})")
    return Verdict(True, "", outcome.winner, score, cause.rule, cause.code, tuple(cause.params))


def _number(x: float) -> int | float:
    """A score as the table's JSON shows it: ``3`` not ``3.0``."""
    return int(x) if float(x).is_integer() else x
