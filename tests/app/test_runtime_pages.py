"""The runtime turns the pages of a paged text (text that does not fit
is paged, never cut): a page turn every PAGE_S s on the table's clock, a timer like the
kiosk's (time is an input, no sleeps), only while a paged frame is shown; a new frame
starts at its first page. The display's mode reaches the screens."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from PIL import Image

from pitchside.app.runtime import PAGE_S, Runtime, TableParts
from pitchside.render import fonts, screen
from pitchside.render.panel import Canvas, Panel
from pitchside.render.widgets import paged_text
from pitchside.tables import pichenotte as table
from pitchside.tables.kiosk import KioskSettings

LONG = "Called twenty missed: the puck goes to the ditch and the turn passes to the other side"


@dataclass(frozen=True)
class Paged:
    text: str


def _draw(view: Paged, c: Canvas) -> None:
    paged_text(c, (0, 0, c.width, 12), view.text, sizes=(fonts.SMALL,))


screen.register_layout(Paged, _draw)


@dataclass
class Sink:
    frames: list[Image.Image] = field(default_factory=list)

    def show(self, image: Image.Image) -> None:
        self.frames.append(image)


@dataclass
class Clock:
    t: float = 10.0

    def __call__(self) -> float:
        return self.t


def _runtime(sink: Sink, clock: Clock, view: list[object], mode: str = "1") -> Runtime:
    rt = Runtime(table.new_table(), TableParts(sink, lambda: "A", clock, settings=KioskSettings(attract=False),
                                               mode=mode))
    rt.view = lambda: view[0]  # type: ignore[method-assign]
    return rt


def _page(view: object, page: int, mode: str = "1") -> bytes:
    return screen.render(view, Panel(128, 64, mode), page).tobytes()  # type: ignore[arg-type]


def test_pages_turn_every_page_s_on_the_clock_and_start_again_after_the_last() -> None:
    sink, clock, view = Sink(), Clock(), [Paged(LONG)]
    rt = _runtime(sink, clock, view)
    pages = screen.compose(screen.Frame(view[0]), (128, 64)).pages
    assert pages >= 3
    rt.refresh()
    assert [f.tobytes() for f in sink.frames] == [_page(view[0], 0)]
    assert rt.next_due() == pytest.approx(10.0 + PAGE_S)
    clock.t = 10.0 + PAGE_S - 0.01
    assert rt.fire_due(clock.t) == 0 and len(sink.frames) == 1
    for k in range(1, pages + 1):
        clock.t = 10.0 + k * PAGE_S
        assert rt.fire_due(clock.t) == 1
        assert sink.frames[-1].tobytes() == _page(view[0], k % pages)
    assert len(sink.frames) == pages + 1
    assert sink.frames[-1].tobytes() == sink.frames[0].tobytes()  # back to the first page


def test_no_page_timer_for_a_frame_that_fits_and_a_new_frame_starts_at_page_0() -> None:
    sink, clock, view = Sink(), Clock(), [Paged(LONG)]
    rt = _runtime(sink, clock, view)
    rt.refresh()
    clock.t += PAGE_S
    rt.fire_due(clock.t)  # page 1 of the long text
    view[0] = Paged("FREE SHOT")
    rt.refresh()
    assert sink.frames[-1].tobytes() == _page(view[0], 0)
    shown = len(sink.frames)
    clock.t += PAGE_S
    rt.fire_due(clock.t)  # the long text's turn, now stale: nothing changes
    due = rt.next_due()
    assert len(sink.frames) == shown and (due is None or due > clock.t + 10 * PAGE_S)  # the kiosk's dimming at most
    view[0] = Paged(LONG + " again")
    rt.refresh()
    assert sink.frames[-1].tobytes() == _page(view[0], 0)  # its first page, not the counter's
    assert rt.next_due() == pytest.approx(clock.t + PAGE_S)


@pytest.mark.parametrize("mode", ["L", "RGB"])
def test_the_display_s_mode_reaches_the_screen(mode: str) -> None:
    sink, clock, view = Sink(), Clock(), [Paged("FREE SHOT")]
    rt = _runtime(sink, clock, view, mode)
    rt.refresh()
    assert sink.frames[-1].mode == mode and sink.frames[-1].tobytes() == _page(view[0], 0, mode)
