"""The club tests' broker: one real Mosquitto per session (tests/support/broker.py);
under CI=true a missing broker is a failure (tests/conftest.py), never a skip."""

from support.broker import broker

__all__ = ["broker"]
