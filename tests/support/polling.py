"""Waiting on something another thread or process does (a broker's delivery, a league's
commit), bounded in time: the tests poll, they never assert how long it took."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait(test: Callable[[], bool], timeout: float = 30.0) -> bool:
    """True as soon as ``test()`` is, False once ``timeout`` seconds have passed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(0.05)
    return False
