"""Keyboard maps of the simulated tables: one module per game, ``KEYS`` (a character
-> a scenario :class:`~pitchside_sim.scenario.Action`) and ``HELP`` (one line)."""

from __future__ import annotations

import importlib

from pitchside.core.errors import PitchsideError
from pitchside_sim.scenario import Action


def keymap_for(game: str) -> tuple[dict[str, Action], str]:
    """The keys and help line of ``game``'s simulated table.

    :raises PitchsideError: no keyboard map for that game yet.
    """
    try:
        module = importlib.import_module(f"pitchside_sim.keys.{game}")
    except ModuleNotFoundError:
        raise PitchsideError(f"the simulated {game} table has no keyboard map yet (use --script)") from None
    return dict(module.KEYS), str(module.HELP)
