"""A web process's wall when several processes share the store (PostgreSQL): built from
the store and kept live by PostgreSQL's ``LISTEN``/``NOTIFY``, so every web process
shows every table and result whichever worker received it, without polling.

The workers keep each table's latest ``status`` and ``state`` in the store
(:meth:`pitchside.league.store.Store.put_live`) and every change is announced on
:data:`pitchside.league.store.CHANNEL` when it commits: ``live KIND VENUE TABLE``
(``live uplink VENUE `` a venue's uplink), ``result N``, ``league``, ``roster``. A
:class:`Follower` listens on its own connection, reads what each announcement names and
hands the new wall snapshot to the hub. On start, and after its connection is lost (the
server restarted), it listens first and then reads everything again, so nothing
announced in between is missed.

What a follower's wall does not show: the ``events`` counts and gaps (the lines are
not kept in the store; a worker's own wall has them).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from pitchside.league.engines import EngineError, Listener
from pitchside.league.store import CHANNEL, Live, Store, StoreError
from pitchside.league.wall import ALL, Wall
from pitchside.wire import messages as wire
from pitchside.wire.errors import WireError
from pitchside.wire.uplink import KIND as UPLINK
from pitchside.wire.uplink import parse_uplink

log = logging.getLogger(__name__)


def recent_rows(store: Store, limit: int) -> dict[str, Any]:
    """The wall's ``recent``, ``results`` and ``refused`` keys from the store."""
    counted, refused = store.count()
    return {
        "recent": [{"n": r.n, "venue": r.venue, "game": r.game, "table": r.table, "names": list(r.names),
                    "score": [_num(x) for x in r.score], "winner": r.winner, "counted": r.counted,
                    "reason": r.reason} for r in store.recent(limit)],
        "results": counted, "refused": refused,
    }


def _num(x: float | None) -> int | float | None:
    return None if x is None else int(x) if float(x).is_integer() else x


def apply_live(wall: Wall, store: Store, venue: str, table: str, kind: str) -> bool:
    """Read the table's kept ``kind`` message and show it (gone: cleared); a table of
    another venue than a venue's wall shows is left out."""
    if wall.venue not in (ALL, venue) or kind not in ("status", "state", UPLINK):
        return False  # audits: kept beside the live messages, no wall shows them
    kept = [x for x in store.live(venue, table) if x.kind == kind]
    if kind == UPLINK:
        return apply_uplink(wall, venue, kept[0] if kept else None)
    if not kept:
        return wall.on_cleared(table, kind, venue)
    try:
        if kind == "status":
            return wall.on_status(table, wire.parse(wire.Status, kept[0].payload), venue)
        return wall.on_state(table, wire.parse(wire.State, kept[0].payload), venue)
    except WireError as exc:
        return wall.on_bad(table, kind, str(exc), venue)


def apply_uplink(wall: Wall, venue: str, kept: Live | None) -> bool:
    """Show venue ``venue``'s kept uplink (None: forgotten), down since it was stored."""
    if kept is None:
        return wall.on_uplink(venue, None, 0.0)
    try:
        return wall.on_uplink(venue, parse_uplink(venue, kept.payload).up, kept.wall)
    except WireError as exc:
        return wall.on_uplink_bad(venue, str(exc))


class Follower:
    """Keeps ``wall`` equal to the store's live tables and results, and hands each new
    snapshot to ``publish`` (the hub's ``publish_threadsafe``).

    :param url: the store's PostgreSQL URL (the follower listens on a connection of its own).
    :param retry_s: how long to wait before listening again after the connection is lost.
    """

    def __init__(self, store: Store, url: str, wall: Wall, publish: Callable[[dict[str, Any]], None],
                 recent: int = 8, retry_s: float = 1.0) -> None:
        self.store, self.url, self.wall, self.publish = store, url, wall, publish
        self.recent = recent
        self.retry_s = retry_s
        self.notes = 0
        """Announcements received (for tests and the bench)."""
        self.loads = 0
        """Full reads of the store (the first, and one after each lost connection)."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pitchside-league-follow", daemon=True)

    def start(self) -> Follower:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10)

    def load(self) -> None:
        """Read every live table and the recent results, and publish the wall."""
        for live in self.store.live():
            apply_live(self.wall, self.store, live.venue, live.table, live.kind)
        self.wall.extra = recent_rows(self.store, self.recent)
        self.loads += 1
        self.publish(self.wall.snapshot())

    def handle(self, note: str) -> bool:
        """One announcement; True when the wall changed."""
        self.notes += 1
        word, _, rest = note.partition(" ")
        if word == "live":
            parts = rest.split(" ")
            if len(parts) == 3 and parts[0] in ("status", "state", UPLINK):
                return apply_live(self.wall, self.store, parts[1], parts[2], parts[0])
            return False
        if word == "result":
            self.wall.extra = recent_rows(self.store, self.recent)
            return True
        return False

    def _run(self) -> None:
        listener: Listener | None = None
        while not self._stop.is_set():
            try:
                if listener is None:
                    listener = Listener(self.url, CHANNEL)  # listen first, then read: nothing falls between
                    self.load()
                changed = False
                for note in listener.wait(0.5):
                    changed = self.handle(note) or changed
                if changed:
                    self.publish(self.wall.snapshot())
            except (EngineError, StoreError) as exc:
                log.warning("league: the store's announcements were lost (%s): listening again in %.0f s",
                            exc, self.retry_s)
                if listener is not None:
                    listener.close()
                listener = None
                self._stop.wait(self.retry_s)
        if listener is not None:
            listener.close()
