"""Master Move's words (pitchside.core.words.mastermove): every notice
code the engine can emit has words; with the names ("A", "B") the long words are the
rules' prose of the replay output, word for word; with real names the sentences name
the players; ``short`` is the table's panel wording."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pitchside.core.errors import IllegalInput
from pitchside.core.match import Match
from pitchside.core.notice import Notice, Words
from pitchside.core.record.format import replay
from pitchside.core.record.mastermove import MasterMoveCodec
from pitchside.core.rules import mastermove as M
from pitchside.core.words import mastermove as W
from support.mm_wordings import emitted_codes, wordings

RULES_DIR = Path(M.__file__).resolve().parent
SCENARIOS = Path(__file__).resolve().parent / "scenarios"
NAMES = ("Annabelle", "Bartholomew")
N = Notice.of


def test_every_code_the_engine_emits_has_words_and_no_words_are_dead() -> None:
    found = emitted_codes()
    assert len(found) == len(W.CODES) == 46
    assert {code for _, code in found} == W.CODES
    assert all(rule is None or rule.startswith("MM-") for rule, _ in found)


def test_the_rules_speak_no_prose() -> None:
    """No old prose notice and no prose refusal left in the engine."""
    for path in RULES_DIR.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "step import Notice" not in text and not re.search(r"IllegalInput\(\s*\"", text), path.name


# (notice, long with A/B: today's prose, short, long with NAMES)
CASES = [
    (N("MM-15", "three_moves", side="A", moves=3), "A scored 3 Moves", None, "Annabelle scored 3 Moves"),
    (N("MM-25", "forfeit", side="A", winner="B"), "A quit; B wins 3-0 by forfeit", None,
     "Annabelle quit; Bartholomew wins 3-0 by forfeit"),
    (N("MM-15", "game_over"), "the game is over; start a new game", None, None),
    (N("MM-19", "lineup_closed"), "line-ups are set before the game starts; after a Move, use changes (MM-21)", None, None),
    (N("MM-05", "lineup_counts", side="B", counts=(1, 1, 3, 2, 1, 2)),
     "B's line-up has 1 keeper, 1 defender, 3 winger, 2 runner, 1 joker, 2 raider; a side has 1 keeper, "
     "2 defender, 3 winger, 2 runner, 1 joker, 2 raider", None,
     "Bartholomew's line-up has 1 keeper, 1 defender, 3 winger, 2 runner, 1 joker, 2 raider; a side has 1 keeper, "
     "2 defender, 3 winger, 2 runner, 1 joker, 2 raider"),
    (N("MM-13", "two_on_square", square="C2"), "two pieces on C2", None, None),
    (N("MM-19", "own_half", side="A", square="E10"), "A's pieces line up in its own half (columns 1-8), not on E10",
     None, "Annabelle's pieces line up in its own half (columns 1-8), not on E10"),
    (N("MM-19", "own_half", side="B", square="E8"), "B's pieces line up in its own half (columns 9-16), not on E8",
     None, None),
    (N("MM-19", "keeper_in_goal", side="B", square="E3"), "the keeper lines up in its goal (D16, E16, F16), not on E3",
     None, None),
    (N("MM-19", "only_keeper_in_goal", kind="joker", square="D1"), "only the keeper stands in the goal: not a joker on D1",
     None, None),
    (N("MM-19", "white_area", square="E2"), "no piece lines up on the white area (E2)", None, None),
    (N("MM-19", "lined_up", side="A"), "A lined up", None, "Annabelle lined up"),
    (N("MM-28", "toss_the_coin"), "Toss the coin", None, None),
    (N("MM-A1", "kickoff", side="B"), "Kick-off: B moves first", None, "Kick-off: Bartholomew moves first"),
    (N("MM-28", "toss_after_lineups"), "both sides line up before the coin toss", None, None),
    (N("MM-28", "toss_before_play"), "the coin toss is only before the first move of the game", None, None),
    (N("MM-28", "won_toss", side="A"), "A won the toss and moves first", "A won the toss",
     "Annabelle won the toss and moves first"),
    (N("MM-19", "lineups_first"), "both sides line up first", None, None),
    (N("MM-28", "toss_first"), "toss the coin first: the winner moves first", None, None),
    (N("MM-30", "changes_first"), "a Move was scored: make the changes, then restart", None, None),
    (N("MM-12", "no_piece", square="D7"), "no piece on D7", None, None),
    (N("MM-12", "not_your_piece", square="G9", owner="B", side="A"), "the piece on G9 is B's; it is A's turn", None,
     "the piece on G9 is Bartholomew's; it is Annabelle's turn"),
    (N("MM-12", "must_leave", square="D8"), "a move must leave D8", None, None),
    (N("MM-18", "keeper_cannot_score"), "the keeper cannot score", None, None),
    (N("MM-09", "not_its_way", kind="runner", frm="D8", to="D13"),
     "the runner moves horizontally or vertically, 1 to 4 squares: D8-D13 is not one",
     "the runner moves horizontally or vertically, 1 to 4 squares", None),
    (N("MM-06", "not_its_way", kind="keeper", frm="E1", to="E2"),
     "the keeper moves 1 square along its goal line, within its goal: E1-E2 is not one",
     "the keeper moves 1 square along its goal line, within its goal", None),
    (N("MM-11", "not_its_way", kind="raider", frm="B7", to="B9"),
     "the raider moves in an L, 2 squares one way and 1 sideways: B7-B9 is not one",
     "the raider moves in an L, 2 squares one way and 1 sideways", None),
    (N("MM-31", "through_goal", kind="runner", square="E16"), "the runner cannot pass through the goal square E16",
     None, None),
    (N("MM-14", "path_blocked", square="D9"), "D9 is occupied and only the raider jumps", None, None),
    (N("MM-17", "keeper_square", square="E16"), "no Move on the keeper's square E16", None, None),
    (N("MM-13", "no_captures", square="F8"), "F8 is occupied: no captures", None, None),
    (N("MM-04", "own_goal", square="D1"), "only the keeper may stand in its own goal (D1)", None, None),
    (N("MM-03", "white_area_stop", square="D2"), "no piece may stop on the white area (D2)", None, None),
    (N("MM-08", "grass_colour", square="C4"), "a winger stays on its grass colour: C4 is the other colour", None, None),
    (N("MM-24", "stalemate", frm="E7", to="E6", times=4),
     "anti-stalemate: this piece has gone between E7 and E6 4 times since the kick-off", None, None),
    (N("MM-16", "move_scored", side="A", frm="D12", to="D16", score=(1, 0)), "Move! A scores with D12-D16: 1-0", None,
     "Move! Annabelle scores with D12-D16: 1-0"),
    (N("MM-15", "wins", side="B", moves=3, against=1), "B wins 3-1", None, "Bartholomew wins 3-1"),
    (N("MM-20", "back_to_kickoff"), "Back to the kick-off line-up", None, None),
    (N("MM-21", "change_credit", credit=(1, 2)), "Changes: A 1, B 2", None, "Changes: Annabelle 1, Bartholomew 2"),
    (N("MM-21", "changes_after_move"), "changes are made only after a Move, before the restart", None, None),
    (N("MM-22", "changes_used_up", side="A", changes=4), "A has made its 4 changes of the game", None,
     "Annabelle has made its 4 changes of the game"),
    (N("MM-21", "no_change_left", side="B"), "B has no change left at this restart (one change per restart, MM-30)",
     None, "Bartholomew has no change left at this restart (one change per restart, MM-30)"),
    (N("MM-21", "no_piece_to_change", side="A", square="B8"), "no piece of A on B8 to change", None,
     "no piece of Annabelle on B8 to change"),
    (N("MM-21", "change_in_place", frm="B7", to="B7"), "a change moves the piece: B7 to B7 is no change", None, None),
    (N("MM-13", "occupied", square="C2"), "C2 is occupied", None, None),
    (N("MM-21", "changed", side="B", kind="winger", frm="B14", to="D14"), "B changes winger B14 to D14",
     "B: winger B14-D14", "Bartholomew changes winger B14 to D14"),
    (N("MM-23", "no_restart"), "restart ends the changes after a Move; there is none to end", None, None),
    (N("MM-23", "restart", side="B"), "Restart: B moves first", None, "Restart: Bartholomew moves first"),
    (N("MM-25", "quits", side="B", winner="A"), "B quits: A wins 3-0 by forfeit", None,
     "Bartholomew quits: Annabelle wins 3-0 by forfeit"),
]


@pytest.mark.parametrize(("notice", "long", "short", "named"), CASES, ids=[f"{c[0].rule}-{c[0].code}" for c in CASES])
def test_words_of_each_notice(notice: Notice, long: str, short: str | None, named: str | None) -> None:
    assert W.describe(notice, ("A", "B")) == Words(long, short or long)
    if named is not None:
        assert W.describe(notice, NAMES).long == named


def test_every_code_has_a_worked_case() -> None:
    assert {c[0].code for c in CASES} == W.CODES


def test_undo_defers_to_the_common_words_and_an_unknown_code_is_a_key_error() -> None:
    assert W.describe(N("UNDO", "undone"), NAMES) == Words("Undone", "Undone")
    assert W.describe(N("UNDO", "nothing_to_undo"), NAMES).long == "nothing to undo"
    for bad in (N("MM-12", "castled"), N("PN-14", "shoots_again", side="A"), N("MM-12", "no_piece")):
        with pytest.raises(KeyError):
            W.describe(bad, NAMES)


def test_the_codec_words_reasons_and_results_from_the_words_module() -> None:
    codec = MasterMoveCodec()
    assert codec.describe(N("MM-18", "keeper_cannot_score"), NAMES).long == "the keeper cannot score"
    header = json.dumps({"format": 1, "game": "mastermove", "sides": {"A": "Ann", "B": "Bob"}})
    result = replay([header, json.dumps({"input": "coin_toss", "winner": "A"}), json.dumps({"input": "quit", "side": "B"})])
    assert result.rejected[0].reason == "MM-28: both sides line up before the coin toss"
    assert result.output()["result"] == "MM-25: B quit; A wins 3-0 by forfeit"


SIDE_LETTER = re.compile(r"\b[AB]\b")


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.jsonl")), ids=lambda p: p.stem)
def test_every_notice_of_the_scenario_files_names_the_players(path: Path) -> None:
    """Fold each recorded game line by line; every notice, refusal and the result, worded
    with long names, names the players and leaks no side letter."""
    codec = MasterMoveCodec()
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]
    header = json.loads(lines[0])
    match = Match.start(codec, codec.parse_options(header.get("options", {})))
    worded = 0
    for text in lines[1:]:
        obj = json.loads(text)
        name = obj.pop("input")
        notices: tuple[Notice, ...]
        try:
            if name == "undo":
                match, _ = match.undo()
                continue
            match, step = match.apply(codec.parse_input(name, obj))
            notices = tuple(n for n in step.effects if isinstance(n, Notice))
            assert len(notices) == len(step.effects)
        except IllegalInput as exc:
            assert exc.notice is not None
            notices = (exc.notice,)
        for n in notices:
            words = W.describe(n, NAMES)
            assert not SIDE_LETTER.search(words.long) and not SIDE_LETTER.search(words.short), (n, words)
            if any(v in ("A", "B") for k, v in n.params if k in ("side", "winner", "owner")):
                assert "Annabelle" in words.long or "Bartholomew" in words.long
            worded += 1
    result = match.outcome()
    assert result is not None and not SIDE_LETTER.search(W.describe(result.cause, NAMES).long)
    assert worded > 10


def test_the_wordings_are_the_rule_and_code_of_every_notice_the_engine_gives() -> None:
    """The wordings (what the text-fit test draws, support.mm_wordings) hold each
    ``(rule, code)`` the engine emits: the literal ones as written, the computed rules of
    ``not_its_way`` as the six kinds' rules (MM-06..MM-11) and of ``game_over`` as the
    result's causes (MM-15, MM-25)."""
    found = emitted_codes()
    literal = {(r, c) for r, c in found if r is not None}
    got = wordings()  # built from emitted_codes(), so it holds every literal pair by construction
    assert got - literal == {
        ("MM-06", "not_its_way"), ("MM-07", "not_its_way"), ("MM-08", "not_its_way"), ("MM-09", "not_its_way"),
        ("MM-10", "not_its_way"), ("MM-11", "not_its_way"), ("MM-15", "game_over"), ("MM-25", "game_over")}
    assert {c for r, c in found if r is None} == {"not_its_way", "game_over"}
    assert len(got) == 52 and {c for _, c in got} == W.CODES
