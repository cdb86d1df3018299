"""What a user can throw at the command line: each case a clear message and exit 2,
never a Python traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml").read_text()
PITCHSIDE = Path(sys.executable).with_name("pitchside")


def test_history_of_an_empty_file_says_it_is_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "z.db"
    empty.write_bytes(b"")
    assert main(["history", "--db", str(empty)]) == 2
    assert main(["export", "1", "--db", str(empty)]) == 2
    err = capsys.readouterr().err
    assert f"{empty} is empty: no match has been stored in it" in err


def test_deeply_nested_json_is_a_malformed_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "d.jsonl"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    assert main(["replay", str(deep)]) == 2
    assert "line 1: not a replay line: JSON nested too deeply" in capsys.readouterr().err


def test_a_reader_that_leaves_early_is_not_an_error(tmp_path: Path) -> None:
    """``pitchside replay F --pretty | head -1``: no BrokenPipeError traceback."""
    replay_file = ROOT / "tests" / "scenarios" / "replay" / "doubles_refusals.jsonl"
    proc = subprocess.Popen([str(PITCHSIDE), "replay", str(replay_file), "--pretty"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(1) == b"{"
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(30) == 0
    assert "Traceback" not in err


def test_a_config_that_is_not_utf8_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.toml"
    path.write_bytes(EXAMPLE.replace('name = "Pichenotte"', 'name = "Caf\u00e9"').encode("latin-1"))
    assert main(["check-config", str(path)]) == 2
    out = capsys.readouterr().out
    assert f"{path}: (file): not UTF-8 text (invalid continuation byte at byte " in out


def test_a_byte_order_mark_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.toml"
    path.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.encode())
    assert main(["check-config", str(path)]) == 0
    assert ": OK: pichenotte table" in capsys.readouterr().out


def test_check_config_refuses_a_table_with_no_pin_factory_anywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.toml"
    path.write_text(EXAMPLE.replace('pin_factory = "lgpio"\n', ""))
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    assert main(["check-config", str(path)]) == 2
    assert "gpio.pin_factory: not set, and $GPIOZERO_PIN_FACTORY is unset" in capsys.readouterr().out
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")
    assert main(["check-config", str(path)]) == 0


def test_a_misspelt_table_is_named_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.toml"
    path.write_text(EXAMPLE.replace("[kiosk]", "[kiosks]", 1))
    line = next(i for i, text in enumerate(EXAMPLE.splitlines(), start=1) if text.startswith("[kiosk]"))
    assert main(["check-config", str(path)]) == 2
    assert f"{path}:{line}: kiosks: unknown table: did you mean [kiosk]?" in capsys.readouterr().out


def test_a_scenario_for_another_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = tmp_path / "s.toml"
    s.write_text('game = "pitchnut"\nsteps = ["press coin"]\n')
    assert main(["sim", "pichenotte", "--script", str(s), "--out", str(tmp_path / "o"), "--no-terminal"]) == 2
    assert "game: is 'pitchnut', not a game of this table (pichenotte)" in capsys.readouterr().err


@pytest.mark.parametrize("body, key", [("gap_s = -1\nsteps = ['press coin']\n", "gap_s"), ("steps = []\n", "steps")])
def test_bad_scenario_values_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, key: str) -> None:
    s = tmp_path / "s.toml"
    s.write_text(body)
    assert main(["sim", "pichenotte", "--script", str(s), "--out", str(tmp_path / "o"), "--no-terminal"]) == 2
    assert f"{s}: {key}: " in capsys.readouterr().err
