"""The pulse model of bench/counting.py as the beam counter's storm detectors see it:
the margins behind the twenty hole's settings (pichenotte.toml)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import counting  # noqa: E402


@pytest.mark.parametrize("seed", [9, 50])
@pytest.mark.parametrize("gap_s", [(0.005, 0.005), (0.005, 0.060)])
def test_pucks_5ms_apart_never_make_a_pulse_train_or_10_starts_in_10ms(seed: int, gap_s: tuple[float, float]) -> None:
    """At most 4 block starts in a row within 3 ms (one edge's flicker: the train test
    needs 8) and at most 7 within 10 ms (the count needs 10), in 10,000 drops."""
    assert counting.spacing(10_000, gap_s, seed=seed) == {"drops": 10_000, "longest_train": 4, "most_in_window": 7}


def test_the_old_window_of_15ms_is_reached_by_pucks_5ms_apart() -> None:
    """10 block starts within 15 ms do occur (seed 9): why the twenty hole counts in 10 ms."""
    assert counting.spacing(10_000, (0.005, 0.005), seed=9, window_s=0.015)["most_in_window"] == 10


def test_the_counting_bench_uses_the_configured_pulse_train_settings(tmp_path: Path) -> None:
    """bench/counting.py's filter is the config's whole filter (BeamConfig.counter_kwargs):
    the pulse-train test's settings too, not the filter's defaults."""
    from pitchside_sim.run import default_config_path

    text = default_config_path("pichenotte").read_text()
    head = "[beams.twenty]                # break-beam receiver under the twenty hole\n"
    assert head in text and "\ntrain_pulses =" not in text
    path = tmp_path / "table.toml"
    path.write_text(text.replace(head, head + "train_pulses = 6\ntrain_spacing_ms = 2.5\n", 1))
    params = counting.beam_params("pichenotte", "twenty", path)
    assert (params["train_pulses"], params["train_spacing_s"]) == (6, 0.0025)
    assert params == counting.twenty_params() | {"train_pulses": 6, "train_spacing_s": 0.0025}
