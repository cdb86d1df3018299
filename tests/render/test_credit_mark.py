"""The credit mark of a paid match never covers what the screen shows: on every game's
screens (seeded panel sessions through each game's table), at every panel size the
screens lay out, the frame is drawn without and with the mark, and the mark's box must
hold no ink of the frame without it (the top row's ink box above all), and the mark
changes nothing outside its box. ``scripts/frames`` writes these frames to look at
(``test_credit_frames``)."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from PIL import Image, ImageChops

from pitchside.render import screen
from pitchside.render.badge import MARK_GAP, MARK_H, mark_size, place_mark
from pitchside.render.fonts import Box
from pitchside.render.panel import Panel
from pitchside.signals.events import ButtonPressed
from pitchside.tables.effects import CoinTossed, DiceRolled, RollDice, TossCoin
from pitchside.tables.registry import TABLES, app_for
from support.golden import panel_id, show_frame

PANELS = [Panel(128, 64), Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "L"), Panel(128, 128, "RGB"),
          Panel(96, 48)]  # fmt: skip
MARKS = ("$1.50", "€10.50 NO COINS")
NO_ROOM = {("mastermove", (128, 32)), ("mastermove", (96, 48))}
"""Panels on which a game's screens leave the mark no room on any frame of the sessions
(the pitch and the line-up bar fill the top page, the words the rest): no credit shows
there during play (the attract screen shows it)."""


@lru_cache(maxsize=None)
def session_views(game: str, seeds: int = 2, presses: int = 40) -> tuple[object, ...]:
    """The views a table shows in seeded sessions of presses of its buttons (its coin
    and dice answered), in order, repeats dropped."""
    app = app_for(game)
    seen: dict[object, None] = {}
    for seed in range(seeds):
        rng = random.Random(seed)
        ts = app.new_table(app.codec.parse_options({}), ("Ann", "Bob"))
        for i in range(presses):
            ts, effects = app.handle(ts, ButtonPressed(rng.choice([b for b in app.buttons if b != "new"]), float(i)))
            for effect in effects:
                if isinstance(effect, RollDice):
                    ts, _ = app.handle(ts, DiceRolled(tuple(rng.randint(1, 6) for _ in range(effect.count)), float(i)))
                    break
                if isinstance(effect, TossCoin):
                    ts, _ = app.handle(ts, CoinTossed(rng.choice(("A", "B")), float(i)))
                    break
            seen.setdefault(app.view(ts), None)
    return tuple(seen)


def ink(image: Image.Image, box: Box) -> Box | None:
    """The ink box of ``image`` inside ``box`` (in the image's coordinates), None for none."""
    found = image.convert("L").crop(box).getbbox()
    return None if found is None else (box[0] + found[0], box[1] + found[1], box[0] + found[2], box[1] + found[3])


def row_items(image: Image.Image, y: int = 0) -> list[Box]:
    """The ink boxes of the things on the page of rows ``y`` to ``y + MARK_H`` (its
    words, digits, markers): ink with more than :data:`MARK_GAP` free columns between."""
    page = image.convert("L").crop((0, y, image.width, y + MARK_H))
    inked = [page.crop((x, 0, x + 1, MARK_H)).getbbox() is not None for x in range(image.width)]
    items: list[Box] = []
    for x, lit in enumerate(inked):
        if not lit:
            continue
        if items and x - items[-1][2] <= MARK_GAP:
            items[-1] = (items[-1][0], y, x + 1, y + MARK_H)
        else:
            items.append((x, y, x + 1, y + MARK_H))
    return [b for b in (ink(image, i) for i in items) if b is not None]


def around(box: Box, panel: Panel) -> Box:
    """``box`` with :data:`MARK_GAP` px more on each side, inside the panel."""
    return (max(0, box[0] - MARK_GAP), max(0, box[1] - MARK_GAP), min(panel.width, box[2] + MARK_GAP),
            min(panel.height, box[3] + MARK_GAP))  # fmt: skip


def meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("panel", PANELS, ids=panel_id)
@pytest.mark.parametrize("game", list(TABLES))
def test_the_credit_mark_never_covers_the_screen(game: str, panel: Panel) -> None:
    shown = 0
    for view in session_views(game):
        plain = screen.compose(screen.Frame(view, badge=True), panel).image
        top_row = row_items(plain)
        for mark in MARKS:
            marked = screen.compose(screen.Frame(view, badge=True, mark=mark), panel).image
            placed = place_mark(plain, mark)
            changed = ImageChops.difference(plain.convert("RGB"), marked.convert("RGB")).getbbox()
            if placed is None:  # no room on this frame: nothing drawn, nothing covered
                assert changed is None, (game, mark, view)
                continue
            box, words = placed
            shown += 1
            assert words in (mark, mark.split(" ")[0])
            assert box[3] - box[1] == MARK_H and box[1] % MARK_H == 0 and box[2] - box[0] == mark_size(words)[0]
            assert ink(plain, box) is None, (game, mark, box, view)  # nothing of the screen under it
            if box[1] == 0:  # the mark and each thing of the top row's ink: apart
                assert not any(meets(box, item) for item in top_row), (game, mark, box, top_row)
            assert changed is not None and changed[0] >= box[0] and changed[1] >= box[1] and changed[2] <= box[2] \
                and changed[3] <= box[3], (changed, box)  # the mark drew only in its box
    assert (shown > 0) == ((game, panel.size) not in NO_ROOM)


def pichenotte_main() -> object:
    """The Pichenotte table after the coin toss: the score row with both names on top."""
    app = app_for("pichenotte")
    ts = app.new_table(app.codec.parse_options({}), ("Ann", "Bob"))
    ts, _ = app.handle(ts, ButtonPressed("coin", 0.0))
    ts, _ = app.handle(ts, CoinTossed("A", 0.0))
    return app.view(ts)


@pytest.mark.parametrize(("panel", "box"), [
    (Panel(128, 64), (51, 0, 77, 8)),  # between the two names of the score row
    (Panel(256, 64, "L"), (0, 0, 26, 8)),  # the corner: the names start lower
    (Panel(128, 128, "L"), (50, 0, 76, 8)),
    (Panel(96, 48), (35, 0, 61, 8)),
], ids=lambda p: panel_id(p) if isinstance(p, Panel) else "")  # fmt: skip
def test_the_mark_keeps_clear_of_the_score_row(panel: Panel, box: Box) -> None:
    """The score row's names stay whole: the mark, in the top left corner before, covered
    the first name at 128x64; now it sits where the row has room, exactly there."""
    view = pichenotte_main()
    plain = screen.compose(screen.Frame(view), panel).image
    names = row_items(plain)
    corner = (0, 0, mark_size("$1.50")[0], MARK_H)
    assert any(meets(corner, item) for item in names) == (box[0] != 0)  # where it was drawn before
    assert place_mark(plain, "$1.50") == (box, "$1.50")
    assert not any(meets(box, item) for item in names)
    assert ink(plain, around(box, panel)) is None  # with room around it: it reads apart from the names
    marked = screen.compose(screen.Frame(view, mark="$1.50"), panel).image
    assert ink(ImageChops.difference(plain.convert("L"), marked.convert("L")), (0, 0, *panel.size)) is not None


def test_a_mark_too_long_for_the_top_row_is_the_amount_alone() -> None:
    """At 128x64 the score row has room between the names for the amount but not for
    why coins are refused (the attract screen says that): the amount stays on top."""
    view = pichenotte_main()
    plain = screen.compose(screen.Frame(view), (128, 64)).image
    assert place_mark(plain, "$1.50 FULL") == ((51, 0, 77, 8), "$1.50")
    assert place_mark(plain, "€10.50 NO COINS") == ((48, 0, 79, 8), "€10.50")


@pytest.mark.parametrize("game", list(TABLES))
def test_credit_frames(game: str) -> None:
    """``scripts/frames``: each game's screens with the credit mark, at every panel size,
    to look at (``credit_<game>_<n>.png`` in each panel's folder)."""
    for panel in PANELS:
        for i, view in enumerate(session_views(game)[:12]):
            image = screen.compose(screen.Frame(view, mark=MARKS[i % 2]), panel).image
            show_frame(image, f"credit_{game}_{i:02d}.png")


def test_a_busy_frame_takes_the_mark_with_less_room_around_it() -> None:
    """Boulomania at 128x64 leaves no page corner with 2 px free around the mark: it
    takes the right corner of the third page, between the two sides' digits, clear of
    them by its box's own column and rows."""
    app = app_for("boulomania")
    view = app.view(app.new_table(app.codec.parse_options({}), ("Ann", "Bob")))
    plain = screen.compose(screen.Frame(view), (128, 64)).image
    assert place_mark(plain, "$1.50") == ((102, 16, 128, 24), "$1.50")
    assert ink(plain, around((102, 16, 128, 24), Panel(128, 64))) is not None  # the digits are that close


@pytest.mark.parametrize("size", [(128, 64), (128, 32), (256, 64), (96, 48)])
def test_a_refusal_over_the_whole_panel_shows_no_mark(size: tuple[int, int]) -> None:
    """The refusal's frame runs round the panel's edge: no room, no mark, the frame
    exactly as without it (on the tall panel the refusal leaves the top third)."""
    app = app_for("pichenotte")
    ts, _ = app.handle(app.new_table(app.codec.parse_options({}), ("Ann", "Bob")), ButtonPressed("undo", 0.0))
    view = app.view(ts)
    plain = screen.compose(screen.Frame(view), size).image
    assert place_mark(plain, "$1.50") is None
    assert screen.compose(screen.Frame(view, mark="$1.50"), size).image.tobytes() == plain.tobytes()
