"""Start-up against the bare import, in fresh processes, alternated.

Each round is three fresh children, in turn:

* **``pitchside run``** (the figure the target uses): the console script's own code
  (``from pitchside.cli.main import main; sys.exit(main())``) run as ``pitchside run
  --config FILE`` on the example Pichenotte config, changed only where a bench machine
  must differ from a Pi (``pin_factory = "mock"``, the display on the ``noop`` bus, the
  journal in a temporary directory, kept from one child to the next as a table's is),
  with ``NOTIFY_SOCKET`` pointing at a socket of this process: the child is timed to its
  ``READY=1``, which ``run_table`` sends right after the first frame (what systemd waits
  for at boot), then stopped with SIGTERM. It goes through the whole of
  ``pitchside.cli.main`` (the parser of every sub-command) as a table does; its CPU is
  stamped at ``READY=1`` (``time.process_time()`` in the child, sent on the same socket
  just before it) and also read whole from ``getrusage`` (exit and clean-up included).
* the **bench child** (``python bench/footprint.py T0 startup``: the table assembled
  without the command line, its phases timed; the figure before the real path was
  measured, kept for its phases);
* the **bare import** (``... bare_import``: ``import gpiozero, luma.oled.device,
  PIL.Image``; its CPU stamped after the imports too);
* a **plain table** (``... plain_table DB``: gpiozero, luma.oled, Pillow, sqlite3 and
  tomllib imported, a SQLite file opened, the TOML config read, its buttons attached,
  one text frame shown on the same ``noop``-bus device, timed to that frame): the best
  a plain program would do, printed beside the bare import as
  ``footprint.startup_plain_table`` for scale (the target stays the bare import's).

Both are run in two conditions:

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

``python bench/startup.py [N]``: both conditions, N rounds (default 5).
``python bench/startup.py --costs [N]``: where the CPU goes (:func:`costs`).
``python bench/startup.py --compare N TREE...``: ``pitchside run`` of several source
trees against the bare import (:func:`compare`), to measure a change before and after.
``python bench/startup.py --imports N TREE...``: the imports, parser and config read of
several trees alone, CPU ms beyond the bare import (:func:`imports`).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"

RUN_CHILD = """
import os, sys, time
from pitchside.app import sdnotify  # loaded by pitchside_hw.table anyway: only the order changes
_ready = sdnotify.Notifier.ready
def ready(self):
    self.notify("X_BENCH_CPU_S=%.6f" % time.process_time())
    if os.environ.get("PITCHSIDE_BENCH_MODULES"):
        import json
        with open(os.environ["PITCHSIDE_BENCH_MODULES"], "w") as fh:
            json.dump(sorted(sys.modules), fh)
    return _ready(self)
sdnotify.Notifier.ready = ready
# the console script `pitchside` (pyproject.toml [project.scripts]):
from pitchside.cli.main import main
sys.exit(main())
"""
"""The ``pitchside`` console script with one addition: the child's CPU time at
``READY=1`` (and, when ``PITCHSIDE_BENCH_MODULES`` names a file, the modules loaded by
then) sent just before it."""


def bench_config(folder: Path) -> Path:
    """The example Pichenotte config as a bench machine can run it (mock pins, the
    ``noop`` display bus, the journal in ``folder``), written to ``folder/table.toml``."""
    text = EXAMPLE.read_text(encoding="utf-8")
    for old, new in (('pin_factory = "lgpio"', 'pin_factory = "mock"'), ('interface = "i2c"', 'interface = "noop"'),
                     ('journal = "/var/lib/pitchside/journal.db"', f'journal = "{folder / "journal.db"}"')):
        if old not in text:
            raise RuntimeError(f"{EXAMPLE}: no {old!r} to replace for the bench")
        text = text.replace(old, new)
    path = folder / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def run_child(env: dict[str, str], folder: Path, modules_to: Path | None = None) -> dict[str, Any]:
    """One fresh ``pitchside run`` (:data:`RUN_CHILD`) on :func:`bench_config` in
    ``folder``, to its ``READY=1``: ``startup_s`` (wall clock, spawn to READY),
    ``cpu_to_ready_s`` (the child's CPU then), ``cpu_s`` (its whole CPU, user + system,
    from ``getrusage``: exit and clean-up after SIGTERM included).

    :raises RuntimeError: the child exited, or sent no READY=1 within 120 s.
    """
    import resource

    config = folder / "table.toml"
    if not config.exists():
        bench_config(folder)
    address = folder / "notify"
    address.unlink(missing_ok=True)
    child_env = dict(env, NOTIFY_SOCKET=str(address))
    if modules_to is not None:
        child_env["PITCHSIDE_BENCH_MODULES"] = str(modules_to)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(address))
        sock.settimeout(120)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", RUN_CHILD, "run", "--config", str(config)], env=child_env,
                                cwd=HERE.parent, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        cpu: float | None = None
        try:
            while True:
                fields = sock.recv(4096).decode().split("\n")
                for f in fields:
                    if f.startswith("X_BENCH_CPU_S="):
                        cpu = float(f.split("=", 1)[1])
                if "READY=1" in fields:
                    startup_s = time.perf_counter() - t0
                    break
        except TimeoutError:
            proc.kill()
            raise RuntimeError(f"pitchside run sent no READY=1: {proc.communicate()[1][-2000:]}") from None
        proc.terminate()
        _, err = proc.communicate(timeout=60)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"pitchside run exited {proc.returncode}: {err[-2000:]}")
    return {"startup_s": round(startup_s, 4), "cpu_to_ready_s": cpu,
            "cpu_s": round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, 4)}


def _child(mode: str, env: dict[str, str], *args: str) -> dict[str, Any]:
    """One fresh child's JSON, with ``cpu_s``: its CPU time (user + system), which a
    loaded machine's waiting does not inflate as it does the wall-clock figure."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, str(HERE / "footprint.py"), f"{time.time():.6f}", mode, *args],
                         capture_output=True, text=True, check=True, cwd=HERE.parent, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    result["cpu_s"] = round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, 4)
    return result


def plain_child(env: dict[str, str], folder: Path) -> dict[str, Any]:
    """One fresh plain table (``footprint.py plain_table``: what any Python table does
    to its first frame), its SQLite file ``folder/plain.db`` kept between children."""
    return _child("plain_table", env, str(folder / "plain.db"))


def interleaved(n: int, env: dict[str, str], folder: Path) -> tuple[list[dict[str, Any]], ...]:
    """``n`` rounds of a ``pitchside run`` (:func:`run_child`, its journal in
    ``folder``), a bench start-up child, a bare import and a plain table
    (:func:`plain_child`), in turn, each a fresh process."""
    runs: list[dict[str, Any]] = []
    starts: list[dict[str, Any]] = []
    imports: list[dict[str, Any]] = []
    plains: list[dict[str, Any]] = []
    for _ in range(n):
        runs.append(run_child(env, folder))
        starts.append(_child("startup", env))
        imports.append(_child("bare_import", env))
        plains.append(plain_child(env, folder))
    return runs, starts, imports, plains


def run(n: int) -> dict[str, Any]:
    """Both conditions (see the module docstring). The target's figures are the
    ``pitchside run`` children's: ``startup_runs_s``/``startup_median_s`` (wall clock to
    READY=1), ``ratio`` (to the bare import's median), ``startup_cpu_median_s`` and
    ``cpu_ratio`` (CPU from ``getrusage``, exit included on both sides),
    ``cpu_to_ready_median_s`` and ``cpu_to_ready_ratio`` (the CPU stamped at READY=1
    against the bare import's after its imports: neither side's exit counted). The
    bench child's figures are under ``bench_child`` (its ``ratio`` and ``cpu_ratio``, as
    the figures before this section measured the start-up); ``phases_ms`` (the median ms
    of each of its phases, from footprint.py's ``phases``), ``modules`` and ``rss_mb``
    are the bench child's. ``plain_table_runs_s``/``plain_table_median_s`` and
    ``plain_table_ratio`` (to the bare import) are the plain table's
    (:func:`plain_child`): the best a plain program would do, for scale; the target
    stays the bare import's."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="pitchside-pyc-") as prefix, \
            tempfile.TemporaryDirectory(prefix="pitchside-run-") as folder:
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = prefix
        conditions = {"cached": cached, "uncached": dict(os.environ)}
        interleaved(1, cached, Path(folder))  # warm the cache (and make the journal): discarded
        for name, env in conditions.items():
            runs, starts, imports, plains = interleaved(n, env, Path(folder))
            s = [r["startup_s"] for r in runs]
            b = [r["startup_s"] for r in imports]
            bench_s = [r["startup_s"] for r in starts]
            bare_cpu = median(r["cpu_s"] for r in imports)
            out[name] = {
                "startup_runs_s": s, "startup_median_s": median(s),
                "bare_import_runs_s": b, "bare_import_median_s": median(b),
                "ratio": round(median(s) / median(b), 2),
                "startup_cpu_median_s": median(r["cpu_s"] for r in runs),
                "bare_import_cpu_median_s": bare_cpu,
                "cpu_ratio": round(median(r["cpu_s"] for r in runs) / bare_cpu, 2),
                "cpu_to_ready_median_s": median(r["cpu_to_ready_s"] for r in runs),
                "bare_import_cpu_to_ready_median_s": median(r["cpu_to_ready_s"] for r in imports),
                "cpu_to_ready_ratio": round(median(r["cpu_to_ready_s"] for r in runs)
                                            / median(r["cpu_to_ready_s"] for r in imports), 2),
                "plain_table_runs_s": [r["startup_s"] for r in plains],
                "plain_table_median_s": median(r["startup_s"] for r in plains),
                "plain_table_ratio": round(median(r["startup_s"] for r in plains) / median(b), 2),
                "plain_table_cpu_to_ready_median_s": median(r["cpu_to_ready_s"] for r in plains),
                "bench_child": {
                    "startup_runs_s": bench_s, "startup_median_s": median(bench_s),
                    "ratio": round(median(bench_s) / median(b), 2),
                    "cpu_median_s": median(r["cpu_s"] for r in starts),
                    "cpu_ratio": round(median(r["cpu_s"] for r in starts) / bare_cpu, 2),
                },
                "phases_ms": {k: round(median(r["phases"][k]["s"] for r in starts) * 1000, 1)
                              for k in starts[0]["phases"]},
                "modules": starts[-1]["modules"], "pitchside_modules": starts[-1]["pitchside_modules"],
                "rss_mb": median(r["rss_mb"] for r in starts),
            }
    return out


def compare(n: int, trees: list[str]) -> dict[str, Any]:
    """``pitchside run`` (:func:`run_child`) of each source tree in ``trees`` (a folder
    holding ``firmware/``, ``hardware/`` and ``sim/``, e.g. a ``git archive`` of a commit;
    ``-`` for the installed one), and the bare import, in turn, ``n`` rounds after one
    discarded warm-up round, bytecode cached, the trees' order turned by one each round;
    per tree the median wall clock to READY=1
    (s), CPU at READY=1 and whole CPU (s), and their ratios to the bare import's; and
    ``plain_table`` (:func:`plain_child`, this tree's bench), the same figures for scale."""
    rows: dict[str, list[dict[str, Any]]] = {t: [] for t in trees}
    bare: list[dict[str, Any]] = []
    plain: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="pitchside-pyc-") as prefix:
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base["PYTHONPYCACHEPREFIX"] = prefix
        envs = {t: base if t == "-" else dict(base, PYTHONPATH=os.pathsep.join(
            str(Path(t) / d) for d in ("firmware", "hardware", "sim"))) for t in trees}
        folders = {t: Path(tempfile.mkdtemp(prefix="pitchside-run-", dir=prefix)) for t in trees}
        for i in range(n + 1):  # the first round warms the cache and makes each journal
            # the trees' order turns each round: the first child of a round ran 10-20 %
            # slower here (two copies of one tree: 0.298 s first vs 0.239 s second)
            for t in trees[i % len(trees):] + trees[: i % len(trees)]:
                r = run_child(envs[t], folders[t])
                if i:
                    rows[t].append(r)
            b = _child("bare_import", base)
            p = plain_child(base, Path(prefix))
            if i:
                bare.append(b)
                plain.append(p)
    bw, bc, br = (median(r[k] for r in bare) for k in ("startup_s", "cpu_s", "cpu_to_ready_s"))
    out: dict[str, Any] = {"bare_import": {"startup_median_s": bw, "cpu_median_s": bc, "cpu_to_ready_median_s": br}}
    pw, pc, pr = (median(r[k] for r in plain) for k in ("startup_s", "cpu_s", "cpu_to_ready_s"))
    out["plain_table"] = {"startup_median_s": pw, "cpu_median_s": pc, "cpu_to_ready_median_s": pr,
                          "ratio": round(pw / bw, 2), "cpu_ratio": round(pc / bc, 2), "cpu_to_ready_ratio": round(pr / br, 2)}
    for t, rs in rows.items():
        w, c, r = (median(x[k] for x in rs) for k in ("startup_s", "cpu_s", "cpu_to_ready_s"))
        out[t] = {"startup_median_s": w, "cpu_median_s": c, "cpu_to_ready_median_s": r, "ratio": round(w / bw, 2),
                  "cpu_ratio": round(c / bc, 2), "cpu_to_ready_ratio": round(r / br, 2)}
    return out


IMPORTS_CHILD = r"""
import json, time
from pathlib import Path
t0 = time.process_time()
import gpiozero, luma.oled.device, PIL.Image  # the bare import: not counted
t1 = time.process_time()
import gpiozero.pins.mock, pitchside_hw, pitchside_hw.table
from pitchside.app.config import load_config
from pitchside.cli.main import build_parser
build_parser().parse_args(["run", "--config", "table.toml"])
load_config(Path(pitchside_hw.__file__).parent / "configs" / "pichenotte.toml")
print(json.dumps({"bare_ms": (t1 - t0) * 1000, "ms": (time.process_time() - t1) * 1000}))
"""
"""What ``pitchside run`` imports beyond the bare import, its parser and its config read,
the CPU of it (ms) in one fresh child: no journal, display or process exit, whose
variation hides a few ms in :func:`compare`."""


def imports(n: int, trees: list[str]) -> dict[str, Any]:
    """:data:`IMPORTS_CHILD` of each source tree in ``trees`` (as in :func:`compare`),
    ``n`` rounds after a discarded warm-up round, bytecode cached, the trees' order
    turned by one each round; per tree the minimum, first quartile, median and third
    quartile of its CPU (ms) beyond the bare import. It leaves out what varies most in
    :func:`compare` (the journal, the display, the exit), yet at a load of 3-6 on this
    2-CPU machine two copies of one tree still differed by up to 10 ms in median and 7
    ms in minimum: a change of a few ms (a dataclass is about 1 ms on 3.11)
    wants a quiet machine; give a tree twice to see the noise."""
    rows: dict[str, list[float]] = {t: [] for t in trees}
    with tempfile.TemporaryDirectory(prefix="pitchside-pyc-") as prefix:
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base["PYTHONPYCACHEPREFIX"] = prefix
        envs = {t: base if t == "-" else dict(base, PYTHONPATH=os.pathsep.join(
            str(Path(t) / d) for d in ("firmware", "hardware", "sim"))) for t in trees}
        for i in range(n + 1):
            for t in trees[i % len(trees):] + trees[: i % len(trees)]:
                out = subprocess.run([sys.executable, "-c", IMPORTS_CHILD], capture_output=True, text=True,
                                     check=True, cwd=HERE.parent, env=envs[t])
                if i:
                    rows[t].append(json.loads(out.stdout.strip().splitlines()[-1])["ms"])
    from statistics import quantiles

    return {t: {"min_ms": round(min(v), 1), "median_ms": round(median(v), 1), "q1_ms": round(quantiles(v, n=4)[0], 1),
                "q3_ms": round(quantiles(v, n=4)[2], 1), "rounds": len(v)} for t, v in rows.items()}


GROUPS = ("stdlib", "pitchside.core", "pitchside.signals", "pitchside.render", "pitchside.tables", "pitchside.app",
          "pitchside_hw", "pitchside.cli", "pitchside_sim")
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
    names = [m for m in modules if (m.split(".")[0] not in ("pitchside", "pitchside_hw", "pitchside_sim") if g == "stdlib"
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
from pitchside.cli.main import build_parser
phase("parser", lambda: build_parser().parse_args(["run", "--config", "table.toml"]))
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
    imports (listed by one fresh ``pitchside run`` child at its READY=1), imported again in fresh children group
    by group (:data:`GROUPS`, floor order: a module's dependencies not yet imported are
    paid by its group), each group's CPU (ms), modules, dataclasses created and the CPU
    of creating them (``dataclass_cpu_ms``: ``dataclasses``' own work); then the
    command line's parser (``parser``: ``build_parser`` and ``parse_args``), the
    config, the journal's open, the table's assembly and the first frame. Medians of
    ``n`` children, bytecode cached as in :func:`run`."""
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="pitchside-pyc-") as prefix, \
            tempfile.TemporaryDirectory(prefix="pitchside-run-") as folder:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = prefix
        listed = Path(folder) / "modules.json"
        run_child(env, Path(folder), modules_to=listed)  # what `pitchside run` has loaded at READY=1
        before = set(json.loads(subprocess.run([sys.executable, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
                                               capture_output=True, text=True, check=True, env=env).stdout))
        modules = [m for m in json.loads(listed.read_text()) if m not in before]
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
    if sys.argv[1:2] == ["--compare"]:
        print(json.dumps(compare(int(sys.argv[2]), sys.argv[3:]), indent=1))
    elif sys.argv[1:2] == ["--imports"]:
        print(json.dumps(imports(int(sys.argv[2]), sys.argv[3:]), indent=1))
    elif sys.argv[1:2] == ["--costs"]:
        print(json.dumps(costs(int(sys.argv[2]) if len(sys.argv) > 2 else 5), indent=1))
    else:
        print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=1))
