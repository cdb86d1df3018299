"""Players' names at the table: the initials entry as a pure state
machine (:mod:`pitchside.tables.names`), the kiosk's Names row that opens it for every
game, and the screen it draws (:mod:`pitchside.render.names`)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pitchside.render.names import NamesView, render_names
from pitchside.render.side import SideView
from pitchside.render.screen import render
from pitchside.signals.events import ButtonPressed, ButtonReleased, SerialLine, TimerFired
from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.tables import names as n
from pitchside.tables.registry import TABLES, GameApp, app_for, is_finished

ANN = ("plus", "next") + ("plus",) * 14 + ("next",) + ("plus",) * 14 + ("next",)
"""The presses that enter ANN: + to A, NEXT; 14 + to N, NEXT; again; the third NEXT ends it."""
BO = ("plus",) * 2 + ("next",) + ("plus",) * 15 + ("shot_done",)
"""BO, ended early with DONE on its second letter."""


def run(entry: n.NameEntry, presses: tuple[str, ...]) -> n.NameEntry | n.Done | n.Cancelled:
    out: n.NameEntry | n.Done | n.Cancelled = entry
    for p in presses:
        assert isinstance(out, n.NameEntry), f"entry over before {p}"
        out = n.press(out, p)
    return out


# --- the state machine ---------------------------------------------------------------------


def test_a_fresh_entry_is_on_player_1_first_letter_blank() -> None:
    e = n.begin(1, ("A", "B"))
    assert n.view(e) == NamesView("PLAYER 1", "   ", 0, (), "NEXT: OK   DONE: END")


def test_three_letters_then_next_names_player_1_and_moves_to_player_2() -> None:
    e = run(n.begin(1, ("A", "B")), ANN)
    assert isinstance(e, n.NameEntry)
    assert (e.entered, e.letters, e.letter) == (("ANN",), "", " ")
    assert n.view(e) == NamesView("PLAYER 2", "   ", 0, ("ANN",), "NEXT: OK   DONE: END")


def test_the_last_player_ends_the_entry_with_both_names() -> None:
    assert run(n.begin(1, ("A", "B")), ANN + BO) == n.Done(("ANN", "BO"))


def test_plus_and_minus_go_round_a_space_and_a_to_z() -> None:
    e = n.begin(1, ("A", "B"))
    assert n.press(e, "plus").letter == "A"  # type: ignore[union-attr]
    assert n.press(e, "minus").letter == "Z"  # type: ignore[union-attr]
    assert run(e, ("plus",) * 27) == e  # all 27 letters and back to the blank
    assert n.ALPHABET == " ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_done_on_a_fresh_letter_skips_the_player_who_keeps_the_default() -> None:
    assert run(n.begin(1, ("Ann", "Bob")), ("shot_done", "shot_done")) == n.Done(("Ann", "Bob"))
    assert run(n.begin(1, ("Ann", "Bob")), ("shot_done", *BO)) == n.Done(("Ann", "BO"))


def test_blanks_around_a_name_are_dropped_and_blanks_inside_kept() -> None:
    a_b = ("next", "plus", "next", "next")  # " A " -> "A"
    assert run(n.begin(1, ("A", "B")), (*a_b, "shot_done")) == n.Done(("A", "B"))
    inside = ("plus", "next", "next", "plus", "plus", "next")  # "A B"
    assert run(n.begin(1, ("X", "Y")), (*inside, "shot_done")) == n.Done(("A B", "Y"))


def test_whose_is_next_on_pichenotte_and_other_buttons_change_nothing() -> None:
    e = n.press(n.begin(1, ("A", "B")), "plus")
    assert isinstance(e, n.NameEntry)
    assert n.press(e, "whose") == n.press(e, "next")
    for other in ("coin", "new", "roll", "call", "touchdown"):
        assert n.press(e, other) == e


def test_undo_goes_back_a_letter_then_into_the_previous_player_then_leaves() -> None:
    e = run(n.begin(1, ("A", "B")), ANN + ("plus",))  # player 2 on A
    assert isinstance(e, n.NameEntry)
    e2 = n.press(e, "undo")  # back into ANN, on its last N (the A under way is dropped)
    assert isinstance(e2, n.NameEntry)
    assert (e2.entered, e2.letters, e2.letter) == ((), "AN", "N")
    e3 = run(e2, ("undo", "undo"))
    assert isinstance(e3, n.NameEntry) and (e3.letters, e3.letter) == ("", "A")
    assert n.press(e3, "undo") == n.Cancelled()


def test_undo_into_a_skipped_player_is_on_a_blank() -> None:
    e = run(n.begin(1, ("A", "B")), ("shot_done", "undo"))
    assert isinstance(e, n.NameEntry) and (e.entered, e.letters, e.letter) == ((), "", " ")


def test_doubles_name_each_of_four_players_the_sides_first() -> None:
    e: n.NameEntry | n.Done | n.Cancelled = n.begin(2, ("A", "B"))
    whos = []
    for presses in (ANN, BO, ("shot_done",), ("plus", "shot_done")):
        assert isinstance(e, n.NameEntry)
        whos.append(n.who(e))
        e = run(e, presses)
    assert whos == ["A PLAYER 1", "A PLAYER 2", "B PLAYER 1", "B PLAYER 2"]
    assert e == n.Done(("ANN/BO", "P3/A"))  # B's first player skipped: P3


def test_doubles_side_that_skips_both_players_keeps_its_default() -> None:
    assert run(n.begin(2, ("Reds", "Blues")), ("shot_done",) * 4) == n.Done(("Reds", "Blues"))
    assert run(n.begin(2, ("Reds", "Blues")), ("shot_done", "plus", "shot_done", "shot_done", "shot_done")) == n.Done(
        ("P1/A", "Blues")
    )


def test_finish_cuts_the_entry_short_with_the_letters_under_way() -> None:
    e = run(n.begin(1, ("A", "B")), ("plus", "next", "plus", "plus"))
    assert isinstance(e, n.NameEntry)
    assert n.finish(e) == ("AB", "B")
    assert n.finish(n.begin(2, ("A", "B"))) == ("A", "B")


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="players per side must be 1 or 2, not 3"):
        n.begin(3, ("A", "B"))
    with pytest.raises(ValueError, match="3 names for 2 players"):
        n.side_names(("A", "B", "C"), 1, ("A", "B"))


# --- the kiosk, every game -------------------------------------------------------------------

S = k.KioskSettings(dim_after_s=60, suspend_after_s=300, result_timeout_s=90, shift_every_s=30, stuck_after_s=20)


def boot(app: GameApp, names: tuple[str, str] = ("A", "B"), **settings: object) -> k.KioskState:
    ks, _ = k.start(replace(S, app=app, **settings), app.new_table(app.parse_options({}), names),  # type: ignore[arg-type]
                    app.buttons, 0.0)  # fmt: skip
    return ks


def tap(ks: k.KioskState, name: str, at: float) -> tuple[k.KioskState, list[k.Effect]]:
    ks, e1 = k.handle(ks, ButtonPressed(name, at))
    ks, e2 = k.handle(ks, ButtonReleased(name, at + 0.05))
    return ks, [*e1, *e2]


def taps(ks: k.KioskState, presses: tuple[str, ...], at: float = 1.0) -> k.KioskState:
    for i, p in enumerate(presses):
        ks, _ = tap(ks, p, at + i * 0.2)
    return ks


def to_names_row(ks: k.KioskState) -> k.KioskState:
    """Wake with NEXT (any button wakes), then NEXT down to the last row, Names."""
    ks = taps(ks, ("next",))
    assert ks.mode == "menu" and ks.cursor == 0
    menu = k.view(ks)
    return taps(ks, ("next",) * (len(menu.fields) - 1), 2.0)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", list(TABLES))
def test_the_menu_ends_with_the_names_row_on_every_game(game: str) -> None:
    ks = to_names_row(boot(app_for(game), ("Ann", "Bob")))
    menu = k.view(ks)
    assert menu.fields[-1] == ("Names", "Ann v Bob")  # type: ignore[attr-defined]
    assert menu.cursor == len(menu.fields) - 1  # type: ignore[attr-defined]
    assert menu.hint == "DONE: PLAY   + -: NAMES"  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", list(TABLES))
def test_names_entered_in_the_menu_are_the_new_match_and_its_screen_s(game: str) -> None:
    app = app_for(game)
    ks = to_names_row(boot(app))
    ks, eff = tap(ks, "plus", 5.0)
    assert ks.mode == "names" and fx.NewMatch() not in eff
    assert k.view(ks) == NamesView("PLAYER 1", "   ", 0, (), "NEXT: OK   DONE: END")
    ks = taps(ks, ANN + BO, 6.0)
    assert ks.mode == "menu" and ks.entry is None
    menu = k.view(ks)
    assert menu.fields[-1] == ("Names", "ANN v BO") and menu.cursor == len(menu.fields) - 1  # type: ignore[attr-defined]
    ks, eff = tap(ks, "shot_done", 30.0)
    assert ks.mode == "playing" and fx.NewMatch() in eff
    assert ks.table.names == ("ANN", "BO")
    assert app.view(ks.table).names == ("ANN", "BO")  # type: ignore[attr-defined]
    side = k.side_view(ks, "B")
    assert isinstance(side, SideView) and side.name == "BO"


def test_boulomania_s_view_carries_the_names_entered() -> None:
    from pitchside.render.boulomania import BoulomaniaView

    ks = taps(to_names_row(boot(app_for("boulomania"))), ("plus", *ANN, *BO, "shot_done"), 5.0)
    view = k.view(ks)
    assert isinstance(view, BoulomaniaView) and view.names == ("ANN", "BO")
    ks = taps(ks, ("roll",), 40.0)  # the roll-off
    assert k.view(ks).names == ("ANN", "BO")  # type: ignore[attr-defined]


def test_pichenotte_doubles_asks_each_of_the_four_players() -> None:
    ks = boot(app_for("pichenotte"))
    ks = taps(ks, ("next", "plus"))  # wake, players: doubles
    assert ks.table.match.options.players == "doubles"
    ks = taps(ks, ("next", "next", "next", "next", "plus"), 2.0)  # to the Names row (after To win and Pucks), open
    assert k.view(ks) == NamesView("A PLAYER 1", "   ", 0, (), "NEXT: OK   DONE: END")
    ks = taps(ks, (*ANN, *BO, "shot_done", "plus", "shot_done"), 3.0)
    assert ks.mode == "menu" and ks.table.names == ("ANN/BO", "P3/A")


def test_undo_on_the_first_letter_leaves_the_names_as_they_were() -> None:
    ks = to_names_row(boot(app_for("pitchnut"), ("Ann", "Bob")))
    ks = taps(ks, ("plus", "plus", "undo", "undo"), 5.0)  # open, A, back to the blank, leave
    assert ks.mode == "menu" and ks.table.names == ("Ann", "Bob")


def test_the_names_entry_times_out_to_attract_like_the_menu() -> None:
    ks = to_names_row(boot(app_for("pichenotte")))
    ks, eff = tap(ks, "plus", 5.0)
    ks, eff = tap(ks, "plus", 6.0)
    assert {e.name: e.due_at for e in eff if isinstance(e, k.StartTimer)}["idle"] == 306.0
    ks, _ = k.handle(ks, TimerFired("idle", 306.0))
    assert ks.mode == "attract" and ks.entry is None and ks.table.names == ("A", "B")


def test_names_entered_without_a_match_go_when_the_table_goes_back_to_attract() -> None:
    ks = taps(to_names_row(boot(app_for("pichenotte"))), ("plus", *ANN, *BO), 5.0)
    assert ks.table.names == ("ANN", "BO")
    ks, _ = k.handle(ks, TimerFired("idle", 400.0))
    assert ks.mode == "attract" and ks.table.names == ("A", "B")


def test_after_a_result_new_keeps_the_names_and_the_timeout_gives_the_defaults_back() -> None:
    from pitchside.core.rules import pichenotte as rules

    app = app_for("pichenotte")
    ks, _ = k.start(replace(S, app=app, sides=("A", "B")), app.new_table(rules.Options(pucks=1, rounds_to_win=1),
                    ("Ann", "Bob")), app.buttons, 0.0)  # fmt: skip
    assert ks.home_names == ("A", "B")  # the config's sides, not the power-on table's names
    ks = taps(to_names_row(ks), ("plus", *ANN, *BO, "shot_done"), 5.0)
    ks, _ = k.handle(ks, fx.CoinTossed("A", 30.0))
    ks = taps(ks, ("shot_done", "no_contact", "shot_done", "plus", "shot_done"), 31.0)  # A 15 - B 0: A wins
    assert is_finished(ks.table) and ks.table.names == ("ANN", "BO")
    rematch, _ = tap(ks, "new", 40.0)
    assert rematch.mode == "menu" and rematch.table.names == ("ANN", "BO")  # the same players again
    gone, eff = k.handle(ks, TimerFired("result", 200.0))
    assert gone.mode == "attract" and fx.NewMatch() in eff
    assert gone.table.names == ("A", "B")  # the next players are new


def test_service_mode_from_the_entry_comes_back_to_it() -> None:
    ks = taps(to_names_row(boot(app_for("pitchbowl"))), ("plus", "plus", "next"), 5.0)
    entry = ks.entry
    ks, _ = k.handle(ks, ButtonPressed("new", 10.0))
    ks, _ = k.handle(ks, ButtonPressed("undo", 10.1))
    from pitchside.signals.events import ButtonHeld

    ks, _ = k.handle(ks, ButtonHeld("undo", 11.2))
    assert ks.mode == "service"
    ks, _ = k.handle(ks, ButtonHeld("undo", 13.0))
    assert ks.mode == "names" and ks.entry == entry


def test_a_move_source_hello_ends_the_entry_and_starts_master_move() -> None:
    ks = taps(to_names_row(boot(app_for("mastermove"), ("Yellow", "Blue"))), ("plus", *ANN, "plus"), 5.0)
    ks, eff = k.handle(ks, SerialLine("moves", "HELLO MM1", 20.0))
    assert ks.mode == "playing" and fx.NewMatch() in eff
    assert ks.table.names == ("ANN", "A")  # player 2's A under way ends the name


# --- the screen -----------------------------------------------------------------------------


def test_the_entry_screen_lights_the_cursor_cell_and_draws_the_letters() -> None:
    view = NamesView("PLAYER 2", "BO ", 1, ("ANN",), "NEXT: OK   DONE: END")
    img = render(view)
    assert img.size == (128, 64) and img.mode == "1"
    assert img.tobytes() == render_names(view).tobytes()
    lit = img.point(lambda v: 1 if v else 0)
    # three cells of 22 x 29 px, centred from x = 31, y = 13; the cursor's (the second,
    # x 54-73) is lit round its dark O; the first is dark round its lit B
    cell = lit.crop((54, 13, 74, 42))
    assert cell.getpixel((0, 0)) == 1 and cell.getpixel((19, 28)) == 1
    assert 0 < sum(cell.getdata()) < 20 * 29  # the O cut out of it
    first = lit.crop((32, 13, 52, 42))
    assert first.getpixel((0, 0)) == 0 and sum(first.getdata()) > 0  # the B, unlit round it
    blank = render(replace(view, letters="B  ", cursor=1)).point(lambda v: 1 if v else 0)
    assert sum(blank.crop((54, 13, 74, 42)).getdata()) == 20 * 29  # a blank under the cursor: all lit
    third = lit.crop((76, 13, 96, 42))
    assert third.getbbox() == (2, 27, 18, 28)  # the letter to come: a short underline, 16 px
    assert img.tobytes() != render(replace(view, done=())).tobytes()  # the names so far are shown


@pytest.mark.parametrize("size", [(128, 64), (128, 32), (256, 64), (128, 128), (96, 48)])
def test_the_entry_screen_draws_at_every_panel_size(size: tuple[int, int]) -> None:
    img = render(NamesView("A PLAYER 2", "AN ", 2, ("ANN",), "NEXT: OK   DONE: END"), size)
    assert img.size == size and img.getbbox() is not None
