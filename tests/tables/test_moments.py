"""Moments: the exact moments of exact input sequences in each game,
the kiosk showing them in turn for ``moment_s`` (time is an input: the timer comes back
as an event), a press or a beam ending one and then doing what it always does, nothing
journaled for them, none after a power cut, and the twenty's sound cue. No sleeps."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from pitchside.app.config import load_config
from pitchside.app.runtime import Runtime, TableParts
from pitchside.core.notice import Notice
from pitchside.core.match import Match
from pitchside.core.record.format import parse_input_line, replay
from pitchside.core.sides import PerSide
from pitchside.render.moment import MomentView
from pitchside.render.pichenotte import PichenotteView
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed, ButtonReleased, TimerFired
from pitchside.tables import effects as fx
from pitchside.tables import game_moments, kiosk, moments
from pitchside.tables.cues import moment_cues
from pitchside.tables.gametable import GameTable
from pitchside.tables.registry import TABLES, app_for
from support.moments import brief, lines_of, moments_of

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "tests" / "core"
REPLAY = ROOT / "tests" / "scenarios" / "replay"


def expected(path: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(path.with_suffix(".expected.json").read_text())


# --- the exact moments of each game's scenario files ----------------------------------------


def test_pichenotte_twenties_rounds_a_tie_and_the_match_PI_08_PI_14_PI_16_PI_21() -> None:
    path = REPLAY / "ties_to_a_ninth_round.jsonl"
    found = brief(moments_of(lines_of(path)))
    assert found == [
        (5, "twenty", "TWENTY!", "Ann +20", "A", None, False),
        (7, "round", "ROUND 1", "Ann wins the round", "A", (20.0, 5.0), False),
        (9, "twenty", "TWENTY!", "Bob +20", "B", None, False),
        (13, "round", "ROUND 2", "Bob wins the round", "B", (5.0, 20.0), False),
        (15, "twenty", "TWENTY!", "Ann +20", "A", None, False),
        (16, "twenty", "TWENTY!", "Bob +20", "B", None, False),
        (17, "round", "ROUND 3", "Round tied", None, (20.0, 20.0), False),
        (21, "round", "ROUND 4", "Ann wins the round", "A", (15.0, 0.0), False),
        (25, "round", "ROUND 5", "Bob wins the round", "B", (0.0, 10.0), False),
        (28, "twenty", "TWENTY!", "Ann +20", "A", None, False),
        (29, "round", "ROUND 6", "Ann wins the round", "A", (20.0, 5.0), False),
        (32, "twenty", "TWENTY!", "Bob +20", "B", None, False),
        (33, "round", "ROUND 7", "Bob wins the round", "B", (5.0, 20.0), False),
        (37, "round", "ROUND 8", "Round tied", None, (10.0, 10.0), False),
        (39, "twenty", "TWENTY!", "Ann +20", "A", None, False),
        (41, "round", "ROUND 9", "Ann wins the round", "A", (20.0, 5.0), False),
        (41, "match", "MATCH", "Ann wins the match", "A", (5.0, 4.0), True),
    ]  # fmt: skip
    out = expected(path)  # the rounds' moments carry the rules' round scores
    assert [m[5] for m in found if m[1] == "round"] == [(r["A"], r["B"]) for r in out["round_scores"]]
    assert found[-1][5] == (out["score"]["A"], out["score"]["B"])


def test_pichenotte_a_drawn_match_has_no_winner_PI_21() -> None:
    found = brief(moments_of(lines_of(REPLAY / "max_rounds_draw.jsonl")))
    assert found[-2:] == [
        (30, "round", "ROUND 7", "Bob wins the round", "B", (0.0, 10.0), False),
        (30, "match", "MATCH", "The match is drawn", None, (3.5, 3.5), True),
    ]


def test_pichenotte_a_knocked_in_twenty_is_its_owners_PI_11() -> None:
    n = Notice.of("PI-11", "knocked_in", side="B", count=2, points=40)
    assert game_moments.pichenotte(n, PerSide(0.0, 0.0), ("Ann", "Bob")) == moments.Moment(
        "twenty", "TWENTIES!", "Bob +40", n, "B", short="Bob"
    )


def test_boulomania_rounds_with_their_points_null_rounds_and_the_game_BM_16_BM_18() -> None:
    path = CORE / "boulomania" / "scenarios" / "full_game_to_13.jsonl"
    found = brief(moments_of(lines_of(path)))
    assert found == [
        (21, "round", "ROUND 1", "Bob scores 1", "B", (0.0, 1.0), False),
        (33, "round", "ROUND 2", "Null round", None, (0.0, 0.0), False),
        (46, "round", "ROUND 3", "Ann scores 4", "A", (4.0, 0.0), False),
        (54, "round", "ROUND 4", "Null round", None, (0.0, 0.0), False),
        (71, "round", "ROUND 5", "Ann scores 6", "A", (6.0, 0.0), False),
        (88, "round", "ROUND 6", "Ann scores 1", "A", (1.0, 0.0), False),
        (105, "round", "ROUND 7", "Ann scores 4", "A", (4.0, 0.0), False),
        (105, "game", "GAME", "Ann wins the game", "A", (15.0, 1.0), True),
    ]  # fmt: skip
    out = expected(path)
    assert (out["score"]["A"], out["score"]["B"]) == (15, 1)


def test_pitchbowl_touchdowns_and_the_match_PB_27_PB_30() -> None:
    path = CORE / "pitchbowl" / "scenarios" / "full_match_to_3.jsonl"
    assert brief(moments_of(lines_of(path))) == [
        (14, "touchdown", "TOUCHDOWN!", "Ann", "A", (1.0, 0.0), False),
        (21, "touchdown", "TOUCHDOWN!", "Ann", "A", (2.0, 0.0), False),
        (28, "touchdown", "TOUCHDOWN!", "Bob", "B", (2.0, 1.0), False),
        (34, "touchdown", "TOUCHDOWN!", "Ann", "A", (3.0, 1.0), False),
        (34, "match", "MATCH", "Ann wins the match", "A", (3.0, 1.0), True),
    ]  # fmt: skip


def test_pitchnut_games_an_undone_one_and_the_match_PN_05_PN_A9() -> None:
    """Game 1 lost by B (PN-22), game 2 won on the break (PN-06) then undone, game 2
    lost by B (PN-24): every game is titled with its number, none by POISON! (a
    PN-06 win may be the breaker's poison or the other side's scratch)."""
    assert brief(moments_of(lines_of(CORE / "pitchnut" / "scenarios" / "match_to_two.jsonl"))) == [
        (10, "game", "GAME 1", "Ann wins game 1", "A", (1.0, 0.0), False),
        (11, "game", "GAME 2", "Bob wins game 2", "B", (1.0, 1.0), False),
        (14, "game", "GAME 2", "Ann wins game 2", "A", (2.0, 0.0), False),
        (14, "match", "MATCH", "Ann wins the match", "A", (2.0, 0.0), True),
    ]  # fmt: skip


def test_pitchnut_the_poison_sunk_alone_is_POISON_PN_31() -> None:
    n = Notice.of("PN-31", "wins_game", side="B", game=3)
    m = game_moments.pitchnut(n, PerSide(1.0, 2.0), ("Ann", "Bob"))
    assert m == moments.Moment("game", "POISON!", "Bob wins game 3", n, "B", PerSide(1.0, 2.0), short="Bob")


def test_mastermove_moves_the_game_and_a_forfeit_MM_15_MM_16_MM_25() -> None:
    assert brief(moments_of(lines_of(CORE / "mastermove" / "scenarios" / "full_game_3_1.jsonl"))) == [
        (10, "move", "MOVE!", "Ann scores", "A", (1.0, 0.0), False),
        (19, "move", "MOVE!", "Bob scores", "B", (1.0, 1.0), False),
        (37, "move", "MOVE!", "Ann scores", "A", (2.0, 1.0), False),
        (44, "move", "MOVE!", "Ann scores", "A", (3.0, 1.0), False),
        (44, "game", "GAME", "Ann wins the game", "A", (3.0, 1.0), True),
    ]  # fmt: skip
    assert brief(moments_of(lines_of(CORE / "mastermove" / "scenarios" / "forfeit_carry_over.jsonl")))[-1] == (
        21, "game", "GAME", "Bob wins by forfeit", "B", (0.0, 3.0), True
    )  # fmt: skip


def test_every_game_has_its_hook_and_the_default_is_none() -> None:
    assert {name: app.moments for name, app in TABLES.items()} == {
        "pichenotte": game_moments.pichenotte, "pitchnut": game_moments.pitchnut,
        "boulomania": game_moments.boulomania, "pitchbowl": game_moments.pitchbowl,
        "mastermove": game_moments.mastermove,
    }  # fmt: skip
    bare = replace(app_for("pichenotte"), moments=moments.no_moments)
    assert isinstance(bare, GameTable)
    assert len(moments_of_app(app_for("pichenotte"), REPLAY / "spec_example.jsonl")) == 2
    assert moments_of_app(bare, REPLAY / "spec_example.jsonl") == ()


def folded(lines: list[str]) -> tuple[Match, Match]:
    """The match of ``lines[:1]`` (no input) and the same match after every line."""
    start = replay(lines[:1]).match
    match = start
    for line in lines[1:]:
        _, inp = parse_input_line(start.codec, json.loads(line), 2)
        match = match.undo()[0] if inp is None else match.apply(inp)[0]
    return start, match


def moments_of_app(app: GameTable, path: Path) -> tuple[moments.Moment, ...]:  # type: ignore[type-arg]
    start, done = folded(lines_of(path))
    return moments.arising(start, done, ("Ann", "Bob"), app.moments)


def test_an_undo_another_match_and_no_change_make_none() -> None:
    lines = lines_of(REPLAY / "spec_example.jsonl")
    start, done = folded(lines)
    _, undone = folded([*lines, '{"input": "undo"}'])
    hook = game_moments.pichenotte
    assert [m.kind for m in moments.arising(start, done, ("A", "B"), hook)] == ["twenty", "round"]
    assert moments.arising(done, done.undo()[0], ("A", "B"), hook) == ()
    assert moments.arising(done, done, ("A", "B"), hook) == ()
    assert moments.arising(replay(lines[:1]).match, done, ("A", "B"), hook) == ()  # another match
    toss_b, _ = start.apply(parse_input_line(start.codec, {"input": "coin_toss", "winner": "B"}, 2)[1])
    assert moments.arising(toss_b, done, ("A", "B"), hook) == ()  # done does not extend it
    assert undone.inputs == done.inputs[:-1]


# --- the kiosk shows them ----------------------------------------------------------------

ONE_ROUND = [
    '{"format": 1, "game": "pichenotte", "options": {"pucks": 1, "rounds_to_win": 2}}',
    '{"input": "coin_toss", "winner": "A"}',
    '{"input": "shot", "twenty": true}',
    '{"input": "shot", "contact": false, "ditched": false}',
]  # the spec's example up to the tally, two rounds to win
FINAL = [ONE_ROUND[0].replace('"rounds_to_win": 2', '"rounds_to_win": 1'), *ONE_ROUND[1:]]
S = kiosk.KioskSettings(attract=False, moment_s=2.5)
TALLY = ("next", "next", "next", "next", "next", "plus")
"""The tally keys: one puck in B's 5 (A's 20 is on the rail)."""


def playing(lines: list[str], settings: kiosk.KioskSettings = S, at: float = 0.0) -> kiosk.KioskState:
    result = replay(lines)
    ts = app_for("pichenotte").resumed(result.match, ("Ann", "Bob"), False)
    ks, _ = kiosk.start(settings, ts, (), at, resumed=True)
    assert ks.mode == "playing" and ks.moment is None
    return ks


def tap(ks: kiosk.KioskState, name: str, at: float) -> tuple[kiosk.KioskState, list[kiosk.Effect]]:
    ks, e1 = kiosk.handle(ks, ButtonPressed(name, at))
    ks, e2 = kiosk.handle(ks, ButtonReleased(name, at + 0.1))
    return ks, [*e1, *e2]


def taps(ks: kiosk.KioskState, names: tuple[str, ...], at: float) -> kiosk.KioskState:
    for i, name in enumerate(names):
        ks, _ = tap(ks, name, at + i)
    return ks


def moment_timers(effects: list[kiosk.Effect]) -> list[fx.StartTimer]:
    return [e for e in effects if isinstance(e, fx.StartTimer) and e.name == moments.TIMER]


def test_a_round_won_shows_its_moment_for_moment_s_then_the_game_PI_14() -> None:
    ks = taps(playing(ONE_ROUND), TALLY, 10.0)
    ks, eff = tap(ks, "shot_done", 20.0)
    assert [e for e in eff if isinstance(e, fx.Accepted)] != []  # the tally, journaled as ever
    assert moment_timers(eff) == [fx.StartTimer("moment", 22.5)]
    assert kiosk.view(ks) == MomentView("ROUND 1", "Ann wins the round", (20.0, 5.0), False, "Ann")
    ks, eff2 = kiosk.handle(ks, TimerFired("moment", 22.5))
    assert ks.moment is None and list(eff2) == []
    assert isinstance(kiosk.view(ks), PichenotteView)


def test_the_final_round_then_the_match_in_turn_each_for_its_time_PI_21() -> None:
    ks = taps(playing(FINAL), TALLY, 10.0)
    ks, eff = tap(ks, "shot_done", 20.0)
    assert moment_timers(eff) == [fx.StartTimer("moment", 22.5)]
    assert kiosk.view(ks) == MomentView("ROUND 1", "Ann wins the round", (20.0, 5.0), False, "Ann")
    ks, eff = kiosk.handle(ks, TimerFired("moment", 22.5))
    assert moment_timers(list(eff)) == [fx.StartTimer("moment", 25.0)]
    assert kiosk.view(ks) == MomentView("MATCH", "Ann wins the match", (1.0, 0.0), True, "Ann")
    ks, eff = kiosk.handle(ks, TimerFired("moment", 25.0))
    assert ks.moment is None and not isinstance(kiosk.view(ks), MomentView)


def test_a_stale_timer_changes_nothing() -> None:
    ks = taps(playing(FINAL), TALLY, 10.0)
    ks, _ = tap(ks, "shot_done", 20.0)
    showing = ks.moment
    again, eff = kiosk.handle(ks, TimerFired("moment", 21.0))  # not this moment's
    assert again.moment is showing and list(eff) == []
    ks, _ = tap(ks, "next", 21.0)  # dismissed: its timer finds nothing
    later, eff = kiosk.handle(ks, TimerFired("moment", 22.5))
    assert later == ks and list(eff) == []


def test_a_press_ends_the_moment_and_then_does_what_it_always_does() -> None:
    """Decided: a press passes through (tables/moments.py): a press during the moment
    ends it (the match's moment queued after it too) and then acts exactly as it would
    without moments: here UNDO takes the final tally back."""
    ks = taps(playing(FINAL), TALLY, 10.0)
    ks, _ = tap(ks, "shot_done", 20.0)
    assert ks.table.match.status() == "finished"
    ks, eff = tap(ks, "undo", 21.0)
    assert ks.moment is None
    assert fx.Accepted(None, 21.0) in eff  # the undo, journaled as ever
    assert ks.table.match.status() == "playing"
    without = taps(playing(FINAL, replace(S, moment_s=0)), TALLY, 10.0)
    without, _ = tap(without, "shot_done", 20.0)
    without, eff0 = tap(without, "undo", 21.0)
    assert without.table.match.inputs == ks.table.match.inputs and [e for e in eff0 if isinstance(e, fx.Accepted)] == [
        e for e in eff if isinstance(e, fx.Accepted)
    ]


def test_a_release_or_a_hold_does_not_end_it_a_beam_does() -> None:
    ks = taps(playing(FINAL), TALLY, 10.0)
    ks, _ = kiosk.handle(ks, ButtonPressed("shot_done", 20.0))
    assert ks.moment is not None
    ks, _ = kiosk.handle(ks, ButtonReleased("shot_done", 20.1))  # the release of the press that made it
    ks, _ = kiosk.handle(ks, ButtonHeld("plus", 20.2))
    assert ks.moment is not None
    ks, _ = kiosk.handle(ks, BeamBroken("twenty", 20.5, 0.01))
    assert ks.moment is None


def test_a_twenty_shows_at_shot_done_and_a_beam_then_ends_it_PI_08() -> None:
    ks = playing(ONE_ROUND[:2])  # after the toss: A shoots
    ks, _ = kiosk.handle(ks, BeamBroken("twenty", 5.0, 0.01))
    assert ks.moment is None  # the drop is the shot's draft: no moment before it is committed
    ks, eff = tap(ks, "shot_done", 6.0)
    assert kiosk.view(ks) == MomentView("TWENTY!", "Ann +20", None, False, "Ann")
    assert moment_timers(eff) == [fx.StartTimer("moment", 8.5)]
    ks, _ = kiosk.handle(ks, BeamBroken("twenty", 7.0, 0.01))  # B's shot drops in the hole: play goes on
    assert ks.moment is None and ks.table.draft.drops != ()


def test_moment_s_zero_shows_none() -> None:
    ks = taps(playing(FINAL, replace(S, moment_s=0)), TALLY, 10.0)
    ks, eff = tap(ks, "shot_done", 20.0)
    assert ks.moment is None and moment_timers(eff) == []


def test_nothing_is_journaled_for_a_moment_and_leaving_play_drops_it() -> None:
    ks = taps(playing(FINAL), TALLY, 10.0)
    ks, _ = tap(ks, "shot_done", 20.0)
    for event in (TimerFired("moment", 22.5), TimerFired("moment", 25.0)):
        ks, eff = kiosk.handle(ks, event)
        assert not any(isinstance(e, (fx.Accepted, fx.NewMatch)) for e in eff)
    ks = taps(playing(FINAL), TALLY, 10.0)
    ks, _ = tap(ks, "shot_done", 20.0)
    ks, _ = kiosk.handle(ks, ButtonPressed("new", 21.0))  # staff: hold NEW, then UNDO with it
    ks, _ = kiosk.handle(ks, ButtonPressed("undo", 21.3))
    ks, _ = kiosk.handle(ks, ButtonHeld("undo", 23.3))
    assert ks.mode == "service" and ks.moment is None


def test_a_power_cut_during_a_moment_changes_nothing_resume_shows_the_game() -> None:
    """The table rebuilt from the journal of the match that just had its round-won
    moment (the same inputs) starts with no moment: its normal screen."""
    ks = taps(playing(ONE_ROUND), TALLY, 10.0)
    ks, eff = tap(ks, "shot_done", 20.0)
    assert isinstance(kiosk.view(ks), MomentView)
    journaled = [e.input for e in eff if isinstance(e, fx.Accepted)]
    match = replay(ONE_ROUND).match
    for inp in journaled:
        match, _ = match.apply(inp)
    back, _ = kiosk.start(S, app_for("pichenotte").resumed(match, ("Ann", "Bob"), False), (), 30.0, resumed=True)
    assert back.moment is None
    assert kiosk.view(back) == kiosk.view(replace(ks, moment=None))


# --- sound -------------------------------------------------------------------------------


def test_a_twenty_moment_cues_twenty_once() -> None:
    n = Notice.of("PI-08", "twenty", side="A", points=20)
    twenty = moments.Moment("twenty", "TWENTY!", "Ann +20", n, "A")
    other = moments.Moment("round", "ROUND 1", "x", n)
    two = moments.Showing((twenty, replace(twenty)), 2.5)
    assert moment_cues(None, two) == ("twenty",)
    assert moment_cues(two, two) == ()
    assert moment_cues(two, moments.Showing(two.queue[1:], 5.0)) == ("twenty",)  # the second one, in turn
    assert moment_cues(None, moments.Showing((other,), 2.5)) == ()
    assert moment_cues(two, None) == ()


@dataclass
class FakeSound:
    cues: list[str] = field(default_factory=list)

    def cue(self, name: str) -> None:
        self.cues.append(name)


class NoDisplay:
    def show(self, image: object) -> None:
        pass


def test_the_runtime_cues_the_twenty_with_its_moment() -> None:
    sound = FakeSound()
    ts = app_for("pichenotte").resumed(replay(ONE_ROUND[:2]).match, ("Ann", "Bob"), False)
    rt = Runtime(ts, TableParts(NoDisplay(), lambda: "A", lambda: 1.0, settings=S, sound=sound))
    rt.post(BeamBroken("twenty", 1.0, 0.01))
    rt.post(ButtonPressed("shot_done", 1.2))
    rt.post(ButtonReleased("shot_done", 1.3))
    rt.process_pending()
    assert sound.cues == ["twenty"]
    assert isinstance(rt.view(), MomentView)


# --- the config --------------------------------------------------------------------------


def test_moment_s_is_read_from_the_kiosk_config_with_its_default(tmp_path: Path) -> None:
    from pitchside.app.assembly import kiosk_settings

    src = (ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml").read_text()
    assert "moment_s = 2.5" in src
    path = tmp_path / "t.toml"
    path.write_text(src.replace("moment_s = 2.5", "moment_s = 4"))
    assert kiosk_settings(load_config(path)).moment_s == 4.0
    path.write_text(src.replace("moment_s = 2.5", ""))
    assert kiosk_settings(load_config(path)).moment_s == moments.DEFAULT_S == 2.5
    path.write_text(src.replace("moment_s = 2.5", "moment_s = 31"))
    with pytest.raises(Exception, match="moment_s"):
        load_config(path)
