"""The league tests' broker: one real Mosquitto per session (tests/support/broker.py);
under CI=true a missing broker is a failure (tests/conftest.py), never a skip."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.broker import Broker, mosquitto


@pytest.fixture(scope="session")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Broker]:
    binary = mosquitto()
    if binary is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    b = Broker(binary, tmp_path_factory.mktemp("league-broker")).start()
    try:
        yield b
    finally:
        b.stop()
