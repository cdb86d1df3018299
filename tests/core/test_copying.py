"""pitchside.core.copying.copy_with gives the copy dataclasses.replace gives (latency)."""

from __future__ import annotations

import dataclasses
from dataclasses import InitVar, dataclass, field

import pytest

from pitchside.core.copying import copy_with


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: str = "b"
    c: tuple[int, ...] = field(default_factory=lambda: (1, 2))
    d: float = field(default=0.5, kw_only=True)


@dataclass(frozen=True)
class Checked:
    n: int
    seen: list[int] = field(default_factory=list, compare=False)

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError(f"negative n {self.n}")
        self.seen.append(self.n)


@dataclass(frozen=True)
class WithInitVar:
    a: int
    scale: InitVar[int] = 1
    b: int = field(init=False, default=0)

    def __post_init__(self, scale: int) -> None:
        object.__setattr__(self, "b", self.a * scale)


def test_same_value_and_type_as_dataclasses_replace() -> None:
    s = Slotted(1, "x", (3,), d=2.0)
    for changes in ({}, {"a": 7}, {"b": "y", "a": 8}, {"d": 9.0}, {"c": (), "d": 1.0, "b": "z", "a": 0}):
        got, want = copy_with(s, **changes), dataclasses.replace(s, **changes)
        assert got == want and type(got) is Slotted
        assert (got.a, got.b, got.c, got.d) == (want.a, want.b, want.c, want.d)
    assert copy_with(s, a=2) is not s


def test_unchanged_fields_are_the_same_objects_not_new_defaults() -> None:
    c = (4, 5)
    s = Slotted(1, c=c)
    assert copy_with(s, a=2).c is c  # a default_factory is not run again


def test_post_init_runs_as_in_the_class() -> None:
    seen: list[int] = []
    x = Checked(1, seen)
    y = copy_with(x, n=2)
    assert y == Checked(2) and seen == [1, 2]
    with pytest.raises(ValueError, match="negative n -1"):
        copy_with(x, n=-1)


def test_init_false_or_initvar_fields_fall_back_to_dataclasses_replace() -> None:
    w = WithInitVar(3, 2)
    assert w.b == 6
    assert copy_with(w, a=4, scale=3).b == 12
    with pytest.raises(ValueError):  # dataclasses.replace: InitVar without default must be given; init=False refused
        copy_with(w, b=1)


def test_unknown_name_and_non_dataclass_raise_type_error() -> None:
    with pytest.raises(TypeError, match="'nope'"):
        copy_with(Slotted(1), nope=1)  # type: ignore[call-arg]  # the error is the point
    with pytest.raises(TypeError):
        copy_with(object(), a=1)  # type: ignore[type-var]  # the error is the point
    assert copy_with(Slotted(1), a=5).a == 5  # a failed name is not cached as a copier


@dataclass(frozen=True, kw_only=True)
class _KwBase:
    a: int = 1


@dataclass(frozen=True)
class _PositionalAfterKw(_KwBase):
    b: int = 2


def test_a_base_s_keyword_only_field_before_a_subclass_s_positional_one() -> None:
    # fields() lists a before b, but __init__ takes b positionally and a by keyword only
    obj = _PositionalAfterKw(5, a=3)
    for changes in ({"b": 7}, {"a": 9}, {"a": 4, "b": 6}):
        got = copy_with(obj, **changes)
        assert got == dataclasses.replace(obj, **changes) and type(got) is _PositionalAfterKw
