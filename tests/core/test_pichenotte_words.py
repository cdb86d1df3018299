"""Pichenotte's words (pitchside.core.words.pichenotte): every notice, refusal and
outcome cause the engine (or its table) can give has words; with the sides' names
``("A", "B")`` they are exactly the sentences the replay output has always carried; with
real names they name the players, never leaving a side letter where a name belongs."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from support.notices import scenario_notices
from support.sources import source_trees
from pitchside.core.notice import Notice, Words
from pitchside.core.record.format import replay
from pitchside.core.rules import pichenotte as rules
from pitchside.core.words import pichenotte as words
from pitchside.tables import pichenotte as table

TESTS = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(
    f for f in TESTS.glob("scenarios/replay/*.jsonl") if json.loads(f.read_text().splitlines()[0])["game"] == "pichenotte"
)
LONG_NAMES = ("Annabelle", "Bartholomew")
SIDE_LETTER = re.compile(r"\b[AB]\b")


def _rules_of(expr: ast.expr) -> frozenset[str] | None:
    """The rule IDs a ``Notice.of`` rule argument can be: a literal, either literal of a
    conditional, or None (computed)."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return frozenset({expr.value})
    if isinstance(expr, ast.IfExp):
        body, orelse = _rules_of(expr.body), _rules_of(expr.orelse)
        return body | orelse if body is not None and orelse is not None else None
    return None


def _notice_calls(module: ModuleType) -> list[tuple[frozenset[str] | None, str, ast.Call, str]]:
    """Every ``Notice.of(RULE, "code", ...)`` call in a module's source: (the rules it
    can name, None when computed; code; call; name of the enclosing function)."""
    found = []
    for fn in (node for tree in source_trees(module) for node in ast.walk(tree)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        for node in ast.walk(fn):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "of"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "Notice"
            ):
                rule, code = node.args[0], node.args[1]
                assert isinstance(code, ast.Constant) and isinstance(code.value, str), ast.dump(node)
                found.append((_rules_of(rule), code.value, node, fn.name))
    return found


def test_every_notice_code_the_engine_and_its_table_can_emit_has_words() -> None:
    calls = _notice_calls(rules) + _notice_calls(table)
    cause_rules = frozenset().union(*(r for r, _, _, fn in calls if fn == "outcome" and r is not None))
    assert cause_rules == {"PI-21", "PI-22"}
    pairs = set()
    for rules_named, code, _, fn in calls:
        # The one rule computed: the match's end takes its outcome's rule.
        pairs |= {(r, code) for r in (rules_named if rules_named is not None else cause_rules)}
    assert len(pairs) >= 30
    missing = sorted(p for p in pairs if p not in words.WORDINGS)
    assert missing == []
    # and no words for a code nothing emits
    assert sorted(set(words.WORDINGS) - pairs) == []


def test_unknown_codes_are_a_key_error_and_undo_is_the_shared_words() -> None:
    with pytest.raises(KeyError):
        words.describe(Notice.of("PI-08", "thirty"), ("A", "B"))
    with pytest.raises(KeyError):
        words.describe(Notice.of("PN-14", "shoots_again", side="A"), ("A", "B"))
    assert words.describe(Notice.of("UNDO", "undone"), LONG_NAMES) == Words("Undone", "Undone")
    assert words.describe(Notice.of("UNDO", "nothing_to_undo"), LONG_NAMES).long == "nothing to undo"


# One notice of each code, with today's sentence (names "A", "B") and with real names.
SENTENCES = [
    (Notice.of("PI-20", "toss_won", side="B"), "B won the toss", "Bob won the toss"),
    (Notice.of("PI-20", "round_starts", round=2, side="A"), "Round 2: A starts", "Round 2: Ann starts"),
    (Notice.of("PI-A7", "foul", side="A"), "Foul: puck to ditch", "Foul: puck to ditch"),
    (Notice.of("PI-08", "twenty", side="A", points=20), "A: twenty! +20", "Ann: twenty! +20"),
    (Notice.of("PI-17", "call_missed", side="B"), "Call missed: puck to ditch", "Call missed: puck to ditch"),
    (Notice.of("PI-06", "no_contact", side="B"), "No contact: puck to ditch", "No contact: puck to ditch"),
    (Notice.of("PI-13", "shot_ditched", side="A"), "Shot puck in the ditch", "Shot puck in the ditch"),
    (Notice.of("PI-19", "shot_ditched", side="A"), "Shot puck in the ditch", "Shot puck in the ditch"),
    (Notice.of("PI-11", "knocked_in", side="B", count=2, points=40), "B: 2 knocked in, +40", "Bob: 2 knocked in, +40"),
    (Notice.of("PI-13", "knocked_off", side="A", count=1), "A: 1 to the ditch", "Ann: 1 to the ditch"),
    (Notice.of("PI-03", "count_zones"), "Count the zones", "Count the zones"),
    (Notice.of("PI-14", "round_won", round=3, side="B", points=45, other_points=20), "Round 3 to B, 45-20",
     "Round 3 to Bob, 45-20"),
    (Notice.of("PI-16", "round_tied", round=1, points=15), "Round 1 tied 15-15: half a point each",
     "Round 1 tied 15-15: half a point each"),
    (Notice.of("PI-21", "match_won", side="A"), "A wins the match", "Ann wins the match"),
    (Notice.of("PI-22", "match_won", side="B"), "B wins the match", "Bob wins the match"),
    (Notice.of("PI-21", "match_drawn"), "The match is drawn", "The match is drawn"),
    (Notice.of("PI-15", "match_over"), "the match is over; start a new match", "the match is over; start a new match"),
    (Notice.of("PI-20", "toss_first"), "toss the coin first: the winner shoots first",
     "toss the coin first: the winner shoots first"),
    (Notice.of("PI-20", "toss_done"), "the coin toss is only before the first shot of the match",
     "the coin toss is only before the first shot of the match"),
    (Notice.of("PI-03", "pucks_all_shot"), "all pucks are shot: enter the zone counts",
     "all pucks are shot: enter the zone counts"),
    (Notice.of("PI-03", "tally_too_early"), "the score is tallied only after all pucks have been shot",
     "the score is tallied only after all pucks have been shot"),
    (Notice.of("PI-11", "twenty_and_ditched"), "the shot puck cannot both drop in the twenty hole and end in the ditch",
     "the shot puck cannot both drop in the twenty hole and end in the ditch"),
    (Notice.of("PI-13", "on_line_not_ditched"), "a puck on the outer line is a ditched puck: say ditched too",
     "a puck on the outer line is a ditched puck: say ditched too"),
    (Notice.of("PI-A7", "foul_not_penalised"),
     "illegal technique is not penalised at this table (option technique_foul)",
     "illegal technique is not penalised at this table (option technique_foul)"),
    (Notice.of("PI-18", "contact_implied", side="A"),
     "the shot moved A's puck(s), so it made contact: 'no contact' cannot be right",
     "the shot moved Ann's puck(s), so it made contact: 'no contact' cannot be right"),
    (Notice.of("PI-13", "too_many_moved", side="B", on_board=0, moved=2),
     "B has 0 puck(s) on the board; 2 cannot be knocked in or off",
     "Bob has 0 puck(s) on the board; 2 cannot be knocked in or off"),
    (Notice.of("PI-10", "counts_mismatch", side="B", on_board=1, counted=0),
     "B has 1 puck(s) on the board but the zone counts add up to 0",
     "Bob has 1 puck(s) on the board but the zone counts add up to 0"),
    (Notice.of("PI-10", "zones_all_counted", side="A", on_board=3),
     "only 3 of A's pucks are on the board: all are counted",
     "only 3 of Ann's pucks are on the board: all are counted"),
    (Notice.of("PI-09", "call_not_needed"), "free shot: no call needed", "free shot: no call needed"),
    (Notice.of("PI-09", "contact_not_needed"), "free shot: contact not needed", "free shot: contact not needed"),
    (Notice.of("PI-21", "rounds_won", side="A", points=4.0), "A has 4 round points and the lead",
     "Ann has 4 round points and the lead"),
    (Notice.of("PI-21", "rounds_won", side="B", points=4.5), "B has 4.5 round points and the lead",
     "Bob has 4.5 round points and the lead"),
    (Notice.of("PI-22", "race_won", side="A", target=500), "A reached 500 with the higher total",
     "Ann reached 500 with the higher total"),
    (Notice.of("PI-21", "drawn_after_max_rounds", rounds=7), "drawn after 7 rounds", "drawn after 7 rounds"),
    (Notice.of("PI-21", "leads_after_max_rounds", side="B", rounds=7), "B leads after 7 rounds",
     "Bob leads after 7 rounds"),
]


@pytest.mark.parametrize("notice, as_a_b, as_names", SENTENCES, ids=[f"{n.rule}/{n.code}" for n, _, _ in SENTENCES])
def test_long_words_are_today_s_sentences_and_name_the_players(notice: Notice, as_a_b: str, as_names: str) -> None:
    assert words.describe(notice, ("A", "B")).long == as_a_b
    assert words.describe(notice, ("Ann", "Bob")).long == as_names


def test_the_sentences_cover_every_code() -> None:
    assert {(n.rule, n.code) for n, _, _ in SENTENCES} == set(words.WORDINGS)


def test_short_words_are_the_panel_s() -> None:
    """The prompt line's words: the sentence itself, except where the table has always
    said it in fewer words (a second toss; the buttons are the table's to add; a count
    past the pucks on the board)."""
    names = ("Ann", "Bob")
    assert words.describe(Notice.of("PI-20", "toss_done"), names).short == "the coin was tossed already"
    assert words.describe(Notice.of("PI-20", "toss_first"), names).short == "toss the coin first"
    full = Notice.of("PI-10", "zones_all_counted", side="B", on_board=2)
    assert words.describe(full, names).short == "only 2 of Bob's pucks on the board"
    for notice, _, as_names in SENTENCES:
        if notice.code not in ("toss_done", "toss_first", "zones_all_counted"):
            assert words.describe(notice, names).short == as_names


def _all_notices_of(path: Path) -> list[Notice]:
    """Every notice, refusal and outcome cause met while folding a scenario file."""
    return scenario_notices(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_notices_with_long_names_name_the_players(path: Path) -> None:
    seen = _all_notices_of(path)
    assert seen
    for notice in seen:
        assert all(not isinstance(n, str) or " " not in n for _, n in notice.params), notice  # values, not prose
        for text in (words.describe(notice, LONG_NAMES).long, words.describe(notice, LONG_NAMES).short):
            assert not SIDE_LETTER.search(text), (notice, text)
        side = notice.get("side")
        if side is not None and SIDE_LETTER.search(words.describe(notice, ("A", "B")).long):
            # where the sentence names the side, it names the players
            own = LONG_NAMES[0] if side == "A" else LONG_NAMES[1]
            assert own in words.describe(notice, LONG_NAMES).long, notice


def test_the_scenarios_meet_most_codes() -> None:
    met = {(n.rule, n.code) for path in SCENARIOS for n in _all_notices_of(path)}
    assert len(met) >= 20


def test_replay_reasons_and_result_are_rule_id_and_the_long_words() -> None:
    lines = [
        json.dumps({"format": 1, "game": "pichenotte", "options": {"pucks": 1, "rounds_to_win": 1},
                    "sides": {"A": "Ann", "B": "Bob"}}),
        '{"input": "shot"}',
        '{"input": "coin_toss", "winner": "A"}',
        '{"input": "shot"}',
        '{"input": "shot", "knocked_off": {"B": 1}}',
        '{"input": "shot"}',
        '{"input": "tally", "A": [1, 0, 0], "B": [0, 0, 1]}',
    ]
    out = replay(lines).output()
    assert [r["reason"] for r in out["rejected"]] == [
        "PI-20: toss the coin first: the winner shoots first",
        "PI-13: Bob has 0 puck(s) on the board; 1 cannot be knocked in or off",
    ]
    assert out["result"] == "PI-21: A has 1 round points and the lead"
