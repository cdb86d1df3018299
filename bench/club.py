"""The club at scale: N simulated tables at R messages/s each for S
seconds through a REAL Mosquitto on 127.0.0.1 (password file and deploy/'s ACL, one user
per table) into ``pitchside league serve`` (its own process); then one result per table.
Prints the delivery figures (sent, received by the league, lost, copies, seq gaps,
results counted) and the broker's and the league server's CPU seconds and peak RSS.
Not part of ``bench/run.py`` nor of the tests (it takes S seconds plus start-up)::

    .venv/bin/python bench/club.py                      # 50 tables x 10 msg/s x 60 s
    .venv/bin/python bench/club.py --tables 5 --seconds 5
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import paho.mqtt.client as mqtt  # noqa: E402
from paho.mqtt.enums import CallbackAPIVersion  # noqa: E402

from pitchside.club import messages  # noqa: E402
from support import broker as support_broker  # noqa: E402
from support.league import result_msg  # noqa: E402


def proc_figures(pid: int) -> tuple[float, float]:
    """(CPU seconds user+system, peak RSS MiB) of a running process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    hwm = next(int(x.split()[1]) for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmHWM"))
    return cpu, hwm / 1024


def get(url: str) -> dict[str, object]:
    with urllib.request.urlopen(url, timeout=5) as r:  # noqa: S310 - 127.0.0.1 only
        out: dict[str, object] = json.loads(r.read())
        return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--rate", type=float, default=10.0, help="messages per second per table")
    ap.add_argument("--seconds", type=float, default=60.0)
    a = ap.parse_args()
    binary = support_broker.mosquitto()
    if binary is None:
        print("no mosquitto (apt-get install mosquitto)", file=sys.stderr)
        return 2
    tables = [f"table-{i + 1}" for i in range(a.tables)]
    support_broker.USERS.update({support_broker.user(t): f"{t}-secret" for t in tables})
    with tempfile.TemporaryDirectory(prefix="pitchside-club-bench-") as tmp:
        folder = Path(tmp)
        b = support_broker.Broker(binary, folder / "broker").start()
        port = support_broker.free_port()
        league = subprocess.Popen([str(Path(sys.executable).with_name("pitchside")), "league", "serve",
                                   "--broker", f"127.0.0.1:{b.port}", "--credentials", str(b.credentials("league")),
                                   "--db", str(folder / "league.db"), "--http", f"127.0.0.1:{port}"],
                                  stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    get(url + "/healthz")
                    break
                except OSError:
                    time.sleep(0.1)
            time.sleep(1.0)  # the league's subscription is in place
            clients = []
            for t in tables:
                c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"bench-{t}", protocol=mqtt.MQTTv5)
                c.username_pw_set(support_broker.user(t), support_broker.USERS[support_broker.user(t)])
                c.connect("127.0.0.1", b.port, keepalive=30)
                c.loop_start()
                clients.append(c)
            cpu0 = {"broker": proc_figures(b.proc.pid)[0], "league": proc_figures(league.pid)[0]}  # type: ignore[union-attr]
            sent = 0
            seqs = dict.fromkeys(tables, 0)
            start = time.monotonic()
            tick = 1.0 / a.rate
            n = 0
            while time.monotonic() - start < a.seconds:
                n += 1
                for t, c in zip(tables, clients):
                    seqs[t] += 1
                    msg = {"v": 1, "boot": "bench", "match": f"{t}-1", "seq": seqs[t],
                           "line": {"input": "shot", "at": round(time.monotonic() - start, 3)}}
                    c.publish(f"pitchside/club/{t}/events", messages.encode(msg), qos=1)
                    sent += 1
                delay = start + n * tick - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            elapsed = time.monotonic() - start
            for i, (t, c) in enumerate(zip(tables, clients)):
                c.publish(f"pitchside/club/{t}/result", messages.encode(result_msg(table=t, uid=t, row=i + 1)),
                          qos=1).wait_for_publish(10)
            deadline = time.monotonic() + 60
            wall: dict[str, object] = {}
            while time.monotonic() < deadline:
                wall = get(url + "/api/wall")
                rows = wall["tables"]
                assert isinstance(rows, list)
                if sum(r["events"] for r in rows) >= sent and wall["results"] == a.tables:
                    break
                time.sleep(0.2)
            drained = time.monotonic() - start - elapsed
            rows = wall["tables"]
            assert isinstance(rows, list)
            received = sum(int(r["events"]) for r in rows)
            gaps = sum(int(r["gaps"]) for r in rows)
            bcpu, brss = proc_figures(b.proc.pid)  # type: ignore[union-attr]
            lcpu, lrss = proc_figures(league.pid)
            health = get(url + "/healthz")
            for c in clients:
                c.disconnect()
                c.loop_stop()
        finally:
            league.terminate()
            league.wait(10)
            b.stop()
    out = {
        "tables": a.tables, "rate_per_table": a.rate, "seconds": round(elapsed, 1),
        "events_sent": sent, "events_received": received, "lost": sent - received, "seq_gaps": gaps,
        "results_sent": a.tables, "results_counted": health["results"], "results_refused": health["refused"],
        "drain_s_after_last_send": round(drained, 1),
        "broker": {"cpu_s": round(bcpu - cpu0["broker"], 2), "peak_rss_mib": round(brss, 1)},
        "league": {"cpu_s": round(lcpu - cpu0["league"], 2), "peak_rss_mib": round(lrss, 1)},
    }
    print(json.dumps(out, indent=2))
    ok = out["lost"] == 0 and gaps == 0 and health["results"] == a.tables
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
