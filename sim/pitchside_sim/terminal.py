"""The interactive simulator's terminal: frames drawn in place, fitted to the terminal
(:class:`TerminalView`, views in :mod:`pitchside_sim.textview`) and single keys read as
typed, with a timeout (:class:`KeyReader`).

The key reader puts a terminal in cbreak mode the moment it is made, before the table
is built or any frame drawn, and never flushes typed input: keys typed while the
simulator starts are kept and acted on (``tty.setcbreak``'s default,
``TCSAFLUSH``, discarded them).
"""

from __future__ import annotations

import io
import os
import select
import shutil
import termios
import tty
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import Any, TextIO

from PIL import Image

from pitchside_sim.textview import Fit, Footer, compose, wrapped

HOME, CLEAR_LINE, CLEAR_BELOW = "\x1b[H", "\x1b[K", "\x1b[J"
"""ANSI: cursor to the top left, erase to the end of the line, erase below the cursor
(a redraw overwrites in place, so the screen does not flicker)."""


class TerminalView:
    """Draws frames in the terminal, in the most detailed view that fits its size
    (:func:`pitchside_sim.textview.compose`: half blocks, Braille dots, or Braille at
    half scale; or, when none fits, a line saying what size the panel needs).

    On a terminal each drawing replaces the last in place and ends without a newline, so
    a screen of exactly the terminal's height does not scroll; elsewhere (a pipe) each
    is printed as lines.

    :param out: where to draw.
    :param enabled: draw each frame as it arrives (else only on :meth:`draw`).
    :param view: ``auto`` or one view of :data:`pitchside_sim.textview.VIEWS`.
    :param size: the terminal's (columns, rows); default ``shutil.get_terminal_size``
        (which honours ``COLUMNS``/``LINES``, and is 80x24 off a terminal).
    :param in_place: on a terminal, redraw in place (the interactive screen); False
        prints lines below what is there (a script's last frame).
    """

    def __init__(self, out: TextIO, enabled: bool, view: str = "auto",
                 size: Callable[[], tuple[int, int]] | None = None, in_place: bool = True) -> None:  # fmt: skip
        self.out = out
        self.enabled = enabled
        self.view = view
        self.tty = out.isatty() and in_place
        self.last: Image.Image | None = None
        self.fit: Fit | None = None
        """The view of the last drawing, or None when it said the terminal is too small."""
        self._size = size or (lambda: tuple(shutil.get_terminal_size()))  # type: ignore[return-value]

    def __call__(self, frame: Image.Image) -> None:
        self.last = frame
        if self.enabled:
            self.draw(frame)

    def terminal(self) -> tuple[int, int]:
        """The terminal's size now, (columns, rows)."""
        cols, rows = self._size()
        return int(cols), int(rows)

    def draw(self, frame: Image.Image, footer: Footer | str = (), *, dim: bool = False,
             text: tuple[str, ...] = ()) -> None:  # fmt: skip
        """Draw ``frame`` with ``footer`` lines under it (each wrapped to the width).

        :param dim: the panel is dimmed: drawn faint on a terminal.
        :param text: the screen's words, between the panel and the footer, in the rows
            the view leaves (:func:`pitchside_sim.textview.compose`).
        """
        footer = (footer,) if isinstance(footer, str) else footer
        lines, self.fit = compose(frame, self.terminal(), footer, self.view, text)
        if self.tty:
            faint, plain = ("\x1b[2m", "\x1b[22m") if dim and self.fit is not None else ("", "")
            if faint and self.fit is not None:  # only the panel faint: its words stay plain
                cells = self.fit.rows - len(wrapped(footer, self.terminal()[0]))
                lines = [faint + lines[0], *lines[1:cells - 1], lines[cells - 1] + plain, *lines[cells:]]
                faint = plain = ""
            body = f"{CLEAR_LINE}\n".join(lines)
            self.out.write(f"{HOME}{faint}{body}{plain}{CLEAR_LINE}{CLEAR_BELOW}")
        else:
            self.out.write("\n".join(lines) + "\n")
        self.out.flush()


class KeyReader:
    """Characters from ``stream``, one at a time: raw single keys on a terminal (cbreak,
    no echo, set at once with ``TCSANOW`` so typed-ahead input stays), else as read.
    :meth:`read` waits at most a timeout (a stream with a file descriptor: a terminal or
    a pipe). :meth:`close` (or leaving a ``with`` block) gives the terminal its mode back."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._fd: int | None = None  # read with os.read: no buffer hides a key from select
        self._saved: list[Any] | None = None
        try:
            self._fd = stream.fileno()
        except (AttributeError, io.UnsupportedOperation, ValueError):
            self._fd = None
        self._tty = self._fd is not None and stream.isatty()
        if self._tty:
            assert self._fd is not None
            self._saved = termios.tcgetattr(self._fd)
            tty.setcbreak(self._fd, termios.TCSANOW)

    @property
    def tty(self) -> bool:
        """Whether the keys come from a terminal (a person typing)."""
        return self._tty

    def read(self, timeout_s: float | None = None) -> str | None:
        """The next character; ``""`` at the end of the input; None when ``timeout_s``
        seconds passed with no key (None: wait for one). A stream with no file
        descriptor is read at once, whatever the timeout."""
        fd = self._fd
        if fd is None:
            return self._stream.read(1)
        if timeout_s is not None:
            ready, _, _ = select.select([fd], [], [], max(0.0, timeout_s))
            if not ready:
                return None
        data = os.read(fd, 1)
        return data.decode(errors="replace") if data else ""  # a byte is never "": that is the end

    def __iter__(self) -> Iterator[str]:
        while True:
            ch = self.read()
            if not ch:
                return
            yield ch

    def close(self) -> None:
        """Restore the terminal's mode (after any output is written; idempotent)."""
        if self._fd is not None and self._saved is not None:
            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._saved = None

    def __enter__(self) -> "KeyReader":
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
