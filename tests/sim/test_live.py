"""The interactive simulator's real-time loop, on a fake wall clock:
what the table does by itself happens while no key is pressed, and table time follows
the wall. No test here sleeps: a wait for a key moves the fake clock by its timeout."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from pitchside.app.config import TableConfig, load_config
from pitchside_sim.keys import keymap_for
from pitchside_sim.live import KEY_GAP_S, MAX_WAIT_S, Screen, play, wait_s
from pitchside_sim.run import default_config_path
from pitchside_sim.table import SimTable
from pitchside_sim.terminal import TerminalView

START = 1000.0
"""The fake monotonic clock's reading when play starts (s)."""


class Wall:
    """A fake monotonic clock."""

    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t


class Keys:
    """``typed`` first (each read at once), then no key: each wait moves the wall by
    its timeout, until the wall has run ``quiet_s`` more; then ``q``."""

    def __init__(self, wall: Wall, typed: str, quiet_s: float) -> None:
        self.wall, self.typed = wall, list(typed)
        self.waits: list[float] = []
        self.until: float | None = None
        self.quiet_s = quiet_s

    def read(self, timeout_s: float | None = None) -> str | None:
        if self.typed:
            return self.typed.pop(0)
        if self.until is None:
            self.until = self.wall.t + self.quiet_s
        if self.wall.t >= self.until:
            return "q"
        assert timeout_s is not None and 0.0 <= timeout_s <= MAX_WAIT_S
        self.waits.append(timeout_s)
        self.wall.t += timeout_s
        return None


def config(game: str, **kiosk: Any) -> TableConfig:
    c = replace(load_config(default_config_path(game)), serial=())
    return replace(c, kiosk=replace(c.kiosk, **kiosk))


@pytest.fixture
def bowl() -> Iterator[SimTable]:
    sim = SimTable(config("pitchbowl"), seed=3)
    yield sim
    sim.close()


def test_the_wait_for_a_key_ends_when_the_next_timer_is_due() -> None:
    assert wait_s(None, 5.0) == MAX_WAIT_S
    assert wait_s(5.2, 5.0) == pytest.approx(0.2)
    assert wait_s(9.0, 5.0) == MAX_WAIT_S
    assert wait_s(4.0, 5.0) == 0.0  # overdue: at once


def reference(keys: str, then_s: float) -> SimTable:
    """A Pitch Bowl table played ``keys`` on a clock moved by hand, then ``then_s`` s."""
    ref = SimTable(config("pitchbowl"), seed=3)
    keymap, _ = keymap_for("pitchbowl")
    for k in keys:
        ref.act(keymap[k], KEY_GAP_S)
    ref.advance_to(ref.now + then_s)
    return ref


def test_the_coin_toss_animation_runs_to_its_reveal_with_no_key_pressed_PB_06(bowl: SimTable) -> None:
    wall = Wall()
    play(bowl, Keys(wall, "sst", quiet_s=3.0), keymap_for("pitchbowl")[0], monotonic=wall)
    ref = reference("sst", 3.0)
    try:
        assert len(ref.device.frames) == 9  # attract, menu, spin frames 1-5 (1.5 s, PB-06), the reveal
        assert [f.tobytes() for _, f in bowl.device.frames] == [f.tobytes() for _, f in ref.device.frames]
    finally:
        ref.close()
    assert bowl.runtime.state.match.state.toss_winner is not None


def test_table_time_follows_the_wall_and_each_timer_fires_on_time(bowl: SimTable) -> None:
    wall = Wall()
    keys = Keys(wall, "sst", quiet_s=3.0)
    play(bowl, keys, keymap_for("pitchbowl")[0], monotonic=wall)
    assert bowl.now == pytest.approx(wall.t - START)
    assert 3.0 - 1e-9 <= sum(keys.waits) < 3.0 + MAX_WAIT_S and max(keys.waits) <= MAX_WAIT_S  # a float sum of the waits
    ref = reference("sst", 3.0)
    try:  # each frame at the time of its timer, not at the next look at the keys
        assert [t for t, _ in bowl.device.frames] == pytest.approx([t for t, _ in ref.device.frames], abs=1e-9)
    finally:
        ref.close()


def test_keys_from_a_file_play_in_table_time_alone(bowl: SimTable) -> None:
    class Piped:
        def __init__(self, text: str) -> None:
            self.stream = io.StringIO(text)

        def read(self, timeout_s: float | None = None) -> str:
            assert timeout_s is None  # nothing waits
            return self.stream.read(1)

    play(bowl, Piped("sst"), keymap_for("pitchbowl")[0], monotonic=None)
    presses = 3 * (0.15 + KEY_GAP_S)
    assert bowl.now == pytest.approx(presses, abs=0.01)  # no wall time in it


def test_an_idle_panel_dims_by_itself_and_the_status_line_says_so() -> None:
    view = TerminalView(io.StringIO(), enabled=False, size=lambda: (80, 24))
    sim = SimTable(config("pichenotte", dim_after_s=5.0), seed=1, on_frame=view)  # as run.py wires them
    try:
        wall = Wall()
        screen = Screen(view, sim.device, "pichenotte", "t toss q quit")
        drawn = []

        def redraw() -> None:
            if screen():
                drawn.append(screen.footer()[0])

        play(sim, Keys(wall, "", quiet_s=6.0), keymap_for("pichenotte")[0], redraw=redraw, monotonic=wall)
        assert sim.device.level == 16  # the config's dim_contrast, after 5 s with no input
        assert drawn == ["pichenotte on the simulated table, 128x64 panel",
                         "pichenotte on the simulated table, 128x64 panel - dimmed (contrast 16), any key wakes it"]
    finally:
        sim.close()


def test_a_resized_terminal_is_redrawn_though_nothing_else_changed(bowl: SimTable) -> None:
    size = [(80, 24)]
    view = TerminalView(io.StringIO(), enabled=False, size=lambda: size[0])
    view(bowl.device.frames[-1][1])
    screen = Screen(view, bowl.device, "pitchbowl", "q quit")
    assert screen() and not screen()
    size[0] = (140, 40)
    assert screen() and view.fit is not None and view.fit.view == "blocks"


PICHENOTTE_ROUND = "ttscdsdssxsasscs+nnnn+n+s"
"""The demo match's first round (sim/pitchside_sim/scenarios/pichenotte_match.toml) as
keys: wake, toss, ten shots with a call, twenties and ditches, then part of the tally."""


def test_scripted_keys_show_the_same_frames_with_most_of_them_drawn_ahead() -> None:
    class Piped:
        def __init__(self, text: str) -> None:
            self.stream = io.StringIO(text)

        def read(self, timeout_s: float | None = None) -> str:
            return self.stream.read(1)

    keymap = keymap_for("pichenotte")[0]
    sim = SimTable(config("pichenotte"), seed=3)
    ref = SimTable(config("pichenotte"), seed=3)  # the same keys acted out with nothing drawn ahead
    try:
        play(sim, Piped(PICHENOTTE_ROUND), keymap, monotonic=None)
        for k in PICHENOTTE_ROUND:
            ref.act(keymap[k], KEY_GAP_S)
        assert [(t, f.tobytes()) for t, f in sim.device.frames] == [(t, f.tobytes()) for t, f in ref.device.frames]
        assert len(sim.device.frames) == sim.runtime.frames_shown == 23
        # all but the boot frame and the toss's (a guess drops the toss, so its frame is never drawn ahead)
        assert (sim.runtime.frames_shown_ahead, ref.runtime.frames_shown_ahead) == (21, 0)
        # the toss and nine shots journaled: the shots' frames drawn ahead, written in the loop's
        # thread; the toss's on the writer thread while its frame was drawn
        assert (sim.runtime.writes_inline, sim.runtime.writes_overlapped) == (9, 1)
        assert (ref.runtime.writes_inline, ref.runtime.writes_overlapped) == (0, 10)
        assert len(sim.runtime.state.match.inputs) == 10
    finally:
        sim.close()
        ref.close()
