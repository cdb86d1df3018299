"""The journal's synchronous setting: FULL unless PITCHSIDE_JOURNAL_SYNCHRONOUS says
otherwise (the power-cut test's way to show what a table without the fsync loses)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from pitchside.app.journal import Journal
from pitchside.app.journal.file import SYNC_ENV_VAR, synchronous


def test_full_unless_told() -> None:
    assert synchronous({}) == "FULL"
    assert synchronous({SYNC_ENV_VAR: " "}) == "FULL"
    assert synchronous({SYNC_ENV_VAR: "off"}) == "OFF"
    assert synchronous({SYNC_ENV_VAR: "Normal"}) == "NORMAL"


def test_a_typo_keeps_full_and_says_so(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="pitchside.app.journal"):
        assert synchronous({SYNC_ENV_VAR: "of"}) == "FULL"
    assert caplog.messages == [f"{SYNC_ENV_VAR}='of' is not one of FULL, NORMAL, OFF: the journal uses FULL"]


@pytest.mark.parametrize(("value", "pragma"), [(None, 2), ("OFF", 0), ("NORMAL", 1)])
def test_the_journal_opens_with_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str | None,
                                   pragma: int) -> None:
    if value is None:
        monkeypatch.delenv(SYNC_ENV_VAR, raising=False)
    else:
        monkeypatch.setenv(SYNC_ENV_VAR, value)
    with Journal.open(tmp_path / "journal.db") as j:
        assert j.pragmas()["synchronous"] == pragma
