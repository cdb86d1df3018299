"""The games the replay format knows, by their header name."""

from __future__ import annotations

from typing import Any

from pitchside.core.errors import MalformedInput
from pitchside.core.replay.codec import GameCodec
from pitchside.core.replay.pichenotte import PichenotteCodec

GAMES = ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")
"""Every game of the format (shared/spec/replay.md, File)."""

_CODECS: dict[str, GameCodec] = {"pichenotte": PichenotteCodec()}


def codec_for(game: Any) -> GameCodec:
    """The codec of ``game``.

    :raises MalformedInput: not a game of the format, or one this version cannot
        referee yet (the message says which).
    """
    if game not in GAMES:
        raise MalformedInput(f"'game' must be one of {', '.join(GAMES)}, not {game!r}")
    codec = _CODECS.get(game)
    if codec is None:
        raise MalformedInput(f"game {game!r} is not refereed by this version of Pitchside yet")
    return codec


def supported_games() -> tuple[str, ...]:
    return tuple(_CODECS)
