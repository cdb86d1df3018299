"""The MQTT topics and messages of a table (docs/spec/mqtt.md), built through the typed
contract of :mod:`pitchside.wire` and handed to the link as JSON-ready dicts.

Pure: no clock, no I/O; the link gives the times, ids and journal lines.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pitchside.app.outbox import Audits
from pitchside.core.record.format import replay
from pitchside.core.sides import SIDES
from pitchside.web import feed
from pitchside.wire import messages as wire
from pitchside.wire.topics import KINDS as KINDS
from pitchside.wire.topics import ROOT as ROOT
from pitchside.wire.topics import topic as topic

VERSION = wire.VERSION
digest = wire.digest
encode = wire.encode


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
    return wire.Status(online, boot, venue, table, name, version, tuple(games),
                       None if online else why or "lost").to_json()


def state(snapshot: dict[str, Any], journal_uid: str | None) -> dict[str, Any]:
    """The ``state`` message: the web feed's snapshot (docs/spec/feed.md) with the
    match's club id added as ``match.uid``. The keys of it a league reads are typed by
    :class:`pitchside.wire.messages.State` (every game's snapshots parse: the league's
    broker test plays each game through and finds no table marked "bad data")."""
    out = dict(snapshot)
    m = dict(out.get("match") or {})
    m["uid"] = match_uid(journal_uid, m.get("id"))
    out["match"] = m
    return out


def event(*, boot: str, journal_uid: str, match_id: int, seq: int, line: dict[str, Any]) -> dict[str, Any]:
    """The ``events`` message of one journaled line: ``seq`` counts the match's lines
    from 1 (the header is 0), so a gap shows a missed event."""
    return wire.Event(boot, match_uid(journal_uid, match_id), seq, line).to_json()


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
    told = None
    if outcome is not None:
        notice = feed.notice_json(match, outcome.cause, names)
        told = wire.Outcome(outcome.winner, None if outcome.winner is None else names[0 if outcome.winner == "A" else 1],
                            notice["rule"], notice["code"], notice["text"], notice["short"])
    uid = match_uid(journal_uid, match_id)
    if uid is None:
        raise ValueError(f"match {match_id} has no club id")
    return wire.Result(venue, table, boot, uid, str(header["game"]), wire.Names(*names),
                       wire.Score(*(feed.number(score[s]) for s in SIDES)), told, ended_wall, ended_synced,
                       tuple(lines), digest(lines)).to_json()


def audits(*, venue: str, table: str, boot: str, read_wall: float | None, currency: str, since: str,
           books: Audits) -> dict[str, Any]:
    """The ``audits`` message (retained) of a paying table: the audits since the last
    reset added up (:func:`pitchside.core.audits.total`) and the lifetime meters, as
    ``books`` (:meth:`pitchside.app.outbox.Outbox.audits`) read them; ``since`` the last
    reset's ISO 8601 date (``""``: never)."""
    from pitchside.core.audits import total  # only on a paying table (start-up)

    t = total(books.days)
    counts = wire.Counts(t.coin_count, t.paid, t.bonus, t.free, t.game_count, t.spent, t.faults)
    return wire.Audits(venue, table, boot, read_wall, currency, since, len(books.resets), counts,
                       books.lifetime).to_json()
