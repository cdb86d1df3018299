"""The Pichenotte referee flow at the table: panel events -> rules inputs (pure).

Each test drives :func:`pitchside.tables.pichenotte.handle` with the events the
drivers produce and asserts the exact rules state (shared/rules/rulings.md, PI-xx).
"""

from __future__ import annotations

from pitchside.tables import pichenotte as t
from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import PerSide
from pitchside.signals.events import BeamBroken, ButtonHeld, ButtonPressed, SensorNoisy


def press(ts: t.TableState, *names: str) -> tuple[t.TableState, list[object]]:
    effects: list[object] = []
    for name in names:
        ts, eff = t.handle(ts, ButtonPressed(name, 0.0))
        effects.extend(eff)
    return ts, effects


def drop(ts: t.TableState) -> t.TableState:
    ts, eff = t.handle(ts, BeamBroken("twenty", 0.0, 0.03))
    assert eff == ()
    return ts


def tossed(pucks: int = 3, winner: str = "A") -> t.TableState:
    ts = t.new_table(rules.Options(pucks=pucks))
    ts, eff = press(ts, "coin")
    assert eff == [t.TossCoin()]
    ts, eff2 = t.handle(ts, t.CoinTossed(winner, 0.0))  # type: ignore[arg-type]
    assert eff2 == (t.Accepted(rules.CoinToss(winner), 0.0),)  # type: ignore[arg-type]
    return ts


def test_coin_press_asks_the_shell_for_a_toss_and_the_winner_shoots_first_PI_20() -> None:
    ts = tossed(winner="B")
    assert ts.match.state.phase == "shooting"
    assert ts.match.state.turn == "B"


def test_shot_before_the_toss_is_refused_with_the_reason_PI_20() -> None:
    ts = t.new_table()
    ts2, eff = press(ts, "shot_done")
    assert eff == []
    assert ts2.match == ts.match
    assert ts2.prompt is not None and ts2.prompt.kind == "refusal" and ts2.prompt.rule == "PI-20"


def test_free_shot_commits_a_puck_on_the_board_PI_09() -> None:
    ts, eff = press(tossed(), "shot_done")
    assert [type(e) for e in eff] == [t.Accepted]
    assert ts.match.state.on_board == PerSide(1, 0)
    assert ts.match.state.turn == "B"


def test_drop_during_a_free_shot_is_the_shot_puck_a_twenty_PI_09() -> None:
    ts = drop(tossed())
    assert t.shot_line(ts.match.state, ts.draft) == "20!"
    ts, _ = press(ts, "shot_done")
    assert ts.match.state.rail == PerSide(1, 0)
    assert ts.match.state.hand == PerSide(2, 3)


def test_no_contact_against_a_puck_on_the_board_sends_the_shot_puck_to_the_ditch_PI_06() -> None:
    ts, _ = press(tossed(), "shot_done")  # A on the board
    assert t.shot_line(ts.match.state, ts.draft) == "HIT OR CALL 20"
    ts, _ = press(ts, "no_contact", "shot_done")
    assert ts.match.state.ditch == PerSide(0, 1)
    assert ts.match.state.on_board == PerSide(1, 0)


def test_called_twenty_that_misses_goes_to_the_ditch_even_with_contact_PI_17() -> None:
    ts, _ = press(tossed(), "shot_done")
    ts, _ = press(ts, "call", "shot_done")  # B calls, contact (default) but no drop
    assert ts.match.state.ditch == PerSide(0, 1)
    assert ts.match.state.on_board == PerSide(1, 0)


def test_call_and_no_contact_are_refused_on_a_free_shot_PI_09() -> None:
    ts = tossed()
    ts2, _ = press(ts, "call")
    assert ts2.draft == t.ShotDraft()
    assert ts2.prompt is not None and ts2.prompt.rule == "PI-09"
    ts3, _ = press(ts, "no_contact")
    assert ts3.draft == t.ShotDraft()


def test_second_drop_is_a_knocked_in_opponent_puck_and_whose_cycles_it_PI_11() -> None:
    ts, _ = press(tossed(), "shot_done")  # A on the board
    ts = drop(drop(ts))  # B's shot: its own puck and A's knocked in
    assert ts.draft.drops == ("shot", "A")
    shot = t.to_shot(ts.match.state, ts.draft)
    assert shot.twenty and shot.knocked_in == PerSide(1, 0)
    ts, _ = press(ts, "whose")  # "shot" is taken and B has nothing on the board: A stays
    assert ts.draft.drops == ("shot", "A")
    ts, _ = press(ts, "shot_done")
    assert ts.match.state.rail == PerSide(1, 1)
    assert ts.match.state.on_board == PerSide(0, 0)


def test_whose_moves_a_single_drop_from_the_shot_puck_to_a_knocked_in_puck_PI_11() -> None:
    ts, _ = press(tossed(), "shot_done")  # A on the board
    ts = drop(ts)
    ts, _ = press(ts, "whose")
    assert ts.draft.drops == ("A",)
    ts, _ = press(ts, "shot_done")  # B's puck hit A's into the hole and stays
    assert ts.match.state.rail == PerSide(1, 0)
    assert ts.match.state.on_board == PerSide(0, 1)


def test_first_shooter_ditch_press_is_the_shot_puck_on_a_legal_shot_PI_13() -> None:
    ts, _ = press(tossed(), "shot_done")
    ts, _ = press(ts, "ditch_b", "shot_done")  # B hit A but its puck sits on the outer line
    assert ts.match.state.ditch == PerSide(0, 1)
    assert ts.match.state.on_board == PerSide(1, 0)


def test_ditch_press_after_a_failed_shot_is_another_puck_of_the_shooter_PI_18() -> None:
    ts, _ = press(tossed(pucks=4), "shot_done")  # A1 on board
    ts, _ = press(ts, "shot_done")  # B1 hits, stays
    ts, _ = press(ts, "shot_done")  # A2 hits, stays: A 2, B 1
    ts, _ = press(ts, "no_contact", "ditch_b", "shot_done")  # B misses; B1 also knocked off by it
    assert ts.match.state.on_board == PerSide(2, 0)
    assert ts.match.state.ditch == PerSide(0, 2)


def test_opponent_ditch_press_knocks_off_an_opponent_puck_PI_13() -> None:
    ts, _ = press(tossed(), "shot_done")
    ts, _ = press(ts, "ditch_a", "shot_done")
    assert ts.match.state.on_board == PerSide(0, 1)
    assert ts.match.state.ditch == PerSide(1, 0)


def test_refused_shot_keeps_the_draft_and_says_why_PI_13() -> None:
    ts = tossed()
    ts, _ = press(ts, "ditch_b", "ditch_b")  # B has nothing on the board
    before = ts.match
    ts, eff = press(ts, "shot_done")
    assert eff == [] and ts.match == before
    assert ts.draft.ditch_presses == PerSide(0, 2)
    assert ts.prompt is not None and ts.prompt.kind == "refusal" and ts.prompt.rule == "PI-13"
    assert ts.prompt.text == "B has 0 puck(s) on the board; 2 cannot be knocked in or off"


def test_undo_clears_the_draft_first_then_takes_back_the_last_input() -> None:
    ts, _ = press(tossed(), "shot_done")
    ts, _ = press(ts, "call")
    ts, eff = press(ts, "undo")
    assert ts.draft == t.ShotDraft() and eff == []
    ts, eff = press(ts, "undo")
    assert eff == [t.Accepted(None, 0.0)]
    assert ts.match.state.on_board == PerSide(0, 0) and ts.match.state.turn == "A"


def test_tally_entry_counts_zones_and_refuses_a_count_that_does_not_add_up_PI_10() -> None:
    ts = tossed(pucks=1)
    ts, _ = press(ts, "shot_done", "shot_done")  # A free shot stays; B hits and stays
    assert ts.match.state.phase == "tally"
    ts, _ = press(ts, "plus")  # A15 = 1
    ts, eff = press(ts, "shot_done")  # B's puck not counted
    assert eff == [] and ts.match.state.phase == "tally"
    assert ts.prompt is not None and ts.prompt.rule == "PI-10"
    assert ts.prompt.text == "B has 1 puck(s) on the board but the zone counts add up to 0"
    ts, _ = press(ts, "next", "next", "next", "next", "plus")  # B5 = 1 (cursor 4 is B10)
    assert ts.zones == (1, 0, 0, 0, 1, 0)
    ts, _ = press(ts, "minus", "next", "plus", "shot_done")
    assert ts.match.state.round_scores == (PerSide(15, 5),)
    assert ts.match.state.round == 2


def test_view_shows_remaining_pucks_during_the_tally() -> None:
    ts = tossed(pucks=1)
    ts, _ = press(ts, "shot_done", "shot_done", "plus")
    v = t.view(ts)
    assert v.tally is not None and v.tally.remaining == (0, 1)


def test_new_is_not_the_game_s_a_hold_changes_nothing() -> None:
    """NEW belongs to the kiosk flow (staff gestures, tables/kiosk/): the game ignores it."""
    ts, _ = press(tossed(pucks=3), "shot_done")
    ts2, eff = t.handle(ts, ButtonHeld("new", 2.0))
    assert ts2 == ts and eff == ()


def test_noisy_sensor_is_shown_as_a_warning_and_counts_nothing() -> None:
    ts = tossed()
    ts2, _ = t.handle(ts, SensorNoisy("twenty", 1.0, "burst of 40 edges"))
    assert ts2.match == ts.match and ts2.draft == ts.draft
    assert ts2.prompt is not None and ts2.prompt.kind == "warning"


def test_prompts_use_the_players_names() -> None:
    ts = t.new_table(rules.Options(pucks=3), names=("Ann", "Bob"))
    ts, _ = press(ts, "coin")
    ts, _ = t.handle(ts, t.CoinTossed("B", 0.0))
    assert ts.prompt == t.Prompt("Bob won the toss", "info")
    ts, _ = press(ts, "ditch_a", "shot_done")
    assert ts.prompt is not None and ts.prompt.text == "Ann has 0 puck(s) on the board; 1 cannot be knocked in or off"


def test_no_contact_while_knocking_an_opponent_puck_off_is_refused_PI_18() -> None:
    ts, _ = press(tossed(), "shot_done")  # A on the board
    ts, eff = press(ts, "no_contact", "ditch_a", "shot_done")
    assert eff == []
    assert ts.prompt is not None and ts.prompt.rule == "PI-18"
    assert ts.match.state.on_board == PerSide(1, 0) and ts.match.state.turn == "B"


def test_the_shot_line_says_what_the_table_saw_in_the_players_names() -> None:
    ts = t.new_table(rules.Options(pucks=3), names=("Ann", "Bob"))
    ts, _ = press(ts, "coin")
    ts, _ = t.handle(ts, t.CoinTossed("A", 0.0))
    ts, _ = press(ts, "shot_done")  # Ann on the board: Bob must hit or call
    assert t.view(ts).shot_line == "HIT OR CALL 20"
    ts, _ = press(ts, "call")
    ts = drop(ts)
    assert t.view(ts).shot_line == "CALLED 20!"
    ts = drop(ts)
    ts, _ = press(ts, "ditch_b")
    assert t.view(ts).shot_line == "CALLED 20!, 20 for Ann, Bob 1 OFF"


def test_presses_the_rules_refuse_whatever_the_shot_say_so_with_the_buttons_that_get_on() -> None:
    """The table asks the rules (rules.refusal) and adds the buttons: a press before the
    toss (PI-20), the coin after it (PI-20), a shot button in the zone entry (PI-03),
    undo with nothing to undo."""
    ts = t.new_table(rules.Options(pucks=1), names=("Ann", "Bob"))
    ts, _ = press(ts, "undo")
    assert ts.prompt == t.Prompt("nothing to undo", "refusal", "UNDO")
    ts, _ = press(ts, "call")
    assert ts.prompt == t.Prompt("toss the coin first (COIN)", "refusal", "PI-20")
    ts, _ = t.handle(ts, t.CoinTossed("A", 0.0))
    ts, _ = press(ts, "coin")
    assert ts.prompt == t.Prompt("the coin was tossed already", "refusal", "PI-20")
    ts, _ = press(ts, "shot_done", "shot_done")
    assert ts.match.state.phase == "tally"
    before = ts.match
    ts, eff = press(ts, "ditch_a")
    assert eff == [] and ts.match == before
    assert ts.prompt == t.Prompt("all pucks are shot: enter the zone counts (+ - NEXT, DONE)", "refusal", "PI-03")


def test_notices_on_the_prompt_line_name_the_players() -> None:
    ts = t.new_table(rules.Options(pucks=2), names=("Ann", "Bob"))
    ts, _ = t.handle(ts, t.CoinTossed("A", 0.0))
    ts, _ = press(ts, "shot_done")  # Ann's free shot stays
    ts = drop(ts)  # Bob's shot puck drops: a twenty
    ts, _ = press(ts, "ditch_a", "shot_done")  # and it knocked Ann's puck off
    assert ts.prompt == t.Prompt("Ann: 1 to the ditch", "info")
    ts, _ = press(ts, "undo")
    assert ts.prompt == t.Prompt("Undone", "info")


# --- a beam storm's phantom twenty ------------------------------------------------------


def twenty_beam_events(edges: list[tuple[float, bool]]) -> list[object]:
    """What the twenty hole's BeamCounter (the example config's: blocked high, 2 ms
    minimum block, default storm detector) reports for these edges, in order."""
    from pitchside.signals.beam import BeamCounter

    beam = BeamCounter("twenty", blocked_level=True, min_block_s=0.002)
    events: list[object] = []
    for level, at in ((lvl, at) for at, lvl in edges):
        events.extend(beam.edge(level, at).events)
    return events


def ir_frame(at_s: float) -> list[tuple[float, bool]]:
    """An NEC IR remote frame seen by the beam: a 9 ms leader, then 33 short pulses."""
    from pitchside_sim.pulses import alternating

    return alternating(at_s, True, [0.009, 0.0045] + [0.00056, 0.00169] * 32 + [0.00056])


def handle_all(ts: t.TableState, events: list[object]) -> t.TableState:
    for ev in events:
        ts, eff = t.handle(ts, ev)  # type: ignore[arg-type]
        assert eff == ()
    return ts


def test_a_storm_withdraws_the_twenty_it_counted_before_it_was_evident() -> None:
    events = twenty_beam_events(ir_frame(5.0))
    # the storm: its leader counted as a piece, then flagged
    assert [type(e) for e in events] == [BeamBroken, SensorNoisy]
    ts = handle_all(tossed(), events)
    assert ts.draft.drops == ()
    assert ts.prompt == t.Prompt("SENSOR twenty: storm, 1 drop not counted", "warning")
    ts, _ = press(ts, "shot_done")
    assert ts.match.state.rail == PerSide(0, 0)  # no phantom twenty (PI-08)
    assert ts.match.state.on_board == PerSide(1, 0) and ts.match.state.turn == "B"


def test_a_storm_keeps_the_drops_sensed_before_its_burst() -> None:
    from pitchside_sim.pulses import beam_break

    events = twenty_beam_events(beam_break(1.0, 0.03, blocked_level=True) + ir_frame(3.0))
    assert [type(e) for e in events] == [BeamBroken, BeamBroken, SensorNoisy]
    ts = handle_all(tossed(), events)
    assert ts.draft.drops == ("shot",)  # the real twenty stays; the storm's leader goes
    assert ts.prompt == t.Prompt("SENSOR twenty: storm, 1 drop not counted", "warning")
    ts, _ = press(ts, "shot_done")
    assert ts.match.state.rail == PerSide(1, 0)


def test_a_stuck_beam_withdraws_nothing() -> None:
    ts = drop(tossed())
    ts, _ = t.handle(ts, SensorNoisy("twenty", 9.0, "blocked: beam blocked for 2 s"))
    assert ts.draft.drops == ("shot",)
    assert ts.prompt == t.Prompt("SENSOR twenty: blocked: beam blocked for 2 s", "warning")
