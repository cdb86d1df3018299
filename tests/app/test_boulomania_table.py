"""The Boulomania table controller (pure): declarations on the panel, rolls from the
table's die or the die unit's lines, refusals, undo; and the software die's uniformity.

Board facts used below (BM-BOARD, firmware/pitchside/core/boards/BOULOMANIA.md): with
the jack on 3 the bowl spaces from nearest are 11 12 16 17 13 15 14 9 8 10 18 7; pushes
go 11->16, 12->17, 8->12 (straight) or 8->13 (diagonal), 13->15 or 13->14.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from pitchside.tables import boulomania as bt
from pitchside.app import software_die
from pitchside.tables.boulomania import APP, Choice, DieLink, TableState
from pitchside.tables.effects import Accepted, DiceRolled, RollDice
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice, Words
from pitchside.core.rules import boulomania as rules
from pitchside.core.sides import PerSide
from pitchside.render.boulomania import DiceShown  # the view record (tables.boulomania imports it only in view, not at start-up)
from pitchside.render.view import Prompt
from pitchside.signals.events import ButtonPressed, SerialLine, SerialStatus

NAMES = ("Ann", "Bob")
AB = ("A", "B")
"""The sides' letters as names: the table's words as the rules engine's prose has them."""


def press(ts: TableState, name: str, at: float = 1.0) -> tuple[TableState, tuple[object, ...]]:
    return bt.handle(ts, ButtonPressed(name, at))


def roll(ts: TableState, *values: int, at: float = 2.0) -> TableState:
    """ROLL, then the shell's answer: the expected RollDice and the given values."""
    ts, effects = press(ts, "roll", at)
    assert effects == (RollDice(len(values)),), effects
    ts, effects = bt.handle(ts, DiceRolled(values, at))
    assert len(effects) == 1 and isinstance(effects[0], Accepted), ts.prompt
    return ts


def line(ts: TableState, text: str, at: float = 3.0) -> tuple[TableState, tuple[object, ...]]:
    return bt.handle(ts, SerialLine("die", text, at))


def started(jack: int = 3) -> TableState:
    """Ann starts (5 v 2), the jack on ``jack``; Ann to throw."""
    ts = bt.new_table(rules.Options(), NAMES)
    ts = roll(ts, 5, 2)
    return roll(ts, jack)


def said(last: bt.LastRoll | None) -> tuple[object, ...]:
    """A last roll as (team, values, its line with the sides as A and B, source)."""
    assert last is not None
    return last.team, last.values, last.line(AB).long, last.source


def board(ts: TableState) -> dict[int, str]:
    return {s: ts.match.state.at(s) for s in rules.bowls_on_board(ts.match.state)}  # type: ignore[misc]


# --- start, jack, points -------------------------------------------------------------


def test_the_start_roll_is_two_dice_a_then_b_and_the_higher_starts() -> None:
    ts = bt.new_table(rules.Options(), NAMES)
    assert bt.choice_line(ts) == "ROLL-OFF: ROLL"
    ts, effects = press(ts, "roll")
    assert effects == (RollDice(2),)
    ts, effects = bt.handle(ts, DiceRolled((2, 6), 2.0))
    assert effects == (Accepted(rules.StartRoll(2, 6), 2.0),)
    assert ts.match.state.phase == "jack_roll" and ts.match.state.starter == "B"
    assert said(ts.last) == (None, (2, 6), "A 2, B 6", "software")
    assert bt.view(ts).last == DiceShown((2, 6), "Ann 2, Bob 6")
    assert bt.choice_line(ts) == "Bob: ROLL FOR THE JACK"


def test_equal_start_rolls_decide_nothing_roll_again() -> None:
    ts = roll(bt.new_table(rules.Options(), NAMES), 4, 4)
    assert ts.match.state.phase == "start_roll" and ts.match.state.starter is None
    assert ts.prompt == Prompt("Both rolled 4: roll again", "info")


def test_the_jack_goes_on_the_starters_die_and_the_starter_throws() -> None:
    ts = started(jack=3)
    assert ts.match.state.jack == 3 and ts.match.state.to_play == "A"
    assert ts.last is not None and ts.last.line(AB).long == "jack on 3" and ts.last.team == "A"
    assert bt.choice_line(ts) == "Ann: POINT 2 DICE"
    _, effects = press(ts, "shot_done")  # SHOT DONE rolls too
    assert effects == (RollDice(2),)


def test_a_point_with_two_dice_goes_on_the_sum_and_the_other_team_throws() -> None:
    ts = roll(started(), 5, 6)
    assert board(ts) == {11: "A"}
    assert ts.match.state.to_play == "B" and ts.match.state.hand == PerSide(7, 8)
    assert said(ts.last) == ("A", (5, 6), "A on 11", "software")


def test_point_three_dice_is_declared_with_next_and_rolls_three() -> None:
    ts, _ = press(started(), "next")
    assert ts.choice == Choice("point3")
    assert bt.choice_line(ts) == "Ann: POINT 3 DICE"
    ts, effects = press(ts, "roll")
    assert effects == (RollDice(3),)
    ts, _ = bt.handle(ts, DiceRolled((4, 4, 5), 2.0))
    assert board(ts) == {13: "A"}
    assert ts.choice == Choice()  # the next throw starts from the default


def test_a_sum_under_7_is_a_dead_bowl_and_passes_the_turn_on_an_empty_board() -> None:
    ts = roll(started(), 1, 2)
    assert board(ts) == {} and ts.match.state.pocket == PerSide(1, 0) and ts.match.state.to_play == "B"
    assert ts.last is not None and ts.last.line(AB).long == "A: dead bowl"


def test_pushing_on_chains_and_the_display_says_who_moved() -> None:
    ts = roll(started(), 5, 6)  # A 11
    ts = roll(ts, 6, 6)  # B 12 (A still nearer: B again)
    ts = roll(ts, 5, 6)  # B 11: A's bowl pushed 11 -> 16
    assert board(ts) == {11: "B", 12: "B", 16: "A"}
    assert ts.last is not None and ts.last.line(AB) == Words("B on 11 (11>16)", "B on 11 (1 pushed)")
    assert ts.match.state.to_play == "A"


def test_jack_space_on_a_double_when_declared_and_free() -> None:
    ts, _ = press(started(jack=3), "plus")
    assert ts.choice == Choice("point2", jack_space=True)
    assert bt.choice_line(ts) == "Ann: POINT 2 +JACK SP"
    ts = roll(ts, 4, 4)
    assert board(ts) == {4: "A"}
    assert ts.last is not None and ts.last.line(AB).long == "A on jack space 4"


def test_jack_space_declared_but_not_free_the_bowl_goes_on_the_sum_and_says_why() -> None:
    ts, _ = press(started(jack=3), "plus")
    ts = roll(ts, 3, 3)  # jack space 3 holds the jack: 6 is a dead bowl (BM-07, BM-A7)
    assert board(ts) == {} and ts.match.state.pocket == PerSide(1, 0)
    assert ts.last is not None and ts.last.line(AB).long == "A: (jack space 3 not free) dead bowl"


def test_a_double_without_the_declaration_goes_on_the_sum() -> None:
    ts = roll(started(jack=3), 4, 4)
    assert board(ts) == {8: "A"}


def test_three_dice_have_no_jack_space_refused_at_the_panel() -> None:
    ts, _ = press(started(), "next")
    ts2, effects = press(ts, "plus")
    assert effects == () and ts2.choice == ts.choice and ts2.match.state == ts.match.state
    assert ts2.prompt is not None and ts2.prompt.kind == "refusal" and ts2.prompt.rule == "BM-08"


# --- shooting and forks --------------------------------------------------------------


def shooting_table() -> TableState:
    """Built directly for the shot tests: jack on 3, A on 16, B on 11, 12 and 8 (B holds
    the point with 11), A to throw with 7 bowls in hand, B with 5."""
    ts = started(jack=3)
    game = replace(
        ts.match.state,
        spaces=tuple("B" if s in (8, 11, 12) else "A" if s == 16 else None for s in range(1, 19)),
        hand=PerSide(7, 5),
    )
    return replace(ts, match=replace(ts.match, initial=game, head=None))


def test_shoot_starts_on_the_opponents_nearest_bowl_and_cycles_to_the_jack() -> None:
    ts = shooting_table()
    ts, _ = press(ts, "next")
    ts, _ = press(ts, "next")
    assert ts.choice.mode == "shoot"
    assert bt.targets(ts.match.state) == (11, 12, 8, "jack")
    assert bt.choice_line(ts) == "Ann: SHOOT AT 11"
    assert bt.view(ts).target == 11
    ts, _ = press(ts, "plus")
    assert bt.choice_line(ts) == "Ann: SHOOT AT 12"
    ts, _ = press(ts, "minus")
    ts, _ = press(ts, "minus")
    assert bt.choice_line(ts) == "Ann: SHOOT AT JACK"
    ts, effects = press(ts, "roll")
    assert effects == (RollDice(1),)


def shoot_at(ts: TableState, target: int | str) -> TableState:
    ts, _ = press(ts, "next")
    ts, _ = press(ts, "next")
    while ts.choice.target != target:
        ts, _ = press(ts, "plus")
    return ts


def test_a_5_hits_the_target_and_both_bowls_go_out() -> None:
    ts = roll(shoot_at(shooting_table(), 12), 5)
    assert board(ts) == {8: "B", 11: "B", 16: "A"}
    assert ts.match.state.pocket == PerSide(1, 1)
    assert ts.last is not None and ts.last.line(AB).long == "A: hit, B 12 out"


def test_a_6_is_a_carreau_the_shooter_takes_the_space() -> None:
    ts = roll(shoot_at(shooting_table(), 11), 6)
    assert board(ts) == {8: "B", 11: "A", 12: "B", 16: "A"}
    assert ts.last is not None and ts.last.line(AB).long == "A: carreau on 11"


def test_a_4_at_11_next_to_the_jack_takes_the_jack_out_and_ends_the_round() -> None:
    ts = roll(shoot_at(shooting_table(), 11), 4)
    # BM-25 then BM-26: both teams still hold bowls: a null round; Ann threw the jack
    assert ts.match.state.phase == "jack_roll" and ts.match.state.round == 2 and ts.match.state.score == PerSide(0, 0)
    assert ts.match.state.round_scores == (PerSide(0, 0),) and ts.match.state.starter == "A"
    assert ts.prompt == Prompt("Round 1: null round", "info")
    assert bt.choice_line(ts) == "Ann: ROLL FOR THE JACK"
    assert ts.last is not None and ts.last.line(AB).long == "A: jack out (4 at 11)"


def test_a_kiss_at_a_fork_follows_the_declared_diagonal() -> None:
    ts = shoot_at(shooting_table(), 8)
    ts, _ = press(ts, "fork")
    assert ts.choice.diagonal == frozenset({8})
    assert bt.choice_line(ts) == "Ann: SHOOT AT 8"
    assert ts.prompt == Prompt("Diagonal at 8", "info") and bt.view(ts).diagonal == frozenset({8})
    ts, effects = press(ts, "roll")
    ts, effects = bt.handle(ts, DiceRolled((4,), 5.0))
    assert effects == (Accepted(rules.Shoot(8, 4, ("diagonal",)), 5.0),)
    assert board(ts) == {11: "B", 12: "B", 13: "B", 16: "A"}


def test_a_kiss_straight_by_default_pushes_on_along_the_chain() -> None:
    ts = shoot_at(shooting_table(), 8)
    ts, _ = press(ts, "roll")
    ts, effects = bt.handle(ts, DiceRolled((4,), 5.0))
    # 8 -> 12 (straight), whose bowl goes 12 -> 17: no fork met after 8
    assert effects == (Accepted(rules.Shoot(8, 4, ("straight",)), 5.0),)
    assert board(ts) == {11: "B", 12: "B", 16: "A", 17: "B"}


def test_fork_cycles_every_combination_of_the_three_forks() -> None:
    ts = started()
    seen = []
    for _ in range(8):
        ts, _ = press(ts, "fork")
        seen.append(tuple(sorted(ts.choice.diagonal)))
    assert seen == [(8,), (13,), (8, 13), (16,), (8, 16), (13, 16), (8, 13, 16), ()]


def test_fork_path_lists_the_forks_the_chain_meets() -> None:
    game = replace(shooting_table().match.state, spaces=tuple("A" if s in (8, 13, 15) else None for s in range(1, 19)))
    assert bt.fork_path(game, 8, frozenset()) == ("straight",)  # 8 -> 12, empty
    assert bt.fork_path(game, 8, frozenset({8})) == ("diagonal", "straight")  # 8 -> 13 -> 15 -> OUT
    assert bt.fork_path(game, 8, frozenset({8, 13})) == ("diagonal", "diagonal")  # 13 -> 14, empty


# --- the die unit --------------------------------------------------------------------


def test_a_roll_line_from_the_unit_is_a_roll() -> None:
    ts = bt.new_table(rules.Options(), NAMES)
    ts, _ = line(ts, "HELLO pitchside-die 1")
    assert ts.die == DieLink("connected", "protocol 1")
    assert ts.prompt == Prompt("Die unit ready (protocol 1)", "info")
    ts, effects = line(ts, "ROLL 6 1", at=4.0)
    assert effects == (Accepted(rules.StartRoll(6, 1), 4.0),)
    assert said(ts.last) == (None, (6, 1), "A 6, B 1", "unit")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("ROLL 3 7", "'ROLL 3 7': a die shows 1-6, not 7. Roll again"),
        ("garbage", "'garbage': not a die line ('garbage'?). Roll again"),
        ("ROLL", "'ROLL': a roll with no dice. Roll again"),
        ("ROLL 1 2 3 4", "'ROLL 1 2 3 4': 4 dice: a roll has 1 to 3. Roll again"),
        ("ROLL 5", "POINT 2 needs 2 dice, the die rolled 1: roll 2"),
        ("ROLL 5 6 6", "POINT 2 needs 2 dice, the die rolled 3: roll 2"),
    ],
)
def test_bad_lines_and_wrong_counts_are_refused_and_change_nothing(text: str, reason: str) -> None:
    ts = started()
    after, effects = line(ts, text)
    assert effects == ()
    assert after.match is ts.match and after.choice == ts.choice and after.last == ts.last
    assert after.prompt == Prompt(reason, "refusal", "DIE")


def test_the_count_expected_follows_the_phase_and_the_declaration() -> None:
    ts = bt.new_table(rules.Options(), NAMES)
    assert bt.expected_dice(ts) == 2
    _, effects = line(ts, "ROLL 4")
    assert ts.prompt is None and effects == ()
    after, _ = line(ts, "ROLL 4")
    assert after.prompt == Prompt("the start roll (one die each) needs 2 dice, the die rolled 1: roll 2",
                                  "refusal", "DIE")
    ts = roll(ts, 5, 2)
    assert bt.expected_dice(ts) == 1
    ts = roll(ts, 3)
    assert bt.expected_dice(ts) == 2
    ts, _ = press(ts, "next")
    assert bt.expected_dice(ts) == 3
    ts, _ = press(ts, "next")
    assert bt.expected_dice(ts) == 1


def test_a_half_line_and_an_endless_one_dropped_by_the_reader_are_reported() -> None:
    ts = started()
    after = bt.handle(ts, SerialStatus("die", True, "a partial line was dropped", 3.0))[0]
    assert after.prompt == Prompt("Die: half a line lost, nothing counted: roll again", "warning")
    assert after.match is ts.match
    after = bt.handle(ts, SerialStatus("die", True, "line over 256 bytes dropped", 3.0))[0]
    assert after.prompt == Prompt("Die: an over-long line lost, nothing counted: roll again", "warning")


def test_an_err_line_from_the_unit_is_shown() -> None:
    ts, effects = line(started(), "ERR TILT box tilted")
    assert effects == ()
    assert ts.prompt == Prompt("Die unit: TILT box tilted: roll again", "warning")


def test_while_the_unit_is_connected_roll_is_refused_and_when_lost_roll_rolls() -> None:
    ts = bt.handle(started(), SerialStatus("die", True, "connected on /dev/pitchside-die", 3.0))[0]
    assert ts.die.status == "connected" and ts.prompt == Prompt("Die unit connected", "info")
    ts, effects = press(ts, "roll")
    assert effects == () and ts.prompt == Prompt("the die unit is connected: roll it", "refusal", "DIE")
    ts = bt.handle(ts, SerialStatus("die", False, "lost: device reports readiness to read", 4.0))[0]
    assert ts.die.status == "lost" and ts.prompt == Prompt("Die lost: replug or ROLL", "warning")
    assert bt.view(ts).die == "lost"
    ts, effects = press(ts, "roll")
    assert effects == (RollDice(2),)
    # the unit comes back by itself: its rolls count again
    ts = bt.handle(ts, SerialStatus("die", True, "connected on /dev/pitchside-die", 5.0))[0]
    ts, effects = line(ts, "ROLL 5 6")
    assert board(ts) == {11: "A"}


def test_a_unit_configured_but_never_found_changes_nothing_on_screen_and_the_table_rolls() -> None:
    before = started()
    ts = bt.handle(before, SerialStatus("die", False, "cannot open /dev/pitchside-die: no such file", 3.0))[0]
    assert ts.die.status == "absent" and ts.prompt == before.prompt
    assert bt.view(ts) == bt.view(before)
    _, effects = press(ts, "roll")
    assert effects == (RollDice(2),)


def test_a_unit_of_another_protocol_version_is_refused() -> None:
    ts, _ = line(started(), "HELLO pitchside-die 2")
    assert ts.die == DieLink("bad_version", "pitchside-die 2")
    assert ts.prompt is not None and ts.prompt.kind == "warning"
    after, effects = line(ts, "ROLL 5 6")
    assert effects == () and after.match is ts.match
    assert after.prompt is not None and after.prompt.rule == "DIE" and "pitchside-die 2" in after.prompt.text


def test_other_serial_devices_and_blank_lines_change_nothing() -> None:
    ts = started()
    assert bt.handle(ts, SerialLine("moves", "ROLL 5 6", 1.0)) == (ts, ())
    assert line(ts, "") == (ts, ())


# --- undo, the end, resume -----------------------------------------------------------


def test_undo_clears_the_declaration_first_then_takes_back_the_throw() -> None:
    ts = roll(started(), 5, 6)
    ts, _ = press(ts, "next")
    ts, effects = press(ts, "undo", at=7.0)
    assert effects == () and ts.choice == Choice() and ts.prompt == Prompt("Choice cleared", "info")
    ts, effects = press(ts, "undo", at=8.0)
    assert effects == (Accepted(None, 8.0),)
    assert board(ts) == {} and ts.match.state.to_play == "A"
    assert ts.last is not None and ts.last.values == (3,)  # the jack roll is the last in effect


def test_the_game_ends_at_13_and_refuses_more_rolls() -> None:
    ts = started(jack=3)
    game = replace(ts.match.state, score=PerSide(12, 4), hand=PerSide(1, 0),
                   spaces=tuple("B" if s == 17 else None for s in range(1, 19)))
    ts = replace(ts, match=replace(ts.match, initial=game, head=None))
    ts = roll(ts, 5, 6)  # A's last bowl on 11, nearer than B's 17: 1 point, 13-4
    assert ts.match.state.phase == "finished" and ts.match.state.score == PerSide(13, 4)
    assert rules.outcome(ts.match.state) == Outcome("A", Notice.of("BM-18", "reached", side="A", points=13, target=13))
    ts2, effects = press(ts, "roll")
    assert effects == () and ts2.prompt == Prompt("Game over: press NEW", "info")
    ts3, effects = line(ts, "ROLL 5 5")
    assert effects == () and ts3.prompt == Prompt("the game is over: NEW for a new game", "refusal", "BM-18")


def test_resumed_shows_the_last_roll_as_before() -> None:
    ts = roll(roll(started(), 5, 6), 6, 6)
    back = APP.resumed(ts.match, NAMES, last_was_undo=False)
    assert said(back.last) == ("B", (6, 6), "B on 12", "journal")
    assert bt.choice_line(back) == bt.choice_line(ts)


def test_menu_rows_and_changes() -> None:
    opts = rules.Options()
    assert APP.menu(opts) == (("Game to", "13"), ("Bowls", "8 EACH"), ("Push on", "MUST"))
    assert APP.menu_change(opts, 0, 1).target == 15
    assert APP.menu_change(opts, 0, -1).target == 11
    assert APP.menu_change(opts, 1, 1).bowls == 1
    assert APP.menu_change(opts, 1, -1).bowls == 7
    assert APP.menu_change(opts, 2, 1).push_optional is True
    assert APP.summary(started()) == "Round 1, 0-0"


def test_declining_a_push_with_push_optional() -> None:
    ts = bt.new_table(rules.Options(push_optional=True), NAMES)
    ts = roll(roll(roll(ts, 5, 2), 3), 5, 6)  # A 11
    ts, _ = press(ts, "plus")
    ts, _ = press(ts, "plus")
    assert ts.choice == Choice("point2", no_push=True)
    ts = roll(ts, 6, 5)  # B declines to push A's 11: B's bowl is dead
    assert board(ts) == {11: "A"} and ts.match.state.pocket == PerSide(0, 1)


# --- the software die ----------------------------------------------------------------

CHI2_CRIT_5DF_P001 = 15.086
"""Chi-square critical value, 5 degrees of freedom, p = 0.01."""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_software_die_is_uniform_chi_square(seed: int) -> None:
    rng = random.Random(seed)
    counts = [0] * 6
    for _ in range(20_000):
        for v in software_die.roll(3, rng.randrange):
            counts[v - 1] += 1
    assert sum(counts) == 60_000
    assert software_die.chi_square(counts) < CHI2_CRIT_5DF_P001


def test_the_chi_square_test_catches_a_loaded_die() -> None:
    rng = random.Random(1)
    loaded = lambda n: 5 if rng.random() < 0.2 else rng.randrange(n)
    counts = [0] * 6
    for _ in range(60_000):
        counts[software_die.roll(1, loaded)[0] - 1] += 1
    assert software_die.chi_square(counts) > CHI2_CRIT_5DF_P001


def test_the_software_die_refuses_bad_counts_and_a_broken_source() -> None:
    assert software_die.roll(2, lambda n: 0) == (1, 1)
    assert software_die.roll(1, lambda n: 5) == (6,)
    with pytest.raises(ValueError):
        software_die.roll(0)
    with pytest.raises(ValueError, match="gave 6"):
        software_die.roll(1, lambda n: 6)  # would be a 7


def test_the_runtime_default_die_is_the_software_die() -> None:
    from pitchside.app.runtime import system_dice

    values = system_dice(3)
    assert len(values) == 3 and all(1 <= v <= 6 for v in values)
