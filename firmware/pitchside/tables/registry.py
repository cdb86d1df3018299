"""The games a table can run: each game's table app, behind one protocol.

The kiosk flow, the runtime, the recorder and the config are the same for every game;
what differs (its panel, how inputs become rules inputs, its screens, its menu) lives in
the game's table module, ``pitchside.tables.<game>``, which exports ``APP``. A game
whose table module is not there yet is one this version can referee only by replay.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from typing import Any, Protocol

from pitchside.tables.effects import Event, TableEffect
from pitchside.core.errors import PitchsideError
from pitchside.core.record.codec import GameCodec
from pitchside.core.record.games import GAMES
from pitchside.core.match import Match


class TableLike(Protocol):
    """A game's table state: a frozen dataclass with at least these fields."""

    match: Match
    names: tuple[str, str]
    prompt: Any


class GameApp(Protocol):
    """A game's table: its panel, controller, screens and menu."""

    # read-only (properties), so an app's class attributes of narrower types conform

    @property
    def name(self) -> str:
        """The game's replay name (``"pichenotte"``)."""
        ...

    @property
    def title(self) -> str:
        """What the attract screen calls it (``"PICHENOTTE"``)."""
        ...

    @property
    def buttons(self) -> tuple[str, ...]:
        """The panel's buttons, by pin-map name (the config must give each a pin)."""
        ...

    @property
    def beams(self) -> tuple[str, ...]:
        """The break-beam sensors, by pin-map name."""
        ...

    @property
    def serial_devices(self) -> tuple[str, ...]:
        """Line-speaking serial devices it can use (``"die"``, ``"moves"``), each optional:
        without a ``[serial.NAME]`` config the table falls back to its buttons."""
        ...

    @property
    def codec(self) -> GameCodec:
        """The game's replay codec (and through it, its rules)."""
        ...

    def parse_options(self, raw: Mapping[str, Any]) -> Any:
        """The game's options from its config table.

        :raises MalformedInput: an unknown option or a bad value (named).
        """
        ...

    def new_table(self, options: Any, names: tuple[str, str]) -> TableLike:
        """A table with a new match, before its first input."""
        ...

    def resumed(self, match: Match, names: tuple[str, str], last_was_undo: bool) -> TableLike:
        """The table rebuilt from a journal, showing what it showed before."""
        ...

    def handle(self, ts: Any, event: Event) -> tuple[Any, tuple[TableEffect, ...]]:
        """One event through the game's pure controller."""
        ...

    def view(self, ts: Any) -> Any:
        """What the display shows: a frozen view with a ``prompt`` field."""
        ...

    def menu(self, options: Any) -> tuple[tuple[str, str], ...]:
        """The menu's rows for these options: (label, value), at most three."""
        ...

    def menu_change(self, options: Any, row: int, step: int) -> Any:
        """The options with menu row ``row`` changed by ``step`` (+1 or -1)."""
        ...

    def summary(self, ts: Any) -> str:
        """One line on a match on hold, e.g. ``"Round 2, 1-0"``."""
        ...


class ModuleTable:
    """A :class:`GameApp` whose controller and screens are the module-level functions
    of the game's table module (``new_table``, ``resumed``, ``handle``, ``view``). A
    game's ``APP`` subclasses it, names the game and its panel, and adds its menu and
    summary; the functions stay plain module functions for the tests. Its views are
    drawn by :func:`pitchside.render.screen.render`, where the game's render module
    registers them (a ``screen`` attribute left on an ``APP`` is no longer used)."""

    name: str
    title: str
    buttons: tuple[str, ...]
    beams: tuple[str, ...] = ()
    serial_devices: tuple[str, ...] = ()
    codec: GameCodec

    def __init__(self) -> None:
        self._module = sys.modules[type(self).__module__]

    def parse_options(self, raw: Mapping[str, Any]) -> Any:
        return self.codec.parse_options(raw)

    def new_table(self, options: Any, names: tuple[str, str]) -> Any:
        return self._module.new_table(options, names)

    def resumed(self, match: Match, names: tuple[str, str], last_was_undo: bool) -> Any:
        return self._module.resumed(match, names, last_was_undo)

    def handle(self, ts: Any, event: Event) -> tuple[Any, tuple[TableEffect, ...]]:
        result: tuple[Any, tuple[TableEffect, ...]] = self._module.handle(ts, event)
        return result

    def view(self, ts: Any) -> Any:
        return self._module.view(ts)


_APPS: dict[str, str] = {game: f"pitchside.tables.{game}:APP" for game in GAMES}


def app_for(game: str) -> GameApp:
    """The table app of ``game``.

    :raises PitchsideError: not a game, or one without a table app yet (the message
        says which).
    """
    if game not in _APPS:
        raise PitchsideError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    module_name, _, attr = _APPS[game].partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            raise PitchsideError(f"game {game!r} has no table in this version (its replay works)") from None
        raise
    app: GameApp = getattr(module, attr)
    return app


def table_games() -> tuple[str, ...]:
    """The games this version can run a table for."""
    out = []
    for game in GAMES:
        try:
            app_for(game)
        except PitchsideError:
            continue
        out.append(game)
    return tuple(out)


def match_in_progress(ts: TableLike) -> bool:
    """A match with inputs that has not finished (the game's typed face,
    :meth:`pitchside.core.match.Match.status`)."""
    return ts.match.can_undo() and ts.match.status() != "finished"


def is_finished(ts: TableLike) -> bool:
    """The table's match is over (:meth:`pitchside.core.match.Match.status`)."""
    return ts.match.status() == "finished"
