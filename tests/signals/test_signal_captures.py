"""The pure filters against the real captures in shared/data/real (see its README for
what each must give). Every expected count is derived from the capture's own edges."""

from __future__ import annotations

from collections import Counter

import pytest
from pitchside.signals.beam import BeamCounter
from pitchside.signals.debounce import DEFAULT_BOUNCE_S, DEFAULT_HOLD_S, ButtonDecoder
from pitchside.signals.events import (
    BeamBroken,
    ButtonHeld,
    ButtonPressed,
    ButtonReleased,
    SensorNoisy,
)
from pitchside_sim.pulses import read_bounce_tests, read_edges_csv
from support.captures import (
    BLOCKED,
    NEC,
    PHOTOGATE_RUNS,
    SIRC,
    complete_passes,
    frames,
    photogate,
)

ROCKER = "bounce/bouncybutton_rocker_banggood1276758_edges.csv"
BAD_BUTTON = "bounce/bouncybutton_v023_sample_session_edges.csv"
PRESSED = False  # both buttons: internal pull-up, pressed = 0


# -- buttons -------------------------------------------------------------------------
def test_rocker_every_press_and_release_counts_exactly_once(run, real_data) -> None:
    tests = read_bounce_tests(str(real_data / ROCKER))
    directions = Counter(t.direction for t in tests)
    assert directions == {"press": 55, "release": 55}  # the README's 110 tests
    totals: Counter[str] = Counter()
    for t in tests:
        dec = ButtonDecoder("rocker", initial_level=t.initial_level)
        r = run(dec).feed(t.edges).until(t.edges[-1][0] + DEFAULT_BOUNCE_S)
        expected = ButtonPressed if t.direction == "press" else ButtonReleased
        assert [type(e) for e in r.events] == [expected], f"test {t.test_id}"
        assert r.events[0].at == t.edges[0][0]  # reported on the first edge
        totals[t.direction] += 1
    assert totals == directions


def test_rocker_slow_release_test_102_needs_the_100ms_default(run, real_data) -> None:
    """Why bounce_s is 0.1 s: test 102 re-closes 81.9 ms after releasing."""
    (t,) = [t for t in read_bounce_tests(str(real_data / ROCKER)) if t.test_id == 102]
    with_20ms = run(ButtonDecoder("rocker", bounce_s=0.02, initial_level=t.initial_level)).feed(t.edges)
    assert len(with_20ms.until(1.0).events) > 1  # 20 ms: phantom presses
    default = run(ButtonDecoder("rocker", initial_level=t.initial_level)).feed(t.edges).until(1.0)
    assert [type(e) for e in default.events] == [ButtonReleased]


@pytest.mark.parametrize(
    "name,kind",
    [
        ("bouncybutton_rocker_banggood1276758_test001_press.csv", ButtonPressed),
        ("bouncybutton_rocker_banggood1276758_test003_press.csv", ButtonPressed),
        ("bouncybutton_rocker_banggood1276758_test102_release.csv", ButtonReleased),
    ],
)
def test_rocker_single_test_files(run, real_data, name, kind) -> None:
    edges = read_edges_csv(str(real_data / "bounce" / name))
    dec = ButtonDecoder("rocker", initial_level=not edges[0][1])  # level before = opposite
    assert [type(e) for e in run(dec).feed(edges).until(edges[-1][0] + 0.5).events] == [kind]


def test_bad_button_ends_each_test_in_its_last_edge_state_without_phantom_hold(run, real_data) -> None:
    tests = read_bounce_tests(str(real_data / BAD_BUTTON))
    assert len(tests) == 120
    mislabelled = 0
    for t in tests:
        dec = ButtonDecoder("bad", initial_level=t.initial_level)
        last_t, last_level = t.edges[-1]
        r = run(dec).feed(t.edges).until(last_t + DEFAULT_BOUNCE_S)
        ends_pressed = last_level == PRESSED
        mislabelled += ends_pressed != (t.direction == "press")
        assert dec.is_pressed == ends_pressed, f"test {t.test_id}"
        assert not r.of(ButtonHeld), f"test {t.test_id}"
        presses, releases = len(r.of(ButtonPressed)), len(r.of(ButtonReleased))
        # events alternate from the initial state, so the counts differ by the change
        assert presses - releases == int(ends_pressed) - int(t.initial_level == PRESSED)
        # then the button stays as it ended: a hold only if it ended pressed, exactly one
        r.until(last_t + 3 * DEFAULT_HOLD_S)
        holds = r.of(ButtonHeld)
        assert len(holds) == int(ends_pressed), f"test {t.test_id}"
        if holds:
            assert holds[0].at == pytest.approx(r.of(ButtonPressed)[-1].at + DEFAULT_HOLD_S)
    assert mislabelled == 4  # README: "a few release tests end pressed"


# -- beams ---------------------------------------------------------------------------
@pytest.mark.parametrize("run_id", PHOTOGATE_RUNS)
def test_photogate_every_pass_counts_exactly_once(run, real_data, run_id) -> None:
    edges = photogate(real_data, run_id)
    passes = complete_passes(edges)
    # The passes are all real pieces under the default parameters (2 ms..2 s blocked,
    # 0.9 s apart), so each must give one BeamBroken at its clear edge.
    assert all(0.002 <= c - b < 2.0 for b, c in passes)
    beam = BeamCounter("gate", blocked_level=BLOCKED, initial_level=not edges[0][1])
    r = run(beam).feed(edges).until(edges[-1][0])
    got = r.of(BeamBroken)
    assert len(got) == len(passes) == beam.count
    assert [e.at for e in got] == [c for _, c in passes]
    assert [e.blocked_s for e in got] == pytest.approx([c - b for b, c in passes])
    assert not r.of(SensorNoisy)


def test_photogate_counts_match_the_readme(real_data) -> None:
    counts = {run_id: len(complete_passes(photogate(real_data, run_id))) for run_id in PHOTOGATE_RUNS}
    lengths = {run_id: len(photogate(real_data, run_id)) for run_id in PHOTOGATE_RUNS}
    assert lengths == {"000003": 2055, "000396": 1691, "000397": 2150}
    assert counts == {"000003": 1027, "000396": 845, "000397": 1074}


def test_photogate_run_397_missed_edge_no_phantom_no_stuck_input(run, real_data) -> None:
    edges = photogate(real_data, "000397")
    i = next(k for k in range(1, len(edges)) if edges[k][1] == edges[k - 1][1])
    assert (edges[i - 1], edges[i]) == ((229.118572, True), (229.130508, True))
    beam = BeamCounter("gate", blocked_level=BLOCKED, initial_level=not edges[0][1])
    r = run(beam).feed(edges[: i + 1])
    last = r.events[-1]
    assert isinstance(last, BeamBroken) and last.at == pytest.approx(229.118572)
    assert last.blocked_s == pytest.approx(229.118572 - 229.104548)
    assert beam.lost_edges == 1 and not beam.is_blocked and not beam.is_noisy
    r.feed(edges[i + 1 : i + 3])  # the next pass counts normally
    last = r.events[-1]
    assert isinstance(last, BeamBroken) and last.at == pytest.approx(230.188768)
    assert last.blocked_s == pytest.approx(230.188768 - 230.174692)


@pytest.mark.parametrize("name,frame_gap_s,n_frames", [(NEC, 0.05, 5), (SIRC, 0.01, 4)])
def test_ir_frames_are_at_most_one_piece_each_and_flagged_noisy(run, real_data, name, frame_gap_s, n_frames) -> None:
    edges = read_edges_csv(str(real_data / name))
    split = frames(edges, frame_gap_s)
    assert len(split) == n_frames and all(len(f) > 40 for f in split)
    beam = BeamCounter("pocket", blocked_level=BLOCKED, initial_level=not edges[0][1])
    r = run(beam)
    for frame in split:
        before = len(r.of(BeamBroken))
        r.feed(frame)
        assert len(r.of(BeamBroken)) - before <= 1  # at most one piece per frame
        assert beam.is_noisy  # flagged during every frame
    assert len(r.of(BeamBroken)) <= n_frames  # <= 5 for the NEC file
    noisy = r.of(SensorNoisy)
    assert noisy and all(e.detail.startswith("storm") for e in noisy)
    if name == NEC:  # frames 0.6 s apart: each is its own burst, each flagged
        assert len(noisy) == n_frames
