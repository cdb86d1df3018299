"""The interactive simulator's log, kept out of its screen: while the table plays, every
log record goes to ``OUT/sim.log`` (appended, one line each) instead of the terminal,
where a line would be drawn into the panel's picture; the terminal's own log handlers
are put back when it ends (:func:`logs_to`)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
"""A line of the log: the same as the console's (:func:`pitchside.cli.main.main`)."""


@dataclass
class LogFile:
    """Where the log went and how many records reached it while it was in use."""

    path: Path
    records: int = 0


class _Counting(logging.FileHandler):
    def __init__(self, log: LogFile) -> None:
        super().__init__(log.path, encoding="utf-8")
        self._log = log
        self.setFormatter(logging.Formatter(FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        super().emit(record)
        self._log.records += 1


@contextmanager
def logs_to(path: Path) -> Iterator[LogFile]:
    """Send the root logger's records to ``path`` (appended) and no longer to the
    terminal, until the block ends."""
    root = logging.getLogger()
    log = LogFile(path)
    handler = _Counting(log)
    saved = root.handlers[:]
    root.handlers[:] = [handler]
    try:
        yield log
    finally:
        root.handlers[:] = saved
        handler.close()
