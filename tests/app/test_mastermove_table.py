"""The Master Move table controller (pure): move-source lines, the panel's cursor entry,
refusals that change nothing, undo, the move source's connection, the menu."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from pitchside.render import screen
from pitchside.tables import mastermove as mt
from pitchside.cli import tournament as tournament_cli
from pitchside.app import tournament_file
from pitchside.app.assembly import kiosk_settings
from pitchside.app.runtime import Runtime, TableParts
from pitchside.app.config import parse_config
from pitchside.tables import kiosk
from pitchside.tables.effects import Accepted, CoinTossed, TossCoin, TournamentLoaded
from pitchside.tables.kiosk import KioskSettings
from pitchside.tables.registry import app_for
from pitchside.tables.mastermove import standings_pages
from pitchside.core import tournament as tt
from pitchside.core.tournament import TournamentInfo
from pitchside.core.notice import Notice
from pitchside.core.rules import mastermove as rules
from pitchside.core.sides import PerSide
from pitchside.render.mastermove import render_standings, standings_cells
from pitchside.render.view import Prompt
from pitchside.signals.events import ButtonHeld, ButtonPressed, SerialLine, SerialStatus

sq = rules.square
LINEUP_A = "LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7"
LINEUP_B = "LINEUP B K E16 D C15 G15 W B14 E13 H14 R C9 G9 J E10 L B10 H10"


def line(ts: mt.TableState, text: str, at: float = 1.0) -> tuple[mt.TableState, tuple[object, ...]]:
    return mt.handle(ts, SerialLine("moves", text, at))


def lines(ts: mt.TableState, *texts: str) -> mt.TableState:
    for t in texts:
        ts, _ = line(ts, t)
    return ts


def press(ts: mt.TableState, *names: str) -> mt.TableState:
    for n in names:
        ts, _ = mt.handle(ts, ButtonPressed(n, 1.0))
    return ts


def kicked_off(names: tuple[str, str] = ("Ann", "Bob")) -> mt.TableState:
    return lines(mt.new_table(names=names), LINEUP_A, LINEUP_B, "TOSS A")


def test_the_app_is_registered_with_its_panel_and_move_source() -> None:
    app = app_for("mastermove")
    assert app is mt.APP
    assert {"new", "undo", "next", "plus", "minus", "shot_done", "coin"} <= set(app.buttons)
    assert app.serial_devices == ("moves",)
    assert app.beams == ()


def test_a_move_line_is_committed_and_journaled_MM_12() -> None:
    ts = kicked_off()
    ts, effects = line(ts, "MOVE D8 D12", at=7.5)
    assert effects == (Accepted(rules.Move(sq("D8"), sq("D12")), 7.5),)
    assert ts.match.state.to_move == "B"
    assert ts.match.state.board.get(sq("D12")) == rules.Piece("A", "runner")
    v = mt.view(ts)
    assert v.last_move == "Ann D8-D12"
    assert v.state.score == PerSide(0, 0)


def test_a_refused_move_changes_nothing_and_says_the_rule_and_why_MM_09() -> None:
    ts = kicked_off()
    before = ts.match
    ts, effects = line(ts, "MOVE D8 D13")
    assert effects == ()
    assert ts.match is before
    assert ts.prompt is not None and ts.prompt.kind == "refusal"
    assert ts.prompt.rule == "MM-09  D8-D13"
    assert ts.prompt.text == "the runner moves horizontally or vertically, 1 to 4 squares"


def test_a_move_of_the_other_side_is_refused_with_names_MM_12() -> None:
    ts, _ = line(kicked_off(), "MOVE G9 G5")
    assert ts.prompt is not None
    assert (ts.prompt.rule, ts.prompt.text) == ("MM-12  G9-G5", "the piece on G9 is Bob's; it is Ann's turn")


def test_a_bad_line_is_refused_as_a_line_and_counted() -> None:
    ts = kicked_off()
    ts2, effects = line(ts, "MOVE G3")
    assert effects == () and ts2.match is ts.match
    assert ts2.prompt is not None
    assert (ts2.prompt.kind, ts2.prompt.rule) == ("refusal", "LINE")
    assert ts2.prompt.text == "'MOVE G3': MOVE needs two squares, like MOVE G3 F1"
    assert (ts2.lines, ts2.refused_lines) == (ts.lines + 1, ts.refused_lines + 1)


def test_lines_of_another_device_and_comments_are_ignored() -> None:
    ts = kicked_off()
    assert mt.handle(ts, SerialLine("die", "MOVE D8 D12", 1.0)) == (ts, ())
    ts2, effects = line(ts, "# sensor board warming up")
    assert effects == () and ts2.match is ts.match and ts2.prompt == ts.prompt


def test_a_full_game_by_lines_to_3_Moves_with_changes_and_restarts_MM_15() -> None:
    ts = kicked_off()
    ts = lines(ts, "MOVE D8 D12", "MOVE G9 G5", "MOVE D12 D16")
    assert (ts.match.state.phase, ts.match.state.score, ts.match.state.restarting) == ("changes", PerSide(1, 0), "B")
    assert ts.prompt is None  # the changes screen says "MOVE!" itself
    ts = lines(ts, "CHANGE B B14 D14", "RESTART")
    assert (ts.match.state.phase, ts.match.state.to_move, ts.match.state.changes_used) == ("play", "B", PerSide(0, 1))
    ts = lines(ts, "MOVE C9 C5", "MOVE E7 E6", "MOVE C5 D5", "MOVE E6 E7", "MOVE D5 D1")
    assert ts.match.state.score == PerSide(1, 1)
    ts = lines(ts, "RESTART", "MOVE F8 F12", "MOVE B10 C12", "MOVE F12 F16")
    assert ts.match.state.score == PerSide(2, 1)
    ts = lines(ts, "RESTART", "MOVE E16 D16", "MOVE F8 F12", "MOVE D16 E16")
    ts, effects = line(ts, "MOVE F12 F16")
    assert (ts.match.state.phase, ts.match.state.score) == ("finished", PerSide(3, 1))
    assert rules.outcome(ts.match.state) == rules.Outcome("A", Notice.of("MM-15", "three_moves", side="A", moves=3))
    assert mt.view(ts).last_move == "Ann F12-F16 MOVE!"
    ts2, effects = line(ts, "QUIT B")
    assert effects == () and ts2.prompt is not None and ts2.prompt.rule == "MM-15"


def test_quit_is_a_0_3_forfeit_MM_25() -> None:
    ts = lines(kicked_off(), "MOVE D8 D12", "MOVE G9 G5", "MOVE D12 D16", "RESTART", "QUIT A")
    assert (ts.match.state.phase, ts.match.state.score, ts.match.state.forfeit) == ("finished", PerSide(0, 3), "A")


def test_toss_alone_asks_the_table_and_toss_side_is_a_coin_tossed_by_hand_MM_28() -> None:
    ts = lines(mt.new_table(), LINEUP_A, LINEUP_B)
    assert ts.match.state.phase == "toss"
    ts2, effects = line(ts, "TOSS")
    assert effects == (TossCoin(),)
    ts3, effects = mt.handle(ts2, CoinTossed("B", 2.0))
    assert ts3.match.state.to_move == "B" and effects == (Accepted(rules.CoinToss("B"), 2.0),)
    ts4, effects = line(ts3, "TOSS")
    assert effects == () and ts4.prompt is not None
    assert (ts4.prompt.rule, ts4.prompt.text) == ("MM-28", "the coin toss is only before the first move of the game")


def test_undo_line_takes_back_the_last_input() -> None:
    ts = lines(kicked_off(), "MOVE D8 D12")
    ts, effects = line(ts, "UNDO", at=3.0)
    assert effects == (Accepted(None, 3.0),)
    assert ts.match.state.to_move == "A" and ts.match.state.board.get(sq("D8")) is not None


def test_hello_names_the_source_and_a_newer_protocol_is_refused() -> None:
    ts, _ = line(mt.new_table(), "HELLO MM1 board 7")
    assert (ts.source, ts.source_ok) == ("board 7", True)
    assert ts.prompt is not None and ts.prompt.text == "board 7 (MM1) ready"
    ts, _ = line(ts, "HELLO MM2")
    assert ts.prompt is not None and ts.prompt.text == "'HELLO MM2': device speaks MM2; this table speaks MM1"


def test_a_lost_move_source_is_a_warning_and_the_buttons_go_on() -> None:
    ts = kicked_off()
    ts, _ = mt.handle(ts, SerialStatus("moves", False, "lost: device reports readiness to read but returned no data", 5.0))
    assert ts.source_ok is False
    assert ts.prompt is not None and ts.prompt.kind == "warning"
    ts = press(ts, "plus", "shot_done")  # the buttons still work
    assert ts.entry.pick == sq("B3")
    ts, _ = mt.handle(ts, SerialStatus("moves", True, "connected on /dev/pitchside-moves", 6.0))
    assert ts.source_ok is True and ts.prompt is not None and ts.prompt.text == "Move source connected"


# --- the panel ------------------------------------------------------------------------


def test_buttons_send_the_standard_lineups_then_toss_MM_19() -> None:
    ts = mt.new_table()
    assert mt.lining_side(ts) == "A"
    ts, effects = mt.handle(ts, ButtonPressed("shot_done", 1.0))
    assert effects == (Accepted(rules.Lineup("A", mt.STANDARD_LINEUPS.A), 1.0),)
    assert mt.lining_side(ts) == "B"
    ts = press(ts, "shot_done")
    assert ts.match.state.phase == "toss"
    ts, effects = mt.handle(ts, ButtonPressed("coin", 2.0))
    assert effects == (TossCoin(),)


def test_the_cursor_edits_a_lineup_within_the_lineup_rules_MM_19() -> None:
    ts = press(mt.new_table(), "plus")
    assert ts.entry.cursor == sq("B3")  # A's pieces in board order: B3 first
    ts = press(ts, "shot_done")
    assert ts.entry.pick == sq("B3")
    dests = mt.candidates(ts)
    assert sq("B3") not in dests and sq("E2") not in dests and sq("D1") not in dests  # white area, goal
    assert all(c % 16 < 8 for c in dests)  # own half, columns 1-8
    assert ts.entry.cursor == sq("A2")  # nearest free square, first in board order
    ts = press(ts, "shot_done")
    assert ts.drafts.A[3] == (sq("A2"), "winger")
    ts, effects = mt.handle(ts, ButtonPressed("shot_done", 1.0))
    assert effects == ()  # the cursor is still showing: OK picks again
    ts = press(ts, "undo", "undo")
    ts, effects = mt.handle(ts, ButtonPressed("shot_done", 1.0))
    assert effects == (Accepted(rules.Lineup("A", ts.drafts.A), 1.0),)
    assert ts.match.state.board.get(sq("A2")) == rules.Piece("A", "winger")


def test_the_cursor_walks_the_pieces_that_can_move_then_their_squares_MM_12() -> None:
    ts = kicked_off()
    movable = mt.candidates(ts)
    assert movable[0] == sq("B3") and sq("E1") in movable  # the keeper E1-D1/F1
    assert all(ts.match.state.board.get(s) is not None and ts.match.state.board.get(s).side == "A" for s in movable)  # type: ignore[union-attr]
    ts = press(ts, "minus")
    assert ts.entry.cursor == movable[-1]
    ts = press(ts, "next")  # the first candidate of the next row, wrapping to row A
    assert ts.entry.cursor == movable[0]
    # pick the runner D8 and walk to D12
    ts = replace(ts, entry=mt.Entry(cursor=sq("D8")))
    ts = press(ts, "shot_done")
    # the runner (MM-09): along row D to D4..D7 and D9..D12, up to C8, B8, A8, down to E8
    # (F8 is A's other runner: closed, MM-13)
    assert [rules.square_name(c) for c in mt.candidates(ts)] == [
        "A8", "B8", "C8", "D4", "D5", "D6", "D7", "D9", "D10", "D11", "D12", "E8",
    ]  # fmt: skip
    assert ts.entry.cursor == sq("C8")  # nearest, first in board order
    ts = replace(ts, entry=replace(ts.entry, cursor=sq("D12")))
    ts, effects = mt.handle(ts, ButtonPressed("shot_done", 4.0))
    assert effects == (Accepted(rules.Move(sq("D8"), sq("D12")), 4.0),)
    assert ts.entry == mt.Entry() and ts.match.state.to_move == "B"


def test_undo_drops_the_pick_then_hides_the_cursor_then_takes_back() -> None:
    ts = lines(kicked_off(), "MOVE D8 D12")
    ts = press(ts, "plus", "shot_done")
    pick = ts.entry.pick
    assert pick is not None
    ts = press(ts, "undo")
    assert ts.entry == mt.Entry(cursor=pick)
    ts = press(ts, "undo")
    assert ts.entry == mt.Entry()
    ts, effects = mt.handle(ts, ButtonPressed("undo", 9.0))
    assert effects == (Accepted(None, 9.0),) and ts.match.state.to_move == "A"


def test_done_with_no_cursor_restarts_after_the_changes_and_change_by_cursor_MM_21() -> None:
    ts = lines(kicked_off(), "MOVE D8 D12", "MOVE G9 G5", "MOVE D12 D16")
    ts = replace(ts, entry=mt.Entry(cursor=sq("H3")))
    ts = press(ts, "shot_done")
    ts = replace(ts, entry=replace(ts.entry, cursor=sq("H4")))
    ts, effects = mt.handle(ts, ButtonPressed("shot_done", 1.0))
    assert effects == (Accepted(rules.Change("A", sq("H3"), sq("H4")), 1.0),)
    assert ts.match.state.credit == PerSide(0, 1)
    assert all(ts.match.state.board.get(c).side == "B" for c in mt.candidates(ts))  # type: ignore[union-attr]
    ts, effects = mt.handle(ts, ButtonPressed("shot_done", 2.0))
    assert effects == (Accepted(rules.Restart(), 2.0),)
    assert (ts.match.state.phase, ts.match.state.to_move) == ("play", "B")


def test_coin_after_the_toss_is_refused_MM_28() -> None:
    ts, effects = mt.handle(kicked_off(), ButtonPressed("coin", 1.0))
    assert effects == () and ts.prompt is not None and ts.prompt.rule == "MM-28"


def test_a_finished_game_says_press_new() -> None:
    ts = lines(kicked_off(), "QUIT B")
    ts, effects = mt.handle(ts, ButtonPressed("plus", 1.0))
    assert effects == () and ts.prompt is not None and ts.prompt.text == "Game over: press NEW"


def test_resumed_shows_the_prompt_the_last_input_left() -> None:
    ts = lines(kicked_off(), "MOVE D8 D12", "MOVE G9 G5", "MOVE D12 D16", "RESTART")
    again = mt.resumed(ts.match, ("Ann", "Bob"), last_was_undo=False)
    assert again.prompt is not None and again.prompt.text == "Restart: Bob moves first"
    assert mt.resumed(ts.match, ("Ann", "Bob"), last_was_undo=True).prompt.text == "Undone"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("row", "field", "values"),
    [(0, "first_mover", ["A", "B", "coin_toss"]), (1, "changes", ["carry_over", "per_restart"]),
     (2, "stalemate_refuse", [6, 5])],
)
def test_the_menu_cycles_its_options(row: int, field: str, values: list[object]) -> None:
    opts = rules.Options()
    for v in values:
        opts = mt.APP.menu_change(opts, row, 1)
        assert getattr(opts, field) == v
    assert mt.APP.menu(rules.Options()) == (
        ("First move", "COIN TOSS"), ("Changes", "PER RESTART"), ("Stalemate", "NO 5TH"),
    )  # fmt: skip


def test_summary_for_a_game_on_hold() -> None:
    ts = lines(kicked_off(), "MOVE D8 D12", "MOVE G9 G5", "MOVE D12 D16")
    assert mt.APP.summary(ts) == "Moves 1-0, changes"


# --- a quit from the panel (hold NEXT, confirm) -------------------------------------------


def held(ts: mt.TableState, name: str) -> tuple[mt.TableState, tuple[object, ...]]:
    return mt.handle(ts, ButtonHeld(name, 2.0))


def test_hold_next_asks_to_quit_for_the_side_to_move_and_done_forfeits_0_3_MM_25() -> None:
    ts = press(kicked_off(), "next")  # the short press before the hold: only the cursor
    assert ts.entry.cursor is not None
    ts, effects = held(ts, "next")
    assert effects == () and ts.confirm_quit == "A" and ts.entry == mt.Entry()
    assert mt.view(ts).confirm_quit == "A"
    ts = press(ts, "plus")  # + or -: the other side
    assert ts.confirm_quit == "B"
    ts, effects = mt.handle(ts, ButtonPressed("shot_done", 3.0))
    assert effects == (Accepted(rules.Quit("B"), 3.0),)
    assert (ts.confirm_quit, ts.match.state.phase, ts.match.state.score, ts.match.state.forfeit) == (None, "finished", PerSide(3, 0), "B")
    assert rules.outcome(ts.match.state) == rules.Outcome("A", Notice.of("MM-25", "forfeit", side="B", winner="A"))


def test_any_other_button_cancels_the_quit_and_nothing_changes() -> None:
    ts = kicked_off()
    for name in ("undo", "coin", "next"):
        asked, _ = held(ts, "next")
        after, effects = mt.handle(asked, ButtonPressed(name, 3.0))
        assert effects == () and after.match is ts.match and after.confirm_quit is None
        assert after.prompt == Prompt("Quit cancelled", "info")


def test_the_quit_question_names_the_restarting_side_after_a_Move_and_A_before_the_game() -> None:
    scored = lines(kicked_off(), "MOVE D8 D12", "MOVE G9 G5", "MOVE D12 D16")
    assert held(scored, "next")[0].confirm_quit == "B"  # B conceded, B restarts
    assert held(mt.new_table(), "next")[0].confirm_quit == "A"
    done = lines(kicked_off(), "QUIT A")
    assert held(done, "next") == (done, ())  # the game is over: nothing to quit
    assert held(kicked_off(), "plus")[0].confirm_quit is None  # only NEXT asks


# --- a tournament's standings on the table -------------------------------------------------

FIVE = ("Yellow", "Blue", "Red", "Green", "White")
PLAYED = (("Blue", "White", 3, 2, None), ("Red", "Green", 3, 2, None), ("White", "Yellow", 0, 3, None),
          ("Yellow", "Green", 3, 0, None), ("Blue", "Red", 0, 0, "Red"))  # fmt: skip
STANDINGS = (
    ("1", "Yellow", "2", "2", "+6", "6"),
    ("2", "Blue", "2", "2", "+4", "6"),  # a forfeit: 3-0 for Blue (MM-32)
    ("3", "Red", "2", "1", "-2", "3"),
    ("4=", "Green", "2", "0", "-4", "0"),  # equal on points, Move difference, Moves scored
    ("4=", "White", "2", "0", "-4", "0"),
)


def cup(tmp_path: Path, results: tuple[tuple[str, str, int, int, str | None], ...] = PLAYED) -> Path:
    t = tt.new_tournament("Club cup", "round_robin", FIVE)
    for home, away, h, a, quit_ in results:
        t = tt.add_result(t, tt.game_result(home, away, h, a, forfeit=quit_))
    path = tmp_path / "cup.toml"
    tournament_cli.save(t, path)
    return path


def power_on(path: Path) -> TournamentInfo:
    """What the shell reads of the file at power-on, for a Master Move table."""
    info = tournament_file.power_on_read(mt.APP, str(path))
    assert info is not None
    return info


def showing(info: TournamentInfo, names: tuple[str, str] = ("Ann", "Bob")) -> mt.TableState:
    """A new table as the kiosk makes it: the shell's read handed in as an event."""
    ts, effects = mt.handle(mt.new_table(rules.Options(), names), TournamentLoaded(info))
    assert effects == ()
    return ts


def test_the_table_shows_the_standings_handed_in_and_reads_no_file() -> None:
    """The pure table is handed what to show, as a value; there is no
    file here at all."""
    t = tt.new_tournament("Club cup", "round_robin", FIVE)
    for home, away, h, a, quit_ in PLAYED:
        t = tt.add_result(t, tt.game_result(home, away, h, a, forfeit=quit_))
    ts = showing(tt.tournament_info(t))
    (page,) = mt.attract_views(ts)
    assert (page.title, page.footer) == ("Club cup", "Next: White v Red")
    assert standings_cells(page) == STANDINGS
    # a new match's read, handed in as an event, replaces it
    later = tt.add_result(t, tt.game_result("White", "Red", 3, 1))
    ts2, effects = mt.handle(ts, TournamentLoaded(tt.tournament_info(later)))
    assert effects == () and ts2.match is ts.match
    assert mt.attract_views(ts2)[0].footer == "Next: Red v Yellow"
    assert mt.attract_views(mt.new_table(rules.Options(), ("Ann", "Bob"))) == ()  # none handed in: no pages


def test_the_shell_reads_the_file_the_cli_writes(tmp_path: Path) -> None:
    (page,) = mt.attract_views(showing(power_on(cup(tmp_path))))
    assert (page.title, page.footer) == ("Club cup", "Next: White v Red")
    assert standings_cells(page) == STANDINGS
    # the same figures as the CLI prints
    text = tournament_cli.standings_text(tournament_cli.load(tmp_path / "cup.toml"))
    assert "4=  Green    2  0  2   2   6   -4    0" in text and text.endswith("Next: White v Red")


@dataclass
class Sink:
    frames: int = 0

    def show(self, image: object) -> None:
        self.frames += 1


def test_a_file_changed_between_matches_is_shown_at_the_next_match_and_never_written(tmp_path: Path) -> None:
    """Through the runtime and the kiosk, as on a table: the file is read at power-on and
    again when the next match starts (the result screen timing out to attract), never in
    between, and the table never writes it."""
    path = cup(tmp_path)
    base = {"table": {"game": "mastermove"}, "buttons": {n: f"GPIO{i + 4}" for i, n in enumerate(mt.APP.buttons)},
            "tournament": {"file": str(path)}}
    settings = kiosk_settings(parse_config(base))
    now = [0.0]
    rt = Runtime(settings.app.new_table(rules.Options(), ("Ann", "Bob")),
                 TableParts(Sink(), lambda: "A", lambda: now[0], settings=settings))
    app = rt.kiosk.settings.app
    assert app.attract_views(rt.state)[0].footer == "Next: White v Red"  # the power-on read
    for name in ("shot_done", "shot_done"):  # attract -> menu -> a new match
        rt.post(ButtonPressed(name, now[0]))
    rt.process_pending()
    assert rt.kiosk.mode == "playing" and rt.state.match.state.phase == "lineup"
    cup(tmp_path, (*PLAYED, ("White", "Red", 3, 1, None)))  # the organiser enters a result (the CLI)
    for text in (LINEUP_A, LINEUP_B, "TOSS A", "QUIT B"):
        rt.post(SerialLine("moves", text, now[0]))
    rt.process_pending()
    assert rt.state.match.state.phase == "finished"
    assert app.attract_views(rt.state)[0].footer == "Next: White v Red"  # this match keeps what was read
    written = path.read_bytes()
    now[0] = settings.result_timeout_s + 1.0  # the result screen times out: a new match, attract
    rt.fire_due(now[0])
    rt.process_pending()
    assert rt.kiosk.mode == "attract" and rt.state.match.state.phase == "lineup"
    page = app.attract_views(rt.state)[0]
    assert page.footer == "Next: Red v Yellow"
    assert standings_cells(page)[2] == ("3", "White", "3", "1", "-2", "3")
    assert path.read_bytes() == written  # the table never writes it


def test_next_after_the_game_pages_the_standings_then_the_result_again(tmp_path: Path) -> None:
    ts = lines(showing(power_on(cup(tmp_path))), LINEUP_A, LINEUP_B, "TOSS A", "QUIT B")
    assert mt.view(ts).standings is None
    ts = press(ts, "shot_done")
    assert ts.prompt == Prompt("Game over: NEW, NEXT: table", "info")
    ts = press(ts, "next")
    shown = mt.view(ts).standings
    assert shown is not None and standings_cells(shown) == STANDINGS and shown.footer == "Next: White v Red"
    assert screen.render(mt.view(ts), (128, 64)).tobytes() == render_standings(shown).tobytes()
    assert press(ts, "next").standings_page is None  # one page: back to the result
    back = press(ts, "undo")  # another button: back to the result, and nothing taken back
    assert back.standings_page is None and back.match is ts.match
    plain = lines(kicked_off(), "QUIT B")  # no tournament: NEXT shows nothing more
    assert press(plain, "next").standings_page is None


def test_more_teams_than_a_screen_holds_make_more_pages(tmp_path: Path) -> None:
    t = tt.new_tournament("Big cup", "round_robin", ("T1", "T2", "T3", "T4", "T5", "T6", "T7"))
    tournament_cli.save(t, tmp_path / "big.json")
    info = power_on(tmp_path / "big.json")
    pages = mt.attract_views(showing(info, ("A", "B")))
    assert [p.first for p in pages] == [0, 5]
    assert [c[1] for c in standings_cells(pages[1])] == ["T6", "T7"]
    ts = press(lines(showing(info, ("A", "B")), "QUIT A"), "next", "next")
    assert ts.standings_page == 1 and press(ts, "next").standings_page is None


def test_an_unreadable_file_is_shown_as_such_and_the_game_goes_on(tmp_path: Path) -> None:
    ts = showing(power_on(tmp_path / "missing.toml"))
    (page,) = mt.attract_views(ts)
    assert (page.title, page.rows, page.footer) == ("TOURNAMENT", (), "File: cannot read: No such file or directory")
    assert lines(ts, LINEUP_A).match.state.phase == "lineup"
    (tmp_path / "bad.toml").write_text("name = ", encoding="utf-8")
    info = tournament_file.read_info(tmp_path / "bad.toml")
    assert info.rows == () and info.footer.startswith("File: not valid TOML: ")


def test_a_table_rebuilt_from_the_journal_gets_the_power_on_read_from_the_kiosk(tmp_path: Path) -> None:
    settings = tournament_file.configured(replace(KioskSettings(), app=mt.APP), str(cup(tmp_path)))
    assert settings.tournament == power_on(tmp_path / "cup.toml")
    journal_table = lines(mt.new_table(names=("Ann", "Bob")), LINEUP_A)  # as the recorder rebuilds it
    assert journal_table.tournament is None and mt.attract_views(journal_table) == ()
    ks, _ = kiosk.start(settings, journal_table, (), 0.0)
    assert ks.table.tournament == settings.tournament and ks.table.match is journal_table.match
    assert ks.mode == "playing"  # a match on: straight back on the display, with the standings kept
    (page,) = mt.attract_views(ks.table)
    assert standings_cells(page) == STANDINGS


def test_a_new_read_is_kept_for_the_tables_the_kiosk_makes_after_it(tmp_path: Path) -> None:
    """The shell's read at a new match (TournamentLoaded) is what every later table of
    the kiosk shows: an option changed in the menu makes a new table, with that read."""
    settings = tournament_file.configured(replace(KioskSettings(), app=mt.APP), str(cup(tmp_path)))
    ks, _ = kiosk.start(settings, mt.new_table(names=("Ann", "Bob")), (), 0.0)
    later = tournament_file.read_info(cup(tmp_path, (*PLAYED, ("White", "Red", 3, 1, None))))
    ks, _ = kiosk.handle(ks, TournamentLoaded(later))
    assert ks.table.tournament == later == ks.settings.tournament
    ks, _ = kiosk.handle(ks, ButtonPressed("shot_done", 2.0))  # attract -> menu
    ks, _ = kiosk.handle(ks, ButtonPressed("plus", 3.0))  # an option changed: a new table
    assert ks.mode == "menu" and ks.table.match.options.first_mover == "A"
    assert ks.table.tournament == later


def test_the_config_names_the_tournament_file_and_the_kiosk_gets_the_table_app(tmp_path: Path) -> None:
    base = {"table": {"game": "mastermove"}, "buttons": {n: f"GPIO{i + 4}" for i, n in enumerate(mt.APP.buttons)}}
    config = parse_config({**base, "tournament": {"file": str(cup(tmp_path))}})
    assert config.tournament == str(tmp_path / "cup.toml")
    settings = kiosk_settings(config)
    assert settings.app is mt.APP and settings.tournament_file == config.tournament
    assert settings.tournament is not None and standings_cells(standings_pages(settings.tournament)[0]) == STANDINGS
    plain = kiosk_settings(parse_config(base))
    assert plain.app is mt.APP and plain.tournament_file is None and plain.tournament is None


# --- a cold start from the move source ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "starts"),
    [("HELLO MM1 club board", True), (LINEUP_A, True), ("lineup b K E16 D C15 G15 W B14 E13 H14 R C9 G9", True),
     ("MOVE D8 D12", False), ("TOSS", False), ("HELLO MM2", False), ("LINEUP", False), ("# hello", False)],
)  # fmt: skip
def test_a_hello_or_lineup_line_starts_the_game_from_a_cold_table(text: str, starts: bool) -> None:
    assert mt.APP.starts_on(SerialLine("moves", text, 1.0)) is starts
    assert mt.APP.starts_on(SerialLine("die", text, 1.0)) is False
    assert mt.APP.starts_on(ButtonPressed("shot_done", 1.0)) is False


def test_a_tournament_section_is_refused_for_other_games_and_checked() -> None:
    from pitchside.app.config import ConfigErrors

    with pytest.raises(ConfigErrors) as info:
        parse_config({"table": {"game": "pichenotte"}, "tournament": {"file": "cup.toml"}})
    found = {(p.key, p.message) for p in info.value.problems}
    assert ("tournament", "a pichenotte table shows no tournament (Master Move tables do)") in found
    base = {"table": {"game": "mastermove"}, "buttons": {n: f"GPIO{i + 4}" for i, n in enumerate(mt.APP.buttons)}}
    with pytest.raises(ConfigErrors) as info:
        parse_config({**base, "tournament": {"file": " ", "path": "x"}})
    assert [(p.key, p.message) for p in info.value.problems] == [
        ("tournament.path", "unknown key"), ("tournament.file", "must be a file path")]
