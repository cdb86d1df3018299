"""A phone's ``/api/state`` while one address holds 500 half-open sockets.

The server runs in a child process (its own interpreter and GIL, as ``pitchside web``
does beside the table) on 127.0.0.1; a "phone" asks ``GET /api/state`` from 127.0.0.2
on a fresh connection each time, ``--requests`` times a round. Rounds alternate, in
turn first or second: *quiet* (nothing else connected) and *loaded* (500 sockets from
127.0.0.1, each sending half a request head and nothing more, opened just before the
phone's requests and closed after them). Printed per server: p50 and p99 of the
phone's round trip (ms) and its answers by status (``err``: the connection failed or
timed out after 5 s).

Servers (``--servers``):

* ``guarded``: what Pitchside runs (:mod:`pitchside.web.conns`: a 5 s header
  deadline, 16 connections per address);
* ``uvicorn``: the same app on stock uvicorn h11, as before (``limit_concurrency`` 260);
* ``hypercorn``: the same app on hypercorn's asyncio server (``pip install hypercorn``;
  skipped when missing), its defaults and a backlog of 2048 like uvicorn's.

Run: ``.venv/bin/python bench/slowclients.py`` (about a minute; ``--json FILE`` keeps
the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import json
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import pct  # noqa: E402

HALF_HEAD = b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow"
PHONE = "127.0.0.2"
SNAPSHOT = {"v": 1, "seq": 7, "boot": "bench", "game": "pichenotte", "status": "playing",
            "names": ["ANN", "BOB"], "score": {"a": 12, "b": 9}, "text": ["ANN 12", "BOB 9"] * 20}


def serve(kind: str, port: int) -> None:
    """The child: the table's web app with one snapshot, on ``kind``'s server."""
    from pitchside.web.app import WebSettings, create_app
    from pitchside.web.hub import Hub

    hub = Hub()
    hub.publish_threadsafe(SNAPSHOT)
    # the phone asks far more often than a person: no rate limit in the way
    app = create_app(hub, WebSettings(rate_per_s=1e6, burst=1e6))
    if kind == "guarded":
        from pitchside.web.server import serve as run

        run(app, hub, "127.0.0.1", port)
    elif kind == "uvicorn":
        import uvicorn

        # stock h11, the same limits as before the guard
        uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, http="h11", loop="asyncio",
                                      lifespan="on", access_log=False, log_level="error",
                                      limit_concurrency=260)).run()  # error: not a warning a 503
    elif kind == "hypercorn":
        # imported by name: hypercorn is not a dependency (the bench's option only)
        hasyncio: Any = importlib.import_module("hypercorn.asyncio")
        cfg: Any = importlib.import_module("hypercorn.config").Config()
        cfg.bind = [f"127.0.0.1:{port}"]
        cfg.backlog = 2048
        cfg.accesslog = None
        cfg.loglevel = "WARNING"
        asyncio.run(hasyncio.serve(app, cfg))
    else:
        raise SystemExit(f"unknown server {kind!r}")


def ask(port: int) -> tuple[float, str]:
    """One phone request on a fresh connection: (seconds, status or 'err')."""
    t0 = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(PHONE, 0)) as s:
            s.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            data = b""
            while chunk := s.recv(65536):
                data += chunk
    except OSError:
        return time.perf_counter() - t0, "err"
    status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/1.1 ") else "err"
    return time.perf_counter() - t0, status


def half_open(port: int, n: int) -> list[socket.socket]:
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        s.settimeout(5)
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(HALF_HEAD)
        except OSError:
            pass
        socks.append(s)
    return socks


def wait_listening(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode})")
        if ask(port)[1] == "200":
            return
        time.sleep(0.1)
    raise SystemExit("the server did not answer in 30 s")


def bench(kind: str, rounds: int, requests: int, sockets: int) -> dict[str, Any]:
    from pitchside.web.server import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, __file__, "--serve", kind, "--port", str(port)])
    try:
        wait_listening(port, proc)
        times: dict[str, list[float]] = {"quiet": [], "loaded": []}
        status: dict[str, Counter[str]] = {"quiet": Counter(), "loaded": Counter()}
        for r in range(rounds):
            for phase in ("quiet", "loaded") if r % 2 == 0 else ("loaded", "quiet"):
                held = half_open(port, sockets) if phase == "loaded" else []
                for _ in range(requests):
                    dt, st = ask(port)
                    times[phase].append(dt)
                    status[phase][st] += 1
                for s in held:
                    s.close()
                time.sleep(0.3)  # the server sees the closes before the next round
        return {phase: {"p50_ms": round(pct(times[phase], 50) * 1e3, 2),
                        "p99_ms": round(pct(times[phase], 99) * 1e3, 2),
                        "answers": dict(sorted(status[phase].items()))} for phase in times}
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--servers", default="guarded,uvicorn,hypercorn")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--requests", type=int, default=100, help="phone requests a round")
    ap.add_argument("--sockets", type=int, default=500, help="half-open sockets of a loaded round")
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("--serve", help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(args.serve, args.port)
        return
    out: dict[str, Any] = {"sockets": args.sockets, "rounds": args.rounds, "requests": args.requests}
    for kind in args.servers.split(","):
        if kind == "hypercorn" and importlib.util.find_spec("hypercorn") is None:
            print("hypercorn: not installed (pip install hypercorn), skipped")
            continue
        res = out[kind] = bench(kind, args.rounds, args.requests, args.sockets)
        for phase in ("quiet", "loaded"):
            f = res[phase]
            print(f"{kind:>9} {phase:>6}: /api/state p50 {f['p50_ms']:7.2f} ms  p99 {f['p99_ms']:7.2f} ms  "
                  f"answers {f['answers']}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
