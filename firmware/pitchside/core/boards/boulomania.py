"""The Boulomania board as data: ``boulomania.json`` beside this module, loaded and
validated at import (:data:`BOARD`).

The rulebook names the spaces (1-6 small jack spaces, 7-18 larger bowl spaces) but
gives no picture; the geometry is BM-BOARD (docs/rules/boulomania.md, ruling BM-A1). Everything the rules need from the
board comes from here, so fitting a real board means replacing the JSON file only:

* ``jackSpaces`` / ``bowlSpaces``: ``{"n": [x_mm, y_mm]}``; y is the direction of play.
* ``straight``: each bowl space's successor when pushed (a bowl space or ``"OUT"``,
  into touch); ``diagonal``: the optional second successor of the fork spaces (8, 13
  and 16 in the text).
* ``jackBehind``: the jack space the jack moves to on a kiss at 12/13 (BM-24), or null.
* ``frontOfJack``: the spaces "directly to the jack" (12, 13, BM-24); ``besideJack``:
  the space "directly next to the jack" (11, BM-25).
* ``distance``: nearness is Euclidean between coordinates (the only measure supported).

A wrong file stops the import with a :class:`BoardError` naming the file, the key and
what is wrong, so a bad replacement is caught on the bench, not mid-match.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pitchside.core.errors import PitchsideError

JACK_SPACES = tuple(range(1, 7))
"""Spaces 1-6: the small jack spaces (BM-01)."""
BOWL_SPACES = tuple(range(7, 19))
"""Spaces 7-18: the larger bowl spaces (BM-01)."""
ALL_SPACES = JACK_SPACES + BOWL_SPACES
DEFAULT_FILE = "boulomania.json"


class BoardError(PitchsideError, ValueError):
    """A board file that is not a valid Boulomania board: ``source`` (file), ``key``
    (the JSON key path) and ``message``."""

    def __init__(self, source: str, key: str, message: str) -> None:
        self.source = source
        self.key = key
        self.message = message
        super().__init__(f"{source}: {key}: {message}")


@dataclass(frozen=True, slots=True)
class Board:
    """A validated Boulomania board. Spaces are ints 1..18; ``None`` as a successor
    means OUT ("knocked into touch", out of play).

    Build with :func:`load_board` or :func:`board_from_json`, which validate.
    """

    coords: Mapping[int, tuple[float, float]]
    straight: Mapping[int, int | None]
    diagonal: Mapping[int, int | None]
    jack_behind_table: Mapping[int, int | None]
    front_of_jack: frozenset[int]
    beside_jack: frozenset[int]
    name: str = ""

    def __hash__(self) -> int:  # mappings are not hashable; boards are few and compared rarely
        return hash((self.name, tuple(sorted(self.coords.items()))))

    # --- spaces ----------------------------------------------------------------

    @staticmethod
    def is_jack_space(space: int) -> bool:
        """Spaces 1-6 (BM-01)."""
        return 1 <= space <= 6

    @staticmethod
    def is_bowl_space(space: int) -> bool:
        """Spaces 7-18 (BM-01)."""
        return 7 <= space <= 18

    @property
    def forks(self) -> frozenset[int]:
        """Spaces whose bowl may be pushed straight or diagonally (8, 13, 16; BM-11)."""
        return frozenset(self.diagonal)

    # --- pushing (direction of play) --------------------------------------------

    def successor(self, space: int, diagonal: bool = False) -> int | None:
        """Where a bowl on bowl ``space`` goes when pushed one space on in the direction
        of play (BM-10), diagonally at a fork if ``diagonal`` (BM-11); None is OUT.

        :raises ValueError: a jack space (bowls there cannot be pushed, BM-09), or
            ``diagonal`` at a space that is not a fork.
        """
        if space not in self.straight:
            raise ValueError(f"space {space} is not a bowl space: bowls there cannot be pushed (BM-09)")
        if diagonal:
            if space not in self.diagonal:
                raise ValueError(f"space {space} is not a fork: no diagonal push (BM-11)")
            return self.diagonal[space]
        return self.straight[space]

    def jack_behind(self, jack: int) -> int | None:
        """The jack space behind ``jack`` in the direction of play (BM-24), or None in
        the last row."""
        return self.jack_behind_table[jack]

    # --- nearness -----------------------------------------------------------------

    def distance(self, space: int, jack: int) -> float:
        """Distance in mm from ``space`` (a bowl or jack space) to the jack on ``jack``."""
        (x1, y1), (x2, y2) = self.coords[space], self.coords[jack]
        return math.hypot(x1 - x2, y1 - y2)

    def nearness(self, jack: int) -> tuple[int, ...]:
        """Every other space, nearest to the jack on ``jack`` first (BM-BOARD table)."""
        return tuple(sorted((s for s in ALL_SPACES if s != jack), key=lambda s: (self.distance(s, jack), s)))

    def compare(self, a: int, b: int, jack: int) -> int:
        """-1 if ``a`` is nearer the jack than ``b``, 1 if farther, 0 if equally near."""
        da, db = self.distance(a, jack), self.distance(b, jack)
        if math.isclose(da, db, rel_tol=0, abs_tol=1e-9):
            return 0
        return -1 if da < db else 1

    def is_nearer(self, a: int, b: int, jack: int) -> bool:
        """``a`` strictly nearer the jack on ``jack`` than ``b``."""
        return self.compare(a, b, jack) < 0


# --- loading and validation ---------------------------------------------------------


def _space_key(source: str, key: str, k: str, allowed: tuple[int, ...]) -> int:
    try:
        n = int(k)
    except ValueError:
        n = -1
    if str(n) != k or n not in allowed:
        raise BoardError(source, key, f"{k!r} is not one of the spaces {allowed[0]}-{allowed[-1]}")
    return n


def _obj(source: str, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    if key not in data:
        raise BoardError(source, key, "missing")
    value = data[key]
    if not isinstance(value, dict):
        raise BoardError(source, key, f"must be an object, not {value!r}")
    return value


def _coords(source: str, data: Mapping[str, Any], key: str, spaces: tuple[int, ...]) -> dict[int, tuple[float, float]]:
    raw = _obj(source, data, key)
    out: dict[int, tuple[float, float]] = {}
    for k, v in raw.items():
        n = _space_key(source, key, k, spaces)
        if (
            not isinstance(v, list)
            or len(v) != 2
            or not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in v)
        ):
            raise BoardError(source, f"{key}.{k}", f"must be [x_mm, y_mm], not {v!r}")
        out[n] = (float(v[0]), float(v[1]))
    missing = sorted(set(spaces) - set(out))
    if missing:
        raise BoardError(source, key, f"missing space(s) {missing}")
    return out


def _successor(source: str, key: str, v: Any) -> int | None:
    if v == "OUT":
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v not in BOWL_SPACES:
        raise BoardError(source, key, f"must be a bowl space 7-18 or \"OUT\", not {v!r} (pushes never enter jack spaces, BM-09)")
    return v


def _space_list(source: str, data: Mapping[str, Any], key: str) -> frozenset[int]:
    if key not in data:
        raise BoardError(source, key, "missing")
    v = data[key]
    if not isinstance(v, list) or not v or not all(isinstance(n, int) and not isinstance(n, bool) and n in BOWL_SPACES for n in v):
        raise BoardError(source, key, f"must be a non-empty list of bowl spaces 7-18, not {v!r}")
    return frozenset(v)


def board_from_json(data: Any, source: str = "<board>") -> Board:
    """Validate a parsed board file and build the :class:`Board`.

    Checks: every key present, no unknown key; spaces 1-6 and 7-18 each with
    ``[x, y]``; a ``straight`` successor for every bowl space and ``diagonal`` ones only
    for some bowl spaces, each a bowl space or ``"OUT"``; every push moves up the board
    (y grows: the direction of play); so chains always end; ``jackBehind`` for every
    jack space, a jack space farther up the board or null; ``frontOfJack`` and
    ``besideJack`` lists of bowl spaces; ``distance`` Euclidean.

    :raises BoardError: naming ``source``, the key and what is wrong.
    """
    if not isinstance(data, dict):
        raise BoardError(source, "(top)", "the board file must hold a JSON object")
    known = {"name", "jackSpaces", "bowlSpaces", "straight", "diagonal", "jackBehind", "frontOfJack", "besideJack", "distance"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise BoardError(source, "(top)", f"unknown key(s) {unknown}")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise BoardError(source, "name", f"must be a string, not {name!r}")
    coords = {**_coords(source, data, "jackSpaces", JACK_SPACES), **_coords(source, data, "bowlSpaces", BOWL_SPACES)}

    straight: dict[int, int | None] = {}
    for k, v in _obj(source, data, "straight").items():
        straight[_space_key(source, "straight", k, BOWL_SPACES)] = _successor(source, f"straight.{k}", v)
    missing = sorted(set(BOWL_SPACES) - set(straight))
    if missing:
        raise BoardError(source, "straight", f"missing bowl space(s) {missing}: every bowl space must have a push")
    diagonal: dict[int, int | None] = {}
    for k, v in _obj(source, data, "diagonal").items():
        n = _space_key(source, "diagonal", k, BOWL_SPACES)
        diagonal[n] = _successor(source, f"diagonal.{k}", v)
        if diagonal[n] == straight[n]:
            raise BoardError(source, f"diagonal.{k}", "must differ from the straight push")
    for table, pushes in (("straight", straight), ("diagonal", diagonal)):
        for s, t in pushes.items():
            if t is not None and coords[t][1] <= coords[s][1]:
                raise BoardError(
                    source,
                    f"{table}.{s}",
                    f"a push from {s} to {t} does not go up the board (y {coords[s][1]:g} -> {coords[t][1]:g}): "
                    "pushes go in the direction of play",
                )

    behind: dict[int, int | None] = {}
    for k, v in _obj(source, data, "jackBehind").items():
        j = _space_key(source, "jackBehind", k, JACK_SPACES)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v not in JACK_SPACES):
            raise BoardError(source, f"jackBehind.{k}", f"must be a jack space 1-6 or null, not {v!r}")
        if v is not None and coords[v][1] <= coords[j][1]:
            raise BoardError(source, f"jackBehind.{k}", f"jack space {v} is not behind {j} in the direction of play")
        behind[j] = v
    missing = sorted(set(JACK_SPACES) - set(behind))
    if missing:
        raise BoardError(source, "jackBehind", f"missing jack space(s) {missing}")

    front = _space_list(source, data, "frontOfJack")
    beside = _space_list(source, data, "besideJack")
    if front & beside:
        raise BoardError(source, "besideJack", f"space(s) {sorted(front & beside)} cannot be both in front of and beside the jack")
    distance = data.get("distance")
    if not isinstance(distance, str) or not distance.lower().startswith("euclidean"):
        raise BoardError(source, "distance", f"only Euclidean nearness is supported, not {distance!r}")
    return Board(coords, straight, diagonal, behind, front, beside, name)


def load_board(path: str | Path | None = None) -> Board:
    """Read and validate a board file; the packaged ``boulomania.json`` by default.

    :raises BoardError: unreadable, not JSON, or not a valid board (see
        :func:`board_from_json`).
    """
    if path is None:
        source = f"pitchside/core/boards/{DEFAULT_FILE}"
        try:
            text = resources.files(__package__).joinpath(DEFAULT_FILE).read_text(encoding="utf-8")
        except OSError as exc:
            raise BoardError(source, "(file)", f"cannot read: {exc}") from None
    else:
        source = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BoardError(source, "(file)", f"cannot read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BoardError(source, "(file)", f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    return board_from_json(data, source)


BOARD: Board = load_board()
"""The board this firmware referees on, loaded and validated at import."""
