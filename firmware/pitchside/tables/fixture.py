"""The league's next fixture at the table (pure; docs/spec/mqtt.md
``cmd/fixture``).

The club link's thread turns the league's ``cmd/fixture`` message into a
:class:`~pitchside.tables.effects.FixtureOffered` event on the table's queue. The kiosk
keeps the latest (:attr:`pitchside.tables.kiosk.KioskState.offer`) in any mode; while no
match is under way, the attract screen shows it ("Next: Ann v Bob" / "press any
button"), and a press there is the players' confirmation: the menu opens with the
fixture's game chosen and its names on the sides, so SHOT DONE starts that match (with
pricing, paid as any match). A fixture of a game this table does not offer is not shown.
The result goes back tagged by the link, not here (:mod:`pitchside.club.link`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.tables.effects import FixtureOffered
from pitchside.tables.registry import GameApp


def offered(ks: Any, event: FixtureOffered) -> Any:
    """The kiosk state ``ks`` holding ``event`` (None for a withdrawn offer)."""
    return copy_with(ks, offer=None if event.fixture is None else event)


def _app(ks: Any, game: str) -> GameApp | None:
    return next((a for a in (ks.settings.app, *ks.settings.games) if a.name == game), None)


def shown(ks: Any) -> FixtureOffered | None:
    """The offer held, if this table plays its game; else None."""
    offer: FixtureOffered | None = ks.offer
    return offer if offer is not None and _app(ks, offer.game) is not None else None


def lines(offer: FixtureOffered) -> tuple[str, str]:
    """The attract screen's lines for ``offer``: ``("Next: Ann v Bob", "press any button")``."""
    return (f"Next: {offer.names[0]} v {offer.names[1]}", "press any button")


def take(ks: Any, offer: FixtureOffered, new_table: Callable[..., Any]) -> Any:
    """The players confirmed ``offer`` (a press on the attract screen): the menu, on its
    first row, with the fixture's game (its options as last set, else configured, else
    its defaults) and the fixture's names. ``new_table(ks, options, app, names)``: the
    kiosk's table maker."""
    app = _app(ks, offer.game)
    assert app is not None  # shown() said so
    if app.name == ks.settings.app.name:
        opts = ks.table.match.options
    else:
        opts = dict(ks.chosen).get(app.name) or dict(ks.settings.game_options).get(app.name) or app.parse_options({})
    ks = copy_with(ks, settings=copy_with(ks.settings, app=app))
    return copy_with(ks, table=new_table(ks, opts, app, offer.names), mode="menu", cursor=0)
