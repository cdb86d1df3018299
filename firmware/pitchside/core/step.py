"""The shape every rules engine shares: ``apply(state, input) -> Step``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from pitchside.core.notice import Notice

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one accepted input: the new state and its effects, the
    rules' typed notices (:class:`pitchside.core.notice.Notice`, in the order the rules
    gave them; their words come from the game's words module)."""

    state: S
    effects: tuple[Notice, ...] = ()
