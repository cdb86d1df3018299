"""Each simulator run keeps its own journal per game: a script run
(``scripts/demo``) never wipes the match someone is playing interactively in the same
``--out`` folder; ``--shared-journal`` keeps every game and run in ``OUT/journal.db``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pitchside.app.journal import Journal
from pitchside.cli.main import main
from pitchside_sim.journals import journal_path

SHORT = 'seed = 1\nsteps = ["press coin", "press coin", "press shot_done"]\n'
"""A short Pichenotte script: wake, start and toss, one shot (a match left playing)."""


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "short.toml"
    path.write_text(SHORT, encoding="utf-8")
    return path


def interactive(out: Path, keys: str, monkeypatch: pytest.MonkeyPatch, *extra: str) -> list[str]:
    """The interactive simulator on ``keys`` (the input's end quits); the inputs of the
    match it saved."""
    monkeypatch.setattr("sys.stdin", io.StringIO(keys))
    assert main(["sim", "pichenotte", "--out", str(out), "--no-terminal", *extra]) == 0
    return [json.loads(x)["input"] for x in (out / "match.jsonl").read_text().splitlines()[1:]]


def matches(db: Path) -> list[tuple[int, str]]:
    with Journal.open_readonly(db) as j:
        return [(m.id, m.status) for m in j.history()]


def test_journal_paths_are_the_run_s_own_per_game_unless_shared_or_named() -> None:
    out = Path("out/frames")
    assert journal_path(out, "pitchnut", script=False) == out / "journal-pitchnut.db"
    assert journal_path(out, "pitchnut", script=True) == out / "journal-pitchnut-script.db"
    assert journal_path(out, "pitchnut", script=True, shared=True) == out / "journal.db"
    assert journal_path(out, "pitchnut", script=False, shared=True, db="x.db") == Path("x.db")


def test_a_script_run_does_not_wipe_the_match_someone_is_playing(
    tmp_path: Path, script: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "frames"
    assert interactive(out, "sst", monkeypatch) == ["coin_toss"]  # wake, start, toss: then away
    assert main(["sim", "pichenotte", "--script", str(script), "--out", str(out), "--no-terminal"]) == 0
    assert interactive(out, "s", monkeypatch) == ["coin_toss", "shot"]  # back: it carries on
    assert matches(out / "journal-pichenotte.db") == [(1, "playing")]
    assert matches(out / "journal-pichenotte-script.db") == [(1, "playing")]
    assert not (out / "journal.db").exists()


def test_a_script_run_starts_its_own_journal_afresh_each_time(tmp_path: Path, script: Path) -> None:
    for _ in range(2):
        assert main(["sim", "pichenotte", "--script", str(script), "--out", str(tmp_path), "--no-terminal"]) == 0
    assert matches(tmp_path / "journal-pichenotte-script.db") == [(1, "playing")]


def test_a_script_journal_another_run_holds_is_left_alone(
    tmp_path: Path, script: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "journal-pichenotte-script.db"
    with Journal.open(db) as held:  # another simulator run has it open
        mid = held.start_match({"format": 1, "game": "pichenotte", "options": {}})
        assert main(["sim", "pichenotte", "--script", str(script), "--out", str(tmp_path), "--no-terminal"]) == 2
    assert capsys.readouterr().err == (
        f"pitchside sim: {db} is in use by another Pitchside process: another simulator run has it open; "
        "quit that one, or give this one another --out DIR or --db FILE\n"
    )
    assert matches(db) == [(mid, "playing")]  # not wiped


def test_a_shared_journal_is_one_for_every_run(tmp_path: Path, script: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["sim", "pichenotte", "--script", str(script), "--out", str(tmp_path), "--no-terminal",
                 "--shared-journal"]) == 0  # fmt: skip
    # the interactive run carries on the match the script left playing, as a table would
    assert interactive(tmp_path, "s", monkeypatch, "--shared-journal") == ["coin_toss", "shot", "shot"]
    assert matches(tmp_path / "journal.db") == [(1, "playing")]
    assert sorted(p.name for p in tmp_path.glob("journal*.db")) == ["journal.db"]


def test_db_and_shared_journal_are_exclusive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["sim", "pichenotte", "--db", str(tmp_path / "x.db"), "--shared-journal"])
    assert exit_.value.code == 2
    assert "not allowed with argument --db" in capsys.readouterr().err
