"""Every text a player can be shown fits its box on every supported panel:
each prompt, notice and refusal text each game's ``describe`` can give (long
player names, every option set), and the kiosk's screens, drawn page by page through
:mod:`support.textfit`: no ink outside its box or the panel, no "…", and every text
drawn whole over its pages.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pitchside import __version__
from pitchside.core import fields
from pitchside.core.notice import Notice
from pitchside.render import fonts, screen
from pitchside.render.kiosk import AttractView, ConfirmView, MenuView
from pitchside.render.service import ServiceView
from pitchside.render.panel import Panel
from pitchside.render.screen import Frame
from pitchside.render.view import Prompt
from pitchside.render.widgets import DISMISS, refusal_words
from pitchside.tables.registry import app_for, table_games
from support import mm_wordings
from support.notices import scenario_notices
from support.textfit import ELLIPSIS, TextFit, draw_every_page, sample_notice, texts_of

PANELS = [Panel(128, 64), Panel(128, 32), Panel(256, 64, "L"), Panel(128, 128, "L"), Panel(128, 128, "RGB")]
SMALL = Panel(96, 48)  # the smallest laid-out size (widgets.MIN_SIZE), no driver of ours
LONG_NAMES = ("MAXIMILIAN-ALEXANDER", "BARTHOLOMEW-JONES")
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "replay"


def _game(game: str) -> Any:
    return pytest.param(game, id=game)


def _panel_id(p: Panel) -> str:
    return f"{p.width}x{p.height}-{p.mode}"


def option_sets(game: str) -> list[Any]:
    """The game's default options, and each declared option set in turn to each of its
    choices (its bounds for a number), where the options take it."""
    app = app_for(game)
    default = app.parse_options({})
    out = [default]
    for name, spec in fields.specs(type(default)).items():
        values: tuple[Any, ...] = ()
        if spec.kind == "bool":
            values = (True, False)
        elif spec.kind == "choice":
            values = spec.choices
        elif spec.kind == "int":
            values = tuple(v for v in (spec.lo, spec.hi if spec.hi is None or spec.hi < 10_000 else 9999) if v is not None)
        for v in values:
            try:
                out.append(app.parse_options({spec.key or name: v}))
            except Exception:  # a value the other defaults do not allow: not a set of options
                continue
    return list(dict.fromkeys(out))


def mastermove_samples() -> list[Notice]:
    """Master Move notices with real parameters (squares, kinds, counts, scores) that
    the guessed ones of :func:`support.textfit.sample_notice` cannot give: the cases of
    tests/core/mastermove/test_mm_words.py (one of every code, with its MM- rule) and a
    refusal of each kind's way of moving under its rule (MM-06..MM-11)."""
    import importlib.util

    from pitchside.core.rules.mastermove.movegen import KIND_RULE

    path = Path(__file__).resolve().parents[1] / "core" / "mastermove" / "test_mm_words.py"
    spec = importlib.util.spec_from_file_location("_text_fit_mm_words", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ways = [Notice.of(rule, "not_its_way", kind=kind, frm="D12", to="H16") for kind, rule in KIND_RULE.items()]
    return [case[0] for case in module.CASES] + ways


SAMPLES = {"mastermove": mastermove_samples}
WORDINGS = {"mastermove": lambda: sorted(mm_wordings.wordings())}
"""A game's ``(rule, code)`` pairs where its words module keeps no list (derived from the engine)."""
"""Per game, notices with real parameters beside the guessed samples of each code."""


def notices(game: str) -> list[Notice]:
    """Every notice the game's words cover (a sample of each code, and the game's
    :data:`SAMPLES`) and every one its replay scenarios meet."""
    app = app_for(game)
    words = app.codec.words
    found: list[Notice] = list(SAMPLES[game]()) if game in SAMPLES else []
    for path in sorted(SCENARIOS.glob("*.jsonl")):
        if path.read_text(encoding="utf-8").split("\n", 1)[0].find(f'"game": "{game}"') >= 0:
            found += scenario_notices(path)
    rules = {n.code: n.rule for n in found}
    keys = WORDINGS[game]() if game in WORDINGS else getattr(words, "WORDINGS", None) or getattr(words, "CODES", ())
    for key in keys:
        rule, code = key if isinstance(key, tuple) else (rules.get(key, "XX-00"), key)
        n = sample_notice(app.codec.describe, rule, code, LONG_NAMES)
        if n is not None:
            found.append(n)
    return list(dict.fromkeys(found))


def prompts(game: str) -> Iterator[tuple[Prompt, str]]:
    """``(prompt, the words it must show)``: each text as an info line and a refusal."""
    for notice, text in texts_of(notices(game), app_for(game).codec.describe, LONG_NAMES):
        yield Prompt(text), text
        refusal = Prompt(text, "refusal", notice.rule)
        yield refusal, refusal_words(refusal)


def _check(fit: TextFit, view: object, panel: Panel, want: tuple[str, ...] = ()) -> list[str]:
    fit.clear()
    draw_every_page(fit, Frame(view), panel)
    problems = fit.problems(panel.size)
    problems += [f"{w!r} is not drawn whole" for w in want if not fit.shows(w)]
    return problems


@pytest.mark.parametrize("panel", PANELS, ids=_panel_id)
@pytest.mark.parametrize("game", [_game(g) for g in table_games()])
def test_every_prompt_and_refusal_fits(game: str, panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_for(game)
    base = app.view(app.new_table(app.parse_options({}), LONG_NAMES))
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for prompt, want in prompts(game):
            extra = (DISMISS,) if prompt.kind == "refusal" else ()
            found = _check(fit, dataclasses.replace(base, prompt=prompt), panel, (want, *extra))
            problems += [f"{prompt.kind} {prompt.text!r}: {p}" for p in found]
    assert problems == []


@pytest.mark.parametrize("panel", PANELS, ids=_panel_id)
@pytest.mark.parametrize("game", [_game(g) for g in table_games()])
def test_every_option_set_s_screen_fits(game: str, panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_for(game)
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for options in option_sets(game):
            view = app.view(app.new_table(options, LONG_NAMES))
            problems += [f"{options}: {p}" for p in _check(fit, view, panel)]
    assert problems == []


def kiosk_views(game: str, panel: Panel) -> Iterator[tuple[object, tuple[str, ...]]]:
    """The kiosk's screens for ``game`` with the texts each must show whole (on the
    128x32 panel the menu shows the row under the cursor, without the title)."""
    app = app_for(game)
    reduced = panel.layout == "reduced"
    yield AttractView(app.title, ("PRESS ANY BUTTON", "TO PLAY")), (app.title, "PRESS ANY BUTTON", "TO PLAY")
    yield AttractView(app.title, ("PRESS ANY BUTTON", "TO CHOOSE A GAME"), (2, 1)), (app.title, "TO CHOOSE A GAME")
    for options in option_sets(game):
        rows = app.menu(options)
        for cursor, hint in itertools.product(range(len(rows)), ("DONE: PLAY   NEXT + -: SET", "INSERT COIN  CREDIT €1.50 / €2.00")):
            shown = rows[cursor : cursor + 1] if reduced else rows[max(0, cursor - 2) : cursor + 1]
            want = (*(() if reduced else (app.title,)), hint, *(t for row in shown for t in row))
            yield MenuView(app.title, rows, cursor, hint), want
    pounds = "£1.00 A GAME  CREDIT £0.50"
    yield MenuView(app.title, app.menu(app.parse_options({})), 0, pounds), (pounds,)
    summary = app.summary(app.new_table(app.parse_options({}), LONG_NAMES))
    lines = (summary, "DONE: carry on", "NEXT: new match")
    yield ConfirmView("MATCH ON HOLD", lines), ("MATCH ON HOLD", *lines)
    lines = ("DONE: yes, abandon", "any other: no")
    yield ConfirmView("ABANDON MATCH?", lines), ("ABANDON MATCH?", *lines)
    status = ((f"pitchside {__version__}",), ("journal: /var/lib/pitchside/journal.db",), ("match on: hold NEW to abandon",))
    yield ServiceView("status", status, footer="NEXT: page 3/4"), (f"pitchside {__version__}", "NEXT: page 3/4")
    inputs = tuple((name, "stuck", "1234") for name in (*app.buttons, *app.beams))
    yield ServiceView("inputs", inputs[:8], footer="NEXT: page 1/4"), ("NEXT: page 1/4",)
    sensors = tuple((name, "no record", "-") for name in app.beams) or (("twenty", "ok", "3/4.5"),)
    yield ServiceView("sensors", sensors, footer="NEXT: page 4/4"), ("NEXT: page 4/4",)


@pytest.mark.parametrize("panel", PANELS, ids=_panel_id)
@pytest.mark.parametrize("game", table_games())
def test_the_kiosk_screens_fit(game: str, panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for view, want in kiosk_views(game, panel):
            problems += [f"{view}: {p}" for p in _check(fit, view, panel, want)]
    assert problems == []


def names_views() -> Iterator[tuple[object, tuple[str, ...]]]:
    """The names entry with every letter of the alphabet in every cell, under the cursor
    (inverse) and kept (plain), in singles and doubles, with the names so far."""
    from pitchside.render.names import NamesView
    from pitchside.tables.names import ALPHABET, LETTERS

    hint = "NEXT: OK   DONE: END"
    for letter in ALPHABET.strip():
        for cursor in range(LETTERS):
            letters = (letter * (cursor + 1)).ljust(LETTERS)
            for who, done in (("PLAYER 2", ("WWW",)), ("B PLAYER 2", ("WWW", "-", "MMM"))):
                yield NamesView(who, letters, cursor, done, hint), (f"NAME: {who}", *letters.strip(), *done, hint)


@pytest.mark.parametrize("panel", [*PANELS, SMALL], ids=_panel_id)
def test_the_names_entry_fits(panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every initial a player can choose is drawn whole in its
    cell (never "…" or left out), with the title, the names so far and the hint."""
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for view, want in names_views():
            problems += [f"{view}: {p}" for p in _check(fit, view, panel, want)]
    assert problems == []


def test_the_checker_finds_a_shortened_text_and_one_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker can fail: a text cut with "…" (as the old text_in_box drew it) and a
    text not drawn are both caught; a text paged over three frames is drawn whole."""
    from PIL import Image, ImageDraw

    from pitchside.render import widgets
    from pitchside.render.panel import Canvas

    with TextFit(monkeypatch) as fit:
        d = ImageDraw.Draw(Image.new("1", (128, 64)))
        font = fonts.text_font(fonts.TINY)
        fonts.draw_text(d, (1, 3), "a line fa" + ELLIPSIS, font, box=(0, 0, 60, 12))
        widgets.text_in_box(d, (0, 20, 128, 32), "line 0")
        assert fit.problems((128, 64)) == ["'a line fa…' is shortened"]
        assert fit.shows("line 0") and not fit.shows("line 8") and not fit.shows("a line far too long for its box")
        fit.clear()
        pages, page = 1, 0
        while page < pages:
            c = Canvas(Panel(128, 64), page)
            widgets.paged_text(c, (0, 0, 60, 12), "a line far too long for its box")
            fit.next_frame()
            pages, page = c.pages, page + 1
        assert pages == 4  # "a line", "far too", "long for", "its box": 9 cells of 6 px in 57
        assert fit.problems((128, 64)) == [] and fit.shows("a line far too long for its box")


def test_money_is_drawn_as_written_and_the_checker_finds_a_missing_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pixel font has "€", "£" and "¥": a price is drawn with its sign, which is not
    its code; a char without a glyph ("\u4e00") is a problem the checker reports."""
    from pitchside.render import widgets
    from pitchside.render.panel import Canvas

    def drawn(text: str) -> bytes:
        c = Canvas(Panel(128, 64))
        widgets.paged_text(c, (0, 0, 128, 14), text, sizes=(12,))
        return c.image.tobytes()

    assert len({drawn("CREDIT €1.50"), drawn("CREDIT EUR 1.50"), drawn("CREDIT £1.50"), drawn("CREDIT ¥1.50")}) == 4
    with TextFit(monkeypatch) as fit:
        c = Canvas(Panel(128, 64))
        widgets.paged_text(c, (0, 0, 128, 14), "€1.50 £2 ¥300")
        assert fit.problems((128, 64)) == [] and fit.shows("€1.50 £2 ¥300")
        widgets.paged_text(c, (0, 20, 128, 34), "1\u4e00 POINTS")
        assert fit.problems((128, 64)) == ["'1\u4e00 POINTS' draws '\u4e00', which the font has no glyph for"]


def test_samples_cover_every_pichenotte_code() -> None:
    from pitchside.core.words import pichenotte as words

    covered = {(n.rule, n.code) for n in notices("pichenotte")}
    assert set(words.WORDINGS) <= covered


def test_samples_cover_every_mastermove_rule_and_code() -> None:
    """Every ``(MM- rule, code)`` the engine gives is drawn (none under a placeholder
    rule: a notice without its MM- rule has no words)."""
    covered = {(n.rule, n.code) for n in notices("mastermove")}
    assert mm_wordings.wordings() <= covered and len(covered & mm_wordings.wordings()) == 52
    assert all(n.rule.startswith("MM-") or n.rule == "UNDO" for n in notices("mastermove"))


@pytest.mark.parametrize("panel", PANELS, ids=_panel_id)
def test_the_chosen_menu_row_s_text_stands_clear_of_its_highlight(panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu row under the cursor: no pixel of its label's or value's own colour in
    the 1 px ring around the text (its outline touched the value's capitals)."""
    app = app_for("pichenotte")
    rows = app.menu(app.parse_options({}))
    for cursor in range(len(rows)):
        with TextFit(monkeypatch) as fit:
            image = screen.render(MenuView(app.title, rows, cursor, "DONE: PLAY"), panel).convert("L")
        for d in fit.drawn:
            if d.text not in rows[cursor]:
                continue
            x0, y0, x1, y1 = d.ink
            ring = [(x, y) for x in range(x0 - 1, x1 + 1) for y in (y0 - 1, y1)]
            ring += [(x, y) for y in range(y0, y1) for x in (x0 - 1, x1)]
            lit = d.fill != 0
            touching = [xy for xy in ring if 0 <= xy[0] < panel.width and 0 <= xy[1] < panel.height
                        and (image.getpixel(xy) != 0) == lit]
            assert touching == [], f"row {cursor} {d.text!r} touches {touching[:4]}"


OUT_OF_ORDER_SIZES = [p.size for p in PANELS] + [(96, 48), (512, 512), (95, 64), (64, 48), (64, 32), (64, 16)]


@pytest.mark.parametrize("size", list(dict.fromkeys(OUT_OF_ORDER_SIZES)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_out_of_order_frame_fits_on_one_page(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The frame a stopped table leaves lit: nothing turns its pages, so each text is
    whole on its one page; a full-size panel says the title and both lines, a smaller one
    the title alone (on one line or two)."""
    from pitchside.render.out_of_order import LINES, TITLE, render_out_of_order
    from pitchside.render.widgets import MIN_SIZE

    with TextFit(monkeypatch) as fit:
        render_out_of_order(size)
    assert fit.problems(size) == []
    texts = [d.text for d in fit.drawn]
    if size[0] >= MIN_SIZE[0] and size[1] >= MIN_SIZE[1]:
        assert texts == [TITLE, *LINES]
    else:
        assert " ".join(texts) == TITLE


def test_the_text_screen_pages_long_lines_and_lines_past_the_bottom(monkeypatch: pytest.MonkeyPatch) -> None:
    """render/message.py's screen (confirm questions, service pages): a title and eight
    lines on 128x32 and 128x64, every one whole over the pages, none cut or dropped."""
    lines = tuple(f"line {i}: " + "hold NEW to abandon the match " * (i % 3) for i in range(8))
    view = ConfirmView("A VERY LONG TITLE THAT CANNOT FIT THE PANEL", lines)
    for panel in PANELS:
        with TextFit(monkeypatch) as fit:
            problems = _check(fit, view, panel, (view.title, *lines))
        assert problems == [], panel


def test_free_rows_go_to_a_long_line_so_it_reads_whole_without_turning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Looked at on 128x64: the hold question's score line paged over two pages with a
    row free under the last line; it now wraps onto that row, one page. On 128x128 the
    status page's journal path wraps after its slashes, not between letters."""
    summary = "MAXIMILIAN-ALEXANDER 3 - 1 BARTHOLOMEW-JONES"
    hold = ConfirmView("MATCH ON HOLD", (summary, "DONE: carry on", "NEXT: new match"))
    with TextFit(monkeypatch) as fit:
        assert draw_every_page(fit, Frame(hold), Panel(128, 64)) == 1
    texts = [d.text for d in fit.drawn]
    assert texts == ["MATCH ON HOLD", "MAXIMILIAN-ALEXANDER", "3 - 1", "BARTHOLOMEW-JONES",
                     "DONE: carry on", "NEXT: new match"], texts
    status = ServiceView("status", (("journal: /var/lib/pitchside/journal.db",),), footer="NEXT: page 3/4")
    with TextFit(monkeypatch) as fit:
        assert draw_every_page(fit, Frame(status), Panel(128, 128, "L")) == 1
    assert [d.text for d in fit.drawn] == ["SERVICE: STATUS", "journal: /var/lib/", "pitchside/journal.db",
                                           "NEXT: page 3/4"]


def standings_views() -> Iterator[tuple[object, tuple[str, ...]]]:
    """Master Move tournament tables (render/mastermove/standings.py) with long team names,
    a shared rank, wide numbers and a long footer, on a standings screen of their own and
    over a game's view (NEXT once a game is over), each with the texts it must show."""
    from pitchside.core.tournament import Row
    from pitchside.render.mastermove import StandingsView

    teams = ("MAXIMILIAN-ALEXANDER", "BARTHOLOMEW-JONES", "Wanderers Reserves", "Yellow FC", "Blue Town", "T6")
    rows = tuple(Row(rank=min(i, 4) + 1, team=t, played=12, won=12 - i, lost=i, moves_for=36, moves_against=30 + 3 * i,
                     points=36 - 3 * i, shared=i >= 4) for i, t in enumerate(teams))
    footer = f"Next: {teams[0]} v {teams[1]}"
    for first in (0, 5):
        view = StandingsView("SPRING CUP 2026 AT THE RED LION", rows, footer, first)
        shown = rows[first:first + 5]
        yield view, (footer, *(r.team for r in shown), *(r.rank_text for r in shown))
    yield StandingsView("SPRING CUP 2026 AT THE RED LION", rows[:2]), ("SPRING CUP 2026 AT THE RED LION",)
    app = app_for("mastermove")
    base = app.view(app.new_table(app.parse_options({}), LONG_NAMES))
    over = StandingsView("CUP", rows[:3], footer)
    yield dataclasses.replace(base, standings=over), (footer, *(r.team for r in rows[:3]))


@pytest.mark.parametrize("panel", PANELS, ids=_panel_id)
def test_the_master_move_standings_fit(panel: Panel, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cell, head and footer of the standings whole over its pages, never "…"
   : a team name too long for its cell is paged there, like any text.
    On 128x32 the table has room for one team row: the first row's texts are asked for."""
    problems: list[str] = []
    with TextFit(monkeypatch) as fit:
        for view, want in standings_views():
            if panel.layout == "reduced":
                want = want[:2]
            problems += [f"{type(view).__name__}: {p}" for p in _check(fit, view, panel, want)]
            drawn = {d.text for d in fit.drawn}
            assert {"#", "TEAM", "P", "W", "MD", "PTS"} <= drawn
    assert problems == []
