"""The kiosk flow around a game (pure): attract, menu, play, result, service mode.

Strangers walk up to an idle table showing the attract screen. Any button wakes it into
the menu, with the defaults ready: SHOT DONE starts the match (two presses from attract),
NEXT / + / - change the options first; + or - on the menu's last row, Names, opens the
players' names entry (initials, :mod:`pitchside.tables.names`); back on the attract
screen the next players start from the default names. The game then runs through its
own controller (:mod:`pitchside.tables.pichenotte`). After the result, the table goes
back to attract after ``result_timeout_s``; a match left idle for ``suspend_after_s`` is
suspended (it stays in the journal) and the next player is asked whether to resume it.

Players can end a match left half played: **hold NEW** during a
match asks END MATCH? (with the match's summary); SHOT DONE ends it (the journal keeps
it as abandoned) and opens the menu, any other press carries on. A short press of NEW
during a match only says so on the prompt line.

A refusal on the display is dismissed by the next press, and that press does nothing
else (:func:`_dismissed`): beams, sensors and serial lines are facts
and still reach the game.

Staff, not players: **hold NEW, then hold UNDO with it** (NEW first; while NEW is down
other presses go nowhere) toggles service mode: a live view of every input with edge
counters, display test patterns, the status page, and (on a table with sensors) the
sensors' health record from the journal (:func:`sensor_rows`; read afresh through a
:class:`~pitchside.tables.effects.ReadSensorHealth` effect on entering service mode and
on each NEXT). In service mode, hold NEW and confirm
with SHOT DONE to abandon the running match. A lone hold of NEW abandons nothing. On a
table with pricing the audits page shows the owner's audits since the last reset (read
afresh like the sensors' record, :class:`~pitchside.tables.credits.ReadAudits`); hold
MINUS there and confirm with SHOT DONE to reset them (any other press: no): the journal
keeps the reset itself, with its time, and the credit stays.

OLED care: the panel dims (``dim_contrast``) after ``dim_after_s`` without input and
comes back to full brightness on any input; the attract screen moves a few pixels every
``shift_every_s`` so no pixel is lit for ever.

Moments (:mod:`pitchside.tables.moments`): an accepted input whose notices make a
moment (a twenty, a round won, a touchdown, a game or match won: the game's
``GameTable.moments``) shows it full screen for ``moment_s``; a button press or a
beam broken during one ends it and then does what it always does. They are views, never journaled: a kiosk starts
with none, so a table back from a power cut shows its normal screen.

Time is an input: deadlines are :class:`StartTimer` effects that come back as
:class:`~pitchside.signals.events.TimerFired` events; a timer whose reason has gone (an
input came since) is ignored when it fires. No clock is read here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypedDict, assert_never

from pitchside import __version__
from pitchside.core.copying import replace  # dataclasses.replace without its per-call field walk
from pitchside.core.sides import Side, name_of
from pitchside.core import pricing
from pitchside.core.pricing import Credit, Pricing
from pitchside.tables import credits
from pitchside.tables import fixture
from pitchside.tables import effects as table
from pitchside.tables import moments
from pitchside.tables.registry import GameApp, app_for, is_finished, match_in_progress
from pitchside.render.kiosk import AttractView, ConfirmView, MenuView
from pitchside.render.view import Prompt
from pitchside.signals.health import SensorHealth
from pitchside.signals.events import (
    BeamBroken,
    ButtonHeld,
    ButtonPressed,
    ButtonReleased,
    CoinFault,
    CoinInserted,
    SensorNoisy,
    SerialLine,
    SerialStatus,
    TableEvent,
    TimerFired,
)

if TYPE_CHECKING:  # annotations only: loaded where they are used, and a table without a
    # tournament never loads it (start-up)
    from pitchside.core.tournament import TournamentInfo
    from pitchside.render.qr import QRView
    from pitchside.render.service import ServiceView
    from pitchside.render.side import SideView
    from pitchside.tables import names as naming

Mode = Literal["attract", "menu", "names", "resume", "playing", "service", "abandon", "end"]
SHIFTS: tuple[tuple[int, int], ...] = ((0, 0), (2, 1), (-2, 2), (1, -2), (-1, -1), (3, 0), (0, 2), (-3, 1))
"""The attract screen's pixel offsets, one per ``shift_every_s`` (px)."""
LABELS = {"no_contact": "no hit", "shot_done": "done", "ditch_a": "ditch A", "ditch_b": "ditch B", "twenty": "20 beam"}
"""Short names for the service page's narrow columns."""


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


Effect = (table.TableEffect | SetContrast | Log | credits.Ledger | credits.SpendNext | table.ReadSensorHealth
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
    offer: table.FixtureOffered | None = None
    """The league's next fixture for this table (:mod:`pitchside.tables.fixture`), or None."""
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


def _with_stat(stats: tuple[tuple[str, InputStat], ...], name: str,
               st: InputStat) -> tuple[tuple[str, InputStat], ...]:
    """``stats`` (sorted by name) with ``name``'s record set to ``st``, still sorted:
    the record replaced in place, or inserted before the first larger name."""
    for i, (n, _) in enumerate(stats):
        if n == name:
            return (*stats[:i], (name, st), *stats[i + 1 :])
        if n > name:
            return (*stats[:i], (name, st), *stats[i:])
    return (*stats, (name, st))


def _set_stat(ks: KioskState, name: str, st: InputStat) -> KioskState:
    return replace(ks, stats=_with_stat(ks.stats, name, st))


def start(
    settings: KioskSettings, ts: Any, inputs: tuple[str, ...], now: float, credit: Credit = Credit(),
    resumed: bool = False,
) -> tuple[KioskState, tuple[Effect, ...]]:
    """The kiosk at power-on. A match rebuilt from the journal goes straight back on
    the display (issue: never lose a match); otherwise the attract screen.

    :param resumed: ``ts`` was rebuilt from an unfinished journal match: it goes back on
        the display even when every input of it was undone (the live table showed the
        game then, not the attract screen; a resumed match).

    :param inputs: the names of the table's buttons and sensors (service page order).
    :param credit: the credit the journal holds (cents, :class:`~pitchside.core.pricing.Credit`).
    """
    game = ts.match.codec.name
    if game != settings.app.name and any(a.name == game for a in settings.games):  # resumed in its game
        settings = replace(settings, app=next(a for a in settings.games if a.name == game))
    ts = _shown(settings, settings.app, ts)  # a table rebuilt from the journal shows it too
    in_match = match_in_progress(ts) or (resumed and not is_finished(ts)) or not settings.attract
    home: Mode = "playing" if in_match else "attract"
    mode: Mode = "service" if settings.start_in_service else home
    ks = KioskState(settings, ts, mode=mode, back_to=home, last_input_at=now, inputs=inputs, credit=credit,
                    home_names=settings.sides or ts.names)
    read: tuple[Effect, ...] = _service_reads(ks) if mode == "service" else ()
    return ks, (SetContrast(settings.contrast), *_deadlines(ks, now), *read)


def _service_reads(ks: KioskState) -> tuple[Effect, ...]:
    """What the service pages read afresh from the journal: the sensors' health, and
    the audits on a table with pricing."""
    audits: tuple[Effect, ...] = (credits.ReadAudits(),) if ks.settings.pricing is not None else ()
    return (table.ReadSensorHealth(), *audits)


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


def handle(ks: KioskState, event: table.Event | credits.AuditsRead) -> tuple[KioskState, tuple[Effect, ...]]:
    """Apply one event: panel care, service counters, a moment's end, then the mode's
    own handling. A moment shows only while playing: leaving play drops it."""
    ks, effects = _handle(ks, event)
    if ks.moment is not None and ks.mode != "playing":
        ks = replace(ks, moment=None)
    return ks, effects


def _handle(ks: KioskState, event: table.Event | credits.AuditsRead) -> tuple[KioskState, tuple[Effect, ...]]:
    if isinstance(event, credits.AuditsRead):  # the journal's audits, for the service page
        logs: tuple[Effect, ...] = () if event.ok else (Log("audits not reset: the journal is not saving"),)
        return replace(ks, audits=event), logs
    if isinstance(event, TimerFired):
        return _timer(ks, event)
    if isinstance(event, (table.CoinTossed, table.DiceRolled)):
        return _playing(ks, event)
    if isinstance(event, table.TournamentLoaded):  # the shell's data for the game, in any mode
        ks = replace(ks, settings=replace(ks.settings, tournament=event.info))  # for the tables to come
        ts, game_effects = ks.settings.app.handle(ks.table, event)
        return replace(ks, table=ts), game_effects
    if isinstance(event, table.SensorHealthRead):  # the journal's record, for the service page
        return replace(ks, health=event.health), ()
    if isinstance(event, table.FixtureOffered):  # the league's next fixture for this table, in any mode
        return fixture.offered(ks, event), ()
    at = event.at
    effects: list[Effect] = []
    counted, logs = _count(ks, event)  # the changes, made below in one copy with the input's own
    effects += logs
    if isinstance(event, (CoinInserted, CoinFault)) or (isinstance(event, ButtonPressed) and event.name == FREE_KEY):
        ks, paid = _pay(replace(ks, **counted) if counted else ks, event)
        return ks, (*effects, *paid)
    is_input = isinstance(event, (ButtonPressed, ButtonHeld, BeamBroken, SerialLine))
    if is_input:
        if ks.dimmed:
            effects.append(SetContrast(ks.settings.contrast))
        counted |= {"last_input_at": at, "dimmed": False}
    if isinstance(event, (ButtonPressed, BeamBroken)) and ks.moment is not None:
        counted["moment"] = None  # play goes on: the moment ends, the input does what it does
    if is_input:
        effects += _deadlines(ks, at)  # the mode, the table, the settings: no counter is read
    pressed: frozenset[str] = counted.get("pressed", ks.pressed)  # the buttons down with this event
    if isinstance(event, ButtonHeld) and _staff_combo(pressed, event):
        return _toggle_service(_counted(ks, counted), at, effects)
    if isinstance(event, ButtonHeld) and event.name == "new" and "undo" in pressed:
        return _counted(ks, counted), tuple(effects)  # part of the staff gesture
    if isinstance(event, ButtonPressed) and "new" in pressed and event.name not in ("new", "undo"):
        return _counted(ks, counted), tuple(effects)  # a staff gesture under way: not for the game
    if isinstance(event, ButtonPressed) and event.name == "undo" and "new" in (pressed - {"undo"}):
        return _counted(ks, counted), tuple(effects)
    if ks.mode != "playing":  # while playing, made in the copy that takes the game's table (_playing)
        ks = _counted(ks, counted)
    match ks.mode:
        case "attract":
            ks, more = _attract(ks, event)
        case "menu":
            ks, more = _menu(ks, event)
        case "names":
            ks, more = _names(ks, event)
        case "resume":
            ks, more = _resume(ks, event)
        case "playing":
            ks, more = _playing(ks, event, counted)
        case "service":
            ks, more = _service(ks, event)
        case "abandon":
            ks, more = _abandon(ks, event)
        case "end":
            ks, more = _end(ks, event)
        case _:
            assert_never(ks.mode)
    return ks, (*effects, *more)


class _Changes(TypedDict, total=False):
    """The kiosk's own fields an event changes (:func:`_count`, then the input's time and
    the moment's end), made in the one copy of the state that takes the game's table too
    (:func:`_playing`): keys and types checked, not a ``dict[str, Any]``."""

    stats: tuple[tuple[str, InputStat], ...]
    pressed: frozenset[str]
    last_input_at: float
    dimmed: bool
    moment: moments.Showing | None


def _count(ks: KioskState, event: Timed) -> tuple[_Changes, tuple[Effect, ...]]:
    """Service counters and fault flags from every event: the kiosk's fields that
    change (``stats``, ``pressed``; ``{}`` for none) and the effects (a log line, the
    stuck timer of a press)."""
    logs: tuple[Effect, ...] = ()
    match event:
        case ButtonPressed(name=name, at=at):
            old = ks.stat(name)
            st = replace(old, on=True, edges=old.edges + 1, pressed_at=at)
            return ({"pressed": ks.pressed | {name}, "stats": _with_stat(ks.stats, name, st)},
                    (StartTimer(f"stuck:{name}", at + ks.settings.stuck_after_s),))
        case ButtonReleased(name=name):
            old = ks.stat(name)
            if old.stuck:
                logs = (Log(f"button {name} released after being stuck"),)
            st = replace(old, on=False, edges=old.edges + 1, stuck=False)
            return {"pressed": ks.pressed - {name}, "stats": _with_stat(ks.stats, name, st)}, logs
        case BeamBroken(name=name):
            old = ks.stat(name)
            st = replace(old, edges=old.edges + 2)
        case SensorNoisy(name=name, detail=detail):
            st = replace(ks.stat(name), noisy=True)
            logs = (Log(f"sensor {name}: {detail}"),)
        case SerialLine(name=name):
            st = replace(ks.stat(name), edges=ks.stat(name).edges + 1)  # lines received
        case SerialStatus(name=name, connected=connected):
            st = replace(ks.stat(name), on=connected, noisy=not connected)
        case ButtonHeld() | TimerFired():
            return {}, ()  # no count: a hold is counted by its press, a timer is no input
        case CoinInserted(name=name):
            st = replace(ks.stat(name), edges=ks.stat(name).edges + 1)  # coins
        case CoinFault(name=name, detail=detail):
            st = replace(ks.stat(name), noisy=True)
            logs = (Log(f"coin acceptor {name}: {detail}"),)
        case (table.CoinTossed() | table.DiceRolled() | table.TournamentLoaded() | table.SensorHealthRead()
              | table.FixtureOffered()):
            return {}, ()
        case _:
            assert_never(event)
    return {"stats": _with_stat(ks.stats, name, st)}, logs


def _counted(ks: KioskState, counted: _Changes) -> KioskState:
    """``ks`` with the kiosk's own changes from an event (:func:`_count`, the input's
    time), if any."""
    return replace(ks, **counted) if counted else ks


def _staff_combo(pressed: frozenset[str], event: ButtonHeld) -> bool:
    """UNDO held long while NEW is down (NEW pressed first); ``pressed``: the buttons down."""
    return event.name == "undo" and "new" in pressed


def _toggle_service(ks: KioskState, at: float, effects: list[Effect]) -> tuple[KioskState, tuple[Effect, ...]]:
    if ks.mode in ("service", "abandon"):
        back = ks.back_to if ks.back_to != "service" else "attract"
        ks = replace(ks, mode=back)
    else:
        # The staff gesture begins with a hold of NEW, which opens the players' END
        # MATCH? question on the way: service mode comes back to the match, not to it.
        back_to: Mode = "playing" if ks.mode == "end" else ks.mode
        ks = replace(ks, mode="service", back_to=back_to, service_page=0, confirm_reset=False)
        effects += _service_reads(ks)  # fresh for the sensors and audits pages
    return ks, (*effects, *_deadlines(ks, at))


def _timer(ks: KioskState, ev: TimerFired) -> tuple[KioskState, tuple[Effect, ...]]:
    s = ks.settings
    if ev.name == moments.TIMER:
        showing, timers = moments.timer(ks.moment, ev.at, s.moment_s)
        return replace(ks, moment=showing), timers
    if ev.name.startswith("game:"):  # the game's own timer (an animation, a settle time)
        return _playing(ks, ev) if ks.mode == "playing" else (ks, ())
    def quiet_for(after_s: float) -> bool:
        return _due(ev.at, ks.last_input_at, after_s)

    if ev.name == "dim" and quiet_for(s.dim_after_s) and not ks.dimmed:
        return replace(ks, dimmed=True), (SetContrast(s.dim_contrast),)
    if ev.name == "shift" and ks.mode == "attract":
        return replace(ks, shift=(ks.shift + 1) % len(SHIFTS)), (StartTimer("shift", ev.at + s.shift_every_s),)
    if ev.name == "result" and ks.mode == "playing" and is_finished(ks.table) and quiet_for(s.result_timeout_s):
        return _to_attract(ks, ev.at, new_match=True)
    if ev.name == "suspend" and ks.mode == "playing" and quiet_for(s.suspend_after_s):
        return _to_attract(ks, ev.at, new_match=False)
    waiting = ("menu", "names", "resume", "abandon", "service", "end")
    if ev.name == "idle" and ks.mode in waiting and quiet_for(s.suspend_after_s):
        return _to_attract(ks, ev.at, new_match=False)
    if ev.name.startswith("stuck:"):
        name = ev.name.removeprefix("stuck:")
        st = ks.stat(name)
        if st.on and _due(ev.at, st.pressed_at, s.stuck_after_s) and not st.stuck:
            return _set_stat(ks, name, replace(st, stuck=True)), (Log(f"button {name} stuck pressed"),)
    return ks, ()


def _due(at: float, since: float, after_s: float) -> bool:
    """Whether a timer firing at ``at`` (s) finds ``after_s`` passed ``since``: compared
    with the deadline ``since + after_s`` itself, computed as the timer's was, never as
    ``at - since >= after_s`` (``(t + 120.0) - t`` is just under 120 for t = 8.2, which
    dropped the timer for good). A timer asked for later than ``since``
    (its deadline is no earlier: float addition is monotonic) is honoured too."""
    return at >= since + after_s


def _to_attract(ks: KioskState, at: float, new_match: bool) -> tuple[KioskState, tuple[Effect, ...]]:
    """Back to the attract screen (with ``attract``; else the always-on match), a new
    match after a result. The next players are new: a table with no match under way
    gets the sides' default names back (:attr:`KioskState.home_names`)."""
    effects: tuple[Effect, ...] = ()
    ts = ks.table
    fresh_names = ks.home_names if ks.settings.attract else None
    if new_match:
        ts = _new_table(ks, ts.match.options, names=fresh_names)
        effects = (table.NewMatch(),)
    elif fresh_names is not None and not ts.match.can_undo() and ts.names != fresh_names:
        ts = _new_table(ks, ts.match.options, names=fresh_names)  # names entered, no match played
    home: Mode = "attract" if ks.settings.attract else "playing"
    ks = replace(ks, table=ts, mode=home, back_to=home, cursor=0, entry=None)
    return ks, (*effects, *_deadlines(ks, at))


def _starts_on(ks: KioskState, event: Timed) -> SerialLine | None:
    """A serial line the game starts on from attract or the menu (None: not one): the
    game's ``starts_on(event)`` says (Master Move: a move source's HELLO or LINEUP); by
    default no line starts a game and lines there are dropped."""
    return event if isinstance(event, SerialLine) and ks.settings.app.starts_on(event) else None


def _start_on(ks: KioskState, event: SerialLine) -> tuple[KioskState, tuple[Effect, ...]]:
    """Start playing on ``event``: the match on hold carries on, else a new one with the
    options shown (the defaults from attract); then the event is the game's."""
    effects: tuple[Effect, ...] = ()
    if match_in_progress(ks.table):
        ks = replace(ks, mode="playing", back_to="playing")
    else:
        ts = _new_table(ks, ks.table.match.options)
        ks, effects = replace(ks, mode="playing", back_to="playing", table=ts), (table.NewMatch(),)
    ks, more = _playing(ks, event)
    return ks, (*effects, *more, *_deadlines(ks, event.at))


# --- modes ---------------------------------------------------------------------------


def _attract(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    if (line := _starts_on(ks, event)) is not None:
        return _start_on(ks, line)
    if not isinstance(event, ButtonPressed):
        return ks, ()
    if not match_in_progress(ks.table) and (offer := fixture.shown(ks)) is not None:
        return fixture.take(ks, offer, _new_table), _deadlines(replace(ks, mode="menu"), event.at)
    mode: Mode = "resume" if match_in_progress(ks.table) else "menu"
    ks = replace(ks, mode=mode, cursor=0)
    return ks, _deadlines(ks, event.at)


def _menu(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    if (line := _starts_on(ks, event)) is not None:
        return _start_on(ks, line)
    if not isinstance(event, ButtonPressed):
        return ks, ()
    app = ks.settings.app
    opts = ks.table.match.options
    rows = len(_menu_rows(ks))
    first = 1 if len(ks.settings.games) > 1 else 0  # row 0: the game, on a table of several
    if event.name in ("next", "whose"):
        return replace(ks, cursor=(ks.cursor + 1) % rows), ()
    if event.name in ("plus", "minus") and _on_qr_row(ks):
        return ks, ()  # the QR row has nothing to change
    if event.name in ("plus", "minus") and ks.cursor == _names_row(ks):
        from pitchside.tables import names as naming  # at the first names entry (start-up)

        return replace(ks, mode="names", entry=naming.begin(app.players_per_side(opts), ks.home_names)), ()
    if event.name in ("plus", "minus") and ks.cursor < first:
        return _switch_game(ks, 1 if event.name == "plus" else -1), ()
    if event.name in ("plus", "minus"):
        new_opts = app.menu_change(opts, ks.cursor - first, 1 if event.name == "plus" else -1)
        return replace(ks, table=_new_table(ks, new_opts)), ()
    if event.name in ("shot_done", "coin"):
        paid = _reserve(ks)
        if paid is None:
            return replace(ks, short=True), ()
        ts = _new_table(ks, opts)
        ks = replace(paid, mode="playing", back_to="playing", table=ts, short=False)
        effects: tuple[Effect, ...] = (table.NewMatch(),)
        if event.name == "coin":  # straight to the toss: COIN starts and tosses
            ks2, more = _playing(ks, event)
            return ks2, (*effects, *more, *_deadlines(ks2, event.at))
        return ks, (*effects, *_deadlines(ks, event.at))
    return ks, ()


def _menu_rows(ks: KioskState) -> tuple[tuple[str, str], ...]:
    """The menu: the game's option rows, after a "Game" row on a table of several,
    then the "Names" row (``"ANN v BOB"``), and a last "Phone" row (the QR code of the
    table's address) when it has one."""
    rows = ks.settings.app.menu(ks.table.match.options)
    rows = (("Game", ks.settings.app.title), *rows) if len(ks.settings.games) > 1 else rows
    rows = (*rows, ("Names", f"{ks.table.names[0]} v {ks.table.names[1]}"))
    return (*rows, QR_ROW) if ks.settings.url else rows


QR_ROW = ("Phone", "QR code")
"""The menu's row that shows the table's address as a QR code (with a ``[web] url``)."""


def _on_qr_row(ks: KioskState) -> bool:
    return ks.settings.url is not None and ks.cursor == len(_menu_rows(ks)) - 1


def _names_row(ks: KioskState) -> int:
    """The index of the menu's "Names" row: the last, or the one before "Phone"."""
    return len(_menu_rows(ks)) - (2 if ks.settings.url else 1)


def _qr_view(ks: KioskState, hint: str = "") -> QRView | None:
    """The QR screen of the table's address, or None without one."""
    if not ks.settings.url:
        return None
    # only for a table with an address to show (start-up)
    from pitchside.render.qr import QRView

    return QRView(ks.settings.url, hint=hint)


def _names(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    """The names entry (:mod:`pitchside.tables.names`): each press a step; at its end
    the menu's table gets the names (the options as set), and the menu comes back on
    the Names row. A serial line that starts the game ends the entry with the names
    entered so far (the rest skipped) and starts, as from the menu."""
    from pitchside.tables import names as naming  # loaded by the entry's start (start-up)

    under_way = ks.entry
    assert under_way is not None
    if (line := _starts_on(ks, event)) is not None:
        names = naming.finish(under_way)
        ks = replace(ks, table=_new_table(ks, ks.table.match.options, names=names), mode="menu", entry=None)
        return _start_on(ks, line)
    if not isinstance(event, ButtonPressed):
        return ks, ()
    step = naming.press(under_way, event.name)
    if isinstance(step, naming.NameEntry):
        return replace(ks, entry=step), ()
    ks = replace(ks, mode="menu", entry=None, cursor=_names_row(ks))
    if isinstance(step, naming.Done):
        ks = replace(ks, table=_new_table(ks, ks.table.match.options, names=step.names))
    return ks, ()


def _switch_game(ks: KioskState, step: int) -> KioskState:
    """The next (``step`` +1) or previous game of the table, with the options last set
    for it (else its configured ones); the current game's options are kept for later."""
    apps, app = ks.settings.games, ks.settings.app
    i = next((j for j, a in enumerate(apps) if a.name == app.name), 0)
    new = apps[(i + step) % len(apps)]
    chosen = dict(ks.chosen) | {app.name: ks.table.match.options}
    opts = chosen[new.name] if new.name in chosen else dict(ks.settings.game_options).get(new.name)
    ts = _new_table(ks, new.parse_options({}) if opts is None else opts, new)
    return replace(ks, settings=replace(ks.settings, app=new), table=ts, chosen=tuple(chosen.items()))


def _own_input(app: GameApp, event: Timed) -> bool:
    """Whether ``event`` is for ``app``: on a panel shared by several games, a button,
    beam or serial device of another game is none of its business."""
    match event:
        case SerialLine(name=name) | SerialStatus(name=name):
            return name in app.serial_devices
        case ButtonPressed(name=name) | ButtonReleased(name=name) | ButtonHeld(name=name):
            return name in app.buttons or name in app.beams
        case BeamBroken(name=name) | SensorNoisy(name=name):
            return name in app.buttons or name in app.beams
        case (TimerFired() | table.CoinTossed() | table.DiceRolled() | table.TournamentLoaded() | table.SensorHealthRead()
              | table.FixtureOffered()):
            return True
        case CoinInserted() | CoinFault():
            return False  # the table's, never a game's
        case _:
            assert_never(event)


def _resume(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    if (line := _starts_on(ks, event)) is not None:
        return _start_on(ks, line)
    if not isinstance(event, ButtonPressed):
        return ks, ()
    if event.name == "shot_done":
        ks = replace(ks, mode="playing", back_to="playing")
        return ks, _deadlines(ks, event.at)
    if event.name == "next":
        ks = replace(ks, mode="menu", cursor=0)
        return ks, ()
    return ks, ()


def refusal_shown(ts: Any) -> bool:
    """Whether the table shows a refusal now (a prompt of kind ``"refusal"``)."""
    prompt: Prompt | None = ts.prompt
    return prompt is not None and prompt.kind == "refusal"


def _dismissed(ks: KioskState, event: Timed) -> KioskState | None:
    """The kiosk after ``event`` if it only dismisses a refusal, else None: any
    press while a refusal is shown clears it and does nothing else (UNDO
    pressed to clear a refusal must not take back a shot), and that button's hold and
    release belong to the same press. A beam, a sensor or a serial line is never a
    dismissal: a puck falling is a fact, it goes to the game. A dismissal is not a
    rules input: nothing is journaled for it."""
    if isinstance(event, ButtonPressed) and refusal_shown(ks.table):
        return replace(ks, table=replace(ks.table, prompt=None), dismissing=ks.dismissing | {event.name})
    if isinstance(event, (ButtonHeld, ButtonReleased)) and event.name in ks.dismissing:
        return ks if isinstance(event, ButtonHeld) else replace(ks, dismissing=ks.dismissing - {event.name})
    return None


END_HINT = "Hold NEW to end the match"
"""The prompt when NEW is pressed during a match (a hold asks END MATCH?)."""


def _playing(ks: KioskState, event: Timed,
             counted: _Changes | None = None) -> tuple[KioskState, tuple[Effect, ...]]:
    """A timed event while playing. ``counted``: the kiosk's own changes from it not
    made yet (:func:`_count`, the input's time; none of them read here): made in the one
    copy that takes the game's table, so an input accepted in play copies the kiosk's
    state once (latency)."""
    aside = _playing_aside(ks, event)
    if aside is not None:  # nothing for the game: the changes of the event and of the kiosk, as they come
        return _counted(aside[0], counted or {}), aside[1]
    before = ks.table
    ts, game_effects = ks.settings.app.handle(ks.table, event)
    effects: tuple[Effect, ...] = game_effects
    if ts.match is not before.match:  # an input accepted or undone: its moments, if any, replace what shows
        found = moments.arising(before.match, ts.match, ts.names, ks.settings.app.moments)
        showing, timers = moments.begin(found, event.at, ks.settings.moment_s)
        ks, effects = replace(ks, **{**(counted or {}), "table": ts, "moment": showing}), (*effects, *timers)
    elif ts is not before or counted:  # the same table back and nothing counted: nothing to copy
        ks = replace(ks, **{**(counted or {}), "table": ts})
    if ks.reserved and any(isinstance(e, table.Accepted) for e in effects):
        ks, effects = _pay_first_line(ks, effects)
    if is_finished(ts) and any(isinstance(e, table.Accepted) for e in effects):
        effects = (*effects, StartTimer("result", event.at + ks.settings.result_timeout_s))
    return ks, effects


def _playing_aside(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]] | None:
    """What a timed event does while playing when it is not the game's (a dismissal, NEW
    pressed or held, another game's input on a table of several), else None. Reads and
    sets no service counter, the input's time or the moment (:func:`_playing`)."""
    if (quiet := _dismissed(ks, event)) is not None:
        return quiet, ()
    if isinstance(event, (ButtonHeld,)) and event.name == "new":
        if match_in_progress(ks.table):
            ks = replace(ks, mode="end")
            return ks, _deadlines(ks, event.at)
        return ks, ()
    if isinstance(event, ButtonPressed) and event.name == "new":
        if is_finished(ks.table) or not match_in_progress(ks.table):
            if not ks.settings.attract:
                return replace(ks, table=_new_table(ks, ks.table.match.options)), (table.NewMatch(),)
            ks = replace(ks, mode="menu", cursor=0)
            return ks, _deadlines(ks, event.at)
        return replace(ks, table=replace(ks.table, prompt=Prompt(END_HINT, "info"))), ()
    if len(ks.settings.games) > 1 and not _own_input(ks.settings.app, event):
        return ks, ()
    return None


def _service(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    if ks.confirm_reset:  # the audits page asked: DONE resets, any other press does not
        if not isinstance(event, ButtonPressed):
            return ks, ()
        ks = replace(ks, confirm_reset=False)
        if event.name == "shot_done":
            return ks, (credits.ResetAudits(), Log("audits reset by staff"))
        return ks, ()
    if isinstance(event, ButtonHeld) and event.name == "minus" and _service_page_kind(ks) == "audits":
        return replace(ks, confirm_reset=True), ()  # staff: reset the audits, once confirmed
    if isinstance(event, ButtonPressed) and event.name == "next":
        return replace(ks, service_page=(ks.service_page + 1) % _service_pages(ks)), _service_reads(ks)
    if isinstance(event, ButtonPressed) and event.name == "plus":
        return replace(ks, pattern=(ks.pattern + 1) % 4), ()
    if isinstance(event, ButtonHeld) and event.name == "new" and match_in_progress(ks.table):
        return replace(ks, mode="abandon"), ()
    if isinstance(event, ButtonHeld) and event.name == "plus" and ks.settings.pricing is not None:
        return _grant(ks)  # staff: a free game's credit
    return ks, ()


def _abandon(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    if not isinstance(event, ButtonPressed):
        return ks, ()
    if event.name == "shot_done":
        ts = _new_table(ks, ks.table.match.options)
        home: Mode = "menu" if ks.settings.attract else "playing"
        ks = replace(ks, table=ts, mode=home, back_to="attract" if ks.settings.attract else "playing", cursor=0)
        return ks, (table.NewMatch(), Log("match abandoned by staff"), *_deadlines(ks, event.at))
    return replace(ks, mode="service"), ()


def _end(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    """The players' END MATCH? question (hold NEW during a match): DONE ends the match
    (it stays in the journal as abandoned, the next players get the menu), any other
    press goes back to it unchanged. Beams and lines wait: nothing reaches the game
    while the question is up."""
    if not isinstance(event, ButtonPressed):
        return ks, ()
    if event.name != "shot_done":
        return replace(ks, mode="playing"), _deadlines(replace(ks, mode="playing"), event.at)
    ts = _new_table(ks, ks.table.match.options)
    home: Mode = "menu" if ks.settings.attract else "playing"
    ks = replace(ks, table=ts, mode=home, back_to="attract" if ks.settings.attract else "playing", cursor=0)
    return ks, (table.NewMatch(), Log("match ended by the players"), *_deadlines(ks, event.at))


def _service_pages(ks: KioskState) -> int:
    per_page = 8
    inputs = (len(ks.inputs) + per_page - 1) // per_page
    sensors = (len(_sensor_names(ks)) + SENSORS_PER_PAGE - 1) // SENSORS_PER_PAGE
    audits = 1 if ks.settings.pricing is not None else 0
    return inputs + 2 + audits + sensors  # inputs pages, pattern, status, audits, sensors pages


def _service_page_kind(ks: KioskState) -> str:
    """The kind of the service page shown: inputs, pattern, status, audits, sensors."""
    page = ks.service_page % _service_pages(ks)
    inputs = (len(ks.inputs) + 7) // 8
    audits = 1 if ks.settings.pricing is not None else 0
    if page < inputs:
        return "inputs"
    kinds = ("pattern", "status") + (("audits",) if audits else ())
    return kinds[page - inputs] if page - inputs < len(kinds) else "sensors"


SENSORS_PER_PAGE = 4
"""Rows of a sensors page (the 128x64 layout's)."""


def _sensor_names(ks: KioskState) -> tuple[str, ...]:
    """The sensors the sensors page lists: the table's beams (of every game it offers),
    then any other sensor the journal has a record of."""
    apps = ks.settings.games or (ks.settings.app,)
    names = [n for app in apps for n in app.beams if n in ks.inputs or not ks.inputs]
    names += [h.name for h in ks.health]
    return tuple(dict.fromkeys(names))


# --- views ---------------------------------------------------------------------------


def view(ks: KioskState) -> object:
    """What the display shows now: a kiosk view, or the game's own (its ``view``, its
    attract pages), any view :func:`pitchside.render.screen.render` draws."""
    s = ks.settings
    app = s.app
    qr = _qr_view(ks) if ks.mode == "attract" else None
    if ks.mode == "attract" and not match_in_progress(ks.table) and (offer := fixture.shown(ks)) is not None:
        title = next((a.title for a in (app, *s.games) if a.name == offer.game), app.title)
        return AttractView(title, (*fixture.lines(offer), *_attract_lines(ks)[:1]), SHIFTS[ks.shift])
    if ks.mode == "attract" and len(s.games) > 1:  # the games' names in turn (the chosen one first)
        if qr is not None and ks.shift % 2:  # and the QR code of the address between them
            return qr
        i = next((j for j, a in enumerate(s.games) if a.name == app.name), 0) + (ks.shift // 2 if qr else ks.shift)
        return AttractView(s.games[i % len(s.games)].title, ("PRESS ANY BUTTON", "TO CHOOSE A GAME"), SHIFTS[ks.shift])
    if ks.mode == "attract":
        pages = (*app.attract_views(ks.table), *((qr,) if qr else ()))  # the game's own (standings), the QR code
        if pages and ks.shift % (len(pages) + 1):  # in turn with the attract screen, as it shifts
            return pages[ks.shift % (len(pages) + 1) - 1]
        return AttractView(app.title, _attract_lines(ks) or ("PRESS ANY BUTTON", "TO PLAY"), SHIFTS[ks.shift])
    if ks.mode == "menu" and _on_qr_row(ks):
        return _qr_view(ks, "DONE: play")
    if ks.mode == "menu":
        return MenuView(app.title, _menu_rows(ks), ks.cursor, _menu_hint(ks))
    if ks.mode == "names" and ks.entry is not None:
        from pitchside.tables import names as naming  # loaded by the entry's start (start-up)

        return naming.view(ks.entry)
    if ks.mode == "resume":
        return ConfirmView("MATCH ON HOLD", (app.summary(ks.table), "DONE: carry on", "NEXT: new match"))
    if ks.mode == "abandon":
        return ConfirmView("ABANDON MATCH?", ("DONE: yes, abandon", "any other: no"))
    if ks.mode == "service" and ks.confirm_reset:
        return ConfirmView("RESET AUDITS?", ("DONE: yes, reset", "the credit stays", "any other: no"))
    if ks.mode == "end":
        return ConfirmView("END MATCH?", (app.summary(ks.table), "DONE: yes, end it", "any other: no"))
    if ks.mode == "service":
        return _service_view(ks)
    if ks.moment is not None:
        return ks.moment.current.view()
    return app.view(ks.table)


def side_view(ks: KioskState, side: Side) -> SideView | AttractView:
    """What the side display of ``side`` (``"A"`` or ``"B"``) shows: that side's name,
    score and turn from the game's typed face (:meth:`~pitchside.core.match.Match.score`,
    ``turn``, ``outcome``) during a match; the attract screen (shifting like the main
    one) otherwise."""
    if ks.mode not in ("playing", "resume", "abandon", "end") and not match_in_progress(ks.table):
        return AttractView(ks.settings.app.title, (), SHIFTS[ks.shift])
    # only for a table with side displays, once a match is on (start-up)
    from pitchside.render.side import SideView

    match = ks.table.match
    outcome = match.outcome()
    name = name_of(ks.table.names, side)
    status = "WINS" if outcome is not None and outcome.winner == side else "ON HOLD" if ks.mode == "resume" else ""
    return SideView(name, match.score()[side], match.turn() == side, status)


def sensor_rows(ks: KioskState) -> tuple[tuple[str, str, str], ...]:
    """The sensors page: one row per sensor, ``(label, state, counts)``: the state is
    its first health flag or ``"ok"`` (:attr:`pitchside.signals.health.SensorHealth.flags`;
    ``"no record"`` before any match is kept), the counts are blocks in the latest
    match ``/`` blocks per finished match (``"3/4.5"``, ``"0/-"``)."""
    health = {h.name: h for h in ks.health}
    out = []
    for name in _sensor_names(ks):
        h = health.get(name)
        label = LABELS.get(name, name)
        if h is None:
            out.append((label, "no record", "-"))
            continue
        mean = h.blocks_per_match
        out.append((label, h.state(), f"{h.last.blocks}/{'-' if mean is None else f'{mean:.1f}'}"))
    return tuple(out)


def _service_view(ks: KioskState) -> ServiceView:
    from pitchside.render.service import ServiceView  # at the first service page (start-up)

    per_page = 8
    pages = _service_pages(ks)
    page = ks.service_page % pages
    footer = f"NEXT: page {page + 1}/{pages}"
    input_pages = (len(ks.inputs) + per_page - 1) // per_page
    if page < input_pages:
        rows = []
        for name in ks.inputs[page * per_page : (page + 1) * per_page]:
            st = ks.stat(name)
            state = "stuck" if st.stuck else "noisy" if st.noisy else "on" if st.on else "off"
            rows.append((LABELS.get(name, name), state, str(st.edges)))
        return ServiceView("inputs", tuple(rows), footer=footer)
    if page == input_pages:
        return ServiceView("pattern", pattern=ks.pattern, footer="+ : next pattern")
    kind = _service_page_kind(ks)
    if kind == "audits":
        return audits_view(ks, footer)
    if kind == "sensors":
        first = (page - input_pages - 2 - (ks.settings.pricing is not None)) * SENSORS_PER_PAGE
        return ServiceView("sensors", sensor_rows(ks)[first : first + SENSORS_PER_PAGE], footer=footer)
    rows2 = [(f"pitchside {__version__}",), *((line,) for line in ks.settings.status_lines)]
    if match_in_progress(ks.table):
        rows2.append(("match on: hold NEW to abandon",))
    return ServiceView("status", tuple(rows2), footer=footer)


# --- pay to play -------------------------------------------------------------


def audits_view(ks: KioskState, footer: str) -> ServiceView:
    """The service page's audits (with pricing): the lines ``pitchside audits`` prints
    as its summary (:func:`pitchside.core.audits.summary_lines`), as last read from the
    journal, and how to reset them (hold MINUS, then DONE to confirm)."""
    # only on the service page (start-up)
    from pitchside.core.audits import summary_lines
    from pitchside.render.service import ServiceView

    assert ks.settings.pricing is not None
    lines = summary_lines(ks.audits.days, ks.settings.pricing, ks.audits.since)
    return ServiceView("audits", tuple((line,) for line in lines), footer=f"{footer.replace('page ', '')}  hold -: reset")

FREE_KEY = "free_credit"
"""The staff key switch input that grants one game's credit."""


def _price(ks: KioskState) -> int:
    """What the menu's match costs now (cents)."""
    assert ks.settings.pricing is not None
    return pricing.price_of(ks.settings.pricing, ks.settings.app.name, credits.options_json(ks.table))


def shown_credit(ks: KioskState) -> int:
    """The credit on the display: the journal's, less the price of a started match
    whose first line is not on disk yet (cents)."""
    return ks.credit.balance - ks.reserved


def _reserve(ks: KioskState) -> KioskState | None:
    """The kiosk with the menu's match paid for (reserved), or None if the credit is
    too low; no pricing: as it is. A reservation already made counts toward the price
    (a match on hold keeps what was paid)."""
    if ks.settings.pricing is None:
        return ks
    price = _price(ks)
    need = max(0, price - ks.reserved)
    if need > shown_credit(ks):
        return None
    return replace(ks, reserved=max(price, ks.reserved))


def _pay_first_line(ks: KioskState, effects: tuple[Effect, ...]) -> tuple[KioskState, tuple[Effect, ...]]:
    """The match's first accepted input: its price goes with it (a SpendNext before
    the Accepted, so the runtime writes both in one transaction)."""
    paid = credits.spend(ks.credit, ks.reserved, ks.settings.app.name, credits.options_json(ks.table))
    assert paid is not None  # reserved never exceeds the credit
    after, entry = paid
    i = next(i for i, e in enumerate(effects) if isinstance(e, table.Accepted))
    return replace(ks, credit=after, reserved=0), (*effects[:i], credits.SpendNext(entry), *effects[i:])


def _pay(ks: KioskState, event: CoinInserted | CoinFault | ButtonPressed) -> tuple[KioskState, tuple[Effect, ...]]:
    """A coin, an acceptor fault or the staff key: the ledger entries to journal."""
    if isinstance(event, ButtonPressed):
        return _grant(ks) if ks.settings.pricing is not None else (ks, ())
    if isinstance(event, CoinFault) or ks.settings.pricing is None:
        return ks, (credits.Ledger(credits.fault(ks.credit, event.pulses)),)
    after, entries = credits.coin(ks.settings.pricing, ks.credit, event.pulses)
    logs: tuple[Effect, ...] = () if entries[0].kind != "fault" else (Log(f"coin of {event.pulses} pulses is no coin"),)
    return replace(ks, credit=after, short=False), (*logs, *(credits.Ledger(e) for e in entries))


def _grant(ks: KioskState) -> tuple[KioskState, tuple[Effect, ...]]:
    """Staff free credit: one game of the menu's game at its current price."""
    assert ks.settings.pricing is not None
    value = pricing.price_of(replace(ks.settings.pricing, free_play=False), ks.settings.app.name, credits.options_json(ks.table))
    after, entry = credits.free(ks.credit, value)
    return replace(ks, credit=after), (credits.Ledger(entry), Log(f"staff free credit {value}"))


def _credit_line(ks: KioskState) -> str:
    p = ks.settings.pricing
    assert p is not None
    if p.free_play:
        return "FREE PLAY"
    return f"CREDIT {pricing.money(p, shown_credit(ks))}  GAME {pricing.money(p, _price(ks))}"


def _attract_lines(ks: KioskState) -> tuple[str, ...]:
    """The attract screen's lines with pay to play: credit and price, and INSERT COIN
    while the credit is short; () without pricing."""
    if ks.settings.pricing is None:
        return ()
    if ks.settings.pricing.free_play or shown_credit(ks) + ks.reserved >= _price(ks):
        return (_credit_line(ks), "PRESS ANY BUTTON")
    return (_credit_line(ks), "INSERT COIN")


def _menu_hint(ks: KioskState) -> str:
    if ks.settings.pricing is None:
        return "DONE: PLAY   + -: NAMES" if ks.cursor == len(_menu_rows(ks)) - 1 else "DONE: PLAY   NEXT + -: SET"
    if ks.short:
        return f"INSERT COIN  {_credit_line(ks)}"
    return f"DONE: PLAY  {_credit_line(ks)}"
