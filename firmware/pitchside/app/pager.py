"""One display's page turning (text that does not fit is paged, never
cut): which frame's pages are turning, the page it is on, and whether a turn is due.

The runtime keeps one :class:`Pager` per display (the main panel and each side display)
and runs the timer itself: a turn every ``PAGE_S`` s on the table's clock, as a timer
whose firing comes back to :meth:`Pager.turn` (time is an input, no sleeps). Pure: no
clock, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pitchside.render.screen import Frame


@dataclass
class Pager:
    """The page state of one display.

    :ivar base: the frame (at page 0) whose pages are turning, or None.
    :ivar page: how many turns it has had (each paged text shows ``page % its pages``).
    """

    base: Frame | None = None
    page: int = 0
    _turn_for: Frame | None = None  # the frame a page turn is scheduled for

    def at(self, frame: Frame) -> Frame:
        """``frame`` at the page to show: the current page while it is the frame whose
        pages are turning, else its own (a new frame starts at its first page)."""
        if _first_page(frame) != self.base or frame.page == self.page:
            return frame
        return replace(frame, page=self.page)

    def follow(self, frame: Frame) -> None:
        """``frame`` is what the display is to show: a frame other than :attr:`base`
        starts again at page 0."""
        base = _first_page(frame)
        if base != self.base:
            self.base, self.page = base, 0

    def shown(self, frame: Frame, pages: int) -> Frame | None:
        """``frame`` was shown and has ``pages`` pages; :returns: the base frame to
        schedule a page turn for (pass it to :meth:`turn` when the timer fires), or
        None: it fits one page, or a turn is scheduled for it already."""
        base = _first_page(frame)
        if pages > 1 and self._turn_for != base:
            self._turn_for = base
            return base
        return None

    def turn(self, base: Frame) -> bool:
        """The page timer of ``base`` fired; :returns: whether the display must be
        redrawn (the next page: ``base`` is still the frame whose pages are turning)."""
        if self._turn_for == base:
            self._turn_for = None
        if base == self.base:
            self.page += 1
            return True
        return False


def _first_page(frame: Frame) -> Frame:
    """``frame`` at page 0: itself when it is (the runtime's frames are, but for a page
    turn), else a copy (frames are frozen, so either is the same value)."""
    return frame if frame.page == 0 else replace(frame, page=0)
