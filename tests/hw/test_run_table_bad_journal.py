"""A damaged journal never keeps the table down: ``pitchside run`` (:func:`run_table`)
on the example Pichenotte config, gpiozero's mock pins and the simulator's recording
panel, with each damage at its ``[storage] journal``. Before, a file that did not read
as a journal stopped the start (exit 2, "not an SQLite database, so not a Pitchside
journal; Pitchside leaves it alone") and systemd restarted the service into the same
refusal.

* a damaged journal of the table's (its lock file, its ``-wal`` beside it) is moved
  aside byte for byte and a fresh one saves; the panel says JOURNAL MOVED ASIDE;
* a file that is clearly someone else's (another program's database, a directory, a
  file without the table's marks) is left alone byte for byte and the table runs in
  memory: NOT SAVING on the panel, with the corner badge.

Each case also checks what ``pitchside check-config`` says of the same path first.
"""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import pitchside_hw.table as table_module
from pitchside.app.journal import Journal
from pitchside.cli.main import main
from pitchside.render import screen
from pitchside.render.kiosk import AttractView
from pitchside_hw.table import run_table
from pitchside_sim.frames import RecordingDevice
from support.damaged_journals import (cut_to_60_bytes, first_page_garbage, zero_length,
                                      zero_length_beside_its_wal)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"
ATTRACT = AttractView("PICHENOTTE", ("PRESS ANY BUTTON", "TO PLAY"))
MOVED = "JOURNAL MOVED ASIDE"
MEMORY = "NOT SAVING: not a journal file"


def config(tmp_path: Path, journal: Path | str) -> Path:
    text = EXAMPLE.read_text().replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    text = text.replace('journal = "/var/lib/pitchside/journal.db"', f'journal = "{journal}"')
    path = tmp_path / "table.toml"
    path.write_text(text)
    return path


class Panel:
    """The table's panel: every open of the display gets this recording device."""

    def __init__(self) -> None:
        self.device = RecordingDevice(128, 64)

    def open_device(self, driver: str, *args: Any, **kwargs: Any) -> RecordingDevice:
        return self.device

    @property
    def frames(self) -> list[Image.Image]:
        return [img for _, img in self.device.frames]


@pytest.fixture
def panel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Panel]:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    p = Panel()
    monkeypatch.setattr(table_module, "open_device", p.open_device)
    yield p


def run_until_first_frame(path: Path, panel: Panel) -> int:
    """``pitchside run``, stopped by SIGTERM (as ``systemctl stop``) once it shows a frame."""

    def stop() -> None:
        deadline = time.monotonic() + 30
        while not panel.frames and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=stop, daemon=True).start()
    return run_table(str(path))


def expected_first_frame(warning: str | None, badge: bool) -> bytes:
    return screen.draw(screen.Frame(ATTRACT, warning=warning, badge=badge)).tobytes()


def tree(d: Path) -> dict[str, bytes | None]:
    """Every entry under ``d`` but the config (name: content, None for a directory)."""
    return {str(q.relative_to(d)): q.read_bytes() if q.is_file() else None
            for q in sorted(d.rglob("*")) if q.name != "table.toml"}  # fmt: skip


# --- the damages ----------------------------------------------------------------------------


def foreign_database(db: Path) -> str:
    with closing(sqlite3.connect(db)) as c:
        c.execute("CREATE TABLE recipes (name TEXT)")
        c.execute("INSERT INTO recipes VALUES ('soup')")
        c.commit()
    return "is another program's SQLite database (application_id 0x0), not a Pitchside journal"


@dataclass(frozen=True)
class Case:
    make: Callable[[Path], str]
    lock: bool
    outcome: str  # "moved": aside, a fresh journal; "new": used as new; "memory": left alone, in memory


CASES = {
    "first-page-garbage": Case(first_page_garbage, True, "moved"),
    "cut-to-60-bytes": Case(cut_to_60_bytes, True, "moved"),
    "zero-length": Case(zero_length, True, "new"),
    "zero-length-beside-its-wal": Case(zero_length_beside_its_wal, True, "moved"),
    "foreign-database-with-lock": Case(foreign_database, True, "memory"),
    "first-page-garbage-without-lock": Case(first_page_garbage, False, "memory"),
    "cut-to-60-bytes-without-lock": Case(cut_to_60_bytes, False, "memory"),
    "zero-length-without-lock": Case(zero_length, False, "new"),
    "foreign-database-without-lock": Case(foreign_database, False, "memory"),
}

UNKNOWN = {  # how a refusal goes on, by damage, when nothing beside the file is the table's
    first_page_garbage: ", so not a Pitchside journal",
    cut_to_60_bytes: ": it cannot be told to be a Pitchside journal",
    foreign_database: "",
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_damage_starts_the_table(
    name: str, tmp_path: Path, panel: Panel, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    case = CASES[name]
    db = tmp_path / "journal.db"
    why = case.make(db)
    if not case.lock:
        Path(f"{db}.lock").unlink(missing_ok=True)
    before = tree(tmp_path)
    path = config(tmp_path, db)

    assert main(["check-config", str(path)]) == (2 if case.outcome == "memory" else 0)
    said = capsys.readouterr().out.splitlines()
    ok = (f"{path}: OK: pichenotte table 'Pichenotte', 12 buttons, 1 beams, 0 serial devices, display ssd1306 on "
          f"i2c, pin factory mock, journal {db}")  # fmt: skip
    number = next(i for i, t in enumerate(path.read_text().splitlines(), start=1) if t.startswith("journal = "))
    line = f"{path}:{number}: storage.journal: "
    if case.outcome == "moved":  # the -wal says it all, else the lock file is the mark
        told = why if "wal" in why else f"{why}, with this table's journal.db.lock beside it"
        assert said[0] == (f"{line}warning: {db} {told}: a journal of this table, damaged; pitchside run moves it "
                           "aside and starts a fresh one")  # fmt: skip
        assert said[2:] == [ok]
    elif case.outcome == "new":
        assert said == [ok]
    else:
        refused = f"{db} {why}{UNKNOWN[case.make]}; Pitchside leaves it alone: move it away, or name another file"
        assert said[0] == f"{line}{refused}; until then pitchside run keeps the matches in memory only ({MEMORY})"
    assert tree(tmp_path) == before  # check-config reads only

    caplog.set_level(logging.WARNING)
    assert run_until_first_frame(path, panel) == 0  # started, and stopped by SIGTERM: never exit 2
    logged = [r.getMessage() for r in caplog.records if r.name == "pitchside.app.journal"]
    first = panel.frames[0].tobytes()
    after = tree(tmp_path)
    if case.outcome == "moved":
        aside = tmp_path / "journal.db.bad-1"
        assert logged == [f"journal {db} {told}: moved aside to {aside}; starting a fresh journal"]
        assert first == expected_first_frame(MOVED, badge=False)
        moved = {k.replace("journal.db", "journal.db.bad-1", 1): v for k, v in before.items() if k != "journal.db.lock"}
        assert {k: v for k, v in after.items() if k.startswith("journal.db.bad-1")} == moved  # byte for byte
        with Journal.open_readonly(db) as fresh:
            assert fresh.history() == []  # a fresh journal, the table's own
    elif case.outcome == "new":
        assert logged == []
        assert first == expected_first_frame(None, badge=False)
        assert not any(".bad-" in k for k in after)
    else:
        assert logged == [f"{refused}; keeping matches in memory only"]
        assert first == expected_first_frame(MEMORY, badge=True)
        assert after == before  # left alone byte for byte: nothing moved, written or made beside it


def test_a_directory_at_the_journal_path_is_left_alone_and_the_table_runs_in_memory(
    tmp_path: Path, panel: Panel, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "pitchside"
    folder.mkdir()
    (folder / "keep.txt").write_text("the owner's file")
    before = tree(tmp_path)
    caplog.set_level(logging.WARNING)
    assert run_until_first_frame(config(tmp_path, folder), panel) == 0
    assert [r.getMessage() for r in caplog.records if r.name == "pitchside.app.journal"] == [
        f'{folder} is a directory, not a journal file; Pitchside leaves it alone: write journal = '
        f'"{folder / "journal.db"}"; keeping matches in memory only'
    ]
    assert panel.frames[0].tobytes() == expected_first_frame(MEMORY, badge=True)
    assert tree(tmp_path) == before


def test_the_first_frame_of_a_sound_journal_is_the_plain_attract_screen(tmp_path: Path, panel: Panel) -> None:
    """The frames compared above are the real ones: on a sound journal the table's
    first frame is :data:`ATTRACT` drawn with no overlay."""
    assert run_until_first_frame(config(tmp_path, tmp_path / "journal.db"), panel) == 0
    assert panel.frames[0].tobytes() == expected_first_frame(None, badge=False)
