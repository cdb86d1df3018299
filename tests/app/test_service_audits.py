"""The owner's audits in service mode: the service page shows the
audits since the last reset with the lines ``pitchside audits`` prints; staff reset
them on that page with a confirm (hold MINUS, then DONE), the reset kept in the journal
with its time, the credit untouched; any other press cancels."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from pitchside.cli.main import main
from pitchside.core.audits import AuditDay, summary_lines, total
from pitchside.core.pricing import Pricing
from pitchside.render.kiosk import ConfirmView
from pitchside.render.service import ServiceView
from pitchside.signals.events import ButtonHeld, ButtonPressed, ButtonReleased, CoinFault, CoinInserted
from pitchside.tables import credits, kiosk
from support.credits_table import PRICES, Table


def kinds(path: Path) -> list[tuple[str, int, float | None]]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return list(conn.execute("SELECT kind, balance, wall FROM credits ORDER BY id"))


def to_service(t: Table) -> None:
    """The staff gesture: hold NEW, then hold UNDO with it."""
    t.post(ButtonPressed("new", 1.0), ButtonPressed("undo", 1.3), ButtonHeld("undo", 2.3),
           ButtonReleased("undo", 2.4, held=True), ButtonReleased("new", 2.5, held=True))  # fmt: skip
    assert t.rt.kiosk.mode == "service"


def to_audits_page(t: Table) -> ServiceView:
    for _ in range(8):
        view = kiosk.view(t.rt.kiosk)
        if isinstance(view, ServiceView) and view.page == "audits":
            return view
        t.press("next")
    raise AssertionError("no audits page")


def hold(t: Table, name: str) -> None:
    t.post(ButtonPressed(name, 0.0), ButtonHeld(name, 0.0), ButtonReleased(name, 0.0, held=True))


def test_the_summary_lines_add_up_every_day() -> None:
    days = [AuditDay("2026-12-01", coins={50: 2, 100: 1}, paid=200, bonus=100, free=100, games={"g": 2}, spent=200, faults=1),
            AuditDay("2026-12-02", coins={200: 1}, paid=200, games={"g": 1, "h": 1}, spent=200)]  # fmt: skip
    t = total(days)
    assert (t.coins, t.paid, t.bonus, t.free, t.games, t.spent, t.faults) == (
        {50: 2, 100: 1, 200: 1}, 400, 100, 100, {"g": 3, "h": 1}, 400, 1)
    assert summary_lines(days, PRICES, "2026-11-30") == (
        "COINS 4 = €4.00", "GAMES 4  FREE €1.00", "FAULTS 1  SINCE 2026-11-30")
    assert summary_lines([], Pricing()) == ("COINS 0 = 0", "GAMES 0  FREE 0", "FAULTS 0  SINCE START")


def test_the_service_page_shows_the_journals_audits(tmp_path: Path) -> None:
    t = Table(tmp_path / "j.db")
    t.post(CoinInserted("coin_slot", 1.0, 2), CoinInserted("coin_slot", 1.5, 1), CoinFault("coin_slot", 2.0, "x", 3))
    to_service(t)
    view = to_audits_page(t)
    assert view.rows == (("COINS 2 = €1.50",), ("GAMES 0  FREE €0.00",), ("FAULTS 1  SINCE START",),
                         ("LIFE COINS 2 = €1.50",), ("LIFE GAMES 0  FREE 0",))  # fmt: skip
    assert view.footer.endswith("hold -: reset")
    t.press("next")  # read afresh on each page turn: a coin dropped in service mode shows
    t.post(CoinInserted("coin_slot", 3.0, 1))
    view = to_audits_page(t)
    assert view.rows[0] == ("COINS 3 = €2.00",)
    t.close()


def test_staff_reset_with_the_confirm_keeps_the_reset_and_the_credit(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 2))
    to_service(t)
    to_audits_page(t)
    hold(t, "minus")
    assert kiosk.view(t.rt.kiosk) == ConfirmView("RESET AUDITS?", ("DONE: yes, reset", "the credit stays", "any other: no"))
    t.press("shot_done")
    assert [k[:2] for k in kinds(path)] == [("coin", 100), ("reset", 100)]  # the reset is kept, the credit stays
    assert kinds(path)[-1][2] == 1_700_000_000.0  # with its time
    view = to_audits_page(t)
    assert view.rows == (("COINS 0 = €0.00",), ("GAMES 0  FREE €0.00",),
                         ("FAULTS 0  SINCE " + t.rt.kiosk.audits.since,),
                         ("LIFE COINS 1 = €1.00",), ("LIFE GAMES 0  FREE 0",))  # the lifetime meters stay  # fmt: skip
    assert t.rt.kiosk.audits.resets == 1 and t.rt.kiosk.audits.since.startswith("2023-11-1")
    assert kiosk.shown_credit(t.rt.kiosk) == 100
    t.close()
    assert main(["audits", "--db", str(path)]) == 0  # the CLI sees the same reset


def test_any_other_press_cancels_the_reset(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    t = Table(path)
    t.post(CoinInserted("coin_slot", 1.0, 2))
    to_service(t)
    to_audits_page(t)
    hold(t, "minus")
    t.press("next")
    assert [k[0] for k in kinds(path)] == ["coin"]
    assert not t.rt.kiosk.confirm_reset and isinstance(kiosk.view(t.rt.kiosk), ServiceView)
    t.close()


def test_hold_minus_resets_nothing_off_the_audits_page(tmp_path: Path) -> None:
    t = Table(tmp_path / "j.db")
    to_service(t)  # page 1: the inputs
    hold(t, "minus")
    assert not t.rt.kiosk.confirm_reset
    t.close()


def test_no_audits_page_without_pricing() -> None:
    from pitchside.tables import pichenotte as table

    ks, effects = kiosk.start(kiosk.KioskSettings(start_in_service=True), table.new_table(), ("next",), 0.0)
    assert not any(isinstance(e, credits.ReadAudits) for e in effects)
    pages = []
    for _ in range(6):
        pages.append(kiosk.view(ks).page)  # type: ignore[attr-defined]
        ks, _ = kiosk.handle(ks, ButtonPressed("next", 1.0))
    assert "audits" not in pages
