"""A simulated electronic die unit on a pty pair, speaking the die protocol
(hardware/pitchside_hw/DIE_PROTOCOL.md) as a real unit on USB serial would.

The table opens the pty's slave side through a stable name (a symlink standing in for
the udev name ``/dev/pitchside-die``); the unit holds the master side. Like a real
unit it says ``HELLO pitchside-die 1`` whenever the host opens the port (a USB CDC unit
sees DTR rise; here the master stops reporting POLLHUP) and in answer to ``HELLO?``;
it sends ``ROLL ...`` lines when told to roll, taking the values from a queue of rolls
it was given (or random ones); and it can misbehave on demand: any raw bytes (a 7, the
wrong number of dice, garbage, half a line) and being unplugged and plugged back.

Only the sim uses this; the drivers under test (``pitchside_hw.serial_lines``) are the
real ones.
"""

from __future__ import annotations

import os
import random
import select
import threading
import tty
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from typing import Self

from pitchside.signals.die_protocol import HELLO_QUERY, hello_line, roll_line

POLL_S = 0.005
"""How often the unit looks at its port (s)."""
SETTLE_S = 0.1
"""How long after the host opens the port the unit says HELLO (s): pyserial flushes the
input on open, so a HELLO sent at the very moment of the open could be lost (a real
board resetting on DTR takes longer than this)."""


class DieUnit:
    """A die unit plugged in at ``link``.

    :param link: the stable name the table opens (a symlink to the pty's slave).
    :param rolls: rolls to send, in order, one per :meth:`roll` (each 1-3 values);
        after them, random ones from ``seed``.
    :param version: the protocol version its HELLO says.
    :param hello_on_open: say HELLO when the host opens the port.
    :param seed: seed of the random rolls after the given ones.
    """

    def __init__(
        self,
        link: str | Path,
        rolls: Iterable[tuple[int, ...]] = (),
        version: int = 1,
        hello_on_open: bool = True,
        seed: int = 1,
    ) -> None:
        self.link = Path(link)
        self.version = version
        self.hello_on_open = hello_on_open
        self.received: list[str] = []
        """Lines the host sent (``HELLO?``)."""
        self.hellos = 0
        self._rolls: deque[tuple[int, ...]] = deque(rolls)
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._master = -1
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.plug()

    # --- the cable ----------------------------------------------------------------------

    @property
    def plugged(self) -> bool:
        return self._master >= 0

    def plug(self) -> None:
        """Plug the unit in: a new pty, the stable name pointing at it.

        :raises RuntimeError: already plugged.
        """
        if self.plugged:
            raise RuntimeError("the die unit is plugged in already")
        master, slave = os.openpty()
        tty.setraw(master)
        name = os.ttyname(slave)
        os.close(slave)  # until the host opens it, the master sees POLLHUP
        if self.link.is_symlink() or self.link.exists():
            self.link.unlink()
        self.link.symlink_to(name)
        with self._lock:
            self._master = master
        self._stop.clear()
        self._thread = threading.Thread(target=self._watch, args=(master,), name="sim-die-unit", daemon=True)
        self._thread.start()

    def unplug(self) -> None:
        """Pull the cable: the pty goes away and so does the stable name."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(2.0)
        with self._lock:
            master, self._master = self._master, -1
        if master >= 0:
            os.close(master)
        if self.link.is_symlink():
            self.link.unlink()

    def close(self) -> None:
        """Unplug and stop (idempotent)."""
        if self.plugged:
            self.unplug()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- what the unit says ---------------------------------------------------------------

    def send(self, data: bytes) -> None:
        """Raw bytes down the line (garbage, half a line, anything).

        :raises RuntimeError: unplugged.
        """
        with self._lock:
            if self._master < 0:
                raise RuntimeError("the die unit is unplugged")
            os.write(self._master, data)

    def send_line(self, text: str) -> None:
        """One line, ``\\r\\n``-terminated as many microcontroller libraries send it."""
        self.send(text.encode() + b"\r\n")

    def hello(self) -> None:
        """The handshake line."""
        self.hellos += 1
        self.send_line(hello_line(self.version))

    def roll(self, values: tuple[int, ...] | None = None, count: int = 2) -> tuple[int, ...]:
        """Roll: send ``values``, else the next given roll, else ``count`` random dice.

        :returns: the values sent.
        """
        if values is None:
            values = self._rolls.popleft() if self._rolls else tuple(self._rng.randint(1, 6) for _ in range(count))
        self.send_line(roll_line(values))
        return values

    def error(self, code: str, text: str = "") -> None:
        """A fault report (``ERR CODE text``)."""
        self.send_line(f"ERR {code} {text}".rstrip())

    # --- the unit's own loop ----------------------------------------------------------------

    def _watch(self, master: int) -> None:
        """Notice the host opening the port (say HELLO) and answer ``HELLO?``."""
        poller = select.poll()
        poller.register(master, select.POLLIN | select.POLLHUP)
        host_open = False
        buf = b""
        while not self._stop.is_set():
            try:
                events = dict(poller.poll(POLL_S * 1000))
            except OSError:
                return
            hup = bool(events.get(master, 0) & select.POLLHUP)
            if not hup and not host_open:
                host_open = True
                if self.hello_on_open and not self._stop.wait(SETTLE_S):
                    self._safe(self.hello)
            elif hup:
                host_open = False
                self._stop.wait(POLL_S)
            if events.get(master, 0) & select.POLLIN:
                try:
                    buf += os.read(master, 256)
                except OSError:
                    continue
                while b"\n" in buf:
                    raw, buf = buf.split(b"\n", 1)
                    text = raw.decode(errors="replace").strip()
                    self.received.append(text)
                    if text == HELLO_QUERY:
                        self._safe(self.hello)

    def _safe(self, fn: object) -> None:
        try:
            fn()  # type: ignore[operator]
        except (OSError, RuntimeError):
            pass  # unplugged meanwhile
