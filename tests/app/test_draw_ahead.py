"""Frames drawn ahead (issue 15 item 2, :mod:`pitchside.app.ahead`): while the loop waits,
``Runtime.draw_ahead`` draws the frame each configured button's press would show. It
changes nothing (no frame shown, no input journaled, the state the same object), a
press whose frame was drawn ahead shows that very image, and a whole match played with
frames drawn ahead after every pass shows, frame for frame, exactly what it shows
without them, in every game."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pitchside.app.ahead import DrawAhead
from pitchside.app.config import load_config
from pitchside.app.runtime import Runtime, TableParts
from pitchside.core.rules import pichenotte as rules
from pitchside.render import screen
from pitchside.signals.events import BeamBroken, ButtonPressed
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
    class Recorder:
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


def test_drawing_ahead_shows_nothing_journals_nothing_and_keeps_the_state() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS, ("twenty",)))
    rt.refresh()
    shown, state = list(sink.shown), rt.kiosk
    drawn = rt.draw_ahead()
    assert drawn == len(sink.ahead) > 0
    assert sink.shown == shown and journal == [] and rt.kiosk is state
    # each image is its frame drawn, and no two frames drawn are the same frame
    frames = list(rt._ahead)
    assert len(set(frames)) == len(frames) == drawn
    for frame, got in rt._ahead.items():
        assert ImageChops.difference(got.image, screen.draw(frame)).getbbox() is None
    assert rt.draw_ahead() == 0  # the same state: nothing drawn twice
    assert len(sink.ahead) == drawn


def test_a_press_whose_frame_was_drawn_ahead_shows_that_image() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS))
    rt.refresh()
    rt.draw_ahead()
    clock.t = 6.0  # the press comes later than the guess: the same frame all the same
    rt.post(ButtonPressed("whose", clock.t))
    rt.process_pending()
    assert sink.shown[-1] in sink.ahead and any(img is sink.shown[-1] for img in sink.ahead)
    assert ImageChops.difference(sink.shown[-1], screen.draw(rt.frame())).getbbox() is None
    assert rt.frames_shown_ahead == 1


def test_an_event_waiting_stops_the_drawing_and_the_next_call_draws_again() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS))
    rt.refresh()
    rt.post(ButtonPressed("whose", clock.t))
    assert rt.draw_ahead() == 0 and sink.ahead == []
    rt.process_pending()
    assert rt.draw_ahead() > 0


def test_none_are_drawn_without_a_plan() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead())
    rt.refresh()
    assert rt.draw_ahead() == 0 and sink.ahead == []
    with pytest.raises(ValueError, match="limit"):
        DrawAhead(BUTTONS, limit=-1)


def test_the_limit_bounds_a_round() -> None:
    sink, clock, journal = AheadSink(), Clock(), list[object]()
    rt = runtime(sink, clock, journal, DrawAhead(BUTTONS, limit=2))
    rt.refresh()
    assert rt.draw_ahead() == 2 and len(sink.ahead) == 2


def test_the_guessed_inputs_are_a_press_of_each_button_then_a_piece_through_each_beam() -> None:
    assert DrawAhead(("a", "b"), ("twenty",)).events(2.5) == (
        ButtonPressed("a", 2.5), ButtonPressed("b", 2.5), BeamBroken("twenty", 2.5, 0.005))


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


@pytest.mark.parametrize("name", ["pichenotte_match", "pitchnut_match", "boulomania_match", "pitchbowl_match",
                                  "mastermove_match"])
def test_a_match_played_with_frames_drawn_ahead_shows_exactly_what_it_shows_without(name: str) -> None:
    AheadSim.shown_ahead = 0
    plain = play(SimTable, name)
    ahead = play(AheadSim, name)
    assert ahead[1] == plain[1]  # the same result
    assert ahead[2] == plain[2]  # the same cues
    assert len(ahead[0]) == len(plain[0])
    assert ahead[0] == plain[0]  # every frame, at the same time, pixel for pixel
    assert AheadSim.shown_ahead > 0  # and some of them were the frames drawn ahead
