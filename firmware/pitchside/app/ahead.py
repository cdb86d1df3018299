"""Frames drawn ahead: while the table waits, the runtime draws the frame each likely
next input would show, so that when one comes only the rules run before the frame
goes out (issue 15 item 2: "lead by a wide margin").

The rules are pure, so what a press *would* do can be worked out without doing it:
:func:`pitchside.tables.kiosk.handle` on the state as it is, the effects thrown away.
A frame drawn ahead is used only when the frame the real input leads to is *equal* to
it (:class:`~pitchside.render.screen.Frame` is a frozen value, and drawing is a pure
function of it), so a guess that turns out wrong (the press came at another time, a
coin toss or a die came with it, a timer fired first) costs nothing but the idle time
it took: that frame is drawn the usual way. Nothing drawn ahead is shown, journaled or
sent to a display before its input has happened and been handled.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.signals.events import BeamBroken, ButtonPressed

PIECE_BLOCK_S = 0.005
"""How long a guessed piece blocks a beam (s): a typical pass (the filters accept 2 ms
and more); the frames of the games do not depend on it."""


@dataclass(frozen=True, slots=True)
class DrawAhead:
    """Which inputs' frames :meth:`pitchside.app.runtime.Runtime.draw_ahead` draws while
    the loop waits: a press of each of ``buttons`` (pin-map names), a piece through
    each of ``beams``; at most ``limit`` frames a round (a frame equal to the one on
    the panel, or to one drawn already, is not drawn twice). Empty: none (the default;
    :func:`pitchside_hw.table.build_table` names the config's buttons and beams)."""

    buttons: tuple[str, ...] = ()
    beams: tuple[str, ...] = ()
    limit: int = 16

    def __post_init__(self) -> None:
        if self.limit < 0:
            raise ValueError(f"limit must be 0 or more, not {self.limit}")

    @property
    def enabled(self) -> bool:
        return self.limit > 0 and bool(self.buttons or self.beams)

    def events(self, at: float) -> tuple[ButtonPressed | BeamBroken, ...]:
        """The guessed inputs at ``at`` (s, the drivers' clock): buttons first, in order."""
        return (*(ButtonPressed(name, at) for name in self.buttons),
                *(BeamBroken(name, at, PIECE_BLOCK_S) for name in self.beams))
