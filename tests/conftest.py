"""Suite-wide settings.

Hypothesis explores new random cases on every developer run (that is how the
debounce tie at the hold deadline was found); under CI (``CI=true``) it is derandomised,
so a submission's result does not depend on the luck of one run.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI", "").lower() == "true":
    settings.load_profile("ci")


import pytest


@pytest.fixture(autouse=True)
def _rescue_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal that loses its storage copies its unsaved matches to a rescue folder in
    RAM (pitchside.app.journal.default_rescue_dir): in the tests, a private one."""
    monkeypatch.setenv("PITCHSIDE_RESCUE_DIR", str(tmp_path_factory.mktemp("rescue")))
