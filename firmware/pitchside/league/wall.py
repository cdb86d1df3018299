"""The venue wall (pure): every table's latest ``status`` and ``state`` (docs/spec/mqtt.md,
typed by :mod:`pitchside.wire.messages`) folded into one snapshot for one SSE stream (the
web view's :class:`~pitchside.web.hub.Hub`: latest wins), plus the ``events`` seq check
(a missed event is a gap).

A table whose latest ``status``, ``state`` or ``events`` breaks the contract is marked
"bad data" with the reason, on its own tile only; its next good message clears the mark.
Every row is built from typed values, so no message can make :meth:`Wall.snapshot` raise.

A region's wall (``venue`` :data:`ALL`) holds every venue's tables, keyed by venue and
table; each row names its venue, and the snapshot lists the venues (the pages filter
by venue). It also shows each venue's uplink to the region (``pitchside/<venue>/uplink``,
:mod:`pitchside.wire.uplink`): while it is down, ``link_down`` on that venue's rows and
in ``uplinks`` ("link down since HH:MM", the region's local time it went down).

No clock and no I/O: the subscriber hands in each message and the time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from pitchside.wire.messages import Event, State, Status

VERSION = 1
ALL = "+"
"""The venue of a region's wall: every venue (the MQTT single-level wildcard)."""


def clock(wall: float) -> str:
    """``wall`` (Unix seconds) as ``HH:MM`` in this machine's local time."""
    return time.strftime("%H:%M", time.localtime(wall))


@dataclass(frozen=True, slots=True)
class LinkView:
    """A venue's uplink as the region knows it: ``down_since`` the time (Unix seconds)
    it was first seen down, None while it is up; ``bad`` the reason its last
    notification was refused."""

    venue: str
    down_since: float | None = None
    bad: str | None = None

    def row(self) -> dict[str, Any]:
        since = self.down_since
        return {"venue": self.venue, "up": since is None, "since": since,
                "at": None if since is None else clock(since), "bad": self.bad}


@dataclass(slots=True)
class TableView:
    """What the wall knows of one table: ``bad`` the reason its last message was
    refused (``"state: 'names.A' must be a string, not a list"``), else None."""

    venue: str
    table: str
    status: Status | None = None
    state: State | None = None
    events: int = 0
    gaps: int = 0
    last_event: tuple[str, str, int] | None = None  # (boot, match, seq)
    bad: str | None = None

    def row(self) -> dict[str, Any]:
        """The table as the wall shows it (JSON)."""
        st, s = self.status, self.state
        names = s.names if s is not None else None
        outcome = s.outcome if s is not None else None
        return {
            "venue": self.venue,
            "table": self.table,
            "name": (st.name if st is not None and st.name else None) or (s.table if s is not None else None)
            or self.table,
            "online": st.online if st is not None else False,
            "why": st.why if st is not None else None,
            "game": (s.game if s is not None else None) or (st.games[0] if st is not None and st.games else None),
            "title": s.title if s is not None else None,
            "mode": s.mode if s is not None else None,
            "status": s.status if s is not None else None,
            "names": {"A": names.a if names else "A", "B": names.b if names else "B"},
            "score": s.score.to_json() if s is not None and s.score is not None else {},
            "turn_name": s.turn_name if s is not None else None,
            "result": (outcome.short or outcome.text) if outcome is not None else None,
            "refusal": s.refusal_rule if s is not None else None,
            "seq": s.seq if s is not None else None,
            "events": self.events,
            "gaps": self.gaps,
            "bad": self.bad,
        }


class Wall:
    """Every table of one venue (or of every venue: ``venue`` :data:`ALL`). Each ``on_*``
    takes the table and its venue (default the wall's) and returns True when the wall
    changed."""

    def __init__(self, venue: str, boot: str) -> None:
        self.venue = venue
        self.boot = boot
        self.views: dict[tuple[str, str], TableView] = {}
        """Every table's view, by ``(venue, table)``."""
        self.seq = 0
        self.extra: dict[str, Any] = {}
        self.links: dict[str, LinkView] = {}
        """Each venue's uplink, by venue (a region's wall)."""

    @property
    def tables(self) -> dict[str, TableView]:
        """The tables of the wall's own venue, by table id (a venue's assigner reads them)."""
        return {t: v for (venue, t), v in self.views.items() if venue == self.venue}

    def venues(self) -> list[str]:
        return sorted({venue for venue, _ in self.views} | set(self.links))

    def on_uplink(self, venue: str, up: bool | None, wall: float) -> bool:
        """Venue ``venue``'s uplink up or down (None: its retained notification cleared)
        at ``wall``; a repeated ``0`` (retained, on reconnect) keeps the first time."""
        old = self.links.get(venue)
        if up is None:
            return self.links.pop(venue, None) is not None
        new = LinkView(venue, None if up else (old.down_since if old is not None and old.down_since is not None
                                               else wall))
        self.links[venue] = new
        return new != old

    def on_uplink_bad(self, venue: str, reason: str) -> bool:
        """A notification that is not ``1`` or ``0``: the link's last known state stays."""
        old = self.links.get(venue) or LinkView(venue)
        self.links[venue] = LinkView(venue, old.down_since, f"uplink: {reason}")
        return True

    def _table(self, table: str, venue: str | None) -> TableView:
        key = (venue or self.venue, table)
        t = self.views.get(key)
        if t is None:
            t = self.views[key] = TableView(*key)
        return t

    def on_bad(self, table: str, kind: str, reason: str, venue: str | None = None) -> bool:
        """A message of ``table`` that broke the contract: its tile says so."""
        t = self._table(table, venue)
        t.bad = f"{kind}: {reason}"
        return True

    def on_cleared(self, table: str, kind: str, venue: str | None = None) -> bool:
        """An empty payload: a retained ``status`` or ``state`` cleared (forgotten)."""
        t = self._table(table, venue)
        if kind == "status":
            t.status = None
        elif kind == "state":
            t.state = None
        else:
            return False
        t.bad = None
        return True

    def on_status(self, table: str, msg: Status, venue: str | None = None) -> bool:
        """A ``status``: a death of an older boot than the birth we hold is ignored
        (a will can arrive after the next run's birth)."""
        t = self._table(table, venue)
        old = t.status
        if not msg.online and old is not None and old.online and old.boot != msg.boot:
            return False
        t.status, t.bad = msg, None
        return True

    def on_state(self, table: str, msg: State, venue: str | None = None) -> bool:
        t = self._table(table, venue)
        old = t.state
        if old is not None and old.boot == msg.boot and msg.seq <= old.seq:
            return False  # a repeat or an older one (retained on reconnect)
        t.state, t.bad = msg, None
        return True

    def on_event(self, table: str, msg: Event, venue: str | None = None) -> bool:
        """An ``events`` line: counted, and a seq that skips counts a gap (a new
        match or boot starts again)."""
        t = self._table(table, venue)
        boot, match, seq = msg.boot, str(msg.match), msg.seq
        last = t.last_event
        if last is not None and last[0] == boot and last[1] == match:
            if seq <= last[2]:
                return False  # a copy (QoS 1 may deliver twice)
            t.gaps += seq - last[2] - 1
        elif seq > 1:
            t.gaps += seq - 1
        t.events += 1
        t.last_event = (boot, match, seq)
        return True

    def snapshot(self) -> dict[str, Any]:
        """The wall now, with a fresh ``seq`` (the hub keeps the latest)."""
        self.seq += 1
        links = {v: self.links[v].row() for v in sorted(self.links)}
        rows = []
        for k in sorted(self.views):
            row = self.views[k].row()
            link = links.get(k[0])
            row["link_down"] = link["at"] if link is not None else None
            rows.append(row)
        return {"v": VERSION, "seq": self.seq, "boot": self.boot, "venue": self.venue, "venues": self.venues(),
                "tables": rows, "uplinks": list(links.values()), **self.extra}
