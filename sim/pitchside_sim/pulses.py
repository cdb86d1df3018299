"""Realistic waveforms for mock pins, at exact virtual times.

An *edge list* is a sequence of ``(t_s, level)``: time in seconds and the electrical
level after the edge, the format of ``shared/data/real/*_edges.csv`` (after dividing
``t_us`` by 1e6). The builders below return edge lists; :func:`replay` drives them
into a :class:`~gpiozero.pins.mock.MockPin` on a
:class:`~pitchside_sim.clock.VirtualClockFactory`.

A MockPin only calls back on a *change* (``MockPin._change_state`` returns ``False``
for the same level). A real backend that lost an edge reports two edges with the same
level (photogate run 397); :func:`replay` reproduces that by calling the pin's
``when_changed`` directly for a repeated level (``repeats="inject"``, the default).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from gpiozero.pins.mock import MockPin
from gpiozero.pins.pi import PiPin

from pitchside_sim.clock import TimerScheduler, VirtualClockFactory

Edge = tuple[float, bool]

ROCKER_BOUNCE_GAPS_S: tuple[float, ...] = (0.00003, 0.00005, 0.00012, 0.0002, 0.0003)
"""A typical rocker press: five contact bounces over about 0.7 ms (the rocker capture's
presses bounce over 0.4 ms median, 1.1 ms at most)."""


def alternating(at_s: float, first_level: bool, gaps_s: Sequence[float] = ()) -> list[Edge]:
    """Edges starting at ``at_s`` with ``first_level``, then alternating after each gap.

    :param gaps_s: seconds between consecutive edges, each > 0.
    :raises ValueError: on a gap <= 0.
    """
    edges = [(at_s, first_level)]
    t, level = at_s, first_level
    for gap in gaps_s:
        if gap <= 0:
            raise ValueError(f"gaps must be positive seconds, got {gap!r}")
        t += gap
        level = not level
        edges.append((t, level))
    return edges


def bouncy_edge(at_s: float, to_level: bool, gaps_s: Sequence[float] = ROCKER_BOUNCE_GAPS_S) -> list[Edge]:
    """A contact closing or opening with bounce: first edge to ``to_level`` at ``at_s``,
    bounces after ``gaps_s``, and it always *ends* at ``to_level`` (a final edge is
    added one last gap later if the gaps would end on the other level)."""
    edges = alternating(at_s, to_level, gaps_s)
    if edges[-1][1] != to_level:
        last_gap = gaps_s[-1]
        edges.append((edges[-1][0] + last_gap, to_level))
    return edges


def button_press(
    at_s: float,
    duration_s: float,
    *,
    pressed_level: bool = False,
    press_gaps_s: Sequence[float] = ROCKER_BOUNCE_GAPS_S,
    release_gaps_s: Sequence[float] = ROCKER_BOUNCE_GAPS_S,
) -> list[Edge]:
    """A press at ``at_s`` released ``duration_s`` later, both with contact bounce.

    :raises ValueError: if the press bounce would overlap the release.
    """
    press = bouncy_edge(at_s, pressed_level, press_gaps_s)
    release = bouncy_edge(at_s + duration_s, not pressed_level, release_gaps_s)
    if press[-1][0] >= release[0][0]:
        raise ValueError("the press bounce lasts longer than the press")
    return press + release


def beam_break(at_s: float, duration_s: float, *, blocked_level: bool) -> list[Edge]:
    """A clean beam break: blocked at ``at_s`` for ``duration_s`` seconds."""
    return [(at_s, blocked_level), (at_s + duration_s, not blocked_level)]


def drive(pin: MockPin, level: bool) -> None:
    """Drive a mock input pin to ``level`` (a no-op if it is already there)."""
    if level:
        pin.drive_high()
    else:
        pin.drive_low()


def replay(
    factory: VirtualClockFactory,
    pin: MockPin,
    edges: Iterable[Edge],
    *,
    scheduler: TimerScheduler | None = None,
    repeats: Literal["inject", "skip"] = "inject",
) -> int:
    """Drive ``edges`` into ``pin`` at their virtual times; return how many were driven.

    :param scheduler: if given, its due timer requests are fired before each edge (as
        the runtime would); otherwise the clock is just set.
    :param repeats: what to do with an edge repeating the pin's level: ``"inject"``
        calls the pin's ``when_changed`` anyway (a backend that lost an edge),
        ``"skip"`` drops it (what MockPin does by itself).
    :raises ValueError: edges out of time order.
    """
    n = 0
    for t_s, level in edges:
        if scheduler is not None:
            scheduler.advance_to(t_s)
        else:
            factory.set_time(t_s)
        level = bool(level)
        if pin.state == level:
            if repeats == "inject" and pin.when_changed is not None:
                PiPin._call_when_changed(pin, factory.ticks(), level)
                n += 1
            continue
        drive(pin, level)
        n += 1
    return n


def read_edges_csv(path: str, *, time_column: str = "t_us", scale: float = 1e-6) -> list[Edge]:
    """Read a ``t_us,level`` capture file (``shared/data/real``) into an edge list in seconds.

    :raises OSError: the file cannot be read.
    :raises KeyError, ValueError: the file is not in that format.
    """
    import csv

    with open(path, newline="") as fh:
        return [(float(row[time_column]) * scale, row["level"].strip() == "1") for row in csv.DictReader(fh)]


@dataclass(frozen=True, slots=True)
class BounceTest:
    """One press or release of a combined bouncy-button capture (``*_edges.csv``)."""

    test_id: int
    direction: str  # "press" or "release", the capture's label (the edges are the truth)
    section: str
    initial_level: bool
    edges: tuple[Edge, ...]


def read_bounce_tests(path: str) -> list[BounceTest]:
    """Read ``shared/data/real/bounce/*_edges.csv`` (columns ``test_id,direction,
    section,initial_level,t_us,level,inferred``) into one :class:`BounceTest` per test,
    in file order, times in seconds from the test's own start.

    :raises OSError: the file cannot be read.
    :raises KeyError, ValueError: the file is not in that format.
    """
    import csv

    rows: dict[int, list[dict[str, str]]] = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            rows.setdefault(int(row["test_id"]), []).append(row)
    return [
        BounceTest(
            test_id=tid,
            direction=group[0]["direction"],
            section=group[0]["section"],
            initial_level=group[0]["initial_level"].strip() == "1",
            edges=tuple((float(r["t_us"]) * 1e-6, r["level"].strip() == "1") for r in group),
        )
        for tid, group in rows.items()
    ]


def coin_train(
    at_s: float,
    pulses: int,
    *,
    pulse_s: float = 0.050,
    pause_s: float = 0.050,
    spread: float = 0.0,
    seed: int = 0,
    bounce_gaps_s: Sequence[float] = (),
    active_level: bool = False,
) -> list[Edge]:
    """A coin acceptor's pulse train (CH-926 style, open collector: active low): ``pulses``
    pulses of ``pulse_s`` with ``pause_s`` between them, starting at ``at_s``.

    :param spread: each pulse and pause varies by up to ``± spread`` of its length
        (a real unit's timing is not exact; 0.2 = ±20 %), drawn from ``seed``.
    :param bounce_gaps_s: contact-like ringing on every edge (a long unshielded cable):
        the gaps of :func:`bouncy_edge`, applied to both edges of each pulse.
    :raises ValueError: a pulse count below 1, or bounce longer than a pulse.
    """
    import random

    if pulses < 1:
        raise ValueError(f"a coin has at least one pulse, got {pulses}")
    rng = random.Random(seed)

    def vary(x: float) -> float:
        return x * (1 + rng.uniform(-spread, spread))

    edges: list[Edge] = []
    t = at_s
    for i in range(pulses):
        length = vary(pulse_s)
        if bounce_gaps_s:
            edges += bouncy_edge(t, active_level, bounce_gaps_s)
            release = bouncy_edge(t + length, not active_level, bounce_gaps_s)
            if edges[-1][0] >= release[0][0]:
                raise ValueError("the bounce lasts longer than the pulse")
            edges += release
        else:
            edges += [(t, active_level), (t + length, not active_level)]
        t += length + (vary(pause_s) if i < pulses - 1 else 0.0)
    return edges
