"""Golden images: every scene of render_scenes.py compared pixel for pixel with
tests/render/golden/<scene>.png.

After an intended layout change, rewrite them and look at them:

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py

which also writes each frame scaled 4x (nearest neighbour) to $PITCHSIDE_FRAMES_DIR
(default /tmp/pitchside_frames) for viewing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.core.record.games import GAMES
from support.golden import check_golden
from render_scenes import PANELS, SCENES, VIEWS
from pitchside.render.pichenotte import render

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    check_golden(SCENES[name](), GOLDEN / f"{name}.png")


@pytest.mark.parametrize("name", sorted(VIEWS))
@pytest.mark.parametrize("panel", sorted(PANELS))
def test_golden_at_every_panel(panel: str, name: str) -> None:
    """Each Pichenotte scene laid out on the other panels (laid out per panel)."""
    p = PANELS[panel]
    check_golden(render(VIEWS[name](), p), GOLDEN / panel / f"{name}.png", p.size, p.mode)


def test_every_golden_has_a_scene() -> None:
    """A stale golden file (scene renamed or removed) is an error, not dead weight.
    Files named ``<game>_*.png`` after another game belong to that game's own screen
    tests (tests/render/test_<game>_screens.py), which check their own."""
    others = tuple(f"{game}_" for game in GAMES if game != "pichenotte")
    stale = sorted(p.stem for p in GOLDEN.glob("*.png") if p.stem not in SCENES and not p.stem.startswith(others))
    assert stale == []
    for panel in PANELS:
        assert sorted(p.stem for p in (GOLDEN / panel).glob("*.png") if p.stem not in VIEWS) == []
