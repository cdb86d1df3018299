"""What a screen shows besides the rules state: prompts and the tally being entered.

These are plain values the app builds (from the rules' notices, a refused input, the
input being keyed in) and hands to a renderer with the state. They hold no logic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PromptKind = Literal["info", "refusal", "warning"]


@dataclass(frozen=True)
class Prompt:
    """One line for the bottom of the screen.

    :param text: plain ASCII, e.g. ``"NO: PI-10 A counts 2/3"``; paged when it does not fit
        the panel, never cut (paged instead).
    :param kind: ``"info"`` (plain), ``"refusal"`` (a rejected input: drawn in inverse
        video so it stands out) or ``"warning"`` (a fault, e.g. a sensor: inverse video
        with a leading ``"!"``).
    """

    text: str
    kind: PromptKind = "info"
    rule: str = ""
    """For a refusal: the rule ID (rulings.md) it cites; the screen shows it in a title."""

    def __post_init__(self) -> None:
        if self.kind not in ("info", "refusal", "warning"):
            raise ValueError(f"prompt kind must be info, refusal or warning, not {self.kind!r}")


TALLY_FIELDS = ("A15", "A10", "A5", "B15", "B10", "B5")
"""The six fields of a zone entry, in cursor order."""


@dataclass(frozen=True)
class TallyEntry:
    """A round-end zone count being keyed in (PI-10, PI-12).

    :param counts: pucks per zone, in the order A15, A10, A5, B15, B10, B5; each >= 0.
    :param cursor: index 0..5 of the field being edited.
    :param remaining: pucks on the board per side (A, B) not yet assigned to a zone;
        0 for both when the entry adds up.
    """

    counts: tuple[int, int, int, int, int, int]  # A15, A10, A5, B15, B10, B5
    cursor: int  # 0..5
    remaining: tuple[int, int]  # pucks on board per side not yet assigned

    def __post_init__(self) -> None:
        if len(self.counts) != 6 or any(c < 0 for c in self.counts):
            raise ValueError(f"counts must be six numbers >= 0, not {self.counts!r}")
        if not 0 <= self.cursor <= 5:
            raise ValueError(f"cursor must be 0..5, not {self.cursor}")
        if len(self.remaining) != 2:
            raise ValueError(f"remaining must be (A, B), not {self.remaining!r}")

    def side(self, side: Literal["A", "B"]) -> tuple[int, int, int]:
        """The ``(n15, n10, n5)`` counts of one side."""
        c = self.counts
        return (c[0], c[1], c[2]) if side == "A" else (c[3], c[4], c[5])
