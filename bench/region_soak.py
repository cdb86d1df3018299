"""The region's fault tests, longer: three venue Mosquittos bridged to a region
Mosquitto, four league workers, tables sending results all along while faults come one
after another at random (the region broker stopped for a while, a venue broker
restarted, a worker SIGKILLed); at the end every result a venue broker acknowledged must
be stored once, and the standings must be a fold of them (tests/support/region.py's
check). The CI's version is tests/region/ (under a minute)::

    nice .venv/bin/python bench/region_soak.py                  # 5 minutes
    nice .venv/bin/python bench/region_soak.py --minutes 1 --seed 7
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from support.region import Region, result_payload  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=None)
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    rnd = random.Random(seed)
    faults: dict[str, int] = {"region stopped": 0, "venue restarted": 0, "worker killed": 0}
    sent: list[tuple[str, str, bytes]] = []
    tmp = tempfile.mkdtemp(prefix="pitchside-region-soak-")
    if True:
        rig = Region(Path(tmp), venues=("north", "south", "east"), tables=3, workers=4).start()
        try:
            n = 0
            end = time.monotonic() + a.minutes * 60
            while time.monotonic() < end:
                for _ in range(rnd.randint(5, 20)):
                    n += 1
                    venue, table = rnd.choice(sorted(rig.tables))
                    p = result_payload(venue, table, n)
                    rig.tables[(venue, table)].send(p)
                    sent.append((venue, table, p))
                fault = rnd.choice(sorted(faults))
                faults[fault] += 1
                print(f"{time.strftime('%H:%M:%S')} after result {n}: {fault}", flush=True)
                if fault == "region stopped":
                    rig.region.stop()
                    for _ in range(rnd.randint(1, 10)):
                        n += 1
                        venue, table = rnd.choice(sorted(rig.tables))
                        p = result_payload(venue, table, n)
                        rig.tables[(venue, table)].send(p)
                        sent.append((venue, table, p))
                    time.sleep(rnd.uniform(0, 2))
                    rig.region.start()
                elif fault == "venue restarted":
                    rig.venues[rnd.choice(sorted(rig.venues))].restart()
                else:
                    rig.kill_worker(rnd.randint(1, 4))
                time.sleep(rnd.uniform(0, 1))
            got = rig.wait_stored(len(sent), timeout=90)
            if got != len(sent):
                from pitchside.wire import messages as wire
                store = rig.store()
                have = {(r.venue, r.table, r.match) for r in store.recent(limit=len(sent) + 100)}
                store.close()
                missing = [(v, t, wire.parse(wire.Result, p).match) for v, t, p in sent
                           if (v, t, wire.parse(wire.Result, p).match) not in have]
                print(f"seed {seed}: {got} of {len(sent)} stored; missing {missing}; logs in {tmp}", flush=True)
                return 1
            rig.check(sent)
        finally:
            rig.close()
    shutil.rmtree(tmp)
    print(f"seed {seed}: {len(sent)} results sent, each stored once, standings a fold of them; faults: "
          + ", ".join(f"{k} {v}" for k, v in faults.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
