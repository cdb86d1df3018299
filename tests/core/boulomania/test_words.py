"""Boulomania's words (pitchside.core.words.boulomania): every notice code the rules
engine (and the table) can emit has words; the words name the players from the
notice's parameters, never by putting names into prose; with the sides' letters the
long words are the engine's prose of rules version 1, so replay outputs are unchanged
(their ``reason`` and ``result``, from the codec's ``describe``)."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from types import ModuleType

import pytest

from support.sources import source_text, source_trees, tree_of
from pitchside.core.errors import IllegalInput
from pitchside.core.match import Match
from pitchside.core.notice import Notice, Words
from pitchside.core.record.boulomania import BoulomaniaCodec
from pitchside.core.record.format import parse_header, parse_input_line, replay
from pitchside.core.rules import boulomania as rules
from pitchside.core.words import boulomania as words
from pitchside.tables import boulomania as table

CODEC = BoulomaniaCodec()
SCENARIOS = sorted((Path(__file__).resolve().parent / "scenarios").glob("*.jsonl"))
LONG_NAMES = ("Annabelle", "Bartholomew")
SIDE_LETTER = re.compile(r"\b[AB]\b")
ARTICLE = re.compile(r"\bA bowl lies on\b")
"""The one capital A in the words that is not a side: the article of "A bowl lies on 8"."""


def _notices_of_calls(module: ModuleType) -> set[tuple[str, str]]:
    """The (rule, code) of every ``Notice.of(RULE, "code", ...)`` call in a module's
    source (each module of a package). RULE is a string, ``"X" if ... else "Y"``, or the
    name ``rule``: the rule argument of the push chain, whose calls
    (``w.push(..., "BM-10")``) give its values."""
    nodes = [node for tree in source_trees(module) for node in ast.walk(tree)]
    pushes = {node.args[-1].value for node in nodes if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and node.func.attr == "push"
              and isinstance(node.args[-1], ast.Constant)}

    def rules_of(expr: ast.expr) -> set[str]:
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return {expr.value}
        if isinstance(expr, ast.IfExp):
            return rules_of(expr.body) | rules_of(expr.orelse)
        if isinstance(expr, ast.Name) and expr.id == "rule" and pushes:
            return pushes
        raise AssertionError(f"a notice's rule the test cannot read: {ast.dump(expr)}")

    found = set()
    for node in nodes:
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "of"
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "Notice"):
            code = node.args[1]
            assert isinstance(code, ast.Constant), ast.dump(node)
            found |= {(rule, code.value) for rule in rules_of(node.args[0])}
    return found


def test_every_notice_the_rules_and_the_table_build_has_words() -> None:
    emitted = _notices_of_calls(rules) | _notices_of_calls(table)
    assert len(emitted) > 50  # the walk found the calls
    missing = {(r, c) for r, c in emitted if r != "UNDO"} - words.CODES
    assert missing == set()
    assert words.CODES - emitted == set()  # and no words for a notice nobody emits


def test_the_rules_module_has_no_prose_notices() -> None:
    source = source_text(rules)
    assert "IllegalInput(\"" not in source and "from pitchside.core.step import Notice" not in source


def test_the_table_parses_no_rules_text() -> None:
    tree = tree_of(table)
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in node.names}
    assert "re" not in imported and "with_names" not in imported
    assert not any(isinstance(node, ast.Attribute) and node.attr == "text" and isinstance(node.value, ast.Name)
                   and node.value.id in ("n", "nt", "notice") for node in ast.walk(tree))


# --- exact words -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("notice", "names", "expected"),
    [
        (Notice.of("BM-05", "placed", dice=(5, 6), side="A", space=11), ("A", "B"),
         Words("5-6: A's bowl on 11", "A on 11")),
        (Notice.of("BM-05", "placed", dice=(5, 6), side="B", space=11), ("Ann", "Bob"),
         Words("5-6: Bob's bowl on 11", "Bob on 11")),
        (Notice.of("BM-22", "hit", owner="B", space=12, side="A"), ("Ann", "Bob"),
         Words("5: hit, Bob's bowl on 12 goes out", "hit, Bob 12 out")),
        (Notice.of("BM-22", "shooter_out", side="A"), ("Ann", "Bob"), Words("Ann's shooter goes out", "")),
        (Notice.of("BM-19", "own_bowl", side="A", space=12), ("Ann", "Bob"),
         Words("Ann cannot shoot at its own bowl on 12: aim at Bob's bowl or the jack",
               "Ann cannot shoot at its own bowl on 12: aim at Bob's bowl or the jack")),
        (rules.GAME_OVER, ("Ann", "Bob"),
         Words("the game is over; start a new game", "the game is over: NEW for a new game")),
        (Notice.of("BM-16", "round_nearer", round=2, a=0, b=3, side="B", points=3, best=17), ("Ann", "Bob"),
         Words("Round 2: 0-3. Bob scores 3, bowls nearer than Ann's best on 17", "Round 2: Bob scores 3")),
        (Notice.of("BM-26", "round_jack_out_null", round=1, a=0, b=0), ("Ann", "Bob"),
         Words("Round 1: 0-0. jack out with bowls on both sides or neither: a null round", "Round 1: null round")),
        (Notice.of("BM-18", "reached", side="B", points=13, target=13), ("A", "B"),
         Words("B reached 13 of 13", "B reached 13 of 13")),
        (Notice.of("UNDO", "undone"), ("Ann", "Bob"), Words("Undone", "Undone")),
    ],
)
def test_words(notice: Notice, names: tuple[str, str], expected: Words) -> None:
    assert words.describe(notice, names) == expected


def test_an_unknown_code_or_a_code_under_another_rule_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        words.describe(Notice.of("BM-05", "no_such_code"), ("A", "B"))
    with pytest.raises(KeyError):
        words.describe(Notice.of("BM-06", "placed", dice=(5, 6), side="A", space=11), ("A", "B"))


def test_the_codec_describes_with_these_words_and_the_result_is_todays_string() -> None:
    n = Notice.of("BM-12", "out_of_turn", side="B", team="A")
    assert CODEC.describe(n, ("Ann", "Bob")) == words.describe(n, ("Ann", "Bob"))
    lines = (SCENARIOS[0].parent / "full_game_to_13.jsonl").read_text(encoding="utf-8").splitlines()
    assert replay(lines).output()["result"] == "BM-18: A reached 15 of 13"


def test_a_replay_reason_names_the_players_of_the_header() -> None:
    header = {"format": 1, "game": "boulomania", "options": {}, "sides": {"A": "Ann", "B": "Bob"}}
    lines = [json.dumps(header), '{"input": "start_roll", "A": 5, "B": 2}', '{"input": "jack_roll", "die": 3}',
             '{"input": "point", "dice": [5, 6], "team": "B"}']
    assert replay(lines).output()["rejected"][0]["reason"] == "BM-12: out of turn: Ann throws now, not Bob"


# --- every notice of real and random matches, with long names -------------------------------------


def _notices_of_fold(lines: list[str]) -> list[Notice]:
    """Every notice, refusal and outcome cause met folding a replay file's lines."""
    objects = [(n, json.loads(t)) for n, t in enumerate(lines, start=1) if t.strip() and not t.startswith("#")]
    header = parse_header(objects[0][1])
    match = Match.start(header.codec, header.options)
    seen: list[Notice] = []
    for number, obj in objects[1:]:
        _, inp = parse_input_line(header.codec, obj, number)
        try:
            if inp is None:
                match, _ = match.undo()
                continue
            match, step = match.apply(inp)
        except IllegalInput as exc:
            if exc.notice is not None:
                seen.append(exc.notice)
            continue
        seen += [n for n in step.effects if isinstance(n, Notice)]
        result = match.outcome()
        if result is not None:
            seen.append(result.cause)
    return seen


def _random_file(rng: random.Random) -> list[str]:
    opts = {name: rng.choice(values) for name, values in (
        ("bowls", [1, 2, 8]), ("target", [2, 13]), ("push_optional", [False, True]), ("shoot_own", [False, True]),
        ("kiss_jack_last_row", ["stays", "out"]), ("jack_out_both", ["null", "own_bowls"]),
        ("double_jack_space", ["any", "push_only"])) if rng.random() < 0.5}
    lines = [json.dumps({"format": 1, "game": "boulomania", "options": opts})]
    for _ in range(rng.randint(10, 120)):
        d = lambda: rng.randint(1, 6)  # noqa: E731
        kind = rng.choice(["start", "jack", "point", "point", "shoot", "shoot", "undo"])
        obj: dict[str, object]
        if kind == "start":
            obj = {"input": "start_roll", "A": d(), "B": d()}
        elif kind == "jack":
            obj = {"input": "jack_roll", "die": d()}
        elif kind == "undo":
            obj = {"input": "undo"}
        elif kind == "point":
            obj = {"input": "point", "dice": [d() for _ in range(rng.choice([2, 2, 3]))]}
            if rng.random() < 0.3:
                obj["jack_space"] = True
            if rng.random() < 0.1:
                obj["push"] = False
        else:
            obj = {"input": "shoot", "target": rng.choice([*range(1, 19), "jack", "jack"]), "die": d()}
        if kind in ("point", "shoot"):
            if rng.random() < 0.15:
                obj["forks"] = [rng.choice(["straight", "diagonal"]) for _ in range(rng.randint(0, 2))]
            if rng.random() < 0.1:
                obj["team"] = rng.choice("AB")
        lines.append(json.dumps(obj))
    return lines


def _all_notices() -> list[Notice]:
    seen = []
    for path in SCENARIOS:
        seen += _notices_of_fold(path.read_text(encoding="utf-8").splitlines())
    rng = random.Random(12)
    for _ in range(150):
        seen += _notices_of_fold(_random_file(rng))
    return seen


def test_every_notice_met_has_words_that_name_the_players() -> None:
    seen = _all_notices()
    codes = {(n.rule, n.code) for n in seen}
    assert len(codes) > 45  # the matches meet most of the notices
    for n in set(seen):
        named, lettered = words.describe(n, LONG_NAMES), words.describe(n, ("A", "B"))
        for text, letters in ((named.long, lettered.long), (named.short, lettered.short)):
            assert not SIDE_LETTER.search(ARTICLE.sub("", text)), (n, text)
            # the names stand exactly where the engine's prose had the sides' letters
            assert text.replace(LONG_NAMES[0], "A").replace(LONG_NAMES[1], "B") == letters, (n, text)
