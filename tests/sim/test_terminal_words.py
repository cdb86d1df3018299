"""The interactive simulator at 80x24, as a player reads it: under the panel drawn in
Braille dots, the screen's words in plain text (the menu's rows, the refusal with its
rule), the key help wrapped between key/label pairs, the ``--web`` address kept on the
screen, and no log line drawn into it (the log goes to OUT/sim.log). Driven on a pty
(:class:`tests.sim.test_interactive_pty.Pty`); the only waits are bounded reads."""

from __future__ import annotations

import io
import logging
import os
import socket
from pathlib import Path

from pitchside_sim.simlog import logs_to
from tests.sim.test_interactive_pty import Pty

PANEL_ROWS = 18
"""A 128x64 panel in Braille dots: 16 rows of cells and the two border lines."""


def below_panel(screen: str) -> list[str]:
    """The lines under the panel's bottom border."""
    lines = screen.split("\n")
    assert lines[0].startswith("+---") and lines[PANEL_ROWS - 1].startswith("+---"), screen
    return [line.rstrip() for line in lines[PANEL_ROWS:]]


def test_the_menu_and_a_refusal_are_written_under_the_panel(tmp_path: Path) -> None:
    # wake (the menu), then start, toss and press "no contact" on the free shot: refused
    sim = Pty(["pichenotte", "--out", str(tmp_path / "out")], b"", 80, 24, tmp_path)
    try:
        attract = sim.until(lambda s: "PRESS ANY BUTTON" in s and s.endswith("q quit"), "of the attract screen")
        os.write(sim.master, b"s")
        menu = sim.until(lambda s: "[Players: SINGLES]" in s and s.endswith("q quit"), "of the menu")
        os.write(sim.master, b"stx")
        refused = sim.until(lambda s: "NO: " in s and s.endswith("q quit"), "of the refusal")
    finally:
        assert sim.quit() == 0
    status = "pichenotte on the simulated table, 128x64 panel"
    keys = ["t toss  c call  x no-hit  a/b ditch  d drop-20  w whose  s done  u undo",
            "+/- n zones  N new  S staff  q quit"]  # fmt: skip
    assert below_panel(attract) == ["PICHENOTTE - PRESS ANY BUTTON - TO PLAY", status, *keys]
    assert below_panel(menu) == [
        "PICHENOTTE: [Players: SINGLES] | Match: FIRST TO 4 | To win: 4 ROUNDS | Pucks:",
        "12 EACH | Names: A v B",
        "DONE: PLAY NEXT + -: SET",
        status, *keys]  # fmt: skip
    assert below_panel(refused) == ["NO: Free shot: contact not needed (PI-09)", "FREE SHOT", status, *keys]


def test_the_web_address_stays_on_the_screen_and_no_log_line_is_drawn(tmp_path: Path) -> None:
    port = free_port()
    sim = Pty(["mastermove", "--out", str(tmp_path / "out"), "--web", f"127.0.0.1:{port}"], b"", 80, 24, tmp_path)
    try:
        shown = sim.until(lambda s: s.endswith("q quit"), "of the attract screen")
        os.write(sim.master, b"ss")  # wake, start: the line-up
        lineup = sim.until(lambda s: "LINE-UP" in s and s.endswith("q quit"), "of the line-up")
    finally:
        assert sim.quit() == 0
    web = f"live web view: http://127.0.0.1:{port}/ (TV: /tv, overlay: /overlay)"
    keys = ["+/- cursor  n next row  s OK/done  t toss  u undo  N new  S staff  Q forfeit",
            "q quit"]  # fmt: skip
    status = "mastermove on the simulated table, 128x64 panel"
    assert below_panel(shown) == ["MASTER MOVE - PRESS ANY BUTTON - TO PLAY", status, web, *keys]
    assert below_panel(lineup) == ["LINE-UP Yellow", "DONE: send, + -: edit", status, web, *keys]
    assert all(" INFO " not in s and " WARNING " not in s for s in sim.screens())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_log_record_goes_to_the_file_not_the_terminal(tmp_path: Path) -> None:
    root = logging.getLogger()
    terminal = io.StringIO()
    console = logging.StreamHandler(terminal)
    root.addHandler(console)
    level = root.level
    root.setLevel(logging.INFO)
    try:
        with logs_to(tmp_path / "sim.log") as log:
            logging.getLogger("pitchside.app.runtime").info("resumed the match")
        logging.getLogger("pitchside.app.runtime").info("after the run")
    finally:
        root.removeHandler(console)
        root.setLevel(level)
    assert log.records == 1
    assert (tmp_path / "sim.log").read_text().endswith(" INFO pitchside.app.runtime: resumed the match\n")
    assert terminal.getvalue() == "after the run\n"  # the console's handler back after the run
