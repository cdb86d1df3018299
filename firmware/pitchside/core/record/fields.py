"""Checked reading of one replay line's fields.

Every accessor raises :class:`~pitchside.core.errors.MalformedInput` naming the field
and what is wrong (shared/spec/replay.md: a missing or mistyped field, or a value out
of range, is a malformed line).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pitchside.core.errors import MalformedInput
from pitchside.core.sides import SIDES, PerSide, Side

_MISSING = object()
T = TypeVar("T")


class Fields:
    """The fields of one input (or the options of a header), read once each.

    :param raw: the JSON object's members, without ``"input"`` and ``"at"``.
    :param what: how errors name the object (``"input 'shot'"``, ``"options"``).
    """

    def __init__(self, raw: Mapping[str, Any], what: str) -> None:
        self._raw = dict(raw)
        self._what = what
        self._read: set[str] = set()

    def _get(self, name: str, default: Any) -> Any:
        self._read.add(name)
        value = self._raw.get(name, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                raise MalformedInput(f"{self._what}: missing field {name!r}")
            return default
        return value

    def bool(self, name: str, default: Any = _MISSING) -> bool:
        value = self._get(name, default)
        if not isinstance(value, bool):
            raise MalformedInput(f"{self._what}: {name!r} must be true or false, not {value!r}")
        return value

    def int(self, name: str, default: Any = _MISSING, lo: int | None = None, hi: int | None = None) -> int:
        value = self._get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedInput(f"{self._what}: {name!r} must be an integer, not {value!r}")
        _check_range(self._what, name, value, lo, hi)
        return value

    def optional_int(self, name: str, lo: int | None = None, hi: int | None = None) -> int | None:
        value = self._get(name, None)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedInput(f"{self._what}: {name!r} must be an integer or null, not {value!r}")
        _check_range(self._what, name, value, lo, hi)
        return value

    def choice(self, name: str, choices: tuple[str, ...], default: Any = _MISSING) -> str:
        value = self._get(name, default)
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise MalformedInput(f"{self._what}: {name!r} must be one of {allowed}, not {value!r}")
        return str(value)

    def side(self, name: str, default: Any = _MISSING) -> Side:
        return self.choice(name, SIDES, default)  # type: ignore[return-value]

    def per_side_counts(self, name: str, hi: int) -> PerSide[int]:
        """A ``{"A": n, "B": n}`` object of counts 0..hi; absent sides are 0."""
        value = self._get(name, {})
        if not isinstance(value, dict):
            raise MalformedInput(f"{self._what}: {name!r} must be an object like {{\"A\": 1}}, not {value!r}")
        unknown = sorted(set(value) - set(SIDES))
        if unknown:
            raise MalformedInput(f"{self._what}: {name!r} has unknown side(s) {unknown}; sides are 'A' and 'B'")
        counts = []
        for side in SIDES:
            n = value.get(side, 0)
            if isinstance(n, bool) or not isinstance(n, int):
                raise MalformedInput(f"{self._what}: {name}.{side} must be an integer, not {n!r}")
            _check_range(self._what, f"{name}.{side}", n, 0, hi)
            counts.append(n)
        return PerSide(counts[0], counts[1])

    def int_list(self, name: str, length: int, hi: int) -> tuple[int, ...]:
        value = self._get(name, _MISSING)
        if not isinstance(value, list) or len(value) != length:
            raise MalformedInput(f"{self._what}: {name!r} must be a list of {length} integers, not {value!r}")
        for i, n in enumerate(value):
            if isinstance(n, bool) or not isinstance(n, int):
                raise MalformedInput(f"{self._what}: {name}[{i}] must be an integer, not {n!r}")
            _check_range(self._what, f"{name}[{i}]", n, 0, hi)
        return tuple(value)

    def optional_int_list(self, name: str, length: int, hi: int) -> tuple[int, ...] | None:
        """Like :meth:`int_list`, or None when the field is absent or null."""
        self._read.add(name)
        if self._raw.get(name) is None:
            return None
        return self.int_list(name, length, hi)

    def choice_list(self, name: str, choices: tuple[str, ...], hi: int) -> tuple[str, ...]:
        """A list of at most ``hi`` values, each one of ``choices``; absent: empty."""
        value = self._get(name, [])
        if not isinstance(value, list) or len(value) > hi:
            raise MalformedInput(f"{self._what}: {name!r} must be a list of at most {hi} values, not {value!r}")
        for i, v in enumerate(value):
            if v not in choices:
                allowed = ", ".join(repr(c) for c in choices)
                raise MalformedInput(f"{self._what}: {name}[{i}] must be one of {allowed}, not {v!r}")
        return tuple(value)

    def done_options(self, options: T, check: Callable[[T], None]) -> T:
        """Finish reading a header's options: unknown ones are refused (:meth:`done`),
        then the rules' own ``check`` (which raises ``ValueError``) is run.

        :raises MalformedInput: ``"options: "`` and what is wrong.
        """
        self.done()
        try:
            check(options)
        except ValueError as exc:
            raise MalformedInput(f"options: {exc}") from None
        return options

    def done(self) -> None:
        """:raises MalformedInput: for any field that no accessor read (unknown field)."""
        unknown = sorted(set(self._raw) - self._read)
        if unknown:
            raise MalformedInput(f"{self._what}: unknown field(s) {', '.join(map(repr, unknown))}")


def _check_range(what: str, name: str, value: int, lo: int | None, hi: int | None) -> None:
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{lo if lo is not None else '...'}..{hi if hi is not None else '...'}"
        raise MalformedInput(f"{what}: {name!r} is {value}, out of range {span}")
