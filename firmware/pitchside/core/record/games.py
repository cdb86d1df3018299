"""The games the replay format knows, by their header name, and their codecs.

Each game's codec lives in its own module of this package, imported at its first
lookup (:class:`~pitchside.core.lazy.Lazy`: a table loads only its game's); a game of
the format without a codec here is one this version does not referee.
"""

from __future__ import annotations

from collections.abc import Callable

from pitchside.core.errors import MalformedInput
from pitchside.core.lazy import Lazy
from pitchside.core.record.codec import AnyCodec

GAMES = ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")
"""Every game of the format (docs/spec/replay.md, File)."""

MakeCodec = Callable[[], AnyCodec]
"""A game's codec class (each call makes a codec)."""


# The loaders (deferred imports): each imports its game's module at the game's first
# lookup, so a table loads only its own game (start-up, pitchside.core.lazy).


def _pichenotte() -> MakeCodec:
    from pitchside.core.record.pichenotte import PichenotteCodec

    return PichenotteCodec


def _pitchnut() -> MakeCodec:
    from pitchside.core.record.pitchnut import PitchnutCodec

    return PitchnutCodec


def _boulomania() -> MakeCodec:
    from pitchside.core.record.boulomania import BoulomaniaCodec

    return BoulomaniaCodec


def _pitchbowl() -> MakeCodec:
    from pitchside.core.record.pitchbowl import PitchBowlCodec

    return PitchBowlCodec


def _mastermove() -> MakeCodec:
    from pitchside.core.record.mastermove import MasterMoveCodec

    return MasterMoveCodec


CODECS: Lazy[MakeCodec] = Lazy({
    "pichenotte": _pichenotte,
    "pitchnut": _pitchnut,
    "boulomania": _boulomania,
    "pitchbowl": _pitchbowl,
    "mastermove": _mastermove,
})
"""Game name -> its codec class, its module imported on the first lookup."""


def codec_for(game: object) -> AnyCodec:
    """The codec of ``game``.

    :raises MalformedInput: not a game of the format, or one this version cannot
        referee yet (the message says which).
    """
    if not isinstance(game, str) or game not in GAMES:
        raise MalformedInput(f"'game' must be one of {', '.join(GAMES)}, not {game!r}")
    if game not in CODECS:
        raise MalformedInput(f"game {game!r} is not refereed by this version of Pitchside yet")
    return CODECS[game]()


def supported_games() -> tuple[str, ...]:
    """The games this version referees, in the format's order."""
    return tuple(g for g in GAMES if g in CODECS)
