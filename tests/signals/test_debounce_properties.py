"""Property: any contact bounce shorter than bounce_s around a clean press and release
gives exactly one press and one release, however punctual the runtime's timers are."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pitchside.signals.debounce import ButtonDecoder
from pitchside.signals.events import ButtonHeld, ButtonPressed, ButtonReleased
from support.examples import scaled

BOUNCE_S = 0.02
HOLD_S = 1.0


def bounce_gaps(total_below: float) -> st.SearchStrategy[list[float]]:
    """Gaps (s) between bounce edges, an even number (so the contact ends where it
    started bouncing to), summing to less than ``total_below``."""
    gap = st.floats(min_value=1e-6, max_value=total_below / 8, allow_nan=False)
    return st.lists(gap, max_size=6).map(lambda g: g[: len(g) - len(g) % 2])


def contact(at: float, level: bool, gaps: list[float]) -> list[tuple[float, bool]]:
    edges, t, lv = [(at, level)], at, level
    for g in gaps:
        t, lv = t + g, not lv
        edges.append((t, lv))
    assert edges[-1][1] == level
    return edges


def feed(dec: ButtonDecoder, edges: list[tuple[float, bool]], punctual: bool, end: float) -> list[object]:
    events: list[object] = []
    due: list[float] = []
    for t, level in edges:
        while punctual and due and min(due) <= t:
            d = min(due)
            due.remove(d)
            step = dec.timer_due(d)
            events += step.events
            due += [r.due_at for r in step.timers]
        step = dec.edge(level, t)
        events += step.events
        due += [r.due_at for r in step.timers]
    while due and min(due) <= end:
        d = min(due)
        due.remove(d)
        step = dec.timer_due(d if punctual else end)
        events += step.events
        due += [r.due_at for r in step.timers]
    return events


@settings(max_examples=scaled(300), deadline=None)
@example(press_gaps=[], release_gaps=[], duration=1.0, start=1e-6, punctual=False)  # release on the deadline
@example(press_gaps=[], release_gaps=[], duration=1.0, start=1e-6, punctual=True)
@given(
    press_gaps=bounce_gaps(BOUNCE_S),
    release_gaps=bounce_gaps(BOUNCE_S),
    duration=st.floats(min_value=0.0005, max_value=2.5, allow_nan=False),
    start=st.floats(min_value=0.0, max_value=1000.0, allow_nan=False),
    punctual=st.booleans(),
)
def test_one_press_one_release_for_any_short_bounce(
    press_gaps: list[float], release_gaps: list[float], duration: float, start: float, punctual: bool
) -> None:
    press = contact(start, False, press_gaps)
    release_at = max(start + duration, press[-1][0] + 1e-6)
    release = contact(release_at, True, release_gaps)
    dec = ButtonDecoder("b", bounce_s=BOUNCE_S, hold_s=HOLD_S)
    events = feed(dec, press + release, punctual, end=release[-1][0] + 10.0)

    presses = [e for e in events if isinstance(e, ButtonPressed)]
    releases = [e for e in events if isinstance(e, ButtonReleased)]
    holds = [e for e in events if isinstance(e, ButtonHeld)]
    assert len(presses) == 1 and len(releases) == 1
    assert presses[0].at == start  # reported on the first edge
    assert events[0] == presses[0] and events[-1] == releases[0]
    assert len(holds) <= 1 and releases[0].held == bool(holds)
    # Compare the release with the hold deadline as the decoder does, in absolute time:
    # ``release_at - start`` can round below HOLD_S when ``release_at == start + HOLD_S``
    # (a release at the deadline itself counts as held: the deadline is decided first,
    # the same whether or not the runtime's timer came on time).
    hold_due = start + HOLD_S
    if release_at < hold_due:
        assert not holds  # never a phantom hold
    else:
        assert holds and holds[0].at == hold_due
    assert not dec.is_pressed and not dec.is_held
