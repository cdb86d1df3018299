"""The shape every rules engine shares: ``apply(state, input) -> Step``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from pitchside.core import notice as typed

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Notice:
    """An effect: something for the display to tell the players (``text``, short, plain)
    with the rule it comes from (``rule``, an ID of shared/rules/rulings.md, or "")."""

    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one accepted input: the new state and its effects (old
    prose notices, or typed :class:`pitchside.core.notice.Notice` values from an engine
    converted to them)."""

    state: S
    effects: tuple[Notice | typed.Notice, ...] = ()
