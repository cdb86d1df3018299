"""The tests that read the real captures (tests/support/real_data.py) skip on a
developer's machine without them, fail under CI=true without them, and pass with them.

Each case runs one capture test in a child pytest with the captures' folder pointed at
a folder that does not exist, or at the real one, so the whole path is exercised: the
fixture, the skip, and tests/conftest.py turning the skip into a failure under CI.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from support import real_data

ROOT = Path(__file__).resolve().parents[1]
ONE = "tests/signals/test_signal_captures.py::test_photogate_counts_match_the_readme"


def run_one(folder: Path, ci: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", real_data.ENV)}
    env[real_data.ENV] = str(folder)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", ONE, "-q", "-rs", "-p", "no:cacheprovider"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )


def test_the_folder_is_beside_the_checkout_unless_the_environment_names_another() -> None:
    assert real_data.folder({}) == ROOT.parent / "shared" / "data" / "real"
    assert real_data.folder({real_data.ENV: ""}) == ROOT.parent / "shared" / "data" / "real"
    assert real_data.folder({real_data.ENV: "/srv/captures"}) == Path("/srv/captures")


def test_without_the_captures_a_capture_test_is_skipped_naming_the_folder(tmp_path: Path) -> None:
    missing = tmp_path / "no-captures"
    done = run_one(missing, ci=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"SKIPPED [1] {ONE.split('::')[0]}" in done.stdout
    assert real_data.missing_reason(missing) in done.stdout
    assert "1 skipped" in done.stdout


def test_under_ci_without_the_captures_a_capture_test_fails(tmp_path: Path) -> None:
    missing = tmp_path / "no-captures"
    done = run_one(missing, ci=True)
    assert done.returncode == 1, done.stdout + done.stderr
    assert (
        "under CI=true a missing part is a failure, not a skip: Skipped: " + real_data.missing_reason(missing)
    ) in done.stdout
    assert "skipped" not in done.stdout


def test_under_ci_with_the_captures_a_capture_test_passes() -> None:
    folder = real_data.require()  # this test itself needs them: without them it fails under CI too
    done = run_one(folder, ci=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
