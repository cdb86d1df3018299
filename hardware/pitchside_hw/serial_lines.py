"""A serial device that speaks in lines (the electronic die, a move source), over
pyserial, reconnecting by itself.

:class:`SerialLineReader` runs one reader thread: it opens the port (a device path such
as a udev name ``/dev/pitchside-die``, or any pyserial URL such as ``loop://``), reads
bytes, cuts them into lines at ``\\n`` (``\\r`` stripped), and puts a
:class:`~pitchside.signals.events.SerialLine` on the runtime's queue for each; what a
line *means* is the game's protocol, parsed by pure code in the firmware. Connection
changes are :class:`~pitchside.signals.events.SerialStatus` events. On any error
(unplugged, a second reader, the port missing) the port is closed (pyserial keeps
``is_open`` true after an unplug, shared/notes/libraries.md section 5) and reopened every
``retry_s`` until it comes back. A partial line left when the port is lost is dropped
and reported, never passed on as a line.

Timestamps come from ``clock`` (the same clock as the pin drivers, seconds).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import serial

from pitchside.signals.events import SerialLine, SerialStatus

log = logging.getLogger(__name__)

MAX_LINE = 256
"""Bytes in a line at most; a longer one is dropped and reported (a device gone mad)."""


class SerialLineReader:
    """Lines from one serial device onto the queue, with reconnection.

    :param name: the device's name in the config and on its events (``"die"``).
    :param port: device path or pyserial URL.
    :param queue_put: where events go (``Runtime.post``); called from the reader thread.
    :param clock: seconds, for the events' ``at``.
    :param baud: bits per second.
    :param retry_s: seconds between attempts to reopen a lost port.
    :param exclusive: lock the port (advisory ``flock``) so a second reader fails
        loudly; ignored for URLs such as ``loop://``.
    """

    def __init__(
        self,
        name: str,
        port: str,
        queue_put: Callable[[Any], None],
        clock: Callable[[], float],
        baud: int = 9600,
        retry_s: float = 1.0,
        exclusive: bool = True,
    ) -> None:
        self.name = name
        self.port = port
        self._put = queue_put
        self._clock = clock
        self._baud = baud
        self._retry_s = retry_s
        self._exclusive = exclusive and "://" not in port
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._serial: serial.Serial | None = None
        self.connected = False
        self.lines = 0
        self._thread = threading.Thread(target=self._run, name=f"serial-{name}", daemon=True)
        self._thread.start()

    # --- the reader thread --------------------------------------------------------------

    def _status(self, connected: bool, detail: str) -> None:
        if connected != self.connected or not connected:
            self.connected = connected
            self._put(SerialStatus(self.name, connected, detail, self._clock()))

    def _open(self) -> serial.Serial:
        kwargs: dict[str, Any] = {"baudrate": self._baud, "timeout": 0.2}
        if self._exclusive:
            kwargs["exclusive"] = True
        return serial.serial_for_url(self.port, **kwargs)

    def _run(self) -> None:
        last_error = ""
        while not self._stop.is_set():
            try:
                port = self._open()
            except (serial.SerialException, OSError, ValueError) as exc:
                detail = f"cannot open {self.port}: {exc}"
                if detail != last_error:  # say it once, not every retry
                    log.warning("%s: %s", self.name, detail)
                    self._status(False, detail)
                    last_error = detail
                self._stop.wait(self._retry_s)
                continue
            last_error = ""
            with self._lock:
                self._serial = port
            self._status(True, f"connected on {self.port}")
            try:
                self._read(port)
            except (serial.SerialException, OSError) as exc:
                if not self._stop.is_set():
                    log.warning("%s: lost %s: %s", self.name, self.port, exc)
                    self._status(False, f"lost: {exc}")
            finally:
                with self._lock:
                    self._serial = None
                try:
                    port.close()
                except (serial.SerialException, OSError):
                    pass
            self._stop.wait(self._retry_s)

    def _read(self, port: serial.Serial) -> None:
        buf = b""
        try:
            while not self._stop.is_set():
                chunk = port.read(port.in_waiting or 1)
                if not chunk:
                    continue
                buf += chunk
                while b"\n" in buf:
                    raw, buf = buf.split(b"\n", 1)
                    self._line(raw.rstrip(b"\r"))
                if len(buf) > MAX_LINE:
                    self._put(SerialStatus(self.name, True, f"line over {MAX_LINE} bytes dropped", self._clock()))
                    buf = b""
        finally:
            if buf:  # never passed on as a line: a half "ROLL 3 4" is not a roll
                self._put(SerialStatus(self.name, self.connected, "a partial line was dropped", self._clock()))

    def _line(self, raw: bytes) -> None:
        if len(raw) > MAX_LINE:
            self._put(SerialStatus(self.name, True, f"line over {MAX_LINE} bytes dropped", self._clock()))
            return
        self.lines += 1
        self._put(SerialLine(self.name, raw.decode("utf-8", errors="replace"), self._clock()))

    # --- the runtime's side -------------------------------------------------------------

    def write_line(self, text: str) -> bool:
        """Send ``text`` and a newline (a handshake, an acknowledgement); False when
        the device is not connected. Safe from any thread."""
        with self._lock:
            port = self._serial
            if port is None:
                return False
            try:
                port.write(text.encode() + b"\n")
                return True
            except (serial.SerialException, OSError) as exc:
                log.warning("%s: write failed: %s", self.name, exc)
                return False

    def close(self, timeout_s: float = 2.0) -> None:
        """Stop the reader thread and close the port (idempotent)."""
        self._stop.set()
        with self._lock:
            port = self._serial
        if port is not None:
            try:
                port.cancel_read()
            except (AttributeError, serial.SerialException, OSError):
                pass
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout_s)

    def __enter__(self) -> "SerialLineReader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
