"""A storage fault mid-match (disk full) must not lose what the table
kept in memory. The simulator's quit writes the match from memory (``match.jsonl`` with
every input, ``final.json``, the frames), exactly as a run without the fault does."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from pitchside.cli.main import main
from pitchside.core.record.format import replay
from pitchside_sim.table import SimTable

KEYS = "tt" + "s" * 6 + "u" + "s" * 5 + "q"
"""Wake, toss, eleven shots with an undo among them, quit."""


class DiskFull:
    """A connection whose every write fails as SQLite does on a full disk."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        raise sqlite3.OperationalError("database or disk is full")

    def close(self) -> None:
        self.conn.close()


def play(out: Path, monkeypatch: pytest.MonkeyPatch, fault_after: int | None) -> int:
    """The interactive simulator on KEYS; the disk fills after ``fault_after`` keys."""
    monkeypatch.setattr("pitchside_sim.run.os.urandom", lambda n: b"\x07" * n)  # the same toss
    monkeypatch.setattr("sys.stdin", io.StringIO(KEYS))
    real_act = SimTable.act
    done = [0]

    def act(self: SimTable, *args: Any) -> None:
        if done[0] == fault_after:
            self.journal._conn = DiskFull(self.journal._conn)  # type: ignore[arg-type, assignment]
        real_act(self, *args)
        done[0] += 1

    monkeypatch.setattr(SimTable, "act", act)
    return main(["sim", "pichenotte", "--out", str(out), "--no-terminal"])


def test_quit_after_a_disk_full_mid_match_saves_every_input_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert play(tmp_path / "ref", monkeypatch, fault_after=None) == 0
    capsys.readouterr()
    assert play(tmp_path / "full", monkeypatch, fault_after=4) == 0
    ref, full = tmp_path / "ref", tmp_path / "full"
    assert capsys.readouterr().err == (
        "pitchside sim: the journal stopped saving (NOT SAVING: disk full): the match was written "
        f"from memory to {full}/match.jsonl\n"
    )
    text = (full / "match.jsonl").read_text(encoding="utf-8")
    assert text == (ref / "match.jsonl").read_text(encoding="utf-8")
    lines = [json.loads(x) for x in text.splitlines()]
    assert [x["input"] for x in lines[1:]] == ["coin_toss"] + ["shot"] * 6 + ["undo"] + ["shot"] * 5
    final = json.loads((full / "final.json").read_text(encoding="utf-8"))
    assert final == json.loads((ref / "final.json").read_text(encoding="utf-8"))
    assert replay(text.splitlines()).output() == final
    ref_frames = sorted(p.name for p in ref.glob("frame_*.png"))
    assert ref_frames and sorted(p.name for p in full.glob("frame_*.png")) == ref_frames
    assert (full / "match.gif").is_file()
    # the run's journal on disk (its own, per game) kept what was written before the disk filled, and no more
    capsys.readouterr()
    assert main(["export", "--db", str(full / "journal-pichenotte.db"), "1"]) == 0
    on_disk = capsys.readouterr().out.splitlines()
    assert on_disk == text.splitlines()[: len(on_disk)]
    assert 1 < len(on_disk) < len(lines)
