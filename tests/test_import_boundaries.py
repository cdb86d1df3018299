"""The architecture's import rules, checked by import-linter (contracts in
pyproject.toml): the firmware never imports gpiozero, luma, pyserial, the drivers or the
simulator; the rules core imports only the standard library; the pure tables do no I/O;
drivers never import the simulator; layers core <- signals, render, wire <- tables <- app <- web <- club <- league <- cli;
the MQTT contract (wire) imports only the core; the league never imports the table's link, feed or app."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _contracts() -> list[dict[str, object]]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        contracts: list[dict[str, object]] = tomllib.load(fh)["tool"]["importlinter"]["contracts"]
    return contracts


def test_import_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(_contracts())} kept, 0 broken" in result.stdout


def test_the_tables_purity_contract_names_the_io_modules() -> None:
    (tables,) = [c for c in _contracts() if c.get("source_modules") == ["pitchside.tables"]]
    forbidden = tables["forbidden_modules"]
    assert isinstance(forbidden, list)
    for module in ("os", "pathlib", "io", "sqlite3", "time", "random", "threading", "socket", "pitchside.app"):
        assert module in forbidden
