"""The system tests boot a Debian guest under qemu (tests/system/vm.py): minutes, root, and
host packages, so the ordinary test run leaves them out. ``scripts/system-test`` runs them
(``PITCHSIDE_SYSTEM=short``, or ``--full``); ``scripts/test`` runs the short version after
the main suite under ``CI=true``, where a missing part fails, never skips."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from system.harness import FIGURES, MODE, Guest, phase

if MODE not in ("short", "full"):
    collect_ignore_glob = ["test_*.py"]

@pytest.fixture(scope="session")
def guest() -> Iterator[Guest]:
    from system import vm

    # Under CI=true a missing part fails the run, never skips it
    missing = pytest.fail if os.environ.get("CI") == "true" else pytest.skip
    for binary in ("qemu-system-x86_64", "qemu-img", "mmdebstrap", "mkfs.ext4"):
        if shutil.which(binary) is None:
            missing(f"{binary} not found: scripts/system-test installs {', '.join(vm.HOST_PACKAGES)} (as root)")
    if os.geteuid() != 0:
        missing("the system tests build the guest image with mmdebstrap as root")
    t = time.monotonic()
    img = vm.image()
    phase("image", t)
    run = vm.CACHE / "run"
    # PITCHSIDE_VM_REUSE=1 (for work on the tests themselves): boot the last run's disk
    # again, installed already, instead of a fresh one
    reuse = os.environ.get("PITCHSIDE_VM_REUSE") == "1" and (run / "system.qcow2").exists()
    if not reuse:
        shutil.rmtree(run, ignore_errors=True)
    run.mkdir(parents=True, exist_ok=True)
    t = time.monotonic()
    payload = vm.payload(run)
    phase("payload (wheelhouse, clone source)", t)
    t = time.monotonic()
    kvm = vm.kvm_works(img)
    phase("accelerator probe", t)
    FIGURES["accel"] = "KVM" if kvm else "TCG (KVM did not boot a kernel here, or PITCHSIDE_VM_ACCEL=tcg)"
    vm.log(f"accelerator: {FIGURES['accel']}")
    g = Guest(vm, img, run, payload, run / "system.qcow2" if reuse else vm.new_overlay(img, run), kvm)
    g.facts["reused"] = reuse
    t = time.monotonic()
    g.boot()
    phase("first boot to the agent", t)
    try:
        yield g
    finally:
        if g.machine is not None:
            g.machine.poweroff()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if FIGURES:
        import json

        terminalreporter.write_sep("=", "system test figures")
        terminalreporter.write_line(json.dumps(FIGURES, indent=1))
        out = Path(os.environ.get("PITCHSIDE_VM_CACHE") or Path.home() / ".cache" / "pitchside-vm") / "figures.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(FIGURES, indent=1) + "\n")
        terminalreporter.write_line(f"(also in {out})")


FULL_ONLY = ("test_rollback_to_the_previous_release",)
"""Left out of the short run (CI): a second install costs as much as the first under TCG."""


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    if MODE == "full":
        return
    left = [i for i in items if i.name in FULL_ONLY]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = [i for i in items if i.name not in FULL_ONLY]
