"""The shape every rules engine shares: ``apply(state, input) -> Step``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar, Union

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
    """The result of applying one accepted input: the new state and its effects: the
    typed notices of :mod:`pitchside.core.notice` (the old prose :class:`Notice` while
    the engines move over)."""

    state: S
    effects: tuple[Union[Notice, typed.Notice], ...] = ()
