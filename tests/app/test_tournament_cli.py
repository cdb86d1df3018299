"""``pitchside tournament new|result|standings|next`` over TOML and JSON files: the
5-team round robin of tests/core/test_tournament.py entered game by game, printed
standings, a forfeit, errors that name what is wrong, the standings screen as a PNG."""

from __future__ import annotations

import json
from pathlib import Path

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
    run(capsys, "result", str(cup), "Yellow FC", 'Blue "Town"', "1-3")
    assert cup.read_text() == (
        'name = "Final"\nformat = "knockout"\nteams = ["Yellow FC", "Blue \\"Town\\""]\n\n'
        '[[results]]\nhome = "Yellow FC"\naway = "Blue \\"Town\\""\nscore = [1, 3]\n'
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
