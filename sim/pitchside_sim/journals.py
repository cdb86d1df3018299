"""Where a simulator run keeps its output, and which journal it keeps its matches in.

Each run writes to its own folder, so one run never replaces another's frames, replay
file or journal: ``--out DIR`` when given, else ``out/SCENARIO`` for a ``--script`` run
(the scenario file's name without ``.toml``: ``scripts/demo`` writes
``out/pichenotte_match``) and ``out/GAME`` for an interactive one (:func:`run_folder`).

In that folder (OUT below) each run keeps its own journal per game, so one run never
wipes or carries on another's match (``scripts/demo`` must not wipe a match someone is
playing):

==================================  ==============================  =================
 run                                 journal                         at start
==================================  ==============================  =================
 interactive                         ``OUT/journal-GAME.db``         resumes an
                                                                     unfinished match
 ``--script``                        ``OUT/journal-GAME-script.db``  started afresh
 either, ``--shared-journal``        ``BASE/journal.db``             as a table: resumes
 either, ``--db FILE``               ``FILE``                        as a table: resumes
==================================  ==============================  =================

BASE is ``--out DIR`` when given, else ``out``: the journal every game and run shares.

A script's journal is started afresh only when no other process has it open: the
journal's own lock (an exclusive ``flock`` on ``NAME.lock``, :mod:`pitchside.app.journal`)
is taken first, and a held one is :class:`~pitchside.app.journal.JournalLocked`.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from pitchside.app.journal import JournalLocked

SHARED = "journal.db"
"""The file name of the journal every run shares with ``--shared-journal``."""
BASE = Path("out")
"""The folder that holds each run's own folder when ``--out`` is not given."""


def run_folder(game: str, *, script: str | None = None, out: str | None = None) -> Path:
    """The folder a run of ``game`` writes its frames, replay file and journal to:
    ``out`` (``--out``) when given, else ``out/SCENARIO`` for a ``script`` run (the
    scenario file's name without its suffix) and ``out/GAME`` for an interactive one."""
    if out:
        return Path(out)
    return BASE / (Path(script).stem if script else game)


def shared_folder(out: str | None = None) -> Path:
    """The folder of the journal every run shares (``--shared-journal``): ``out``
    (``--out``) when given, else :data:`BASE`."""
    return Path(out) if out else BASE


def journal_path(
    out: Path, game: str, *, script: bool, db: str | None = None, shared: bool = False, base: Path | None = None
) -> Path:
    """The journal of a run of ``game`` with ``out`` as its folder (table above).

    :param script: a ``--script`` run (its journal is apart from the interactive one).
    :param db: ``--db``: that file, whatever the rest.
    :param shared: ``--shared-journal``: ``BASE/journal.db``.
    :param base: the shared journal's folder (:func:`shared_folder`); ``out`` when None.
    """
    if db:
        return Path(db)
    if shared:
        return (out if base is None else base) / SHARED
    return out / (f"journal-{game}-script.db" if script else f"journal-{game}.db")


def start_afresh(db: Path) -> None:
    """Remove the journal ``db`` (with its ``-wal`` and ``-shm``) so a run starts on an
    empty one; nothing is removed while another process holds it.

    :raises JournalLocked: another process (another simulator run) has it open.
    """
    fd = os.open(f"{db}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise JournalLocked(f"{db} is in use by another Pitchside process") from None
        for stale in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            stale.unlink(missing_ok=True)
    finally:
        os.close(fd)  # the lock goes with it: the journal takes it again as it opens
