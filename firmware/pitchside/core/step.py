"""The shape every rules engine shares: ``apply(state, input) -> Step``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from pitchside.core import notice

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Notice:
    """An effect: something for the display to tell the players (``text``, short, plain)
    with the rule it comes from (``rule``, an ID of shared/rules/rulings.md, or "")."""

    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one accepted input: the new state and its effects (typed
    :class:`pitchside.core.notice.Notice` values, or the old prose :class:`Notice` of an
    engine not yet converted)."""

    state: S
    effects: tuple[Notice | notice.Notice, ...] = ()
