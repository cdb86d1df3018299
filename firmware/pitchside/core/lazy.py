"""One way to load lazily: :class:`Lazy`, a mapping whose values are made on their
first lookup, each by a plain function with a plain import inside (so go-to-definition
and static tools follow it), and kept.

The registries of games use it (the codecs, :mod:`pitchside.core.record.games`; the
tables, :mod:`pitchside.tables.registry`): a table loads only the game it runs. The
saving is real: the four other games' tables (rules, codecs, screens' records) cost
about 40 ms of CPU at start-up and their codecs alone about 29 ms, against a bare
import of 52 ms (bench/startup.py). ``in``, iteration and ``len`` load nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

V = TypeVar("V")


class Lazy(Mapping[str, V]):
    """Name -> value, each made by its loader on its first lookup and kept.

    :param loaders: name -> a function of no arguments that imports what it needs and
        returns the value; the mapping's order is theirs.
    """

    __slots__ = ("_loaders", "_made")

    def __init__(self, loaders: Mapping[str, Callable[[], V]]) -> None:
        self._loaders = dict(loaders)
        self._made: dict[str, V] = {}

    def __getitem__(self, name: str) -> V:
        try:
            return self._made[name]
        except KeyError:
            value = self._made[name] = self._loaders[name]()  # KeyError: not one of the names
            return value

    def __contains__(self, name: object) -> bool:
        return name in self._loaders  # loads nothing (Mapping's would look the name up)

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)
