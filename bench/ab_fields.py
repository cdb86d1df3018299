"""A/B of ``pitchside.core.fields.to_json`` (a journaled input's fields as JSON, in the
recorder's line building): the field scan it made at every call before
(``dataclasses.fields`` for the declared specs, then again per field for its default)
against the cached plan it reads now, interleaved round by round in one process, on the
inputs and options of the Pichenotte, Pitchnut and Pitch Bowl rules built with their
defaults.

Run: ``.venv/bin/python bench/ab_fields.py [ROUNDS]``; prints µs per value for each arm
(median and min over the rounds) and their ratio.
"""

from __future__ import annotations

import dataclasses
import inspect
import statistics
import sys
import time
from typing import Any

from pitchside.core import fields


def scanning_to_json(obj: Any, *, every: bool = False) -> dict[str, Any]:
    """``fields.to_json`` as it was: the dataclass's fields scanned at every call."""
    cls = type(obj)
    declared = {f.name: f.metadata[fields.KEY] for f in dataclasses.fields(cls) if fields.KEY in f.metadata}
    out: dict[str, Any] = {}
    for name, spec in declared.items():
        value = getattr(obj, name)
        if not every and value == fields.default_of(cls, name):
            continue
        out[spec.key or name] = spec.to_json(value)
    return out


def values() -> list[Any]:
    """One default-built value of each declared dataclass of three games' rules."""
    import pitchside.core.rules.pichenotte as pi
    import pitchside.core.rules.pitchbowl as pb
    import pitchside.core.rules.pitchnut as pn

    out: list[Any] = []
    for mod in (pi, pn, pb):
        for cls in vars(mod).values():
            if inspect.isclass(cls) and dataclasses.is_dataclass(cls) and cls.__module__.startswith(mod.__name__):
                try:
                    if fields.specs(cls):
                        out.append(cls())
                except TypeError:  # a field without a default
                    continue
    return out


def per_value_us(fn: Any, objs: list[Any], n: int = 200) -> float:
    t = time.perf_counter_ns()
    for _ in range(n):
        for o in objs:
            fn(o)
    return (time.perf_counter_ns() - t) / (n * len(objs)) / 1000


def main(rounds: int = 20) -> None:
    objs = values()
    assert all(scanning_to_json(o) == fields.to_json(o) for o in objs)
    a: list[float] = []
    b: list[float] = []
    for _ in range(rounds):
        a.append(per_value_us(scanning_to_json, objs))
        b.append(per_value_us(fields.to_json, objs))
    print(f"{len(objs)} values ({', '.join(sorted({type(o).__name__ for o in objs}))}), {rounds} rounds interleaved")
    print(f"scanning (before): {statistics.median(a):.2f} us/value (min {min(a):.2f})")
    print(f"cached (now):      {statistics.median(b):.2f} us/value (min {min(b):.2f})")
    print(f"ratio {statistics.median(a) / statistics.median(b):.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
