"""The simulated move source (a pty pair) read by the real serial reader, and the table
controller fed by what arrives: MM1 lines whole and in order, noise refused as a line,
a partial line dropped, unplug and replug through the stable link; recorded games as
protocol lines."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from pathlib import Path

import pytest
from pitchside.tables import mastermove as mt
from pitchside.signals.events import SerialLine, SerialStatus
from pitchside_hw.serial_lines import SerialLineReader
from pitchside_sim.move_source import PtyMoveSource, protocol_lines

WAIT_S = 5.0  # an upper bound for the reader thread to deliver; never a timing assertion
ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "tests" / "core" / "mastermove" / "scenarios" / "full_game_3_1.jsonl"


def next_of(q: queue.Queue[object], kind: type) -> object:
    while True:
        item = q.get(timeout=WAIT_S)
        if isinstance(item, kind):
            return item


@pytest.fixture
def source(tmp_path: Path) -> Iterator[PtyMoveSource]:
    with PtyMoveSource(tmp_path / "pitchside-moves") as s:
        yield s


@pytest.fixture
def events() -> queue.Queue[object]:
    return queue.Queue()


def test_lines_reach_the_table_whole_and_in_order(source: PtyMoveSource, events: queue.Queue[object]) -> None:
    with SerialLineReader("moves", source.port, events.put, lambda: 2.0, retry_s=0.05):
        assert next_of(events, SerialStatus).connected is True  # type: ignore[attr-defined]
        source.send_raw(b"LINEUP A K E1 D C2 G2 W B3 E4 H3 ")  # a line in two writes, CRLF ended
        source.send_raw(b"R D8 F8 J E7 L B7 H7\r\n")
        source.send("LINEUP B K E16 D C15 G15 W B14 E13 H14 R C9 G9 J E10 L B10 H10")
        source.send("TOSS B")
        ts = mt.new_table()
        for _ in range(3):
            line = next_of(events, SerialLine)
            assert isinstance(line, SerialLine) and line.name == "moves" and line.at == 2.0
            ts, _ = mt.handle(ts, line)
        assert (ts.match.state.phase, ts.match.state.to_move) == ("play", "B")


def test_noise_on_the_line_is_refused_as_a_line(source: PtyMoveSource, events: queue.Queue[object]) -> None:
    with SerialLineReader("moves", source.port, events.put, lambda: 0.0, retry_s=0.05):
        next_of(events, SerialStatus)
        source.send_raw(b"\xff\xfeMOVE D8 D12\n")
        line = next_of(events, SerialLine)
        ts = mt.new_table()
        ts2, effects = mt.handle(ts, line)  # type: ignore[arg-type]
        assert effects == () and ts2.match is ts.match
        assert ts2.prompt is not None and ts2.prompt.rule == "LINE"
        assert ts2.prompt.text.endswith("unreadable characters (noise on the line?)")


def test_unplug_drops_the_partial_line_and_replug_reconnects(source: PtyMoveSource, events: queue.Queue[object]) -> None:
    with SerialLineReader("moves", source.port, events.put, lambda: 0.0, retry_s=0.05):
        next_of(events, SerialStatus)
        source.send_raw(b"RESTART\nMOVE D8 D1")  # then cut off when the cable is pulled: never a move to D1
        assert next_of(events, SerialLine).text == "RESTART"  # type: ignore[attr-defined]
        source.unplug()
        lost = [next_of(events, SerialStatus) for _ in range(2)]
        assert "a partial line was dropped" in [s.detail for s in lost]  # type: ignore[attr-defined]
        ts, _ = mt.handle(mt.new_table(), next(s for s in lost if not s.connected))  # type: ignore[arg-type, attr-defined]
        assert ts.source_ok is False and ts.prompt is not None and ts.prompt.kind == "warning"
        source.plug()
        back = next_of(events, SerialStatus)
        while not back.connected:  # type: ignore[attr-defined]
            back = next_of(events, SerialStatus)
        source.send("HELLO MM1 board 7")
        assert next_of(events, SerialLine).text == "HELLO MM1 board 7"  # type: ignore[attr-defined]


def test_a_replay_file_becomes_protocol_lines_with_its_toss_and_refusals() -> None:
    lines = protocol_lines(RECORDED.read_text())
    assert lines[:5] == [
        "LINEUP A K E1 D C2 G2 W B3 E4 H3 R D8 F8 J E7 L B7 H7",
        "LINEUP B K E16 D C15 G15 W B14 E13 H14 R C9 G9 J E10 L B10 H10",
        "TOSS A",
        "MOVE D8 D13",  # refused at the table (MM-09), as in the file
        "MOVE D8 D12",
    ]
    assert lines[-1] == "QUIT B" and len(lines) == 36  # one per input line of the file


def test_a_game_record_becomes_the_same_lines() -> None:
    record = """[Game "Master Move"]
[Result "*"]

lineup A: K E1; D C2 G2; W B3 E4 H3; R D8 F8; J E7; L B7 H7
lineup B: K E16; D C15 G15; W B14 E13 H14; R C9 G9; J E10; L B10 H10
toss A
A D8-D12
B G9-G5
A D12-D16 {Move! 1-0}
change B B14-D14
restart
"""
    assert protocol_lines(record)[2:] == ["TOSS A", "MOVE D8 D12", "MOVE G9 G5", "MOVE D12 D16",
                                          "CHANGE B B14 D14", "RESTART"]  # fmt: skip
