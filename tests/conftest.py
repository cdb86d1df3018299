"""Suite-wide settings.

Hypothesis explores new random cases on every developer run (that is how the
debounce tie at the hold deadline was found); under CI (``CI=true``) it is derandomised,
so a submission's result does not depend on the luck of one run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("quick", max_examples=10)
"""The fast local lane: ``scripts/test --hypothesis-profile=quick`` (CONTRIBUTING.md)."""
if os.environ.get("CI", "").lower() == "true":
    settings.load_profile("ci")


CI = os.environ.get("CI", "").lower() == "true"
"""Under CI a missing part (a browser, a broker, the real captures, a tool) is a
failure, never a skip (the product brief). A skip stays a skip only when its reason
says the test does not apply to this machine: it starts with "not applicable"."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Under CI, turn a skip for a missing part into a failure that names the part."""
    outcome: Any = yield
    report = outcome.get_result()
    if not CI or not report.skipped or hasattr(report, "wasxfail"):
        return
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    if "not applicable" in reason:
        return
    report.outcome = "failed"
    report.longrepr = f"under CI=true a missing part is a failure, not a skip: {reason}"


@pytest.fixture(autouse=True)
def _rescue_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal that loses its storage copies its unsaved matches to a rescue folder in
    RAM (pitchside.app.journal.default_rescue_dir): in the tests, a private one."""
    monkeypatch.setenv("PITCHSIDE_RESCUE_DIR", str(tmp_path_factory.mktemp("rescue")))
