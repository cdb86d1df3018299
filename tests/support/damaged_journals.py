"""Journals damaged as a table's SD card damages them, for the tests of what the table does
with each (moved aside, used as new, or left alone while the table runs in memory)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from pitchside.app.journal import Journal

HEADER = {"format": 1, "game": "pichenotte", "options": {}, "rules_version": 1}
GARBAGE_PAGE = bytes(range(7, 256)) * 16 + b"\xff" * 112  # 4096 bytes, not an SQLite header


def a_journal_with_a_match(db: Path) -> None:
    """A journal the table wrote, holding a match, closed (checkpointed: no -wal left);
    its lock file stays beside it, as on a table."""
    with Journal.open(db) as j:
        mid = j.start_match(HEADER)
        for i in range(40):
            j.append_lines(mid, [{"input": "shot", "called": True, "at": i + 0.5}])
    assert sorted(q.name for q in db.parent.iterdir() if q.name.startswith(db.name)) == [db.name, f"{db.name}.lock"]


def first_page_garbage(db: Path) -> str:
    """The first page overwritten; returns the words the table's log uses for it."""
    a_journal_with_a_match(db)
    assert len(GARBAGE_PAGE) == 4096 and db.stat().st_size > 4096
    with open(db, "r+b") as fh:
        fh.write(GARBAGE_PAGE)
    return "is not an SQLite database"


def cut_to_60_bytes(db: Path) -> str:
    a_journal_with_a_match(db)
    with open(db, "r+b") as fh:
        fh.truncate(60)
    return "is an SQLite header cut short (60 bytes)"


def zero_length(db: Path) -> str:
    a_journal_with_a_match(db)
    with open(db, "r+b") as fh:
        fh.truncate(0)
    return ""


def killed_mid_match(db: Path) -> None:
    """A table killed mid-match: its inputs in the -wal (no checkpoint), -shm and lock beside."""
    script = textwrap.dedent(
        f"""
        import os, sys
        from pitchside.app.journal import Journal
        j = Journal.open(sys.argv[1])
        mid = j.start_match({HEADER!r})
        for i in range(40):
            j.append_lines(mid, [{{"input": "shot", "at": i + 0.5}}])
        os._exit(0)  # no close: no checkpoint
        """
    )
    done = subprocess.run([sys.executable, "-c", script, str(db)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    names = [db.name, f"{db.name}-shm", f"{db.name}-wal", f"{db.name}.lock"]
    assert sorted(q.name for q in db.parent.iterdir() if q.name.startswith(db.name)) == names


def zero_length_beside_its_wal(db: Path) -> str:
    """Killed mid-match (the inputs in the -wal), then the file found empty."""
    killed_mid_match(db)
    with open(db, "r+b") as fh:
        fh.truncate(0)
    return f"is empty, but its {db.name}-wal holds {Path(f'{db}-wal').stat().st_size:,} bytes"
