"""Keyboard maps of the simulated tables: one module per game, ``KEYS`` (a character
-> a scenario :class:`~pitchside_sim.scenario.Action`) and ``HELP`` (one line), and one
line per game in :data:`KEYMAPS`."""

from __future__ import annotations

from types import ModuleType
from typing import Any

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


COIN_KEY = "$"
"""The coin slot's key, on a table with a coin acceptor (``[coin]``): the cheapest coin."""


def keymap_for(game: str, config: Any = None) -> tuple[dict[str, Action], str]:
    """The keys and help line of ``game``'s simulated table; with ``config`` (a
    :class:`~pitchside.app.config.TableConfig`) that has a coin acceptor, also
    :data:`COIN_KEY`: a coin of the cheapest value in ``[pricing]`` (one pulse without a
    price list), as a pulse train with timing spread and ringing
    (:meth:`pitchside_sim.table.SimTable.coin`).

    :raises PitchsideError: no keyboard map for that game yet.
    """
    module = KEYMAPS.get(game)
    if module is None:
        raise PitchsideError(f"the simulated {game} table has no keyboard map yet (use --script)")
    keys: dict[str, Action] = dict(module.KEYS)
    help_line = str(module.HELP)
    if config is not None and config.coin is not None:
        coins = config.pricing.coins if config.pricing is not None else ()
        pulses = min(coins, key=lambda c: (c[1], c[0]))[0] if coins else 1
        keys[COIN_KEY] = Action("coin", "", float(pulses))
        help_line = help_line.replace(" q quit", f" {COIN_KEY} coin q quit") if " q quit" in help_line else help_line + f" {COIN_KEY} coin"
    return keys, help_line
