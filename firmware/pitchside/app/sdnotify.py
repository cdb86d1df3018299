"""systemd's sd_notify protocol without a dependency (``deploy/pitchside.service.in``).

systemd passes ``NOTIFY_SOCKET`` (a datagram socket; a leading ``@`` means Linux's
abstract namespace) and, with ``WatchdogSec=``, ``WATCHDOG_USEC`` (and ``WATCHDOG_PID``).
Without the socket, as outside systemd and in tests, every method does nothing.

The runtime calls :meth:`Notifier.ready` once the first frame is drawn and
:meth:`Notifier.watchdog` after each successful pass of its loop, never from a timer
thread, so a stuck loop stops the pings and systemd restarts the service.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Mapping

log = logging.getLogger(__name__)


class Notifier:
    """Sends ``READY=1``, ``WATCHDOG=1``, ``STATUS=...`` and ``STOPPING=1`` to systemd.

    :param address: the notify socket path, ``@name`` for an abstract one, or None
        (inactive).
    :param watchdog_usec: systemd's watchdog timeout in microseconds, or None (no pings).
    """

    def __init__(self, address: str | None, watchdog_usec: int | None = None) -> None:
        self.address = address or None
        self.watchdog_interval_s: float | None = watchdog_usec / 1e6 if watchdog_usec else None
        """systemd's watchdog timeout in seconds (None without a watchdog); pings go at
        most every half of it."""
        self._sock: socket.socket | None = None
        self._last_ping: float | None = None
        self._warned = False

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Notifier:
        """The notifier systemd set up for this process (inactive outside systemd).

        ``WATCHDOG_USEC`` is ignored when ``WATCHDOG_PID`` names another process, or when
        it is not a positive integer.
        """
        usec: int | None = None
        pid = env.get("WATCHDOG_PID")
        if pid is None or pid == str(os.getpid()):
            try:
                usec = int(env.get("WATCHDOG_USEC", "")) or None
            except ValueError:
                usec = None
            if usec is not None and usec < 0:
                usec = None
        return cls(env.get("NOTIFY_SOCKET"), usec)

    @property
    def active(self) -> bool:
        """True when there is a socket to notify."""
        return self.address is not None

    def notify(self, *fields: str) -> bool:
        """Send ``fields`` (``KEY=value`` each) as one datagram.

        :returns: True if it was sent; False when inactive or the send failed (logged
            once; the table runs on without systemd).
        """
        if self.address is None:
            return False
        target = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._sock.sendto("\n".join(fields).encode(), target)
        except OSError as exc:
            if not self._warned:
                log.warning("sd_notify to %s failed: %s", self.address, exc)
                self._warned = True
            return False
        return True

    def ready(self) -> bool:
        """Startup is complete (``Type=notify`` waits for this)."""
        return self.notify("READY=1")

    def status(self, text: str) -> bool:
        """A one-line status for ``systemctl status`` (newlines become spaces)."""
        return self.notify("STATUS=" + " ".join(text.splitlines()))

    def stopping(self) -> bool:
        """The service is shutting down."""
        return self.notify("STOPPING=1")

    def watchdog(self, now: float | None = None) -> bool:
        """Feed the watchdog, at most once every ``watchdog_interval_s / 2``.

        :param now: the time in seconds on any monotonic clock (default
            :func:`time.monotonic`); a time before the last ping counts as due.
        :returns: True if a ping was sent.
        """
        if self.address is None or self.watchdog_interval_s is None:
            return False
        if now is None:
            now = time.monotonic()
        last = self._last_ping
        if last is not None and last <= now < last + self.watchdog_interval_s / 2:
            return False
        sent = self.notify("WATCHDOG=1")
        if sent:
            self._last_ping = now
        return sent

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def __enter__(self) -> Notifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
