"""The runtime loop: one thread owns the table state.

Drivers call :meth:`Runtime.post` from their own threads (gpiozero's callback thread,
a serial reader); only the loop reads the queue, applies events through the pure
controllers (:mod:`pitchside.tables.kiosk` around :mod:`pitchside.tables.pichenotte`),
carries out their effects (toss the coin, journal an accepted input, start a timer,
dim the panel) and hands a new frame to the display sink when what is shown has
changed. Timers asked for by drivers (a button's hold time, a beam's stuck
timeout) are kept here and fired from the loop, with the time of the clock the drivers
stamp their edges with, so the same code runs on the virtual clock of the simulator.

Over 600 lines: the loop, the effects it carries out and the frames it shows share its
state (the write kept for the frame, the frames drawn ahead); each optional part's own
code lives in its module (:mod:`pitchside.app.coin_line`, :mod:`pitchside.app.tournament_file`).
"""

from __future__ import annotations

import functools
import logging
import queue
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, assert_never

from PIL import Image

from pitchside.tables import effects as table
from pitchside.app import refusals, sched
from pitchside.app.pager import Pager
from pitchside.app.parts import (  # re-exported (__all__): tests import them from here
    AheadSink, DimmableSink, FrameSink, MatchRecorder, PreparingSink, Publisher, TableParts, system_dice,
)
from pitchside.app.timer_heap import TimerHeap
from pitchside.app.writer import Writer
from pitchside.core.pricing import Credit, LedgerEntry
from pitchside.tables import credits, kiosk
from pitchside.tables.registry import TableLike
from pitchside.core.errors import HardwareError
from pitchside.core.sides import Side
from pitchside.render import screen
from pitchside.render.panel import Panel, Spares
from pitchside.render.screen import Drawn, Frame
from pitchside.signals.events import BeamBroken, SensorNoisy, TimerFired
from pitchside.signals.timers import TimerRequest

if TYPE_CHECKING:  # the cues are loaded by a table with a buzzer only (Runtime._cue; start-up)
    from pitchside.tables.coin_gate import GateEvent  # and the coin gate by one with pricing
    from pitchside.tables.cues import Cue
    from pitchside.tables.moments import Showing

    CueFunctions = tuple[Callable[[TableLike, TableLike], tuple[Cue, ...]],
                         Callable[[Showing | None, Showing | None], tuple[Cue, ...]]]

__all__ = ["PAGE_S", "FrameSink", "MatchRecorder", "PreparingSink", "Publisher", "Runtime", "TableParts", "system_dice"]

log = logging.getLogger(__name__)


PAGE_S = 2.5
"""Seconds each page of a paged text shows (long prompts are paged,
never cut) before the runtime turns to the next."""


class _Wake:
    """Sentinel put on the queue to wake a blocked :meth:`Runtime.run`."""


class Runtime:
    """The loop around one table.

    :param state: the game table to start from (a new match, or one rebuilt from a
        journal: then it goes straight back on the display).
    :param parts: the sinks, random sources, clock, recorder and settings it runs with.
    """

    def __init__(self, state: TableLike, parts: TableParts) -> None:
        self.parts = parts
        self._sound = parts.sound
        self._cues: CueFunctions | None = None
        """The cue functions (:func:`pitchside.tables.cues.cues`, ``moment_cues``), loaded
        here for a table with a buzzer only (start-up)."""
        if parts.sound is not None:
            from pitchside.tables.cues import cues, moment_cues

            self._cues = (cues, moment_cues)
        self.sound_errors = 0
        self.publisher = parts.publisher
        """The web feed's publisher (may be set after construction: the simulator's ``--web``)."""
        self.publish_errors = 0
        self._sink = parts.sink
        self._toss = parts.toss
        self._dice = parts.dice
        self._clock = parts.clock
        self._recorder = parts.recorder
        self._writer = Writer() if parts.recorder is not None and parts.overlap_writes else None
        self._deferred: tuple[tuple[table.Accepted, ...], TableLike] | None = None
        """A journaled step's write not started yet (with the writer thread): made by
        :meth:`refresh`, inline when its frame is drawn, or on the writer thread while the
        frame is drawn; by :meth:`settle` (inline) before any other use of the recorder."""
        self._panel = Panel.of(parts.size, parts.mode)
        self._spares = Spares()
        """The spare canvases every frame of this runtime (its thread alone) is drawn on."""
        self._on_pass = parts.on_pass
        self._wake_s = parts.wake_s
        self._queue: queue.SimpleQueue[table.Event | credits.ClockRead | TimerRequest | _Wake] = queue.SimpleQueue()
        self._timers = TimerHeap()
        self._peer_yield: Callable[[], None] | None = None
        """Between two frames drawn ahead, when :meth:`run`'s thread is real-time: let a
        thread of its priority that an edge woke post it (:func:`pitchside.app.sched.peer_yield`)."""
        self._loop_thread: int | None = None
        """The thread serving :meth:`run` (its ident) while it runs: :meth:`schedule` from
        any other wakes it. None otherwise (a caller driving :meth:`process_pending`
        itself, as the simulator does, looks at the timers itself: no wake is queued)."""
        self._shown: Frame | None = None
        self._side_sinks = {side: (sink, Panel.of(size)) for side, (sink, size) in parts.side_sinks.items()}
        self._pager = Pager()  # the main display's pages
        self._side_pagers = {side: Pager() for side in self._side_sinks}
        self._warning_seen: str | None = None
        """The storage warning (or start-up notice) an accepted input came after: until
        one does, :meth:`frame` puts it on the prompt line."""
        self._notice: str | None = parts.recorder.notice if parts.recorder is not None else None
        """The recorder's start-up notice (a bad journal moved aside), read once."""
        self._side_shown: dict[str, Frame] = {}
        self._draw_plan = parts.draw_ahead
        # the sink's two optional steps, looked up once (not at every refresh)
        self._prepare_ahead: Callable[[Image.Image], None] | None = (
            parts.sink.prepare_ahead if isinstance(parts.sink, AheadSink) else None)
        self._prepare: Callable[[Image.Image], None] | None = (
            parts.sink.prepare if isinstance(parts.sink, PreparingSink) else None)
        # The runtime's cache of frames drawn ahead (draw_ahead): keyed by the Frame (a
        # value: equal frames from different states share one entry), at most twice the
        # plan's limit, all of them drawn for the state _ahead_state (identity: a round
        # for the same state object is skipped). Not the display's own cache of images
        # readied ahead (pitchside_hw.display.Display.prepare_ahead, keyed by image).
        self._ahead: dict[Frame, Drawn] = {}
        self._ahead_state: kiosk.KioskState | None = None
        self._ahead_faults: set[str] = set()  # the guesses' faults logged so far (once each)
        self._timer_targets: dict[str, Callable[[float], None]] = {}
        self.events_handled = 0
        self.frames_shown = 0
        """Frames handed to the main display's sink (which may still skip one identical to
        the panel's); instrumentation for bench/."""
        self.frames_shown_ahead = 0
        """Of :attr:`frames_shown`, those :meth:`draw_ahead` had drawn (the rest were drawn
        when needed); instrumentation for bench/."""
        self.writes_inline = 0
        """Journaled steps written in the loop's thread, with the writer thread on: their
        frame was drawn already (ahead, or the same as the one shown), or another use of
        the recorder came first; instrumentation for bench/ and tests."""
        self.writes_overlapped = 0
        """Journaled steps written on the writer thread while their frame was drawn."""
        self.waiting = False
        """True while :meth:`run` is blocked waiting for an event or a timer (its pass
        done, the frames ahead drawn): what a bench waits for before its pause."""
        self.display_errors = 0
        self._publish_due = False
        self._outputs = parts.coin_outputs
        self.kiosk, effects = kiosk.start(  # pay to play: the journal's credit
            parts.settings, state, parts.inputs, self._clock(),
            self._recorder.credit() if self._recorder is not None else Credit(),
            resumed=self._recorder is not None and self._recorder.match_id is not None,
            saving=self._recorder is None or self._recorder.warning is None,
        )
        if self.kiosk.gate is not None:  # pay to play: the inhibit line as its driver opened it
            from pitchside.app import coin_line

            self.kiosk, more = coin_line.opened(self.kiosk, self._outputs)
            effects = (*effects, *more)
        self._apply_effects(effects)
        self.publish()

    @property
    def state(self) -> Any:
        """The game table (the match, the shot being entered)."""
        return self.kiosk.table

    def post(self, event: table.Event | credits.ClockRead | TimerRequest) -> None:
        """Queue an event or a driver's timer request; safe from any thread (this is
        the ``queue_put`` drivers are given)."""
        self._queue.put(event)

    def wake(self) -> None:
        """Wake :meth:`run` (to notice its stop event); safe from any thread."""
        self._queue.put(_Wake())

    def add_timer_target(self, name: str, timer_due: Callable[[float], None]) -> None:
        """Route the :class:`TimerRequest` s named ``name`` to ``timer_due`` (a driver's
        method, called from the loop at the request's ``due_at``)."""
        self._timer_targets[name] = timer_due

    def schedule(self, due_at: float, callback: Callable[[float], None]) -> None:
        """Run ``callback(due_at)`` from the loop once the clock reaches ``due_at`` (s);
        safe from any thread. While :meth:`run` serves, a timer due before every other,
        scheduled from another thread, wakes it (it may be asleep until the one it knew of,
        or for its whole ``wake_s``), so it fires at its time; the loop's own thread needs
        no wake: it looks at the timers before it sleeps."""
        first = self._timers.push(due_at, callback)
        loop = self._loop_thread
        if first and loop is not None and threading.get_ident() != loop:
            self.wake()

    def next_due(self) -> float | None:
        return self._timers.next_due()

    def fire_due(self, now: float) -> int:
        """Fire every timer due at or before ``now``; returns how many fired."""
        return self._timers.fire_due(now)

    def process_pending(self) -> int:
        """Handle every queued event, then refresh the display; returns the count."""
        handled = 0
        while True:
            try:
                event = self._queue.get_nowait()
            except queue.Empty:
                break
            if not isinstance(event, _Wake):
                self._handle(event)
                handled += 1
        self.refresh()
        if self._check_saving():  # a write the frame waited on failed: coins refused, said at once
            self.refresh()
        if self._publish_due:  # the feed after the frame: its worker builds the snapshot
            self._publish_due = False  # once the frame is out, not while it is drawn (one per pass)
            self.publish()
        return handled

    def _handle(self, event: table.Event | credits.PayEvent | GateEvent | TimerRequest) -> None:
        if isinstance(event, TimerRequest):
            target = self._timer_targets.get(event.name)
            if target is None:
                log.error("timer request from unknown input %r dropped", event.name)
            else:
                self.schedule(event.due_at, target)
            return
        if isinstance(event, (BeamBroken, SensorNoisy)) and self._recorder is not None:
            self.settle()
            self._recorder.sensed(event)  # the health record, whatever the kiosk makes of it
        before = self.kiosk
        self.kiosk, effects = kiosk.handle(self.kiosk, event)
        self.events_handled += 1
        if self._cues is not None:
            self._cue(before)
        self._note_refusal(before.table, event)
        self._apply_effects(effects)
        self._publish_due = True  # published after the frame is shown (process_pending)
        self._check_saving()

    def _note_refusal(self, before: TableLike, event: table.Event | credits.PayEvent | GateEvent) -> None:
        """Tell the recorder (its optional ``refused``) when ``event`` was refused in a
        match: the match unchanged and a new refusal on the prompt line. Kept beside the
        journal's match for ``/matches/ID``, never replayed (:mod:`pitchside.app.refusals`)."""
        if self._recorder is None:
            return
        after = self.kiosk.table
        if after.match is not before.match or self.kiosk.mode != "playing":  # accepted or undone: no refusal
            return
        prompt = after.prompt
        if prompt is None or prompt.kind != "refusal" or prompt is before.prompt:
            return
        self.settle()
        now = self._clock()
        at = now if isinstance(event, (table.TournamentLoaded, table.FixtureOffered, table.SensorHealthRead,
                                       credits.AuditsRead, credits.ClockRead)) else event.at  # the shell's: no time
        try:
            self._recorder.refused(refusals.event_name(event), prompt.rule, prompt.text, at)
        except Exception as exc:  # the record of a refusal must not stop the match
            log.warning("refusal not recorded: %s", exc)

    def publish(self) -> None:
        """Hand the kiosk state to the publisher, if any (after the frame of a pass that
        handled events: :meth:`process_pending`)."""
        if self.publisher is None:
            return
        self.settle()
        try:
            self.publisher.publish(self.kiosk, (self._recorder.match_id if self._recorder is not None else None))
        except Exception as exc:  # a web fault must not stop the match
            self.publish_errors += 1
            log.warning("publisher fault, state not published: %s", exc)

    def _cue(self, before: kiosk.KioskState) -> None:
        """Play on the buzzer the cues of the change from ``before`` to the kiosk now."""
        assert self._cues is not None and self._sound is not None
        cues, moment_cues = self._cues
        after = self.kiosk
        for name in (*cues(before.table, after.table), *moment_cues(before.moment, after.moment)):
            try:
                self._sound.cue(name)
            except Exception as exc:  # a buzzer fault must not stop the match
                self.sound_errors += 1
                log.warning("sound fault, cue %r not played: %s", name, exc)

    def _record(self, accepted: tuple[table.Accepted, ...]) -> None:
        """Hand one step's accepted inputs to the recorder, together (one transaction:
        an undo and its corrected shot are never split by a power cut). With the writer
        thread the write is kept for :meth:`refresh`, which knows whether its frame is
        drawn already (then the write runs in this thread: two thread hand-offs cost
        more than an fsync with nothing to overlap) or has still to be drawn (then on
        the writer thread, while it is drawn); any other use of the recorder first
        (:meth:`settle`) writes it inline, so the order of writes is kept."""
        if self._recorder is None:
            return
        self.settle()
        warned = self._recorder.warning or self._notice
        if self._writer is not None:  # written by refresh: inline if its frame is drawn, else overlapped
            self._deferred = (accepted, self.state)
        else:
            self._recorder.accepted_all(accepted, self.state)
        if warned:
            self._warning_seen = warned

    def _apply_effects(self, effects: tuple[kiosk.Effect, ...]) -> None:
        together: list[table.Accepted] = []  # a run of Accepted: stored in one transaction
        entries: list[LedgerEntry] = []  # a run of Ledger (a coin and its bonus): the same
        for i, effect in enumerate(effects):
            match effect:
                case table.Accepted():
                    together.append(effect)
                    if i + 1 < len(effects) and isinstance(effects[i + 1], table.Accepted):
                        continue
                    self._record(tuple(together))
                    together.clear()
                case table.DraftChanged():  # journaled here, before the refresh that shows it
                    self._draft(effect)
                case table.TossCoin():
                    # Applied now, not queued: events already queued behind the press must
                    # see the toss (a SHOT DONE right after COIN is not "toss first").
                    self._handle(table.CoinTossed(self._toss(), self._clock()))
                case table.RollDice():
                    self._handle(table.DiceRolled(tuple(self._dice(effect.count)), self._clock()))
                case table.NewMatch():
                    if self._recorder is not None:
                        self.settle()
                        self._recorder.new_match(self.state)
                    if self.kiosk.settings.tournament_file is not None:
                        # a tournament file read again for the new match; imported here: a
                        # table without one never loads the tournament code (start-up)
                        from pitchside.app import tournament_file

                        for event in tournament_file.new_match_events(self.kiosk.settings):
                            self._handle(event)
                case credits.Ledger():
                    # journaled here, before the refresh that shows it (pay to play)
                    entries.append(effect.entry)
                    if i + 1 < len(effects) and isinstance(effects[i + 1], credits.Ledger):
                        continue
                    self.settle()
                    if self._recorder is not None:
                        self._recorder.ledger(*entries)
                    entries.clear()
                case credits.SpendNext():
                    self.settle()
                    if self._recorder is not None:
                        self._recorder.spend_next(effect.entry)
                case table.StartTimer():
                    self.schedule(effect.due_at, functools.partial(self._timer_fired, effect.name))
                case kiosk.SetContrast():
                    self._contrast(effect.level)
                case kiosk.Log():
                    log.warning("%s", effect.text)
                case credits.ReadAudits() | credits.ResetAudits():  # the service page
                    reset = isinstance(effect, credits.ResetAudits)
                    self.settle()
                    self._handle(self._recorder.audits(reset=reset) if self._recorder is not None
                                 else credits.AuditsRead(ok=not reset))
                case table.ReadSensorHealth():
                    self.settle()
                    health = tuple(self._recorder.health()) if self._recorder is not None else ()
                    self._handle(table.SensorHealthRead(health))
                case _:  # the coin gate's (a table with pricing): the inhibit line, the coin meter
                    from pitchside.app import coin_line  # loaded with the gate (start-up)

                    coin_line.apply(effect, self._outputs, self._handle, self.schedule, self._clock())

    def _check_saving(self) -> bool:
        """Tell the coin gate when the journal stopped (or started again) saving: coins
        are refused while it is not. :returns: whether it was told."""
        if self.kiosk.gate is None or self._recorder is None:
            return False
        from pitchside.app import coin_line  # loaded with the gate (a table with pricing)

        told = coin_line.saving(self.kiosk, self._recorder.warning, self._clock())
        if told is not None:
            self._handle(told)
        return told is not None

    def _draft(self, effect: table.DraftChanged) -> None:
        """Hand a side's draft to the recorder, durable when it returns, as an accepted
        input is (:meth:`_record`): a storage fault's warning is then on the display, and
        the table keeps the draft in memory."""
        if self._recorder is None:
            return
        self.settle()
        warned = self._recorder.warning or self._notice
        self._recorder.draft(effect, self.state)
        if warned:
            self._warning_seen = warned

    def settle(self) -> None:
        """Make every accepted input's write return: the one not started yet, here in the
        loop's thread, then those still running on the writer thread (none without one);
        a write's exception is raised here, as the direct call would have raised it."""
        if self._writer is not None:
            self._writer.settle()
        deferred, self._deferred = self._deferred, None
        if deferred is not None:
            assert self._recorder is not None
            self.writes_inline += 1
            self._recorder.accepted_all(*deferred)

    def _overlap(self) -> None:
        """Start the write not started yet on the writer thread (:meth:`refresh`, when its
        frame has still to be drawn)."""
        deferred, self._deferred = self._deferred, None
        if deferred is not None:
            assert self._recorder is not None and self._writer is not None
            self.writes_overlapped += 1
            self._writer.submit(self._recorder.accepted_all, *deferred)

    def _timer_fired(self, name: str, at: float) -> None:
        self.post(TimerFired(name, at))

    def _contrast(self, level: int) -> None:
        for sink in (self._sink, *(s for s, _ in self._side_sinks.values())):
            if not isinstance(sink, DimmableSink):
                continue
            try:
                sink.contrast(level)
            except HardwareError as exc:
                self.display_errors += 1
                log.warning("display fault setting contrast: %s", exc)

    def view(self) -> Any:
        """What the display shows now: the kiosk's view (:func:`pitchside.tables.kiosk.view`);
        :meth:`frame` adds the storage overlays."""
        return kiosk.view(self.kiosk)

    def frame(self) -> Frame:
        """The main display's frame request: the view; a storage fault's warning (else
        the start-up notice of a bad journal moved aside) for its prompt line until the
        next accepted input (so play prompts are not hidden for
        the rest of the match); the corner badge while the journal is not saving."""
        return self._pager.at(self._framed(self.view(), self.kiosk))

    def _framed(self, view: object, ks: kiosk.KioskState) -> Frame:
        """``view`` (of ``ks``) with the storage overlays of :meth:`frame` (page 0) and,
        with pricing, the credit mark during play (:func:`pitchside.tables.coin_gate.mark`)."""
        warning = self._recorder.warning if self._recorder is not None else None
        said = warning or self._notice  # a fault's warning, else the start-up notice
        shown = said if said and said != self._warning_seen else None
        mark = None
        if ks.gate is not None:
            from pitchside.tables.coin_gate import mark as credit_mark  # loaded with the gate

            mark = credit_mark(ks)
        return Frame(view, warning=shown, badge=warning is not None, mark=mark)

    def draw_ahead(self) -> int:
        """Draw the frame each likely next input (:attr:`TableParts.draw_ahead`) would
        show, and have the sink prepare it (``prepare_ahead``: packed and planned, nothing
        sent), so that when that input comes :meth:`refresh` finds its frame drawn
        (:mod:`pitchside.app.ahead`; latency). Pure work on the state as it is:
        the guessed inputs go through :func:`pitchside.tables.kiosk.handle` and their
        effects are dropped; nothing is shown, journaled or changed. For the loop's own
        thread only (:meth:`run` calls it before it blocks).

        Once per state: a second call with the state unchanged draws nothing. A frame
        equal to one of the last round's is taken from it, not drawn again (a release
        usually leads to the frames its press did). Stops as soon as an event is queued
        or a timer is due, keeping what it drew; the next call goes on from there.
        Returns the frames of this round (drawn or kept), at most the plan's ``limit``."""
        plan = self._draw_plan
        state = self.kiosk
        if not plan.enabled or state is self._ahead_state:
            return 0
        kept, self._ahead = self._ahead, {}
        for event in plan.events(self._clock()):
            if self._peer_yield is not None:
                self._peer_yield()
            if not self._queue.empty() or self._timer_due():  # the real input first
                drawn_now = len(self._ahead)
                merged = kept | self._ahead  # both still valid (a frame is used only when equal)
                self._ahead = dict(list(merged.items())[-2 * plan.limit:])
                return drawn_now
            try:
                after, _ = kiosk.handle(state, event)
                frame = self._pager.at(self._framed(kiosk.view(after), after))
                if frame == self._shown or frame in self._ahead:
                    continue
                drawn = kept.get(frame) or screen.compose(frame, self._panel, self._spares)
                if self._prepare_ahead is not None:
                    self._prepare_ahead(drawn.image)  # a no-op for an image it has ready
            except Exception as exc:  # a guess must never stop the table: the real input says
                self._ahead_fault(event, exc)
                continue
            self._ahead[frame] = drawn
            if len(self._ahead) >= plan.limit:
                break
        self._ahead_state = state
        return len(self._ahead)

    def forget_ahead(self) -> None:
        """Drop the frames :meth:`draw_ahead` drew and the state they were drawn from, so
        that its next call draws every frame again, as after a real state change. The
        runtime never needs it (a frame drawn ahead is used only when equal to the one
        due); a caller that measures a full draw-ahead round (bench/gil.py) does. For
        the loop's thread, or while :meth:`run` waits (:attr:`waiting`)."""
        self._ahead, self._ahead_state = {}, None

    def _ahead_fault(self, event: object, exc: Exception) -> None:
        """Log a guess's fault once per kind (a rule that raises would otherwise log at
        every state change, for every button)."""
        kind = f"{type(event).__name__}: {type(exc).__name__}: {exc}"
        if kind not in self._ahead_faults:
            self._ahead_faults.add(kind)
            log.warning("a frame was not drawn ahead (logged once): %s", kind)

    def _drawn_ahead(self, frame: Frame) -> Drawn | None:
        """The frame drawn ahead that is equal to ``frame``, if any."""
        if not self._ahead:
            return None
        try:
            return self._ahead.get(frame)
        except TypeError:  # a view holding a list: not hashable, never drawn ahead
            return None

    def _timer_due(self) -> bool:
        due = self.next_due()
        return due is not None and due <= self._clock()

    def refresh(self) -> None:
        """Draw and show the current frames (main and side displays) where they differ
        from the ones shown; after a display fault the frame is tried again on every
        later refresh, and the other displays go on. A frame with paged text (text that
        does not fit), on the main display or a side display, gets a page turn every
        :data:`PAGE_S` s on the clock (a timer, as the kiosk's are: time is an input;
        one :class:`~pitchside.app.pager.Pager` per display), for as long as that frame
        is shown there; a new frame starts at its first page.

        A journaled step's write (:meth:`_record`) is made first: in this thread when
        the frame is drawn already (by :meth:`draw_ahead`, or it is the one shown), and
        the frame is read again after it; else on the writer thread, and the main frame
        is drawn meanwhile (and, for a :class:`PreparingSink`, prepared: compared,
        packed and planned, nothing sent), and shown once the write has returned (drawn
        again in the rare case the write changed it: a storage fault's warning). Nothing
        is shown, on any display, before the write it shows has returned."""
        writing = self._writer is not None and self._writer.pending  # before the frame is read:
        try:
            main = self.frame()  # a write ending in between may change it (a warning)
        except BaseException:
            self.settle()  # a fault in the view never loses the write kept for this refresh
            raise
        if self._deferred is not None:
            if main == self._shown or self._drawn_ahead(main) is not None:
                self.settle()  # inline: nothing left to draw for the write to overlap
                main, writing = self.frame(), False  # the write may have changed it (a warning)
            else:
                self._overlap()
                writing = True  # settled below, after the drawing
        drawn: Drawn | None = None
        ahead = False  # drawn is a frame draw_ahead drew
        if writing:
            if main != self._shown:
                drawn = self._drawn_ahead(main)
                ahead = drawn is not None
                try:
                    drawn = drawn or screen.compose(main, self._panel, self._spares)
                except HardwareError:
                    drawn = None  # drawn again below, where the fault is counted
                if drawn is not None and self._prepare is not None:
                    try:  # packed and planned during the write too; nothing is sent
                        self._prepare(drawn.image)
                    except (HardwareError, ValueError):
                        pass  # show() does it all again after the write, and raises there
            self.settle()
            again = self.frame()
            if again != main:
                main, drawn, ahead = again, None, False
        self._pager.follow(main)
        if main != self._shown:
            if drawn is None:
                drawn = self._drawn_ahead(main)
                ahead = drawn is not None
            pages = self._show(self._sink, main, self._panel, "display", drawn)
            if pages:
                self.frames_shown += 1
                self.frames_shown_ahead += ahead
                self._shown = main
                self._page_timer(self._pager, main, pages)
        for side, (sink, panel) in self._side_sinks.items():
            who: Side = "A" if side == "A" else "B"
            pager = self._side_pagers[side]
            base = Frame(kiosk.side_view(self.kiosk, who))
            pager.follow(base)
            frame = pager.at(base)
            if frame != self._side_shown.get(side):
                pages = self._show(sink, frame, panel, f"side display {side}")
                if pages:
                    self._side_shown[side] = frame
                    self._page_timer(pager, frame, pages)

    def _page_timer(self, pager: Pager, frame: Frame, pages: int) -> None:
        """After ``frame`` (``pages`` pages) is shown on ``pager``'s display: a page
        turn in :data:`PAGE_S` s when it has more than one page and none is due yet."""
        base = pager.shown(frame, pages)
        if base is not None:
            self.schedule(self._clock() + PAGE_S, functools.partial(self._turn_page, pager, base))

    def _turn_page(self, pager: Pager, base: Frame, at: float) -> None:
        """The page timer of ``base`` on ``pager``'s display: the next page, if that
        frame is still the one shown there."""
        if pager.turn(base):
            self.refresh()

    def _show(self, sink: FrameSink, frame: Frame, panel: Panel, what: str, drawn: Drawn | None = None) -> int:
        """Show ``frame`` (``drawn``: it, already drawn): :returns: its pages (1 or more),
        0 after a display fault."""
        try:
            if drawn is None:
                drawn = screen.compose(frame, panel, self._spares)
            sink.show(drawn.image)
        except HardwareError as exc:  # a display fault must not stop the match
            self.display_errors += 1
            log.warning("%s fault, frame not shown (retried on the next pass): %s", what, exc)
            return 0
        return drawn.pages

    def run(self, stop: threading.Event, idle_s: float | None = None) -> None:
        """Serve events until ``stop`` is set (call :meth:`wake` after setting it):
        block on the queue until an event or the next timer, whichever is first, with
        no polling. ``idle_s`` (or the runtime's ``wake_s``) bounds the sleep."""
        bound = idle_s if idle_s is not None else self._wake_s
        self._loop_thread = threading.get_ident()
        self._peer_yield = sched.peer_yield()
        try:
            self.refresh()
            while not stop.is_set():
                self.draw_ahead()  # while idle: the likely next frames (nothing once drawn for this state)
                due = self.next_due()
                waits = [w for w in (bound, None if due is None else max(0.0, due - self._clock())) if w is not None]
                event: table.Event | credits.ClockRead | TimerRequest | _Wake | None
                self.waiting = True
                try:
                    event = self._queue.get(timeout=min(waits) if waits else None)
                except queue.Empty:
                    event = None
                finally:
                    self.waiting = False
                if event is not None and not isinstance(event, _Wake):
                    self._handle(event)
                self.fire_due(self._clock())
                self.process_pending()
                if self._on_pass is not None:
                    self._on_pass(self._clock())
        finally:
            self._loop_thread = None
            self._peer_yield = None
