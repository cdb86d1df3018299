"""``pitchside tournament new|result|standings|next`` over TOML and JSON files: the
5-team round robin of tests/core/test_tournament.py entered game by game, printed
standings, a forfeit, errors that name what is wrong, the standings screen as a PNG."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pitchside.cli.main import main
from pitchside.cli.tournament import load

TEAMS = ["Yellow", "Blue", "Red", "Green", "White"]
GAMES = [
    ["Blue", "White", "3-2"], ["Red", "Green", "3-2"], ["White", "Yellow", "0-3"],
    ["Blue", "Red", "--quit", "Red"], ["Yellow", "Green", "3-0"], ["White", "Red", "3-0"],
    ["Red", "Yellow", "1-3"], ["Green", "Blue", "2-3"], ["Yellow", "Blue", "2-3"], ["Green", "White", "3-1"],
]  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["tournament", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_five_team_round_robin_entered_game_by_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    cup = tmp_path / f"cup{suffix}"
    status, out, _ = run(capsys, "new", str(cup), *TEAMS, "--name", "Club cup")
    assert status == 0 and out == "Club cup: 5 teams, round robin; Next: Blue v White\n"
    for game in GAMES:
        status, out, err = run(capsys, "result", str(cup), *game)
        assert status == 0, err
    assert out == "Green 3-1 White; Champion: Blue\n"
    status, out, _ = run(capsys, "standings", str(cup))
    assert status == 0
    assert out.splitlines() == [
        "Club cup (round robin)",
        "  #  TEAM     P  W  L  MF  MA   MD  PTS",
        "  1  Blue     4  4  0  12   6   +6   12",
        "  2  Yellow   4  3  1  11   4   +7    9",
        "  3  Green    4  1  3   7  10   -3    3",
        "  4  White    4  1  3   6   9   -3    3",
        "  5  Red      4  1  3   4  11   -7    3",
        "Champion: Blue",
    ]
    t = load(cup)
    assert t.results[3].forfeit == "Red" and (t.results[3].home_moves, t.results[3].away_moves) == (3, 0)


def test_next_and_json_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cup = tmp_path / "cup.toml"
    run(capsys, "new", str(cup), *TEAMS, "--format", "round_robin_final")
    run(capsys, "result", str(cup), "Blue", "White", "3-2")
    assert run(capsys, "next", str(cup)) == (0, "Next: Red v Green\n", "")
    _, out, _ = run(capsys, "standings", str(cup), "--json")
    data = json.loads(out)
    assert data["next"] == {"home": "Red", "away": "Green", "stage": "league"}
    assert data["standings"][0] == {"rank": 1, "shared": False, "team": "Blue", "played": 1, "won": 1, "lost": 0,
                                    "moves_for": 3, "moves_against": 2, "diff": 1, "points": 3}  # fmt: skip
    assert data["champion"] is None


def test_the_toml_file_is_readable_by_people(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cup = tmp_path / "cup.toml"
    run(capsys, "new", str(cup), "Yellow FC", 'Blue "Town"', "--format", "knockout", "--name", "Final")
    run(capsys, "result", str(cup), "Yellow FC", 'Blue "Town"', "1-3", "--at", "2026-12-01T20:15:00+00:00")
    assert cup.read_text() == (
        'name = "Final"\nformat = "knockout"\nteams = ["Yellow FC", "Blue \\"Town\\""]\n\n'
        '[[results]]\nhome = "Yellow FC"\naway = "Blue \\"Town\\""\nscore = [1, 3]\n\n'
        '[[audit]]\nat = "2026-12-01T20:15:00+00:00"\naction = "result"\nresult = "Yellow FC 1-3 Blue \\"Town\\""\n'
    )
    assert run(capsys, "next", str(cup))[1] == 'Champion: Blue "Town"\n'


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["result", "{cup}", "Blue", "White", "3-3"], "3-3 is not a finished game"),
        (["result", "{cup}", "Blue", "White", "three"], "a score is written HOME-AWAY in Moves"),
        (["result", "{cup}", "Blue", "White"], "give the score (like 3-1) or --quit TEAM"),
        (["result", "{cup}", "Blue", "Purple", "3-0"], "'Purple' is not in this tournament"),
        (["result", "{cup}", "Blue", "White", "3-0", "--quit", "White"], "give a score or --quit, not both"),
        (["new", "{cup}", "A", "B"], "exists (--force to overwrite)"),
        (["standings", "{missing}"], "cannot read"),
    ],
)
def test_errors_exit_2_and_say_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    cup = tmp_path / "cup.toml"
    run(capsys, "new", str(cup), *TEAMS)
    before = cup.read_text()
    argv = [a.format(cup=cup, missing=tmp_path / "none.toml") for a in argv]
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err
    assert cup.read_text() == before  # nothing written


def test_a_hand_edited_file_with_a_bad_result_names_its_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cup = tmp_path / "cup.toml"
    cup.write_text('name = "x"\nteams = ["A", "B", "C"]\n[[results]]\nhome = "A"\naway = "B"\nscore = [3, 1]\n'
                   '[[results]]\nhome = "B"\naway = "A"\nscore = [3, 0]\n')
    status, _, err = run(capsys, "standings", str(cup))
    assert status == 2
    assert f"{cup}: results[1]: B and A have played each other already" in err


def test_the_standings_screen_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cup = tmp_path / "cup.json"
    run(capsys, "new", str(cup), *TEAMS)
    for game in GAMES:
        run(capsys, "result", str(cup), *game)
    png = tmp_path / "table.png"
    status, out, _ = run(capsys, "standings", str(cup), "--png", str(png))
    assert status == 0 and out.endswith(f"wrote {png}\n")
    with Image.open(png) as img:
        assert img.size == (128, 64)


# --- results entered at the same time; corrections and withdrawals -------

NINE = [f"T{i}" for i in range(1, 10)]


def _enter_result(cup: str, home: str, away: str, at: str, go: Any) -> None:
    """One ``pitchside tournament result`` run in a child process, started on ``go``."""
    go.wait(30)
    os._exit(main(["tournament", "result", cup, home, away, "3-1", "--at", at]))


def test_thirty_results_entered_at_the_same_time_are_all_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """30 ``pitchside tournament result`` runs in 30 processes, released together on one
    file (a club night's tables all reporting at once): every result is kept, with its
    audit entry, and no temporary file is left behind. Before the lock, 7 to 19 of 30
    were kept and runs died on the shared temporary file. (The processes are forked
    from this one, so the test does not pay 30 interpreter start-ups.)"""
    from pitchside.core.tournament import round_robin_schedule

    cup = tmp_path / "cup.toml"
    assert run(capsys, "new", str(cup), *NINE)[0] == 0
    games = list(itertools.islice(round_robin_schedule(tuple(NINE)), 30))
    ctx = multiprocessing.get_context("fork")
    go = ctx.Event()
    procs = [ctx.Process(target=_enter_result, args=(str(cup), g.home, g.away, f"2026-12-01T20:{i:02d}:00", go))
             for i, g in enumerate(games)]
    for p in procs:
        p.start()
    go.set()
    for p in procs:
        p.join(timeout=60)
    assert [p.exitcode for p in procs] == [0] * 30
    t = load(cup)
    assert len(t.results) == 30 and {r.teams() for r in t.results} == {frozenset((g.home, g.away)) for g in games}
    assert len(t.audit) == 30 and all(a.action == "result" for a in t.audit)
    assert sorted(a.at for a in t.audit) == [f"2026-12-01T20:{i:02d}:00" for i in range(30)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.toml", "cup.toml.lock"]


def test_a_result_corrected_then_withdrawn_with_the_standings_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Blue 3-2 White was entered as 2-3 by mistake; corrected; then Red v Green is
    withdrawn (entered for the wrong game) and is due again. Each change is in the
    audit list with when it was entered."""
    cup = tmp_path / "cup.toml"
    run(capsys, "new", str(cup), *TEAMS, "--name", "Club cup")
    at = ("--at", "2026-12-01T20:00:00+00:00")
    assert run(capsys, "result", str(cup), "Blue", "White", "2-3", *at)[0] == 0
    assert run(capsys, "result", str(cup), "Red", "Green", "3-2", "--at", "2026-12-01T20:05:00+00:00")[0] == 0
    status, out, err = run(capsys, "correct", str(cup), "Blue", "White", "3-2", "--at", "2026-12-01T20:10:00+00:00")
    assert (status, err) == (0, "")
    assert out == "corrected: Blue 3-2 White (was Blue 2-3 White); Next: White v Yellow\n"
    status, out, _ = run(capsys, "withdraw", str(cup), "Green", "Red", "--at", "2026-12-01T20:15:00+00:00")
    assert status == 0 and out == "withdrawn: Red 3-2 Green; Next: Red v Green\n"
    status, out, _ = run(capsys, "standings", str(cup))
    assert out.splitlines() == [
        "Club cup (round robin)",
        "  #  TEAM     P  W  L  MF  MA   MD  PTS",
        "  1  Blue     1  1  0   3   2   +1    3",
        " 2=  Yellow   0  0  0   0   0   +0    0",
        " 2=  Red      0  0  0   0   0   +0    0",
        " 2=  Green    0  0  0   0   0   +0    0",
        "  5  White    1  0  1   2   3   -1    0",
        "= teams equal on points, Move difference and Moves scored (listed in seeding order)",
        "Next: Red v Green",
    ]
    assert run(capsys, "audit", str(cup))[1].splitlines() == [
        "2026-12-01T20:00:00+00:00 result: Blue 2-3 White",
        "2026-12-01T20:05:00+00:00 result: Red 3-2 Green",
        "2026-12-01T20:10:00+00:00 correct: Blue 3-2 White (was Blue 2-3 White)",
        "2026-12-01T20:15:00+00:00 withdraw: Red 3-2 Green",
    ]
    t = load(cup)
    assert [r.text() for r in t.results] == ["Blue 3-2 White"]
    # nothing to change, other teams, a knockout game a later one depends on: exit 2, file unchanged
    before = cup.read_bytes()
    for argv in (("correct", str(cup), "Red", "Green", "3-0"), ("withdraw", str(cup), "Yellow", "Blue"),
                 ("correct", str(cup), "Blue", "White", "3-3")):
        status, _, err = run(capsys, *argv)
        assert status == 2 and err.startswith("pitchside tournament: "), err
    assert cup.read_bytes() == before


def test_a_knockout_result_a_later_game_depends_on_cannot_be_withdrawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cup = tmp_path / "ko.json"
    run(capsys, "new", str(cup), "A1", "A2", "A3", "A4", "--format", "knockout")
    for game in (["A1", "A4", "3-0"], ["A2", "A3", "3-1"], ["A1", "A2", "3-2"]):
        assert run(capsys, "result", str(cup), *game)[0] == 0
    status, _, err = run(capsys, "withdraw", str(cup), "A1", "A4")
    assert status == 2 and "A1 3-2 A2" in err and "not a knockout game now" in err
    status, out, _ = run(capsys, "correct", str(cup), "A1", "A4", "1-3")  # A4 went through, not A1
    assert status == 2
    status, out, _ = run(capsys, "withdraw", str(cup), "A1", "A2")  # the final: due again
    assert status == 0 and out.endswith("Next: final: A1 v A2\n")
    status, out, _ = run(capsys, "correct", str(cup), "A1", "A4", "1-3", "--at", "2026-12-01")
    assert status == 0 and out == "corrected: A1 1-3 A4 (was A1 3-0 A4); Next: final: A4 v A2\n"
    assert load(cup).audit[-1].at == "2026-12-01T00:00:00"
