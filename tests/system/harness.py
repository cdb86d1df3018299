"""What the system tests share: the booted guest, the figures of the run, its mode."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

MODE = os.environ.get("PITCHSIDE_SYSTEM", "")
"""``short`` (CI: 3 power cuts), ``full`` (100), or empty: the tests are not collected."""

FIGURES: dict[str, Any] = {}
"""What the run measured (phase timings, latencies, power-cut counts), printed at the end."""


def phase(name: str, t0: float) -> None:
    FIGURES.setdefault("phases_s", {})[name] = round(time.monotonic() - t0, 1)


class Guest:
    """The booted guest of the session (one boot; the power-cut test boots it again)."""

    def __init__(self, vm: Any, img: Path, run: Path, payload: Path, overlay: Path, kvm: bool) -> None:
        self.vm, self.img, self.run, self.payload, self.overlay, self.kvm = vm, img, run, payload, overlay, kvm
        self.machine: Any = None
        self.facts: dict[str, Any] = {}

    def boot(self) -> float:
        self.machine = self.vm.Machine(self.img, self.run, self.payload, self.overlay, self.kvm)
        return float(self.machine.connect())

    def sh(self, script: str, timeout: float = 900) -> str:
        return str(self.machine.sh(script, timeout))

    def try_sh(self, script: str, timeout: float = 900) -> dict[str, Any]:
        return dict(self.machine.call("sh", timeout=timeout + 30, script=script, limit=timeout))


