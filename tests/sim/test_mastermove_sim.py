"""Whole Master Move games on the simulated table: a simulated serial move source on a
pty -> the real serial reader thread -> runtime -> rules -> renderer -> luma device, in
virtual time; and the button-entry scenario through ``pitchside sim``."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image
from pitchside.cli import tournament as tournament_cli
from pitchside.cli.main import main
from pitchside.app.config import load_config
from pitchside.app.config_serial import SerialConfig
from pitchside.core import tournament as tt
from pitchside.core.record.format import replay
from pitchside.render.mastermove import StandingsView, render_standings, standings_cells
from pitchside_sim.move_source import (
    PtyMoveSource,
    deliver,
    protocol_lines,
    wait_connected,
)
from pitchside_sim.run import default_config_path
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "tests" / "core" / "mastermove" / "scenarios" / "full_game_3_1.jsonl"
EXPECTED = ROOT / "tests" / "core" / "mastermove" / "scenarios" / "full_game_3_1.expected.json"
DEMO = ROOT / "sim" / "pitchside_sim" / "scenarios" / "mastermove_match.toml"
FRAMES = Path("/tmp/mastermove_frames")


@pytest.fixture
def source(tmp_path: Path) -> Iterator[PtyMoveSource]:
    with PtyMoveSource(tmp_path / "pitchside-moves") as s:
        yield s


@pytest.fixture
def sim(source: PtyMoveSource) -> Iterator[SimTable]:
    config = sim_config(load_config(default_config_path("mastermove")), {}, ("Yellow FC", "Blue Town"))
    config = replace(config, serial=(SerialConfig("moves", source.port, 115200),))
    table = SimTable(config, seed=1)
    table.press("shot_done")  # wake the attract screen: the menu
    table.press("shot_done")  # start with the defaults
    table.advance_to(table.now + 0.5)
    wait_connected(table)
    yield table
    table.close()


def test_a_recorded_game_to_3_Moves_replays_line_by_line_from_the_serial_source(
    sim: SimTable, source: PtyMoveSource
) -> None:
    """full_game_3_1 (worked out by hand in its .expected.json): every line of it,
    refused ones included, sent as MM1 lines; the table ends exactly where the replay of
    the file ends: A wins 3-1, changes A 1, B 2, the same position."""
    expected = json.loads(EXPECTED.read_text())
    deliver(sim, source, "HELLO MM1 simulated board")
    refusals = []
    for text in protocol_lines(RECORDED.read_text()):
        deliver(sim, source, text)
        prompt = sim.runtime.state.prompt
        if prompt is not None and prompt.kind == "refusal":
            refusals.append((text, prompt.rule.split()[0]))
    out = sim.output()
    for key in ("status", "winner", "score", "phase", "to_move", "restarting", "changes_used", "position"):
        assert out[key] == expected[key], key
    # the four refusals of the record, each with its rule, and nothing changed by them
    assert refusals == [
        ("MOVE D8 D13", "MM-09"), ("CHANGE B G9 G10", "MM-21"), ("MOVE E7 E6", "MM-24"), ("QUIT B", "MM-15"),
    ]  # fmt: skip
    # the journal holds only the accepted inputs, and replays to the same end
    result = replay(sim.replay_text().splitlines(), strict=True)
    assert result.exit_status == 0
    assert result.output()["position"] == expected["position"]


def test_bad_lines_are_refused_on_the_display_and_nothing_is_lost(sim: SimTable, source: PtyMoveSource) -> None:
    for text in ("LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7",
                 "LINEUP B K E16 D C15 G15 W B14 E13 H14 R C9 G9 J E10 L B10 H10", "TOSS A", "MOVE D8 D12"):
        deliver(sim, source, text)
    before = sim.output()
    frames_before = len(sim.device.frames)
    deliver(sim, source, "MOVE G9")
    prompt = sim.runtime.state.prompt
    assert (prompt.kind, prompt.rule, prompt.text) == ("refusal", "LINE", "'MOVE G9': MOVE needs two squares, like MOVE G3 F1")
    deliver(sim, source, "MOVE G9 G4")  # a runner goes 1-4 squares; G8..G4 would be 5
    assert sim.runtime.state.prompt.rule == "MM-09  G9-G4"
    assert sim.output() == before
    assert len(sim.device.frames) > frames_before  # each refusal was shown
    deliver(sim, source, "MOVE G9 G5")  # the right move goes through after them
    assert sim.output()["to_move"] == "A"


def test_a_lost_port_is_shown_and_the_reader_reconnects(sim: SimTable, source: PtyMoveSource) -> None:
    deliver(sim, source, "LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7")
    source.unplug()
    deadline = time.monotonic() + 5
    while sim.runtime.state.source_ok is not False:
        assert time.monotonic() < deadline, "the loss was not reported"
        time.sleep(0.01)
        sim.runtime.process_pending()
    assert sim.runtime.state.prompt.kind == "warning"
    source.plug()
    wait_connected(sim)
    deliver(sim, source, "LINEUP B K E16 D C15 G15 W B14 E13 H14 R C9 G9 J E10 L B10 H10")
    assert sim.output()["phase"] == "toss"  # the line-up sent before the loss is still there


def test_the_frames_of_a_serial_game_are_legible(sim: SimTable, source: PtyMoveSource) -> None:
    for text in protocol_lines(RECORDED.read_text())[:8]:
        deliver(sim, source, text)
    _, frame = sim.device.frames[-1]
    assert frame.mode == "1" and frame.size == (128, 64)
    FRAMES.mkdir(parents=True, exist_ok=True)  # scaled 4x to look at
    frame.convert("L").resize((512, 256), Image.Resampling.NEAREST).save(FRAMES / "sim_serial_game.png")
    # a lit score screen: something drawn in the score area on both sides
    assert frame.crop((0, 12, 64, 40)).getbbox() is not None
    assert frame.crop((64, 12, 128, 40)).getbbox() is not None


def test_the_button_scenario_plays_a_full_game_to_3_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["sim", "mastermove", "--script", str(DEMO), "--out", str(tmp_path), "--no-terminal"])
    assert status == 0, capsys.readouterr().err
    final = json.loads((tmp_path / "final.json").read_text())
    assert (final["status"], final["winner"], final["score"]) == ("finished", "A", {"A": 3, "B": 1})
    assert final["changes_used"] == {"A": 1, "B": 0}
    assert final["position"]["A"]["H4"] == "winger" and final["position"]["A"]["D16"] == "runner"
    frames = sorted(tmp_path.glob("frame_*.png"))
    assert len(frames) > 100
    lines = (tmp_path / "match.jsonl").read_text().splitlines()
    assert replay(lines, strict=True).output()["score"] == {"A": 3, "B": 1}
    assert json.loads(lines[0])["sides"] == {"A": "Ann", "B": "Bob"}


@pytest.fixture
def cold(source: PtyMoveSource, tmp_path: Path) -> Iterator[SimTable]:
    """The simulated table left on its attract screen, with a tournament file."""
    t = tt.new_tournament("Club cup", "round_robin", ("Yellow FC", "Blue Town", "Reds"))
    t = tt.add_result(t, tt.game_result("Reds", "Blue Town", 3, 2))
    tournament_cli.save(t, tmp_path / "cup.toml")
    config = sim_config(load_config(default_config_path("mastermove")), {}, ("Yellow FC", "Blue Town"))
    config = replace(config, serial=(SerialConfig("moves", source.port, 115200),), tournament=str(tmp_path / "cup.toml"))
    table = SimTable(config, seed=1)
    table.advance_to(table.now + 0.5)
    wait_connected(table)
    yield table
    table.close()


def test_the_pty_source_starts_a_game_from_the_attract_screen_and_plays_it_to_3_Moves(
    cold: SimTable, source: PtyMoveSource
) -> None:
    assert cold.runtime.kiosk.mode == "attract"
    # the attract screen takes turns with the standings; next: round 2 of the circle method, Reds at home
    cold.advance_to(cold.now + 30.5)
    page = cold.runtime.view()
    assert isinstance(page, StandingsView) and page.footer == "Next: Reds v Yellow FC"
    assert standings_cells(page) == (("1", "Reds", "1", "1", "+1", "3"), ("2", "Yellow FC", "0", "0", "0", "0"),
                                     ("3", "Blue Town", "1", "0", "-1", "0"))  # fmt: skip
    assert cold.device.frames[-1][1].tobytes() == render_standings(page).tobytes()
    deliver(cold, source, "MOVE D8 D12")  # no game on: dropped
    assert cold.runtime.kiosk.mode == "attract"
    deliver(cold, source, "HELLO MM1 simulated board")  # a start line: the game starts with the defaults
    assert cold.runtime.kiosk.mode == "playing" and cold.runtime.state.source == "simulated board"
    for text in protocol_lines(RECORDED.read_text()):
        deliver(cold, source, text)
    expected = json.loads(EXPECTED.read_text())
    out = cold.output()
    for key in ("status", "winner", "score", "position"):
        assert out[key] == expected[key], key
    # the recording's line after the end was refused (MM-15): its box is dismissed by a
    # press first, and that press does nothing else (a press dismisses a refusal)
    prompt = cold.runtime.state.prompt
    assert prompt is not None and (prompt.kind, prompt.rule) == ("refusal", "MM-15")
    cold.press("next")
    cold.advance_to(cold.now + 0.5)
    assert cold.runtime.state.prompt is None and cold.runtime.view().standings is None
    # once over, NEXT shows the standings (read when this game's table was made)
    cold.press("next")
    cold.advance_to(cold.now + 0.5)
    shown = cold.runtime.view()
    assert isinstance(shown.standings, StandingsView) and shown.standings.footer == "Next: Reds v Yellow FC"


def test_a_lineup_line_starts_a_cold_table_and_is_its_first_input(cold: SimTable, source: PtyMoveSource) -> None:
    deliver(cold, source, "LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7")
    assert cold.runtime.kiosk.mode == "playing"
    assert json.loads(cold.replay_text().splitlines()[1])["input"] == "lineup"
