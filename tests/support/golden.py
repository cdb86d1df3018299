"""Golden-image checks for the screens (luma's own approach): a frame must equal its
PNG in tests/render/golden/ pixel for pixel. ``PITCHSIDE_UPDATE_GOLDEN=1`` rewrites the
PNG instead and saves a 4x copy to ``PITCHSIDE_FRAMES_DIR`` (default
/tmp/pitchside_frames) to look at before committing. ``PITCHSIDE_SHOW_FRAMES=1`` keeps
the check and saves the 4x copies too, one folder per panel size (``scripts/frames``)."""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN = Path(__file__).resolve().parents[1] / "render" / "golden"
UPDATE = os.environ.get("PITCHSIDE_UPDATE_GOLDEN") == "1"
SHOW = os.environ.get("PITCHSIDE_SHOW_FRAMES") == "1"
FRAMES = Path(os.environ.get("PITCHSIDE_FRAMES_DIR", "/tmp/pitchside_frames"))


def show_frame(frame: Image.Image, name: str) -> None:
    """With ``PITCHSIDE_SHOW_FRAMES=1``: ``frame`` scaled 4x (nearest neighbour) as
    ``FRAMES/WxH-MODE/name`` to look at."""
    if not SHOW:
        return
    folder = FRAMES / f"{frame.width}x{frame.height}-{frame.mode}"
    folder.mkdir(parents=True, exist_ok=True)
    frame.convert("RGB").resize((frame.width * 4, frame.height * 4), Image.Resampling.NEAREST).save(folder / name)


def check_golden(frame: Image.Image, path: Path, size: tuple[int, int] = (128, 64), mode: str = "1") -> None:
    """Assert ``frame`` (``mode``, ``size``) equals the golden PNG at ``path``, or
    rewrite it when updating."""
    assert frame.mode == mode and frame.size == size
    show_frame(frame, f"{path.parent.name}_{path.name}" if path.parent != GOLDEN else path.name)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        frame.save(path)
        FRAMES.mkdir(parents=True, exist_ok=True)
        big = frame.convert("RGB").resize((frame.width * 4, frame.height * 4), Image.Resampling.NEAREST)
        big.save(FRAMES / (f"{path.parent.name}_{path.name}" if path.parent != GOLDEN else path.name))
        return
    assert path.exists(), f"no golden image {path}: run with PITCHSIDE_UPDATE_GOLDEN=1 and look at it"
    with Image.open(path) as golden:
        expected = golden.convert(mode)
    assert expected.size == frame.size
    box = ImageChops.difference(frame.convert("L") if mode == "1" else frame,
                                expected.convert("L") if mode == "1" else expected).getbbox()
    assert box is None, f"{path.name}: pixels differ inside {box}"


def check_panel_golden(frame: Image.Image, path: Path) -> None:
    """:func:`check_golden` at the frame's own size and mode (a laid-out screen on any
    panel)."""
    check_golden(frame, path, frame.size, frame.mode)


def panel_id(panel: object) -> str:
    """A panel's name in golden folders and test ids: ``"256x64-L"``."""
    return f"{panel.width}x{panel.height}-{panel.mode}"  # type: ignore[attr-defined]
