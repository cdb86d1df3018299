"""A throwaway PostgreSQL cluster for the league tests: Debian's ``postgresql`` package
(installed here when missing and running as root), ``initdb`` in a temp folder, the
server on a free port of 127.0.0.1 (and a unix socket in the folder), stopped at the
end by ``pg_ctl stop``. No mocked database.

PostgreSQL refuses to run as root: as root the cluster's folder is given to the
``postgres`` user (Debian's package makes it; else ``nobody``) and ``initdb``,
``pg_ctl`` run through ``runuser``. The folder is made directly under the system's temp
folder (pytest's own temp folders are root's, mode 0700, which that user cannot enter).

Each test gets an empty database of its own (:meth:`Cluster.new_database`), so the
session's one cluster serves every test; :meth:`Cluster.restart` stops and starts the
server on the same port (the fault tests: connections drop, the data stays).
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.apt import installed
from support.broker import free_port

INITDB = "/usr/lib/postgresql/*/bin/initdb"
SUPERUSER = "pitchside"


def initdb() -> str | None:
    """Debian's ``initdb`` (the server's binaries are off the PATH), installed with apt
    when missing (root only), or None."""
    return installed(INITDB, "postgresql")


def _run_as() -> str | None:
    """The user the server runs as when this is root, else None (this user)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("running as root and no postgres or nobody user to run PostgreSQL as")


class Cluster:
    """One PostgreSQL server on 127.0.0.1:``port``, its data and socket in ``folder``."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.user = _run_as()
        self.folder = Path(tempfile.mkdtemp(prefix="pitchside-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._names = itertools.count(1)
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self._as_user([str(bindir / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                       "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
        with (self.data / "postgresql.conf").open("a") as f:
            f.write(f"listen_addresses = '127.0.0.1'\nport = {self.port}\n"
                    f"unix_socket_directories = '{self.folder}'\nfsync = off\nmax_connections = 60\n")

    def _as_user(self, argv: list[str]) -> None:
        cmd = argv if self.user is None else ["runuser", "-u", self.user, "--", *argv]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=self.folder)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv[:2])} failed ({done.returncode}): {done.stderr or done.stdout}")

    def start(self) -> None:
        self._as_user([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
                       "-w", "-t", "60", "start"])

    def stop(self, mode: str = "fast") -> None:
        self._as_user([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop"])

    def restart(self, mode: str = "fast") -> None:
        """Stop (``fast``: clients cut off; ``immediate``: a crash, recovered on start)
        and start again on the same port: every connection is dropped, the data stays."""
        self.stop(mode)
        self.start()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new, empty database's URL (a test's own)."""
        import psycopg

        name = f"t{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """The session's PostgreSQL cluster (skipped when PostgreSQL cannot be installed,
    which CI=true turns into a failure)."""
    found = initdb()
    if found is None:
        pytest.skip("PostgreSQL's server (Debian's postgresql package, initdb) is not installed")
    pytest.importorskip("psycopg", reason="psycopg 3 (pyproject's test extra) is not installed")
    cluster = Cluster(Path(found).parent)
    cluster.start()
    try:
        yield cluster
    finally:
        try:
            cluster.stop()
        finally:
            cluster.remove()


@pytest.fixture
def pg_url(postgres: Cluster) -> str:
    """An empty database of the session's cluster, this test's own."""
    return postgres.new_database()
