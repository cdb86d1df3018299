"""Each simulator run writes to its own folder (sim/pitchside_sim/journals.py): the
demo's frames, GIF, replay file and journal survive other games' runs and the coin
scenario, and README's ``history --db out/pichenotte_match/...`` reads the demo's match."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from pitchside.app.journal import Journal
from pitchside.cli.main import main
from pitchside_sim.journals import journal_path, run_folder, shared_folder

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "sim" / "pitchside_sim" / "scenarios"
COIN_CONFIG = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml"


def test_a_run_s_folder_is_its_scenario_s_or_its_game_s_unless_named() -> None:
    assert run_folder("pichenotte", script="sim/pitchside_sim/scenarios/pichenotte_match.toml") == Path(
        "out/pichenotte_match"
    )
    assert run_folder("pichenotte", script="pichenotte_coins.toml") == Path("out/pichenotte_coins")
    assert run_folder("pitchnut") == Path("out/pitchnut")
    assert run_folder("pitchnut", script="x.toml", out="club/t1") == Path("club/t1")
    assert shared_folder() == Path("out")
    assert shared_folder("club/t1") == Path("club/t1")
    assert journal_path(Path("out/pitchnut"), "pitchnut", script=False, shared=True, base=Path("out")) == Path(
        "out/journal.db"
    )


def digest(folder: Path) -> dict[str, str]:
    """Every file a run left in ``folder`` (the journal's lock aside), by name, as a hash."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.is_file() and not p.name.endswith(".lock")
    }


def test_the_demo_s_output_survives_other_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    demo = ["sim", "pichenotte", "--script", str(SCENARIOS / "pichenotte_match.toml"), "--no-terminal"]
    assert main(demo) == 0
    own = tmp_path / "out" / "pichenotte_match"
    before = digest(own)
    assert {"match.gif", "match.jsonl", "final.json", "frame_0001.png", "journal-pichenotte-script.db"} <= set(before)

    assert main(["sim", "pitchnut", "--script", str(SCENARIOS / "pitchnut_match.toml"), "--no-terminal"]) == 0
    assert main(["sim", "pichenotte", "--config", str(COIN_CONFIG), "--script",
                 str(SCENARIOS / "pichenotte_coins.toml"), "--no-terminal"]) == 0  # fmt: skip
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "pichenotte_coins", "pichenotte_match", "pitchnut_match"]  # fmt: skip
    assert digest(own) == before

    capsys.readouterr()
    assert main(["history", "--db", "out/pichenotte_match/journal-pichenotte-script.db"]) == 0
    listed = capsys.readouterr().out
    with Journal.open_readonly(own / "journal-pichenotte-script.db") as journal:
        assert [(m.id, m.status) for m in journal.history()] == [(1, "finished")]
    assert "finished" in listed
