"""Crash harness: kill a table process with SIGKILL at random moments, restart it, and
check that nothing acknowledged was lost.

``python -m pitchside_sim.crash --kills 200`` runs the long version; the tests run a
short one (``tests/sim/test_crash_harness.py``). The child process plays Pichenotte
matches as fast as it can through the real :class:`~pitchside.app.journal.Journal` and
:class:`~pitchside.app.recorder.Recorder`: each input is appended durably, then
acknowledged on stdout (``ACK n DIGEST``: n inputs journaled in all, DIGEST the hash of
the table's state as it would be rebuilt). The parent kills it after a random delay,
between inputs or in the middle of a write, starts it again, and compares what the new
child rebuilds (``START n DIGEST``) with the last acknowledgement:

* ``n`` may be the acknowledged count, or one more (the write finished but the kill
  came before the ACK was printed); fewer is an acknowledged input **lost**;
* at the acknowledged count the digest must be the acknowledged one; otherwise the
  rebuilt state is **wrong**;
* a child that dies on its own, or prints no START, is a **failed restart**.

A SIGKILL leaves the operating system's page cache intact, so this proves crash
consistency (SQLite's transactions, our write order), not durability through a power
cut: docs/STORAGE.md says what a power cut adds and how to test it on a Pi.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

OPTIONS = {"pucks": 2}
"""Short matches, so kills land in every phase and across match boundaries."""


# --- the child ------------------------------------------------------------------------


def _digest(output: dict[str, object]) -> str:
    return hashlib.sha1(json.dumps(output, sort_keys=True).encode()).hexdigest()[:12]


def _random_input(rng: random.Random, state: object) -> object:
    """A plausible input for the Pichenotte state (it may still be refused)."""
    from pitchside.core.rules import pichenotte as rules
    from pitchside.core.sides import PerSide

    assert isinstance(state, rules.State)
    if state.phase == "toss":
        return rules.CoinToss(rng.choice(("A", "B")))
    if state.phase == "tally":
        def split(n: int) -> tuple[int, int, int]:
            a = rng.randint(0, n)
            b = rng.randint(0, n - a)
            return (a, b, n - a - b)

        return rules.Tally(split(state.on_board.A), split(state.on_board.B))
    twenty = rng.random() < 0.2
    return rules.Shot(
        called=rng.random() < 0.2,
        contact=rng.random() < 0.85,
        twenty=twenty,
        ditched=not twenty and rng.random() < 0.15,
        knocked_in=PerSide(rng.randint(0, min(1, state.on_board.A)), 0),
        knocked_off=PerSide(0, rng.randint(0, min(1, state.on_board.B))),
    )


def child(db: Path, seed: int) -> int:
    """Play forever, acknowledging each journaled input; see the module docstring."""
    from pitchside.tables import pichenotte as table
    from pitchside.app.journal import Journal
    from pitchside.app.recorder import Recorder
    from pitchside.core.errors import IllegalInput
    from pitchside.core.rules import pichenotte as rules

    journal = Journal.open(db)
    recorder = Recorder(journal, time.monotonic, max_matches=None)  # no pruning: counts stay comparable
    fresh = table.new_table(rules.Options(pucks=OPTIONS["pucks"]))
    ts = recorder.resume(fresh)
    count = sum(r.inputs for r in journal.history())
    out = sys.stdout

    def state_digest() -> str:
        return _digest(ts.match.codec.output(ts.match.state))

    out.write(f"START {count} {state_digest()}\n")
    out.flush()
    rng = random.Random(seed * 1_000_003 + count)
    while True:
        if ts.match.can_undo() and rng.random() < 0.08:
            match, _ = ts.match.undo()
            effect = table.Accepted(None, time.monotonic())
        else:
            try:
                inp = _random_input(rng, ts.match.state)
                match, _ = ts.match.apply(inp)
            except IllegalInput:
                continue
            effect = table.Accepted(inp, time.monotonic())  # type: ignore[arg-type]
        ts = table.TableState(match, names=ts.names)
        recorder.accepted(effect, ts)
        count += 1
        if ts.game.phase == "finished":
            ts = table.new_table(rules.Options(pucks=OPTIONS["pucks"]))
            recorder.new_match(ts)
        if not journal.durable:
            out.write(f"FAULT {journal.warning}\n")
            out.flush()
            return 1
        out.write(f"ACK {count} {state_digest()}\n")
        out.flush()


# --- the parent -----------------------------------------------------------------------


@dataclass
class Report:
    """What a harness run found."""

    kills: int = 0
    survived: int = 0
    lost: int = 0
    wrong_state: int = 0
    failed_restarts: int = 0
    written_unacked: int = 0
    inputs: int = 0

    def line(self) -> str:
        return (
            f"kills {self.kills}, survived {self.survived}, acknowledged inputs lost {self.lost}, "
            f"wrong states {self.wrong_state}, failed restarts {self.failed_restarts}, "
            f"written but not yet acknowledged {self.written_unacked}, inputs journaled {self.inputs}"
        )


def _spawn(db: Path, seed: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "pitchside_sim.crash", "--child", "--db", str(db), "--seed", str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


class _Lines:
    """Lines from a child's stdout, read with ``select`` and ``os.read`` only."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""
        self.eof = False

    def poll(self, timeout_s: float) -> list[str]:
        """The complete lines that arrive within ``timeout_s``."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout_s))
        if ready:
            chunk = os.read(self.fd, 65536)
            self.eof = not chunk
            self.buf += chunk
        *lines, self.buf = self.buf.split(b"\n")
        return [line.decode() for line in lines]

    def first(self, timeout_s: float) -> str | None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and not self.eof:
            lines = self.poll(deadline - time.monotonic())
            if lines:
                self.buf = b"\n".join(x.encode() for x in lines[1:]) + (b"\n" if lines[1:] else b"") + self.buf
                return lines[0]
        return None


def run(db: Path, kills: int, seed: int = 1, max_delay_s: float = 0.25, log: bool = False) -> Report:
    """Kill and restart the child ``kills`` times; return the counts."""
    rng = random.Random(seed)
    report = Report()
    acked: tuple[int, str] | None = None
    for k in range(kills + 1):
        proc = _spawn(db, seed + k)
        assert proc.stdout is not None
        lines = _Lines(proc.stdout.fileno())
        try:
            first = (lines.first(30.0) or "").split()
            start = (int(first[1]), first[2]) if len(first) == 3 and first[0] == "START" else None
            if start is None:
                report.failed_restarts += 1
                proc.kill()
                err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
                print(f"restart {k} failed: {err.strip()[-500:]}", file=sys.stderr)
                continue
            if acked is not None:
                n, digest = start
                if n < acked[0]:
                    report.lost += acked[0] - n
                elif n == acked[0] and digest != acked[1]:
                    report.wrong_state += 1
                elif n == acked[0] + 1:
                    report.written_unacked += 1
                report.survived += 1
            acked = start
            if k == kills:
                break
            # let it run a random while, reading its acknowledgements, then kill it
            deadline = time.monotonic() + rng.uniform(0.0, max_delay_s)
            seen: list[str] = []
            while time.monotonic() < deadline and not lines.eof:
                seen += lines.poll(deadline - time.monotonic())
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            while not lines.eof:
                seen += lines.poll(1.0)
            for line in seen:
                parts = line.split()
                if len(parts) == 3 and parts[0] == "ACK":
                    acked = (int(parts[1]), parts[2])
                elif parts and parts[0] == "FAULT":
                    report.failed_restarts += 1
            report.kills += 1
            report.inputs = acked[0]
            if log:
                print(f"kill {k + 1}: acknowledged {acked[0]}")
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for stream in (proc.stdout, proc.stderr):
                if stream is not None:
                    stream.close()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pitchside_sim.crash", description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200, help="how many SIGKILLs (default 200: the long run)")
    parser.add_argument("--db", help="journal file (default: a new one in a temporary folder)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay", type=float, default=0.25, help="longest run before a kill, s")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.child:
        return child(Path(args.db), args.seed)
    import tempfile

    with tempfile.TemporaryDirectory(prefix="pitchside-crash-") as tmp:
        db = Path(args.db) if args.db else Path(tmp) / "journal.db"
        report = run(db, args.kills, args.seed, args.max_delay, args.verbose)
    print(report.line())
    ok = report.lost == 0 and report.wrong_state == 0 and report.failed_restarts == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
