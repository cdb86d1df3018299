"""The feed's ``board`` (pitchside.web.boards) from each game's own state and recent
inputs, value by value, and the ``[web] overlay`` key."""

from __future__ import annotations

import pytest

from pitchside.app.config_reader import Problems, Section
from pitchside.app.config_web import read_web
from pitchside.core.match import Match
from pitchside.core.record.games import codec_for
from pitchside.core.rules import boulomania as bm
from pitchside.core.rules import mastermove as mm
from pitchside.core.rules import pichenotte as pi
from pitchside.core.rules import pitchbowl as pb
from pitchside.core.rules import pitchnut as pn
from pitchside.core.sides import PerSide
from pitchside.web import boards
from pitchside.web.feed import jsonable


def _play(game: str, options: object, *inputs: object) -> Match:
    match = Match.start(codec_for(game), options)
    for inp in inputs:
        match = match.apply(inp)[0]
    return match


def test_pichenotte_the_round_its_twenties_and_the_rounds_before() -> None:
    m = _play("pichenotte", pi.Options(pucks=2), pi.CoinToss("A"), pi.Shot(twenty=True), pi.Shot(),
              pi.Shot(twenty=True, called=True))
    assert boards.board(m) == boards.PichenotteBoard(1, "shooting", "rounds", 4, PerSide(2, 0), PerSide(0, 1),
                                                     PerSide(0, 1), ())


def test_pitchnut_pieces_left_per_side_and_the_pockets_recent_drops() -> None:
    m = _play("pitchnut", pn.Options(pieces=3, games=2), pn.CoinToss("A"), pn.Breaker("A"),
              pn.Shot(white=2, sensed=(1, 0, 0, 1)), pn.Shot(black=1))
    b = boards.board(m)
    assert b == boards.PitchnutBoard(1, 2, 3, PerSide(0, 0), PerSide("white", "black"), PerSide(1, 2), 1, 2,
                                     PerSide(0, 0), 0,
                                     (boards.PitchnutDrop("A", 0, 1, False, None),
                                      boards.PitchnutDrop("A", 2, 0, False, (1, 0, 0, 1))))


def test_boulomania_the_board_the_last_dice_and_the_round() -> None:
    m = _play("boulomania", bm.Options(), bm.StartRoll(5, 2), bm.JackRoll(3), bm.Point((4, 3)))
    b = boards.board(m)
    assert isinstance(b, boards.BoulomaniaBoard)
    assert (b.round, b.dice, b.dice_by, b.in_hand) == (1, (4, 3), "A", PerSide(7, 8))
    held = {(s.n, s.bowl, s.jack) for s in b.spaces if s.bowl is not None or s.jack}
    assert held == {(3, None, True), (7, "A", False)}
    assert len(b.spaces) == 18 and b.holder == "A"


def test_pitch_bowl_possession_the_tracker_and_the_pitches_left() -> None:
    m = Match.start(codec_for("pitchbowl"), pb.Options())
    b = boards.board(m)
    assert b == boards.PitchBowlBoard("toss", None, None, None, PerSide(11, 11), 0, 0,
                                      tuple(boards.PitchBowlAction(n, False) for n in ("All-Out", "Pass", "Strip", "Pick Up")),
                                      False)


def test_master_move_the_board_and_the_last_move() -> None:
    a = mm.Lineup("A", tuple((mm.square(q), k) for q, k in (("E1", "keeper"), ("C2", "defender"), ("G2", "defender"),
                 ("B3", "winger"), ("E4", "winger"), ("H3", "winger"), ("D8", "runner"), ("F8", "runner"),
                 ("E7", "joker"), ("B7", "raider"), ("H7", "raider"))))
    b_ = mm.Lineup("B", tuple((mm.square(q), k) for q, k in (("E16", "keeper"), ("C15", "defender"), ("G15", "defender"),
                  ("B14", "winger"), ("E13", "winger"), ("H14", "winger"), ("C9", "runner"), ("G9", "runner"),
                  ("E10", "joker"), ("B10", "raider"), ("H10", "raider"))))
    m = _play("mastermove", mm.Options(first_mover="A"), a, b_)
    before = boards.board(m)
    assert isinstance(before, boards.MasterMoveBoard) and before.last_move is None
    m = m.apply(mm.Move(mm.square("E4"), mm.square("F5")))[0]  # a winger keeps its grass colour
    b = boards.board(m)
    assert isinstance(b, boards.MasterMoveBoard)
    assert (b.last_move, b.last_by) == (("E4", "F5"), "A")
    assert (b.rows[4][0], b.rows[4][3], b.rows[5][4], b.rows[4][15]) == ("K", ".", "W", "k")
    assert jsonable(b)["type"] == "MasterMoveBoard"


@pytest.mark.parametrize(("value", "want", "problems"), [
    (None, "bottom", []), ("top", "top", []),
    ("left", "bottom", ['web.overlay: must be "bottom" or "top", not \'left\'']),
])
def test_the_overlay_position_key(value: str | None, want: str, problems: list[str]) -> None:
    found = Problems("table.toml")
    web = read_web(Section(found, "", {"web": {} if value is None else {"overlay": value}}))
    assert web is not None and web.overlay == want
    assert [f"{e.key}: {e.message}" for e in found.found] == problems


def test_the_latest_refusal_is_kept_even_when_the_publisher_skips_its_state() -> None:
    """Latest wins in the publisher's worker: a refusal followed at once by the next
    input may never be built into a snapshot of its own; it is still the feed's
    ``last_refusal`` after it, and a new match forgets it."""
    from pitchside.web.publisher import FeedPublisher
    from support.web_live import sim_table

    sim, sc = sim_table("pitchnut")
    states = []
    try:
        for action in sc.actions:
            sim.act(action, sc.gap_s)
            prompt = sim.runtime.state.prompt
            if states or (prompt is not None and prompt.kind == "refusal"):
                states.append(sim.runtime.kiosk)
            if len(states) >= 2 and (prompt is None or prompt.kind != "refusal"):
                break
        refused, after = states[0], states[-1]
        text = refused.table.prompt.text
        got: list[dict] = []
        pub = FeedPublisher([got.append], heartbeat_s=None)
        try:
            pub.publish(refused, match_id=1)
            pub.publish(after, match_id=1)
            assert pub.flush()
            assert got[-1]["refusal"] is None
            assert got[-1]["last_refusal"] == {"rule": "PN-A12", "text": text}
            pub.publish(after, match_id=2)  # another match
            assert pub.flush()
            assert got[-1]["last_refusal"] is None
        finally:
            pub.close()
    finally:
        sim.close()
