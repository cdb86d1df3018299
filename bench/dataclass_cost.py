"""What creating the start-up's dataclasses costs, by Python version and by option
(start-up).

The classes are the ones ``pitchside run`` has made at READY=1 on the example Pichenotte
config (``DATACLASSES_AT_READY`` of tests/hw/test_startup_set.py), read from the
firmware's source with :mod:`ast`: each one's decorator options (``frozen``, ``slots``,
``eq``, ``order``, ...), its fields (annotated names in its body, ``ClassVar`` left
out) and which of them have a default. Each is made again as a synthetic class of the
same shape (string annotations, as ``from __future__ import annotations`` gives; a
default of ``0``, ``field(default_factory=tuple)`` or ``field(init=False)``, as the
source has it), so the
script needs nothing but the standard library and runs on any Python 3.10+ (no
gpiozero, luma or Pillow): ``python3.13 bench/dataclass_cost.py``.

Each figure is the CPU time (``time.process_time``, ms) of making every class once in a
fresh child process of the running interpreter, right after ``import dataclasses`` (as a
start-up makes each class once), the median of ``N`` children (default 15), with the
minimum. Variants: ``as_written`` (each class's own options), ``no_slots``
(``slots=False``), ``not_frozen`` (``frozen=False``), ``plain`` (neither): what each
option costs at creation, not a proposal to drop it (the brief asks for dataclasses;
``slots`` saves memory on every instance, ``frozen`` is the state's guarantee); and
``namedtuple`` (``collections.namedtuple`` of the same fields, the trailing defaults
kept), for scale only.

``python bench/dataclass_cost.py [N]``: prints one JSON object.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PINNED = ROOT / "tests" / "hw" / "test_startup_set.py"
SOURCES = (ROOT / "firmware", ROOT / "hardware", ROOT / "sim")
OPTIONS = ("init", "repr", "eq", "order", "unsafe_hash", "frozen", "match_args", "kw_only", "slots")


def pinned() -> list[str]:
    """``DATACLASSES_AT_READY`` of tests/hw/test_startup_set.py: ``module:qualname``s."""
    for node in ast.walk(ast.parse(PINNED.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "DATACLASSES_AT_READY"
                                                for t in node.targets):
            assert isinstance(node.value, ast.Call)
            return sorted(ast.literal_eval(node.value.args[0]))
    raise LookupError(f"{PINNED}: no DATACLASSES_AT_READY")


def _source(module: str) -> Path:
    rel = Path(*module.split("."))
    for base in SOURCES:
        for p in (base / rel.with_suffix(".py"), base / rel / "__init__.py"):
            if p.exists():
                return p
    raise LookupError(f"no source for {module}")


def _find(tree: ast.Module, qualname: str) -> ast.ClassDef:
    body: list[ast.stmt] = tree.body
    found: ast.ClassDef | None = None
    for part in qualname.split("."):
        found = next((n for n in body if isinstance(n, ast.ClassDef) and n.name == part), None)
        if found is None:
            raise LookupError(qualname)
        body = found.body
    assert found is not None
    return found


def shape(name: str) -> dict[str, Any]:
    """The shape of one pinned dataclass ``module:qualname``: ``options`` (the
    decorator's keyword arguments that are constants), ``fields`` (names in order) and
    ``defaults`` (``"value"``, ``"factory"``, ``"noinit"``: ``field(init=False)``, or
    ``None`` per field).

    :raises LookupError: the class or its source is not found."""
    module, qualname = name.split(":")
    cls = _find(ast.parse(_source(module).read_text(encoding="utf-8")), qualname)
    options: dict[str, Any] = {}
    for d in cls.decorator_list:
        if isinstance(d, ast.Call) and getattr(d.func, "id", getattr(d.func, "attr", "")) == "dataclass":
            options = {k.arg: ast.literal_eval(k.value) for k in d.keywords if k.arg in OPTIONS}
    fields: list[str] = []
    defaults: list[str | None] = []
    for st in cls.body:
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            if "ClassVar" in ast.unparse(st.annotation):
                continue
            fields.append(st.target.id)
            if st.value is None:
                defaults.append(None)
            elif isinstance(st.value, ast.Call) and "field" in ast.unparse(st.value.func):
                kw = {k.arg: ast.unparse(k.value) for k in st.value.keywords}
                defaults.append("noinit" if kw.get("init") == "False" else "factory" if "default_factory" in kw
                                else "value" if "default" in kw else None)
            else:
                defaults.append("value")
    return {"name": name, "options": options, "fields": fields, "defaults": defaults}


CHILD = r"""
import collections, json, sys, time
t0 = time.process_time()
import dataclasses
imported = time.process_time() - t0
shapes, variant = json.loads(sys.argv[1]), sys.argv[2]
def make(s):
    ns = {"__annotations__": {f: "int" for f in s["fields"]}, "__module__": "__main__", "__doc__": s["name"],
          "__qualname__": s["name"].split(":")[1]}
    for f, d in zip(s["fields"], s["defaults"]):
        if d == "value":
            ns[f] = 0
        elif d == "factory":
            ns[f] = dataclasses.field(default_factory=tuple)
        elif d == "noinit":
            ns[f] = dataclasses.field(init=False)
    if variant == "namedtuple":  # for scale only: immutable, but a tuple (equal to any tuple of its values)
        n = 0
        for d in reversed(s["defaults"]):
            if d in (None, "noinit"):
                break
            n += 1
        return collections.namedtuple(s["name"].split(":")[1].split(".")[-1], s["fields"], defaults=[0] * n,
                                      rename=True)
    opts = dict(s["options"])
    if variant in ("no_slots", "plain"):
        opts["slots"] = False
    if variant in ("not_frozen", "plain"):
        opts["frozen"] = False
    return dataclasses.dataclass(**opts)(type(s["name"].split(":")[1].split(".")[-1], (), ns))
t = time.process_time()
made = [make(s) for s in shapes]
ms = (time.process_time() - t) * 1000
params = [getattr(c, "__dataclass_params__", None) for c in made]
print(json.dumps({"ms": ms, "import_ms": imported * 1000, "classes": len(made),
                  "frozen": sum(bool(p is not None and p.frozen) for p in params),
                  "slots": sum("__slots__" in c.__dict__ for c in made)}))
"""

VARIANTS = ("as_written", "no_slots", "not_frozen", "plain", "namedtuple")


def run(n: int = 15) -> dict[str, Any]:
    """Each variant's CPU (ms) to make every pinned class once: the median and minimum
    of ``n`` fresh children, alternated variant by variant; with the class count, the
    fields in all, and the options as written (``frozen``/``slots`` counts)."""
    shapes = [shape(s) for s in pinned()]
    arg = json.dumps(shapes)
    runs: dict[str, list[float]] = {v: [] for v in VARIANTS}
    for i in range(n + 1):  # the first round is discarded (the interpreter's own files cached)
        for v in VARIANTS:
            out = subprocess.run([sys.executable, "-c", CHILD, arg, v], capture_output=True, text=True)
            if out.returncode:
                raise RuntimeError(f"the {v} child failed: {out.stderr[-1000:]}")
            if i:
                runs[v].append(json.loads(out.stdout)["ms"])
    return {
        "python": sys.version.split()[0], "classes": len(shapes), "fields": sum(len(s["fields"]) for s in shapes),
        "frozen": sum(bool(s["options"].get("frozen")) for s in shapes),
        "slots": sum(bool(s["options"].get("slots")) for s in shapes), "rounds": n,
        **{v: {"median_ms": round(median(r), 2), "min_ms": round(min(r), 2),
               "per_class_us": round(median(r) / len(shapes) * 1000)} for v, r in runs.items()},
    }


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 15), indent=1))
