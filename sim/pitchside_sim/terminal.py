"""The interactive simulator's terminal: frames drawn in place (:class:`TerminalView`)
and single keys read as typed (:class:`KeyReader`).

The key reader puts a terminal in cbreak mode the moment it is made, before the table
is built or any frame drawn, and never flushes typed input: keys typed while the
simulator starts are kept and acted on (issue 13 item 8; ``tty.setcbreak``'s default,
``TCSAFLUSH``, discarded them).
"""

from __future__ import annotations

import os
import termios
import tty
from collections.abc import Iterator
from types import TracebackType
from typing import Any, TextIO

from PIL import Image

from pitchside_sim.frames import to_terminal


class TerminalView:
    """Draws each new frame in the terminal (half blocks, 128x32 characters for a
    128x64 panel), redrawing in place when ``out`` is a terminal."""

    def __init__(self, out: TextIO, enabled: bool) -> None:
        self.out = out
        self.enabled = enabled
        self.tty = out.isatty()
        self.last: Image.Image | None = None

    def __call__(self, frame: Image.Image) -> None:
        self.last = frame
        if self.enabled:
            self.draw(frame)

    def draw(self, frame: Image.Image, footer: str = "") -> None:
        text = to_terminal(frame)
        width = frame.width
        border = "+" + "-" * width + "+"
        body = "\n".join("|" + line.ljust(width) + "|" for line in text.split("\n"))
        prefix = "\x1b[H\x1b[2J" if self.tty else ""
        self.out.write(f"{prefix}{border}\n{body}\n{border}\n{footer}\n")
        self.out.flush()


class KeyReader:
    """Characters from ``stream``, one at a time: raw single keys on a terminal (cbreak,
    no echo, set at once with ``TCSANOW`` so typed-ahead input stays), else as read.
    :meth:`close` (or leaving a ``with`` block) gives the terminal its mode back."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._fd: int | None = None
        self._saved: list[Any] | None = None
        if stream.isatty():
            fd = stream.fileno()
            self._saved = termios.tcgetattr(fd)
            tty.setcbreak(fd, termios.TCSANOW)
            self._fd = fd

    def __iter__(self) -> Iterator[str]:
        fd = self._fd
        while True:
            if fd is not None:
                ch = os.read(fd, 1).decode(errors="ignore")
            else:
                ch = self._stream.read(1)
            if not ch:
                return
            yield ch

    def close(self) -> None:
        """Restore the terminal's mode (after any output is written; idempotent)."""
        if self._fd is not None and self._saved is not None:
            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._fd = self._saved = None

    def __enter__(self) -> "KeyReader":
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
