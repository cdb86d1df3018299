"""The feed snapshot from the typed face, the publisher seam in the runtime."""

from __future__ import annotations

import json
import logging
import threading
import time

import pytest

from support.web_live import GAMES, sim_table
from pitchside.web.feed import snapshot
from pitchside.web.publisher import FeedPublisher


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_feeds_the_rules_score_and_stays_small(game: str) -> None:
    sim, sc = sim_table(game)
    got: list[dict] = []
    pub = FeedPublisher([got.append], heartbeat_s=None)
    sim.runtime.publisher = pub
    try:
        biggest = 0
        for action in sc.actions:
            sim.act(action, sc.gap_s)
            assert pub.flush(timeout=20)
            snap = got[-1]
            biggest = max(biggest, len(json.dumps(snap)))
            match = sim.runtime.state.match
            assert snap["score"] == {s: (int(v) if float(v).is_integer() else v) for s, v in match.score().as_dict().items()}
            assert snap["turn"] == match.turn()
        assert snap["status"] == "finished"
        assert snap["score"] == sc.expect["score"]  # the scenario's hand-worked final score
        assert snap["outcome"]["winner"] == sc.expect["winner"]
        assert snap["outcome"]["rule"]  # the deciding rule's ID, with its words
        assert snap["outcome"]["text"]
        assert [s["seq"] for s in got] == list(range(1, len(got) + 1))  # one per change, none twice
        assert biggest < 16_000
    finally:
        pub.close()
        sim.close()


def test_the_names_and_the_last_notice_come_with_words() -> None:
    sim, sc = sim_table("pitchnut", names=("Ann", "<b>Bob</b>"))
    try:
        for action in sc.actions[:6]:
            sim.act(action, sc.gap_s)
        snap = snapshot(sim.runtime.kiosk, seq=7, boot="b", match_id=3)
        assert snap["names"] == {"A": "Ann", "B": "<b>Bob</b>"}
        assert snap["seq"] == 7 and snap["match"]["id"] == 3 and snap["game"] == "pitchnut"
        assert snap["mode"] == "playing"
        assert all(n["rule"] and n["text"] for n in snap["last"])
    finally:
        sim.close()


class _Stuck:
    """A sink that blocks for a second: the runtime must not notice."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, snap: dict) -> None:
        self.calls += 1
        time.sleep(1.0)


def test_a_stuck_web_side_never_delays_the_runtime() -> None:
    sim, sc = sim_table("pitchnut")
    stuck = _Stuck()
    pub = FeedPublisher([stuck], heartbeat_s=None)
    sim.runtime.publisher = pub
    try:
        t0 = time.perf_counter()
        for action in sc.actions[:10]:
            sim.act(action, sc.gap_s)
        elapsed = time.perf_counter() - t0
        assert elapsed < 1.0  # ten actions while the sink sleeps 1 s per snapshot
        assert stuck.calls <= 2
    finally:
        pub.close()
        sim.close()


class _Broken:
    def publish(self, state: object, match_id: int | None) -> None:
        raise RuntimeError("web side down")


def test_a_publisher_fault_is_logged_and_the_match_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    sim, sc = sim_table("pitchnut")
    sim.runtime.publisher = _Broken()  # type: ignore[assignment]
    try:
        with caplog.at_level(logging.WARNING):
            for action in sc.actions:
                sim.act(action, sc.gap_s)
        assert sim.output()["score"] == sc.expect["score"]
        assert sim.runtime.publish_errors > 10
        assert "publisher fault" in caplog.text
    finally:
        sim.close()


def test_publish_is_called_once_per_handled_event() -> None:
    sim, _ = sim_table("pitchnut")
    seen: list[object] = []

    class Count:
        def publish(self, state: object, match_id: int | None) -> None:
            seen.append(state)

    sim.runtime.publisher = Count()  # type: ignore[assignment]
    try:
        before = sim.runtime.events_handled
        sim.press("coin")
        assert len(seen) == sim.runtime.events_handled - before > 0
        assert threading.active_count() >= 1
    finally:
        sim.close()


def test_the_last_notices_are_the_ones_the_step_gave_without_applying_the_rules_again() -> None:
    """The feed reads the notices kept with the match's last input (the rules are pure:
    applying them again gives the same), so building a snapshot costs no rules step."""
    from pitchside.core.notice import Notice
    from pitchside.web.feed import last_notices

    sim, sc = sim_table("pitchnut")
    try:
        for action in sc.actions[:6]:
            sim.act(action, sc.gap_s)
        match = sim.runtime.state.match
        head = match.head
        before = head.prev.state if head.prev is not None else match.initial
        expected = tuple(e for e in match.codec.apply(before, head.inp).effects if isinstance(e, Notice))
        assert expected  # the sixth input of the scenario says something

        class NoRules:
            """The match's codec with its rules gone: a call to ``apply`` fails the test."""

            def __getattr__(self, name: str) -> object:
                if name == "apply":
                    raise AssertionError("the feed applied the rules again")
                return getattr(match.codec, name)

        import dataclasses

        assert last_notices(dataclasses.replace(match, codec=NoRules())) == expected
    finally:
        sim.close()


def test_the_prompt_line_is_the_panel_s_prompt_unless_a_refusal_or_words_already_in_last() -> None:
    """feed.prompt_line keeps the pages' one rule for #prompt (live.js and _board.html
    show the field as it is): the last input's words are shown once, a refusal goes in
    #refusal-*."""
    from pitchside.render.view import Prompt
    from pitchside.web.feed import prompt_line

    last = [{"rule": "PI-13", "code": "x", "text": "Ann won the toss", "short": "Ann won toss"}]
    assert prompt_line(None, last) == ""
    assert prompt_line(Prompt("Ann won toss"), last) == ""
    assert prompt_line(Prompt("Ann won toss"), []) == "Ann won toss"
    assert prompt_line(Prompt("What was each? + -"), last) == "What was each? + -"
    assert prompt_line(Prompt("Only 3 pucks (PI-10)", "refusal", "PI-10"), []) == ""
    assert prompt_line(Prompt("NOT SAVING: disk full", "warning"), last) == "NOT SAVING: disk full"

