"""A result is checked before it counts: its lines replay through the rules to the
reported names, score and outcome, under the reported digest (results verified)."""

from __future__ import annotations

import json

from pitchside.club import messages
from pitchside.league.verify import check_json as check
from support.league import DRAW, result_msg


def test_an_honest_result_passes_with_what_the_lines_replay_to() -> None:
    v = check(result_msg())
    assert v.ok and v.reason == ""
    assert (v.winner, v.score, v.rule, v.code, v.param("side")) == ("A", {"A": 2, "B": 0}, "PN-24", "poison_early", "B")


def test_a_draw_passes_with_no_winner() -> None:
    v = check(result_msg(DRAW))
    assert v.ok and v.winner is None and v.score == {"A": 3.5, "B": 3.5} and v.rule == "PI-21"


def test_a_tampered_score_is_refused_with_the_replayed_one() -> None:
    msg = result_msg()
    msg["score"] = {"A": 2, "B": 1}
    v = check(msg)
    assert not v.ok
    assert v.reason == "score {'A': 2, 'B': 1} but the lines replay to {'A': 2, 'B': 0}"


def test_a_tampered_winner_is_refused() -> None:
    msg = result_msg()
    msg["outcome"] = dict(msg["outcome"], winner="B")
    v = check(msg)
    assert not v.ok and v.reason.startswith("outcome winner 'B' but the lines replay to 'A'")


def test_changed_lines_under_the_old_digest_are_refused() -> None:
    msg = result_msg()
    msg["lines"] = msg["lines"][:-1]
    assert check(msg).reason == "the digest is not the lines' digest (lines changed or corrupt)"


def test_lines_cut_short_with_a_fresh_digest_do_not_finish_the_match() -> None:
    msg = result_msg()
    msg["lines"] = msg["lines"][:-1]
    msg["digest"] = messages.digest(msg["lines"])
    assert check(msg).reason == "the lines do not finish the match"


def test_a_corrupt_line_is_refused_with_its_line_number() -> None:
    msg = result_msg()
    msg["lines"] = [*msg["lines"][:2], "{not json", *msg["lines"][2:]]
    msg["digest"] = messages.digest(msg["lines"])
    assert check(msg).reason.startswith("the lines do not replay: line 3: not JSON")


def test_a_line_the_rules_refuse_is_refused() -> None:
    msg = result_msg()
    header = json.loads(msg["lines"][0])
    # a second coin toss: the rules refuse it (the journal never holds a refused input)
    msg["lines"] = [msg["lines"][0], msg["lines"][1], msg["lines"][1], *msg["lines"][2:]]
    msg["digest"] = messages.digest(msg["lines"])
    v = check(msg)
    assert not v.ok and v.reason.startswith("line 3 (coin_toss) is refused by the rules: ")
    assert header["game"] == "pitchnut"


def test_names_that_are_not_the_headers_are_refused() -> None:
    msg = result_msg()
    msg["names"] = {"A": "Bob", "B": "Ann"}
    assert check(msg).reason == "names {'A': 'Bob', 'B': 'Ann'} but the lines' header has {'A': 'Ann', 'B': 'Bob'}"


def test_another_game_or_a_malformed_message_is_refused() -> None:
    msg = result_msg()
    msg["game"] = "boulomania"
    assert check(msg).reason == "the lines are a pitchnut match, the result says boulomania"
    assert check({"v": 1}).reason == "malformed result: 'venue' must be a string, not null"
    assert check({"v": 2}).reason == "malformed result: message version 2, this league reads 1"
