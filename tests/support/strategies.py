"""Hypothesis strategies derived from the declared fields of a game's options and inputs
(:mod:`pitchside.core.fields`), so that a new option is drawn by the property tests as
soon as it is declared, with its choices and range."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from pitchside.core.fields import Spec, specs

WIDE = 20
"""How far above ``lo`` an integer with no ``hi`` is drawn."""


def json_value(spec: Spec) -> st.SearchStrategy[Any]:
    """Any JSON value the declaration ``spec`` allows.

    :raises ValueError: a ``"value"`` or ``"given"`` field (its shape is the codec's:
        give the test's own strategy).
    """
    lo = spec.lo if spec.lo is not None else 0
    hi = spec.hi if spec.hi is not None else lo + WIDE
    base: st.SearchStrategy[Any]
    if spec.kind == "bool":
        base = st.booleans()
    elif spec.kind == "int":
        base = st.integers(lo, hi)
    elif spec.kind == "choice":
        base = st.sampled_from(spec.choices)
    elif spec.kind == "counts":
        base = st.fixed_dictionaries({}, optional={"A": st.integers(0, hi), "B": st.integers(0, hi)})
    elif spec.kind in ("ints", "list"):
        least, most = spec.length or (0, 4)
        item = st.integers(lo, hi) if spec.kind == "ints" else st.sampled_from(spec.choices)
        base = st.lists(item, min_size=least, max_size=min(most, least + 4))
    else:
        raise ValueError(f"a {spec.kind!r} field has a shape of its own: give its strategy")
    return st.none() | base if spec.nullable else base


def options_json(cls: type, *, always: tuple[str, ...] = (), **overrides: Any) -> st.SearchStrategy[dict[str, Any]]:
    """A header's ``options`` object for the options dataclass ``cls``: each declared
    option present or not (then its default), its value any that its declaration allows.

    :param always: options that are always present.
    :param overrides: a strategy per option instead of its declaration's (a narrower
        range keeps matches short); None leaves the option out.
    """
    required: dict[str, st.SearchStrategy[Any]] = {}
    optional: dict[str, st.SearchStrategy[Any]] = {}
    for name, spec in specs(cls).items():
        strategy = overrides.get(name, ...)
        if strategy is None:
            continue
        if strategy is ...:
            strategy = json_value(spec)
        (required if name in always else optional)[name] = strategy
    unknown = set(overrides) - set(specs(cls))
    if unknown:
        raise ValueError(f"no such option(s) of {cls.__name__}: {sorted(unknown)}")
    return st.fixed_dictionaries(required, optional=optional)
