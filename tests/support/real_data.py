"""Where the tests find the real signal captures, and what they do when they are not
there.

The captures (switch bounce, break-beams, IR: recorded by other people on real
hardware) are not part of this repository: they sit in ``shared/data/real`` beside the
checkout (``../shared/data/real`` from the repository's root), or wherever
``PITCHSIDE_REAL_DATA`` points. A test that needs them asks :func:`require` for the
folder. When it is missing the test is skipped on a developer's machine; under
``CI=true`` that skip is a failure naming the folder (``tests/conftest.py``), so a CI run
that lost its captures cannot pass by skipping them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = "PITCHSIDE_REAL_DATA"
"""The environment variable naming another folder of captures."""
DEFAULT = ROOT.parent / "shared" / "data" / "real"
"""The captures' folder when ``PITCHSIDE_REAL_DATA`` is not set."""


def folder(environ: Mapping[str, str] | None = None) -> Path:
    """The folder the captures are read from: ``PITCHSIDE_REAL_DATA`` when set and not
    empty, else :data:`DEFAULT`."""
    env = os.environ if environ is None else environ
    given = env.get(ENV, "")
    return Path(given) if given else DEFAULT


def missing_reason(path: Path) -> str:
    """Why a capture test cannot run: the folder it looked in and how to point elsewhere."""
    return f"real captures not found at {path} (put shared/data/real beside the checkout, or set {ENV})"


def require(sub: str = "") -> Path:
    """The captures' folder (or its sub-folder ``sub``, such as ``"beam"``); the calling
    test is skipped when it is missing (a failure under ``CI=true``)."""
    path = folder() / sub if sub else folder()
    if not path.is_dir():
        pytest.skip(missing_reason(path))
    return path
