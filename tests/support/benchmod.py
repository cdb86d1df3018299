"""Import a module of bench/ (not a package: its scripts run as ``python bench/x.py``)
for a test, without leaving bench/ on ``sys.path``."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def bench_module(name: str) -> ModuleType:
    """``bench/<name>.py`` as a module (cached in ``sys.modules`` like any import).

    :raises ModuleNotFoundError: no such file in bench/.
    """
    sys.path.insert(0, str(BENCH))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))
