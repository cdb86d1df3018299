"""The games a table can run: one :class:`~pitchside.tables.gametable.GameTable` record
per game, one line each.

The kiosk flow, the runtime, the recorder and the config are the same for every game;
what differs (its panel, how inputs become rules inputs, its views, its menu) is the
game's record, ``APP`` in its table module ``pitchside.tables.<game>``. Adding a game
adds one line to :data:`TABLES` (CONTRIBUTING.md lists every file a game needs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pitchside.core.errors import PitchsideError
from pitchside.core.record.games import GAMES
from pitchside.tables.common import is_finished, match_in_progress
from pitchside.tables.gametable import GameTable, Panel, TableLike

GameApp = GameTable[Any, Any, Any, Any]
"""A game's record, whatever its table state (what the kiosk and the shell hold)."""

def _pichenotte() -> "GameApp":
    from pitchside.tables import pichenotte

    return pichenotte.APP


def _pitchnut() -> "GameApp":
    from pitchside.tables import pitchnut

    return pitchnut.APP


def _boulomania() -> "GameApp":
    from pitchside.tables import boulomania

    return boulomania.APP


def _pitchbowl() -> "GameApp":
    from pitchside.tables import pitchbowl

    return pitchbowl.APP


def _mastermove() -> "GameApp":
    from pitchside.tables import mastermove

    return mastermove.APP


class _Tables(Mapping[str, "GameApp"]):
    """Game name -> its table's record, each table module imported on its first lookup
    (a table loads only the games it runs). ``in``, iteration and
    ``len`` import nothing."""

    def __init__(self, loaders: dict[str, Callable[[], "GameApp"]]) -> None:
        self._loaders = loaders
        self._apps: dict[str, GameTable[Any, Any, Any, Any]] = {}

    def __getitem__(self, game: str) -> "GameApp":
        app = self._apps.get(game)
        if app is None:
            app = self._apps[game] = self._loaders[game]()  # KeyError: not a game with a table
        return app

    def __contains__(self, game: object) -> bool:
        return game in self._loaders  # no import: Mapping's would look the game up

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


TABLES: Mapping[str, GameApp] = _Tables({
    "pichenotte": _pichenotte,
    "pitchnut": _pitchnut,
    "boulomania": _boulomania,
    "pitchbowl": _pitchbowl,
    "mastermove": _mastermove,
})
"""Game name -> its table's record, in the replay format's order of games."""


def app_for(game: str) -> GameApp:
    """The table record of ``game``.

    :raises PitchsideError: not a game, or one without a table yet (the message says
        which).
    """
    if game not in GAMES:
        raise PitchsideError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    if game not in TABLES:
        raise PitchsideError(f"game {game!r} has no table in this version (its replay works)")
    return TABLES[game]


def table_games() -> tuple[str, ...]:
    """The games this version can run a table for, in the format's order."""
    return tuple(g for g in GAMES if g in TABLES)


__all__ = ["TABLES", "GameApp", "GameTable", "Panel", "TableLike", "app_for", "is_finished", "match_in_progress",
           "table_games"]
