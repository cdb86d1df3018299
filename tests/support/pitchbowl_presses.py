"""Presses on a Pitch Bowl table controller, for its tests (tests/app)."""

from __future__ import annotations

from pitchside.signals.events import ButtonPressed
from pitchside.tables import pitchbowl as t

NAMES = ("Ann", "Bob")


def press(ts: t.TableState, *names: str, at: float = 10.0) -> tuple[t.TableState, list[object]]:
    """``ts`` after pressing each of ``names`` at ``at`` (s), and the effects of them all."""
    effects: list[object] = []
    for name in names:
        ts, eff = t.handle(ts, ButtonPressed(name, at))
        effects.extend(eff)
    return ts, effects
