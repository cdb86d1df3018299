"""The Pitchnut referee flow at the table: panel and pocket events -> rules inputs (pure).

Each test drives :func:`pitchside.tables.pitchnut.handle` with the events the drivers
produce and asserts the exact rules state and journaled inputs (rulings PN-xx).
"""

from __future__ import annotations

from dataclasses import replace

from pitchside.tables import pitchnut as t
from pitchside.tables.effects import Accepted, CoinTossed, StartTimer, TossCoin
from pitchside.core.game import Outcome
from pitchside.core.notice import Notice
from pitchside.core.rules import pitchnut as R
from pitchside.core.sides import PerSide
from pitchside.render.pitchnut import _status, short_cause
from pitchside.signals.events import BeamBroken, ButtonPressed, SensorNoisy, TimerFired


def press(ts: t.TableState, *names: str, at: float = 0.0) -> tuple[t.TableState, list[object]]:
    effects: list[object] = []
    for name in names:
        ts, eff = t.handle(ts, ButtonPressed(name, at))
        effects.extend(eff)
    return ts, effects


def unsensed(effects: object) -> list[object]:
    """The effects with each shot's ``sensed`` and ``by_hand`` records dropped, to
    compare what was confirmed (the records are checked where they matter)."""
    return [
        Accepted(replace(e.input, sensed=None, by_hand=()), e.at) if isinstance(e, Accepted) and isinstance(e.input, R.Shot) else e
        for e in effects  # type: ignore[attr-defined]
    ]


def drop(ts: t.TableState, pocket: int, at: float = 1.0) -> tuple[t.TableState, tuple[object, ...]]:
    return t.handle(ts, BeamBroken(f"pocket_{pocket}", at, 0.03))


def start(options: R.Options | None = None, winner: str = "A", breaker: str | None = None) -> t.TableState:
    """A match tossed (``winner``) and broken by ``breaker`` (default the toss winner)."""
    ts = t.new_table(options or R.Options(), ("Ann", "Bob"))
    ts, eff = press(ts, "coin")
    assert eff == [TossCoin()]
    ts, eff2 = t.handle(ts, CoinTossed(winner, 0.0))  # type: ignore[arg-type]
    assert eff2 == (Accepted(R.CoinToss(winner), 0.0),)  # type: ignore[arg-type]
    if breaker is not None and breaker != winner:
        ts, _ = press(ts, "plus")
    ts, eff3 = press(ts, "shot_done")
    assert eff3 == [Accepted(R.Breaker(breaker or winner), 0.0)]  # type: ignore[arg-type]
    return ts


def sheet_shot(ts: t.TableState, kinds: list[str], pockets: list[int] | None = None,
               extra: tuple[str, ...] = ()) -> tuple[t.TableState, list[object]]:
    """Pieces drop (pocket 1 unless said), the shooter says what each was with + and
    NEXT on the shot sheet, presses ``extra``, and confirms."""
    for i, _ in enumerate(kinds):
        ts, _ = drop(ts, (pockets or [1] * len(kinds))[i], at=1.0 + i * 0.1)
    ts, _ = press(ts, "shot_done")
    assert ts.mode == "sheet" and ts.cursor == 0
    order = t.kinds_for(ts.match.state)
    for kind in kinds:
        ts, _ = press(ts, *(["plus"] * (order.index(kind) + 1)), "next")  # type: ignore[arg-type]
    ts, _ = press(ts, *extra)
    return press(ts, "shot_done", at=5.0)


def test_the_toss_winner_chooses_the_breaker_with_plus_and_done_PN_05() -> None:
    ts = t.new_table(names=("Ann", "Bob"))
    ts, eff = press(ts, "coin")
    ts, _ = t.handle(ts, CoinTossed("A", 0.0))
    assert ts.match.state.phase == "choose_breaker"
    assert t.view(ts).breaker == "A"
    ts, _ = press(ts, "plus")
    assert t.view(ts).breaker == "B"
    ts, eff = press(ts, "shot_done", at=2.0)
    assert eff == [Accepted(R.Breaker("B"), 2.0)]
    assert ts.match.state.turn == "B" and ts.match.state.breaker == "B" and ts.match.state.is_break


def test_a_press_other_than_coin_before_the_toss_is_refused_PN_05() -> None:
    ts = t.new_table()
    ts2, eff = press(ts, "pitch_off")
    assert eff == [] and ts2.match == ts.match
    assert ts2.prompt is not None and ts2.prompt.kind == "refusal" and ts2.prompt.rule == "PN-05"


def test_a_drop_adds_a_sensed_piece_and_starts_the_quiet_timer() -> None:
    ts = start()
    ts, eff = drop(ts, 2, at=4.0)
    assert eff == (StartTimer("game:quiet", 4.0 + t.QUIET_S),)
    assert ts.draft.pieces == (t.Piece(2, "?", 4.0, 0.03),)
    assert ts.draft.sensed() == (0, 1, 0, 0)
    assert t.shot_line(ts.draft) == "1 IN: P2"


def test_the_quiet_time_proposes_the_end_of_the_shot_but_never_commits_it() -> None:
    ts = start()
    ts, _ = drop(ts, 1, at=1.0)
    ts, _ = drop(ts, 3, at=2.0)
    early, eff = t.handle(ts, TimerFired("game:quiet", 4.0))  # the first drop's timer: not quiet yet
    assert early.prompt is None and eff == ()
    ts, eff = t.handle(ts, TimerFired("game:quiet", 5.0))
    assert eff == ()
    assert ts.prompt is not None and ts.prompt.text == "Still? DONE ends shot"
    assert ts.match.state == start().match.state  # nothing committed
    assert ts.draft.sensed() == (1, 0, 1, 0)


def test_a_drop_ends_the_last_shots_spot_action_and_the_proposal_replaces_an_old_notice() -> None:
    ts = start()
    ts, _ = sheet_shot(ts, ["white"])
    ts, _ = press(ts, "pitch_off", "shot_done")
    assert ts.action == "SPOT 1 WHITE AT CENTRE" and ts.prompt is not None
    ts, _ = drop(ts, 2, at=10.0)  # Bob's shot is under way
    assert ts.action is None and t.view(ts).shot_line == "1 IN: P2"
    ts, _ = t.handle(ts, SensorNoisy("pocket_1", 10.5, "storm: 14 pulses within 30 ms"))
    kept, _ = t.handle(ts, TimerFired("game:quiet", 13.0))
    assert kept.prompt == t.Prompt("POCKET 1 STORM", "warning")  # a warning is not replaced
    ts = replace(ts, prompt=t.Prompt("Bob to shoot", "info"))
    ts, _ = t.handle(ts, TimerFired("game:quiet", 13.0))
    assert ts.prompt == t.Prompt("Still? DONE ends shot", "info")


def test_done_opens_the_shot_sheet_and_an_unnamed_piece_is_refused_PN_A12() -> None:
    ts = start()
    ts, _ = drop(ts, 1)
    ts, _ = drop(ts, 4)
    ts, eff = press(ts, "shot_done")
    assert eff == [] and ts.mode == "sheet" and ts.cursor == 0
    ts, _ = press(ts, "plus", "shot_done")  # piece 1 white, piece 2 still "?"
    assert ts.prompt is not None and ts.prompt.kind == "refusal" and ts.prompt.rule == "PN-A12"
    assert ts.prompt.text == "piece 2 (pocket 4): say what it was with + -"
    assert ts.cursor == 1
    assert ts.match.state.pocketed == R.Pieces(0, 0)


def test_kinds_cycle_with_the_shooters_colour_first_once_assigned_PN_10() -> None:
    ts = start()
    assert t.kinds_for(ts.match.state) == ("white", "black", "poison", "pitch", "double")
    ts, eff = sheet_shot(ts, ["black"])  # Ann pockets one black on the break: Ann is black
    assert unsensed(eff) == [Accepted(R.Shot(black=1), 5.0)]
    assert ts.match.state.colours == PerSide("black", "white")
    assert ts.match.state.turn == "A"
    assert t.kinds_for(ts.match.state) == ("black", "white", "poison", "pitch", "double")
    ts, _ = drop(ts, 1)
    ts, _ = press(ts, "shot_done", "minus")  # minus from "?" offers the last kind first
    assert ts.draft.pieces[0].kind == "double"
    ts, _ = press(ts, "plus")
    assert ts.draft.pieces[0].kind == "black"


def test_a_double_count_is_corrected_and_both_sensed_and_confirmed_are_kept() -> None:
    """The beam counted a bouncing piece twice: two sensed, one confirmed."""
    ts = start()
    ts, eff = sheet_shot(ts, ["white", "double"], pockets=[3, 3])
    assert eff == [Accepted(R.Shot(white=1, sensed=(0, 0, 2, 0)), 5.0)]  # journaled: both
    assert ts.last == t.ShotReport((0, 0, 2, 0), R.Shot(white=1, sensed=(0, 0, 2, 0)), R.Pieces())
    assert ts.match.state.pocketed == R.Pieces(1, 0)
    assert ts.match.state.colours == PerSide("white", "black")


def test_a_piece_the_beam_missed_is_added_by_hand() -> None:
    ts = start()
    ts, _ = drop(ts, 1)
    ts, _ = press(ts, "shot_done", "plus", "next")  # piece 1 white; cursor on "+ PIECE"
    assert t.rows(ts)[ts.cursor] == ("add", 0)
    ts, _ = press(ts, "plus")  # adds piece 2 (by hand), cursor on it
    assert ts.draft.pieces[1].pocket == 0 and ts.cursor == 1
    ts, eff = press(ts, "plus", "shot_done")
    # journaled: both pieces count; the record says the second was entered by hand
    assert eff == [Accepted(R.Shot(white=2, sensed=(1, 0, 0, 0), by_hand=("white",)), 0.0)]
    assert ts.last is not None and ts.last.sensed == (1, 0, 0, 0)
    assert ts.match.state.bonus == 1  # two own on the assigning shot: one bonus turn (PN-30)


def test_a_scratch_before_any_piece_owes_one_that_the_next_sunk_piece_pays_PN_08_PN_29() -> None:
    ts = start()
    ts, eff = sheet_shot(ts, ["white"])  # Ann white, goes on
    ts, eff = press(ts, "pitch_off", "shot_done")  # Ann scratches off the board: spot one white
    assert unsensed(eff) == [Accepted(R.Shot(pitch="off"), 0.0)]
    assert ts.action == "SPOT 1 WHITE AT CENTRE"
    assert ts.match.state.pocketed == R.Pieces(0, 0) and ts.match.state.turn == "B"
    ts, eff = press(ts, "shot_done")  # Bob misses: nothing sensed commits straight away
    assert unsensed(eff) == [Accepted(R.Shot(), 0.0)] and ts.action is None
    ts, eff = press(ts, "pitch_off", "shot_done")  # Ann scratches again: none pocketed, owes one
    assert ts.match.state.owed == PerSide(1, 0)
    assert ts.prompt is not None and ts.prompt.text == "Scratch: Ann owes 1"
    assert _status(ts.match.state, "A") == "OWES 1"
    ts, _ = press(ts, "shot_done")  # Bob misses
    ts, eff = sheet_shot(ts, ["white"])  # Ann sinks a white: it pays the debt, spotted
    assert unsensed(eff) == [Accepted(R.Shot(white=1), 5.0)]
    assert ts.match.state.owed == PerSide(0, 0) and ts.match.state.pocketed == R.Pieces(0, 0)
    assert ts.action == "SPOT 1 WHITE AT CENTRE"
    assert ts.last is not None and ts.last.spotted == R.Pieces(1, 0)
    assert ts.match.state.turn == "A"  # the paying shot still counts (PN-29)


def test_a_triple_banks_two_bonus_turns_shown_by_the_shooter_PN_15() -> None:
    ts = start()
    ts, _ = sheet_shot(ts, ["white"])  # Ann is white (the prompt says so), goes on
    assert ts.prompt is not None and ts.prompt.text == "Ann is white, Bob is black"
    ts, eff = sheet_shot(ts, ["white", "white", "white"], pockets=[1, 2, 2])
    assert unsensed(eff) == [Accepted(R.Shot(white=3), 5.0)]
    assert ts.match.state.bonus == 2 and ts.match.state.turn == "A"
    assert ts.prompt is not None and ts.prompt.text == "Ann banks 2 bonus"
    assert _status(ts.match.state, "A") == "+2 BONUS"
    assert _status(ts.match.state, "B") == "BLACK"
    ts, _ = press(ts, "shot_done")  # a miss spends one
    assert ts.match.state.bonus == 1 and ts.match.state.turn == "A"
    assert ts.prompt is not None and ts.prompt.text == "Ann uses a bonus turn"


def test_the_poison_with_a_scratch_loses_PN_21() -> None:
    ts = start(R.Options(games=1))
    ts, _ = sheet_shot(ts, ["white"])  # not the break any more
    ts, eff = sheet_shot(ts, ["poison", "pitch"], pockets=[2, 4])
    assert unsensed(eff) == [Accepted(R.Shot(poison=True, pitch="pocket"), 5.0)]
    assert ts.match.state.phase == "finished"
    assert R.outcome(ts.match.state) == Outcome("B", Notice.of("PN-21", "poison_with_scratch", side="A"))
    assert short_cause(R.outcome(ts.match.state).cause, ts.names) == "Ann: poison with a scratch (PN-21)"  # type: ignore[union-attr]


def test_the_poison_alone_on_the_poison_wins_and_the_loser_breaks_the_next_game_PN_31() -> None:
    ts = start(R.Options(pieces=2, games=2))
    ts, _ = sheet_shot(ts, ["white", "white"])  # Ann: both whites, a bonus turn; on the poison
    assert R.is_on_poison(ts.match.state, "A")
    assert ts.prompt is not None and ts.prompt.text == "Ann: on the poison"
    ts, eff = sheet_shot(ts, ["poison"])
    assert unsensed(eff) == [Accepted(R.Shot(poison=True), 5.0)]
    assert ts.match.state.score == PerSide(1, 0) and ts.match.state.game_number == 2
    assert ts.match.state.turn == "B" and ts.match.state.breaker == "B"
    assert ts.prompt is not None and ts.prompt.text == "Ann wins game 1"


def test_two_poisons_or_two_pitches_are_refused_on_the_sheet() -> None:
    ts = start()
    ts2, eff = sheet_shot(ts, ["poison", "poison"])
    assert eff == [] and ts2.prompt is not None and ts2.prompt.rule == "PN-01"
    ts3, eff = sheet_shot(ts, ["pitch"], extra=("pitch_off",))
    assert eff == [] and ts3.prompt is not None and ts3.prompt.rule == "PN-08"
    assert ts3.mode == "sheet"  # the sheet stays to be corrected


def test_an_equal_debt_payment_on_an_open_board_asks_which_colour_to_spot_PN_A5() -> None:
    ts = start()
    ts, _ = press(ts, "pitch_off", "shot_done")  # Ann scratches on the break: owes one (PN-28)
    ts, _ = press(ts, "shot_done")  # Bob misses
    ts, eff = sheet_shot(ts, ["white", "black"])
    assert eff == []
    assert ts.prompt is not None and ts.prompt.rule == "PN-A5"
    assert t.rows(ts)[ts.cursor] == ("spot", 0)
    ts, eff = press(ts, "minus", "shot_done")  # minus from "?": black
    assert unsensed(eff) == [Accepted(R.Shot(white=1, black=1, spot="black"), 0.0)]
    assert ts.match.state.owed == PerSide(0, 0) and ts.match.state.pocketed == R.Pieces(1, 0)
    assert ts.action == "SPOT 1 BLACK AT CENTRE"


def test_knocked_off_pieces_and_a_foul_come_from_the_sheet_PN_A8_PN_A10() -> None:
    ts = start()
    ts, _ = sheet_shot(ts, ["white"])
    ts, _ = press(ts, "next")  # the sheet with no piece: cursor on "+ PIECE"
    keys = [k for k, _ in t.rows(ts)]
    assert keys == ["add", "pitch_off", "foul", "white_off", "black_off", "poison_off"]
    ts, _ = press(ts, "next", "next", "plus", "next", "next", "plus", "plus", "shot_done")
    assert ts.match.state.turn == "B"
    assert ts.last is not None and ts.last.shot == R.Shot(foul=True, black_off=2)
    assert ts.action == "SPOT 1 WHITE + 2 BLACK"  # the foul's spotted white, the two off


def test_undo_leaves_the_sheet_then_clears_the_shot_then_takes_back_an_input() -> None:
    ts = start()
    ts, _ = drop(ts, 1)
    ts, _ = press(ts, "shot_done")
    ts, eff = press(ts, "undo")
    assert eff == [] and ts.mode == "live" and len(ts.draft.pieces) == 1
    ts, eff = press(ts, "undo")
    assert eff == [] and ts.draft == t.ShotDraft()
    ts, eff = press(ts, "undo", at=3.0)
    assert eff == [Accepted(None, 3.0)]
    assert ts.match.state.phase == "choose_breaker"


def test_a_noisy_pocket_is_shown_and_a_drop_outside_a_shot_is_ignored() -> None:
    ts = start()
    ts, _ = t.handle(ts, SensorNoisy("pocket_2", 1.0, "storm: 14 pulses within 30 ms"))
    assert ts.prompt == t.Prompt("POCKET 2 STORM", "warning")
    before = t.new_table()
    after, eff = drop(before, 1)
    assert eff == () and after.match == before.match and after.draft == t.ShotDraft()
    assert after.prompt is not None and after.prompt.kind == "warning"


def test_resumed_shows_the_last_inputs_prompt() -> None:
    ts = start()
    ts, _ = sheet_shot(ts, ["white", "white", "white"])
    again = t.resumed(ts.match, ts.names, last_was_undo=False)
    assert again.prompt == ts.prompt
    assert t.resumed(ts.match, ts.names, last_was_undo=True).prompt == t.Prompt("Undone", "info")


def test_menu_rows_and_changes() -> None:
    app = t.APP
    opts = R.Options()
    assert app.menu(opts) == (("Players", "SINGLES"), ("Match", "1 GAME"), ("Rules", "STANDARD"))
    opts = app.menu_change(opts, 1, 1)
    assert opts.games == 2
    opts = app.menu_change(opts, 2, 1)
    assert (opts.scratch_keeps_turn, opts.miss_reshoot) == (True, True)
    assert app.menu(opts)[2] == ("Rules", "BEGINNERS")
    assert app.menu_change(opts, 0, 1).players == "doubles"
    assert app.summary(start(opts)) == "Game 1, 0-0"


def test_miss_reshoot_offers_the_touched_row_PN_23() -> None:
    ts = start(R.Options(miss_reshoot=True))
    ts, _ = press(ts, "next")
    assert ("touched", 0) in t.rows(ts)
    ts = replace(ts, cursor=t.rows(ts).index(("touched", 0)))
    ts, eff = press(ts, "plus", "shot_done")
    assert unsensed(eff) == [Accepted(R.Shot(touched=False), 0.0)]
    assert ts.match.state.turn == "A" and ts.match.state.is_break  # the break is taken again
