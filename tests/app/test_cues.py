"""Sound cues: the pure detector on tables of two games, the runtime
handing each event's cues to its sound sink (and going on when the sink fails), and the
simulated table's cues over the demo match. No sleeps, no threads."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pitchside.tables import pichenotte as pt
from pitchside.tables import pitchnut as nt
from pitchside.tables.cues import cues
from pitchside.tables.effects import CoinTossed
from pitchside.tables.registry import app_for
from pitchside.tables.kiosk import KioskSettings
from pitchside.app.runtime import Runtime, TableParts
from pitchside.core.errors import HardwareError
from pitchside.core.record.format import replay
from pitchside.signals.events import ButtonPressed, ButtonReleased, TimerFired

ROOT = Path(__file__).resolve().parents[2]
PICHENOTTE_ONE_ROUND = [
    '{"format": 1, "game": "pichenotte", "options": {"pucks": 1, "rounds_to_win": 1}}',
    '{"input": "coin_toss", "winner": "A"}',
    '{"input": "shot", "twenty": true}',
    '{"input": "shot", "contact": false, "ditched": false}',
    '{"input": "tally", "A": [0, 0, 0], "B": [0, 0, 1]}',
]  # the spec's example, one round to win: A takes round 1, 20 to 5, and the match


def table_after(lines: list[str], names: tuple[str, str] = ("Ann", "Bob")):  # type: ignore[no-untyped-def]
    """The game's table rebuilt from a replay's lines (as after a power cut)."""
    result = replay(lines)
    return app_for(result.header.codec.name).resumed(result.match, names, False)


# --- the detector: Pichenotte ---------------------------------------------------------


def test_a_round_won_is_a_point_and_the_last_one_the_match_too() -> None:
    before = table_after(PICHENOTTE_ONE_ROUND[:4])
    assert cues(before, table_after(PICHENOTTE_ONE_ROUND)) == ("point", "won")
    two_rounds = [PICHENOTTE_ONE_ROUND[0].replace('"rounds_to_win": 1', '"rounds_to_win": 2'), *PICHENOTTE_ONE_ROUND[1:]]
    assert cues(table_after(two_rounds[:4]), table_after(two_rounds)) == ("point",)


def test_inputs_that_score_nothing_are_silent() -> None:
    for n in range(1, 4):  # the toss, a twenty (raw points, not the headline score), a shot
        assert cues(table_after(PICHENOTTE_ONE_ROUND[:n]), table_after(PICHENOTTE_ONE_ROUND[: n + 1])) == ()


def test_an_undo_a_new_match_and_the_same_table_are_silent() -> None:
    done = table_after(PICHENOTTE_ONE_ROUND)
    undone = table_after([*PICHENOTTE_ONE_ROUND, '{"input": "undo"}'])
    assert cues(done, undone) == ()  # the point taken back
    assert cues(done, pt.new_table(done.match.options, done.names)) == ()  # scores back to 0
    assert cues(done, done) == ()


def test_a_refusal_cues_each_time_and_what_leaves_the_prompt_is_silent_PI_20() -> None:
    ts = pt.new_table()
    refused, _ = pt.handle(ts, ButtonPressed("shot_done", 1.0))  # a shot before the toss
    assert refused.prompt is not None and refused.prompt.kind == "refusal"
    assert cues(ts, refused) == ("refusal",)
    again, _ = pt.handle(refused, ButtonPressed("shot_done", 2.0))
    assert again.prompt == refused.prompt
    assert cues(refused, again) == ("refusal",)  # the same refusal twice: two cues
    released, _ = pt.handle(again, ButtonReleased("shot_done", 2.1))
    assert cues(again, released) == ()


# --- the detector: another game (Pitchnut) ----------------------------------------------


def test_a_pitchnut_match_to_two_cues_each_game_won_and_the_match() -> None:
    lines = (ROOT / "tests" / "core" / "pitchnut" / "scenarios" / "match_to_two.jsonl").read_text().splitlines()
    found = []
    for n in range(2, len(lines) + 1):
        c = cues(table_after(lines[: n - 1]), table_after(lines[:n]))
        if c:
            found.append((n, c))
    # line 10: A's poison (game 1), 11: B's (game 2), 12: an undo (silent), 14: A's, the match
    assert found == [(10, ("point",)), (11, ("point",)), (14, ("point", "won"))]


def test_a_pitchnut_refusal_before_the_toss_PN_05() -> None:
    ts = nt.new_table(names=("Ann", "Bob"))
    refused, _ = nt.handle(ts, ButtonPressed("pitch_off", 1.0))
    assert refused.prompt is not None and refused.prompt.rule == "PN-05"
    assert cues(ts, refused) == ("refusal",)


# --- the runtime --------------------------------------------------------------------------


@dataclass
class FakeSound:
    cues: list[str] = field(default_factory=list)
    fail: bool = False

    def cue(self, name: str) -> None:
        self.cues.append(name)
        if self.fail:
            raise HardwareError("sound: buzzer on GPIO18 gone")


class NoDisplay:
    def show(self, image: object) -> None:
        pass


def runtime(start, sound: FakeSound) -> Runtime:  # type: ignore[no-untyped-def]
    return Runtime(start, TableParts(NoDisplay(), lambda: "A", lambda: 1.0, settings=KioskSettings(attract=False), sound=sound))


def tap(rt: Runtime, *names: str) -> None:
    for name in names:
        rt.post(ButtonPressed(name, 1.0))
        rt.post(ButtonReleased(name, 1.1))
    rt.process_pending()


def test_the_runtime_passes_each_events_cues_to_the_sound_sink() -> None:
    sound = FakeSound()
    rt = runtime(table_after(PICHENOTTE_ONE_ROUND[:4]), sound)
    tap(rt, "next", "next", "next", "next", "next", "plus")  # the tally: one puck in B's 5
    assert sound.cues == []
    tap(rt, "shot_done")
    assert sound.cues == ["point", "won"]
    tap(rt, "undo")  # the tally taken back: silent
    assert sound.cues == ["point", "won"]
    tap(rt, "shot_done")  # an empty tally: refused (PI-10)
    assert sound.cues == ["point", "won", "refusal"]
    rt.post(TimerFired("dim", 500.0))
    rt.process_pending()
    assert sound.cues == ["point", "won", "refusal"]


def test_the_coin_toss_the_runtime_carries_out_is_silent_and_a_refusal_after_it_cues() -> None:
    sound = FakeSound()
    rt = runtime(pt.new_table(), sound)
    tap(rt, "coin")  # the press, then the CoinTossed the loop feeds back
    assert rt.state.match.state.phase == "shooting"
    assert sound.cues == []
    rt.post(CoinTossed("B", 2.0))  # a second toss: refused
    rt.process_pending()
    assert sound.cues == ["refusal"]


def test_a_sound_fault_is_counted_and_the_match_goes_on() -> None:
    sound = FakeSound(fail=True)
    rt = runtime(table_after(PICHENOTTE_ONE_ROUND[:4]), sound)
    tap(rt, "next", "next", "next", "next", "next", "plus", "shot_done")
    assert sound.cues == ["point", "won"]  # each cue tried once
    assert rt.sound_errors == 2
    assert rt.state.match.codec.output(rt.state.match.state)["status"] == "finished"


def test_no_sound_sink_no_cues_computed() -> None:
    rt = Runtime(pt.new_table(), TableParts(NoDisplay(), lambda: "A", lambda: 1.0, settings=KioskSettings(attract=False)))
    tap(rt, "shot_done")
    assert rt.sound_errors == 0
