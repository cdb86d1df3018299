"""Pitchnut screens, laid out per panel: :class:`PitchnutView`
(:mod:`.view`) drawn by :func:`pitchside.render.pitchnut.screens.draw` on a
:class:`~pitchside.render.panel.Canvas` for 128x64, 128x32, 256x64 and 128x128 (modes
"1", "L", "RGB"); :func:`render` returns the frame for a panel.

Rules PN-xx: ``docs/rules/pitchnut.md``.
"""

from __future__ import annotations

from PIL import Image

from pitchside.render import screen
from pitchside.render.panel import Panel
from pitchside.render.pitchnut.screens import describe, draw, short_cause, status_text
from pitchside.render.pitchnut.view import PitchnutView, SheetRow

_status = status_text
"""The status text under a side (kept under its old name for the table tests)."""


def render(view: PitchnutView, size: Panel | tuple[int, int] = (128, 64), page: int = 0) -> Image.Image:
    """The frame of ``view`` for a panel (a ``(width, height)`` is mode "1").

    :returns: an image of the panel's size and mode.
    :raises ValueError: no layout for the panel (:data:`pitchside.render.panel.LAYOUTS`).
    """
    return screen.render(view, size, page)


screen.register_layout(PitchnutView, draw)

__all__ = ["PitchnutView", "SheetRow", "describe", "draw", "render", "short_cause", "status_text"]
