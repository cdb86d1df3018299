"""The MQTT topics and messages of a table (docs/spec/mqtt.md), as JSON-ready dicts.

Pure: no clock, no I/O; the link gives the times, ids and journal lines.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from pitchside.core.record.format import replay
from pitchside.core.sides import SIDES
from pitchside.web import feed

VERSION = 1
"""``v`` of every message: an added key keeps it; a changed or removed key bumps it."""

ROOT = "pitchside"
KINDS = ("status", "state", "events", "result")


def topic(venue: str, table: str, kind: str) -> str:
    """``pitchside/<venue>/<table>/<kind>``, ``kind`` one of :data:`KINDS`.

    :raises ValueError: an unknown kind.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown topic kind {kind!r}: one of {', '.join(KINDS)}")
    return f"{ROOT}/{venue}/{table}/{kind}"


def encode(message: dict[str, Any]) -> bytes:
    """A message as its payload: compact UTF-8 JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def match_uid(journal_uid: str | None, match_id: int | None) -> str | None:
    """A match's id across the club: ``"<journal uid>-<row id>"``; None before the match
    is stored, for a match kept in memory only, or with no journal."""
    if journal_uid is None or match_id is None or match_id <= 0:
        return None
    return f"{journal_uid}-{match_id}"


def status(*, online: bool, boot: str, venue: str, table: str, name: str, version: str,
           games: Sequence[str], why: str | None = None) -> dict[str, Any]:
    """The ``status`` message: the birth (``online: true``) or the death (``online:
    false``, ``why`` ``"lost"`` for the last will, ``"stopped"`` for a clean stop).
    ``boot`` tells two runs apart (a will can arrive after the next run's birth)."""
    out: dict[str, Any] = {"v": VERSION, "online": online, "boot": boot, "venue": venue, "table": table,
                           "name": name, "version": version, "games": list(games)}
    if not online:
        out["why"] = why or "lost"
    return out


def state(snapshot: dict[str, Any], journal_uid: str | None) -> dict[str, Any]:
    """The ``state`` message: the web feed's snapshot (docs/spec/feed.md) with the
    match's club id added as ``match.uid``."""
    out = dict(snapshot)
    m = dict(out.get("match") or {})
    m["uid"] = match_uid(journal_uid, m.get("id"))
    out["match"] = m
    return out


def event(*, boot: str, journal_uid: str, match_id: int, seq: int, line: dict[str, Any]) -> dict[str, Any]:
    """The ``events`` message of one journaled line: ``seq`` counts the match's lines
    from 1 (the header is 0), so a gap shows a missed event."""
    return {"v": VERSION, "boot": boot, "match": match_uid(journal_uid, match_id), "seq": seq, "line": line}


def digest(lines: Sequence[str]) -> str:
    """``"sha256:<hex>"`` over the canonical form of a match: its lines as the journal
    holds them (header first), each followed by one ``\\n``, as UTF-8: byte for byte the
    replay file ``pitchside export`` writes."""
    return "sha256:" + hashlib.sha256("".join(f"{line}\n" for line in lines).encode("utf-8")).hexdigest()


def result(*, venue: str, table: str, boot: str, journal_uid: str, match_id: int, lines: Sequence[str],
           ended_wall: float | None, ended_synced: bool) -> dict[str, Any]:
    """The ``result`` message of a finished match: its lines (the replay file), the
    names, score and outcome they replay to, and their :func:`digest`.

    :raises pitchside.core.record.format.ReplayFormatError: lines that do not replay.
    """
    match = replay(lines).match
    header = json.loads(lines[0])
    sides = header.get("sides") or {}
    names = (str(sides.get("A", "A")), str(sides.get("B", "B")))
    score = match.score()
    outcome = match.outcome()
    return {
        "v": VERSION,
        "venue": venue,
        "table": table,
        "boot": boot,
        "match": match_uid(journal_uid, match_id),
        "game": header["game"],
        "names": {"A": names[0], "B": names[1]},
        "score": {s: feed.number(score[s]) for s in SIDES},
        "outcome": None if outcome is None else {
            "winner": outcome.winner,
            "winner_name": None if outcome.winner is None else names[0 if outcome.winner == "A" else 1],
            **feed.notice_json(match, outcome.cause, names),
        },
        "ended_wall": ended_wall,
        "ended_synced": ended_synced,
        "lines": list(lines),
        "digest": digest(lines),
    }
