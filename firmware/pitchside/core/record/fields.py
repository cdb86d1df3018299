"""Checked reading of one replay line's fields.

Every accessor raises :class:`~pitchside.core.errors.MalformedInput` naming the field
and what is wrong (docs/spec/replay.md: a missing or mistyped field, or a value out
of range, is a malformed line). A dataclass whose fields are declared
(:mod:`pitchside.core.fields`) is read whole by :meth:`Fields.read`; a field of a shape
of its own is taken raw (:meth:`Fields.take`) and checked by its codec.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING
from typing import Any, TypeVar

from pitchside.core.errors import MalformedInput
from pitchside.core.fields import Spec, default_of, specs

T = TypeVar("T")


class Fields:
    """The fields of one input (or the options of a header), read once each.

    :param raw: the JSON object's members, without ``"input"`` and ``"at"``.
    :param what: how errors name the object (``"input 'shot'"``, ``"options"``).
    """

    def __init__(self, raw: Mapping[str, Any], what: str) -> None:
        self._raw = dict(raw)
        self.what = what
        self._read: set[str] = set()

    def take(self, name: str, default: Any = MISSING) -> Any:
        """The raw JSON value of field ``name`` (``default`` when absent).

        :raises MalformedInput: it is absent and has no default.
        """
        self._read.add(name)
        value = self._raw.get(name, MISSING)
        if value is MISSING:
            if default is MISSING:
                raise MalformedInput(f"{self.what}: missing field {name!r}")
            return default
        return value

    def declared(self, name: str, spec: Spec, default: Any = MISSING) -> Any:
        """Field ``name`` read as ``spec`` declares it (its Python value; ``default``,
        already a Python value, when absent).

        :raises MalformedInput: absent with no default, or not what ``spec`` allows.
        """
        key = spec.key or name
        value = self.take(key, MISSING if default is MISSING else _ABSENT)
        if value is _ABSENT:
            return default
        problem = spec.problem(key, value)
        if problem is not None:
            raise MalformedInput(f"{self.what}: {problem}")
        return spec.from_json(value)

    def values(self, cls: type, **given: Any) -> dict[str, Any]:
        """Every declared field of the dataclass ``cls``, by field name: ``given`` ones as
        given, the others read (:meth:`declared`) with the field's default.

        :raises MalformedInput: a field missing or not allowed.
        :raises TypeError: a ``"given"`` field that is not in ``given``.
        """
        out: dict[str, Any] = {}
        for name, spec in specs(cls).items():
            if name in given:
                out[name] = given[name]
            elif spec.kind == "given":
                raise TypeError(f"{cls.__name__}.{name} is read by its codec: pass it")
            else:
                out[name] = self.declared(name, spec, default_of(cls, name))
        return out

    def read(self, cls: Callable[..., T], **given: Any) -> T:
        """An instance of the dataclass ``cls`` from its declared fields (:meth:`values`).

        :raises MalformedInput: a field missing or not allowed.
        """
        return cls(**self.values(cls, **given))  # type: ignore[arg-type]

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
            raise MalformedInput(f"{self.what}: unknown field(s) {', '.join(map(repr, unknown))}")


_ABSENT = object()


def read_options(raw: Mapping[str, Any], cls: Callable[..., T], check: Callable[[T], None], **given: Any) -> T:
    """A header's ``options`` object as the game's options dataclass ``cls``: every
    declared option read (absent ones take their defaults), no unknown one, then the
    rules' ``check`` run. ``given``: options of a shape of their own, read by the codec.

    :raises MalformedInput: ``"options: "`` and what is wrong.
    """
    f = Fields({k: v for k, v in raw.items() if k not in given}, "options")
    return f.done_options(f.read(cls, **given), check)


def read_input(fields: Mapping[str, Any], what: str, cls: Callable[..., T], **given: Any) -> T:
    """One input of the dataclass ``cls`` from its fields, none unknown (``given``: fields
    the codec read by hand, left out of ``fields`` by the caller).

    :raises MalformedInput: a field missing, not allowed or unknown.
    """
    f = Fields(fields, what)
    inp = f.read(cls, **given)
    f.done()
    return inp
