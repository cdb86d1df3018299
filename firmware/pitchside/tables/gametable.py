"""One explicit record per game: what the kiosk, the shell and the simulator need of a
game's table (:class:`GameTable`), and the fields every table state has
(:class:`TableLike`).

A game's table module (``pitchside.tables.<game>``) writes its controller as plain
functions and gathers them, with its panel and codec, in one ``APP = GameTable(...)``;
:mod:`pitchside.tables.registry` lists the five records. Optional abilities are fields
with defaults (``starts_on``, ``attract_views``, ``tournament``), never attributes looked
up by name, so a game that lacks one needs no code for it (``moments``: which notices
make a full-screen moment, :mod:`pitchside.tables.moments`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from pitchside.signals.health import SensorTally
from pitchside.core.match import AnyMatch, Match
from pitchside.core.record.codec import GameCodec, InputT, OptionsT, StateT
from pitchside.core.sides import Side
from pitchside.render.view import Prompt
from pitchside.tables.effects import Event, TableEffect
from pitchside.tables.moments import MomentOf, no_moments


class TableLike(Protocol):
    """A game's table state: a frozen dataclass with at least these fields."""

    @property
    def match(self) -> AnyMatch: ...

    @property
    def names(self) -> tuple[str, str]: ...

    @property
    def prompt(self) -> Prompt | None: ...


T = TypeVar("T")
"""A game's table state type (its ``TableState``)."""

InputKind = Literal["buttons", "beams", "serial_devices"]


@dataclass(frozen=True, slots=True)
class Panel:
    """What a game's table is wired with, by pin-map name: ``buttons``, break-beam
    ``beams`` and line-speaking ``serial_devices`` (``"die"``, ``"moves"``; each optional:
    without a ``[serial.NAME]`` config the table falls back to its buttons)."""

    buttons: tuple[str, ...]
    beams: tuple[str, ...] = ()
    serial_devices: tuple[str, ...] = ()

    def of(self, kind: InputKind) -> tuple[str, ...]:
        """The panel's inputs of ``kind``."""
        match kind:
            case "buttons":
                return self.buttons
            case "beams":
                return self.beams
            case "serial_devices":
                return self.serial_devices

    def has(self, name: str) -> bool:
        """Whether ``name`` is one of this panel's buttons, beams or serial devices."""
        return name in self.buttons or name in self.beams or name in self.serial_devices


def never_starts(event: Event) -> bool:
    """The default ``starts_on``: no serial line starts a game from attract or the menu."""
    return False


def no_corrections(inp: object) -> Mapping[str, SensorTally]:
    """The default ``corrections``: a committed input corrects no sensor's counts."""
    return {}


def no_drafts(ts: T, drafts: Mapping[Side, object]) -> T:
    """The default ``with_drafts``: the game has no drafts; the table as it is."""
    return ts


def one_each(options: object) -> int:
    """The default ``players_per_side``: one player (or one team's name) a side."""
    return 1


def no_pages(ts: object) -> tuple[object, ...]:
    """The default ``attract_views``: the attract screen has no pages of the game's."""
    return ()


@dataclass(frozen=True, slots=True)
class GameTable(Generic[T, OptionsT, StateT, InputT]):
    """A game's table: its panel, codec, controller, screens' views and menu; generic
    over its table state ``T`` and its game's options, state and input types.

    :param name: the game's replay name (``"pichenotte"``).
    :param title: what the attract screen calls it (``"PICHENOTTE"``).
    :param panel: its buttons, beams and serial devices.
    :param codec: its replay codec (and through it, its rules and words).
    :param new_table: ``(options, names) -> table``: a new match before its first input.
    :param resumed: ``(match, names, last_was_undo) -> table``: the table rebuilt from a
        journal, showing what it showed after the last journaled input.
    :param handle: ``(table, event) -> (table, effects)``: one event through the pure
        controller.
    :param view: ``table -> view``: what the display shows (a view that
        :func:`pitchside.render.screen.render` draws).
    :param menu: ``options -> rows``: the menu's ``(label, value)`` rows (the menu
        shows three at a time and scrolls with its cursor).
    :param menu_change: ``(options, row, step) -> options``: row ``row`` changed by
        ``step`` (+1 or -1).
    :param summary: ``table -> str``: one line on a match on hold (``"Round 2, 1-0"``).
    :param starts_on: ``event -> bool``: whether a serial line arriving on the attract
        screen or the menu starts a game (Master Move's HELLO or LINEUP); by default none.
    :param attract_views: ``table -> views``: extra attract pages shown in turn with
        the attract screen (Master Move's standings); by default none.
    :param corrections: ``input -> {sensor: SensorTally}``: what a committed input
        corrected of a sensor's counts (pucks entered by hand, counts taken back), for
        the sensor health record; by default nothing.
    :param players_per_side: ``options -> 1 | 2``: how many players name themselves
        per side in the menu's names entry (:mod:`pitchside.tables.names`; Pichenotte's
        doubles: 2); by default 1.
    :param tournament: the table shows a tournament file's standings (Master Move): the
        config may name one (``[tournament] file``), and the kiosk hands the shell's
        read of it to every table as a
        :class:`~pitchside.tables.effects.TournamentLoaded` event.
    :param with_drafts: ``(table, {side: draft}) -> table``: the table showing again
        the drafts it journaled (:class:`~pitchside.tables.effects.DraftChanged`), when
        it is rebuilt from a journal; by default the table as it is.
    :param moments: ``(notice, score, names) -> moment or None``: the full-screen
        moment a notice of an accepted input makes (a twenty, a round, a touchdown, a
        game or match won; :mod:`pitchside.tables.moments`); by default none.
    """

    name: str
    title: str
    panel: Panel
    codec: GameCodec[OptionsT, StateT, InputT]
    new_table: Callable[[OptionsT, tuple[str, str]], T]
    resumed: Callable[[Match[OptionsT, StateT, InputT], tuple[str, str], bool], T]
    handle: Callable[[T, Event], tuple[T, tuple[TableEffect, ...]]]
    view: Callable[[T], object]
    menu: Callable[[OptionsT], tuple[tuple[str, str], ...]]
    menu_change: Callable[[OptionsT, int, int], OptionsT]
    summary: Callable[[T], str]
    starts_on: Callable[[Event], bool] = never_starts
    attract_views: Callable[[T], tuple[object, ...]] = no_pages
    corrections: Callable[[InputT], Mapping[str, SensorTally]] = no_corrections
    players_per_side: Callable[[OptionsT], int] = one_each
    tournament: bool = False
    moments: MomentOf = no_moments
    with_drafts: Callable[[T, Mapping[Side, InputT]], T] = no_drafts

    @property
    def buttons(self) -> tuple[str, ...]:
        """The panel's buttons (``panel.buttons``)."""
        return self.panel.buttons

    @property
    def beams(self) -> tuple[str, ...]:
        """The panel's break-beams (``panel.beams``)."""
        return self.panel.beams

    @property
    def serial_devices(self) -> tuple[str, ...]:
        """The panel's serial devices (``panel.serial_devices``)."""
        return self.panel.serial_devices

    def parse_options(self, raw: Mapping[str, Any]) -> OptionsT:
        """The game's options from its config table (the codec's reading).

        :raises MalformedInput: an unknown option or a bad value (named).
        """
        return self.codec.parse_options(raw)
