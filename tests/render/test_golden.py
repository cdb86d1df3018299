"""Golden images: every scene of render_scenes.py compared pixel for pixel with
tests/render/golden/<scene>.png.

After an intended layout change, rewrite them and look at them:

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py

which also writes each frame scaled 4x (nearest neighbour) to $PITCHSIDE_FRAMES_DIR
(default /tmp/pitchside_frames) for viewing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pitchside.core.replay.games import GAMES
from render_scenes import SCENES

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PITCHSIDE_UPDATE_GOLDEN") == "1"
FRAMES = Path(os.environ.get("PITCHSIDE_FRAMES_DIR", "/tmp/pitchside_frames"))


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    frame = SCENES[name]()
    assert frame.mode == "1" and frame.size == (128, 64)
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        frame.save(path)
        FRAMES.mkdir(parents=True, exist_ok=True)
        frame.convert("L").resize((frame.width * 4, frame.height * 4), Image.Resampling.NEAREST).save(
            FRAMES / f"{name}.png")
        return
    assert path.exists(), f"no golden image {path}: run with PITCHSIDE_UPDATE_GOLDEN=1 and look at it"
    with Image.open(path) as golden:
        expected = golden.convert("1")
    assert expected.size == frame.size
    diff = ImageChops.logical_xor(frame, expected)
    box = diff.getbbox()
    changed = sum(1 for y in range(diff.height) for x in range(diff.width) if diff.getpixel((x, y)))
    assert box is None, f"{name}: {changed} px differ from {path.name} inside {box}"


def test_every_golden_has_a_scene() -> None:
    """A stale golden file (scene renamed or removed) is an error, not dead weight.
    Files named ``<game>_*.png`` after another game belong to that game's own screen
    tests (tests/render/test_<game>_screens.py), which check their own."""
    others = tuple(f"{game}_" for game in GAMES if game != "pichenotte")
    stale = sorted(p.stem for p in GOLDEN.glob("*.png") if p.stem not in SCENES and not p.stem.startswith(others))
    assert stale == []
