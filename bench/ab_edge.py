"""Interleaved A/B of the threaded edge's firmware cost in one process (bench/README.md,
"Latency").

A is the firmware of ``--before`` (default ``9b7fc4a``, extracted with ``git archive``:
its ``firmware/``, ``hardware/`` and ``sim/``), B is this tree (or ``--after``'s, extracted
alike: the gain of one commit). Each arm's modules are
imported once and kept apart: switching arms swaps the ``pitchside*`` entries of
``sys.modules`` and the front of ``sys.path``, so the objects of one arm only ever meet
the code of that arm. The arms alternate (A B, B A, ...) so the machine's load falls on
both alike::

    cd bench && ../.venv/bin/python ab_edge.py rules 20        # kiosk.handle + kiosk.view, CPU time per event
    cd bench && ../.venv/bin/python ab_edge.py pass 20         # Runtime.process_pending per event (sync), CPU time
    cd bench && ../.venv/bin/python ab_edge.py edge 6 300      # whole threaded edges, with the bare counter
    cd bench && ../.venv/bin/python ab_edge.py journal 6 200   # threaded edges with the durable journal

``rules`` records, per arm, every ``(kiosk state, event)`` the kiosk handled in two demo
matches (a sync ``latency.run_table(240)``), then replays them round by round, timing
``kiosk.handle`` and ``kiosk.view`` of each with ``time.thread_time_ns`` (the states are
immutable, so the same pairs are replayed each round). ``pass`` runs a sync
``latency.run_table(120)`` per arm and round and prints the medians over the rounds of
each stage's p50 (wall clock, as the bench reports them). ``edge`` runs ``latency.run_pair(n, 1, threaded=True,
device="partial")`` per arm and round and prints medians over the rounds (µs).
``journal`` runs ``latency.run_pair(n, 1, threaded=True, journal=True, device="partial")``
per arm and round, the journal in ``--journal-dir`` (default as ``bench/run.py``'s: the
temporary directory when it is on a disk; a RAM-backed one is refused), and prints the
medians over the rounds of the journaled inputs' edge-to-frame p50 and p99, of their
fsync's (the journal stage of those inputs), and of the per-round ratio of the two p99s
(the target ``journaled_p99_vs_fsync_p99``), then of the plain program's write of the same
bytes beside them (``latency.PlainLog``) and the journaled p99 against it.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

from common import calls_during

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("pitchside", "pitchside_hw", "pitchside_sim")
TREES = ("firmware", "hardware", "sim")


def extract(commit: str) -> Path:
    """``commit``'s firmware, hardware and sim trees in a temporary directory."""
    data = subprocess.run(["git", "archive", commit, *TREES], cwd=ROOT, check=True, capture_output=True).stdout
    out = Path(tempfile.mkdtemp(prefix="ab-edge-"))
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(out, filter="data")
    return out


def _ours(name: str) -> bool:
    return name.split(".", 1)[0] in PACKAGES or name in ("latency", "common")


class Arms:
    """Two copies of the firmware in one process; :meth:`use` switches between them."""

    def __init__(self, before: Path, after: Path = ROOT) -> None:
        self.paths = {"A": [str(before / t) for t in TREES], "B": [str(after / t) for t in TREES]}
        self.modules: dict[str, dict[str, Any]] = {}
        self.active: str | None = None
        for arm in ("A", "B"):
            self._load(arm)

    def _clear(self) -> None:
        for name in [n for n in sys.modules if _ours(n)]:
            del sys.modules[name]
        for paths in self.paths.values():
            for p in paths:
                while p in sys.path:
                    sys.path.remove(p)

    def _load(self, arm: str) -> None:
        self._clear()
        sys.path[:0] = self.paths[arm]
        import common  # (the bench's own modules, bound to this arm's firmware)
        import latency  # noqa: F401
        import pitchside.app.runtime  # noqa: F401
        import pitchside_hw.table  # noqa: F401
        import pitchside_sim.table  # noqa: F401

        common.load_demo()
        assert pitchside.app.runtime.__file__.startswith(self.paths[arm][0]), pitchside.app.runtime.__file__
        self.modules[arm] = {n: m for n, m in sys.modules.items() if _ours(n)}
        self.active = arm

    def use(self, arm: str) -> Any:
        """Switch to ``arm``; returns its ``latency`` module."""
        if self.active != arm:
            self._clear()
            sys.path[:0] = self.paths[arm]
            sys.modules.update(self.modules[arm])
            self.active = arm
        return sys.modules["latency"]


def order(i: int) -> tuple[str, str]:
    return ("A", "B") if i % 2 == 0 else ("B", "A")


def record_pairs(lat: Any) -> list[tuple[Any, Any]]:
    """Every ``(kiosk state, event)`` ``kiosk.handle`` saw in a sync demo run."""
    from pitchside.tables import kiosk

    return calls_during(kiosk, "handle", lambda: lat.run_table(240, journal=False, device="partial"),
                        lambda args, _: (args[0], args[1]))


def rules(arms: Arms, rounds: int) -> None:
    pairs: dict[str, list[tuple[Any, Any]]] = {}
    fns: dict[str, tuple[Any, Any]] = {}
    for arm in ("A", "B"):
        lat = arms.use(arm)
        pairs[arm] = record_pairs(lat)
        from pitchside.tables import kiosk

        fns[arm] = (kiosk.handle, kiosk.view)
    # the counts may differ by a timer or two (the sync run fires timers on the real clock)
    samples: dict[str, list[int]] = {"A": [], "B": []}
    accepted: dict[str, list[int]] = {"A": [], "B": []}
    for i in range(rounds):
        for arm in order(i):
            handle, view = fns[arm]
            clock = time.thread_time_ns
            out, acc = samples[arm], accepted[arm]
            for ks, event in pairs[arm]:
                t = clock()
                after, _ = handle(ks, event)
                view(after)
                dt = clock() - t
                out.append(dt)
                if after.table.match is not ks.table.match:
                    acc.append(dt)
    report(f"kiosk.handle + kiosk.view per event ({len(pairs['A'])}/{len(pairs['B'])} events x {rounds} rounds per arm)", samples)
    report("  of which the events that changed the match (an input accepted or undone)", accepted)


def passes(arms: Arms, rounds: int) -> None:
    """Sync edges per arm and round: the firmware's total less the driver (p50 of each
    round), and the median over the rounds of each stage's p50 (wall clock)."""
    samples: dict[str, list[int]] = {"A": [], "B": []}
    stages: dict[str, dict[str, list[float]]] = {"A": {}, "B": {}}
    for i in range(rounds):
        for arm in order(i):
            lat = arms.use(arm)
            r = lat.run_table(120, journal=False, device="partial")
            for k, v in r["stages_us"].items():
                stages[arm].setdefault(k, []).append(v["p50"])
            samples[arm].append(int((r["total_us"]["p50"] - r["stages_us"]["driver"]["p50"]) * 1000))
    report(f"sync edge, firmware total less driver, p50 per round ({rounds} rounds x 120 edges)", samples)
    for k in stages["A"]:
        print(f"  stage {k:8s} p50 median of rounds: A {statistics.median(stages['A'][k]):7.1f}"
              f"  B {statistics.median(stages['B'][k]):7.1f} us")


def edge(arms: Arms, rounds: int, n: int) -> None:
    res: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {"A": [], "B": []}
    for i in range(rounds):
        for arm in order(i):
            lat = arms.use(arm)
            res[arm].append(lat.run_pair(n, 1, threaded=True, device="partial"))
    print(f"threaded edges, {rounds} rounds x {n} per arm (medians over rounds, us)")
    for arm in ("A", "B"):
        fw = [f for f, _ in res[arm]]
        base = [b for _, b in res[arm]]
        med = statistics.median
        print(f"  {arm}: p50 ratio {med(f['ratio']['p50']['median'] for f in fw):.2f}x"
              f"  p99 ratio {med(f['ratio']['p99']['median'] for f in fw):.2f}x"
              f"  firmware p50 {med(f['total_us']['p50'] for f in fw):.0f}"
              f"  p99 {med(f['total_us']['p99'] for f in fw):.0f}"
              f"  counter p50 {med(b['total_us']['p50'] for b in base):.0f}"
              f"  p99 {med(b['total_us']['p99'] for b in base):.0f}")
        stages = fw[0]["stages_us"].keys()
        print("     stages p50: " + ", ".join(f"{k} {med(f['stages_us'][k]['p50'] for f in fw):.0f}" for k in stages))
        print("     counter stages p50: " + ", ".join(f"{k} {med(b['stages_us'][k]['p50'] for b in base):.0f}"
                                                   for k in base[0]["stages_us"]))


def journal(arms: Arms, rounds: int, n: int, journal_dir: Path) -> None:
    """Threaded edges with the durable journal, per arm and round (module notes)."""
    res: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}
    for i in range(rounds):
        for arm in order(i):
            lat = arms.use(arm)
            fw, _ = lat.run_pair(n, 1, threaded=True, journal=True, device="partial", journal_dir=journal_dir)
            res[arm].append(fw)
    med = statistics.median
    print(f"threaded edges with the journal on {journal_dir}, {rounds} rounds x {n} per arm "
          f"(medians over rounds, us; ratio: journaled p99 / fsync p99 per round)")
    for arm in ("A", "B"):
        fw = res[arm]
        jd = [f["by_kind_us"]["journaled"] for f in fw]
        fs = [f["journal_write_us"] for f in fw]
        ratios = [j["p99"] / w["p99"] for j, w in zip(jd, fs)]
        less = [f["by_kind_us"]["journaled_less_write"] for f in fw]
        plain = [f["plain_fsync_us"] for f in fw if "plain_fsync_us" in f]  # latency.PlainLog, this bench's
        print(f"  {arm}: journaled p50 {med(j['p50'] for j in jd):.0f}  p99 {med(j['p99'] for j in jd):.0f}"
              f"  fsync p50 {med(w['p50'] for w in fs):.0f}  p99 {med(w['p99'] for w in fs):.0f}"
              f"  ratio p99 {med(ratios):.2f}x (rounds {min(ratios):.2f}-{max(ratios):.2f})"
              f"\n     journaled less its write p50 {med(x['p50'] for x in less):.0f}  p99 {med(x['p99'] for x in less):.0f}"
              f"  all edges p50 {med(f['total_us']['p50'] for f in fw):.0f}  p99 {med(f['total_us']['p99'] for f in fw):.0f}"
              f"  journaled {sum(f['journal_writes'] for f in fw)}"
              f"  shown ahead {sum(f['frames_shown_ahead'] for f in fw)}/{sum(f['frames_shown'] for f in fw)}")
        if plain:
            vs = [j["p99"] / p["p99"] for j, p in zip(jd, plain)]
            print(f"     plain pwrite + fdatasync of the same bytes p50 {med(p['p50'] for p in plain):.0f}"
                  f"  p99 {med(p['p99'] for p in plain):.0f}  journaled p99 / plain p99 {med(vs):.2f}x"
                  f" (rounds {min(vs):.2f}-{max(vs):.2f})")


def quantile_us(ordered: list[int], p: float) -> float:
    """The ``p`` quantile (0..1, nearest rank) of sorted ns samples, in µs."""
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] / 1000


def report(title: str, samples: dict[str, list[int]]) -> None:
    print(title)
    for arm in ("A", "B"):
        v = sorted(samples[arm])
        print(f"  {arm}: p50 {quantile_us(v, 0.5):7.1f}  p90 {quantile_us(v, 0.9):7.1f}  mean {statistics.mean(v) / 1000:7.1f} us")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("rules", "pass", "edge", "journal"))
    ap.add_argument("rounds", type=int, nargs="?", default=10)
    ap.add_argument("n", type=int, nargs="?", default=300)
    ap.add_argument("--before", default="9b7fc4a", help="arm A: this commit's firmware")
    ap.add_argument("--after", default=None, help="arm B: this commit's firmware (default: this tree)")
    ap.add_argument("--journal-dir", default=None, help="journal mode: where the journal is written (a disk)")
    args = ap.parse_args()
    jdir: Path | None = None
    if args.mode == "journal":
        import latency

        jdir = latency.durable_dir(args.journal_dir)
        jdir.mkdir(parents=True, exist_ok=True)
        fs = latency.filesystem_of(jdir)
        if fs["ram"]:
            ap.error(f"{jdir} is on {fs['fstype']} (RAM): no durable figure comes from it")
        print(f"journal on {fs['fstype']} ({fs['source']} on {fs['mount']})")
    arms = Arms(extract(args.before), extract(args.after) if args.after else ROOT)
    if args.mode == "rules":
        rules(arms, args.rounds)
    elif args.mode == "pass":
        passes(arms, args.rounds)
    elif args.mode == "journal":
        assert jdir is not None
        journal(arms, args.rounds, args.n, jdir)
    else:
        edge(arms, args.rounds, args.n)


if __name__ == "__main__":
    main()
