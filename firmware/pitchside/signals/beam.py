"""Break-beam piece counter: raw edges in, one ``BeamBroken`` per piece out.

Pure code over timestamped edges (standard library only), in layers:

1. **Level**: which electrical level means "blocked" is a required parameter, because
   it depends on the sensor: the plasduino photogate of the real captures pulls LOW when
   blocked ("falling edge = beam blocked"), LM393 slot sensors go HIGH when blocked, and
   a bare IR receiver on a pull-up is LOW while it sees the beam (so HIGH = blocked,
   ``shared/notes/libraries.md`` section 2). Check the wiring with a meter.
2. **Glitch filter**: a block shorter than ``min_block_s`` is not a piece. A pass is only
   known to be a piece at its end, so a piece is counted when the beam clears, and
   ``BeamBroken.blocked_s`` is the measured blocked time.
3. **Re-arm window**: a block that starts less than ``rearm_s`` after a counted pass
   ended is flutter at the trailing edge of the same piece and is not counted again.
4. **Storm detector**: edges closer than ``storm_window_s`` to each other form a burst.
   When ``storm_pulses`` blocks start within ``storm_window_s``, the burst is a storm (an
   IR remote frame, a loose wire): ``SensorNoisy`` is reported once for the burst and
   nothing more is counted until the sensor has been quiet for ``storm_window_s``. A
   piece counted before the storm became evident has already been reported, so a burst
   yields at most the pieces seen before its ``storm_pulses``-th pulse (for an IR frame:
   its leader, one piece); the report's ``since`` is when the burst began, so that the
   consumer can withdraw those pieces (the ones whose block started at or after it).
   A second test decides on the *spacing* of the block starts, not their number in a
   window: ``train_pulses`` blocks in a row, each starting at most ``train_spacing_s``
   after the previous one, are a pulse train (an IR remote's data bits) and a storm too,
   with the same report and the same quiet time. Pieces cannot make one: a piece is
   blocked for 5 ms or more and the next one starts 5 ms or more after it clears, so
   only the flicker at one edge (2-6 transitions within 2 ms, at most 4 block starts)
   puts block starts closer than 3 ms to each other, whereas an IR frame is a run of
   dozens (NEC: 32 starts 1.1 or 2.25 ms apart; SIRC: 20, 1.2 or 1.8 ms apart). This is
   what tells an IR frame from pucks 5 ms apart with flicker, which have as many block
   starts per 15 ms as an NEC frame of ones (pulses 2.25 ms apart).
5. **Stuck beam**: blocked for ``max_block_s`` or more is not a piece but a fault:
   ``SensorNoisy`` ("blocked") at ``block_start + max_block_s`` via a
   :class:`~.timers.TimerRequest`; the pass is not counted when it clears.
6. **Missed edges** (the backend lost one edge, so two edges in a row have the same
   level, as in photogate run 397 at 229.118572 s and 229.130508 s): a second
   "clear" edge is ignored (no phantom count: the lost block's length is unknown); a
   second "blocked" edge restarts the block (its stuck timer too, so the input cannot
   stick). Both are counted in :attr:`BeamCounter.lost_edges`.

Default parameters and the captures behind them
-----------------------------------------------
* ``min_block_s = 2 ms``: the photogate passes of runs 003/396/397 are blocked 6.3-155 ms,
  so 2 ms keeps a 5 ms break (a fast piece) while dropping sub-ms spikes. The IR
  captures' data pulses (0.55-1.2 ms) fall below it; the Sony SIRC leader (2.4 ms) and
  NEC leader (9 ms) do not, which is what the storm detector is for.
* ``rearm_s = 20 ms``: photogate passes are at least 897 ms apart; pieces on a table are
  tens of ms apart at the very least.
* ``storm_pulses = 6`` within ``storm_window_s = 100 ms``: an NEC frame has 34 pulses in
  68.6 ms, a SIRC frame 21 in 29.2 ms (frames 15.6 ms apart); the photogate never has
  more than one block per 897 ms.
* ``train_pulses = 8`` starts each within ``train_spacing_s = 3 ms`` of the previous: the
  IR data pulses of both captures start 1.13-2.24 ms apart (the SIRC leader's start is
  2.95-3.0 ms before its first bit, the NEC leader's 13.6 ms); the common protocols
  (NEC, Samsung, JVC, RC5, RC6, SIRC) have bits of at most 2.25 ms. The longest run
  pieces make is 4 starts (the flicker of one edge; ``counting.spacing`` of
  bench/counting.py), so 8 is twice that; a train is flagged at the 8th data pulse,
  8-16 ms after an IR frame's first data pulse.
* ``max_block_s = 2 s``: the longest photogate block is 155 ms; a piece resting in the
  beam is not a pass.
"""

from __future__ import annotations

import math
from collections import deque

from pitchside.signals.events import BeamBroken, SensorNoisy, TableEvent
from pitchside.signals.params import ParameterError, check_count, check_seconds
from pitchside.signals.timers import FilterStep, TimedFilter, TimerBook

DEFAULT_MIN_BLOCK_S = 0.002
DEFAULT_REARM_S = 0.020
DEFAULT_MAX_BLOCK_S = 2.0
DEFAULT_STORM_PULSES = 6
DEFAULT_STORM_WINDOW_S = 0.100
DEFAULT_TRAIN_PULSES = 8
DEFAULT_TRAIN_SPACING_S = 0.003


def check_params(
    *,
    min_block_s: float = DEFAULT_MIN_BLOCK_S,
    rearm_s: float = DEFAULT_REARM_S,
    max_block_s: float = DEFAULT_MAX_BLOCK_S,
    storm_pulses: int = DEFAULT_STORM_PULSES,
    storm_window_s: float = DEFAULT_STORM_WINDOW_S,
    train_pulses: int = DEFAULT_TRAIN_PULSES,
    train_spacing_s: float = DEFAULT_TRAIN_SPACING_S,
    name: str = "",
) -> None:
    """The check :class:`BeamCounter` runs on its parameters (the table config runs it
    too, so a config ``check-config`` accepts always starts). Times in s.

    :raises ParameterError: ``param`` names the parameter: a time that is not finite and
        >= 0, ``min_block_s >= max_block_s`` ("min_block_s"), fewer than 2 storm pulses
        or train pulses, ``train_spacing_s >= min_block_s + rearm_s`` ("train_spacing_s":
        real pieces, which start at least that far apart, would make a train).
    """
    for key, value in (
        ("min_block_s", min_block_s),
        ("rearm_s", rearm_s),
        ("max_block_s", max_block_s),
        ("storm_window_s", storm_window_s),
        ("train_spacing_s", train_spacing_s),
    ):
        check_seconds(name, key, value, positive=False)
    if not min_block_s < max_block_s:
        raise ParameterError(name, "min_block_s", f"min_block_s ({min_block_s} s) must be below max_block_s ({max_block_s} s)")
    check_count(name, "storm_pulses", storm_pulses, 2)
    check_count(name, "train_pulses", train_pulses, 2)
    if not train_spacing_s < min_block_s + rearm_s:
        # two counted pieces start at least min_block + rearm apart: a train spacing that
        # long would call a run of real pieces a pulse train and drop them
        raise ParameterError(name, "train_spacing_s",
                             f"train_spacing_s ({train_spacing_s * 1e3:g} ms) must be below min_block_s + rearm_s "
                             f"({(min_block_s + rearm_s) * 1e3:g} ms), the closest two pieces can start")


class BeamCounter(TimedFilter):
    """Piece counter for one break-beam (a state machine, not thread-safe).

    :param name: the sensor's pin-map name, copied to every event.
    :param blocked_level: the electrical level meaning "beam blocked" (required: it
        depends on the sensor, see the module notes).
    :param min_block_s: shortest block counted as a piece, seconds.
    :param rearm_s: seconds the beam must stay clear after a counted pass before a new
        block can count.
    :param max_block_s: a block this long (s) is a fault, not a piece.
    :param storm_pulses: blocks starting within ``storm_window_s`` that make a storm.
    :param storm_window_s: storm window and burst quiet time, seconds.
    :param train_pulses: blocks in a row, each starting within ``train_spacing_s`` of
        the previous one, that make a storm (a pulse train, module notes).
    :param train_spacing_s: the longest gap between the starts of a train's blocks, s.
    :param initial_level: the level read when the input was opened; ``None`` = clear.
    :raises ParameterError: (a ``ValueError``) on a non-finite or out-of-order
        parameter (:func:`check_params`).
    """

    def __init__(
        self,
        name: str,
        *,
        blocked_level: bool,
        min_block_s: float = DEFAULT_MIN_BLOCK_S,
        rearm_s: float = DEFAULT_REARM_S,
        max_block_s: float = DEFAULT_MAX_BLOCK_S,
        storm_pulses: int = DEFAULT_STORM_PULSES,
        storm_window_s: float = DEFAULT_STORM_WINDOW_S,
        train_pulses: int = DEFAULT_TRAIN_PULSES,
        train_spacing_s: float = DEFAULT_TRAIN_SPACING_S,
        initial_level: bool | None = None,
    ) -> None:
        check_params(
            min_block_s=min_block_s, rearm_s=rearm_s, max_block_s=max_block_s,
            storm_pulses=storm_pulses, storm_window_s=storm_window_s,
            train_pulses=train_pulses, train_spacing_s=train_spacing_s, name=name,
        )  # fmt: skip
        self.name = name
        self.blocked_level = bool(blocked_level)
        self.min_block_s = float(min_block_s)
        self.rearm_s = float(rearm_s)
        self.max_block_s = float(max_block_s)
        self.storm_pulses = int(storm_pulses)
        self.storm_window_s = float(storm_window_s)
        self.train_pulses = int(train_pulses)
        self.train_spacing_s = float(train_spacing_s)
        self._blocked = initial_level is not None and bool(initial_level) == self.blocked_level
        self._block_start = -math.inf if not self._blocked else 0.0
        self._stuck = self._blocked  # blocked at start: unknown length, never a piece
        self._last_count_end = -math.inf
        self._last_edge_at = -math.inf
        self._block_starts: deque[float] = deque()  # block starts in the current window
        self._burst_start = -math.inf  # the first edge of the current burst
        self._storm = False  # the current burst is a storm
        self._train = 0  # blocks in a row, each starting within train_spacing_s of the last
        self._last_block_at = -math.inf  # the latest block start
        self._now = -math.inf
        self._book = TimerBook(name)
        self.lost_edges = 0
        """Edges that repeated the previous level (their partner edge was lost)."""
        self.count = 0
        """Pieces counted so far."""

    # -- queries ---------------------------------------------------------------------
    @property
    def is_blocked(self) -> bool:
        """The beam's state after the last edge."""
        return self._blocked

    @property
    def is_noisy(self) -> bool:
        """True while the current burst is a storm or the beam is stuck blocked."""
        return self._storm or (self._blocked and self._stuck)

    @property
    def next_due(self) -> float | None:
        """The earliest pending deadline in seconds, or ``None`` (for polling runtimes)."""
        return self._stuck_due()

    # -- inputs ----------------------------------------------------------------------
    def edge(self, level: bool, at: float) -> FilterStep:
        """Feed one raw edge: ``level`` is the electrical level after it, ``at`` its time (s)."""
        at = max(float(at), self._now)
        out: list[TableEvent] = []
        self._advance(at, out)
        self._now = at
        if at - self._last_edge_at > self.storm_window_s:
            self._storm = False  # quiet long enough: a new burst
            self._block_starts.clear()
            self._burst_start = at
        self._last_edge_at = at
        if bool(level) == self.blocked_level:
            self._on_block(at, out)
        else:
            self._on_clear(at, out)
        return self._step(out)

    # -- internals -------------------------------------------------------------------
    def _on_block(self, at: float, out: list[TableEvent]) -> None:
        if self._blocked:
            self.lost_edges += 1  # the clearing edge was lost: restart the block
        self._blocked = True
        self._block_start = at
        self._stuck = False
        starts = self._block_starts
        starts.append(at)
        while starts and at - starts[0] > self.storm_window_s:
            starts.popleft()
        self._train = self._train + 1 if at - self._last_block_at <= self.train_spacing_s else 1
        self._last_block_at = at
        if self._storm:
            return
        if len(starts) >= self.storm_pulses:
            why = f"{len(starts)} pulses within {self.storm_window_s * 1e3:g} ms"
        elif self._train >= self.train_pulses:
            why = f"{self._train} pulses in a row, each within {self.train_spacing_s * 1e3:g} ms"
        else:
            return
        self._storm = True
        out.append(SensorNoisy(self.name, at, f"storm: {why}", since=self._burst_start))

    def _on_clear(self, at: float, out: list[TableEvent]) -> None:
        if not self._blocked:
            self.lost_edges += 1  # the blocking edge was lost: length unknown, no count
            return
        self._blocked = False
        blocked_s = at - self._block_start
        if self._stuck or self._storm or blocked_s < self.min_block_s:
            return
        if self._block_start - self._last_count_end < self.rearm_s:
            return
        self._last_count_end = at
        self.count += 1
        out.append(BeamBroken(self.name, at, blocked_s))

    def _stuck_due(self) -> float | None:
        if self._blocked and not self._stuck:
            return self._block_start + self.max_block_s
        return None

    def _advance(self, to: float, out: list[TableEvent]) -> None:
        due = self._stuck_due()
        if due is not None and due <= to:
            self._stuck = True
            out.append(
                SensorNoisy(self.name, due, f"blocked: beam blocked for {self.max_block_s:g} s")
            )

    def _step(self, out: list[TableEvent]) -> FilterStep:
        return FilterStep(tuple(out), self._book.need(self._stuck_due(), "stuck"))
