"""Sides of a match: always ``"A"`` and ``"B"`` (docs/spec/replay.md, File)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

Side = Literal["A", "B"]
SIDES: tuple[Side, Side] = ("A", "B")

T = TypeVar("T")


def other(side: Side) -> Side:
    """The opposing side."""
    return "B" if side == "A" else "A"


@dataclass(frozen=True, slots=True)
class PerSide(Generic[T]):
    """One value per side, immutable. ``ps[side]`` reads; ``ps.set(side, v)`` copies."""

    A: T
    B: T

    def __getitem__(self, side: Side) -> T:
        return self.A if side == "A" else self.B

    def set(self, side: Side, value: T) -> "PerSide[T]":
        return PerSide(value, self.B) if side == "A" else PerSide(self.A, value)

    def as_dict(self) -> dict[str, T]:
        return {"A": self.A, "B": self.B}


def name_of(names: tuple[str, str], side: Side) -> str:
    """The players' name for ``side`` (``names`` is ``(A's, B's)``)."""
    return names[0] if side == "A" else names[1]

