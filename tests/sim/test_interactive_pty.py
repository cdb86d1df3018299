"""The interactive simulator as a player uses it, on a pty sized like
a terminal window (TIOCSWINSZ): an 80x24 window gets the whole screen in 80 columns and
24 rows, the table's clock runs in real time (the coin toss animation reaches its reveal
with no key pressed), a window too small is told the size the panel needs, and a resize
is redrawn to fit. Nothing sleeps: the test reads the pty until a deadline."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from pitchside.app.config import load_config
from pitchside_sim.keys import keymap_for
from pitchside_sim.live import KEY_GAP_S
from pitchside_sim.run import default_config_path
from pitchside_sim.table import SimTable
from pitchside_sim.textview import compose

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="not applicable: needs a pty")
DEADLINE_S = 120.0
"""The longest a screen may take to appear (the simulator starting on 2 shared cores)."""
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def resize(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class Pty:
    """``pitchside sim ARGS`` on a pty of ``columns`` x ``rows``, ``typed`` already typed."""

    def __init__(self, args: list[str], typed: bytes, columns: int, rows: int, cwd: Path) -> None:
        self.master, slave = os.openpty()
        resize(slave, columns, rows)
        os.write(self.master, typed)  # typed ahead, before the process exists: no key comes later
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}  # the window's size rules
        argv = [sys.executable, "-m", "pitchside.cli.main", "sim", *args]
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env,
                                     close_fds=True, start_new_session=True)  # fmt: skip
        os.close(slave)
        self.out = bytearray()

    def screens(self) -> list[str]:
        """Each drawing so far (they start at the cursor's home), escapes and CRs removed."""
        text = self.out.decode(errors="replace")
        return [ESCAPE.sub("", s).replace("\r", "") for s in text.split("\x1b[H")[1:]]

    def until(self, shown: Callable[[str], bool], what: str) -> str:
        """Read until a screen satisfies ``shown``; returns it."""
        end = time.monotonic() + DEADLINE_S
        while time.monotonic() < end:
            for screen in self.screens():
                if shown(screen):
                    return screen
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.out += os.read(self.master, 65536)
                except OSError:
                    break  # the process ended
        tail = "\n=====\n".join(self.screens()[-2:]) or self.out[-2000:].decode(errors="replace")
        raise AssertionError(f"no screen {what} in {DEADLINE_S:g} s; the last ones:\n{tail}")

    def quit(self) -> int:
        drawn = len(self.out)
        os.write(self.master, b"q")
        try:
            status = self.proc.wait(timeout=DEADLINE_S)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            os.close(self.master)
        del self.out[drawn:]  # what it prints after quitting is no screen
        return status


def braille_frames(winners: tuple[str, ...]) -> dict[str, str]:
    """The text an 80x24 terminal shows of Pitch Bowl's toss reveal for each winner."""
    config = replace(load_config(default_config_path("pitchbowl")), serial=())
    out: dict[str, str] = {}
    for seed in range(20):
        sim = SimTable(config, seed=seed)
        try:
            for k in "sst":
                sim.act(keymap_for("pitchbowl")[0][k], KEY_GAP_S)
            sim.advance_to(sim.now + 3.0)
            winner = sim.runtime.state.match.state.toss_winner
            frame: Image.Image = sim.device.frames[-1][1]
            out.setdefault(winner, "\n".join(compose(frame, (80, 24))[0]))
        finally:
            sim.close()
        if set(out) == set(winners):
            return out
    raise AssertionError("no seed tossed each side")


def test_in_80x24_the_toss_animation_reaches_its_reveal_with_no_key_pressed(tmp_path: Path) -> None:
    reveals = braille_frames(("A", "B"))
    sim = Pty(["pitchbowl", "--out", str(tmp_path / "out")], b"sst", 80, 24, tmp_path)  # wake, start, toss
    try:
        shown = sim.until(lambda s: any(r in s for r in reveals.values()), "with the toss's reveal")
    finally:
        status = sim.quit()
    assert status == 0
    assert "pitchbowl on the simulated table, 128x64 panel" in shown
    screens = sim.screens()
    assert len(screens) >= 4  # attract, menu, spinning ..., the reveal: drawn as time passed
    for screen in screens:
        lines = screen.split("\n")
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80, screen
    lines = (tmp_path / "out" / "match.jsonl").read_text().splitlines()
    assert len(lines) == 2 and '"input": "coin_toss"' in lines[1]  # the toss was the one input


def test_a_window_too_small_is_told_what_the_panel_needs_then_a_resize_fits_it(tmp_path: Path) -> None:
    sim = Pty(["pichenotte", "--out", str(tmp_path / "out")], b"", 30, 10, tmp_path)
    try:
        small = sim.until(lambda s: "make the window bigger" in " ".join(s.split()), "saying it is too small")
        assert " ".join(small.split()).startswith(
            "the terminal is 30x10: the 128x64 panel needs at least 66 columns x 21 rows (Braille dots)")
        assert max(len(line) for line in small.split("\n")) <= 30
        resize(sim.master, 140, 40)
        wide = sim.until(lambda s: s.startswith("+" + "-" * 128 + "+\n"), "in half blocks, 130 columns")
        assert len(wide.split("\n")) <= 40
    finally:
        assert sim.quit() == 0
