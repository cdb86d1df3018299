"""The runtime loop around the pure table controller: effects carried out (coin toss,
journal hook), frames shown only on change, drivers' timer requests routed and fired in
time order on the drivers' clock.

Fakes are fixtures: a frame sink that records images, a settable clock, a toss source
that counts its calls. No sleeps; only the ``run()`` test uses a thread, and it waits
on events with generous timeouts instead of timing anything.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
import threading
import time
from dataclasses import dataclass, field

import pytest
from PIL import Image

from pitchside.tables import pichenotte as table
from pitchside.tables.kiosk import KioskSettings
from pitchside.app.runtime import MatchRecorder, Runtime, TableParts
from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import PerSide, Side
from pitchside.render.pichenotte import render
from pitchside.signals.events import ButtonHeld, ButtonPressed, ButtonReleased
from pitchside.signals.timers import TimerRequest

SIZE = (128, 64)
JOIN_S = 10.0  # generous: only a hung loop comes near it


@dataclass
class FakeSink:
    frames: list[Image.Image] = field(default_factory=list)
    accepted_when_shown: list[int] = field(default_factory=list)
    journal: list[table.Accepted] | None = None

    def show(self, image: Image.Image) -> None:
        self.frames.append(image)
        if self.journal is not None:
            self.accepted_when_shown.append(len(self.journal))


@dataclass
class FakeClock:
    t: float = 0.0

    def __call__(self) -> float:
        return self.t


@dataclass
class FakeToss:
    winner: Side = "B"
    calls: int = 0

    def __call__(self) -> Side:
        self.calls += 1
        return self.winner


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(1.5)


@pytest.fixture
def toss() -> FakeToss:
    return FakeToss("B")


@pytest.fixture
def journal() -> list[table.Accepted]:
    return []


@pytest.fixture
def sink(journal: list[table.Accepted]) -> FakeSink:
    return FakeSink(journal=journal)


@pytest.fixture
def rt(sink: FakeSink, toss: FakeToss, clock: FakeClock, journal: list[table.Accepted]) -> Runtime:
    return Runtime(table.new_table(rules.Options(pucks=3)), TableParts(sink, toss, clock, recorder=ListRecorder(journal), size=SIZE,
                   settings=NO_ATTRACT))


class ListRecorder(MatchRecorder):
    """A recorder keeping the accepted effects in a list (the runtime's journal hook)."""

    warning: str | None = None
    match_id: int | None = None

    def __init__(self, journal: list[table.Accepted], on_accept: Callable[[], None] | None = None) -> None:
        self.journal = journal
        self.steps: list[tuple[table.Accepted, ...]] = []  # what each accepted_all call stored together
        self.new_matches = 0
        self._on_accept = on_accept

    def accepted_all(self, effects: tuple[table.Accepted, ...], after: table.TableState) -> None:
        self.journal.extend(effects)
        self.steps.append(effects)
        if self._on_accept is not None:
            self._on_accept()

    def new_match(self, state: table.TableState) -> None:
        self.new_matches += 1

    def sensed(self, event: object) -> None:
        pass

    def health(self) -> list[object]:
        return []


NO_ATTRACT = KioskSettings(attract=False)
"""The game straight away (no attract screen or menu): these tests are about the loop."""

FIRST_SHOT = rules.Shot(called=False, contact=True, twenty=False, ditched=False,
                        knocked_in=PerSide(0, 0), knocked_off=PerSide(0, 0))  # fmt: skip


# --- the coin toss ------------------------------------------------------------------------


def test_coin_press_calls_the_toss_source_once_and_its_winner_shoots(rt: Runtime, toss: FakeToss) -> None:
    assert rt.state.match.state.phase == "toss"
    rt.post(ButtonPressed("coin", 1.0))
    assert toss.calls == 0  # nothing happens until the loop runs
    assert rt.process_pending() == 1  # one queued press
    assert toss.calls == 1
    assert rt.state.match.state.phase == "shooting"
    assert rt.state.match.state.turn == "B"
    assert rt.events_handled == 2  # the press and the CoinTossed it caused


def test_toss_winner_a(sink: FakeSink, clock: FakeClock) -> None:
    toss = FakeToss("A")
    rt = Runtime(table.new_table(), TableParts(sink, toss, clock, settings=NO_ATTRACT))
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    assert (toss.calls, rt.state.match.state.turn) == (1, "A")


def test_second_coin_press_is_refused_without_tossing_again(rt: Runtime, toss: FakeToss) -> None:
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    rt.post(ButtonPressed("coin", 2.0))
    assert rt.process_pending() == 1
    assert toss.calls == 1
    assert rt.state.match.state.turn == "B"
    assert rt.state.prompt is not None and rt.state.prompt.rule == "PI-20"


# --- frames -------------------------------------------------------------------------------


def test_a_frame_only_when_the_view_changes(rt: Runtime, sink: FakeSink) -> None:
    assert sink.frames == []  # nothing shown before the loop runs
    rt.refresh()
    assert len(sink.frames) == 1
    rt.refresh()
    assert rt.process_pending() == 0
    assert len(sink.frames) == 1  # identical state: no new frame

    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    assert len(sink.frames) == 2  # toss -> shooting

    rt.post(ButtonReleased("coin", 1.1))
    assert rt.process_pending() == 1
    assert len(sink.frames) == 2  # a release changes nothing

    rt.post(ButtonPressed("next", 2.0))
    rt.process_pending()
    assert len(sink.frames) == 3  # "Zone counts come after the last puck"
    rt.post(ButtonPressed("next", 2.5))
    rt.process_pending()
    assert len(sink.frames) == 3  # the same prompt again: the same view

    rt.post(ButtonPressed("call", 3.0))  # refused (free shot): a new prompt
    rt.process_pending()
    assert len(sink.frames) == 4


def test_frames_are_the_rendered_view_at_the_display_size(rt: Runtime, sink: FakeSink) -> None:
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    assert len(sink.frames) == 1
    frame = sink.frames[0]
    assert (frame.size, frame.mode) == (SIZE, "1")
    assert frame.tobytes() == render(table.view(rt.state), SIZE).tobytes()


def test_several_events_in_one_pass_give_one_frame(rt: Runtime, sink: FakeSink) -> None:
    for i, name in enumerate(["coin", "ditch_a", "ditch_a", "whose"]):
        rt.post(ButtonPressed(name, 1.0 + i))
    assert rt.process_pending() == 4
    assert len(sink.frames) == 1
    assert rt.state.draft.ditch_presses == PerSide(2, 0)


def test_events_queued_behind_the_coin_press_see_the_toss(rt: Runtime, journal: list[table.Accepted]) -> None:
    # The toss is carried out when the coin press is handled, not queued behind the
    # presses that followed it: a quick SHOT DONE after COIN is the first shot.
    rt.post(ButtonPressed("coin", 1.0))
    rt.post(ButtonPressed("shot_done", 1.2))
    assert rt.process_pending() == 2
    assert journal == [table.Accepted(rules.CoinToss("B"), 1.5), table.Accepted(FIRST_SHOT, 1.2)]
    assert rt.state.prompt is None or rt.state.prompt.kind != "refusal"


def test_frame_size_follows_the_runtime_size(sink: FakeSink, toss: FakeToss, clock: FakeClock) -> None:
    rt = Runtime(table.new_table(), TableParts(sink, toss, clock, size=(96, 48), settings=NO_ATTRACT))
    rt.refresh()
    assert [f.size for f in sink.frames] == [(96, 48)]


# --- the journal hook ---------------------------------------------------------------------


def test_on_accepted_gets_exactly_the_accepted_inputs_in_order(
    rt: Runtime, sink: FakeSink, clock: FakeClock, journal: list[table.Accepted]
) -> None:
    clock.t = 1.5
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    rt.post(ButtonPressed("call", 2.0))  # refused on a free shot: not journalled
    rt.post(ButtonPressed("next", 2.1))  # only a prompt: not journalled
    rt.post(ButtonPressed("shot_done", 3.0))
    rt.process_pending()
    rt.post(ButtonPressed("undo", 4.0))
    rt.process_pending()
    assert journal == [
        table.Accepted(rules.CoinToss("B"), 1.5),  # stamped with the clock when tossed
        table.Accepted(FIRST_SHOT, 3.0),  # stamped with the press
        table.Accepted(None, 4.0),  # the undo
    ]
    # every accepted input was journalled before the frame showing it
    assert sink.accepted_when_shown == [1, 2, 3]


def test_one_step_s_accepted_inputs_go_to_the_recorder_together(rt: Runtime) -> None:
    """A twenty added after SHOT DONE (hold +) is an undo and the
    corrected shot: handed over in one call, stored in one transaction, so a power cut
    cannot keep the undo without the shot."""
    rt.post(ButtonPressed("coin", 1.0))  # B wins the toss
    rt.post(ButtonPressed("shot_done", 2.0))  # B's free shot, its twenty unsensed
    rt.post(ButtonPressed("plus", 3.0))
    rt.post(ButtonHeld("plus", 4.0))
    rt.process_pending()
    recorder = rt.parts.recorder
    assert isinstance(recorder, ListRecorder)
    amended = rules.Shot(twenty=True, by_hand=("twenty",))
    assert recorder.steps == [
        (table.Accepted(rules.CoinToss("B"), 1.5),),
        (table.Accepted(rules.Shot(), 2.0),),
        (table.Accepted(None, 4.0), table.Accepted(amended, 4.0)),
    ]


def test_undo_of_the_shot_restores_the_turn(rt: Runtime, journal: list[table.Accepted]) -> None:
    rt.post(ButtonPressed("coin", 1.0))
    rt.process_pending()
    after_toss = rt.state.match.state
    rt.post(ButtonPressed("shot_done", 2.0))
    rt.process_pending()
    assert rt.state.match.state.turn == "A"
    rt.post(ButtonPressed("undo", 3.0))
    rt.process_pending()
    assert rt.state.match.state == after_toss
    assert [a.input for a in journal] == [rules.CoinToss("B"), FIRST_SHOT, None]


def test_clearing_a_draft_with_undo_is_not_journalled(rt: Runtime, journal: list[table.Accepted]) -> None:
    rt.post(ButtonPressed("coin", 1.0))
    rt.post(ButtonPressed("ditch_b", 2.0))
    rt.post(ButtonPressed("undo", 3.0))  # clears the draft only
    rt.process_pending()
    assert journal == [table.Accepted(rules.CoinToss("B"), 1.5)]


def test_no_hook_is_fine(sink: FakeSink, toss: FakeToss, clock: FakeClock) -> None:
    rt = Runtime(table.new_table(), TableParts(sink, toss, clock, settings=NO_ATTRACT))
    rt.post(ButtonPressed("coin", 1.0))
    rt.post(ButtonPressed("shot_done", 2.0))
    assert rt.process_pending() == 2
    assert rt.state.match.inputs == [rules.CoinToss("B"), FIRST_SHOT]


# --- timers -------------------------------------------------------------------------------


def test_timer_request_for_a_registered_target_fires_at_its_due_time_not_before(rt: Runtime) -> None:
    calls: list[float] = []
    kiosk_first = rt.next_due()  # the kiosk's own deadlines (dim, suspend), minutes away
    assert kiosk_first is not None and kiosk_first > 100.0
    rt.add_timer_target("new", calls.append)
    rt.post(TimerRequest("new", 5.0, "hold"))
    assert rt.next_due() == kiosk_first  # scheduled by the loop, not by post
    rt.process_pending()
    assert rt.next_due() == 5.0
    assert rt.events_handled == 0  # a timer request is not a table event
    assert rt.fire_due(4.999) == 0
    assert calls == []
    assert rt.fire_due(5.0) == 1
    assert calls == [5.0]  # called with its due_at
    assert rt.next_due() == kiosk_first
    assert rt.fire_due(100.0) == 0
    assert calls == [5.0]


def test_late_fire_passes_due_at_not_now(rt: Runtime) -> None:
    calls: list[float] = []
    rt.add_timer_target("undo", calls.append)
    rt.post(TimerRequest("undo", 2.0))
    rt.process_pending()
    assert rt.fire_due(9.0) == 1
    assert calls == [2.0]


def test_timers_fire_in_time_order_ties_in_posting_order(rt: Runtime) -> None:
    calls: list[tuple[str, float]] = []
    rt.add_timer_target("new", lambda at: calls.append(("new", at)))
    rt.add_timer_target("twenty", lambda at: calls.append(("twenty", at)))
    for req in [TimerRequest("new", 7.0), TimerRequest("twenty", 6.0), TimerRequest("new", 6.0),
                TimerRequest("twenty", 3.0), TimerRequest("new", 9.0)]:  # fmt: skip
        rt.post(req)
    rt.process_pending()
    assert rt.next_due() == 3.0
    assert rt.fire_due(6.5) == 3
    assert calls == [("twenty", 3.0), ("twenty", 6.0), ("new", 6.0)]
    assert rt.fire_due(8.0) == 1
    assert rt.fire_due(8.5) == 0
    assert rt.fire_due(9.0) == 1
    assert calls == [("twenty", 3.0), ("twenty", 6.0), ("new", 6.0), ("new", 7.0), ("new", 9.0)]


def test_schedule_directly_and_a_callback_scheduling_another(rt: Runtime) -> None:
    calls: list[float] = []

    def first(at: float) -> None:
        calls.append(at)
        rt.schedule(at + 1.0, calls.append)

    rt.schedule(2.0, first)
    assert rt.fire_due(10.0) == 2  # the new timer was due too: fired in the same call
    assert calls == [2.0, 3.0]


def test_events_a_timer_callback_posts_are_handled_by_the_next_pass(rt: Runtime) -> None:
    rt.add_timer_target("coin", lambda at: rt.post(ButtonPressed("coin", at)))
    rt.post(TimerRequest("coin", 2.0))
    rt.process_pending()
    rt.fire_due(2.0)
    assert rt.state.match.state.phase == "toss"
    assert rt.process_pending() == 1
    assert rt.state.match.state.turn == "B"


def test_unknown_timer_target_is_dropped_with_an_error_log(rt: Runtime, caplog: pytest.LogCaptureFixture) -> None:
    calls: list[float] = []
    rt.add_timer_target("new", calls.append)
    with caplog.at_level(logging.ERROR, logger="pitchside.app.runtime"):
        rt.post(TimerRequest("ghost", 1.0, "hold"))
        rt.post(TimerRequest("new", 2.0))
        assert rt.process_pending() == 2
    assert [(r.levelno, r.name, r.getMessage()) for r in caplog.records] == [
        (logging.ERROR, "pitchside.app.runtime", "timer request from unknown input 'ghost' dropped")
    ]
    assert rt.next_due() == 2.0  # the ghost was not scheduled, the known one was
    assert rt.fire_due(10.0) == 1
    assert calls == [2.0]


# --- run() --------------------------------------------------------------------------------


def test_run_serves_posted_events_and_returns_when_stopped(
    sink: FakeSink, toss: FakeToss, clock: FakeClock
) -> None:
    accepted = threading.Event()
    journal: list[table.Accepted] = []

    rt = Runtime(table.new_table(), TableParts(sink, toss, clock, recorder=ListRecorder(journal, accepted.set), settings=NO_ATTRACT))
    stop = threading.Event()
    errors: list[BaseException] = []

    def loop() -> None:
        try:
            rt.run(stop, idle_s=0.05)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    thread = threading.Thread(target=loop, name="runtime-under-test", daemon=True)
    thread.start()
    try:
        rt.post(ButtonPressed("coin", 1.0))  # from another thread, as a driver would
        assert accepted.wait(JOIN_S)
    finally:
        stop.set()
        thread.join(JOIN_S)
    assert not thread.is_alive()
    assert errors == []
    assert journal == [table.Accepted(rules.CoinToss("B"), 1.5)]
    assert toss.calls == 1
    assert len(sink.frames) >= 1


def test_run_fires_due_timers_on_its_clock(sink: FakeSink, toss: FakeToss, clock: FakeClock) -> None:
    rt = Runtime(table.new_table(), TableParts(sink, toss, clock, settings=NO_ATTRACT))
    fired = threading.Event()
    calls: list[float] = []
    rt.add_timer_target("new", lambda at: (calls.append(at), fired.set()))
    rt.post(TimerRequest("new", 1.0))  # clock says 1.5: due already
    stop = threading.Event()
    thread = threading.Thread(target=rt.run, args=(stop,), kwargs={"idle_s": 0.05}, daemon=True)
    thread.start()
    try:
        assert fired.wait(JOIN_S)
    finally:
        stop.set()
        thread.join(JOIN_S)
    assert not thread.is_alive()
    assert calls == [1.0]


def test_run_with_stop_already_set_shows_the_first_frame_and_returns(rt: Runtime, sink: FakeSink) -> None:
    stop = threading.Event()
    stop.set()
    rt.run(stop)  # same thread: must not block
    assert len(sink.frames) == 1


def test_schedule_from_another_thread_wakes_the_sleeping_loop(sink: FakeSink, toss: FakeToss, clock: FakeClock) -> None:
    """The loop sleeps with no timeout (no timer, no ``wake_s``): a timer scheduled from
    another thread fires only because :meth:`Runtime.schedule` wakes it."""
    rt = Runtime(table.new_table(), TableParts(sink, toss, clock, settings=NO_ATTRACT))
    stop = threading.Event()
    thread = threading.Thread(target=rt.run, args=(stop,), daemon=True)
    thread.start()
    fired = threading.Event()
    calls: list[float] = []
    try:
        while not rt.waiting:  # the loop asleep on its queue, knowing of no timer
            assert thread.is_alive()
            time.sleep(0.001)
        rt.schedule(1.0, lambda at: (calls.append(at), fired.set()))  # clock says 1.5: due already
        assert fired.wait(JOIN_S)
    finally:
        stop.set()
        rt.wake()
        thread.join(JOIN_S)
    assert not thread.is_alive()
    assert calls == [1.0]

