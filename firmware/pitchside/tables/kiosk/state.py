"""The kiosk's state (pure): its settings, the whole table's state with each input's
service record, the effects it asks of the shell, and the helpers every part of the
flow shares (a new table of the game chosen, the timers a mode asks for)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from pitchside.core.pricing import Credit, Pricing
from pitchside.tables import credits
from pitchside.tables import effects as table
from pitchside.tables import moments
from pitchside.tables.registry import GameApp, app_for, is_finished
from pitchside.signals.health import SensorHealth
from pitchside.signals.events import TableEvent

if TYPE_CHECKING:  # annotations only: loaded where they are used, and a table without a
    # tournament never loads it (start-up)
    from pitchside.core.tournament import TournamentInfo
    from pitchside.tables import names as naming
    from pitchside.tables.coin_gate import Gate, GateEffect


Mode = Literal["attract", "menu", "names", "resume", "playing", "service", "abandon", "end"]


SHIFTS: tuple[tuple[int, int], ...] = ((0, 0), (2, 1), (-2, 2), (1, -2), (-1, -1), (3, 0), (0, 2), (-3, 1))
"""The attract screen's pixel offsets, one per ``shift_every_s`` (px)."""


@dataclass(frozen=True, slots=True)
class KioskSettings:
    """Times in seconds, contrast 0-255 (luma's ``contrast()``). ``app`` is the game's
    table (default Pichenotte's): on a table of several ``games``, the one chosen (the
    menu's first row switches it)."""

    app: GameApp = field(default_factory=lambda: _default_app())
    games: tuple[GameApp, ...] = ()
    """Every game of a table that offers several (``app`` among them), else ``()``."""
    game_options: tuple[tuple[str, Any], ...] = ()
    """``(game, options)`` from the config: what a game starts with when first chosen."""

    dim_after_s: float = 120.0
    suspend_after_s: float = 900.0
    result_timeout_s: float = 120.0
    shift_every_s: float = 30.0
    stuck_after_s: float = 20.0
    contrast: int = 255
    dim_contrast: int = 16
    moment_s: float = moments.DEFAULT_S
    """How long a moment is shown (s); 0: none (:mod:`pitchside.tables.moments`)."""
    start_in_service: bool = False
    attract: bool = True
    """False: no attract screen or menu; the match is always on (a club table with
    fixed options); a finished match becomes a new one after ``result_timeout_s``."""
    status_lines: tuple[str, ...] = ()
    """Config summary and devices for the service status page."""
    pricing: Pricing | None = None
    """Pay to play: None, no coins needed (free play without a coin slot)."""
    tournament_file: str | None = None
    """The tournament file of the config (``[tournament] file``), a path as data: the
    shell reads it (:mod:`pitchside.app.tournament_file`), never the kiosk."""
    tournament: TournamentInfo | None = None
    """The shell's last read of it (at power-on, then at each new match): handed to
    every table of a game that shows a tournament (``GameTable.tournament``)."""
    url: str | None = None
    """The table's web address (``[web] url``), or None: with one, the attract screen
    shows it as a QR code in turn with its other pages, and the menu's last row
    (``Phone``) shows it (the QR code)."""
    sides: tuple[str, str] | None = None
    """The sides' names when nobody enters one (the config's ``[table] sides``); None:
    the names of the table at power-on."""


StartTimer = table.StartTimer


@dataclass(frozen=True, slots=True)
class SetContrast:
    """Effect: set the panel's contrast (0-255)."""

    level: int


@dataclass(frozen=True, slots=True)
class Log:
    """Effect: a line for the log (a stuck button, a noisy sensor)."""

    text: str


if TYPE_CHECKING:  # with the coin gate's effects, whose module a table without pricing never loads (start-up)
    Effect: TypeAlias = (table.TableEffect | SetContrast | Log | credits.Ledger | credits.SpendNext | table.ReadSensorHealth
              | credits.ReadAudits | credits.ResetAudits | GateEffect)  # fmt: skip
else:
    Effect: TypeAlias = (table.TableEffect | SetContrast | Log | credits.Ledger | credits.SpendNext | table.ReadSensorHealth
              | credits.ReadAudits | credits.ResetAudits)  # fmt: skip


Timed = TableEvent | table.CoinTossed | table.DiceRolled
"""The events the kiosk's modes handle, each timed (``at``, s): every event but the
shell's :class:`~pitchside.tables.effects.TournamentLoaded`, handed to the game."""


def _default_app() -> GameApp:
    return app_for("pichenotte")


def _shown(settings: KioskSettings, app: GameApp, ts: Any) -> Any:
    """``ts`` with the shell's read of the tournament handed in (as the
    :class:`~pitchside.tables.effects.TournamentLoaded` event the game handles), for a
    game that shows one; any other table unchanged."""
    if not app.tournament or settings.tournament is None:
        return ts
    shown, _ = app.handle(ts, table.TournamentLoaded(settings.tournament))
    return shown


def _new_table(ks: KioskState, options: Any, app: GameApp | None = None,
               names: tuple[str, str] | None = None) -> Any:
    """A new table of ``app`` (default: the game chosen) with ``options``, the players'
    ``names`` (default: those of the table held), and the tournament shown."""
    app = ks.settings.app if app is None else app
    return _shown(ks.settings, app, app.new_table(options, ks.table.names if names is None else names))


@dataclass(frozen=True, slots=True)
class InputStat:
    """Service-mode record of one input: pressed/blocked now, edges seen, flags."""

    on: bool = False
    edges: int = 0
    stuck: bool = False
    noisy: bool = False
    pressed_at: float = 0.0


@dataclass(frozen=True, slots=True)
class KioskState:
    """The whole table: its mode, the game, menu choices, service counters, panel care."""

    settings: KioskSettings
    table: Any
    mode: Mode = "attract"
    back_to: Mode = "attract"
    cursor: int = 0
    last_input_at: float = 0.0
    dimmed: bool = False
    shift: int = 0
    pressed: frozenset[str] = frozenset()
    stats: tuple[tuple[str, InputStat], ...] = ()
    service_page: int = 0
    pattern: int = 0
    inputs: tuple[str, ...] = field(default=())
    chosen: tuple[tuple[str, Any], ...] = ()
    """``(game, options)`` last set in the menu for each game (several games)."""
    credit: Credit = Credit()
    """The credit as the journal has it (:mod:`pitchside.tables.credits`)."""
    reserved: int = 0
    """Price paid for the match started from the menu, spent with its first line."""
    bought: bool = False
    """The match started from the menu was bought (pricing on): its first line journals
    its price, 0 for a free game, so the audits and the lifetime meters count it."""
    short: bool = False
    """The menu was asked to start with too little credit: it says INSERT COIN."""
    health: tuple[SensorHealth, ...] = ()
    """The sensors' health record, as last read from the journal (service mode)."""
    entry: naming.NameEntry | None = None
    """The names entry under way (mode ``"names"``)."""
    home_names: tuple[str, str] = ("A", "B")
    """The sides' names for new players: what a match after the attract screen starts
    with (``settings.sides``, else the power-on table's)."""
    audits: credits.AuditsRead = credits.AuditsRead()
    """The audits, as last read from the journal (service mode, with pricing)."""
    confirm_reset: bool = False
    """The audits page asks staff to confirm a reset (DONE: reset, any other: no)."""
    moment: moments.Showing | None = None
    """The moments on the display while playing (none after a power cut: a view, never
    journaled)."""
    clock: credits.ClockRead | None = None
    """The local time as the shell last read it (the prices' hours), or None: not read."""
    offer: table.FixtureOffered | None = None
    """The league's next fixture for this table (:mod:`pitchside.tables.fixture`), or None."""
    gate: Gate | None = None
    """The coin gate (:mod:`pitchside.tables.coin_gate`) of a table with pricing, else None."""
    dismissing: frozenset[str] = frozenset()
    """Buttons whose press dismissed a refusal and that are still down: their hold and
    release are part of that press, so they go nowhere either (a press dismisses a refusal)."""

    def stat(self, name: str) -> InputStat:
        """The service record of input ``name`` (a fresh one if it has none yet)."""
        for n, st in self.stats:
            if n == name:
                return st
        return _NO_STAT


_NO_STAT = InputStat()
"""The record of an input with no events yet (frozen: one value serves every lookup)."""


def _deadlines(ks: KioskState, now: float) -> tuple[StartTimer, ...]:
    s = ks.settings
    out = [StartTimer("dim", now + s.dim_after_s)]
    if ks.mode == "playing":
        if is_finished(ks.table):
            out.append(StartTimer("result", now + s.result_timeout_s))
        else:
            out.append(StartTimer("suspend", now + s.suspend_after_s))
    elif ks.mode in ("menu", "names", "resume", "abandon", "service", "end"):
        out.append(StartTimer("idle", now + s.suspend_after_s))
    if ks.mode == "attract":
        out.append(StartTimer("shift", now + s.shift_every_s))
    return tuple(out)
