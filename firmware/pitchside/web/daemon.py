"""``pitchside web`` beside the table: the hub fed from the table's datagram socket
(:class:`pitchside.web.publisher.DatagramSink` sends), uvicorn in the main thread.

The feed socket is read on a thread of its own with blocking ``recv``: each datagram is
one snapshot (JSON) handed to the hub with its text (the SSE blocks and ``/api/state``
carry the datagram's text as sent, not a second encoding); one that is not JSON is
counted and dropped.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
from pathlib import Path

from pitchside.web.hub import Hub

log = logging.getLogger(__name__)

MAX_DATAGRAM = 1 << 17
"""The largest snapshot read (bytes); the feed's snapshots stay under 16 KB."""


class FeedReceiver:
    """Binds the Unix datagram socket ``path`` and hands each snapshot to ``hub``."""

    def __init__(self, path: str | os.PathLike[str], hub: Hub) -> None:
        self.path = Path(path)
        self.hub = hub
        self.received = 0
        self.bad = 0
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.unlink(missing_ok=True)  # a socket left by a killed process
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sock.bind(str(self.path))
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        self._thread = threading.Thread(target=self._run, name="pitchside-feed-rx", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            try:
                data = self._sock.recv(MAX_DATAGRAM)
            except OSError:
                return  # closed
            try:
                text = data.decode()
                snap = json.loads(text)
                if not isinstance(snap, dict) or not isinstance(snap.get("seq"), int):
                    raise ValueError("not a snapshot")
            except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
                self.bad += 1
                continue
            self.received += 1
            # the datagram is the JSON text: not encoded again, unless it spans lines (an SSE
            # data line must be one line: the hub then encodes it itself)
            self.hub.publish_threadsafe(snap, None if "\n" in text or "\r" in text else text)

    def close(self) -> None:
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()
        self.path.unlink(missing_ok=True)
