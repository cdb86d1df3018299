"""The matches a journal keeps in memory (:class:`Kept`) and the rescue files of a journal
in memory mode: a copy of each unsaved match in RAM, on another file system than the one
that failed, which ``pitchside export --unsaved`` reads."""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from pitchside.app.journal.file import JournalError

log = logging.getLogger("pitchside.app.journal")  # the journal's own log lines, as before its split

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
    replay file (docs/spec/replay.md), header first, undos included."""
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


class Kept:
    """The lines (header first) of the matches of this run: the current one, and every one
    that is not all on disk (:attr:`unsaved`), each of those copied to its rescue file."""

    def __init__(self) -> None:
        self.lines: dict[int, list[str]] = {}
        self.unsaved: list[int] = []
        """The matches whose lines are not all on disk, oldest first."""
        self.at: tuple[Path, Path] | None = None
        """(the journal's absolute path, the rescue folders' folder), fixed at open;
        :attr:`folder` is named from them when a rescue file is first needed."""
        self.named: Path | None = None

    @property
    def folder(self) -> Path | None:
        """:func:`rescue_folder` of the journal as opened (None: not opened by
        :meth:`pitchside.app.journal.Journal.open`, or the folder could not be made)."""
        if self.named is None and self.at is not None:
            self.named = hashed_folder(*self.at)
        return self.named

    def start(self, match_id: int, lines: list[str]) -> None:
        """A new match of this run, with its first ``lines``: the others all on disk
        are forgotten."""
        self.lines = {m: v for m, v in self.lines.items() if m in self.unsaved}
        self.lines[match_id] = lines

    def file(self, match_id: int) -> Path | None:
        """Where the rescue copy of unsaved match ``match_id`` is (None: not unsaved, or
        no rescue folder could be written)."""
        if match_id not in self.unsaved or self.folder is None:
            return None
        return self.folder / rescue_name(match_id)

    def add(self, match_id: int, texts: Sequence[str], saved: bool) -> None:
        """Keep ``texts`` (one step's lines of ``match_id``); not ``saved`` (memory mode),
        the match is unsaved from now on, and its rescue file is rewritten once, with
        all of them (a power cut never leaves half a step there)."""
        kept = self.lines.get(match_id)
        if kept is None:
            return  # not a match of this run (the runtime only writes to its own)
        kept.extend(texts)
        if not saved:
            self.mark_unsaved(match_id)

    def mark_unsaved(self, match_id: int) -> None:
        """``match_id`` is unsaved: (re)write its rescue file with every line kept."""
        first = match_id not in self.unsaved
        if first:
            self.unsaved.append(match_id)
        folder = self.folder
        if folder is None:
            return
        target = folder / rescue_name(match_id)
        try:  # RAM, another file system than the journal's: whole file, atomic rename
            folder.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_text("\n".join(self.lines[match_id]) + "\n", encoding="utf-8")
            os.replace(tmp, target)
        except OSError as exc:
            log.warning("no rescue copy of unsaved match %s in %s (%s)", match_id, folder, exc)
            self.at = self.named = None  # no rescue folder from now on
            return
        if first:
            log.warning("unsaved match %s is kept in memory and copied to %s (pitchside export --unsaved %s)",
                        match_id, target, match_id)  # fmt: skip
