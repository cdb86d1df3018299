"""Pay to play in the feed (docs/spec/feed.md, ``credit``): the credit the panel shows,
typed (:class:`pitchside.web.feed.CreditShown`), and why coins are refused while they
are; null on a table without pricing."""

from __future__ import annotations

from pathlib import Path

from pitchside.signals.events import CoinInserted
from pitchside.tables.coin_gate import CoinsGated, StorageStatus
from pitchside.tables import kiosk
from pitchside.web.feed import CreditShown, credit_shown, snapshot
from support.credits_table import Table
from support.web_live import sim_table


def test_the_feed_carries_the_credit_the_panel_shows(tmp_path: Path) -> None:
    t = Table(tmp_path / "j.db")
    assert snapshot(t.rt.kiosk, seq=1, boot="b")["credit"] == {"type": "CreditShown", "cents": 0, "text": "€0.00",
                                                              "refused": None}
    t.post(CoinInserted("coin_slot", 1.0, 1))
    assert credit_shown(t.rt.kiosk) == CreditShown(50, "€0.50")
    t.press("next")
    t.post(CoinInserted("coin_slot", t.t + 0.5, 1))
    t.press("shot_done")  # started: its price reserved, the credit shown 0
    assert credit_shown(t.rt.kiosk) == CreditShown(0, "€0.00")
    ks, _ = kiosk.handle(t.rt.kiosk, StorageStatus(False, t.t + 1))
    ks, _ = kiosk.handle(ks, CoinsGated(True, t.t + 1))
    assert snapshot(ks, seq=2, boot="b")["credit"] == {"type": "CreditShown", "cents": 0, "text": "€0.00",
                                                       "refused": "NO COINS: NOT SAVING"}


def test_a_table_without_pricing_has_no_credit_in_its_feed() -> None:
    sim, _ = sim_table("pichenotte")
    try:
        assert snapshot(sim.runtime.kiosk, seq=1, boot="b")["credit"] is None
    finally:
        sim.close()
