"""The checks of the file at a journal path, before it is opened and once its lock is held:
a journal this table created (sound or not), a new one, a damaged one of this table
(:mod:`.damaged`: moved aside) or someone else's file (refused, never moved or written).
Each reads only; :func:`move_aside` alone moves a file. The file's marks are here too:
its ``application_id`` and schema version.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import closing
from pathlib import Path
from typing import Literal

APPLICATION_ID = 0x50545344
"""``PRAGMA application_id`` of a Pitchside journal ("PTSD"): a file without it is not ours."""
SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the schema (:data:`pitchside.app.journal.file.SCHEMA`)."""

SQLITE_MAGIC = b"SQLite format 3\x00"


def check_path(path: str | Path) -> str | None:
    """Why ``path`` cannot be this table's journal, or None when it can.

    A journal path names a file that is absent, empty, an SQLite database holding
    nothing (a crash while it was being created), or a database this table created
    (``PRAGMA application_id`` = :data:`APPLICATION_ID`, read through SQLite so that a
    header still in the WAL counts). Anything else (a directory, a device, a file that is
    not an SQLite database, another program's database, a file too short to tell) is
    never moved or written: the message says what to write instead, e.g. ``journal =
    "/var/lib/pitchside/journal.db"`` for the directory ``/var/lib/pitchside``.

    Reads only (it creates, moves and locks nothing), so ``check-config`` can call it;
    :meth:`Journal.open` raises :class:`JournalError` with the same message. A journal
    of this table that is corrupt is not refused here, nor a file that does not read as
    one but carries this table's marks (:mod:`pitchside.app.journal.damaged`): the table
    moves it aside.

    :param path: the ``[storage] journal`` value; a trailing ``/`` names a directory.
    """
    kind, said = classify(path)
    return said if kind == "refused" else None


def damage(path: str | Path) -> str | None:
    """Why the file at ``path`` is a damaged journal of this table that :meth:`Journal.open`
    moves aside (``"/var/lib/pitchside/journal.db is not an SQLite database, with this
    table's journal.db.lock beside it"``), or None. Reads only, like :func:`check_path`."""
    kind, said = classify(path)
    return f"{path} {said}" if kind == "damaged" else None


def classify(path: str | Path) -> tuple[PathKind, str | None]:
    """:func:`kind` of the ``[storage] journal`` value ``path``, where a trailing ``/``
    names a directory."""
    if isinstance(path, str) and path.endswith(("/", os.sep)) and path.strip("/" + os.sep):
        p = Path(path)
        return ("refused", _refusal(p, "names a directory (it ends in /), not a journal file", p / "journal.db"))
    return kind(Path(path))


def _refusal(p: Path, why: str, instead: Path | None) -> str:
    fix = f'write journal = "{instead}"' if instead is not None else "name another file"
    if p.exists() and not p.is_dir():
        fix = f"move it away, or {fix}"
    return f"{p} {why}; Pitchside leaves it alone: {fix}"


PathKind = Literal["new", "ours", "damaged", "refused"]
"""What the file at a journal path is (:func:`kind`)."""


def kind(p: Path) -> tuple[PathKind, str | None]:
    """``("new", None)``: absent, empty, or an SQLite database with nothing in it;
    ``("ours", None)``: a database this table created (sound or not); ``("damaged",
    why)``: a file that does not read as a journal but carries this table's marks
    (:mod:`pitchside.app.journal.damaged`), to be moved aside; ``("refused", message)``:
    anything else (see :func:`check_path`)."""
    other = p.with_name("journal.db") if p.name != "journal.db" else None
    try:
        st = p.stat()
    except OSError:  # absent, or its folder cannot be reached: opening finds out (memory mode)
        return ("new", None)
    if stat.S_ISDIR(st.st_mode):
        return ("refused", _refusal(p, "is a directory, not a journal file", p / "journal.db"))
    if not stat.S_ISREG(st.st_mode):
        return ("refused", _refusal(p, "is not a regular file", other))
    if st.st_size == 0:  # a crash right after the file was created, before SQLite wrote
        return _unread(p, None) if Path(f"{p}-wal").exists() else ("new", None)
    try:
        with open(p, "rb") as fh:
            head = fh.read(100)
    except OSError as exc:
        return ("refused", _refusal(p, f"cannot be read ({exc.strerror})", other))
    if not head.startswith(SQLITE_MAGIC):
        return _unread(p, "is not an SQLite database", ", so not a Pitchside journal")
    if len(head) < 100:
        why = f"is an SQLite header cut short ({len(head)} bytes)"
        return _unread(p, why, ": it cannot be told to be a Pitchside journal")
    if int.from_bytes(head[68:72], "big") == APPLICATION_ID:
        return ("ours", None)
    # A new journal's application id may still be in the WAL (not yet checkpointed)
    try:
        with closing(connect_ro(p)) as conn:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            if app_id == APPLICATION_ID:
                return ("ours", None)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            objects = conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
    except (sqlite3.Error, OSError) as exc:
        why = f"is an SQLite file whose header cannot be read ({exc})"
        return _unread(p, why, ": it cannot be told to be a Pitchside journal")
    if (app_id, version, objects) == (0, 0, 0):
        return ("new", None)  # created, then killed before our schema was committed: holds nothing
    why = f"is another program's SQLite database (application_id {app_id:#x}), not a Pitchside journal"
    return ("refused", _refusal(p, why, other))


def _unread(p: Path, why: str | None, unknown: str = "") -> tuple[PathKind, str | None]:
    """A file that does not read as a journal: ``("damaged", ...)`` when it carries this
    table's marks, else refused (``why`` + ``unknown``). ``why`` None: an empty file
    beside a ``-wal`` (damaged when that WAL holds pages, else new)."""
    from pitchside.app.journal import damaged as journal_damage  # only for such a file: not loaded at a sound start

    if why is None:
        found = journal_damage.empty_with_wal(p)
        return ("new", None) if found is None else ("damaged", found)
    found = journal_damage.damaged(p, why)
    if found is not None:
        return ("damaged", found)
    return ("refused", _refusal(p, why + unknown, p.with_name("journal.db") if p.name != "journal.db" else None))


def check_file(p: Path) -> str | None:
    """Why ``p``, a journal this table created (:func:`kind`), is not sound, or None."""
    try:
        with open(p, "rb") as fh:
            head = fh.read(100)
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    if len(head) == 0:
        return None if p.stat().st_size == 0 else "is unreadable"
    if not head.startswith(b"SQLite format 3\x00"):
        return "is not an SQLite database"
    if len(head) < 100:
        return "is truncated"
    try:
        with closing(connect_ro(p)) as conn:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            if app_id != APPLICATION_ID:
                return f"belongs to another program (application_id {app_id:#x})"
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                return f"has a newer schema ({version}) than this firmware ({SCHEMA_VERSION})"
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                return f"is corrupt ({check})"
    except sqlite3.DatabaseError as exc:
        return f"is corrupt ({exc})"
    return None


def move_aside(p: Path) -> Path:
    """Move the bad journal ``p`` aside, to ``NAME.bad-N`` (its ``-wal`` and ``-shm``
    with it), and return where it went."""
    n = 1
    while Path(f"{p}.bad-{n}").exists():
        n += 1
    aside = Path(f"{p}.bad-{n}")
    os.replace(p, aside)
    for suffix in ("-wal", "-shm"):
        side = Path(f"{p}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{aside}{suffix}"))
    fsync_dir(p.parent)
    return aside


def fsync_dir(path: Path) -> None:
    """fsync a directory, so a file just created in it survives a power cut."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def connect_ro(p: Path) -> sqlite3.Connection:
    """A read-only connection to ``p``. Where SQLite cannot create the WAL index
    (``-shm``) that a clean close removed (a read-only file system, or a folder this
    user may only read: the web side reads the table's journal through its group), every
    query would fail ("unable to open database file", or "attempt to write a readonly
    database"): with no WAL left to read, nothing can change the file, so it is opened
    ``immutable``. While the table runs, its ``-shm`` exists and is read as it is."""
    uri = f"file:{p}?mode=ro"
    wal = Path(f"{p}-wal")
    if (
        (os.statvfs(p.parent).f_flag & os.ST_RDONLY or not os.access(p.parent, os.W_OK))
        and not Path(f"{p}-shm").exists()
        and not (wal.exists() and wal.stat().st_size > 0)
    ):
        uri += "&immutable=1"
    return sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
