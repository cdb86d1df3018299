"""Button gesture decoder: raw edges in, press / release / hold events out.

Pure code over timestamped edges (standard library only; no clock, no thread, no
gpiozero), so the same counting holds on every pin backend and in tests. gpiozero's own
``bounce_time`` is never used: it is unimplemented on MockFactory and means different
things on RPi.GPIO (suppress edges after an edge) and lgpio (report only once stable,
late); see ``shared/notes/libraries.md`` sections 2 and 6.3.

Algorithm ("report first, then lock out until stable")
-------------------------------------------------------
State: the debounced level (``pressed`` or not), the last raw level and its edge time,
and whether the contact is *settling*.

1. **Idle** (not settling) and an edge arrives whose level differs from the debounced
   one: report it at once (``ButtonPressed`` / ``ButtonReleased`` at the edge's ``at``:
   no added latency) and start settling.
2. **Settling**: every edge only records the raw level and its time. The contact has
   settled once no edge came for ``bounce_s``; the deadline ``last_edge_at + bounce_s``
   moves with each bounce.
3. **Settled**: if the raw level then differs from the reported one (a tap shorter than
   the window: pressed, released inside the window, quiet since), the missing change is
   reported now, stamped with the time of the last edge (where the stable level began).
   A tap is never lost.
4. **Hold**: a reported press asks for a timer at ``press_at + hold_s``. At that time,
   if it is still the same press and the raw level is pressed, ``ButtonHeld`` is
   reported (once). If the contact is mid-bounce and reads released at that moment, the
   hold waits: it is reported when the contact reads pressed again, and dropped if the
   contact settles released (then it was a release, reported as such). A release
   always cancels the hold of its press, and every release is reported, so the
   gpiozero #1039 phantom hold (a swallowed release leaving the device "active") cannot
   happen. ``ButtonReleased(held=True)`` closes a hold; there is no extra press.
5. An edge whose level equals the debounced level while idle means its partner edge was
   lost (the backend read the level late): it is ignored and counted in
   :attr:`ButtonDecoder.lost_edges`.

Every decision depends only on the edges and on deadlines, never on when ``timer_due``
is called (see :mod:`.timers`).

Default parameters
------------------
``bounce_s = 0.1`` s, not the customary 20 ms: the real KCD-101 rocker capture
(``shared/data/real/bounce/bouncybutton_rocker_banggood1276758``, test 102, a slow
release) re-closes its contacts 81.9 ms after releasing (pulses of 2.5 µs, 3.2 ms and
17.3 ms, quiet from 105.5 ms). With 20 ms that one release gives release, press,
release (a phantom press at 81.9 ms);
every other rocker test bounces for at most 1.1 ms. 100 ms still reports each press at
its first edge and allows about five taps a second.
``hold_s = 1.0`` s, a usual long press. Active low with pull-up (pressed = level
``False``), as the rocker capture is wired.
"""

from __future__ import annotations

import math

from pitchside.signals.params import ParameterError
from pitchside.signals.events import (
    ButtonHeld,
    ButtonPressed,
    ButtonReleased,
    TableEvent,
)
from pitchside.signals.timers import FilterStep, TimedFilter, TimerBook

DEFAULT_BOUNCE_S = 0.1
"""Seconds without an edge before a contact counts as settled (rocker test 102)."""
DEFAULT_HOLD_S = 1.0
"""Seconds a press must last to be a hold (long press)."""


def check_times(bounce_s: float, hold_s: float, name: str = "") -> None:
    """The check :class:`ButtonDecoder` runs on its times (the table config runs it too,
    so a config ``check-config`` accepts always starts).

    :param bounce_s: settle time, s. :param hold_s: long-press time, s.
    :param name: the input's name, for the message.
    :raises ParameterError: a time that is not a positive finite number of seconds
        (``param`` the first bad one), or ``bounce_s >= hold_s`` (``param`` "bounce_s").
    """
    for key, value in (("bounce_s", bounce_s), ("hold_s", hold_s)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not (math.isfinite(value) and value > 0):
            raise ParameterError(name, key, f"{key} must be a positive number of seconds, got {value!r}")
    if bounce_s >= hold_s:
        raise ParameterError(name, "bounce_s", f"bounce_s ({bounce_s} s) must be shorter than hold_s ({hold_s} s)")


class ButtonDecoder(TimedFilter):
    """Debounce and gesture decoder for one button (a state machine, not thread-safe).

    :param name: the button's pin-map name, copied to every event.
    :param bounce_s: settle time in seconds, ``0 < bounce_s < hold_s``.
    :param hold_s: long-press time in seconds.
    :param pressed_level: the electrical level meaning pressed (``False`` = active low,
        pull-up wiring).
    :param initial_level: the level read when the input was opened; ``None`` means
        released.
    :raises ParameterError: (a ``ValueError``) on a non-positive or non-finite time, or
        ``bounce_s >= hold_s`` (:func:`check_times`).
    """

    def __init__(
        self,
        name: str,
        *,
        bounce_s: float = DEFAULT_BOUNCE_S,
        hold_s: float = DEFAULT_HOLD_S,
        pressed_level: bool = False,
        initial_level: bool | None = None,
    ) -> None:
        check_times(bounce_s, hold_s, name)
        self.name = name
        self.bounce_s = float(bounce_s)
        self.hold_s = float(hold_s)
        self.pressed_level = bool(pressed_level)
        pressed = initial_level is not None and bool(initial_level) == self.pressed_level
        self._stable = pressed  # the debounced, reported state
        self._raw = pressed  # the level after the last edge seen
        self._last_edge_at = -math.inf
        self._settling = False
        self._hold_due: float | None = None  # pending hold of the current press
        self._held = False
        self._now = -math.inf  # latest time seen; the decoder never goes back
        self._book = TimerBook(name)
        self.lost_edges = 0
        """Edges that repeated the debounced level while idle (their partner was lost)."""

    # -- queries ---------------------------------------------------------------------
    @property
    def is_pressed(self) -> bool:
        """The debounced state as reported so far by events."""
        return self._stable

    @property
    def is_held(self) -> bool:
        """True between a ``ButtonHeld`` and the release that ends it."""
        return self._held

    @property
    def next_due(self) -> float | None:
        """The earliest pending deadline in seconds, or ``None`` (for polling runtimes)."""
        return self._next_deadline()

    # -- inputs ----------------------------------------------------------------------
    def edge(self, level: bool, at: float) -> FilterStep:
        """Feed one raw edge: ``level`` is the electrical level after it, ``at`` its time (s).

        An ``at`` earlier than one already seen is treated as that later time.
        """
        at = max(float(at), self._now)
        out: list[TableEvent] = []
        self._advance(at, out)
        self._now = at
        raw = bool(level) == self.pressed_level
        if self._settling:
            self._raw = raw
            self._last_edge_at = at
        elif raw == self._stable:
            self.lost_edges += 1
        else:
            self._raw = raw
            self._last_edge_at = at
            self._settling = True
            self._report(raw, at, out)
        return self._step(out)

    # -- internals -------------------------------------------------------------------
    def _report(self, pressed: bool, at: float, out: list[TableEvent]) -> None:
        self._stable = pressed
        if pressed:
            out.append(ButtonPressed(self.name, at))
            self._hold_due = at + self.hold_s
            self._held = False
        else:
            out.append(ButtonReleased(self.name, at, held=self._held))
            self._hold_due = None
            self._held = False

    def _settle_due(self) -> float | None:
        return self._last_edge_at + self.bounce_s if self._settling else None

    def _hold_deadline(self) -> float | None:
        # A hold waiting on a bouncing contact is decided when it settles.
        if self._hold_due is None or (self._settling and not self._raw):
            return None
        return self._hold_due

    def _next_deadline(self) -> float | None:
        deadlines = [d for d in (self._settle_due(), self._hold_deadline()) if d is not None]
        return min(deadlines) if deadlines else None

    def _advance(self, to: float, out: list[TableEvent]) -> None:
        """Decide every deadline at or before ``to`` seconds, in time order."""
        cursor = self._now  # time of the latest decision taken
        while True:
            settle = self._settle_due()
            settle_ready = settle is not None and settle <= to
            hold = self._hold_deadline()
            hold_ready = hold is not None and hold <= to
            if hold_ready and hold is not None and (not settle_ready or (settle is not None and hold < settle)):
                # Still the same press (a release clears _hold_due) and the raw level is
                # pressed (_hold_deadline is None while a bounce has it released).
                self._hold_due = None
                self._held = True
                out.append(ButtonHeld(self.name, max(hold, cursor)))
                cursor = max(hold, cursor)
            elif settle_ready and settle is not None:
                self._settling = False
                cursor = max(settle, cursor)
                if self._raw != self._stable:
                    self._report(self._raw, self._last_edge_at, out)
            else:
                return

    def _step(self, out: list[TableEvent]) -> FilterStep:
        deadline = self._next_deadline()
        reason = "settle" if deadline is not None and deadline == self._settle_due() else "hold"
        return FilterStep(tuple(out), self._book.need(deadline, reason))
