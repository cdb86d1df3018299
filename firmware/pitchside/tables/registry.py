"""The games a table can run: one :class:`~pitchside.tables.gametable.GameTable` record
per game, one line each.

The kiosk flow, the runtime, the recorder and the config are the same for every game;
what differs (its panel, how inputs become rules inputs, its views, its menu) is the
game's record, ``APP`` in its table module ``pitchside.tables.<game>``. Adding a game
adds one line to :data:`TABLES` (CONTRIBUTING.md lists every file a game needs).
"""

from __future__ import annotations

from typing import Any

from pitchside.core.errors import PitchsideError
from pitchside.core.lazy import Lazy
from pitchside.core.record.games import GAMES
from pitchside.tables.common import is_finished, match_in_progress
from pitchside.tables.gametable import GameTable, Panel, TableLike

GameApp = GameTable[Any, Any, Any, Any]
"""A game's record, whatever its table state (what the kiosk and the shell hold)."""


# The loaders (deferred imports): each imports its game's module at the game's first
# lookup, so a table loads only its own game (start-up, pitchside.core.lazy).


def _pichenotte() -> GameApp:
    from pitchside.tables import pichenotte

    return pichenotte.APP


def _pitchnut() -> GameApp:
    from pitchside.tables import pitchnut

    return pitchnut.APP


def _boulomania() -> GameApp:
    from pitchside.tables import boulomania

    return boulomania.APP


def _pitchbowl() -> GameApp:
    from pitchside.tables import pitchbowl

    return pitchbowl.APP


def _mastermove() -> GameApp:
    from pitchside.tables import mastermove

    return mastermove.APP


TABLES: Lazy[GameApp] = Lazy({
    "pichenotte": _pichenotte,
    "pitchnut": _pitchnut,
    "boulomania": _boulomania,
    "pitchbowl": _pitchbowl,
    "mastermove": _mastermove,
})
"""Game name -> its table's record, in the replay format's order of games, each table
module imported on its first lookup (:class:`~pitchside.core.lazy.Lazy`: a table loads
only the games it runs)."""


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
