"""Pitch Bowl's words (pitchside.core.words.pitchbowl): every notice code the engine can
emit has words; with the names A and B they are the engine's wording the replay output
keeps; with the players' names they name the players, built from the parameters."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from support.notices import scenario_notices
from support.sources import source_text, source_trees
from pitchside.core.notice import Notice, Words
from pitchside.core.record.pitchbowl import PitchBowlCodec
from pitchside.core.rules import pitchbowl as PB
from pitchside.core.words import pitchbowl as W

SCENARIOS = sorted((Path(__file__).resolve().parent / "scenarios").glob("*.jsonl"))
LONG_NAMES = ("Annabelle", "Bartholomew")
SIDE_LETTER = re.compile(r"\b[AB]\b")


def _engine_notices() -> list[tuple[str | None, str, tuple[str, ...]]]:
    """``(rule, code, parameter names)`` of every ``Notice.of(...)`` call in the rules
    package (rule None where it is not a literal)."""
    found = []
    for node in (node for tree in source_trees(PB) for node in ast.walk(tree)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "of"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "Notice"
        ):
            rule = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
            code = node.args[1]
            assert isinstance(code, ast.Constant), ast.dump(node)
            found.append((rule, code.value, tuple(k.arg for k in node.keywords if k.arg)))
    return found


def test_the_engine_speaks_only_typed_notices():
    source = source_text(PB)
    assert not re.search(r"IllegalInput\(\s*\"", source)  # no prose refusal
    assert not re.search(r"(?<![.\w])Notice\(", source)  # no prose notice
    assert len(_engine_notices()) > 60


def test_every_code_the_engine_emits_has_words_and_no_words_are_left_over():
    emitted = {code for _, code, _ in _engine_notices()}
    assert emitted == W.CODES
    for rule, code, params in _engine_notices():
        assert rule is None or rule.startswith("PB-"), (rule, code)
        sample = {p: _sample(p) for p in params}
        words = W.describe(Notice.of(rule or "PB-28", code, **sample), LONG_NAMES)
        assert isinstance(words, Words) and words.long and words.short, code
        assert not SIDE_LETTER.search(words.long), (code, words.long)


def _sample(param: str) -> object:
    """A plausible value of a parameter of that name."""
    if param in ("side", "next", "placing", "lost", "possession"):
        return "B" if param == "next" else "A"
    if param == "action":
        return "pass"
    if param == "input":
        return "pitch"
    if param == "cause":
        return "BALL_OUT"
    return 2


def _fold_notices(path: Path) -> list[Notice]:
    """Every notice and refusal produced while folding a scenario file."""
    return scenario_notices(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_notices_name_the_players_never_a_side_letter(path: Path):
    notices = _fold_notices(path)
    assert notices
    for n in notices:
        words = W.describe(n, LONG_NAMES)
        assert not SIDE_LETTER.search(words.long), (n, words.long)
        assert words.short == words.long  # the panel shows the whole sentence (it wraps)
        side = n.get("side")
        if side is not None and n.code != "nothing_to_strip":
            assert LONG_NAMES["AB".index(str(side))] in words.long, (n, words.long)


def test_words_with_side_letters_are_the_replay_wording():
    n = Notice.of("PB-28", "initiative", cause="OUT_OF_BOUNDS", lost="B", side="A")
    assert W.describe(n, ("A", "B")) == Words("Out Of Bounds: A's turn", "Out Of Bounds: A's turn")
    assert W.describe(n, LONG_NAMES).long == "Out Of Bounds: Annabelle's turn"
    n = Notice.of("PB-27", "touchdown", side="B", score_a=1, score_b=2)
    assert W.describe(n, LONG_NAMES).long == "Touchdown Bartholomew! 1-2"
    refusal = Notice.of("PB-20", "no_carrier", action="handoff", side="A")
    assert W.describe(refusal, ("A", "B")).long == "a Hand Off needs a ball carrier of A, and A has none"
    assert W.describe(refusal, ("Ann", "Bob")).long == "a Hand Off needs a ball carrier of Ann, and Ann has none"


def test_a_name_with_a_side_letter_in_it_is_not_substituted_again():
    n = Notice.of("PB-17", "strips", side="A")
    assert W.describe(n, ("B", "A")).long == "B strips the ball"


def test_the_outcome_cause_is_the_result_key_of_the_replay():
    s = PB.State(options=PB.Options(), phase="finished", kicker="A", score=PB.PerSide(1, 3))
    result = PB.outcome(s)
    assert result is not None and result.cause == Notice.of("PB-30", "three_touchdowns", side="B", touchdowns=3)
    assert PitchBowlCodec().output(s)["result"] == "PB-30: B scored 3 touchdowns"
    assert PitchBowlCodec().describe(result.cause, LONG_NAMES).long == "Bartholomew scored 3 touchdowns"


def test_undo_defers_to_the_shared_words_and_an_unknown_code_is_a_key_error():
    assert W.describe(Notice.of("UNDO", "undone"), LONG_NAMES) == Words("Undone", "Undone")
    with pytest.raises(KeyError):
        W.describe(Notice.of("PB-02", "no_such_code"), LONG_NAMES)
    with pytest.raises(KeyError):
        W.describe(Notice.of("PB-17", "strips", side="C"), LONG_NAMES)
