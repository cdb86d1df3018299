"""The example config of a game as a bench machine runs it (mock pins, the ``noop``
display bus, the journal in a folder, a serial device on /dev/null): the start-up tests'
table (tests/hw/test_startup_imports.py, test_startup_set.py), as bench/startup.py runs it."""

from __future__ import annotations

import re
from pathlib import Path

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
