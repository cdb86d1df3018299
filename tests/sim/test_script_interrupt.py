"""Ctrl-C while a script plays (``--web`` paces it at one action a second so the pages
can be watched) stops it cleanly: what was played is saved, exit status 130, no
traceback (the README's commands run as written)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pitchside.cli.main import main
from pitchside_sim.table import SimTable

SCRIPT = 'seed = 1\nsteps = ["press coin", "press coin", "press shot_done", "press shot_done"]\n'


def test_ctrl_c_mid_script_saves_what_was_played_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.toml"
    script.write_text(SCRIPT, encoding="utf-8")
    real_act = SimTable.act
    done = [0]

    def act(self: SimTable, *args: Any) -> None:
        if done[0] == 3:
            raise KeyboardInterrupt
        real_act(self, *args)
        done[0] += 1

    monkeypatch.setattr(SimTable, "act", act)
    assert main(["sim", "pichenotte", "--script", str(script), "--out", str(tmp_path), "--no-terminal"]) == 130
    out = capsys.readouterr().out
    assert f"{script}: stopped by Ctrl-C after 3 of 4 actions; status playing" in out
    lines = [json.loads(x) for x in (tmp_path / "match.jsonl").read_text().splitlines()]
    assert [x["input"] for x in lines[1:]] == ["coin_toss", "shot"]
