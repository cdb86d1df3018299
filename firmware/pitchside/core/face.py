"""The parts of the typed face (:class:`pitchside.core.game.GameRules`) that every
game's engine answers the same way, written once: :func:`status` from the state's
``phase``, :func:`score` from its per-side ``score`` count. An engine re-exports them
(``from pitchside.core.face import score, status``); ``turn`` and ``outcome`` stay
with each game, whose states name the side to play differently.
"""

from __future__ import annotations

from typing import Protocol

from pitchside.core.game import Status
from pitchside.core.sides import PerSide

__all__ = ["Phased", "Scored", "score", "status"]


class Phased(Protocol):
    """A game state with a ``phase``; ``"finished"`` is the phase of a match over."""

    @property
    def phase(self) -> str: ...


class Scored(Phased, Protocol):
    """A game state whose ``score`` counts, per side, what the match is won on."""

    @property
    def score(self) -> PerSide[int]: ...


def status(state: Phased) -> Status:
    """``"finished"`` once the match is over (phase ``"finished"``), else ``"playing"``."""
    return "finished" if state.phase == "finished" else "playing"


def score(state: Scored) -> PerSide[float]:
    """The headline score per side (the replay output's ``score``): ``state.score``'s
    counts as floats."""
    return PerSide(float(state.score.A), float(state.score.B))
