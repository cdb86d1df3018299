"""A real Chromium for the web tests: Debian's ``chromium`` (installed here when missing
and running as root: ``apt-get update`` once, then ``apt-get install -y chromium``),
driven by the Python ``playwright`` package through ``executable_path`` (never
``playwright install``, which downloads a browser). Under CI=true a missing browser is a
failure (tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.apt import installed

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


def _chromium() -> str | None:
    return installed("chromium", "chromium", "fonts-dejavu-core")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is missing (pip install playwright)")
    path = _chromium()
    if path is None:
        pytest.skip("no chromium (apt-get install chromium, as root)")
    with sync_playwright() as p:
        # launch() gives the browser a fresh temporary profile (--user-data-dir) of its own
        b = p.chromium.launch(executable_path=path, headless=True, args=FLAGS)
        try:
            yield b
        finally:
            b.close()
