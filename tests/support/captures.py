"""The real beam captures of ../shared/data/real/beam, as the capture tests read them
(tests/signals/test_signal_captures.py, tests/signals/test_captures_tuned.py)."""

from __future__ import annotations

from pathlib import Path

from pitchside_sim.pulses import read_edges_csv

BLOCKED = False
"""Photogate and IR receivers: a falling edge (low) is the beam blocked."""
PHOTOGATE_RUNS = ["000003", "000396", "000397"]
NEC = "beam/sigrok_ir_nec_joyit_enter_IRdemod_ch0_edges.csv"
SIRC = "beam/sigrok_ir_sirc1_ch0_edges.csv"


def photogate(real_data: Path, run_id: str) -> list[tuple[float, bool]]:
    """The edges ``(t s, level)`` of photogate run ``run_id``."""
    return read_edges_csv(str(real_data / f"beam/plasduino_pendulum_photogate_run0101_{run_id}_edges.csv"))


def complete_passes(edges: list[tuple[float, bool]]) -> list[tuple[float, float]]:
    """(block, clear) times of every blocked edge directly followed by a clear edge: the
    passes the capture fully shows. A trailing block without its clear edge is not one."""
    return [(a[0], b[0]) for a, b in zip(edges, edges[1:]) if a[1] == BLOCKED and b[1] != BLOCKED]


def frames(edges: list[tuple[float, bool]], gap_s: float) -> list[list[tuple[float, bool]]]:
    """Split an IR capture into frames at silences longer than ``gap_s`` (s)."""
    out = [[edges[0]]]
    for prev, cur in zip(edges, edges[1:]):
        if cur[0] - prev[0] > gap_s:
            out.append([])
        out[-1].append(cur)
    return out
