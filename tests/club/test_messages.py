"""The MQTT messages (docs/spec/mqtt.md): topics, the result's digest over the canonical
form (the export's bytes), and a result's score and outcome as its lines replay."""

from __future__ import annotations

import hashlib
import json

import pytest

from pitchside.club import messages
from support.web_live import sim_table


def test_topics_are_per_venue_and_table() -> None:
    assert messages.topic("kings-head", "table-1", "result") == "pitchside/kings-head/table-1/result"
    with pytest.raises(ValueError, match="unknown topic kind 'cmd'"):
        messages.topic("v", "t", "cmd")


def test_the_digest_is_sha256_of_the_export_bytes() -> None:
    lines = ['{"format": 1, "game": "pitchnut"}', '{"input": "undo", "at": 0.5}', '{"name": "Zoë"}']
    expected = hashlib.sha256(("\n".join(lines) + "\n").encode("utf-8")).hexdigest()
    assert messages.digest(lines) == "sha256:" + expected


def test_match_uid_needs_a_stored_match() -> None:
    assert messages.match_uid("ab12", 7) == "ab12-7"
    assert [messages.match_uid(None, 7), messages.match_uid("ab12", None), messages.match_uid("ab12", -1)] == [None] * 3


def test_a_result_carries_what_its_lines_replay_to() -> None:
    sim, sc = sim_table("pitchnut")
    try:
        for action in sc.actions:
            sim.act(action, sc.gap_s)
        lines = sim.replay_text().splitlines()
        msg = messages.result(venue="v", table="t", boot="b", journal_uid="u", match_id=3, lines=lines,
                              ended_wall=None, ended_synced=False)
    finally:
        sim.close()
    assert msg["match"] == "u-3" and msg["game"] == "pitchnut" and msg["names"] == {"A": "Ann", "B": "Bob"}
    assert msg["score"] == {"A": 2, "B": 0}
    assert msg["outcome"]["winner"] == "A" and msg["outcome"]["rule"] == "PN-22"
    assert msg["digest"] == messages.digest(lines) and msg["lines"] == lines
    assert json.loads(messages.encode(msg)) == msg
