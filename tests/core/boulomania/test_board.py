"""The Boulomania board as data (firmware/pitchside/core/boards/boulomania.json): the
BM-BOARD proposal of shared/rules/rulings.md 2.2, each sentence of the rulebook
(shared/rules/001_e017ef639f8c18a2.txt) that speaks of the board checked against it, and
the loader's refusals of a wrong replacement file."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pitchside.core.boards import boulomania as boards
from pitchside.core.boards.boulomania import BOARD, BoardError, board_from_json, load_board

PACKAGED = Path(boards.__file__).with_name("boulomania.json")
DATA = json.loads(PACKAGED.read_text(encoding="utf-8"))


# --- the data is the rulings' JSON --------------------------------------------------------


def test_packaged_file_is_bm_board_of_the_rulings():
    """rulings.md 2.2 "Board data (authoritative)", copied key by key."""
    assert DATA["jackSpaces"] == {"1": [92, 118], "2": [108, 118], "3": [92, 135], "4": [108, 135], "5": [92, 153], "6": [108, 153]}
    assert DATA["bowlSpaces"] == {
        "7": [100, 0], "8": [100, 40], "9": [60, 46], "10": [140, 44], "11": [56, 135], "12": [100, 80],
        "13": [140, 84], "14": [184, 122], "15": [140, 190], "16": [60, 186], "17": [100, 198], "18": [100, 238],
    }
    assert DATA["straight"] == {
        "7": 8, "8": 12, "9": 11, "10": 13, "11": 16, "12": 17, "13": 15,
        "14": "OUT", "15": "OUT", "16": "OUT", "17": 18, "18": "OUT",
    }
    assert DATA["diagonal"] == {"8": 13, "13": 14, "16": 18}
    assert DATA["jackBehind"] == {"1": 3, "2": 4, "3": 5, "4": 6, "5": None, "6": None}
    assert DATA["frontOfJack"] == [12, 13] and DATA["besideJack"] == [11]


def test_a_copy_of_the_file_loads_to_the_same_board(tmp_path):
    f = tmp_path / "board.json"
    f.write_text(PACKAGED.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_board(f) == BOARD


# --- "6 small spaces (1-6) for the jack ..., 12 larger spaces (7-18) for the bowls" (BM-01)


def test_spaces_1_to_6_are_jack_spaces_7_to_18_bowl_spaces():
    assert [s for s in range(1, 19) if BOARD.is_jack_space(s)] == [1, 2, 3, 4, 5, 6]
    assert [s for s in range(1, 19) if BOARD.is_bowl_space(s)] == list(range(7, 19))
    assert sorted(BOARD.coords) == list(range(1, 19))


# --- "nearer to the jack": the nearness table of rulings.md 2.2 -------------------------

NEARNESS = {
    1: [2, 3, 4, 5, 6, 12, 11, 13, 16, 8, 9, 17, 15, 10, 14, 7, 18],
    2: [1, 4, 3, 6, 5, 12, 13, 11, 14, 8, 15, 17, 10, 16, 9, 7, 18],
    3: [4, 1, 5, 2, 6, 11, 12, 16, 17, 13, 15, 14, 9, 8, 10, 18, 7],
    4: [3, 2, 6, 1, 5, 11, 12, 13, 17, 15, 16, 14, 8, 10, 9, 18, 7],
    5: [6, 3, 4, 1, 2, 11, 17, 16, 15, 12, 13, 18, 14, 9, 8, 10, 7],
    6: [5, 4, 3, 2, 1, 17, 15, 11, 16, 12, 13, 14, 18, 8, 10, 9, 7],
}


@pytest.mark.parametrize("jack", range(1, 7))
def test_nearness_table_matches_the_rulings(jack):
    assert list(BOARD.nearness(jack)) == NEARNESS[jack]


@pytest.mark.parametrize("jack", range(1, 7))
def test_no_two_spaces_are_equally_near_so_holder_is_never_tie(jack):
    """BM-BOARD property; BM-28 is for other geometries."""
    order = NEARNESS[jack]
    for a, b in zip(order, order[1:]):
        assert BOARD.compare(a, b, jack) == -1 and BOARD.is_nearer(a, b, jack)
        assert BOARD.compare(b, a, jack) == 1 and not BOARD.is_nearer(b, a, jack)
    assert BOARD.compare(11, 11, jack) == 0


def test_distance_is_euclidean_in_mm():
    assert BOARD.distance(12, 1) == pytest.approx(((100 - 92) ** 2 + (80 - 118) ** 2) ** 0.5)
    assert BOARD.distance(4, 4) == 0


# --- "moved up one space in the direction of play" (BM-10, BM-21) -----------------------


def test_every_push_goes_up_the_board_in_the_direction_of_play():
    for table in (BOARD.straight, BOARD.diagonal):
        for s, t in table.items():
            if t is not None:
                assert BOARD.coords[t][1] > BOARD.coords[s][1], (s, t)


def test_each_bowl_space_has_one_straight_push():
    assert {s: BOARD.successor(s) for s in range(7, 19)} == {
        7: 8, 8: 12, 9: 11, 10: 13, 11: 16, 12: 17, 13: 15, 14: None, 15: None, 16: None, 17: 18, 18: None,
    }


# --- "Bowls lying on spaces 8, 13 or 16 can be pushed on either straight ahead or diagonally"


def test_only_8_13_16_fork():
    assert BOARD.forks == {8, 13, 16}
    assert [BOARD.successor(s, diagonal=True) for s in (8, 13, 16)] == [13, 14, 18]
    with pytest.raises(ValueError, match="BM-11"):
        BOARD.successor(12, diagonal=True)


# --- "In this way, it is possible to knock a bowl into touch and out of play" -------------


def test_chains_end_and_some_pushes_go_into_touch():
    assert {s for s in range(7, 19) if BOARD.successor(s) is None} == {14, 15, 16, 18}
    for start in range(7, 19):  # follow straight pushes from anywhere: always out within 12 steps
        pos, steps = start, 0
        while pos is not None:
            pos, steps = BOARD.successor(pos), steps + 1
            assert steps <= 12


# --- "Bowls placed on jack spaces may not be moved by pushing-on means" (BM-09) ------------


def test_jack_space_bowls_cannot_be_pushed_and_pushes_never_reach_jack_spaces():
    for j in range(1, 7):
        with pytest.raises(ValueError, match="BM-09"):
            BOARD.successor(j)
    targets = set(BOARD.straight.values()) | set(BOARD.diagonal.values())
    assert not {t for t in targets if t is not None and BOARD.is_jack_space(t)}


# --- "lying on spaces 12 or 13 directly to the jack"; "the jack space behind" (BM-24) ------


def test_12_and_13_lie_directly_to_the_jack_and_push_on_beyond_it():
    assert BOARD.front_of_jack == {12, 13}
    jack_ys = [BOARD.coords[j][1] for j in range(1, 7)]
    for s in (12, 13):
        assert BOARD.coords[s][1] < min(jack_ys)  # in front of the jack block
        assert BOARD.coords[BOARD.successor(s)][1] > max(jack_ys)  # its push passes the block
    # 12 straight in front of the block (x between its columns), 13 diagonally (to the right)
    assert 92 < BOARD.coords[12][0] < 108 and BOARD.coords[13][0] > 108


def test_the_jack_space_behind():
    assert {j: BOARD.jack_behind(j) for j in range(1, 7)} == {1: 3, 2: 4, 3: 5, 4: 6, 5: None, 6: None}
    for j in range(1, 5):
        assert BOARD.coords[BOARD.jack_behind(j)][1] > BOARD.coords[j][1]


# --- "space 11 directly next to the jack" (BM-25) -----------------------------------------


def test_11_lies_directly_next_to_the_jack_block_and_no_other_space_does():
    assert BOARD.beside_jack == {11}
    xs = [BOARD.coords[j][0] for j in range(1, 7)]
    ys = [BOARD.coords[j][1] for j in range(1, 7)]
    x11, y11 = BOARD.coords[11]
    assert min(ys) <= y11 <= max(ys) and x11 < min(xs)
    gap11 = min(xs) - x11
    for s in range(7, 19):
        x, y = BOARD.coords[s]
        if s != 11 and min(ys) <= y <= max(ys):  # level with the block: only 14, far off
            assert min(abs(x - min(xs)), abs(x - max(xs))) > 2 * gap11, s


# --- "throwing only two dice and thus not aim at spaces 13-18" (BM-07) ---------------------


def test_two_dice_reach_7_to_12_only_three_dice_7_to_18():
    two = {a + b for a in range(1, 7) for b in range(1, 7) if a + b >= 7}
    three = {a + b + c for a in range(1, 7) for b in range(1, 7) for c in range(1, 7) if a + b + c >= 7}
    assert two == set(range(7, 13)) and three == set(range(7, 19))
    assert all(BOARD.is_bowl_space(s) for s in three)


def test_two_4s_give_space_4_or_8():
    """ "throw two 4s and you can take either space 4 or 8": 4 a jack space, 8 a bowl space."""
    assert BOARD.is_jack_space(4) and BOARD.is_bowl_space(4 + 4)


# --- a wrong replacement file is refused, naming the key -----------------------------------


def _broken(**changes):
    data = copy.deepcopy(DATA)
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    "changes, key, words",
    [
        ({"straight": None}, "straight", "missing"),
        ({"bogus": 1}, "(top)", "unknown key"),
        ({"jackSpaces": {**DATA["jackSpaces"], "6": None}}, "jackSpaces.6", "[x_mm, y_mm]"),
        ({"jackSpaces": {k: v for k, v in DATA["jackSpaces"].items() if k != "6"}}, "jackSpaces", "missing space"),
        ({"bowlSpaces": {**DATA["bowlSpaces"], "19": [0, 0]}}, "bowlSpaces", "'19'"),
        ({"straight": {**DATA["straight"], "12": 3}}, "straight.12", "BM-09"),
        ({"straight": {**DATA["straight"], "12": 8}}, "straight.12", "direction of play"),
        ({"straight": {k: v for k, v in DATA["straight"].items() if k != "7"}}, "straight", "missing bowl space"),
        ({"diagonal": {**DATA["diagonal"], "8": 12}}, "diagonal.8", "differ"),
        ({"jackBehind": {**DATA["jackBehind"], "3": 1}}, "jackBehind.3", "not behind"),
        ({"jackBehind": {**DATA["jackBehind"], "5": 9}}, "jackBehind.5", "jack space"),
        ({"frontOfJack": [12, 3]}, "frontOfJack", "bowl spaces"),
        ({"besideJack": [12]}, "besideJack", "both"),
        ({"distance": "Manhattan"}, "distance", "Euclidean"),
    ],
)
def test_a_wrong_board_is_refused_naming_the_key(changes, key, words):
    with pytest.raises(BoardError) as info:
        board_from_json(_broken(**changes), "real.json")
    assert info.value.source == "real.json" and info.value.key == key
    assert words in info.value.message
    assert str(info.value).startswith(f"real.json: {key}: ")


def test_not_json_and_missing_file_are_board_errors(tmp_path):
    bad = tmp_path / "b.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(BoardError, match="not JSON"):
        load_board(bad)
    with pytest.raises(BoardError, match="cannot read"):
        load_board(tmp_path / "absent.json")
    with pytest.raises(BoardError, match="JSON object"):
        board_from_json([1, 2])


def test_a_real_board_may_differ(tmp_path):
    """A replacement with other coordinates and pushes loads, and its geometry is used."""
    data = _broken(straight={**DATA["straight"], "7": 12}, diagonal={"8": 13, "13": 14, "16": 18, "7": 8})
    f = tmp_path / "real.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    board = load_board(f)
    assert board.successor(7) == 12 and board.successor(7, diagonal=True) == 8 and 7 in board.forks


def test_a_broken_packaged_file_stops_the_import_with_a_clear_error(tmp_path):
    """The file is validated at import: copy the package, break its board, import it."""
    src = Path(boards.__file__).resolve().parents[2]  # firmware/pitchside
    dst = tmp_path / "pitchside"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
    data = _broken(straight={**DATA["straight"], "9": 2})
    (dst / "core" / "boards" / "boulomania.json").write_text(json.dumps(data), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    code = "import pitchside, pitchside.core.boards.boulomania"
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode != 0
    assert "BoardError" in run.stderr and "straight.9" in run.stderr and "BM-09" in run.stderr
    # and the copy with the good file imports (so the failure above is the board's)
    (dst / "core" / "boards" / "boulomania.json").write_text(json.dumps(DATA), encoding="utf-8")
    ok = subprocess.run(
        [sys.executable, "-c", code + "; print(pitchside.__file__)"], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert ok.returncode == 0, ok.stderr
    assert str(tmp_path) in ok.stdout
