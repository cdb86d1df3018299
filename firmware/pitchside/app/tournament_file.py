"""The tournament file on disk (the shell's part of :mod:`pitchside.core.tournament`).

A Master Move club tournament is one JSON or TOML file (its type follows its name:
``.json``, else TOML), written by ``pitchside tournament`` (:mod:`pitchside.cli.tournament`)
and read by a table that names it (``[tournament] file``)::

    name = "Club cup"
    format = "round_robin"          # or "knockout", "round_robin_final"
    teams = ["Yellow FC", "Blue Town", "Reds", "Greens", "Whites"]   # seeding order

    [[results]]
    home = "Yellow FC"
    away = "Blue Town"
    score = [3, 1]                  # Moves, home first

    [[results]]
    home = "Reds"
    away = "Greens"
    forfeit = "Greens"              # Greens quit: 3-0 to Reds (MM-32)

    [[audit]]                       # every result entered, corrected or withdrawn
    at = "2026-12-01T20:15:00+00:00"
    action = "result"
    result = "Yellow FC 3-1 Blue Town"

A final (``round_robin_final``) has ``stage = "final"``. Results are checked one by one
in file order, each naming its index on error.

**Writers never lose each other's results.** Every change is a read-modify-write under
an exclusive ``fcntl.flock`` on a lock file beside the tournament file
(``cup.toml.lock``), held from the read to the replace: the new text goes to a unique
temporary file in the same directory (``tempfile.mkstemp``), is fsynced, replaces the
file atomically (``os.replace``) and the directory is fsynced. Readers (the table, the
standings) need no lock: they see the old file or the new one, never a mix.

The table's shell: :func:`read_info` reads a file into what a table shows (a file that
cannot be read gives the reason instead); :func:`configured` hands the power-on read to
the Master Move table app; :func:`new_match_events` reads the file again for each new
match (:class:`pitchside.app.runtime.Runtime`, on ``NewMatch``).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import stat
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from pitchside.core.tournament import (
    AuditEntry,
    Result,
    Tournament,
    TournamentError,
    TournamentInfo,
    add_result,
    game_result,
    new_tournament,
    tournament_info,
    unreadable_tournament,
)
from pitchside.tables.effects import Event, TournamentLoaded
from pitchside.tables.kiosk import KioskSettings
from pitchside.tables.registry import GameApp

KEYS = ("name", "format", "teams", "results", "audit")
ACTIONS = ("result", "correct", "withdraw")


def _is_json(path: Path) -> bool:
    return path.suffix.lower() == ".json"


# --- reading ---------------------------------------------------------------------------


def load(path: str | Path) -> Tournament:
    """Read and check a tournament file.

    :raises TournamentError: unreadable, bad syntax, unknown key, bad team, result or
        audit entry (naming the file and the entry's index).
    """
    p = Path(path)
    try:
        raw_bytes = p.read_bytes()
    except OSError as exc:
        raise TournamentError(f"{p}: cannot read: {exc.strerror or exc}") from None
    return parse(raw_bytes, p)


def parse(raw_bytes: bytes, p: Path) -> Tournament:
    """A tournament from the bytes of the file ``p`` (JSON or TOML by its name).

    :raises TournamentError: as :func:`load`.
    """
    try:
        raw: Any = json.loads(raw_bytes) if _is_json(p) else tomllib.loads(raw_bytes.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise TournamentError(f"{p}: not valid {'JSON' if _is_json(p) else 'TOML'}: {exc}") from None
    if not isinstance(raw, dict):
        raise TournamentError(f"{p}: must hold a table/object")
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise TournamentError(f"{p}: unknown key {unknown[0]!r}")
    teams = raw.get("teams")
    if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
        raise TournamentError(f"{p}: teams must be a list of names")
    try:
        t = new_tournament(str(raw.get("name", "Tournament")), str(raw.get("format", "round_robin")), teams)
    except TournamentError as exc:
        raise TournamentError(f"{p}: {exc}") from None
    results = raw.get("results", [])
    if not isinstance(results, list):
        raise TournamentError(f"{p}: results must be a list")
    for i, r in enumerate(results):
        try:
            t = add_result(t, _result(r))
        except TournamentError as exc:
            raise TournamentError(f"{p}: results[{i}]: {exc}") from None
    audit = raw.get("audit", [])
    if not isinstance(audit, list):
        raise TournamentError(f"{p}: audit must be a list")
    entries = []
    for i, a in enumerate(audit):
        try:
            entries.append(_audit(a))
        except TournamentError as exc:
            raise TournamentError(f"{p}: audit[{i}]: {exc}") from None
    return Tournament(t.name, t.format, t.teams, t.results, tuple(entries))


def _result(r: Any) -> Result:
    if not isinstance(r, dict):
        raise TournamentError("a result is a table with home, away and score (or forfeit)")
    unknown = sorted(set(r) - {"home", "away", "score", "forfeit", "stage"})
    if unknown:
        raise TournamentError(f"unknown key {unknown[0]!r}")
    home, away, forfeit = r.get("home"), r.get("away"), r.get("forfeit")
    if not isinstance(home, str) or not isinstance(away, str):
        raise TournamentError("home and away must be team names")
    if forfeit is not None:
        if not isinstance(forfeit, str):
            raise TournamentError("forfeit must be the name of the team that quit")
        return game_result(home, away, 0, 0, forfeit=forfeit, stage=str(r.get("stage", "")))
    score = r.get("score")
    if not (isinstance(score, list) and len(score) == 2 and all(isinstance(n, int) for n in score)):
        raise TournamentError(f"score must be [home Moves, away Moves], not {score!r}")
    return game_result(home, away, score[0], score[1], stage=str(r.get("stage", "")))


def _audit(a: Any) -> AuditEntry:
    if not isinstance(a, dict) or not all(isinstance(v, str) for v in a.values()):
        raise TournamentError("an audit entry is a table of strings: at, action, result (and was)")
    unknown = sorted(set(a) - {"at", "action", "result", "was"})
    if unknown:
        raise TournamentError(f"unknown key {unknown[0]!r}")
    action = a.get("action")
    if action not in ACTIONS:
        raise TournamentError(f"action must be one of {', '.join(ACTIONS)}, not {action!r}")
    return AuditEntry(str(a.get("at", "")), action, str(a.get("result", "")), str(a.get("was", "")))


# --- writing ---------------------------------------------------------------------------


def _result_dict(r: Result) -> dict[str, Any]:
    out: dict[str, Any] = {"home": r.home, "away": r.away}
    if r.forfeit:
        out["forfeit"] = r.forfeit
    else:
        out["score"] = [r.home_moves, r.away_moves]
    if r.stage:
        out["stage"] = r.stage
    return out


def _audit_dict(a: AuditEntry) -> dict[str, Any]:
    out: dict[str, Any] = {"at": a.at, "action": a.action, "result": a.result}
    if a.was:
        out["was"] = a.was
    return out


def dumps(t: Tournament, as_json: bool) -> str:
    """The tournament as file text (JSON, or TOML written by hand: only strings, lists
    of strings or integers and arrays of tables)."""
    data: dict[str, Any] = {"name": t.name, "format": t.format, "teams": list(t.teams),
                            "results": [_result_dict(r) for r in t.results]}
    if t.audit:
        data["audit"] = [_audit_dict(a) for a in t.audit]
    if as_json:
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def value(v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, int):
            return str(v)
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a TOML basic string

    lines = [f"name = {value(t.name)}", f"format = {value(t.format)}", f"teams = {value(list(t.teams))}"]
    for key in ("results", "audit"):
        for item in data.get(key, []):
            lines += ["", f"[[{key}]]"] + [f"{k} = {value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def lock_path(path: str | Path) -> Path:
    """The lock file beside a tournament file (``cup.toml`` -> ``cup.toml.lock``)."""
    p = Path(path)
    return p.with_name(p.name + ".lock")


@contextlib.contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Hold the tournament file's exclusive lock (``fcntl.flock`` on :func:`lock_path`)
    for the block: one writer at a time, across processes.

    :raises TournamentError: the lock file cannot be opened (the directory is missing or
        not writable).
    """
    try:
        fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise TournamentError(f"{path}: cannot lock: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _write(t: Tournament, p: Path) -> None:
    """Write ``t`` to ``p`` atomically and durably; the caller holds the lock."""
    text = dumps(t, _is_json(p)).encode("utf-8")
    directory = p.parent if str(p.parent) else Path(".")
    try:
        mode = stat.S_IMODE(os.stat(p).st_mode)
    except FileNotFoundError:
        mode = 0o644
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{p.name}.", suffix=".tmp")
    except OSError as exc:
        raise TournamentError(f"{p}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise TournamentError(f"{p}: cannot write: {exc.strerror or exc}") from None
    dir_fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save(t: Tournament, path: str | Path) -> None:
    """Write ``t`` to ``path`` (under the lock, atomically, fsynced).

    :raises TournamentError: the file cannot be written.
    """
    with locked(path):
        _write(t, Path(path))


def create(t: Tournament, path: str | Path, force: bool = False) -> None:
    """Write a new tournament file, unless one exists (``force``: replace it).

    :raises TournamentError: the file exists, or cannot be written.
    """
    p = Path(path)
    with locked(p):
        if p.exists() and not force:
            raise TournamentError(f"{p} exists (--force to overwrite)")
        _write(t, p)


def update(path: str | Path, change: Callable[[Tournament], Tournament]) -> Tournament:
    """Read the file, apply ``change`` and write the result, all under the lock, so
    that writers at the same time each see the others' changes. Returns the tournament
    written.

    :raises TournamentError: the file cannot be read or written, or ``change`` refuses
        (then the file is left as it was).
    """
    p = Path(path)
    with locked(p):
        t = change(load(p))
        _write(t, p)
    return t


# --- the table's shell -------------------------------------------------------------------


def read_info(path: str | Path) -> TournamentInfo:
    """What a table shows of the tournament file ``path``, read now; a file that cannot
    be read gives a snapshot saying why (the path left out: the panel is narrow)."""
    try:
        return tournament_info(load(path))
    except TournamentError as exc:
        return unreadable_tournament(str(exc).removeprefix(f"{Path(path)}: "))


def power_on_read(app: GameApp, path: str | None) -> TournamentInfo | None:
    """What a table of ``app`` shows of the tournament file ``path`` at power-on (read
    now), for a game that shows a tournament (``GameTable.tournament``); None without a
    file or for any other game."""
    if path is None or not app.tournament:
        return None
    return read_info(path)


def configured(settings: KioskSettings, path: str | None) -> KioskSettings:
    """``settings`` with the tournament file ``path`` and its power-on read, when the
    game chosen shows a tournament; else unchanged."""
    info = power_on_read(settings.app, path)
    if info is None:
        return settings
    return replace(settings, tournament_file=path, tournament=info)


def new_match_events(settings: KioskSettings) -> tuple[Event, ...]:
    """The events a new match brings from the shell: for a game that shows a
    tournament, with a tournament file, the file read again (:class:`TournamentLoaded`,
    which the kiosk hands to the game and keeps for its next tables); else none."""
    if settings.app.tournament and settings.tournament_file is not None:
        return (TournamentLoaded(read_info(settings.tournament_file)),)
    return ()
