"""Keyboard maps of the simulated tables: one module per game, ``KEYS`` (a character
-> a scenario :class:`~pitchside_sim.scenario.Action`) and ``HELP`` (key, label pairs), and one
line per game in :data:`KEYMAPS`."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from pitchside.core.errors import PitchsideError
from pitchside_sim.keys import boulomania, mastermove, pichenotte, pitchbowl, pitchnut
from pitchside_sim.scenario import Action
from pitchside_sim.textview import KeyHelp

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


def keymap_for(game: str, config: Any = None) -> tuple[dict[str, Action], KeyHelp]:
    """The keys and key help (key, label pairs) of ``game``'s simulated table; with ``config`` (a
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
    pairs: KeyHelp = tuple(module.HELP)
    if config is not None and config.coin is not None:
        coins = config.pricing.coins if config.pricing is not None else ()
        pulses = min(coins, key=lambda c: (c[1], c[0]))[0] if coins else 1
        keys[COIN_KEY] = Action("coin", "", float(pulses))
        quit_at = [key for key, _ in pairs].index("q") if ("q", "quit") in pairs else len(pairs)
        pairs = (*pairs[:quit_at], (COIN_KEY, "coin"), *pairs[quit_at:])
    return keys, pairs
