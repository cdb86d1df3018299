"""Keyboard maps of the simulated tables: one module per game, ``KEYS`` (a character
-> a scenario :class:`~pitchside_sim.scenario.Action`) and ``HELP`` (key, label pairs), and one
line per game in :data:`KEYMAPS`."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from pitchside.core.errors import PitchsideError
from pitchside.core.pricing import money
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

COIN_KEYS = "$%^&*()"
"""The coin keys, cheapest coin first (``$``, then the shifted digit keys to its right):
one per coin of ``[pricing] coins``, the first seven by value."""


def keymap_for(game: str, config: Any = None) -> tuple[dict[str, Action], KeyHelp]:
    """The keys and key help (key, label pairs) of ``game``'s simulated table; with ``config`` (a
    :class:`~pitchside.app.config.TableConfig`) that has a coin acceptor, also a key per
    coin of ``[pricing]`` (:data:`COIN_KEYS`, ``$`` the cheapest; one pulse without a
    price list), each a pulse train with timing spread and ringing
    (:meth:`pitchside_sim.table.SimTable.coin`).

    :raises PitchsideError: no keyboard map for that game yet.
    """
    module = KEYMAPS.get(game)
    if module is None:
        raise PitchsideError(f"the simulated {game} table has no keyboard map yet (use --script)")
    keys: dict[str, Action] = dict(module.KEYS)
    pairs: KeyHelp = tuple(module.HELP)
    if config is not None and config.coin is not None:
        p = config.pricing
        coins = sorted(p.coins, key=lambda c: (c[1], c[0])) if p is not None else [(1, 0)]
        coin_pairs = []
        for key, (pulses, value) in zip(COIN_KEYS, coins):
            keys[key] = Action("coin", "", float(pulses))
            coin_pairs.append((key, "coin" if p is None else f"{money(p, value)} coin"))
        quit_at = [key for key, _ in pairs].index("q") if ("q", "quit") in pairs else len(pairs)
        pairs = (*pairs[:quit_at], *coin_pairs, *pairs[quit_at:])
    return keys, pairs
