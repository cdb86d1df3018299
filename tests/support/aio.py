"""Running a test's coroutine on a thread of its own."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable


def run_in_thread(main: Callable[[], Awaitable[None]], timeout_s: float = 30.0) -> None:
    """``asyncio.run(main())`` on a new thread (the browser tests' sync Playwright may
    hold an event loop on this one); re-raises what it raised.

    :raises AssertionError: it did not end within ``timeout_s`` s."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(main())  # type: ignore[arg-type]
        except BaseException as exc:  # noqa: BLE001 - re-raised on the test's thread
            failed.append(exc)

    t = threading.Thread(target=run)
    t.start()
    t.join(timeout_s)
    assert not t.is_alive()
    if failed:
        raise failed[0]
