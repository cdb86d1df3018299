"""``pitchside history`` / ``export`` with no journal say where they
looked (and why there) and how to point elsewhere (``--db``, ``--config``), exit 2,
and print no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import pitchside.cli.main as cli
from pitchside.app.journal import Journal

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"
NEXT_STEP = ("a table writes its journal there once it has run. Point elsewhere with --db FILE, or "
             "--config TABLE.toml to read that table's [storage] journal")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("command", [["history"], ["history", "--json"], ["export", "1"]])
def test_the_default_journal_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    default = tmp_path / "var" / "journal.db"
    monkeypatch.setattr(cli, "DEFAULT_JOURNAL", str(default))
    status, out, err = run(capsys, *command)
    assert (status, out) == (2, "")
    assert err == (f"pitchside {command[0]}: {default}: no such journal\n"
                   f"    looked in {default} (the default); {NEXT_STEP}\n")


def test_a_db_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "elsewhere.db"
    status, out, err = run(capsys, "history", "--db", str(db))
    assert (status, out) == (2, "")
    assert err == f"pitchside history: {db}: no such journal\n    looked in {db} (given by --db); {NEXT_STEP}\n"


def test_the_journal_of_a_config_that_has_not_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "table3.db"
    config = tmp_path / "table.toml"
    config.write_text(EXAMPLE.read_text().replace("/var/lib/pitchside/journal.db", str(journal)))
    status, out, err = run(capsys, "export", "4", "--config", str(config))
    assert (status, out) == (2, "")
    assert err == (f"pitchside export: {journal}: no such journal\n"
                   f"    looked in {journal} (the [storage] journal of {config}); {NEXT_STEP}\n")


def test_an_empty_journal_file_says_no_match_was_stored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "journal.db"
    db.touch()
    status, _, err = run(capsys, "history", "--db", str(db))
    assert status == 2
    assert err.startswith(f"pitchside history: {db} is empty: no match has been stored in it\n    looked in {db}")


def test_a_config_that_cannot_be_read_names_the_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.toml"
    status, out, err = run(capsys, "history", "--config", str(missing))
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert lines[0].startswith(f"pitchside history: {missing}") and len(lines) == 2
    assert lines[1] == "    fix the config (pitchside check-config FILE names every problem), or give --db FILE"


def test_with_a_journal_history_works(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "journal.db"
    Journal.open(db).close()  # a table that ran, with no match yet
    status, out, err = run(capsys, "history", "--db", str(db))
    assert (status, err) == (0, "")
    assert out.split() == ["ID", "GAME", "STATUS", "STARTED", "SIDES", "INPUTS", "RESULT"]
