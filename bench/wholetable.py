"""Memory through the whole table: the demo match played match after match on ONE
long-lived table (drivers, runtime, kiosk and game controllers, rules, renderer,
:class:`Display` on the partial-update device, the SQLite journal), as a table in a
pub runs all evening.

The table is the simulator's (:class:`pitchside_sim.table.SimTable`: a virtual-clock
MockFactory, presses with contact bounce, beam breaks) with changes that keep the
bench's own bookkeeping out of the figure: the device is the firmware's
``PartialSSD1306`` on luma's ``noop`` bus (the simulator's recording device keeps a copy
of every frame), the coin toss always falls to A (so every match plays exactly as the
scenario says and finishes), the mock pins' recorded history is dropped between
matches, and the journal is kept where the caller says (a RAM-backed
directory is fine here: the figure is memory, not durability). Between two matches the
virtual clock runs past the result screen's timeout, so the kiosk starts the next match
itself (``NewMatch``).

The runtime makes a pass only when :meth:`Runtime.run` would wake: after a driver put
something on its queue (an event or a timer request, seen through ``build_table``'s
``tap``) or a timer fell due. The simulator's driving also makes a pass after every edge
and at the end of every clock advance, whether or not anything happened (about three
passes in four of the demo match: nothing handled, the unchanged frame compared and not
shown); the bench skips those, which changes no frame, write or state (the passes it
skips handle nothing, and the frame of an unchanged state is the one already shown).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from pitchside_sim.table import SimTable

BETWEEN_MATCHES_S = 900.0
"""Virtual seconds of quiet after a match: longer than the result timeout."""


class WholeTable(SimTable):
    """A :class:`SimTable` without the recording device (see the module docstring)."""

    def __init__(self, config: Any, journal_path: Path) -> None:  # noqa: D107 - no super().__init__: see above
        from pitchside.app.journal import Journal
        from pitchside.tables.registry import app_for
        from pitchside_hw.display import Display
        from pitchside_hw.pins import TickClock
        from pitchside_hw.table import build_table
        from pitchside_sim import pulses
        from pitchside_sim.clock import VirtualClockFactory

        from latency import make_device

        self.config = config
        self.factory = VirtualClockFactory()
        self.clock = TickClock(self.factory, epoch_ticks=0.0)
        self.cues: list[str] = []
        self._tmp = None
        self._due = False  # a pass is due: a driver posted, or a timer fell due
        self.journal = Journal.open(journal_path)
        self.app = app_for(config.game)
        rng = random.Random(1)
        self.table = build_table(
            config, pin_factory=self.factory, clock=self.clock, journal=self.journal,
            open_display=lambda role, d: Display(make_device("partial"), persist=True, name=f"bench {role}"),
            toss=lambda: "A", dice=lambda n: tuple(rng.randint(1, 6) for _ in range(n)), tap=self._noting,
        )  # fmt: skip
        assert self.table.recorder is not None
        self.recorder = self.table.recorder
        self.runtime = self.table.runtime
        self.inputs = self.table.inputs
        self.display = self.table.display
        self._pass, self._fire_due = self.runtime.process_pending, self.runtime.fire_due
        self.runtime.process_pending = self._process_pending  # type: ignore[method-assign]
        self.runtime.fire_due = self._fire_when_due  # type: ignore[method-assign]
        for beam in config.beams:
            pulses.drive(self.factory.pin(beam.pin), beam.blocked_level != "high")
        self.runtime.refresh()

    def _noting(self, post: Any) -> Any:
        """The drivers' ``queue_put``: ``post``, noting that a pass is due."""

        def put(item: Any) -> None:
            self._due = True
            post(item)

        return put

    def _fire_when_due(self, now: float) -> int:
        fired: int = self._fire_due(now)
        self._due = self._due or fired > 0
        return fired

    def _process_pending(self) -> int:
        """The runtime's pass, made only when :meth:`Runtime.run` would wake."""
        if not self._due:
            return 0
        self._due = False
        handled: int = self._pass()
        return handled

    def forget_pin_history(self) -> None:
        """gpiozero's ``MockPin`` keeps every state it had (for ``assert_states``): the
        mock's bookkeeping, not the table's, dropped between matches."""
        for pin in self.factory.pins.values():
            pin.clear_states()


def run(matches: int, journal_dir: Path, rss: Any, warmup: int = 100) -> dict[str, Any]:
    """Play the demo match ``matches`` times on one :class:`WholeTable`; RSS (``rss()``,
    MiB) after ``warmup`` matches, at ten checkpoints and at the end. Every match must
    finish with the scenario's winner (counted in ``matches_finished``)."""
    import time

    from common import load_demo

    scenario, config = load_demo()
    table = WholeTable(config, journal_dir / "whole.db")
    finished = 0
    rss_warm = rss()
    checkpoints: list[float] = []
    t0 = time.perf_counter()
    try:
        for i in range(matches):
            for action in scenario.actions:
                table.act(action, scenario.gap_s)
            finished += table.output().get("winner") == "A"
            table.advance_to(table.now + BETWEEN_MATCHES_S)
            table.forget_pin_history()
            if i + 1 == min(warmup, matches):
                rss_warm = rss()
            if (i + 1) % max(1, matches // 10) == 0:
                checkpoints.append(round(rss(), 2))
        frames = table.display.frames_sent
    finally:
        table.close()
    elapsed = time.perf_counter() - t0
    rss_end = checkpoints[-1] if checkpoints else rss()
    return {
        "matches": matches,
        "matches_finished": finished,
        "frames_sent": frames,
        "warmup_matches": min(warmup, matches),
        "rss_after_warmup_mb": round(rss_warm, 2),
        "rss_after_matches_mb": round(rss_end, 2),
        "rss_growth_after_warmup_mb": round(rss_end - rss_warm, 2),
        "rss_checkpoints_mb": checkpoints,
        "ms_per_match": round(elapsed / max(1, matches) * 1000, 1),
    }
