"""The feed over HTTP (docs/spec/feed.md) and the web's safety rules."""

from __future__ import annotations

import html
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from support.web_live import serve, sim_table
from pitchside.core.record.format import replay as replay_fold
from pitchside.web import history
from pitchside.web.app import WebSettings, create_app
from pitchside.web.feed import words
from pitchside.web.hub import Hub
from pitchside.web.publisher import DatagramSink
from pitchside.web.server import BackgroundServer, free_port


def _events(url: str, n: int, headers: dict[str, str] | None = None) -> list[str]:
    """The first ``n`` non-empty lines of the stream."""
    out: list[str] = []
    with httpx.stream("GET", url + "/events", headers=headers, timeout=5) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        assert r.headers["cache-control"] == "no-store"
        for line in r.iter_lines():
            if line:
                out.append(line)
            if len(out) >= n:
                break
    return out


@pytest.fixture
def live() -> Iterator[tuple[object, object, object]]:
    sim, sc = sim_table("pitchnut", names=("Ann", "<script>alert(1)</script>"))
    web = serve(sim, url="http://pitchside-t1.local/")
    try:
        yield sim, sc, web
    finally:
        web.close()
        sim.close()


def test_state_events_snapshot_first_and_last_event_id(live) -> None:  # type: ignore[no-untyped-def]
    sim, sc, web = live
    for action in sc.actions[:8]:
        sim.act(action, sc.gap_s)
    seq = web.sync()
    state = httpx.get(web.url + "/api/state").json()
    assert state["seq"] == seq and state["score"] == {"A": 0, "B": 0} and state["mode"] == "playing"
    lines = _events(web.url, 5)
    assert lines[0] == "retry: 1000"
    assert lines[2:5] == [f"id: {seq}", "event: state", lines[4]] and f'"seq":{seq}' in lines[4]
    # a client that already has this seq gets no repeat, only the keepalive ping
    again = _events(web.url, 4, headers={"last-event-id": str(seq)})
    assert again[2:4] == [": keepalive", "event: ping"]


def test_names_are_escaped_and_the_pages_are_get_only(live) -> None:  # type: ignore[no-untyped-def]
    sim, sc, web = live
    web.sync()
    for path in ("/", "/tv", "/overlay"):
        r = httpx.get(web.url + path)
        assert r.status_code == 200
        assert "<script>alert(1)</script>" not in r.text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
        assert r.headers["content-security-policy"].startswith("default-src 'self'")
        assert "access-control-allow-origin" not in r.headers
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        r = httpx.request(method, web.url + "/api/state")
        assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD"
    r = httpx.get(web.url + "/api/state", headers={"origin": "http://evil.example"})
    assert "access-control-allow-origin" not in r.headers


def test_an_unknown_host_header_is_refused(live) -> None:  # type: ignore[no-untyped-def]
    _, _, web = live
    assert httpx.get(web.url + "/api/state", headers={"host": "rebind.evil.example"}).status_code == 400
    assert httpx.get(web.url + "/api/state", headers={"host": "localhost"}).status_code == 200


def test_stream_caps_and_the_rate_limit() -> None:
    hub = Hub(max_clients=3, max_per_ip=2)
    hub.publish_threadsafe({"seq": 1, "boot": "b"})
    server = BackgroundServer(create_app(hub, WebSettings(max_streams=3, max_streams_per_ip=2, burst=8, rate_per_s=1)),
                              hub).start()
    try:
        with httpx.Client(timeout=5) as c, c.stream("GET", server.url + "/events") as a, \
                c.stream("GET", server.url + "/events") as b:
            assert a.status_code == b.status_code == 200
            r = c.get(server.url + "/events")
            assert r.status_code == 503 and r.headers["retry-after"] == "5"
        codes = [httpx.get(server.url + "/api/state").status_code for _ in range(10)]
        assert 429 in codes and codes[0] == 200
    finally:
        server.stop()


def test_no_stack_trace_reaches_a_client() -> None:
    hub = Hub()
    hub.publish_threadsafe({"seq": 1, "boot": "b"})  # a snapshot the page template cannot show
    server = BackgroundServer(create_app(hub, WebSettings()), hub).start()
    try:
        r = httpx.get(server.url + "/tv")
        assert r.status_code == 500
        assert r.text == "internal error\n"
        assert "Traceback" not in r.text and "jinja2" not in r.text
    finally:
        server.stop()


def test_history_lists_replays_and_exports_the_journal(tmp_path: Path) -> None:
    sim, sc = sim_table("pitchnut", journal=tmp_path / "j.db")
    web = serve(sim, journal=str(tmp_path / "j.db"))
    try:
        for action in sc.actions:
            sim.act(action, sc.gap_s)
        page = httpx.get(web.url + "/matches").text
        assert "/matches/1" in page and "Ann v Bob" in page
        replay = httpx.get(web.url + "/matches/1.jsonl")
        assert replay.status_code == 200 and replay.text == sim.replay_text()
        moves = httpx.get(web.url + "/matches/1").text
        assert moves.count("<td>accepted</td>") == len(sim.runtime.state.match.inputs)
        # the input the table refused as it played (PN-A12), after the line it followed,
        # from the journal's refusals (never a line of the replay file)
        refused = "<td>refused: PN-A12: piece 2 (pocket 4): say what it was with + -</td>"
        assert moves.count("refused: ") == 1 and refused in moves
        rows = moves.split("<tr")
        at = next(i for i, r in enumerate(rows) if refused in r)
        assert "<td></td><td class=\"words\">press shot done</td>" in rows[at] and "<td>7</td>" in rows[at - 1]
        # each input in the panels' words (its step's notices), its encoding a click away
        match = sim.runtime.state.match
        said = " · ".join(words(match, n, sim.runtime.state.names).long for n in match.recent(1)[0].notices)
        last_row = [r for r in rows if "accepted" in r][-1]
        assert said and f"<td class=\"words\">{html.escape(said, quote=False)}<details" in last_row
        # the journal keeps accepted inputs only: a replay file with a refused line shows
        # the refusal with its rule ID and words, as `pitchside replay` does
        text = replay.text + replay.text.splitlines()[-1] + "\n"  # one more shot after the end
        steps = history.steps(text)
        assert [m.accepted for m in steps.moves][-2:] == [True, False]
        expected = replay_fold(text.splitlines()).rejected[0].reason
        assert steps.moves[-1].reason == expected and expected.startswith("PN-")
        assert steps.moves[-1].score == sc.expect["score"]
        assert httpx.get(web.url + "/matches/99").status_code == 404
    finally:
        web.close()
        sim.close()


def test_pitchside_web_stops_within_2_s_on_sigterm_with_streams_open(tmp_path: Path) -> None:
    port, feed = free_port(), tmp_path / "feed.sock"
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "pitchside.cli.main", "web", "--listen", f"127.0.0.1:{port}",
                             "--feed", str(feed), "--db", str(tmp_path / "none.db")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        assert "serving" in proc.stdout.readline()
        sink = DatagramSink(feed)
        sink({"seq": 1, "boot": "b", "names": {}})
        sink.close()
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 15  # "serving" is printed before uvicorn has bound its socket
        while True:
            try:
                if httpx.get(url + "/api/state").status_code == 200:
                    break
            except httpx.ConnectError:
                pass
            assert time.monotonic() < deadline, "pitchside web did not answer within 15 s"
            time.sleep(0.05)
        startup = time.monotonic() - t0
        with httpx.Client(timeout=5) as c:
            streams = [c.stream("GET", url + "/events").__enter__() for _ in range(5)]
            assert all(s.status_code == 200 for s in streams)
            t = time.monotonic()
            os.kill(proc.pid, signal.SIGTERM)
            proc.wait(timeout=5)
            stopped = time.monotonic() - t
            for st in streams:
                st.close()
        assert stopped < 2.0, f"stopped after {stopped:.2f} s"
        assert proc.returncode in (0, -signal.SIGTERM)  # uvicorn re-raises the signal once it has stopped
        assert startup < 10
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
