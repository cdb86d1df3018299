"""The league's glue: one MQTT message in (topic, payload, the time), the store and the
wall updated, the wall snapshot handed to the hub. No MQTT client here
(:mod:`pitchside.league.subscriber` has it), so tests feed it directly too.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pitchside.league import verify
from pitchside.league.store import Store
from pitchside.league.wall import Wall

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Counts:
    """Messages handled: results new (counted, refused), copies, and unreadable ones."""

    messages: int = 0
    counted: int = 0
    refused: int = 0
    copies: int = 0
    unreadable: int = 0


def parse_topic(topic: str) -> tuple[str, str, str] | None:
    """``(venue, table, kind)`` of ``pitchside/<venue>/<table>/<kind>``, else None."""
    parts = topic.split("/")
    if len(parts) != 4 or parts[0] != "pitchside":
        return None
    return parts[1], parts[2], parts[3]


class League:
    """The league of one venue.

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
        self._lock = threading.Lock()
        self.on_result: Callable[[dict[str, Any], verify.Verdict, bool], None] | None = None
        self.after: Callable[[], None] | None = None
        """Called after a message that changed the wall (the table assigner, if on)."""
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        rows = self.store.recent(self.recent)
        counted, refused = self.store.count()
        self.wall.extra = {
            "recent": [{"n": r.n, "game": r.game, "table": r.table, "names": list(r.names),
                        "score": [_num(x) for x in r.score], "winner": r.winner, "counted": r.counted,
                        "reason": r.reason} for r in rows],
            "results": counted, "refused": refused,
        }

    def handle(self, topic: str, payload: bytes, wall: float) -> None:
        """One message. A result is checked and stored (committed) before this returns,
        so the subscriber's acknowledgement never outruns the store.

        :raises pitchside.league.store.StoreError: a result not stored (the database
            locked past its busy wait, a full or failing disk): nothing changed, the
            caller must not acknowledge it and tries again.
        """
        where = parse_topic(topic)
        if where is None or where[0] != self.wall.venue:
            return
        venue, table, kind = where
        msg = _decode(payload)
        if kind == "result":
            self._result(venue, table, msg, payload, wall)
            return
        with self._lock:
            self.counts.messages += 1
            changed = False
            if msg is None:
                self.counts.unreadable += 1
            elif kind == "status":
                changed = self.wall.on_status(table, msg)
            elif kind == "state":
                changed = self.wall.on_state(table, msg)
            elif kind == "events":
                changed = self.wall.on_event(table, msg)
            if changed:
                self._changed()

    def _changed(self) -> None:
        """The wall changed (under the lock): its snapshot to the hub, then ``after``."""
        if self.publish is not None:
            self.publish(self.wall.snapshot())
        if self.after is not None:
            self.after()

    def _result(self, venue: str, table: str, msg: dict[str, Any] | None, payload: bytes, wall: float) -> None:
        """Check, store (outside the wall's lock: a locked database never holds up the
        wall), then count and show."""
        if msg is None:
            verdict = verify.refuse("malformed result: not a JSON object")
            msg = {}
        else:
            try:
                verdict = verify.check(msg)
            except Exception as exc:  # a bug in a game's rules must not lose the message: kept, refused
                log.exception("league: checking a result from %s failed", table)
                verdict = verify.refuse(f"could not be checked ({type(exc).__name__}): kept, not counted")
            if verdict.ok and msg.get("venue") != venue:
                verdict = verify.refuse(f"sent on venue {venue}'s topic but names venue {msg.get('venue')!r}")
            elif verdict.ok and msg.get("table") != table:
                verdict = verify.refuse(f"sent on table {table}'s topic but names table {msg.get('table')!r}")
        # StoreError: raised, nothing counted
        new = self.store.add(msg, verdict, payload, wall, venue=venue, table=table)
        with self._lock:
            self.counts.messages += 1
            if not new:
                self.counts.copies += 1
            elif verdict.ok:
                self.counts.counted += 1
            else:
                self.counts.refused += 1
                log.warning("league: refused a result from %s: %s", table, verdict.reason)
            if self.on_result is not None:
                self.on_result(msg, verdict, new)
            if new:
                self._refresh_recent()
                self._changed()


def _decode(payload: bytes) -> dict[str, Any] | None:
    """A payload's JSON object, or None (not JSON, not an object, nested too deep)."""
    try:
        msg = json.loads(payload)
    except (ValueError, RecursionError):
        return None
    return msg if isinstance(msg, dict) else None


def _num(x: float | None) -> int | float | None:
    return None if x is None else int(x) if float(x).is_integer() else x
