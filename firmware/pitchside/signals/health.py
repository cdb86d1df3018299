"""Sensor health: what each break-beam did in each match, and what that says about it.

A beam that dies or turns noisy does not stop a match (the players enter by hand what
it would have sensed; sensor health), so the table must say which sensor to look at.
Pure values and functions (standard library only):

* :class:`SensorTally` is one sensor's record of one match: pieces it counted
  (``blocks``, one per :class:`~pitchside.signals.events.BeamBroken`), storms and
  stuck-blocked reports (:class:`~pitchside.signals.events.SensorNoisy` with and
  without ``since``), and what the players corrected on the panel: pieces entered by
  hand that the sensor should have counted (``by_hand``) and counts they withdrew
  (``withdrawn``). :func:`tally` folds one event into it.
* :class:`SensorHealth` is one sensor's record over the matches the journal keeps
  (:meth:`pitchside.app.journal.Journal.sensor_health`): the latest match's tally,
  blocks per finished match, totals, and ``silent_for``, the finished matches in a row
  (the newest first) in which it counted nothing. Its :attr:`~SensorHealth.flags` are
  what the service page and ``pitchside history --sensors`` show.

Only finished matches count towards ``silent_for`` and the mean: a match abandoned
after two shots says little about a sensor (a Pichenotte match may well have no twenty
in its first shots, never in a whole match of four rounds).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pitchside.signals.events import BeamBroken, SensorNoisy

SILENT_WARN_MATCHES = 3
"""Finished matches in a row without a block after which a sensor is flagged silent."""


@dataclass(frozen=True, slots=True)
class SensorTally:
    """One sensor in one match (counts, all >= 0).

    :param blocks: pieces the sensor counted.
    :param storms: storms it reported (an IR remote frame, a loose wire).
    :param stuck: times it was reported blocked for too long (stuck).
    :param by_hand: pieces it should have counted, entered by hand on the panel.
    :param withdrawn: its counts that the players withdrew on the panel.
    """

    blocks: int = 0
    storms: int = 0
    stuck: int = 0
    by_hand: int = 0
    withdrawn: int = 0

    def __add__(self, other: "SensorTally") -> "SensorTally":
        return SensorTally(
            self.blocks + other.blocks,
            self.storms + other.storms,
            self.stuck + other.stuck,
            self.by_hand + other.by_hand,
            self.withdrawn + other.withdrawn,
        )

    @property
    def is_empty(self) -> bool:
        return self == SensorTally()


def tally(t: SensorTally, event: BeamBroken | SensorNoisy) -> SensorTally:
    """``t`` with one sensor event counted: a piece, a storm (a report with ``since``)
    or a stuck beam (a report without)."""
    if isinstance(event, BeamBroken):
        return SensorTally(t.blocks + 1, t.storms, t.stuck, t.by_hand, t.withdrawn)
    if event.since is not None:
        return SensorTally(t.blocks, t.storms + 1, t.stuck, t.by_hand, t.withdrawn)
    return SensorTally(t.blocks, t.storms, t.stuck + 1, t.by_hand, t.withdrawn)


@dataclass(frozen=True, slots=True)
class SensorHealth:
    """One sensor over the matches recorded.

    :param name: the sensor's pin-map name (``"twenty"``, ``"pocket_3"``).
    :param matches: matches recorded with this sensor (the running one included).
    :param finished: of those, the finished ones.
    :param last: the latest match's tally (the running one while a match is on).
    :param total: the sum over every recorded match.
    :param finished_blocks: blocks over the finished matches (for the mean).
    :param silent_for: finished matches in a row, the newest first, without a block.
    """

    name: str
    matches: int
    finished: int
    last: SensorTally
    total: SensorTally
    finished_blocks: int
    silent_for: int

    @property
    def blocks_per_match(self) -> float | None:
        """Mean blocks per finished match, or None before the first one."""
        return self.finished_blocks / self.finished if self.finished else None

    @property
    def flags(self) -> tuple[str, ...]:
        """What is wrong, for people: ``"stuck"`` and ``"noisy"`` (stuck or storms in the
        latest match), ``"silent 3"`` (no block for :data:`SILENT_WARN_MATCHES` or more
        finished matches in a row), ``"by hand 2"`` (pieces entered by hand in the
        latest match); empty when all is well."""
        out = []
        if self.last.stuck:
            out.append("stuck")
        if self.last.storms:
            out.append("noisy")
        if self.silent_for >= SILENT_WARN_MATCHES:
            out.append(f"silent {self.silent_for}")
        if self.last.by_hand:
            out.append(f"by hand {self.last.by_hand}")
        return tuple(out)

    def state(self) -> str:
        """One word or two for a narrow column: the first flag, else ``"ok"``."""
        return self.flags[0] if self.flags else "ok"


def summarise(name: str, matches: Iterable[tuple[str, SensorTally]]) -> SensorHealth:
    """The health of sensor ``name`` from its per-match tallies, oldest first, each with
    its match's status (``"finished"``, ``"abandoned"`` or ``"playing"``)."""
    rows = list(matches)
    total = SensorTally()
    for _, t in rows:
        total = total + t
    finished = [t for status, t in rows if status == "finished"]
    silent = 0
    for t in reversed(finished):
        if t.blocks:
            break
        silent += 1
    return SensorHealth(
        name=name,
        matches=len(rows),
        finished=len(finished),
        last=rows[-1][1] if rows else SensorTally(),
        total=total,
        finished_blocks=sum(t.blocks for t in finished),
        silent_for=silent,
    )
