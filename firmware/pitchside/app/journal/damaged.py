"""A damaged journal of this table, told from someone else's file by the marks beside it.

A file at the journal path whose first bytes do not read as a journal (garbage over the
first page, a file cut inside its header, an empty file whose ``-wal`` holds the
matches) is this table's journal, damaged, when it carries the table's marks: the lock
file ``NAME.lock`` (only Pitchside makes it, when it opens a journal, and never removes
it), or SQLite's ``NAME-wal`` / ``NAME-shm`` (a database was being written there when it
stopped). :class:`pitchside.app.journal.Journal` then moves it aside (``NAME.bad-N``,
the ``-wal`` and ``-shm`` with it) and starts a fresh journal, so a table never stays
down over it. Without a mark the file may be anyone's: it is left alone. A file that is
clearly someone else's (another program's SQLite database, a directory) is left alone
whatever lies beside it.

Loaded only when a journal path holds such a file: a table starting on a sound journal
never imports it (tests/hw/test_startup_set.py).
"""

from __future__ import annotations

from pathlib import Path

MOVED_ASIDE = "JOURNAL MOVED ASIDE"
"""What the panel says once a bad journal of this table was moved aside at start (a
fresh one saves from then on; the log says why and where it went)."""


def marks(p: Path) -> list[str]:
    """The names of the table's marks beside ``p``: its lock file, SQLite's ``-wal`` and
    ``-shm`` (each a regular file), in that order."""
    return [q.name for q in (Path(f"{p}.lock"), Path(f"{p}-wal"), Path(f"{p}-shm")) if q.is_file()]


def damaged(p: Path, why: str) -> str | None:
    """Why ``p`` is this table's journal, damaged (``why`` with the marks that make it the
    table's: ``"is not an SQLite database, with this table's journal.db.lock beside
    it"``), or None when nothing beside it is the table's (it may be anyone's file).

    :param why: what is wrong with the file (``"is not an SQLite database"``).
    """
    found = marks(p)
    if not found:
        return None
    names = found[0] if len(found) == 1 else f"{', '.join(found[:-1])} and {found[-1]}"
    return f"{why}, with this table's {names} beside it"


def empty_with_wal(p: Path) -> str | None:
    """Why the empty file ``p`` is a damaged journal: its ``-wal`` holds pages (SQLite
    would delete that WAL on opening an empty database, and the matches in it with it),
    or None (an empty file alone holds nothing: it is used as a new journal)."""
    wal = Path(f"{p}-wal")
    try:
        size = wal.stat().st_size if wal.is_file() else 0
    except OSError:
        return None
    if size == 0:
        return None
    return f"is empty, but its {wal.name} holds {size:,} bytes"
