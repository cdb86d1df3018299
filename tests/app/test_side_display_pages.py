"""A side display turns the pages of its paged text as the main display does (a
name too long for the side panel's name bar is paged, never cut): a page turn
every PAGE_S s on the table's clock (a timer whose firing comes back to the runtime, no
sleeps), only while that side's frame is paged; a new frame starts at its first page."""

from __future__ import annotations

import pytest
from PIL import Image

from pitchside.app.pager import Pager
from pitchside.app.runtime import PAGE_S, Runtime, TableParts
from pitchside.core.rules import pichenotte as rules
from pitchside.render import screen
from pitchside.render.panel import Panel
from pitchside.render.screen import Frame
from pitchside.render.side import SideView
from pitchside.signals.events import ButtonPressed
from pitchside.tables import kiosk as k
from pitchside.tables import pichenotte as t
from support.textfit import TextFit

LONG = "THE RED TEAM OF THE CROWN AND ANCHOR"
PANEL = Panel(128, 32)


class Sink:
    def __init__(self) -> None:
        self.frames: list[Image.Image] = []

    def show(self, image: Image.Image) -> None:
        self.frames.append(image)


def _runtime(a: Sink, b: Sink, clock: list[float]) -> Runtime:
    return Runtime(t.new_table(rules.Options(pucks=2), (LONG, "Bob")),
                   TableParts(Sink(), lambda: "A", lambda: clock[0], settings=k.KioskSettings(attract=False),
                              side_sinks={"A": (a, PANEL), "B": (b, PANEL)}))  # fmt: skip


def _page(view: SideView, page: int) -> bytes:
    return screen.render(view, PANEL, page).tobytes()


def _name_bar_texts(image_of: SideView, page: int, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with TextFit(monkeypatch) as fit:
        screen.render(image_of, PANEL, page)
    return [d.text for d in fit.drawn if d.box is not None and d.box[1] == 0]


def test_a_long_name_on_a_side_display_turns_its_pages_every_page_s(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b, clock = Sink(), Sink(), [10.0]
    rt = _runtime(a, b, clock)
    view = k.side_view(rt.kiosk, "A")
    assert view == SideView(LONG, 0.0, False, "")
    # the exact pages of the name bar: two, every word whole, in order
    assert [_name_bar_texts(view, p, monkeypatch) for p in range(3)] == [
        ["THE RED TEAM OF THE"], ["CROWN AND ANCHOR"], ["THE RED TEAM OF THE"]]
    rt.refresh()
    assert [f.tobytes() for f in a.frames] == [_page(view, 0)] and len(b.frames) == 1
    clock[0] = 10.0 + PAGE_S - 0.01
    rt.fire_due(clock[0])
    assert len(a.frames) == 1  # not before its time
    for turn in range(1, 4):
        clock[0] = 10.0 + turn * PAGE_S
        rt.fire_due(clock[0])
        assert a.frames[-1].tobytes() == _page(view, turn % 2), turn
    assert len(a.frames) == 4 and len(b.frames) == 1  # "Bob" fits: B's display has no pages to turn
    assert a.frames[1].tobytes() != a.frames[0].tobytes() == a.frames[2].tobytes()


def test_a_new_side_frame_starts_at_its_first_page_and_the_old_turn_is_dropped() -> None:
    a, b, clock = Sink(), Sink(), [10.0]
    rt = _runtime(a, b, clock)
    rt.refresh()
    clock[0] += PAGE_S
    rt.fire_due(clock[0])  # page 1 of the name
    rt.post(ButtonPressed("coin", clock[0]))  # A won the toss: A's turn, the name bar inverted
    rt.process_pending()
    turn = k.side_view(rt.kiosk, "A")
    assert turn == SideView(LONG, 0.0, True, "")
    assert a.frames[-1].tobytes() == _page(turn, 0)
    shown = len(a.frames)
    clock[0] += PAGE_S - 0.01
    rt.fire_due(clock[0])  # the old frame's turn (scheduled at the page 1 frame) is stale
    assert len(a.frames) == shown
    clock[0] += 0.01
    rt.fire_due(clock[0])
    assert a.frames[-1].tobytes() == _page(turn, 1)


def test_the_pager_turns_only_the_frame_it_follows() -> None:
    p = Pager()
    first, other = Frame(SideView(LONG, 1.0)), Frame(SideView("Bob", 1.0))
    p.follow(first)
    assert p.at(first) == first and p.shown(first, 2) == first
    assert p.shown(first, 2) is None  # a turn is due already
    assert p.turn(first) and p.at(first) == Frame(first.view, page=1)
    assert p.shown(p.at(first), 2) == first
    p.follow(other)
    assert p.at(other) == other and p.shown(other, 1) is None
    assert not p.turn(first) and p.page == 0
