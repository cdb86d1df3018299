"""The games the replay format knows, by their header name, and their codecs.

Each game's codec lives in its own module of this package; the table below names it,
and a game whose module is not there (yet) is one this version does not referee.
"""

from __future__ import annotations

import importlib
from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.record.codec import GameCodec

GAMES = ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")
"""Every game of the format (docs/spec/replay.md, File)."""

_CODECS: dict[str, str] = {
    "pichenotte": "pitchside.core.record.pichenotte:PichenotteCodec",
    "pitchnut": "pitchside.core.record.pitchnut:PitchnutCodec",
    "boulomania": "pitchside.core.record.boulomania:BoulomaniaCodec",
    "pitchbowl": "pitchside.core.record.pitchbowl:PitchBowlCodec",
    "mastermove": "pitchside.core.record.mastermove:MasterMoveCodec",
}
"""Game name -> ``module:class`` of its codec."""


def _load(game: str) -> GameCodec | None:
    module_name, _, class_name = _CODECS[game].partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:  # the game's module is not written yet
            return None
        raise
    codec: GameCodec = getattr(module, class_name)()
    return codec


def codec_for(game: Any) -> GameCodec:
    """The codec of ``game``.

    :raises MalformedInput: not a game of the format, or one this version cannot
        referee yet (the message says which).
    """
    if game not in GAMES:
        raise MalformedInput(f"'game' must be one of {', '.join(GAMES)}, not {game!r}")
    codec = _load(game)
    if codec is None:
        raise MalformedInput(f"game {game!r} is not refereed by this version of Pitchside yet")
    return codec


def supported_games() -> tuple[str, ...]:
    """The games this version referees, in the format's order."""
    return tuple(g for g in GAMES if _load(g) is not None)
