"""The shape every rules engine shares: ``apply(state, input) -> Step``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Notice:
    """An effect: something for the display to tell the players (``text``, short, plain)
    with the rule it comes from (``rule``, an ID of shared/rules/rulings.md, or "")."""

    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one accepted input: the new state and its effects.

    Transitional: an engine on typed notices gives :class:`pitchside.core.notice.Notice`
    values, one not yet converted the prose :class:`Notice` above (hence ``Any``; it
    becomes ``tuple[pitchside.core.notice.Notice, ...]`` once every engine is converted).
    """

    state: S
    effects: tuple[Any, ...] = ()
