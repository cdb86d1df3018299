"""The interactive simulator keeps the keys typed while it starts: the
terminal goes to cbreak before anything is drawn, without flushing typed input, so
keys typed before the first frame are acted on. Checked on a pty: the keys are typed
before the simulator even starts; the only waits are bounded reads of the pty."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from pitchside_sim.terminal import KeyReader

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pty")
DEADLINE_S = 120.0
"""The longest the simulator may take to start, play the keys and quit (2 shared cores)."""


def run_on_pty(argv: list[str], typed: bytes, cwd: Path) -> tuple[int, bytes]:
    """Run ``argv`` with a pty as its terminal, ``typed`` already typed on it; read what
    it writes until it exits (bounded by :data:`DEADLINE_S`)."""
    master, slave = os.openpty()
    try:
        os.write(master, typed)  # typed ahead, before the process exists
        proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, close_fds=True)
        os.close(slave)
        slave = -1
        out = bytearray()
        end = time.monotonic() + DEADLINE_S
        while proc.poll() is None and time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:  # the other end closed: the process is ending
                    break
        try:
            proc.wait(timeout=max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise AssertionError(f"the simulator did not act on the typed keys in {DEADLINE_S:g} s; it showed:\n"
                                 f"{out[-2000:].decode(errors='replace')}")
        return proc.wait(), bytes(out)
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)


def test_keys_typed_before_the_first_frame_are_acted_on(tmp_path: Path) -> None:
    # any key wakes the attract screen, SHOT DONE starts the match, t tosses, q quits
    argv = [sys.executable, "-m", "pitchside.cli.main", "sim", "pichenotte", "--out", str(tmp_path / "out")]
    status, shown = run_on_pty(argv, b"sstq", tmp_path)
    assert status == 0, shown[-2000:].decode(errors="replace")
    lines = [json.loads(x) for x in (tmp_path / "out" / "match.jsonl").read_text().splitlines()]
    assert lines[0]["game"] == "pichenotte"
    assert [x["input"] for x in lines[1:]] == ["coin_toss"]  # the t typed ahead was played


def test_the_reader_sets_cbreak_at_once_keeps_typed_input_and_restores_the_mode() -> None:
    master, slave = os.openpty()
    try:
        before = termios.tcgetattr(slave)
        os.write(master, b"ab")  # typed while the terminal is still line-buffered
        with os.fdopen(os.dup(slave), "r") as stream:
            reader = KeyReader(stream)
            try:
                mode = termios.tcgetattr(slave)
                assert not mode[3] & termios.ICANON and not mode[3] & termios.ECHO  # cbreak, no echo
                keys = iter(reader)
                assert (next(keys), next(keys)) == ("a", "b")  # nothing flushed
            finally:
                reader.close()
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)
