"""A result is checked before it counts (issue 17 item 3): its journal lines replay
through the rules (:func:`pitchside.core.record.format.replay`, the game's codec and
the :class:`~pitchside.core.match.Match` fold) to the names, score and outcome the
result reports, and their digest is the reported one (docs/spec/mqtt.md, ``result``).

Pure: no clock, no I/O. :func:`check` never raises on a bad message; it says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pitchside.club import messages
from pitchside.core.record.format import ReplayFormatError, replay
from pitchside.core.sides import SIDES
from pitchside.web import feed

MAX_WALL = 253_402_300_799
"""The last second of the year 9999: a later ``ended_wall`` is no time a table had."""

MAX_LINES = 20_000
"""A result with more lines than this is refused unread (a match has a few hundred)."""


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


def _shape(msg: Mapping[str, Any]) -> str | None:
    """The first missing or mistyped key of a ``result`` message, or None."""
    if msg.get("v") != messages.VERSION:
        return f"message version {msg.get('v')!r}, this league reads {messages.VERSION}"
    for key, kind in (("match", str), ("digest", str), ("game", str), ("lines", list), ("names", dict),
                      ("score", dict), ("venue", str), ("table", str)):
        if not isinstance(msg.get(key), kind):
            return f"{key!r} missing or not a {kind.__name__}"
    lines = msg["lines"]
    if not lines or len(lines) > MAX_LINES or not all(isinstance(x, str) for x in lines):
        return f"'lines' must be 1 to {MAX_LINES} strings"
    outcome = msg.get("outcome")
    if outcome is not None and not isinstance(outcome, dict):
        return "'outcome' must be an object or null"
    ended = msg.get("ended_wall")
    if ended is not None and (isinstance(ended, bool) or not isinstance(ended, (int, float))
                              or not 0 <= ended <= MAX_WALL):
        return f"'ended_wall' {_short(ended)} is not a time (null or 0 to {MAX_WALL} s)"
    return None


def _short(value: Any) -> str:
    """``repr`` of a value, cut to 40 characters (a number past 64 bits, say)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check(msg: Mapping[str, Any]) -> Verdict:
    """Replay ``msg``'s lines and compare them with what it reports.

    :param msg: a decoded ``result`` message (docs/spec/mqtt.md).
    :returns: ``Verdict(ok=True, winner, score, rule, code)`` when the digest, the game,
        the names, the score and the outcome (winner, rule, code) are what the lines
        replay to and the match is finished with no refused line (a journal holds only
        accepted inputs and undos); else ``ok=False`` with the first difference.
    """
    problem = _shape(msg)
    if problem is not None:
        return refuse(f"malformed result: {problem}")
    lines: list[str] = msg["lines"]
    if messages.digest(lines) != msg["digest"]:
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
    if game != msg["game"]:
        return refuse(f"the lines are a {game} match, the result says {msg['game']}")
    sides = replayed.header.sides or {}
    names = {s: str(sides.get(s, s)) for s in SIDES}
    if msg["names"] != names:
        return refuse(f"names {msg['names']} but the lines' header has {names}")
    outcome = match.outcome()
    if match.status() != "finished" or outcome is None:
        return refuse("the lines do not finish the match")
    score: dict[str, int | float] = {s: feed.number(match.score()[s]) for s in SIDES}
    if msg["score"] != score:
        return refuse(f"score {msg['score']} but the lines replay to {score}")
    told = msg.get("outcome") or {}
    cause = outcome.cause
    for key, want in (("winner", outcome.winner), ("rule", cause.rule), ("code", cause.code)):
        if told.get(key) != want:
            return refuse(f"outcome {key} {told.get(key)!r} but the lines replay to {want!r} "
                          f"({cause.rule} {cause.code})")
    return Verdict(True, "", outcome.winner, score, cause.rule, cause.code, tuple(cause.params))
