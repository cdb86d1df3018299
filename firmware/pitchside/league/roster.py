"""The league's roster (pure): players across venues, each with the league's id for
them, checked before the store takes them. A roster file is CSV, one player a line:
``id,name[,venue]`` (a first line ``id,name,venue`` is a header; blank lines and lines
starting with ``#`` are skipped).

An id is 1-40 of ``a-z A-Z 0-9 - _ .``; a name 1-40 characters with no control
character (a fixture offer carries both, :mod:`pitchside.club.fixture`); a venue empty
or a venue id (``a-z 0-9 - _``).
"""

from __future__ import annotations

import csv
import io
import re

from pitchside.league.model import Player

ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")
VENUE = re.compile(r"^([a-z0-9][a-z0-9_-]{0,63})?$")
MAX_NAME = 40


class RosterError(ValueError):
    """A player the roster cannot take (the message names the field and, in a file, the line)."""


def player(pid: str, name: str, venue: str = "") -> Player:
    """:raises RosterError: an id, name or venue that is not one."""
    if not ID.match(pid):
        raise RosterError(f"id {pid!r}: 1-40 of a-z A-Z 0-9 - _ . (starting with a letter or digit)")
    if not 0 < len(name) <= MAX_NAME or not name.strip() or any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise RosterError(f"name {name!r} of {pid}: 1-40 characters, no control characters")
    if not VENUE.match(venue):
        raise RosterError(f"venue {venue!r} of {pid}: a venue id (a-z 0-9 - _) or nothing")
    return Player(pid, name.strip(), venue)


def parse(text: str, where: str = "roster") -> list[Player]:
    """The players of a roster file's ``text``.

    :raises RosterError: a bad line (its number) or the same id twice.
    """
    out: list[Player] = []
    seen: dict[str, int] = {}
    for n, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        if not row or not "".join(row).strip() or row[0].lstrip().startswith("#"):
            continue
        cells = [c.strip() for c in row]
        if n == 1 and [c.lower() for c in cells[:2]] == ["id", "name"]:
            continue
        if len(cells) not in (2, 3):
            raise RosterError(f"{where} line {n}: id,name[,venue], not {len(cells)} fields")
        try:
            p = player(*cells)
        except RosterError as exc:
            raise RosterError(f"{where} line {n}: {exc}") from None
        if p.id in seen:
            raise RosterError(f"{where} line {n}: id {p.id} is on line {seen[p.id]} already")
        seen[p.id] = n
        out.append(p)
    return out
