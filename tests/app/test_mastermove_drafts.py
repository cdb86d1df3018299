"""A Master Move line-up set on the panel and not sent survives a restart: each move of
it is journaled (the table's ``DraftChanged``) before the frame that shows it, and a
table restarted during the line-up shows it again. Sending it, an undo back to the
standard line-ups and a new match drop it; a storage fault leaves it in memory with
NOT SAVING on the display. A real journal in a temporary directory."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder
from pitchside.app.runtime import Runtime, TableParts
from pitchside.core.pricing import Credit, Pricing
from pitchside.core.rules import mastermove as rules
from pitchside.render import screen
from pitchside.render.view import Prompt
from pitchside.signals.events import ButtonPressed, ButtonReleased, CoinInserted
from pitchside.tables import mastermove as mt
from pitchside.tables.effects import Accepted, DraftChanged
from pitchside.tables.kiosk import KioskSettings
from support.credits_table import ledger

NAMES = ("Ann", "Bob")
SIZE = (128, 64)
MOVED_A = ((64, "keeper"), (33, "defender"), (97, "defender"), (1, "winger"), (67, "winger"), (114, "winger"),
           (55, "runner"), (87, "runner"), (70, "joker"), (22, "raider"), (118, "raider"))
"""A's standard line-up with its B3 winger moved to A2 (plus, OK, OK on a new table)."""
MOVED_A_LINE = ('{"input": "lineup", "side": "A", "pieces": '
                '{"keeper": ["E1"], "defender": ["C2", "G2"], "winger": ["A2", "E4", "H3"], '
                '"runner": ["D8", "F8"], "joker": ["E7"], "raider": ["B7", "H7"]}}')


def press(ts: mt.TableState, name: str, at: float = 1.0) -> tuple[mt.TableState, tuple[object, ...]]:
    return mt.handle(ts, ButtonPressed(name, at))


# --- the pure table --------------------------------------------------------------------


def test_a_move_of_the_line_up_is_a_draft_changed_and_only_the_last_press_makes_one() -> None:
    ts = mt.new_table(names=NAMES)
    ts, plus = press(ts, "plus")
    ts, picked = press(ts, "shot_done")
    ts, moved = press(ts, "shot_done")
    assert (plus, picked) == ((), ())
    assert moved == (DraftChanged("A", rules.Lineup("A", MOVED_A)),)
    assert ts.drafts.A == MOVED_A and ts.prompt == Prompt("B3 to A2: DONE sends", "info")


def test_undo_back_to_the_standard_line_ups_drops_the_draft_and_sending_drops_it_by_its_input() -> None:
    ts = mt.new_table(names=NAMES)
    for name in ("plus", "shot_done", "shot_done"):
        ts, _ = press(ts, name)
    ts, hidden = press(ts, "undo")  # hides the cursor first
    back, dropped = press(ts, "undo")
    assert hidden == ()
    assert dropped == (DraftChanged("A", None),)  # B's was never moved: A lines up first
    assert back.drafts == mt.STANDARD_LINEUPS
    _, refused = press(back, "undo")  # nothing to undo, nothing changed: no draft effect
    assert refused == ()
    ts, sent = press(ts, "shot_done", 2.0)  # no cursor: DONE sends the line-up shown
    assert sent == (Accepted(rules.Lineup("A", MOVED_A), 2.0),)


def test_with_drafts_shows_a_lining_side_s_draft_and_leaves_a_sent_line_up_alone() -> None:
    fresh = mt.new_table(names=NAMES)
    shown = mt.with_drafts(fresh, {"A": rules.Lineup("A", MOVED_A)})
    assert shown.drafts == mt.STANDARD_LINEUPS.set("A", MOVED_A)
    ts, _ = press(fresh, "shot_done")  # A's standard line-up sent: B lines up
    assert mt.lining_side(ts) == "B"
    moved_b = tuple((sq + 1 if k == "joker" else sq, k) for sq, k in mt.STANDARD_LINEUPS.B)
    again = mt.with_drafts(ts, {"A": rules.Lineup("A", MOVED_A), "B": rules.Lineup("B", moved_b)})
    assert again.drafts == mt.STANDARD_LINEUPS.set("B", moved_b)  # A's is the one in effect
    wrong_side = mt.with_drafts(fresh, {"A": rules.Lineup("B", moved_b)})
    assert wrong_side.drafts == mt.STANDARD_LINEUPS


# --- the journal --------------------------------------------------------------------------


HEADER = {"format": 1, "game": "mastermove", "options": {}, "rules_version": 1, "sides": {"A": "Ann", "B": "Bob"}}


def test_drafts_round_trip_and_go_with_the_next_lines_and_the_end(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as j:
        mid = j.start_match(HEADER)
        j.append_lines(mid, (), drafts=(("A", MOVED_A_LINE), ("B", "{}")))
        assert j.drafts(mid) == {"A": MOVED_A_LINE, "B": "{}"}
        j.append_lines(mid, (), drafts=(("B", None),))
        assert j.drafts(mid) == {"A": MOVED_A_LINE}
        j.append_lines(mid, [{"input": "lineup", "side": "A", "at": 1.0}], drop_drafts=True)
        assert j.drafts(mid) == {}
        j.append_lines(mid, (), drafts=(("B", "{}"),))
        j.end_match(mid, "abandoned")
        assert (j.drafts(mid), j.lines(mid)[1:]) == ({}, ['{"input": "lineup", "side": "A", "at": 1.0}'])


def test_a_journal_from_before_drafts_gains_their_table_when_opened(tmp_path: Path) -> None:
    db = tmp_path / "j.db"
    with Journal.open(db) as j:
        mid = j.start_match(HEADER)
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("DROP TABLE drafts")
        conn.commit()
    with Journal.open_readonly(db) as old:
        assert old.drafts(mid) == {}  # read as none
    with Journal.open(db) as j:
        j.append_lines(mid, (), drafts=(("A", MOVED_A_LINE),))
        assert j.drafts(mid) == {"A": MOVED_A_LINE}
        assert [r.status for r in j.history()] == ["playing"]


# --- through the runtime: quit during the line-up, start again ----------------------------


@dataclass
class Clock:
    t: float = 100.0

    def __call__(self) -> float:
        return self.t


@dataclass
class DraftsAtShow:
    """A sink that reads the journal's drafts, from another connection, as each frame is
    shown: what is on disk before the players see it."""

    db: Path
    seen: list[dict[str, str]] = field(default_factory=list)
    images: list[bytes] = field(default_factory=list)

    def show(self, image: Any) -> None:
        with closing(sqlite3.connect(self.db)) as conn:
            self.seen.append(dict(conn.execute("SELECT side, line FROM drafts")))
        self.images.append(image.tobytes())


def start(
    db: Path, clock: Clock, pricing: Pricing | None = None
) -> tuple[Journal, Recorder, Runtime, DraftsAtShow]:
    j = Journal.open(db)
    rec = Recorder(j, clock)
    settings = replace(KioskSettings(), app=mt.APP, pricing=pricing)
    table = rec.resume(mt.new_table(names=NAMES))
    sink = DraftsAtShow(db)
    rt = Runtime(table, TableParts(sink, lambda: "A", clock, recorder=rec, size=SIZE, settings=settings))
    rt.refresh()
    return j, rec, rt, sink


def presses(rt: Runtime, clock: Clock, *names: str) -> None:
    for name in names:
        clock.t += 1.0
        rt.post(ButtonPressed(name, clock.t))
        rt.post(ButtonReleased(name, clock.t + 0.1))
        rt.process_pending()


def test_a_line_up_set_on_the_panel_is_back_after_a_restart_and_sending_it_drops_the_draft(tmp_path: Path) -> None:
    db, clock = tmp_path / "j.db", Clock()
    j, rec, rt, sink = start(db, clock)
    assert rt.kiosk.mode == "attract"
    presses(rt, clock, "shot_done", "shot_done")  # attract -> menu -> a new match
    assert (rt.kiosk.mode, rt.state.match.state.phase, rec.match_id) == ("playing", "lineup", None)
    presses(rt, clock, "plus", "shot_done", "shot_done")
    assert rt.state.drafts.A == MOVED_A
    assert sink.seen[-1] == {"A": MOVED_A_LINE}  # on disk when its frame was shown
    assert (rec.match_id, [r.inputs for r in j.history()]) == (1, [0])
    live = sink.images[-1]
    j.close()  # quit: nothing more is written

    clock2 = Clock(5.0)
    j2, rec2, rt2, sink2 = start(db, clock2)
    assert (rt2.kiosk.mode, rec2.match_id, rt2.state.drafts.A, rt2.state.drafts.B) == (
        "playing", 1, MOVED_A, mt.STANDARD_LINEUPS.B)
    assert rt2.state.prompt is None
    assert sink2.images[-1] == screen.compose(rt2.frame(), rt2._panel, rt2._spares).image.tobytes()
    assert mt.view(rt2.state).board == mt.view(replace(rt.state, prompt=None)).board  # shown as it was
    presses(rt2, clock2, "shot_done")  # no cursor: DONE sends A's line-up
    assert rt2.state.match.inputs == [rules.Lineup("A", MOVED_A)]
    assert (j2.drafts(1), sink2.seen[-1]) == ({}, {})
    assert j2.lines(1)[1:] == [MOVED_A_LINE[:-1] + ', "at": 1.0}']  # from the restart: no line before
    assert live != sink2.images[-1]
    j2.close()


def test_undo_to_the_standard_line_ups_and_a_new_match_drop_the_drafts(tmp_path: Path) -> None:
    db, clock = tmp_path / "j.db", Clock()
    j, rec, rt, sink = start(db, clock)
    presses(rt, clock, "shot_done", "shot_done", "plus", "shot_done", "shot_done")
    assert j.drafts(1) == {"A": MOVED_A_LINE}
    presses(rt, clock, "undo", "undo")  # the cursor hidden, then back to the standard line-ups
    assert (rt.state.drafts, j.drafts(1), sink.seen[-1]) == (mt.STANDARD_LINEUPS, {}, {})
    presses(rt, clock, "plus", "shot_done", "shot_done")
    assert j.drafts(1) == {"A": MOVED_A_LINE}
    presses(rt, clock, "new", "shot_done")  # no input yet: NEW is the menu, DONE a new match
    assert ([r.status for r in j.history()], rec.match_id, rt.state.drafts) == (["abandoned"], None, mt.STANDARD_LINEUPS)
    assert j.drafts(1) == {}
    j.close()


class DiskFull:
    """A connection whose every write fails as on a full disk."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def close(self) -> None:
        self.conn.close()


def test_a_draft_the_storage_refuses_is_kept_in_memory_with_not_saving_on_the_display(tmp_path: Path) -> None:
    db, clock = tmp_path / "j.db", Clock()
    j, rec, rt, sink = start(db, clock)
    presses(rt, clock, "shot_done", "shot_done", "plus", "shot_done")
    j._conn = DiskFull(j._conn)  # type: ignore[arg-type, assignment]
    presses(rt, clock, "shot_done")
    assert (rt.state.drafts.A, j.durable, rec.warning) == (MOVED_A, False, "NOT SAVING: disk full")
    assert (rt.frame().warning, rt.frame().badge) == ("NOT SAVING: disk full", True)
    assert rec.match_id == -1 and j.unsaved() == [-1]  # the match goes on in memory
    presses(rt, clock, "undo", "shot_done")  # the cursor hidden, A's line-up sent: kept in memory
    assert (rt.state.match.inputs, rt.state.drafts.A) == ([rules.Lineup("A", MOVED_A)], MOVED_A)
    assert j.lines(-1)[1:] == [MOVED_A_LINE[:-1] + ', "at": 5.0}']  # 107 s, the match started at 102
    j.close()


def test_on_a_pay_to_play_table_the_draft_that_stores_the_match_pays_for_it(tmp_path: Path) -> None:
    """A restart during the line-up goes back to the match (paid), never to a free one."""
    db, clock = tmp_path / "j.db", Clock()
    prices = Pricing(coins=((2, 100),), game=100)
    j, rec, rt, sink = start(db, clock, prices)
    rt.post(CoinInserted("coin_slot", clock.t, 2))
    presses(rt, clock, "shot_done", "shot_done", "plus", "shot_done")
    assert (rt.kiosk.reserved, j.balance()) == (100, (100, 100))  # reserved, not yet spent
    presses(rt, clock, "shot_done")  # the first draft: the match stored, and paid
    assert (rt.kiosk.reserved, rt.kiosk.credit, j.balance()) == (0, Credit(0, 0), (0, 0))
    j.close()
    clock2 = Clock(5.0)
    j2, rec2, rt2, _ = start(db, clock2, prices)
    assert (rt2.kiosk.mode, rt2.kiosk.credit, rt2.state.drafts.A) == ("playing", Credit(0, 0), MOVED_A)
    presses(rt2, clock2, "shot_done")  # no cursor after a restart: A's line-up sent, no second payment
    assert ledger(db) == [("coin", 100, 100, None), ("spend", -100, 0, 1)]  # paid once, by the draft's match
    assert (j2.lines(1)[1:], rt2.kiosk.credit) == ([MOVED_A_LINE[:-1] + ', "at": 1.0}'], Credit(0, 0))
    j2.close()
