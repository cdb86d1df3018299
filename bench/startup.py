"""Start-up against the bare import, in fresh processes, alternated (issue 15 item 3).

Each run is a fresh ``python bench/footprint.py T0 startup`` (the example table to its
first frame) followed by a fresh ``... bare_import`` (``import gpiozero, luma.oled.device,
PIL.Image``), ``n`` times. Both are run in two conditions:

* **cached** (the figure the target uses): the modules' compiled bytecode is cached, as on
  a table installed by deploy/install.sh (``pip install`` compiles every module it
  installs, the firmware's too). The children get a private ``PYTHONPYCACHEPREFIX`` (a
  temporary directory, warmed by one discarded run of each), so a
  ``PYTHONDONTWRITEBYTECODE`` in the caller's environment and an editable install, whose
  firmware has no ``__pycache__``, do not make the firmware compile its ~80 modules from
  source at every start while gpiozero, luma and Pillow load theirs from site-packages'.
* **uncached**: the caller's environment as it is (here ``PYTHONDONTWRITEBYTECODE=1`` and
  an editable install: the firmware compiled from source at every start, the libraries
  not), the condition of the earlier figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

HERE = Path(__file__).resolve().parent


def _child(mode: str, env: dict[str, str]) -> dict[str, Any]:
    """One fresh child's JSON, with ``cpu_s``: its CPU time (user + system), which a
    loaded machine's waiting does not inflate as it does the wall-clock figure."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, str(HERE / "footprint.py"), f"{time.time():.6f}", mode],
                         capture_output=True, text=True, check=True, cwd=HERE.parent, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    result["cpu_s"] = round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, 4)
    return result


def interleaved(n: int, env: dict[str, str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``n`` start-ups and ``n`` bare imports, alternated, each in a fresh process."""
    starts, imports = [], []
    for _ in range(n):
        starts.append(_child("startup", env))
        imports.append(_child("bare_import", env))
    return starts, imports


def run(n: int) -> dict[str, Any]:
    """Both conditions (see the module docstring): medians (s), every run, the phases of
    the start-up (median ms of each, from footprint.py's ``phases``) and the ratio; the
    same for the children's CPU time (``*_cpu_median_s``, ``cpu_ratio``). The CPU time
    of a start-up child includes its exit and the clean-up after its first frame (table
    closed, temporary journal removed), which its wall-clock figure does not."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="pitchside-pyc-") as prefix:
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = prefix
        conditions = {"cached": cached, "uncached": dict(os.environ)}
        interleaved(1, cached)  # warm the cache: both children's modules compiled once
        for name, env in conditions.items():
            starts, imports = interleaved(n, env)
            s = [r["startup_s"] for r in starts]
            b = [r["startup_s"] for r in imports]
            out[name] = {
                "startup_runs_s": s, "startup_median_s": median(s),
                "bare_import_runs_s": b, "bare_import_median_s": median(b),
                "ratio": round(median(s) / median(b), 2),
                "startup_cpu_median_s": median(r["cpu_s"] for r in starts),
                "bare_import_cpu_median_s": median(r["cpu_s"] for r in imports),
                "cpu_ratio": round(median(r["cpu_s"] for r in starts) / median(r["cpu_s"] for r in imports), 2),
                "phases_ms": {k: round(median(r["phases"][k]["s"] for r in starts) * 1000, 1)
                              for k in starts[0]["phases"]},
                "modules": starts[-1]["modules"], "pitchside_modules": starts[-1]["pitchside_modules"],
                "rss_mb": median(r["rss_mb"] for r in starts),
            }
    return out




GROUPS = ("stdlib", "pitchside.core", "pitchside.signals", "pitchside.render", "pitchside.tables", "pitchside.app",
          "pitchside_hw")
"""What a start-up imports beyond the bare import, in floor order (the first importer pays)."""

COSTS_CHILD = r"""
import dataclasses, importlib, json, sys, time
t0 = time.process_time()
import gpiozero, luma.oled.device, PIL.Image  # the bare import: its own figure
bare_cpu = time.process_time() - t0
made = {"n": 0, "cpu": 0.0}
_process = dataclasses._process_class
def counted(cls, *a, **k):
    made["n"] += 1
    t = time.process_time()
    try:
        return _process(cls, *a, **k)
    finally:
        made["cpu"] += time.process_time() - t
dataclasses._process_class = counted
groups, modules = json.loads(sys.argv[1]), json.loads(sys.argv[2])
out = {"bare_import": {"cpu_ms": bare_cpu * 1000}}
for g in groups:
    names = [m for m in modules if (m.split(".")[0] not in ("pitchside", "pitchside_hw") if g == "stdlib"
             else m == g or m.startswith(g + "."))]
    n0, c0, t = made["n"], made["cpu"], time.process_time()
    new = [m for m in names if m not in sys.modules]
    for m in names:
        if m not in sys.modules:
            try:
                importlib.import_module(m)
            except Exception:  # a private or platform module of the list: imported by its parent
                pass
    out[g] = {"cpu_ms": (time.process_time() - t) * 1000, "dataclasses": made["n"] - n0,
              "dataclass_cpu_ms": (made["cpu"] - c0) * 1000, "modules": len(new)}
import tempfile
from pathlib import Path
from gpiozero.pins.mock import MockFactory
from luma.core.interface.serial import noop
import pitchside_hw
from pitchside.app.config import load_config
from pitchside.app.journal import Journal
from pitchside_hw.display import Display
from pitchside_hw.partial import PartialSSD1306
from pitchside_hw.pins import TickClock
from pitchside_hw.table import build_table
def phase(name, fn):
    t = time.process_time(); r = fn(); out[name] = {"cpu_ms": (time.process_time() - t) * 1000}; return r
config = phase("config", lambda: load_config(Path(pitchside_hw.__file__).parent / "configs" / "pichenotte.toml"))
with tempfile.TemporaryDirectory() as tmp:
    factory = MockFactory()
    journal = phase("journal", lambda: Journal.open(Path(tmp) / "j.db"))
    dev = PartialSSD1306(noop())
    table = phase("table", lambda: build_table(config, pin_factory=factory, clock=TickClock(factory), journal=journal,
                  open_display=lambda r, d: Display(dev, persist=True, name="costs"), toss=lambda: "A"))
    phase("first_frame", table.runtime.refresh)
    table.close(); journal.close(); factory.close()
print(json.dumps(out))
"""


def costs(n: int = 5) -> dict[str, Any]:
    """Where the start-up's CPU goes beyond the bare import: the modules a start-up
    imports (listed by one fresh start-up child), imported again in fresh children group
    by group (:data:`GROUPS`, floor order: a module's dependencies not yet imported are
    paid by its group), each group's CPU (ms), modules, dataclasses created and the CPU
    of creating them (``dataclass_cpu_ms``: ``dataclasses``' own work); then the
    config, the journal's open, the table's assembly and the first frame. Medians of
    ``n`` children, bytecode cached as in :func:`run`."""
    list_child = ("import json, runpy, sys, time; sys.argv = ['footprint.py', str(time.time()), 'startup']; "
                  "sys.stdout = open('/dev/null', 'w'); runpy.run_path('bench/footprint.py', run_name='__main__'); "
                  "sys.stdout = sys.__stdout__; print(json.dumps(sorted(sys.modules)))")
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="pitchside-pyc-") as prefix:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = prefix
        env["PYTHONPATH"] = str(HERE)
        listed = subprocess.run([sys.executable, "-c", list_child], capture_output=True, text=True, check=True,
                                cwd=HERE.parent, env=env).stdout.strip().splitlines()[-1]
        before = set(json.loads(subprocess.run([sys.executable, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
                                               capture_output=True, text=True, check=True, env=env).stdout))
        modules = [m for m in json.loads(listed) if m not in before and not m.startswith(("footprint", "common"))]
        args = [json.dumps(GROUPS), json.dumps(modules)]
        for i in range(n + 1):  # the first warms the cache
            out = subprocess.run([sys.executable, "-c", COSTS_CHILD, *args], capture_output=True, text=True,
                                 check=True, cwd=HERE.parent, env=env)
            if i:
                runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    result: dict[str, Any] = {}
    for key in runs[0]:
        result[key] = {k: round(median(r[key][k] for r in runs), 1) for k in runs[0][key]}
    return result


if __name__ == "__main__":
    if sys.argv[1:2] == ["--costs"]:
        print(json.dumps(costs(int(sys.argv[2]) if len(sys.argv) > 2 else 5), indent=1))
    else:
        print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=1))
