"""The rescue files of a journal in memory mode: a copy of each unsaved match in RAM, on
another file system than the one that failed, which ``pitchside export --unsaved`` reads."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pitchside.app.journal.file import JournalError


RESCUE_ENV = "PITCHSIDE_RESCUE_DIR"
"""Environment variable naming the rescue folder (:func:`default_rescue_dir`)."""


def default_rescue_dir() -> Path:
    """Where a journal in memory mode copies its unsaved matches: ``$PITCHSIDE_RESCUE_DIR``,
    else ``/dev/shm/pitchside`` (RAM, so not the storage that failed; gone at a reboot),
    else the temporary folder."""
    env = os.environ.get(RESCUE_ENV, "").strip()
    if env:
        return Path(env)
    shm = Path("/dev/shm")
    return shm / "pitchside" if shm.is_dir() else Path(tempfile.gettempdir()) / "pitchside-rescue"


def rescue_folder(journal: str | Path, rescue_dir: str | Path | None = None) -> Path:
    """The folder of the rescue files of the journal at ``journal``: one per journal
    path (its name and a hash of its absolute path), so two tables on one Pi never mix.

    :param rescue_dir: default :func:`default_rescue_dir`.
    """
    return hashed_folder(Path(journal).absolute(), Path(rescue_dir) if rescue_dir is not None else default_rescue_dir())


def hashed_folder(journal: Path, base: Path) -> Path:
    """:func:`rescue_folder` of the absolute path ``journal`` in ``base``."""
    import hashlib  # OpenSSL's, loaded only for a rescue file (start-up)

    return base / f"{journal.name}-{hashlib.sha1(str(journal).encode()).hexdigest()[:10]}"


def rescue_path(journal: str | Path, match_id: int, rescue_dir: str | Path | None = None) -> Path:
    """The rescue file of unsaved match ``match_id`` of the journal at ``journal``: a
    replay file (shared/spec/replay.md), header first, undos included."""
    return rescue_folder(journal, rescue_dir) / rescue_name(match_id)


def rescue_name(match_id: int) -> str:
    return f"match{match_id}.jsonl"


def read_rescued(journal: str | Path, match_id: int, rescue_dir: str | Path | None = None) -> str:
    """The rescue copy of unsaved match ``match_id`` (``pitchside export --unsaved``).

    :raises JournalError: no rescue copy of it (the folder lists the ones there are).
    """
    target = rescue_path(journal, match_id, rescue_dir)
    try:
        return target.read_text(encoding="utf-8")
    except OSError as exc:
        there = sorted(q.name for q in target.parent.glob("match*.jsonl")) if target.parent.is_dir() else []
        known = ", ".join(n.removeprefix("match").removesuffix(".jsonl") for n in there) or "none"
        raise JournalError(
            f"no unsaved copy of match {match_id} of {journal} in {target.parent} ({exc.strerror}); "
            f"unsaved matches there: {known}"
        ) from None

