"""A restart in the middle of a Pichenotte match shows the same frame as before the kill
on the simulated table with its journal on disk.

Two kinds of kill: :meth:`SimTable.close` without finishing the match (nothing more is
written: what a kill leaves, minus the OS cache question), and a real ``SIGKILL`` of a
child process playing part of the demo match, after which the test resumes from the
journal the dead process left (its WAL never checkpointed) and compares the rebuilt
rules state with the fold of the same inputs in a reference run. Virtual time, no
sleeps.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pitchside.app.config import TableConfig, load_config
from pitchside.tables.pichenotte import APP as PICHENOTTE_APP
from pitchside.core.record.format import replay
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import Action, Scenario, load_scenario
from pitchside_sim.table import SimTable, sim_config

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "sim" / "pitchside_sim" / "scenarios" / "pichenotte_match.toml"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    s = load_scenario(DEMO, PICHENOTTE_APP.buttons)
    assert s.actions[0] == Action("press", "coin")  # replaced by toss() below
    return s


@pytest.fixture(scope="module")
def config(scenario: Scenario) -> TableConfig:
    return sim_config(load_config(default_config_path()), scenario.options, scenario.names)


def toss(sim: SimTable, gap_s: float) -> int:
    """Press COIN until the coin is tossed (one press on a bare table; a table with an
    attract screen and menu first wakes, then starts and tosses). Returns the presses."""
    for presses in range(3):
        if sim.runtime.state.match.state.phase != "toss":
            return presses
        sim.press("coin")
        sim.advance_to(sim.now + gap_s)
    assert sim.runtime.state.match.state.phase == "shooting"
    return 3


def journaled(sim: SimTable) -> int:
    """Lines of the running match in the journal (header included)."""
    assert sim.recorder.match_id is not None and sim.recorder.match_id > 0
    return len(sim.journal.lines(sim.recorder.match_id))


def last_frame(sim: SimTable) -> bytes:
    return sim.device.frames[-1][1].tobytes()


def settled_frame(sim: SimTable) -> bytes:
    """The frame once any moment on show has run its time (a round won, the match):
    a moment is a view, never journaled, so a restarted table shows this frame at once
    (pitchside.tables.moments)."""
    while sim.runtime.kiosk.moment is not None:
        sim.advance_to(sim.runtime.kiosk.moment.due)
    return last_frame(sim)


def test_a_restart_after_every_committed_input_shows_the_same_frame_and_ends_the_same(
    tmp_path: Path, scenario: Scenario, config: TableConfig
) -> None:
    """The whole demo match, killed (closed without finishing) after every input that
    reached the journal and restarted on the same journal: each restart's first frame is
    the frame shown before the kill, the rules state is the same, and the match ends as
    worked out by hand."""
    db = tmp_path / "journal.db"
    sim = SimTable(config, seed=scenario.seed, journal=db)
    pressed = toss(sim, scenario.gap_s)  # the scenario's own COIN presses: a third would be refused
    assert scenario.actions[:pressed] == (Action("press", "coin"),) * pressed
    restarts = 0
    try:
        for action in [*scenario.actions[pressed:], None]:
            count = journaled(sim)
            if action is not None:
                sim.act(action, scenario.gap_s)
            if action is not None and journaled(sim) == count:
                continue  # nothing committed (a draft press, a refusal): nothing to resume
            if sim.runtime.state.match.state.phase == "finished":
                break
            before, state, inputs = settled_frame(sim), sim.runtime.state, sim.runtime.state.match.inputs
            sim.close()
            sim = SimTable(config, seed=scenario.seed, journal=db)
            restarts += 1
            assert sim.device.frames[0][1].tobytes() == before, f"restart {restarts}: another frame"
            assert len(sim.device.frames) == 1
            assert sim.runtime.state.match.state == state.match.state
            assert sim.runtime.state.prompt == state.prompt
            assert sim.runtime.state.match.inputs == inputs
        output, inputs = sim.output(), len(sim.runtime.state.match.inputs)
    finally:
        sim.close()
    # one restart per committed input but the coin toss (before the loop) and the final tally
    assert (restarts, inputs) == (53, 55)
    assert {k: output[k] for k in ("status", "winner", "score")} == {
        "status": "finished", "winner": "A", "score": {"A": 4.5, "B": 1.5}
    }  # fmt: skip
    assert output["round_scores"] == [
        {"A": 35, "B": 35}, {"A": 50, "B": 45}, {"A": 55, "B": 30},
        {"A": 20, "B": 75}, {"A": 55, "B": 20}, {"A": 70, "B": 55},
    ]  # fmt: skip
    assert [(r.status, r.result["score"] if r.result else None) for r in _history(db) if r.inputs] == [
        ("finished", {"A": 4.5, "B": 1.5})
    ]


def _history(db: Path) -> list:  # type: ignore[type-arg]
    from pitchside.app.journal import Journal

    with Journal.open_readonly(db) as j:
        return j.history()


def test_a_restart_after_a_journaled_undo_shows_the_undo_frame(tmp_path: Path, scenario: Scenario, config: TableConfig) -> None:
    db = tmp_path / "journal.db"
    sim = SimTable(config, seed=scenario.seed, journal=db)
    try:
        toss(sim, scenario.gap_s)
        sim.drop()
        sim.press("shot_done")
        sim.advance_to(sim.now + 1.0)
        sim.press("undo")  # takes back A's twenty: journaled as an undo
        sim.advance_to(sim.now + 1.0)
        assert json.loads(sim.journal.lines(sim.recorder.match_id or 0)[-1])["input"] == "undo"
        assert sim.runtime.state.prompt is not None and sim.runtime.state.prompt.text == "Undone"
        before, game = last_frame(sim), sim.runtime.state.match.state
    finally:
        sim.close()
    again = SimTable(config, seed=scenario.seed, journal=db)
    try:
        assert again.device.frames[0][1].tobytes() == before
        assert again.runtime.state.match.state == game
    finally:
        again.close()


# --- a real SIGKILL -----------------------------------------------------------------------

CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from test_restart import DEMO, PICHENOTTE_APP, SimTable, default_config_path, load_config
    from test_restart import load_scenario, sim_config, toss

    scenario = load_scenario(DEMO, PICHENOTTE_APP.buttons)
    config = sim_config(load_config(default_config_path()), scenario.options, scenario.names)
    sim = SimTable(config, seed=scenario.seed, journal=sys.argv[1])
    pressed = toss(sim, scenario.gap_s)
    for action in scenario.actions[pressed:int(sys.argv[2])]:
        sim.act(action, scenario.gap_s)
    print(sim.journal.export(sim.recorder.match_id), end="", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
    print("not reached", flush=True)
    """
)


def reference(scenario: Scenario, config: TableConfig, tmp_path: Path, upto: int) -> SimTable:
    """The same actions in this process, on a journal of its own."""
    sim = SimTable(config, seed=scenario.seed, journal=tmp_path / "reference.db")
    pressed = toss(sim, scenario.gap_s)  # the scenario's own COIN presses
    for action in scenario.actions[pressed:upto]:
        sim.act(action, scenario.gap_s)
    return sim


@pytest.mark.parametrize("upto", [12, 33], ids=["round-1-shot", "round-2-tally-entered"])
def test_sigkill_mid_match_then_resume_gives_the_expected_fold(
    tmp_path: Path, scenario: Scenario, config: TableConfig, upto: int
) -> None:
    ref = reference(scenario, config, tmp_path, upto)
    try:
        want_game, want_inputs, want_text = ref.runtime.state.match.state, ref.runtime.state.match.inputs, ref.replay_text()
    finally:
        ref.close()
    assert want_game.phase != "finished" and len(want_inputs) > 5
    db = tmp_path / "journal.db"
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(db), str(upto), str(Path(__file__).parent)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert "not reached" not in child.stdout
    acknowledged = child.stdout.splitlines()
    assert [json.loads(x) for x in acknowledged] == [json.loads(x) for x in want_text.splitlines()]
    assert Path(f"{db}-wal").stat().st_size > 0  # killed: the WAL was never checkpointed
    sim = SimTable(config, seed=scenario.seed, journal=db)
    try:
        assert sim.journal.export(sim.recorder.match_id or 0).splitlines() == acknowledged
        assert sim.runtime.state.match.state == want_game
        assert sim.runtime.state.match.inputs == want_inputs
        assert sim.runtime.state.match.state == replay(acknowledged, strict=True).match.state
    finally:
        sim.close()
