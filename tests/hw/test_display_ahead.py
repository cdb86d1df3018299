"""Frames prepared ahead (``Display.prepare_ahead``, the runtime's frames drawn
ahead): several frames packed and planned at once, none of them sent; the one
shown goes out exactly as a plain ``show`` sends it, and a frame prepared against a
panel that has changed since is planned again, so the panel always holds the frame
shown."""

from __future__ import annotations

import random

import pytest

from pitchside.app.ahead import DRAW_AHEAD_MAX
from pitchside_hw.display import AHEAD_MAX, Display
from pitchside_hw.partial import STAGED_MAX, PanelRam, PartialSH1106, PartialSSD1306
from support.display_bus import Bus, scene, started


def test_room_for_two_rounds_of_the_most_frames_a_table_draws_ahead() -> None:
    assert AHEAD_MAX == 2 * DRAW_AHEAD_MAX  # the last round and one cut short
    assert STAGED_MAX == AHEAD_MAX + 1  # and a journaled frame's plan (Display.prepare)


def test_past_the_room_the_frame_readied_longest_ago_is_dropped() -> None:
    bus = Bus()
    display = Display(started(PartialSSD1306, bus))
    rng = random.Random(9)
    display.show(scene(rng, display.size))
    images = [scene(rng, display.size) for _ in range(AHEAD_MAX + 1)]
    for img in images[:AHEAD_MAX]:
        display.prepare_ahead(img)
    display.prepare_ahead(images[1])  # readied again: now the newest, images[0] the oldest
    display.prepare_ahead(images[AHEAD_MAX])  # one more than the room: images[0] goes
    assert not display.readied(images[0])
    assert all(display.readied(img) for img in images[1:])


@pytest.mark.parametrize("full_every", [0, 3, 32])
@pytest.mark.parametrize("cls", [PartialSSD1306, PartialSH1106])
def test_the_frame_shown_of_those_prepared_ahead_sends_what_a_plain_show_sends(cls: type, full_every: int) -> None:
    rng = random.Random(full_every + (7 if cls is PartialSH1106 else 0))
    a_bus, b_bus = Bus(), Bus()
    a = Display(started(cls, a_bus, full_every=full_every))
    b = Display(started(cls, b_bus, full_every=full_every))
    a_bus.log.clear()
    b_bus.log.clear()
    for _ in range(40):
        guesses = [scene(rng, b.size) for _ in range(rng.randrange(1, AHEAD_MAX + 20))]  # past AHEAD_MAX too
        for img in guesses:
            b.prepare_ahead(img)
        r = rng.random()
        shown = (guesses[-1] if r < 0.5  # the last prepared: its plan is kept
                 else guesses[0] if r < 0.7  # the first: dropped when more than AHEAD_MAX came
                 else scene(rng, b.size))  # none of them: prepared when shown
        a.show(shown.copy())
        b.show(shown)
    assert b_bus.log == a_bus.log
    assert (b.frames_sent, b.frames_skipped) == (a.frames_sent, a.frames_skipped)


def test_preparing_ahead_sends_nothing() -> None:
    bus = Bus()
    display = Display(started(PartialSSD1306, bus))
    rng = random.Random(1)
    display.show(scene(rng, display.size))
    bus.log.clear()
    for _ in range(10):
        display.prepare_ahead(scene(rng, display.size))
    assert bus.log == [] and display.frames_sent == 1


def test_frames_prepared_ahead_go_stale_when_another_frame_is_sent() -> None:
    ram = PanelRam("ssd1306")
    device = started(PartialSSD1306, ram)
    display = Display(device)
    rng = random.Random(2)
    first, b, c = (scene(rng, (128, 64)) for _ in range(3))
    display.show(first)
    display.prepare_ahead(b)
    display.prepare_ahead(c)  # both planned against `first`
    display.show(b)
    assert ram.shows(b)
    display.show(c)  # its plan was made against `first`: planned again against b
    assert ram.shows(c)


def test_invalidate_forgets_the_frames_prepared_ahead() -> None:
    bus = Bus()
    device = started(PartialSSD1306, bus)
    display = Display(device)
    rng = random.Random(3)
    display.show(scene(rng, (128, 64)))
    ahead = scene(rng, (128, 64))
    display.prepare_ahead(ahead)
    display.invalidate()
    bus.log.clear()
    display.show(ahead)
    assert [len(v) for k, v in bus.log if k == "data"] == [1024]  # whole, as after any invalidate


@pytest.mark.parametrize("cls", [PartialSSD1306, PartialSH1106])
def test_a_device_with_several_frames_staged_plans_again_once_one_is_sent(cls: type) -> None:
    ram = PanelRam("ssd1306") if cls is PartialSSD1306 else PanelRam("sh1106", view_offset=2)
    device = started(cls, ram)
    rng = random.Random(4)
    first, b, c = (scene(rng, (128, 64)) for _ in range(3))
    device.display(first)
    device.stage(b)
    device.stage(c)  # both planned against `first`
    device.display(b)
    assert ram.shows(b)
    device.display(c)  # planned again, against b
    assert ram.shows(c)
