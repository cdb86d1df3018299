"""The example config of a game as a bench machine runs it (mock pins, the ``noop``
display bus, the journal in a folder, a serial device on /dev/null): the start-up tests'
table (tests/hw/test_startup_imports.py, test_startup_set.py), as bench/startup.py runs it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def bench_config(game: str, folder: Path) -> Path:
    """The example config of ``game`` as a bench machine runs it: mock pins, the
    ``noop`` display bus, the journal in ``folder``, a serial device on /dev/null;
    written to ``folder/table.toml``.

    :raises AssertionError: the example no longer has one of those settings to change."""
    text = (ROOT / "hardware" / "pitchside_hw" / "configs" / f"{game}.toml").read_text(encoding="utf-8")
    for pattern, new, needed in ((r'pin_factory = "\w+"', 'pin_factory = "mock"', True),
                                 (r'interface = "\w+"', 'interface = "noop"', True),
                                 (r'journal = "[^"]+"', f'journal = "{folder / "journal.db"}"', True),
                                 (r'(?m)^port = "[^"]+"', 'port = "/dev/null"', False)):
        text, n = re.subn(pattern, new, text)
        assert n or not needed, f"{game}.toml has no {pattern}"
    config = folder / "table.toml"
    config.write_text(text, encoding="utf-8")
    return config


def run_to_ready(child: str, config: Path, out: Path) -> Any:
    """Run ``child`` (a ``python -c`` program that replaces ``sdnotify.Notifier.ready`` to
    write its JSON to the file named by ``STARTUP_TEST_OUT``, then runs the console script)
    as ``pitchside run --config config``, without a systemd socket; :returns: that JSON.

    :raises AssertionError: the child failed or wrote nothing (its stderr is the message)."""
    env = {k: v for k, v in os.environ.items() if k != "NOTIFY_SOCKET"}
    env["STARTUP_TEST_OUT"] = str(out)
    out.unlink(missing_ok=True)
    run = subprocess.run([sys.executable, "-c", child, "run", "--config", str(config)], check=False,
                         capture_output=True, text=True, cwd=ROOT, timeout=120, env=env)
    assert run.returncode == 0 and out.exists(), run.stderr
    return json.loads(out.read_text())
