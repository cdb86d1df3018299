"""The league's intake through a REAL Mosquitto (127.0.0.1, password file, deploy/'s ACL):
messages per second the league server handles (``state``, ``events``, ``result``: parsed
into the contract's values, results replayed, stored and committed before their PUBACK),
interleaved round by round with a bare paho subscriber that only parses the JSON; then
the same after 2 large legal results (about 1 MB each, 20,000 lines) and 10,000 garbage
results from one table. A twin league (another venue, its own database, the same
process) takes the same rounds but not the large and garbage messages: the disturbed
league's rate over its twin's, after over before, is the flatness figure, free of the
machine's load changing between the two phases. Prints the figures (and ``--json``).
Not part of ``bench/run.py`` nor of the tests::

    .venv/bin/python bench/intake.py              # 6 rounds of 2,000 state, 2,000 events, 200 results
    .venv/bin/python bench/intake.py --quick      # 1 round of 300 / 300 / 30
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import paho.mqtt.client as mqtt  # noqa: E402
from paho.mqtt.enums import CallbackAPIVersion  # noqa: E402

from pitchside.club import messages  # noqa: E402
from pitchside.league.run import Broker as BrokerAddress  # noqa: E402
from pitchside.league.run import LeagueServer  # noqa: E402
from pitchside.wire import messages as wire  # noqa: E402
from support import broker as support_broker  # noqa: E402
from support.league import PITCHNUT, lines_of, result_msg  # noqa: E402

KINDS = ("state", "events", "result")


class Bare:
    """The least a subscriber can do: take each message and parse its JSON (paho's own
    acknowledgement after the callback)."""

    def __init__(self, port: int) -> None:
        self.n = 0
        self.last = 0.0
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-bare", protocol=mqtt.MQTTv5)
        self.client.username_pw_set("bare", support_broker.USERS["bare"])
        self.client.on_message = self._on_message
        self.client.on_connect = lambda c, *_: c.subscribe("pitchside/base/#", qos=1)
        self.client.connect("127.0.0.1", port, keepalive=30)
        self.client.loop_start()

    def _on_message(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        json.loads(msg.payload)
        self.n += 1
        self.last = time.perf_counter()


def batch(kind: str, n: int, start: int, venue: str = "club") -> list[bytes]:
    """``n`` legal messages of ``kind`` from table-1 of ``venue``, numbered from ``start``."""
    if kind == "state":
        return [messages.encode({"v": 1, "seq": start + i, "boot": "bench", "table": "Table 1", "mode": "playing",
                                 "game": "pitchnut", "title": "PITCHNUT", "match": {"id": 1, "uid": "bench-1"},
                                 "names": {"A": "Ann", "B": "Bob"}, "status": "playing",
                                 "score": {"A": i % 3, "B": 0}, "turn": "A", "turn_name": "Ann", "outcome": None,
                                 "prompt": None, "last": [], "prompt_line": "", "refusal": None, "view": None})
                for i in range(n)]
    if kind == "events":
        return [messages.encode({"v": 1, "boot": "bench", "match": "bench-1", "seq": start + i,
                                 "line": {"input": "shot", "white": 1, "black": 0, "pitch": "pocket"}})
                for i in range(n)]
    return [messages.encode(dict(result_msg(table="table-1", uid="bench", row=start + i), venue=venue))
            for i in range(n)]


def large_results() -> list[bytes]:
    """Two legal results at the league's line cap: a match padded with undo/redo pairs."""
    lines = lines_of(PITCHNUT)
    pad = [json.dumps({"input": "undo"}), lines[-1]]
    out = []
    for row in (1, 2):
        long = lines + pad * ((wire.MAX_LINES - len(lines)) // 2 - row)
        out.append(messages.encode(messages.result(venue="club", table="table-1", boot="big", journal_uid="big",
                                                   match_id=row, lines=long, ended_wall=1.0, ended_synced=True)))
    return out


def timed(publish: Callable[[bytes], None], payloads: list[bytes], done: Callable[[], int],
          want: int) -> tuple[float, float]:
    """Messages/s, from the first publish to the consumer's count reaching ``want``, and
    the process's CPU µs per message meanwhile (the publisher's included, the same for
    every consumer; CPU time moves far less than wall time with the machine's load)."""
    c0 = time.process_time()
    t0 = time.perf_counter()
    for p in payloads:
        publish(p)
    deadline = time.monotonic() + 600
    while done() < want:
        if time.monotonic() > deadline:
            raise RuntimeError(f"only {done()} of {want} handled in 600 s")
        time.sleep(0.001)
    return len(payloads) / (time.perf_counter() - t0), (time.process_time() - c0) * 1e6 / len(payloads)


def in_process(rounds: int) -> dict[str, float]:
    """The same before/after, without the broker: ``League.handle`` itself (parse, check,
    store, commit), CPU µs per message of the disturbed league and of its twin."""
    import logging

    from pitchside.league.service import League
    from pitchside.league.store import Store

    logging.disable(logging.WARNING)  # the refusals' warnings: not what is measured
    with tempfile.TemporaryDirectory(prefix="pitchside-intake-inproc-") as tmp:
        lg, twin = League(Store(f"{tmp}/club.db"), "club", "b"), League(Store(f"{tmp}/twin.db"), "club", "b")
        numbers = dict.fromkeys(KINDS, 1)
        out: dict[str, float] = {}

        def cpu(league: League, kind: str, n: int) -> float:
            payloads = batch(kind, n, numbers[kind])
            numbers[kind] += n
            c0 = time.process_time()
            for p in payloads:
                league.handle(f"pitchside/club/table-1/{kind}", p, 1.0)
            return (time.process_time() - c0) * 1e6 / n

        def phase(name: str) -> None:
            for kind, n in (("state", 2000), ("events", 2000), ("result", 100)):
                mine: list[float] = []
                theirs: list[float] = []
                for r in range(max(rounds, 4)):
                    for who, into in ((lg, mine), (twin, theirs))[::1 if r % 2 else -1]:
                        into.append(cpu(who, kind, n))
                out[f"{name}.{kind}.league_cpu_us"] = round(statistics.median(mine), 1)
                out[f"{name}.{kind}.twin_cpu_us"] = round(statistics.median(theirs), 1)

        phase("before")
        for p in large_results():
            lg.handle("pitchside/club/table-1/result", p, 1.0)
        for i in range(10_000):
            lg.handle("pitchside/club/table-1/result", b"garbage %d" % i, 1.0)
        phase("after")
        lg.store.close()
        twin.store.close()
    logging.disable(logging.NOTSET)
    print("in process (League.handle, no broker), CPU us per message:")
    for kind in KINDS:
        b, bt = out[f"before.{kind}.league_cpu_us"], out[f"before.{kind}.twin_cpu_us"]
        f, ft = out[f"after.{kind}.league_cpu_us"], out[f"after.{kind}.twin_cpu_us"]
        out[f"flat.{kind}"] = round((f / ft) / (b / bt), 3)
        print(f"  {kind:<7} before {b:>7.0f} (twin {bt:>7.0f})  after {f:>7.0f} (twin {ft:>7.0f})"
              f"  (league/twin after) / (league/twin before) = {out[f'flat.{kind}']:.3f}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    a = ap.parse_args()
    rounds, sizes = (1, {"state": 300, "events": 300, "result": 30}) if a.quick else \
        (6, {"state": 2000, "events": 2000, "result": 200})
    binary = support_broker.mosquitto()
    if binary is None:
        print("no mosquitto (apt-get install mosquitto)", file=sys.stderr)
        return 2
    support_broker.USERS["bare"] = "B-secret-bench"  # the bare subscriber reads every venue: its own ACL line
    support_broker.USERS["benchpub"] = "P-secret-bench"  # writes as three venues' table-1: its own ACL line
    support_broker.USERS["twin"] = "W-secret-bench"  # the twin league's own user: a broker that makes
    # the user name the client id (use_username_as_clientid) never lets the two leagues share a session
    figures: dict[str, dict[str, list[float]]] = {}  # "phase.kind.who": {"rates": [...], "cpu": [...]}
    with tempfile.TemporaryDirectory(prefix="pitchside-intake-bench-") as tmp:
        folder = Path(tmp)
        b = support_broker.Broker(binary, folder / "broker")
        with open(b.folder / "acl", "a") as acl:
            acl.write("\nuser twin\ntopic read pitchside/#\nuser bare\ntopic read pitchside/#\n"
                      "user benchpub\ntopic write pitchside/#\n")
        b.start()
        lg, twin = (LeagueServer(folder / f"{venue}.db",
                                 BrokerAddress("127.0.0.1", b.port, str(b.credentials(user)), keepalive_s=30),
                                 venue, client_id=f"bench-{venue}").start()
                    for venue, user in (("club", "league"), ("twin", "twin")))
        bare = Bare(b.port)
        pub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-table-1", protocol=mqtt.MQTTv5)
        pub.username_pw_set("benchpub", support_broker.USERS["benchpub"])
        pub.max_inflight_messages_set(1000)
        pub.max_queued_messages_set(0)
        pub.connect("127.0.0.1", b.port, keepalive=30)
        pub.loop_start()
        try:
            while lg.subscriber.connects < 1 or twin.subscriber.connects < 1 or not bare.client.is_connected():
                time.sleep(0.05)
            time.sleep(0.5)
            numbers = dict.fromkeys(KINDS, 1)

            def publisher(topic: str) -> Callable[[bytes], None]:
                def publish(payload: bytes) -> None:
                    pub.publish(topic, payload, qos=1)
                return publish

            def run(phase: str) -> None:
                for r in range(rounds):
                    for kind in KINDS:
                        mine = {venue: batch(kind, sizes[kind], numbers[kind], venue) for venue in ("club", "twin")}
                        numbers[kind] += sizes[kind]
                        trio: list[tuple[str, str, Callable[[], int]]] = [
                                ("bare", f"pitchside/base/table-1/{kind}", lambda: bare.n),
                                ("league", f"pitchside/club/table-1/{kind}", lambda: lg.league.counts.messages),
                                ("twin", f"pitchside/twin/table-1/{kind}", lambda: twin.league.counts.messages)]
                        for who, topic, done in trio[r % 3:] + trio[:r % 3]:
                            payloads = mine["twin" if who == "twin" else "club"]
                            want = done() + len(payloads)
                            rate, cpu = timed(publisher(topic), payloads, done, want)
                            fig = figures.setdefault(f"{phase}.{kind}.{who}", {})
                            fig.setdefault("rates", []).append(rate)
                            fig.setdefault("cpu", []).append(cpu)

            run("before")
            # the disturbance: 2 large legal results and 10,000 garbage results from one table
            want = lg.league.counts.messages + 2 + 10_000
            t0 = time.perf_counter()
            for p in large_results():
                pub.publish("pitchside/club/table-1/result", p, qos=1)
            for i in range(10_000):
                pub.publish("pitchside/club/table-1/result", b"garbage %d" % i, qos=1)
            while lg.league.counts.messages < want:
                time.sleep(0.01)
            disturb_s = time.perf_counter() - t0
            counted, refused = lg.store.count()
            run("after")
        finally:
            pub.disconnect()
            pub.loop_stop()
            bare.client.disconnect()
            bare.client.loop_stop()
            lg.close()
            twin.close()
            b.stop()
    rows = []
    out: dict[str, object] = {"rounds": rounds, "sizes": sizes, "disturbance_s": round(disturb_s, 2),
                              "stored": {"counted": counted, "refused": refused}}
    figs: dict[str, dict[str, float]] = {}
    for phase in ("before", "after"):
        for kind in KINDS:
            base, league, other = (statistics.median(figures[f"{phase}.{kind}.{who}"]["rates"])
                                   for who in ("bare", "league", "twin"))
            cb, cl, ct = (statistics.median(figures[f"{phase}.{kind}.{who}"]["cpu"])
                          for who in ("bare", "league", "twin"))
            rows.append((phase, kind, base, league, other, cb, cl, ct))
            figs[f"{phase}.{kind}"] = {"bare_per_s": round(base), "league_per_s": round(league),
                                       "twin_per_s": round(other), "league_over_bare": round(league / base, 3),
                                       "league_over_twin": round(league / other, 3), "bare_cpu_us": round(cb),
                                       "league_cpu_us": round(cl), "twin_cpu_us": round(ct)}
    print(f"{'phase':<7} {'kind':<7} {'bare msg/s':>11} {'league msg/s':>13} {'twin msg/s':>11} "
          f"{'league/bare':>12} {'league/twin':>12} {'CPU us/msg bare':>16} {'league':>7} {'twin':>7}")
    for phase, kind, base, league, other, cb, cl, ct in rows:
        print(f"{phase:<7} {kind:<7} {base:>11.0f} {league:>13.0f} {other:>11.0f} {league / base:>12.3f} "
              f"{league / other:>12.3f} {cb:>16.0f} {cl:>7.0f} {ct:>7.0f}")
    for kind in KINDS:
        flat = figs[f"after.{kind}"]["league_over_twin"] / figs[f"before.{kind}"]["league_over_twin"]
        cpu = (figs[f"after.{kind}"]["league_cpu_us"] / figs[f"after.{kind}"]["twin_cpu_us"]) / \
            (figs[f"before.{kind}"]["league_cpu_us"] / figs[f"before.{kind}"]["twin_cpu_us"])
        figs[f"flat.{kind}"] = {"rate_after_over_before": round(flat, 3), "cpu_after_over_before": round(cpu, 3)}
        print(f"league {kind}: rate (league/twin after) / (league/twin before) = {flat:.3f};"
              f" CPU per message, the same = {cpu:.3f}")
    out["figures"] = figs
    print(f"disturbance (2 large results + 10,000 garbage) handled in {disturb_s:.1f} s; "
          f"stored: {counted} counted, {refused} refused rows (past the cap: counted only)")
    out["in_process"] = in_process(rounds)
    if a.json:
        print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
