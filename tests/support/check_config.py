"""check-config on an example config with one change: the exit code and the first line
of its report, as the tests of refused configs read them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.cli.main import main


def line_of(text: str, start: str) -> int:
    """The 1-based number of the first line of ``text`` that starts with ``start``."""
    return next(i for i, line in enumerate(text.splitlines(), start=1) if line.startswith(start))


def assert_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], example: str, change: tuple[str, str],
                   at: str, problem: str) -> None:
    """``example`` with ``change`` (old, new: once) fails check-config with exactly one
    problem, ``problem``, reported at the line starting with ``at``."""
    old, new = change
    assert old in example
    text = example.replace(old, new, 1)
    path = tmp_path / "table.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}:{line_of(text, at)}: {problem}"
    assert out[-1] == f"{path}: 1 problem(s)"
