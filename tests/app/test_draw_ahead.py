"""Frames drawn ahead (:mod:`pitchside.app.ahead`): while the loop waits,
``Runtime.draw_ahead`` draws the frame each configured button's press would show. It
changes nothing (no frame shown, no input journaled, the state the same object), a
press whose frame was drawn ahead shows that very image, and a whole match played with
frames drawn ahead after every pass shows, frame for frame, exactly what it shows
without them, in every game."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pitchside.app.ahead import DrawAhead
from pitchside.app.config import load_config
from pitchside.app.runtime import MatchRecorder, Runtime, TableParts
from pitchside.core.rules import pichenotte as rules
from pitchside.render import screen
from pitchside.signals.events import BeamBroken, ButtonPressed, ButtonReleased
from pitchside.tables import pichenotte as table
from pitchside.tables.kiosk import KioskSettings
from pitchside.tables.registry import app_for
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "sim" / "pitchside_sim" / "scenarios"
BUTTONS = ("shot_done", "undo", "whose", "no_contact", "ditch_a", "ditch_b", "plus", "minus", "next", "call")


@dataclass
class AheadSink:
    """A sink that keeps what it was shown and what it was asked to prepare ahead."""

    shown: list[Image.Image] = field(default_factory=list)
    ahead: list[Image.Image] = field(default_factory=list)

    def show(self, image: Image.Image) -> None:
        self.shown.append(image)

    def prepare_ahead(self, image: Image.Image) -> None:
        self.ahead.append(image)


@dataclass
class Clock:
    t: float = 5.0

    def __call__(self) -> float:
        return self.t


def runtime(sink: AheadSink, clock: Clock, journal: list[object], plan: DrawAhead) -> Runtime:
    class Recorder(MatchRecorder):
        warning = None
        match_id = None

        def accepted_all(self, effects: object, after: object) -> None:
            journal.append(effects)

        def new_match(self, state: object) -> None:
            journal.append("new")

        def sensed(self, event: object) -> None:
            journal.append(event)

        def health(self) -> list[object]:
            return []

    start = table.new_table(rules.Options())
    return Runtime(start, TableParts(sink=sink, toss=lambda: "A", clock=clock, recorder=Recorder(),  # type: ignore[arg-type]
                                     settings=KioskSettings(attract=False), overlap_writes=False,
                                     draw_ahead=plan))


def count_composes(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The frames :func:`screen.compose` draws from now on (each call appends its frame)."""
    composed: list[object] = []
    compose = screen.compose

    def counting(frame: object, panel: object, spares: object = None) -> object:
        composed.append(frame)
        return compose(frame, panel, spares)  # type: ignore[arg-type]

    monkeypatch.setattr(screen, "compose", counting)
    return composed


def test_drawing_ahead_shows_nothing_journals_nothing_and_keeps_the_state() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS, ("twenty",)))
    rt.refresh()
    shown, state = list(sink.shown), rt.kiosk
    # the coin toss screen: of the ten presses and the piece, three lead to a new frame
    # (COIN is not among them: the toss is a random input after it, never guessed)
    assert rt.draw_ahead() == 3 and len(sink.ahead) == 3
    assert sink.shown == shown and journal == [] and rt.kiosk is state
    assert rt.draw_ahead() == 0  # the same state: nothing drawn twice
    assert len(sink.ahead) == 3


def test_forget_ahead_makes_the_next_round_draw_every_frame_again(monkeypatch: pytest.MonkeyPatch) -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS, ("twenty",)))
    rt.refresh()
    composed = count_composes(monkeypatch)
    assert rt.draw_ahead() == 3 and len(composed) == 3  # the coin toss screen's three
    assert rt.draw_ahead() == 0 and len(composed) == 3  # the same state: kept, not drawn
    rt.forget_ahead()
    assert rt.draw_ahead() == 3 and len(composed) == 6  # the same three, composed again
    assert len(sink.ahead) == 6 and len(sink.shown) == 1 and journal == []  # the power-on frame only


@pytest.mark.parametrize("name", BUTTONS)
def test_a_press_whose_frame_was_drawn_ahead_shows_that_image(name: str) -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS))
    rt.refresh()
    rt.post(ButtonPressed("coin", clock.t))  # the toss: play begins (A breaks)
    rt.process_pending()
    rt.draw_ahead()
    before = len(sink.shown)
    clock.t = 6.0  # the press comes later than the guess: the same frame all the same
    rt.post(ButtonPressed(name, clock.t))
    rt.process_pending()
    assert len(sink.shown) == before + 1  # every one of the ten presses changes the panel here
    assert any(img is sink.shown[-1] for img in sink.ahead)
    assert ImageChops.difference(sink.shown[-1], screen.draw(rt.frame())).getbbox() is None
    assert (rt.frames_shown, rt.frames_shown_ahead) == (3, 1)  # the power-on and toss frames, then this one


def test_an_event_waiting_stops_the_drawing_and_the_next_call_draws_again() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS))
    rt.refresh()
    rt.post(ButtonPressed("whose", clock.t))
    assert rt.draw_ahead() == 0 and sink.ahead == []
    rt.process_pending()
    assert rt.draw_ahead() == 1  # who breaks chosen: the presses now lead to one new frame


def test_a_timer_falling_due_stops_the_round_and_keeps_what_it_drew() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS))
    rt.refresh()
    fired: list[float] = []
    rt.schedule(clock.t, fired.append)  # due now: the round stops before its first guess
    assert rt.draw_ahead() == 0 and sink.ahead == []
    rt.fire_due(clock.t)
    assert fired == [clock.t]
    assert rt.draw_ahead() == 2  # the toss screen's two (the piece is not guessed here)


def test_a_round_that_repeats_frames_takes_them_from_the_last_round(monkeypatch: pytest.MonkeyPatch) -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS))
    rt.refresh()
    rt.post(ButtonPressed("coin", clock.t))
    rt.process_pending()
    composed = count_composes(monkeypatch)
    first = rt.draw_ahead()
    assert first == len(composed) == 9  # A to break: nine of the ten presses change the panel
    drawn_for = rt.kiosk
    clock.t += 0.1
    rt.post(ButtonReleased("coin", clock.t))  # the release: a new state, the same frames
    rt.process_pending()
    assert rt.kiosk is not drawn_for  # so the round is not skipped as one for the same state
    assert rt.draw_ahead() == first and len(composed) == first  # none drawn again
    assert len(sink.ahead) == 2 * first  # each readied again for the sink (a no-op for Display)


def test_a_guess_that_raises_is_logged_once_and_the_table_goes_on(caplog: pytest.LogCaptureFixture,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from pitchside.tables import kiosk

    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS))
    rt.refresh()
    handle = kiosk.handle

    def broken(ks: object, event: object) -> object:
        if isinstance(event, ButtonPressed) and event.name == "whose":
            raise RuntimeError("rule fault")
        return handle(ks, event)  # type: ignore[arg-type]

    monkeypatch.setattr(kiosk, "handle", broken)
    with caplog.at_level("WARNING"):
        assert rt.draw_ahead() == 2  # the toss screen's two frames, from the other presses
        clock.t += 1
        rt.post(ButtonPressed("next", clock.t))
        rt.process_pending()
        rt.draw_ahead()
    faults = [r for r in caplog.records if "not drawn ahead" in r.getMessage()]
    assert len(faults) == 1 and "ButtonPressed: RuntimeError: rule fault" in faults[0].getMessage()


def test_none_are_drawn_without_a_plan() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead())
    rt.refresh()
    assert rt.draw_ahead() == 0 and sink.ahead == []
    for bad in (-1, 33):
        with pytest.raises(ValueError, match=f"limit must be between 0 and 32, not {bad}"):
            DrawAhead(BUTTONS, limit=bad)


def test_the_limit_bounds_a_round() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS, limit=2))
    rt.refresh()
    assert rt.draw_ahead() == 2 and len(sink.ahead) == 2


def test_the_guessed_inputs_are_a_press_of_each_button_then_a_piece_through_each_beam() -> None:
    assert DrawAhead(("a", "b"), ("twenty",)).events(2.5) == (
        ButtonPressed("a", 2.5), ButtonPressed("b", 2.5), BeamBroken("twenty", 2.5, 0.005))


# --- drawn ahead, still shown only once durable, with the overlays of its own time ------------


class GatedRecorder(MatchRecorder):
    """A recorder whose write waits for ``gate`` (the journal's fsync, held open), and
    may fail (then it warns, as the journal's recorder does on a full disk)."""

    warning: str | None = None
    match_id: int | None = None

    def __init__(self) -> None:
        self.written: list[object] = []
        self.threads: list[str] = []  # the thread of each write (the writer's: "journal-writer")
        self.gate = threading.Event()
        self.gate.set()
        self.fail = False

    def accepted_all(self, effects: object, after: object) -> None:
        assert self.gate.wait(JOIN_S)
        if self.fail:
            self.warning = "NOT SAVING: disk full"
        self.written.append(effects)
        self.threads.append(threading.current_thread().name)

    def new_match(self, state: object) -> None:
        pass

    def sensed(self, event: object) -> None:
        pass

    def health(self) -> list[object]:
        return []


@dataclass
class OrderSink(AheadSink):
    recorder: GatedRecorder | None = None
    writes_when_shown: list[int] = field(default_factory=list)

    def show(self, image: Image.Image) -> None:
        assert self.recorder is not None
        self.writes_when_shown.append(len(self.recorder.written))
        super().show(image)


def gated(overlap: bool = True) -> tuple[Runtime, GatedRecorder, OrderSink, Clock]:
    rec, clock = GatedRecorder(), Clock()
    sink = OrderSink(recorder=rec)
    rt = Runtime(table.new_table(rules.Options()), TableParts(
        sink=sink, toss=lambda: "A", clock=clock, recorder=rec, settings=KioskSettings(attract=False),  # type: ignore[arg-type]
        overlap_writes=overlap, draw_ahead=DrawAhead(BUTTONS, ("twenty",))))
    rt.refresh()
    rt.post(ButtonPressed("coin", clock.t))
    rt.process_pending()
    return rt, rec, sink, clock


JOIN_S = 10.0
PLAY = ("whose", "plus", "next", "shot_done", "no_contact", "ditch_a", "shot_done", "undo", "shot_done")


def idle(rt: Runtime, clock: Clock) -> int:
    """What ``Runtime.run`` does while it waits: the timers due (a page turn), then the
    frames ahead."""
    rt.fire_due(clock.t)
    rt.process_pending()
    return rt.draw_ahead()


@pytest.mark.parametrize("overlap", [True, False])
def test_a_journaled_frame_drawn_ahead_is_shown_only_once_its_write_has_returned(overlap: bool) -> None:
    rt, rec, sink, clock = gated(overlap)
    hits = 0
    for name in PLAY:
        idle(rt, clock)
        rec.gate.clear()  # the write held open
        writes, shown, ahead = len(rec.written), len(sink.shown), rt.frames_shown_ahead
        clock.t += 1
        rt.post(ButtonPressed(name, clock.t))
        worker = threading.Thread(target=rt.process_pending)
        worker.start()
        worker.join(0.2)
        if worker.is_alive():  # held in its write
            assert len(sink.shown) == shown  # nothing shown while the write has not returned
        else:  # an input that writes nothing (a refusal, a count being entered)
            assert len(rec.written) == writes
        rec.gate.set()
        worker.join(JOIN_S)
        assert not worker.is_alive()
        if len(rec.written) > writes and len(sink.shown) > shown:
            assert sink.writes_when_shown[-1] == len(rec.written)  # shown after its write
            hits += rt.frames_shown_ahead - ahead
    assert hits == 4  # the four journaled presses (three shots and an undo), each drawn ahead


def test_the_storage_warning_hidden_by_an_accepted_input_is_not_shown_from_a_frame_drawn_with_it() -> None:
    rt, rec, sink, clock = gated()
    rec.warning = "NOT SAVING: disk full"  # drawn ahead with the warning on the prompt line
    for name in PLAY:
        idle(rt, clock)
        clock.t += 1
        rt.post(ButtonPressed(name, clock.t))
        rt.process_pending()
        assert ImageChops.difference(sink.shown[-1], screen.draw(rt.frame())).getbbox() is None
    # nine presses: the frame of the first accepted one (SHOT DONE) was drawn with the
    # warning, which it hides: drawn again; every other press's frame was drawn ahead
    assert rt.frames_shown_ahead == 8


def test_a_write_that_fails_shows_the_warning_not_the_frame_drawn_without_it() -> None:
    rt, rec, sink, clock = gated()
    for name in ("whose", "plus", "next"):  # up to a shot to journal
        idle(rt, clock)
        clock.t += 1
        rt.post(ButtonPressed(name, clock.t))
        rt.process_pending()
    shown_ahead = rt.frames_shown_ahead
    idle(rt, clock)  # SHOT DONE's frame drawn ahead, without a warning
    rec.fail = True
    clock.t += 1
    rt.post(ButtonPressed("shot_done", clock.t))
    rt.process_pending()
    assert rec.warning is not None and rt.frame().badge
    assert ImageChops.difference(sink.shown[-1], screen.draw(rt.frame())).getbbox() is None
    assert rt.frames_shown_ahead == shown_ahead == 3  # the warned frame drawn when it was shown
    # its frame was drawn ahead: written inline, the frame read again after the write
    # (gated()'s COIN, the toss journaled, went through the writer: nothing was drawn ahead yet)
    assert rec.threads == ["journal-writer", "MainThread"] and (rt.writes_inline, rt.writes_overlapped) == (1, 1)


def paths(rt: Runtime, rec: GatedRecorder, clock: Clock, presses: tuple[str, ...],
          ahead: bool) -> list[tuple[str, bool, str]]:
    """Each journaled press of ``presses``: its button, whether its frame was drawn
    ahead, and the thread its write ran on (``ahead``: frames drawn ahead while idle)."""
    out = []
    for name in presses:
        rt.fire_due(clock.t)
        rt.process_pending()
        if ahead:
            rt.draw_ahead()
        writes, shown_ahead = len(rec.written), rt.frames_shown_ahead
        clock.t += 1
        rt.post(ButtonPressed(name, clock.t))
        rt.process_pending()
        if len(rec.written) > writes:
            assert len(rec.written) == writes + 1  # one step, one write
            out.append((name, rt.frames_shown_ahead > shown_ahead, rec.threads[-1]))
    return out


WRITER = "journal-writer"
MAIN = "MainThread"


def test_a_journaled_input_whose_frame_was_drawn_ahead_is_written_inline_the_others_on_the_writer() -> None:
    rt, rec, sink, clock = gated()
    assert paths(rt, rec, clock, PLAY, ahead=True) == [
        ("shot_done", True, MAIN), ("shot_done", True, MAIN), ("undo", True, MAIN), ("shot_done", True, MAIN)]
    assert (rt.writes_inline, rt.writes_overlapped) == (4, 1)  # and gated()'s COIN, not drawn ahead
    assert sink.writes_when_shown[-1] == len(rec.written) == 5
    rt, rec, sink, clock = gated()
    assert paths(rt, rec, clock, PLAY, ahead=False) == [
        ("shot_done", False, WRITER), ("shot_done", False, WRITER), ("undo", False, WRITER), ("shot_done", False, WRITER)]
    assert (rt.writes_inline, rt.writes_overlapped) == (0, 5)


def test_a_journaled_frame_not_drawn_ahead_among_ones_that_were_goes_through_the_writer() -> None:
    rt, rec, sink, clock = gated()
    rec.warning = "NOT SAVING: disk full"  # the first shot's frame drawn ahead with it, which the shot hides
    assert paths(rt, rec, clock, PLAY, ahead=True) == [
        ("shot_done", False, WRITER), ("shot_done", True, MAIN), ("undo", True, MAIN), ("shot_done", True, MAIN)]
    assert (rt.writes_inline, rt.writes_overlapped) == (3, 2)
    assert ImageChops.difference(sink.shown[-1], screen.draw(rt.frame())).getbbox() is None


def test_an_inline_write_returns_before_its_frame_is_shown() -> None:
    order: list[str] = []
    rt, rec, sink, clock = gated()
    write = rec.accepted_all

    def logged_write(effects: object, after: object) -> None:
        write(effects, after)
        order.append("write")

    rec.accepted_all = logged_write  # type: ignore[method-assign]
    sink.show = lambda image: order.append("show")  # type: ignore[method-assign]
    for name in ("whose", "plus", "next"):
        paths(rt, rec, clock, (name,), ahead=True)
    order.clear()
    paths(rt, rec, clock, ("shot_done",), ahead=True)
    assert order == ["write", "show"] and rt.writes_inline == 1


class AheadSim(SimTable):
    """The simulated table with frames drawn ahead after every pass of the loop, as
    ``Runtime.run`` draws them while it waits (the simulator's loop is synchronous)."""

    shown_ahead = 0

    def _boot(self, start_s: float) -> None:
        super()._boot(start_s)
        rt = self.runtime
        process_pending = rt.process_pending

        def pass_then_ahead() -> int:
            before = rt.frames_shown_ahead
            n = process_pending()
            AheadSim.shown_ahead += rt.frames_shown_ahead - before
            rt.draw_ahead()
            return n

        rt.process_pending = pass_then_ahead  # type: ignore[method-assign]


def play(cls: type[SimTable], name: str) -> tuple[list[tuple[float, bytes]], dict[str, object], list[str]]:
    game = name.removesuffix("_match")
    app = app_for(game)
    scenario = load_scenario(SCENARIOS / f"{name}.toml", app.buttons, app.beams)
    config = sim_config(load_config(default_config_path(game)), scenario.options, scenario.names)
    sim = cls(config, seed=scenario.seed)
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
        return [(t, img.tobytes()) for t, img in sim.device.frames], sim.output(), list(sim.cues)
    finally:
        sim.close()


SHOWN_AHEAD = {"pichenotte_match": (138, 142), "pitchnut_match": (86, 90), "boulomania_match": (79, 179),
               "pitchbowl_match": (94, 101), "mastermove_match": (132, 134)}
"""(frames shown that had been drawn ahead, frames shown) per scenario match."""


@pytest.mark.parametrize("name", sorted(SHOWN_AHEAD))
def test_a_match_played_with_frames_drawn_ahead_shows_exactly_what_it_shows_without(name: str) -> None:
    AheadSim.shown_ahead = 0
    plain = play(SimTable, name)
    ahead = play(AheadSim, name)
    assert ahead[1] == plain[1]  # the same result
    assert ahead[2] == plain[2]  # the same cues
    assert len(ahead[0]) == len(plain[0])
    assert ahead[0] == plain[0]  # every frame, at the same time, pixel for pixel
    # and these were the frames drawn ahead: all but those after a coin toss or a die's
    # roll (a random input after the press, never guessed), a timer or a serial line
    assert (AheadSim.shown_ahead, len(ahead[0])) == SHOWN_AHEAD[name]


def test_the_publisher_sees_a_state_only_once_its_write_has_returned() -> None:
    """A journaled step's write kept for refresh (the writer thread on) is made before
    the feed gets the state, even when publish comes first (the web view never shows an
    input the journal may still lose)."""
    rt, rec, sink, clock = gated()
    seen: list[int] = []

    class Publisher:
        def publish(self, state: object, match_id: object) -> None:
            seen.append(len(rec.written))

    rt.publisher = Publisher()  # type: ignore[assignment]
    writes = len(rec.written)
    for name in ("whose", "plus", "next", "shot_done"):
        clock.t += 1
        rt._handle(ButtonPressed(name, clock.t))  # handled, not yet refreshed
    rt.publish()
    assert len(rec.written) == writes + 1 and seen == [writes + 1]


def test_a_view_that_raises_in_refresh_still_makes_the_kept_write() -> None:
    """The kept write is made before an error out of the frame's view goes on: the
    input's write is never lost to a drawing bug."""
    rt, rec, sink, clock = gated()
    for name in ("whose", "plus", "next"):
        clock.t += 1
        rt.post(ButtonPressed(name, clock.t))
        rt.process_pending()
    writes = len(rec.written)
    clock.t += 1
    rt._handle(ButtonPressed("shot_done", clock.t))

    def broken() -> object:
        raise RuntimeError("a view bug")

    rt.frame = broken  # type: ignore[method-assign]
    with pytest.raises(RuntimeError, match="a view bug"):
        rt.refresh()
    assert len(rec.written) == writes + 1
