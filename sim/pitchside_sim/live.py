"""The interactive simulator in real time: the table's clock follows the monotonic
clock, so what the table does by itself (the coin-toss animation, the hold time of a
button, dimming an idle panel, going back to attract after a result) happens while
nobody presses a key, as at a real table.

:func:`play` waits for a key at most until the table's next timer is due
(:func:`wait_s`), then lets the table time run to the monotonic time now
(:meth:`SimTable.advance_to`, which fires the due timers in order) and redraws the
terminal when the frame, the panel's contrast or the terminal's size changed
(:class:`Screen`). Before it waits it draws the frames of the likely next inputs
(:meth:`pitchside.app.runtime.Runtime.draw_ahead`, as ``Runtime.run`` does before it
blocks), so a key's frame is usually drawn already; what is shown is the same frame for
frame. A key is acted out from the moment it is read: the press and its
settle time run in table time ahead of the wall, and the clock waits for the wall to
catch up (table time never goes back). Keys from a file or a pipe (no terminal) play in
table time alone, as before: repeatable, for scripted keys.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Protocol

from pitchside_sim.frames import RecordingDevice
from pitchside_sim.scenario import Action
from pitchside_sim.table import SimTable
from pitchside_sim.terminal import TerminalView
from pitchside_sim.textview import Footer, KeyHelp

KEY_GAP_S = 0.3
"""Table time after each key's release before the next key may press (s): more than
the buttons' 100 ms settle time, so keys typed ahead each count."""
MAX_WAIT_S = 0.5
"""The longest a wait for a key lasts with no timer due (s): a resized terminal is
redrawn within it."""
TIMER_SLACK_S = 0.001
"""A wait that ended this close before the timer it waited for fires it (s): the wall's
float arithmetic (``1001.502 - 1000.0`` is under ``1.502``) never spins the loop."""
DIM_BELOW = 128
"""A contrast below this is drawn faint: the panel is dimmed."""


class Keys(Protocol):
    """Where keys come from (:class:`pitchside_sim.terminal.KeyReader`)."""

    def read(self, timeout_s: float | None = None) -> str | None:
        """A key, ``""`` at the end of input, None after ``timeout_s`` seconds with none."""
        ...


def wait_s(due: float | None, now: float, longest_s: float = MAX_WAIT_S) -> float:
    """How long to wait for a key (s): until the next timer is ``due`` (table time, s;
    None: no timer) seen from ``now``, at most ``longest_s``, never less than 0."""
    if due is None:
        return longest_s
    return min(longest_s, max(0.0, due - now))


class Screen:
    """Redraws the terminal when something a player would see changed: a new frame,
    its words, the panel dimmed or switched off or back, the terminal resized.

    :param view: the terminal view the device's frames go to.
    :param device: the simulated panel (its frames, contrast and power).
    :param game: named on the status line.
    :param keys: the key help, wrapped between pairs under the status line.
    :param said: the screen's words now (:func:`pitchside_sim.words.words` of the
        runtime's frame), drawn as text under the panel.
    :param notes: lines kept under the status line (the ``--web`` address).
    """

    def __init__(self, view: TerminalView, device: RecordingDevice, game: str, keys: KeyHelp,
                 said: Callable[[], tuple[str, ...]] = tuple, notes: tuple[str, ...] = ()) -> None:  # fmt: skip
        self.view = view
        self.device = device
        self.game = game
        self.keys = keys
        self.said = said
        self.notes = notes
        self._shown: tuple[object, ...] | None = None

    def footer(self) -> Footer:
        """The status line (game, panel size, dimmed or off), the notes, and the key
        help (wrapped between pairs when drawn)."""
        w, h = self.device.width, self.device.height
        state = "" if self.device.on else " - panel off"
        if self.device.on and self.device.level < DIM_BELOW:
            state = f" - dimmed (contrast {self.device.level}), any key wakes it"
        status = f"{self.game} on the simulated table, {w}x{h} panel{state}"
        return (status, *self.notes, self.keys)

    def __call__(self) -> bool:
        """Draw if anything changed; returns whether it drew."""
        if self.view.last is None:
            return False
        terminal = self.view.terminal()
        said = self.said() if self.device.on else ()
        seen = (len(self.device.frames), terminal, self.device.level, self.device.on, said)
        if seen == self._shown:
            return False
        self._shown = seen
        self.view.draw(self.view.last, self.footer(), dim=self.device.level < DIM_BELOW, text=said)
        return True


def play(
    sim: SimTable,
    keys: Keys,
    keymap: Mapping[str, Action],
    redraw: Callable[[], object] = lambda: None,
    monotonic: Callable[[], float] | None = time.monotonic,
    longest_s: float = MAX_WAIT_S,
) -> None:
    """Play ``sim`` from ``keys`` until ``q`` or the end of the input.

    :param keymap: key -> the action it acts out (:mod:`pitchside_sim.keys`).
    :param redraw: called after every pass (a :class:`Screen`).
    :param monotonic: the wall clock, seconds, that table time follows (a test gives its
        own); None: table time moves only with the keys, each acted out
        :data:`KEY_GAP_S` after the last (keys read from a file or a pipe, so a run of
        them is repeatable), and nothing waits.
    :raises KeyboardInterrupt: Ctrl-C (the caller saves the match).
    """
    origin = (monotonic() if monotonic is not None else 0.0) - sim.now  # table time now is the wall time now

    def wall() -> float:
        return sim.now if monotonic is None else monotonic() - origin

    while True:
        sim.advance_to(wall())
        redraw()
        sim.runtime.draw_ahead()  # before it waits, as Runtime.run does: the likely next frames
        due = sim.runtime.next_due()
        key = keys.read(None if monotonic is None else wait_s(due, wall(), longest_s))
        if key is None:  # a timer is due, or a look at the terminal's size
            if due is not None and due - wall() <= TIMER_SLACK_S:
                sim.advance_to(due)  # waited for it: due now, whatever the last float digits say
            continue
        if key in ("", "q"):
            return
        action = keymap.get(key)
        if action is not None:
            sim.advance_to(wall())  # the press starts now, not when the last pass ended
            sim.act(action, KEY_GAP_S)
