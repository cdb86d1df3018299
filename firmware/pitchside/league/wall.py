"""The venue wall (pure): every table's latest ``status`` and ``state`` (docs/spec/mqtt.md)
folded into one snapshot for one SSE stream (the web view's :class:`~pitchside.web.hub.Hub`:
latest wins), plus the ``events`` seq check (a missed event is a gap).

No clock and no I/O: the subscriber hands in each message and the time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

VERSION = 1


@dataclass(slots=True)
class TableView:
    """What the wall knows of one table."""

    venue: str
    table: str
    status: dict[str, Any] = field(default_factory=dict)
    state: dict[str, Any] = field(default_factory=dict)
    events: int = 0
    gaps: int = 0
    last_event: tuple[str, str, int] | None = None  # (boot, match, seq)

    def row(self) -> dict[str, Any]:
        """The table as the wall shows it (JSON)."""
        st, s = self.status, self.state
        outcome = s.get("outcome") or {}
        names = s.get("names") or {}
        return {
            "table": self.table,
            "name": st.get("name") or s.get("table") or self.table,
            "online": bool(st.get("online", False)),
            "why": st.get("why"),
            "game": s.get("game") or (st.get("games") or [None])[0],
            "title": s.get("title"),
            "mode": s.get("mode"),
            "status": s.get("status"),
            "names": {"A": names.get("A", "A"), "B": names.get("B", "B")},
            "score": s.get("score") or {},
            "turn_name": s.get("turn_name"),
            "result": outcome.get("short") or outcome.get("text"),
            "refusal": (s.get("refusal") or {}).get("rule"),
            "seq": s.get("seq"),
            "events": self.events,
            "gaps": self.gaps,
        }


class Wall:
    """Every table of one venue. Each ``on_*`` returns True when the wall changed."""

    def __init__(self, venue: str, boot: str) -> None:
        self.venue = venue
        self.boot = boot
        self.tables: dict[str, TableView] = {}
        self.seq = 0
        self.extra: dict[str, Any] = {}

    def _table(self, table: str) -> TableView:
        t = self.tables.get(table)
        if t is None:
            t = self.tables[table] = TableView(self.venue, table)
        return t

    def on_status(self, table: str, msg: dict[str, Any]) -> bool:
        """A ``status``: a death of an older boot than the birth we hold is ignored
        (a will can arrive after the next run's birth)."""
        t = self._table(table)
        old = t.status
        if not msg.get("online") and old.get("online") and old.get("boot") != msg.get("boot"):
            return False
        t.status = dict(msg)
        return True

    def on_state(self, table: str, msg: dict[str, Any]) -> bool:
        t = self._table(table)
        old = t.state
        if old.get("boot") == msg.get("boot") and isinstance(old.get("seq"), int) and \
                isinstance(msg.get("seq"), int) and msg["seq"] <= old["seq"]:
            return False  # a repeat or an older one (retained on reconnect)
        t.state = dict(msg)
        return True

    def on_event(self, table: str, msg: dict[str, Any]) -> bool:
        """An ``events`` line: counted, and a seq that skips counts a gap (a new
        match or boot starts again)."""
        t = self._table(table)
        boot, match, seq = str(msg.get("boot")), str(msg.get("match")), msg.get("seq")
        if not isinstance(seq, int):
            return False
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
        rows = [self.tables[k].row() for k in sorted(self.tables)]
        return {"v": VERSION, "seq": self.seq, "boot": self.boot, "venue": self.venue, "tables": rows,
                **self.extra}
