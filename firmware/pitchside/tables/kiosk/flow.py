"""The kiosk's mode machine (pure): power-on (:func:`start`) and one event at a time
(:func:`handle`): panel care, the timers, the staff gesture, a refusal dismissed, then
the mode's own handling (attract, menu, names, resume, playing, service, abandon, end).
The package's docstring (:mod:`pitchside.tables.kiosk`) tells the flow."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, assert_never

from pitchside.core.copying import replace  # dataclasses.replace without its per-call field walk
from pitchside.tables import credits
from pitchside.tables import fixture
from pitchside.tables import effects as table
from pitchside.tables import moments
from pitchside.tables.kiosk.pay import DOOR_KEY, _pay, _pay_first_line, _pays, _reserve
from pitchside.tables.kiosk.screens import _menu_rows, _names_row, _on_qr_row
from pitchside.tables.kiosk.service import (
    _abandon,
    _count,
    _service,
    _service_reads,
    _set_stat,
    _staff_combo,
    _toggle_service,
)
from pitchside.tables.kiosk.state import (
    SHIFTS,
    Effect,
    KioskSettings,
    KioskState,
    Log,
    Mode,
    SetContrast,
    StartTimer,
    Timed,
    _deadlines,
    _new_table,
    _shown,
)
from pitchside.tables.registry import GameApp, is_finished, match_in_progress
from pitchside.core.pricing import Credit
from pitchside.render.view import Prompt
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
    TimerFired,
)

if TYPE_CHECKING:  # the coin gate's events: its module is loaded for a table with pricing only (start-up)
    from pitchside.tables.coin_gate import GateEvent


def start(
    settings: KioskSettings, ts: Any, inputs: tuple[str, ...], now: float, credit: Credit = Credit(),
    resumed: bool = False, saving: bool = True,
) -> tuple[KioskState, tuple[Effect, ...]]:
    """The kiosk at power-on. A match rebuilt from the journal goes straight back on
    the display (issue: never lose a match); otherwise the attract screen.

    :param resumed: ``ts`` was rebuilt from an unfinished journal match: it goes back on
        the display even when every input of it was undone (the live table showed the
        game then, not the attract screen; a resumed match).

    :param inputs: the names of the table's buttons and sensors (service page order).
    :param credit: the credit the journal holds (cents, :class:`~pitchside.core.pricing.Credit`).
    :param saving: the journal is saving (with pricing: coins are refused while it is not).
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
    gated: tuple[Effect, ...] = ()
    if settings.pricing is not None:  # pay to play: the coin gate (its module only then: start-up)
        from pitchside.tables import coin_gate

        gate, gated = coin_gate.begin(replace(ks, gate=coin_gate.Gate(saving=saving)))
        ks = replace(ks, gate=gate)
    return ks, (SetContrast(settings.contrast), *_deadlines(ks, now), *read, *gated)


def handle(ks: KioskState, event: table.Event | credits.PayEvent | GateEvent) -> tuple[KioskState, tuple[Effect, ...]]:
    """Apply one event: panel care, service counters, a moment's end, then the mode's
    own handling. A moment shows only while playing: leaving play drops it. With
    pricing, the coin gate's part after it (:func:`pitchside.tables.coin_gate.after`)."""
    if ks.gate is None:
        ks, effects = _handle(ks, event)  # type: ignore[arg-type]  # no gate: no gate event either
    else:
        from pitchside.tables import coin_gate  # loaded with the gate (start)

        gate = ks.gate
        if isinstance(event, (coin_gate.CoinsGated, coin_gate.StorageStatus)):
            ks, effects = replace(ks, gate=coin_gate.on_event(gate, event)), ()
        else:
            ks, effects = _handle(replace(ks, gate=coin_gate.ack_event(gate, event)), event)
        untimed = (table.TournamentLoaded, table.SensorHealthRead, table.FixtureOffered, credits.AuditsRead,
                   credits.ClockRead)
        gate, more = coin_gate.after(ks, ks.last_input_at if isinstance(event, untimed) else event.at, effects)
        ks, effects = replace(ks, gate=gate), more
    if ks.moment is not None and ks.mode != "playing":
        ks = replace(ks, moment=None)
    return ks, effects


def _handle(ks: KioskState, event: table.Event | credits.PayEvent) -> tuple[KioskState, tuple[Effect, ...]]:
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
    if isinstance(event, credits.ClockRead):  # the local time, for the prices' hours
        return replace(ks, clock=event), ()
    at = event.at
    stats, pressed, logs = _count(ks, event)  # pressed: the buttons down with this event
    effects: list[Effect] = [*logs]
    if isinstance(event, (ButtonPressed, ButtonHeld, BeamBroken, SerialLine)) and not _pays(event):  # an input
        if ks.dimmed:
            effects.append(SetContrast(ks.settings.contrast))
        effects += _deadlines(ks, at)  # the mode, the table, the settings: no counter is read
        # play goes on after a press or a beam: the moment ends, the input does what it does
        moment = None if isinstance(event, (ButtonPressed, BeamBroken)) else ks.moment
        ks = replace(ks, stats=stats, pressed=pressed, last_input_at=at, dimmed=False, moment=moment)
    elif stats is not ks.stats or pressed is not ks.pressed:
        ks = replace(ks, stats=stats, pressed=pressed)
    if _pays(event):
        if ks.gate is not None and isinstance(event, CoinInserted):
            from pitchside.tables import coin_gate  # loaded with the gate (start)

            if coin_gate.refused(ks.gate, event):  # begun while the acceptor was told to refuse coins
                return ks, (*effects, *coin_gate.refuse(ks, event),
                            Log(f"coin of {event.pulses} pulses while coins are refused: not credited"))
        ks, paid = _pay(ks, event)
        return ks, (*effects, *paid)
    if ks.gate is not None and isinstance(event, (ButtonPressed, ButtonReleased, ButtonHeld)) and event.name == DOOR_KEY:
        return _door(ks, event, effects)
    if isinstance(event, ButtonHeld) and _staff_combo(pressed, event):
        return _toggle_service(ks, at, effects)
    if isinstance(event, ButtonHeld) and event.name == "new" and "undo" in pressed:
        return ks, tuple(effects)  # part of the staff gesture
    if isinstance(event, ButtonPressed) and "new" in pressed and event.name not in ("new", "undo"):
        return ks, tuple(effects)  # a staff gesture under way: not for the game
    if isinstance(event, ButtonPressed) and event.name == "undo" and "new" in (pressed - {"undo"}):
        return ks, tuple(effects)
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
            ks, more = _playing(ks, event)
        case "service":
            ks, more = _service(ks, event)
        case "abandon":
            ks, more = _abandon(ks, event)
        case "end":
            ks, more = _end(ks, event)
        case _:
            assert_never(ks.mode)
    return ks, (*effects, *more)


def _door(ks: KioskState, event: ButtonPressed | ButtonReleased | ButtonHeld,
          effects: list[Effect]) -> tuple[KioskState, tuple[Effect, ...]]:
    """The coin door's switch (:data:`~pitchside.tables.kiosk.pay.DOOR_KEY`, pressed: open):
    opened, service mode (kept on while the door stays open: its stuck timer is
    dropped); closed, out of the service mode it opened."""
    gate = ks.gate
    assert gate is not None
    effects = [e for e in effects if not (isinstance(e, StartTimer) and e.name == f"stuck:{event.name}")]
    if isinstance(event, ButtonPressed) and ks.mode not in ("service", "abandon"):
        ks, out = _toggle_service(replace(ks, gate=replace(gate, door=True)), event.at, effects)
        return ks, (*out, Log("coin door opened: service mode"))
    if isinstance(event, ButtonReleased) and ks.mode in ("service", "abandon") and gate.door:
        ks, out = _toggle_service(replace(ks, gate=replace(gate, door=False)), event.at, effects)
        return ks, (*out, Log("coin door closed"))
    if isinstance(event, ButtonReleased):
        return replace(ks, gate=replace(gate, door=False)), tuple(effects)
    return ks, tuple(effects)


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


def _playing(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]]:
    """A timed event while playing: the game's, unless it is the kiosk's
    (:func:`_playing_aside`)."""
    aside = _playing_aside(ks, event)
    if aside is not None:  # nothing for the game
        return aside
    before = ks.table
    ts, game_effects = ks.settings.app.handle(ks.table, event)
    effects: tuple[Effect, ...] = game_effects
    if ts.match is not before.match:  # an input accepted or undone: its moments, if any, replace what shows
        found = moments.arising(before.match, ts.match, ts.names, ks.settings.app.moments)
        showing, timers = moments.begin(found, event.at, ks.settings.moment_s)
        ks, effects = replace(ks, table=ts, moment=showing), (*effects, *timers)
    elif ts is not before:  # the same table back: nothing to copy
        ks = replace(ks, table=ts)
    if ks.bought and any(isinstance(e, (table.Accepted, table.DraftChanged)) for e in effects):
        ks, effects = _pay_first_line(ks, effects)  # a match is paid when it is stored: a draft stores it too
    if is_finished(ts) and any(isinstance(e, table.Accepted) for e in effects):
        effects = (*effects, StartTimer("result", event.at + ks.settings.result_timeout_s))
    return ks, effects


def _playing_aside(ks: KioskState, event: Timed) -> tuple[KioskState, tuple[Effect, ...]] | None:
    """What a timed event does while playing when it is not the game's (a dismissal, NEW
    pressed or held, another game's input on a table of several), else None."""
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
