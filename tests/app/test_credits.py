"""Pay to play through the runtime, with a real journal: a coin's credit is
in the durable journal before the frame that shows it; starting a match spends its
price in the same transaction as the match's first journal line; credits and audits
survive restarts; the kiosk says INSERT COIN, keeps what a match on hold paid for, and
staff free credit is journaled as such."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from pitchside.core.copying import copy_with
from pitchside.core.pricing import Credit
from pitchside.core.rules import pichenotte as rules
from pitchside.render.kiosk import AttractView, MenuView
from pitchside.signals.events import ButtonHeld, ButtonPressed, ButtonReleased, CoinFault, CoinInserted, TimerFired
from pitchside.tables import credits, kiosk
from pitchside.tables import pichenotte as table
from support.credits_table import OPTIONS, SETTINGS, Table, ledger


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.db"


def test_a_coin_is_journaled_before_the_frame_that_shows_it(path: Path) -> None:
    t = Table(path)
    frames_before = len(t.sink.balances)
    t.post(CoinInserted("coin_slot", 1.0, 2))
    assert t.shown() == 100
    assert len(t.sink.balances) == frames_before + 1  # the frame showing the credit ...
    assert t.sink.balances[-1] == 100  # ... was drawn with the credit already on disk
    assert ledger(path) == [("coin", 100, 100, None)]
    view = kiosk.view(t.rt.kiosk)
    assert isinstance(view, AttractView) and view.lines == ("CREDIT €1.00  GAME €1.00", "PRESS ANY BUTTON")


def test_attract_says_insert_coin_when_short(path: Path) -> None:
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 1))
    view = kiosk.view(t.rt.kiosk)
    assert isinstance(view, AttractView) and view.lines == ("CREDIT €0.50  GAME €1.00", "INSERT COIN")


def test_the_menu_refuses_to_start_without_credit(path: Path) -> None:
    t = Table(path)
    t.press("next")  # attract -> menu
    t.press("shot_done")
    assert t.rt.kiosk.mode == "menu"
    view = kiosk.view(t.rt.kiosk)
    assert isinstance(view, MenuView) and view.hint == "INSERT COIN  CREDIT €0.00  GAME €1.00"
    t.post(CoinInserted("coin_slot", 1.0, 2))
    t.press("shot_done")
    assert t.rt.kiosk.mode == "playing"


def test_the_price_is_spent_with_the_first_line_in_one_transaction(path: Path) -> None:
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 2))
    t.press("next")
    t.press("shot_done")  # started: reserved, shown 0, not yet on disk
    assert t.shown() == 0 and t.rt.kiosk.reserved == 100
    assert ledger(path)[-1][0] == "coin"
    t.press("coin")  # the toss: the match's first journal line
    mid = t.recorder.match_id
    assert mid is not None
    assert ledger(path)[-1] == ("spend", -100, 0, mid)
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("SELECT COUNT(*) FROM inputs WHERE match_id = ?", (mid,)).fetchone()[0] == 1
    assert t.shown() == 0


def test_a_crash_before_the_first_line_gives_the_credit_back(path: Path) -> None:
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 2))
    t.press("next")
    t.press("shot_done")
    t.close()  # killed before any input of the match
    t2 = Table(path)
    assert t2.shown() == 100 and t2.rt.kiosk.mode == "attract"


def test_credit_and_paid_match_survive_a_restart(path: Path) -> None:
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 2), CoinInserted("coin_slot", 2.0, 2))  # 200 + bonus 100
    assert t.shown() == 300
    t.press("next")
    t.press("shot_done")
    t.press("coin")
    t.close()
    t2 = Table(path)
    assert t2.rt.kiosk.credit == Credit(200, 200)
    assert t2.rt.kiosk.mode == "playing"  # the paid match is back, nothing charged again
    assert [r[0] for r in ledger(path)] == ["coin", "coin", "bonus", "spend"]


def test_a_match_on_hold_keeps_what_was_paid_for(path: Path) -> None:
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 2))
    t.press("next")
    t.press("shot_done")  # paid, then left without an input: suspended
    ks = t.rt.kiosk
    t.rt.kiosk, _ = kiosk.handle(ks, TimerFired("suspend", ks.last_input_at + SETTINGS.suspend_after_s))
    assert t.rt.kiosk.mode == "attract"
    t.press("next")
    t.press("shot_done")  # no credit left, but this match is paid for
    assert t.rt.kiosk.mode == "playing" and t.shown() == 0


def test_doubles_costs_its_surcharge(path: Path) -> None:
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 2))
    t.press("next")
    ks = t.rt.kiosk
    doubles = table.new_table(rules.Options(pucks=2, rounds_to_win=1, players="doubles"))
    t.rt.kiosk = copy_with(ks, table=doubles)
    t.press("shot_done")
    assert t.rt.kiosk.mode == "menu" and t.rt.kiosk.short  # 100 < 150


def test_staff_free_credit_is_journaled_as_free(path: Path) -> None:
    t = Table(path)
    t.post(ButtonPressed("free_credit", 1.0), ButtonReleased("free_credit", 1.2))
    assert t.shown() == 100
    assert ledger(path) == [("free", 100, 100, None)]


def test_service_mode_hold_plus_grants_a_game(path: Path) -> None:
    t = Table(path)
    t.rt.kiosk = copy_with(t.rt.kiosk, mode="service")
    t.post(ButtonPressed("plus", 1.0), ButtonHeld("plus", 2.0), ButtonReleased("plus", 2.1, held=True))
    assert ledger(path)[-1][:2] == ("free", 100)


def test_a_fault_and_an_unknown_coin_give_no_credit_but_are_audited(path: Path) -> None:
    t = Table(path)
    t.post(CoinFault("coin_slot", 1.0, "pulse too short (5.0 ms)", 3), CoinInserted("coin_slot", 2.0, 7))
    assert t.shown() == 0
    assert [r[0] for r in ledger(path)] == ["fault", "fault"]
    (day,) = t.journal.audits()
    assert day.faults == 2 and day.paid == 0


def test_audits_across_restarts(path: Path) -> None:
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 2), CoinInserted("coin_slot", 2.0, 1))
    t.press("next")
    t.press("shot_done")
    t.press("coin")
    t.close()
    t2 = Table(path)
    t2.post(CoinInserted("coin_slot", 1.0, 1), ButtonPressed("free_credit", 2.0))
    (day,) = t2.journal.audits()
    assert (day.coins, day.paid, day.bonus, day.free, day.spent, day.faults) == ({100: 1, 50: 2}, 200, 100, 100, 100, 0)
    opts = credits.options_json(table.new_table(OPTIONS))
    assert day.games == {"pichenotte " + ",".join(f"{k}={v}" for k, v in sorted(opts.items())): 1}
