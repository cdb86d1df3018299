"""A simulated Master Move move source on a pty pair: what a sensor board or a terminal
would send, through the real serial reader (:mod:`pitchside_hw.serial_lines`).

:class:`PtyMoveSource` opens a pseudo-terminal; the table's config names its slave side
(``[serial.moves] port = source.port``, or a stable symlink as a udev rule would make),
and everything written on the master arrives at the table as
:class:`~pitchside.signals.events.SerialLine` events of the device ``"moves"``. It can
be unplugged and plugged again (the reader reconnects). :func:`protocol_lines` turns a
recorded game (a replay file, docs/spec/replay.md, or a game record,
:mod:`pitchside.core.rules.mastermove.record`) into the protocol's lines
(hardware/pitchside_hw/MOVE_PROTOCOL.md), so a recorded game can be played again at the
table. :func:`deliver` sends one line to a :class:`~pitchside_sim.table.SimTable` and
waits until its runtime has handled it.

Stand-alone, for a table on a desk (``pitchside run`` with ``[serial.moves] port`` set to
the link it prints)::

    python -m pitchside_sim.move_source GAME_FILE --link /tmp/pitchside-moves --interval 2
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import tty
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Self

from pitchside.core.record.mastermove import MasterMoveCodec
from pitchside.core.rules.mastermove import record
from pitchside.signals.move_protocol import format_input

WAIT_S = 5.0
"""The longest :func:`deliver` waits for the reader thread, in real seconds (an upper
bound, never a timing assertion)."""


class PtyMoveSource:
    """A move source on a pty pair.

    :param link: a symlink to create to the pty's slave side (a stable name, as
        ``/dev/pitchside-moves`` would be); None: use :attr:`port` directly.
    """

    def __init__(self, link: str | Path | None = None) -> None:
        self.link = Path(link) if link is not None else None
        self.master = -1
        self.port = ""
        self.sent: list[str] = []
        self.plug()

    def plug(self) -> None:
        """Open a new pty (a device plugged in); the link, if any, points at it."""
        self.master, slave = os.openpty()
        tty.setraw(self.master)
        name = os.ttyname(slave)
        os.close(slave)
        if self.link is not None:
            if self.link.is_symlink() or self.link.exists():
                self.link.unlink()
            self.link.symlink_to(name)
            self.port = str(self.link)
        else:
            self.port = name

    def unplug(self) -> None:
        """Close the pty (the cable pulled): the reader sees an error and retries."""
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
        if self.link is not None and self.link.is_symlink():
            self.link.unlink()

    def send(self, line: str) -> None:
        """Write ``line`` and a newline, as the device would.

        :raises OSError: unplugged.
        """
        if self.master < 0:
            raise OSError("the simulated move source is unplugged")
        os.write(self.master, line.encode("utf-8") + b"\n")
        self.sent.append(line)

    def send_raw(self, data: bytes) -> None:
        """Write bytes as they are (noise, a partial line)."""
        os.write(self.master, data)

    def close(self) -> None:
        self.unplug()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def protocol_lines(text: str) -> list[str]:
    """The protocol lines that play a recorded game again: a replay file (JSON Lines
    with a header; its ``undo`` lines become ``UNDO``) or a game record (``[Game ...]``
    tags and ``A D8-D12`` lines). The coin toss is sent as ``TOSS side`` (a coin tossed
    by hand), so the game replays exactly.

    :raises ValueError: neither format, or a malformed line (from the parsers).
    """
    stripped = text.lstrip()
    if stripped.startswith("{"):
        codec = MasterMoveCodec()
        out = []
        for raw in text.splitlines():
            raw = raw.strip()
            if not raw or raw.startswith("#"):
                continue
            obj: dict[str, Any] = json.loads(raw)
            if "format" in obj:
                continue  # the header
            name = obj.pop("input")
            obj.pop("at", None)
            out.append("UNDO" if name == "undo" else format_input(codec.parse_input(name, obj)))
        return out
    return [format_input(inp) for inp in record.loads(text).inputs]


def deliver(sim: Any, source: PtyMoveSource, line: str, gap_s: float = 1.0) -> None:
    """Send ``line`` to the simulated table ``sim`` (a :class:`~pitchside_sim.table.SimTable`
    whose ``[serial.moves]`` port is ``source.port``), wait until its runtime has handled
    it, then let ``gap_s`` virtual seconds pass.

    :raises TimeoutError: the line did not arrive within :data:`WAIT_S` real seconds.
    """
    before = sim.runtime.kiosk.stat("moves").edges
    source.send(line)
    deadline = time.monotonic() + WAIT_S
    while sim.runtime.kiosk.stat("moves").edges == before:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the table did not receive {line!r}")
        time.sleep(0.001)  # the reader thread is real; only the table's clock is virtual
        sim.runtime.process_pending()
    sim.advance_to(sim.now + gap_s)


def wait_connected(sim: Any, name: str = "moves") -> None:
    """Wait until the table's reader has opened the move source's port and the runtime
    has seen it say so.

    :raises TimeoutError: not within :data:`WAIT_S` real seconds.
    """
    deadline = time.monotonic() + WAIT_S
    while not (sim.inputs.serial[name].connected and sim.runtime.kiosk.stat(name).on):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the table's reader did not open {name}")
        time.sleep(0.001)
        sim.runtime.process_pending()


def main(argv: Iterable[str] | None = None) -> int:
    """Replay a recorded game on a pty, one line every ``--interval`` s."""
    parser = argparse.ArgumentParser(prog="python -m pitchside_sim.move_source", description=__doc__.split("\n")[0])
    parser.add_argument("game", help="a replay file (.jsonl) or a game record")
    parser.add_argument("--link", help="make this symlink to the pty (e.g. /tmp/pitchside-moves)")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between lines")
    parser.add_argument("--wait", type=float, default=5.0, help="seconds before the first line")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        lines = protocol_lines(Path(args.game).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"move_source: {args.game}: {exc}", file=sys.stderr)
        return 2
    with PtyMoveSource(args.link) as source:
        print(f"move source on {source.port}: {len(lines)} lines", flush=True)
        time.sleep(args.wait)
        source.send("HELLO MM1 simulated move source")
        for line in lines:
            time.sleep(args.interval)
            print(line, flush=True)
            source.send(line)
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
