"""The league tests' broker and databases: one real Mosquitto per session
(tests/support/broker.py) and one throwaway PostgreSQL cluster (tests/support/postgres.py);
under CI=true a missing broker or PostgreSQL is a failure (tests/conftest.py), never a skip.

``league_db``: the store's database on each engine, a test's own: a SQLite file, and an
empty database of the session's PostgreSQL cluster (a ``postgresql://`` URL).
"""

from pathlib import Path

import pytest

from support.broker import broker
from support.postgres import pg_url, postgres

__all__ = ["broker", "league_db", "pg_url", "postgres"]


@pytest.fixture(params=["sqlite", "postgresql"])
def league_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "league.db")
    return str(request.getfixturevalue("pg_url"))
