"""Frames drawn ahead: while the table waits, the runtime draws the frame each likely
next input would show, so that when one comes only the rules run before the frame
goes out ("lead by a wide margin").

The rules are pure, so what a press *would* do can be worked out without doing it:
:func:`pitchside.tables.kiosk.handle` on the state as it is, the effects thrown away.
A frame drawn ahead is used only when the frame the real input leads to is *equal* to
it (:class:`~pitchside.render.screen.Frame` is a frozen value, and drawing is a pure
function of it), so a guess that turns out wrong (the press came at another time, a
coin toss or a die came with it, a timer fired first) is never shown: that frame is
drawn the usual way. Nothing drawn ahead is shown, journaled or sent to a display
before its input has happened and been handled.

What it costs: CPU while the table waits, one round per state change (bench/README.md,
"Frames drawn ahead", has the figures; a release usually repeats its press's frames,
which are kept, not drawn again); a press that comes in the middle of a round waits for
the one guess being drawn (the round stops there); the frames kept (at most twice
``limit``, until the next frame is sent). Presses a few ms apart can come before a
round is done: they are drawn when needed, as without it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.signals.events import BeamBroken, ButtonPressed

DRAW_AHEAD = 24
"""``[display] draw_ahead``'s default: room for a frame for each input of every example
config (Pitch Bowl's 17 buttons, the combo table's 13 buttons and 5 beams: the most);
only frames that differ count, so a round usually draws fewer."""

DRAW_AHEAD_MAX = 32
"""The most ``[display] draw_ahead`` takes (what the display keeps ready is twice it:
``pitchside_hw.display.AHEAD_MAX``)."""

PIECE_BLOCK_S = 0.005
"""How long a guessed piece blocks a beam (s): a typical pass (the filters accept 2 ms
and more); the frames of the games do not depend on it."""


@dataclass(frozen=True, slots=True)
class DrawAhead:
    """Which inputs' frames :meth:`pitchside.app.runtime.Runtime.draw_ahead` draws while
    the loop waits: a press of each of ``buttons`` (pin-map names), a piece through
    each of ``beams``; at most ``limit`` frames a round (0 to :data:`DRAW_AHEAD_MAX`; a
    frame equal to the one on the panel, or to one drawn already, is not drawn twice).
    No buttons or beams: none (the default; :func:`pitchside_hw.table.build_table` names
    the config's buttons and beams).

    :raises ValueError: ``limit`` out of range."""

    buttons: tuple[str, ...] = ()
    beams: tuple[str, ...] = ()
    limit: int = DRAW_AHEAD

    def __post_init__(self) -> None:
        if not 0 <= self.limit <= DRAW_AHEAD_MAX:
            raise ValueError(f"limit must be between 0 and {DRAW_AHEAD_MAX}, not {self.limit}")

    @property
    def enabled(self) -> bool:
        return self.limit > 0 and bool(self.buttons or self.beams)

    def events(self, at: float) -> tuple[ButtonPressed | BeamBroken, ...]:
        """The guessed inputs at ``at`` (s, the drivers' clock): buttons first, in order."""
        return (*(ButtonPressed(name, at) for name in self.buttons),
                *(BeamBroken(name, at, PIECE_BLOCK_S) for name in self.beams))
