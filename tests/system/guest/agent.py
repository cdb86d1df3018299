"""The system tests' agent in the guest (system python, no third-party modules).

Started at boot by pitchside-systest.service from the payload disk; it serves one JSON
command a line on the virtio-serial port org.pitchside.test and answers one JSON line
each (``{"ok": ...}`` or ``{"error": ...}``); ``play`` also streams ``{"ack": ...}``
lines, one per input the table showed. Everything runs in this one process: under TCG
each process started costs a fraction of a second.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import sqlite3
import subprocess
import time

PORT = "/dev/virtio-ports/org.pitchside.test"
SIM = "/sys/kernel/config/gpio-sim/pitchside"
FRAME = "/run/pitchside/frame.pbm"
JOURNAL = "/var/lib/pitchside/journal.db"


def uptime() -> float:
    with open("/proc/uptime") as f:
        return float(f.read().split()[0])


class Gpio:
    """A gpio-sim chip with 28 lines named GPIO0..GPIO27: the Pi's header."""

    def __init__(self) -> None:
        subprocess.run(["modprobe", "gpio-sim"], check=True)
        if not os.path.ismount("/sys/kernel/config"):
            subprocess.run(["mount", "-t", "configfs", "none", "/sys/kernel/config"], check=True)
        if not os.path.isdir(SIM):
            os.mkdir(SIM)
            os.mkdir(f"{SIM}/bank0")
            self._put(f"{SIM}/bank0/num_lines", "28")
            self._put(f"{SIM}/bank0/label", "pitchside-sim")
            for i in range(28):
                os.mkdir(f"{SIM}/bank0/line{i}")
                self._put(f"{SIM}/bank0/line{i}/name", f"GPIO{i}")
            self._put(f"{SIM}/live", "1")
        self.chip = open(f"{SIM}/bank0/chip_name").read().strip()
        dev = open(f"{SIM}/dev_name").read().strip()
        self.sysfs = f"/sys/devices/platform/{dev}/{self.chip}"
        self._fds: dict[int, int] = {}

    @staticmethod
    def _put(path: str, value: str) -> None:
        with open(path, "w") as f:
            f.write(value)

    def level(self, line: int, high: bool) -> None:
        """Drive line ``line`` (BCM number) high or low: gpio-sim's pull of the line."""
        fd = self._fds.get(line)
        if fd is None:
            fd = self._fds[line] = os.open(f"{self.sysfs}/sim_gpio{line}/pull", os.O_WRONLY)
        os.pwrite(fd, b"pull-up" if high else b"pull-down", 0)


def frame() -> tuple[int, str]:
    """The number and pixel digest of the frame in the file display (0, "" when none)."""
    try:
        with open(FRAME, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return 0, ""
    m = re.match(rb"P4\n# frame (\d+)\n\d+ \d+\n", data)
    if m is None:
        return 0, ""
    return int(m.group(1)), hashlib.sha256(data[m.end():]).hexdigest()[:16]


def journal() -> dict[str, object]:
    """What the journal holds: its inputs (all matches), the last ones, integrity."""
    if not os.path.exists(JOURNAL):
        return {"exists": False}
    con = sqlite3.connect(f"file:{JOURNAL}?mode=ro", uri=True, timeout=10)
    try:
        n = con.execute("SELECT count(*) FROM inputs").fetchone()[0]
        last = [r[0] for r in con.execute("SELECT line FROM inputs ORDER BY match_id DESC, seq DESC LIMIT 40")]
        ok = con.execute("PRAGMA quick_check").fetchone()[0]
        sync = con.execute("PRAGMA synchronous").fetchone()[0]
    finally:
        con.close()
    return {"exists": True, "inputs": n, "last": last[::-1], "check": ok, "sync_reader": sync}


def count_inputs() -> int:
    try:
        con = sqlite3.connect(f"file:{JOURNAL}?mode=ro", uri=True, timeout=10)
        try:
            return int(con.execute("SELECT count(*) FROM inputs").fetchone()[0])
        finally:
            con.close()
    except sqlite3.Error:
        return -1


class Agent:
    def __init__(self, port: str) -> None:
        self.f = open(port, "r+b", buffering=0)
        self.gpio: Gpio | None = None
        self.buf = b""

    def send(self, obj: object) -> None:
        self.f.write((json.dumps(obj) + "\n").encode())

    def lines(self):  # type: ignore[no-untyped-def]
        while True:
            while b"\n" not in self.buf:
                chunk = self.f.read(65536)
                if not chunk:
                    time.sleep(0.05)  # the host is not connected
                    continue
                self.buf += chunk
            line, self.buf = self.buf.split(b"\n", 1)
            if line.strip():
                yield json.loads(line)

    def serve(self) -> None:
        self.send({"hello": uptime()})
        for cmd in self.lines():
            try:
                self.send({"ok": getattr(self, "do_" + cmd.pop("cmd"))(**cmd)})
            except Exception as exc:  # the host reports it
                self.send({"error": f"{type(exc).__name__}: {exc}"})

    def do_sh(self, script: str, limit: float = 600) -> dict[str, object]:
        t = time.monotonic()
        p = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=limit)
        return {"rc": p.returncode, "out": p.stdout, "err": p.stderr, "s": round(time.monotonic() - t, 2)}

    def do_uptime(self) -> float:
        return uptime()

    def do_gpio(self) -> dict[str, str]:
        self.gpio = self.gpio or Gpio()
        return {"chip": self.gpio.chip, "sysfs": self.gpio.sysfs}

    def do_frame(self) -> list[object]:
        return list(frame())

    def do_journal(self) -> dict[str, object]:
        return journal()

    def do_write(self, path: str, text: str) -> None:
        with open(path, "w") as f:
            f.write(text)

    def do_play(self, steps: list[dict[str, object]], ack_timeout: float = 20, forever: bool = False) -> dict[str, object]:
        """Drive ``steps`` through the gpio-sim chip; after each, wait for a new frame in
        the file display and stream ``{"ack": i, "frame": n, "digest": d, "inputs": k,
        "edge_to_frame_ms": x}`` (``inputs``: the journal's inputs once the frame is shown,
        ``edge_to_journal_ms``: from the step's first edge until the journal held one
        more input than before it, or None). ``forever``: the steps again and again."""
        gpio = self.gpio or Gpio()
        self.gpio = gpio
        acks, i, lat_f, lat_j, last_f, last_j = 0, 0, [], [], [], []
        while True:
            for step in steps:
                i += 1
                n0, _ = frame()
                k0 = count_inputs()
                t0 = time.monotonic()
                line = int(step["line"])  # type: ignore[call-overload]
                for high, wait_us in step["edges"]:  # type: ignore[attr-defined]
                    gpio.level(line, bool(high))
                    t_last = time.monotonic()
                    if wait_us >= 1000:  # a bounce's sub-millisecond gaps: as fast as the machine writes
                        time.sleep(wait_us / 1e6)
                t_j = None
                deadline = t0 + ack_timeout
                while time.monotonic() < deadline:
                    if t_j is None and step.get("journaled") and count_inputs() > k0:
                        t_j = time.monotonic()
                    n, digest = frame()
                    if n > n0:
                        break
                    time.sleep(0.002)
                else:
                    self.send({"noack": i, "step": step.get("name")})
                    continue
                t_f = time.monotonic()
                k = count_inputs()
                if t_j is None and step.get("journaled") and k > k0:
                    t_j = t_f
                acks += 1
                lat_f.append((t_f - t0) * 1e3)
                last_f.append((t_f - t_last) * 1e3)
                if t_j is not None:
                    lat_j.append((t_j - t0) * 1e3)
                    last_j.append((t_j - t_last) * 1e3)
                self.send({"ack": i, "step": step.get("name"), "frame": n, "digest": digest, "inputs": k,
                           "edge_to_frame_ms": round((t_f - t0) * 1e3, 1),
                           "edge_to_journal_ms": None if t_j is None else round((t_j - t0) * 1e3, 1)})
                gap = float(step.get("gap_s", 0.3))  # type: ignore[arg-type]
                time.sleep(gap)
                n, digest = frame()  # what the table shows once it settled after the input
                self.send({"settled": i, "step": step.get("name"), "journaled": bool(step.get("journaled")),
                           "frame": n, "digest": digest, "inputs": count_inputs()})
            if not forever:
                return {"acks": acks, "steps": i, "edge_to_frame_ms": lat_f, "edge_to_journal_ms": lat_j,
                        "last_edge_to_frame_ms": last_f, "last_edge_to_journal_ms": last_j}


def notify(msg: str) -> None:
    """sd_notify(3) without libsystemd: a datagram to $NOTIFY_SOCKET."""
    addr = os.environ.get("NOTIFY_SOCKET")
    if not addr:
        return
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        s.sendto(msg.encode(), "\0" + addr[1:] if addr.startswith("@") else addr)
    finally:
        s.close()


def main() -> None:
    # Above the table (SCHED_FIFO 10, deploy/pitchside.service.in) on the guest's one CPU:
    # a bounce's edges are written as one burst, not stretched past the debounce time by
    # the table waking on the first of them.
    os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(20))
    Gpio()  # the chip exists before the table starts (the test guest's drop-in orders it after us)
    notify("READY=1")
    for _ in range(600):
        if os.path.exists(PORT):
            break
        time.sleep(0.1)
    Agent(PORT).serve()


if __name__ == "__main__":
    main()
