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
from pitchside.core.record.games import GAMES
from pitchside.tables import boulomania, mastermove, pichenotte, pitchbowl, pitchnut
from pitchside.tables.common import is_finished, match_in_progress
from pitchside.tables.gametable import GameTable, Panel, TableLike

GameApp = GameTable[Any]
"""A game's record, whatever its table state (what the kiosk and the shell hold)."""

TABLES: dict[str, GameApp] = {
    "pichenotte": pichenotte.APP,
    "pitchnut": pitchnut.APP,
    "boulomania": boulomania.APP,
    "pitchbowl": pitchbowl.APP,
    "mastermove": mastermove.APP,
}
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
