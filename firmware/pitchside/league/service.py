"""The league's glue: one MQTT message in (topic, payload, the time), the store and the
wall updated, the wall snapshot handed to the hub. No MQTT client here
(:mod:`pitchside.league.subscriber` has it), so tests feed it directly too.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pitchside.league import verify
from pitchside.league.store import Store, StoreError
from pitchside.league.wall import ALL, Wall
from pitchside.wire import messages as wire
from pitchside.wire.errors import WireError
from pitchside.wire.topics import Topic, parse_topic
from pitchside.wire.uplink import KIND as UPLINK
from pitchside.wire.uplink import parse_uplink, uplink_venue

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Counts:
    """Messages handled: results new (counted, refused), copies, and unreadable ones."""

    messages: int = 0
    counted: int = 0
    refused: int = 0
    copies: int = 0
    unreadable: int = 0


class League:
    """The league of one venue, or of every venue (``venue`` :data:`~pitchside.league.wall.ALL`:
    a region's, behind the venues' bridges).

    :param publish: called with each new wall snapshot (the hub's ``publish_threadsafe``).
    :param recent: results shown on the wall.
    """

    def __init__(self, store: Store, venue: str, boot: str,
                 publish: Callable[[dict[str, Any]], None] | None = None, recent: int = 8) -> None:
        self.store = store
        self.wall = Wall(venue, boot)
        self.publish = publish
        self.recent = recent
        self.counts = Counts()
        self._over_cap: dict[str, int] = {}
        self._lock = threading.Lock()
        self.on_result: Callable[[wire.Result | None, verify.Verdict, bool], None] | None = None
        self.after: Callable[[], None] | None = None
        """Called after a message that changed the wall (the table assigner, if on)."""
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        rows = self.store.recent(self.recent)
        counted, refused = self.store.count()
        self.wall.extra = {
            "recent": [{"n": r.n, "venue": r.venue, "game": r.game, "table": r.table, "names": list(r.names),
                        "score": [_num(x) for x in r.score], "winner": r.winner, "counted": r.counted,
                        "reason": r.reason} for r in rows],
            "results": counted, "refused": refused,
        }

    def handle(self, topic: str, payload: bytes, wall: float) -> None:
        """One message, parsed into its typed value (:mod:`pitchside.wire.messages`) or
        refused with the reason: a bad ``status``, ``state`` or ``events`` marks only its
        table's tile; a bad ``result`` is stored refused. A result is checked and stored
        (committed) before this returns, so the subscriber's acknowledgement never
        outruns the store.

        :raises pitchside.league.store.StoreError: a result not stored (the database
            locked past its busy wait, a full or failing disk): nothing changed, the
            caller must not acknowledge it and tries again.
        """
        link = uplink_venue(topic)
        if link is not None:
            if self.wall.venue == ALL:  # a venue's own league never depends on its uplink
                self._uplink(link, payload, wall)
            return
        where = parse_topic(topic)
        if where is None or self.wall.venue not in (ALL, where.venue) or where.kind == "cmd/fixture":
            return
        if where.kind == "result":
            self._result(where, payload, wall)
            return
        if where.kind == "audits":
            self._audits(where, payload, wall)
            return
        with self._lock:
            self.counts.messages += 1
            try:
                if not payload:  # a retained message cleared: the table's last one forgotten
                    changed = self.wall.on_cleared(where.table, where.kind, where.venue)
                else:
                    changed = self._wall_message(where, payload)
            except WireError as exc:
                self.counts.unreadable += 1
                log.warning("league: %s of %s refused: %s", where.kind, where.table, exc)
                changed = self.wall.on_bad(where.table, where.kind, str(exc), where.venue)
            if changed:
                self._changed()
        if changed and self.store.shared and where.kind in ("status", "state"):
            # the web processes' walls read it from the store (pitchside.league.follow)
            self.store.put_live(where.venue, where.table, where.kind, payload, wall)

    def _uplink(self, venue: str, payload: bytes, wall: float) -> None:
        """A venue's bridge notification (``1``, ``0``; empty: cleared): its tiles say
        whether the region hears the venue; a bad one is refused, the last state kept."""
        with self._lock:
            self.counts.messages += 1
            try:
                changed = self.wall.on_uplink(venue, None if not payload else parse_uplink(venue, payload).up, wall)
            except WireError as exc:
                self.counts.unreadable += 1
                log.warning("league: uplink of %s refused: %s", venue, exc)
                changed = self.wall.on_uplink_bad(venue, str(exc))
            if changed:
                self._changed()
        if changed and self.store.shared:
            self.store.put_live(venue, "", UPLINK, payload, wall)

    def _wall_message(self, where: Topic, payload: bytes) -> bool:
        """:raises WireError: the message breaks the contract."""
        if where.kind == "status":
            return self.wall.on_status(where.table, wire.parse(wire.Status, payload), where.venue)
        if where.kind == "state":
            return self.wall.on_state(where.table, wire.parse(wire.State, payload), where.venue)
        return self.wall.on_event(where.table, wire.parse(wire.Event, payload), where.venue)

    def _audits(self, where: Topic, payload: bytes, wall: float) -> None:
        """A table's audits and lifetime meters: the latest kept per table for the operator
        (``pitchside league audits``); a bad one is logged and the last good one kept."""
        if not payload:
            return  # a retained message cleared: the last one received stays
        with self._lock:
            self.counts.messages += 1
        try:
            msg = wire.parse(wire.Audits, payload)
            if (msg.venue, msg.table) != (where.venue, where.table):
                raise WireError(f"sent on {where.venue}/{where.table}'s topic but names {msg.venue}/{msg.table}")
        except WireError as exc:
            with self._lock:
                self.counts.unreadable += 1
            log.warning("league: audits of %s refused: %s", where.table, exc)
            return
        try:
            self.store.put_audits(where.venue, where.table, msg, wall)
        except StoreError as exc:
            log.error("league: audits of %s not stored (%s): the next ones will be", where.table, exc)

    def _log_refusal(self, table: str, reason: str, over_cap: bool) -> None:
        """A refusal to the log; past the table's cap only the first and every 1,000th
        (a flood of garbage never floods the journal)."""
        if not over_cap:
            log.warning("league: refused a result from %s: %s", table, reason)
            return
        n = self._over_cap[table] = self._over_cap.get(table, 0) + 1
        if n == 1 or n % 1000 == 0:
            log.warning("league: %d refused results from %s past the cap of %d: counted, not kept (latest: %s)",
                        n, table, self.store.refusals_kept, reason)

    def _changed(self) -> None:
        """The wall changed (under the lock): its snapshot to the hub, then ``after``."""
        if self.publish is not None:
            self.publish(self.wall.snapshot())
        if self.after is not None:
            self.after()

    def _result(self, where: Topic, payload: bytes, wall: float) -> None:
        """Check, store (outside the wall's lock: a locked database never holds up the
        wall), then count and show."""
        msg, verdict = judge(where, payload)
        # StoreError: raised, nothing counted
        added = self.store.add(msg, verdict, payload, wall, venue=where.venue, table=where.table)
        with self._lock:
            self.counts.messages += 1
            if added == "copy":
                self.counts.copies += 1
            elif added == "conflict":
                self.counts.refused += 1
                log.warning("league: a result from %s conflicts with the counted one of match %s: kept, not counted",
                            where.table, msg.match if msg is not None else "")
            elif verdict.ok:
                self.counts.counted += 1
            else:
                self.counts.refused += 1
                self._log_refusal(where.table, verdict.reason, added == "over_cap")
            if self.on_result is not None:
                self.on_result(msg, verdict, added != "copy")
            if added in ("kept", "conflict"):
                self._refresh_recent()
                self._changed()


def judge(where: Topic, payload: bytes) -> tuple[wire.Result | None, verify.Verdict]:
    """A result's payload parsed (None: no ``result``) and checked, bound to the venue and
    table of its topic ``where``: the verdict the store keeps with it."""
    msg: wire.Result | None = None
    try:
        msg = wire.parse(wire.Result, payload)
    except WireError as exc:
        return None, verify.refuse(f"malformed result: {exc}")
    try:
        verdict = verify.check(msg)
    except Exception as exc:  # a bug in a game's rules must not lose the message: kept, refused
        log.exception("league: checking a result from %s failed", where.table)
        verdict = verify.refuse(f"could not be checked ({type(exc).__name__}): kept, not counted")
    if verdict.ok and msg.venue != where.venue:
        verdict = verify.refuse(f"sent on venue {where.venue}'s topic but names venue {msg.venue!r}")
    elif verdict.ok and msg.table != where.table:
        verdict = verify.refuse(f"sent on table {where.table}'s topic but names table {msg.table!r}")
    return msg, verdict


def _num(x: float | None) -> int | float | None:
    return None if x is None else int(x) if float(x).is_integer() else x
