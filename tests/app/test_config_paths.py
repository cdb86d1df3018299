"""The path keys of a table config: each read by the one shared check
(:meth:`~pitchside.app.config_reader.Section.file_path`), so a value no path can be is one
problem naming its key and line in ``check-config``, ``pitchside run`` and ``pitchside
history --config`` (exit 2, no traceback); and a tournament file whose folder does not
exist is a problem, not a warning (``pitchside tournament new`` could never make it)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from pitchside.app.config import load_config, locate
from pitchside.cli.main import main
from pitchside_hw.table import run_table

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "hardware" / "pitchside_hw" / "configs"
PICHENOTTE = (CONFIGS / "pichenotte.toml").read_text()
BOULOMANIA = (CONFIGS / "boulomania.toml").read_text()
MASTERMOVE = (CONFIGS / "mastermove.toml").read_text()
NUL = "\\u0000"  # as TOML writes it in a string
TOURNAMENT = '# [tournament]\n# file = "/var/lib/pitchside/cup.toml"'

# (the key, the example, what is replaced, by what, the value as the message shows it)
PATH_KEYS = [
    ("storage.journal", PICHENOTTE, 'journal = "/var/lib/pitchside/journal.db"',
     f'journal = "/var/lib/pitchside/j{NUL}.db"', "'/var/lib/pitchside/j\\x00.db'"),
    ("tournament.file", MASTERMOVE, TOURNAMENT, f'[tournament]\nfile = "/var/lib/pitchside/cup{NUL}.json"',
     "'/var/lib/pitchside/cup\\x00.json'"),
    ("mqtt.ca_file", PICHENOTTE, "[kiosk]",
     f'[mqtt]\nhost = "league.local"\ntls = true\nca_file = "/etc/pitchside/ca{NUL}.crt"\nvenue = "club"\n'
     'table = "table-1"\n\n[kiosk]', "'/etc/pitchside/ca\\x00.crt'"),
    ("mqtt.credentials", PICHENOTTE, "[kiosk]",
     f'[mqtt]\nhost = "league.local"\ncredentials = "/etc/pitchside/mqtt{NUL}.cred"\nvenue = "club"\n'
     'table = "table-1"\n\n[kiosk]', "'/etc/pitchside/mqtt\\x00.cred'"),
    ("web.feed", PICHENOTTE, "[kiosk]", f'[web]\nfeed = "/run/pitchside/feed{NUL}.sock"\n\n[kiosk]',
     "'/run/pitchside/feed\\x00.sock'"),
    ("serial.die.port", BOULOMANIA, 'port = "/dev/pitchside-die"', f'port = "/dev/pitchside{NUL}-die"',
     "'/dev/pitchside\\x00-die'"),
]  # fmt: skip
IDS = [k[0] for k in PATH_KEYS]


def _written(tmp_path: Path, example: str, old: str, new: str) -> tuple[Path, str]:
    assert example.count(old) == 1, old
    text = example.replace(old, new)
    path = tmp_path / "table.toml"
    path.write_text(text)
    return path, text


@pytest.mark.parametrize("key,example,old,new,shown", PATH_KEYS, ids=IDS)
def test_check_config_names_a_nul_in_each_path_key_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, example: str, old: str, new: str, shown: str
) -> None:
    path, text = _written(tmp_path, example, old, new)
    assert main(["check-config", str(path)]) == 2
    line = locate(text, key)
    assert line is not None and NUL in text.splitlines()[line - 1]
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:{line}: {key}: {shown} holds a NUL character (\\u0000), which no path can hold: "
        "write the path without it",
        f"    {text.splitlines()[line - 1].strip()}",
        f"{path}: 1 problem(s)",
    ]


@pytest.mark.parametrize("key,example,old,new,shown", PATH_KEYS, ids=IDS)
def test_pitchside_run_refuses_it_before_any_hardware(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, key: str, example: str, old: str, new: str, shown: str
) -> None:
    path, _ = _written(tmp_path, example, old, new)
    with caplog.at_level(logging.ERROR):
        assert run_table(str(path)) == 2
    assert [r.getMessage() for r in caplog.records] == [
        f"{path}: {key}: {shown} holds a NUL character (\\u0000), which no path can hold: write the path without it",
        f"pitchside check-config {path} names every problem with its line",
    ]


@pytest.mark.parametrize("key,example,old,new,shown", PATH_KEYS, ids=IDS)
def test_history_with_that_config_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, example: str, old: str, new: str, shown: str
) -> None:
    path, _ = _written(tmp_path, example, old, new)
    assert main(["history", "--config", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"pitchside history: {path}: {key}: {shown} holds a NUL character (\\u0000), which no path can hold: "
        "write the path without it\n"
        "    fix the config (pitchside check-config FILE names every problem), or give --db FILE\n"
    )


def test_a_tournament_file_in_a_folder_that_does_not_exist_is_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "nonexistent" / "pitchside"
    cup = folder / "club-tournament.json"
    path, text = _written(tmp_path, MASTERMOVE, TOURNAMENT, f'[tournament]\nfile = "{cup}"')
    assert main(["check-config", str(path)]) == 2
    line = locate(text, "tournament.file")
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:{line}: tournament.file: {cup} is in {folder}, which is not a folder that exists: "
        f"`pitchside tournament new` cannot make the file there; create the folder (mkdir -p {folder}) "
        "or name a file in one that exists",
        f'    file = "{cup}"',
        f"{path}: 1 problem(s)",
    ]
    folder.mkdir(parents=True)  # the fix it gives: then the file may come later (a warning)
    assert [w.key for w in load_config(path).warnings] == ["tournament.file"]


def test_a_tournament_file_under_a_file_is_a_problem(tmp_path: Path) -> None:
    (tmp_path / "cups").write_text("")
    path, _ = _written(tmp_path, MASTERMOVE, TOURNAMENT, f'[tournament]\nfile = "{tmp_path}/cups/cup.json"')
    assert main(["check-config", str(path)]) == 2


def test_a_tournament_file_that_is_a_directory_stays_a_warning(tmp_path: Path) -> None:
    path, _ = _written(tmp_path, MASTERMOVE, TOURNAMENT, f'[tournament]\nfile = "{tmp_path}"')
    assert [(w.key, w.message) for w in load_config(path).warnings] == [
        ("tournament.file", f"{tmp_path} is a directory, not a file: the table shows no standings until the key "
                            "names a tournament file")
    ]
