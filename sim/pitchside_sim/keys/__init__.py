"""Keyboard maps of the simulated tables: one module per game, ``KEYS`` (a character
-> a scenario :class:`~pitchside_sim.scenario.Action`) and ``HELP`` (one line), and one
line per game in :data:`KEYMAPS`."""

from __future__ import annotations

from types import ModuleType

from pitchside.core.errors import PitchsideError
from pitchside_sim.keys import boulomania, mastermove, pichenotte, pitchbowl, pitchnut
from pitchside_sim.scenario import Action

KEYMAPS: dict[str, ModuleType] = {
    "pichenotte": pichenotte,
    "pitchnut": pitchnut,
    "boulomania": boulomania,
    "pitchbowl": pitchbowl,
    "mastermove": mastermove,
}
"""Game name -> its keyboard map's module."""


def keymap_for(game: str) -> tuple[dict[str, Action], str]:
    """The keys and help line of ``game``'s simulated table.

    :raises PitchsideError: no keyboard map for that game yet.
    """
    module = KEYMAPS.get(game)
    if module is None:
        raise PitchsideError(f"the simulated {game} table has no keyboard map yet (use --script)")
    keys: dict[str, Action] = module.KEYS
    return dict(keys), str(module.HELP)
