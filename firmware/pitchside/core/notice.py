"""Typed notices: what the rules tell the table, as values, never prose.

A :class:`Notice` is a rule's notice or refusal: the rule ID it comes from (an ID of
``docs/rules/GAME.md``, such as ``"PN-14"``, or ``"UNDO"``), a code naming what
happened (``"shoots_again"``), and its parameters (sides as ``"A"``/``"B"``, counts,
squares). The players' names are never in it: each game's words module
(:mod:`pitchside.core.words`) turns a notice into :class:`Words` for given names, and the
display, the replay output and the web view all take their text from there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Union

Param = Union[str, int, float, bool, None, tuple["Param", ...]]
"""A notice parameter: a JSON-like scalar, or a tuple of them (hashable, frozen)."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A rule's notice or refusal as a value.

    ``params`` is a tuple of ``(name, value)`` pairs in a fixed order, so notices are
    hashable and compare by value; build one with :meth:`of` and read a parameter with
    ``notice["side"]`` or :meth:`get`.
    """

    rule: str
    code: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, rule: str, code: str, **params: Param) -> "Notice":
        """``Notice.of("PN-14", "shoots_again", side="A")``."""
        return cls(rule, code, tuple(params.items()))

    def __getitem__(self, key: str) -> Param:
        for name, value in self.params:
            if name == key:
                return value
        raise KeyError(f"notice {self.rule}/{self.code} has no parameter {key!r}")

    def get(self, key: str, default: Param = None) -> Param:
        """The parameter ``key``, or ``default`` when the notice has none of that name."""
        for name, value in self.params:
            if name == key:
                return value
        return default

    def as_dict(self) -> dict[str, Param]:
        """The parameters as a dict (a copy)."""
        return dict(self.params)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params)
        return f"{self.rule}/{self.code}({args})"


@dataclass(frozen=True, slots=True)
class Words:
    """A notice worded for the players: ``long``, a plain sentence (what the replay
    output's ``reason`` and the web view show after the rule ID), and ``short``, the
    fewest words that still say it, for a narrow panel line. Neither holds the rule ID."""

    long: str
    short: str


Describe = Callable[[Notice, tuple[str, str]], Words]
"""A game's ``describe(notice, names) -> Words``; ``names`` is ``(A's, B's)``.

:raises KeyError: a notice code the game does not know (a bug: every code a rules
    engine emits has words, and a test says so)."""
