"""The web side reads the table's journal with read-only access, as pitchside-web.service
gives it: another user (``pitchside-web``) in the table's group, the data folder 0750 and
the table's files 0640 (its ``UMask=0027``), and the file system read-only to it
(``ProtectSystem=strict``), or by permissions alone (a manual run).

Real users, real permissions and a real read-only bind mount: a writer process as the
table's uid (umask 0027) keeps a row in the WAL (not checkpointed) and stays open; readers
run as another uid with ``setpriv`` (and ``unshare -m`` + ``mount --bind -o ro`` for the
read-only mount). Needs root (setpriv, unshare); skipped otherwise.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TABLE_UID, WEB_UID, OTHER_GID = 47101, 47102, 47103

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv") or not shutil.which("unshare"),
                                reason="needs root, setpriv and unshare (util-linux)")

WRITER = """
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA wal_autocheckpoint=0")
c.execute("INSERT INTO probe VALUES (?)", (int(sys.argv[2]),))
print("held", flush=True)
sys.stdin.readline()
c.close()
"""

READER = """
import sys
from pitchside.app.journal import Journal
j = Journal.open_readonly(sys.argv[1])
print(len(j.history()), j._conn.execute("SELECT max(x) FROM probe").fetchone()[0])
"""


def _python(uid: int) -> list[str]:
    """A Python the other users can run, with this checkout's firmware on its path (this
    venv's may sit under /root, which they cannot enter)."""
    for exe in (sys.executable, "/usr/bin/python3"):
        probe = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "sh", "-c",
                                'exec "$@"', "sh", exe, "-c", "import sys; sys.exit(sys.version_info < (3, 11))"],
                               capture_output=True, timeout=30, cwd="/")
        if probe.returncode == 0:
            return [exe]
    pytest.skip("no Python 3.11+ that another user may run")


@pytest.fixture
def journal() -> Iterator[Path]:
    """A real journal with one match, in a folder as install.sh makes the data folder,
    owned by the table's uid (under /tmp: pytest's own folders are root's only)."""
    top = Path(tempfile.mkdtemp(prefix="pitchside-webjournal-", dir="/tmp"))
    try:
        yield _journal(top)
    finally:
        shutil.rmtree(top)


def _journal(top: Path) -> Path:
    from support.web_live import sim_table

    data = top / "data"
    data.mkdir()
    path = data / "journal.db"
    sim, sc = sim_table("pitchnut", journal=path)
    for action in sc.actions:
        sim.act(action, sc.gap_s)
    sim.close()
    with closing(sqlite3.connect(path, isolation_level=None)) as c:
        c.execute("CREATE TABLE probe(x)")
    for f in data.iterdir():
        os.chown(f, TABLE_UID, TABLE_UID)
        f.chmod(0o640)
    os.chown(data, TABLE_UID, TABLE_UID)
    data.chmod(0o750)
    top.chmod(0o755)
    return path


@contextmanager
def writer_open(path: Path, value: int) -> Iterator[None]:
    """The table's process: a row only in the WAL, the -shm made with its umask, held."""
    env = {"PATH": os.environ["PATH"]}
    proc = subprocess.Popen(["setpriv", f"--reuid={TABLE_UID}", f"--regid={TABLE_UID}", "--clear-groups", "sh", "-c",
                             'umask 0027; exec "$@"', "sh", *_python(TABLE_UID), "-c", WRITER, str(path), str(value)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "held\n"
        yield
    finally:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("\n")
        proc.stdin.close()
        proc.wait(30)
        proc.stdout.close()


def read_as(path: Path, gid: int, read_only_mount: bool) -> subprocess.CompletedProcess[str]:
    cmd = ["setpriv", f"--reuid={WEB_UID}", f"--regid={gid}", "--clear-groups", "env",
           f"PYTHONPATH={ROOT / 'firmware'}", *_python(WEB_UID), "-c", READER, str(path)]
    if read_only_mount:
        folder = str(path.parent)
        cmd = ["unshare", "-m", "sh", "-c", 'mount --bind -o ro "$1" "$1" && shift && exec "$@"', "sh", folder, *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd="/")


@pytest.mark.parametrize("read_only_mount", [True, False], ids=["read-only mount", "permissions only"])
def test_the_web_user_reads_the_journal_while_the_table_writes_and_after(journal: Path, read_only_mount: bool) -> None:
    with writer_open(journal, 4242):
        assert sorted(p.name for p in journal.parent.iterdir()) == [
            "journal.db", "journal.db-shm", "journal.db-wal", "journal.db.lock"]
        r = read_as(journal, TABLE_UID, read_only_mount)
        assert (r.returncode, r.stdout) == (0, "1 4242\n"), r.stderr  # the row still only in the WAL
    assert not (journal.parent / "journal.db-shm").exists()  # a clean close removed the WAL index
    r = read_as(journal, TABLE_UID, read_only_mount)
    assert (r.returncode, r.stdout) == (0, "1 4242\n"), r.stderr


def test_a_user_outside_the_tables_group_reads_nothing(journal: Path) -> None:
    r = read_as(journal, OTHER_GID, read_only_mount=False)
    assert r.returncode == 1 and "PermissionError: [Errno 13] Permission denied" in r.stderr, r.stderr


def test_the_web_user_cannot_write_the_journal(journal: Path) -> None:
    r = subprocess.run(["setpriv", f"--reuid={WEB_UID}", f"--regid={TABLE_UID}", "--clear-groups", "sh", "-c",
                        f'echo x >> "{journal}"'], capture_output=True, text=True, timeout=30)
    assert r.returncode != 0 and "Permission denied" in r.stderr
