"""Pitchnut's words (pitchside.core.words.pitchnut): every notice and refusal code the
rules engine can emit has words; ``long`` with the sides' letters is the prose the
replay output has always given; ``short`` is the panel's wording; real names name the
players and no side letter leaks into the text."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from support.notices import fold_steps
from support.sources import source_trees
from pitchside.core.notice import Notice, Words
from pitchside.core.record.format import replay
from pitchside.core.record.pitchnut import PitchnutCodec
from pitchside.core.rules import pitchnut as P
from pitchside.core.words import common
from pitchside.core.words import pitchnut as W

N = Notice.of
LETTERS = ("A", "B")
NAMES = ("Ann", "Bob")
LONG_NAMES = ("Annabelle", "Bartholomew")
SCENARIOS = sorted((Path(__file__).resolve().parent / "scenarios").glob("*.jsonl"))

# (notice, long with the letters A/B: the engine's prose before typed notices, short with
# Ann/Bob: the panel's words). Every code of the engine is here (a test checks it).
CASES: list[tuple[Notice, str, str]] = [
    (N("PN-A9", "match_over"), "the match is over; start a new match", "the match is over; start a new match"),
    (N("PN-05", "toss_once"), "the coin is tossed once, at the start of the match", "the coin was tossed already"),
    (N("PN-05", "toss_first"), "toss the coin first: its winner chooses who breaks", "toss the coin first (COIN)"),
    (N("PN-05", "breaker_after_toss_only"),
     "the breaker is chosen only after the opening toss; later games the loser breaks",
     "the breaker is chosen only after the opening toss; later games the loser breaks"),
    (N("PN-05", "choose_breaker_first", side="B"), "B won the toss: choose who breaks first",
     "Bob won the toss: choose who breaks first"),
    (N("PN-02", "more_than_on_board", colour="black", on_board=2, count=3),
     "2 black piece(s) are on the board; 3 cannot be pocketed or knocked off",
     "2 black piece(s) are on the board; 3 cannot be pocketed or knocked off"),
    (N("PN-A8", "poison_pocketed_and_off"), "the poison cannot be both pocketed and knocked off the board",
     "the poison cannot be both pocketed and off the board"),
    (N("PN-A5", "spot_needed"), "a debt is paid by equal numbers of white and black: say which colour to spot (spot)",
     "a debt is paid by equal colours: choose the colour to spot"),
    (N("PN-05", "toss_won", side="A"), "A won the toss: choose who breaks", "Ann won the toss: choose who breaks"),
    (N("PN-05", "breaks", side="B"), "B breaks", "Bob breaks"),
    (N("PN-05", "next_game", game=2, side="A"), "Game 2: A breaks", "Game 2: Ann breaks"),
    (N("PN-A8", "put_back", colour="white", count=2), "Put 2 white back at the centre",
     "Put 2 white back at the centre"),
    (N("PN-A8", "poison_put_back"), "Put the poison back at the centre", "Put the poison back at the centre"),
    (N("PN-A2", "poison_respotted"), "Poison back at the centre: turn over", "Poison early: turn over"),
    (N("PN-29", "pays_debt_open", side="A", colour="black"), "A pays a debt: spot one black at the centre",
     "Ann pays a debt"),
    (N("PN-29", "pays_debts", side="B", count=2, colour="black"), "B pays 2 debt(s): spot 2 black at the centre",
     "Bob pays 2 debt(s)"),
    (N("PN-29", "debt_from_pocket", side="B", colour="white"),
     "B has no white left: spot one from the pocket for the debt", "Bob spots a white for the debt"),
    (N("PN-10", "colours_assigned", side="B", colour="white"), "B is white, A is black", "Bob is white, Ann is black"),
    (N("PN-11", "equal_colours_open"), "Equal colours: the board stays open", "Equal: board stays open"),
    (N("PN-12", "board_stays_open"), "The board stays open", "The board stays open"),
    (N("PN-08", "spot_one", kind="scratch", colour="white"), "Scratch: spot one white at the centre",
     "Scratch: spot one"),
    (N("PN-08", "spot_one", kind="foul", colour="black"), "Foul: spot one black at the centre", "Foul: spot one"),
    (N("PN-28", "owes", kind="scratch", side="A", count=1), "Scratch: A owes 1 piece(s)", "Scratch: Ann owes 1"),
    (N("PN-08", "owes", kind="foul", side="B", count=2), "Foul: B owes 2 piece(s)", "Foul: Bob owes 2"),
    (N("PN-15", "banks_bonus", side="A", count=2), "A banks 2 bonus turn(s)", "Ann banks 2 bonus"),
    (N("PN-30", "spends_bonus", side="A", left=1), "A spends a bonus turn (1 left)", "Ann uses a bonus turn"),
    (N("PN-14", "shoots_again", side="B"), "B shoots again", "Bob shoots again"),
    (N("PN-23", "miss_reshoot", side="A"), "Missed everything: A shoots again", "Missed all: Ann again"),
    (N("PN-26", "to_shoot", side="A"), "A to shoot", "Ann to shoot"),
    (N("PN-31", "on_poison", side="B"), "B is shooting for the poison", "Bob: on the poison"),
    (N("PN-31", "wins_game", side="A", game=3), "A wins game 3", "Ann wins game 3"),
    (N("PN-A9", "wins_match", side="B"), "B wins the match", "Bob wins the match"),
    (N("PN-06", "poison_break_wins", side="A"), "A sank the poison on the break and wins",
     "Ann sank the poison on the break"),
    (N("PN-06", "poison_break_scratch", side="B"), "B sank the poison on the break with a scratch and loses",
     "Bob: poison and a scratch on the break"),
    (N("PN-25", "poison_break_with_pieces", side="A"), "A sank the poison on the break with object pieces and loses",
     "Ann: poison with pieces on the break"),
    (N("PN-21", "poison_with_scratch", side="A"), "A sank the poison with a scratch and loses",
     "Ann: poison with a scratch"),
    (N("PN-22", "poison_with_opponent_piece", side="B"), "B sank the poison with an opponent's piece and loses",
     "Bob: poison with an opponent's piece"),
    (N("PN-31", "poison_alone_wins", side="B"), "B sank the poison alone and wins", "Bob sank the poison alone"),
    (N("PN-24", "poison_early", side="A"), "A sank the poison before being on it and loses",
     "Ann sank the poison too early"),
    (N("PN-25", "poison_early_with_pieces", side="B"),
     "B sank the poison with object pieces before being on it and loses", "Bob: poison with pieces, too early"),
]

SAMPLE: dict[str, object] = {"side": "A", "colour": "white", "kind": "scratch"}
"""A value for each parameter that is not a count, to word a notice found in the source."""


def _is_notice_of(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "of"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "Notice"
    )


def _rules_nodes() -> list[ast.AST]:
    """Every node of the rules package's source, module by module."""
    return [node for tree in source_trees(P) for node in ast.walk(tree)]


def emitted_codes() -> set[tuple[str | None, str, tuple[str, ...]]]:
    """``(rule or None when computed, code, parameter names)`` of every
    ``Notice.of(...)`` call in the rules package's source. The one call with a code that
    is not written out reads back a game's cause from a snapshot (``_parse_last_game``,
    which accepts only :data:`CAUSES`, checked below)."""
    found = set()
    for fn in _rules_nodes():
        if not isinstance(fn, ast.FunctionDef):
            continue
        for node in ast.walk(fn):
            if not _is_notice_of(node):
                continue
            assert isinstance(node, ast.Call)
            rule, code = node.args
            if fn.name == "_parse_last_game":
                continue
            assert isinstance(code, ast.Constant) and isinstance(code.value, str), ast.unparse(node)
            rule_id = rule.value if isinstance(rule, ast.Constant) else None
            found.add((rule_id, code.value, tuple(k.arg for k in node.keywords if k.arg)))
    return found


def test_the_causes_are_the_game_results_of_the_engine() -> None:
    results = set()
    calls = [n for fn in _rules_nodes() if isinstance(fn, ast.FunctionDef) and fn.name != "_parse_last_game"
             for n in ast.walk(fn)]
    for node in calls:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "GameResult":
            cause = node.args[1]
            assert _is_notice_of(cause) and isinstance(cause, ast.Call)
            rule, code = cause.args
            assert isinstance(rule, ast.Constant) and isinstance(code, ast.Constant)
            results.add((rule.value, code.value))
    assert results == P.CAUSES


def test_the_rules_module_speaks_notices_only() -> None:
    """No prose notice (``step.Notice``) and no ``IllegalInput(rule, reason)`` is left."""
    for node in _rules_nodes():
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "IllegalInput":
                assert len(node.args) == 1 and not node.keywords, ast.unparse(node)
            assert node.func.id != "Notice", ast.unparse(node)


def test_every_code_the_engine_emits_has_words() -> None:
    found = emitted_codes()
    assert len(found) >= len(W.CODES)
    for rule, code, params in found:
        sample = {p: SAMPLE.get(p, 2) for p in params}
        words = W.describe(Notice.of(rule or "PN-14", code, **sample), NAMES)  # type: ignore[arg-type]
        assert words.long and words.short
        assert "PN-" not in words.long + words.short  # the rule ID is not part of the words
    assert {code for _, code, _ in found} == W.CODES  # and no words for codes never emitted


def test_the_cases_cover_every_code() -> None:
    assert {n.code for n, _, _ in CASES} == W.CODES


@pytest.mark.parametrize("notice, long, short", CASES, ids=[f"{n.rule}/{n.code}" for n, _, _ in CASES])
def test_words_long_with_the_letters_and_short_with_names(notice: Notice, long: str, short: str) -> None:
    assert W.describe(notice, LETTERS).long == long
    assert W.describe(notice, NAMES).short == short


def test_an_unknown_code_has_no_words() -> None:
    with pytest.raises(KeyError):
        W.describe(N("PN-14", "no_such_code", side="A"), NAMES)


def test_undo_notices_are_the_shared_words() -> None:
    assert W.describe(N("UNDO", "nothing_to_undo"), NAMES) == common.describe(N("UNDO", "nothing_to_undo"), NAMES)
    assert W.describe(N("UNDO", "undone"), NAMES) == Words("Undone", "Undone")


def test_the_codec_words_are_the_words_module() -> None:
    notice = N("PN-10", "colours_assigned", side="A", colour="black")
    assert PitchnutCodec().describe(notice, NAMES) == Words("Ann is black, Bob is white", "Ann is black, Bob is white")


def test_a_replay_reason_names_the_players_of_the_header() -> None:
    header = {"format": 1, "game": "pitchnut", "sides": {"A": "Ann", "B": "Bob"}}
    lines = [json.dumps(header), '{"input": "coin_toss", "winner": "B"}', '{"input": "shot"}']
    out = replay(lines).output()
    assert out["rejected"] == [{"line": 3, "input": "shot", "reason": "PN-05: Bob won the toss: choose who breaks first"}]
    lines[0] = json.dumps({"format": 1, "game": "pitchnut"})
    assert replay(lines).output()["rejected"][0]["reason"] == "PN-05: B won the toss: choose who breaks first"


def _words_of_every_scenario_notice() -> list[tuple[Notice, Words]]:
    """Every notice, refusal and game cause met folding the scenario files, worded with
    long names."""
    out: list[tuple[Notice, Words]] = []
    for path in SCENARIOS:
        for match, notices in fold_steps(path):
            causes = (match.state.last_game.cause,) if match.state.last_game is not None else ()
            out.extend((n, W.describe(n, LONG_NAMES)) for n in (*notices, *causes))
    return out


def test_scenario_notices_name_the_players_and_leak_no_side_letter() -> None:
    seen = _words_of_every_scenario_notice()
    assert len({n.code for n, _ in seen}) >= 15  # the scenarios meet most of the codes
    for notice, words in seen:
        for text in (words.long, words.short):
            assert not re.search(r"\b[AB]\b", text), (notice, text)
            side = notice.get("side")
            if side is not None:
                assert LONG_NAMES[0 if side == "A" else 1] in text, (notice, text)
