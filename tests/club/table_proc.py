"""A table in a process of its own, for the SIGKILL test (tests/club/test_link_broker.py):
plays ``--matches`` whole matches of ``--game`` (its scenario) on a simulated table into
``--journal`` with the club link on, a fresh simulated table per match; a match the last
run left unfinished is abandoned first. Prints ``played N`` after each match, ``done``
when every result is acknowledged, then exits 0."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pitchside.app.config_mqtt import MqttConfig  # noqa: E402
from pitchside.app.journal import Journal  # noqa: E402
from pitchside.club.link import ClubLink  # noqa: E402
from support.club import attach, play  # noqa: E402
from support.web_live import sim_table  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--journal", required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--credentials", required=True)
    ap.add_argument("--matches", type=int, default=3)
    ap.add_argument("--game", default="pitchnut")
    ap.add_argument("--keepalive", type=int, default=2)
    a = ap.parse_args()
    with Journal.open(a.journal) as j:
        running = j.running()
        if running is not None:
            j.end_match(running, "abandoned")
        finished = sum(r.status == "finished" for r in j.history())
    config = MqttConfig(host="127.0.0.1", port=a.port, venue="club", table="table-1",
                        credentials=a.credentials, keepalive_s=a.keepalive)
    link = ClubLink(config, a.journal, name="T1", games=(a.game,), poll_s=0.05).start()
    print("boot", link.boot, flush=True)
    while finished < a.matches:
        sim, sc = sim_table(a.game, journal=Path(a.journal))
        pub = attach(sim, link)
        play(sim, sc)
        pub.flush()
        pub.close()
        sim.close()
        finished += 1
        print("played", finished, flush=True)
    with Journal.open(a.journal) as j:
        while j.owed():
            time.sleep(0.05)
    print("done", flush=True)
    link.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
