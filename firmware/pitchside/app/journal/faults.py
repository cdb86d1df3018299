"""What a failed write says: a fault of the storage under the journal (read-only, full,
I/O) or of the journal's own SQL, and the display's words for it."""

from __future__ import annotations

import errno
import sqlite3


_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 8, 10, 13, 14
"""SQLite's primary result codes (sqlite.org/rescode.html); an extended code carries
its primary one in its low byte."""


def _codes(exc: BaseException) -> tuple[int | None, int | None]:
    """``(errno, SQLite primary result code)`` of ``exc``, each None when it has none.
    Read from the exception's attributes, never its text: an OSError's text holds the
    file's path, which may say anything ("/tmp/main-full/journal.db" is not a full disk)."""
    num = getattr(exc, "errno", None)
    code = getattr(exc, "sqlite_errorcode", None)
    return (num if isinstance(num, int) else None), (code & 0xFF if isinstance(code, int) else None)


def is_write_fault(exc: BaseException) -> bool:
    """A fault of the storage under the journal (read-only, full, I/O, cannot open), not
    of the journal's own SQL."""
    num, code = _codes(exc)
    if code is not None:
        return code in (_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN)
    text = str(exc).lower()  # a SQLite error without its code: its own fixed words
    return any(w in text for w in ("readonly", "read-only", "disk is full", "disk i/o", "unable to open"))


def why(exc: BaseException) -> str:
    """What the display says of a storage fault: ``"disk full"``, ``"read-only storage"``
    or ``"storage fault"``, from the error's errno or SQLite code."""
    num, code = _codes(exc)
    if num == errno.ENOSPC or code == _SQLITE_FULL:
        return "disk full"
    if num == errno.EROFS or code == _SQLITE_READONLY:
        return "read-only storage"
    if num is None and code is None and isinstance(exc, sqlite3.Error):  # no code: SQLite's fixed words
        text = str(exc).lower()
        if "disk is full" in text:
            return "disk full"
        if "readonly" in text:
            return "read-only storage"
    return "storage fault"
