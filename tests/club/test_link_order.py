"""The club link's order of messages without a broker: a result's own lines go out as
events before the result, even when they are committed (in the result's transaction)
between the link's reading of the events and of the results owed."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pitchside.app.config_mqtt import MqttConfig
from pitchside.club.link import ClubLink
from support.web_live import sim_table


def _finishing_action(tmp_path: Path) -> int:
    """The index of the scenario's action that finishes the match (a dry run)."""
    sim, sc = sim_table("pitchnut", journal=tmp_path / "dry.db")
    try:
        for i, action in enumerate(sc.actions):
            sim.act(action, sc.gap_s)
            if sim.runtime.state.match.status() == "finished":
                return i
        raise AssertionError("the scenario does not finish its match")
    finally:
        sim.close()


def test_a_result_committed_mid_pass_is_sent_after_its_last_line_s_event(tmp_path: Path) -> None:
    last = _finishing_action(tmp_path)
    sim, sc = sim_table("pitchnut", journal=tmp_path / "j.db")
    sim.journal.queue_results = True
    config = MqttConfig(host="127.0.0.1", port=1, venue="club", table="table-1", credentials=None, keepalive_s=5)
    link = ClubLink(config, tmp_path / "j.db", games=("pitchnut",), version="9.9")
    sent: list[tuple[str, dict[str, Any]]] = []

    def publish(kind: str, msg: dict[str, Any], retain: bool = False) -> Any:
        sent.append((kind, msg))
        return SimpleNamespace(mid=len(sent))

    link._publish = publish  # type: ignore[method-assign]  # noqa: SLF001  (no broker: what would go out, in order)
    link._connected = True  # noqa: SLF001
    try:
        link._pass()  # noqa: SLF001  (the outbox opened: events from here on)
        for action in sc.actions[:last]:
            sim.act(action, sc.gap_s)
        link._pass()  # noqa: SLF001  (every line so far as events)
        assert link._outbox is not None  # noqa: SLF001
        real_owed = link._outbox.owed  # noqa: SLF001

        def owed_after_the_last_input(n: int) -> Any:  # the match's last step lands between the two reads
            if sim.runtime.state.match.status() != "finished":
                sim.act(sc.actions[last], sc.gap_s)
            return real_owed(n)

        link._outbox.owed = owed_after_the_last_input  # type: ignore[method-assign, assignment]  # noqa: SLF001
        link._pass()  # noqa: SLF001
        mid = sim.recorder.match_id
        lines = sim.journal.lines(mid)
        kinds = [(k, m.get("seq")) for k, m in sent if k in ("events", "result")]
        assert sim.runtime.state.match.status() == "finished"
        assert kinds == [("events", s) for s in range(1, len(lines))] + [("result", None)]
    finally:
        link.client.loop_stop()
        sim.close()
