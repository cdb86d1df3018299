"""The sensors' health record on the simulated table: real drivers
(gpiozero MockPins, the BeamCounter), the runtime, the recorder and the journal, in
virtual time. Counts are exact: each drop is one block; an NEC IR frame is one storm
whose 9 ms leader was counted as a block before the storm was evident."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pitchside.app.config import load_config
from pitchside.render.service import ServiceView
from pitchside.signals.health import SensorTally
from pitchside_sim import pulses
from pitchside_sim.run import default_config_path
from pitchside_sim.table import SimTable, sim_config

OPTIONS = {"pucks": 1, "rounds_to_win": 1}


def config():  # type: ignore[no-untyped-def]
    return sim_config(load_config(default_config_path()), OPTIONS, ("Ann", "Bob"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "journal.db"


@pytest.fixture
def sim(db: Path) -> Iterator[SimTable]:
    table = SimTable(config(), seed=1, journal=db)
    yield table
    table.close()


def tap(sim: SimTable, name: str, times: int = 1) -> None:
    for _ in range(times):
        sim.press(name)
        sim.advance_to(sim.now + 0.3)


def ir_frame(sim: SimTable) -> None:
    """An NEC remote frame seen by the twenty-hole beam: a 9 ms leader, 33 short pulses."""
    gaps = [0.009, 0.0045] + [0.00056, 0.00169] * 32 + [0.00056]
    sim._edges("twenty", pulses.alternating(sim.now, True, gaps))  # the example config: blocked high
    sim.advance_to(sim.now + 0.5)


def start(sim: SimTable) -> None:
    """SHOT DONE until the match is on: from attract (wake, then play) or from the menu
    after a result (play). No press more: a refused one would leave a refusal that the
    next press only dismisses (a press dismisses a refusal)."""
    for _ in range(2):
        if sim.runtime.kiosk.mode == "playing":
            return
        tap(sim, "shot_done")
    assert sim.runtime.kiosk.mode == "playing"


def play_match(sim: SimTable, twenty: bool, storm: bool = False) -> None:
    """One match of one puck each, first to one round: the first shooter's puck drops
    in the hole (``twenty``) or rests; a storm during the second shot (``storm``); then
    the zone entry (every puck on the board of A in the 15 zone, of B in the 5 zone)."""
    start(sim)  # attract (or the result) -> menu -> play
    tap(sim, "coin")
    if twenty:
        sim.drop()
        sim.advance_to(sim.now + 0.3)
    tap(sim, "shot_done")
    if storm:
        ir_frame(sim)
    tap(sim, "shot_done")
    game = sim.runtime.state.match.state
    assert game.phase == "tally"
    tap(sim, "plus", game.on_board.A)
    tap(sim, "next", 5)
    tap(sim, "plus", game.on_board.B)
    tap(sim, "shot_done")
    assert sim.runtime.state.match.state.phase == "finished"
    tap(sim, "new")  # the result -> the menu


def test_health_counts_over_a_simulated_match_with_the_real_drivers(sim: SimTable) -> None:
    play_match(sim, twenty=True, storm=True)
    (h,) = sim.recorder.health()
    assert h.name == "twenty"
    assert h.last == SensorTally(blocks=2, storms=1)  # the twenty and the storm's leader
    assert h.matches == 1 and h.finished == 1 and h.blocks_per_match == 2.0
    assert h.flags == ("noisy",)
    # the storm's phantom twenty was withdrawn: only the real one scored (a beam storm)
    assert sim.output()["round_scores"][0]["A" if sim.output()["winner"] == "A" else "B"] == 20


def test_the_record_is_kept_across_a_restart(db: Path) -> None:
    first = SimTable(config(), seed=1, journal=db)
    try:
        play_match(first, twenty=True)
        start(first)
        tap(first, "coin")
        first.drop()  # a block in the running match, written with the next line
        first.advance_to(first.now + 0.3)
        tap(first, "shot_done")
        before = first.recorder.health()
    finally:
        first.close()
    again = SimTable(config(), seed=1, journal=db)  # power back on: the match resumes
    try:
        assert again.recorder.health() == before
        (h,) = before
        assert h.matches == 2 and h.last == SensorTally(blocks=1) and h.total == SensorTally(blocks=2)
    finally:
        again.close()


def test_silent_for_n_after_n_matches_and_shown_in_service_mode(sim: SimTable) -> None:
    play_match(sim, twenty=True)
    for n in (1, 2, 3):
        play_match(sim, twenty=False)
        (h,) = sim.recorder.health()
        assert h.silent_for == n
    sim.chord("new", "undo")  # staff: service mode
    sim.advance_to(sim.now + 0.5)
    assert sim.runtime.kiosk.mode == "service"
    pages = 0
    while not (isinstance(v := sim.runtime.view(), ServiceView) and v.page == "sensors"):
        tap(sim, "next")
        pages += 1
        assert pages < 8
    assert v.rows == (("20 beam", "silent 3", "0/0.2"),)  # 1 block over 4 finished matches
