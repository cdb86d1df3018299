"""Pay to play on the pages, in a real Chromium: the TV page and the phone page show the
credit the panel shows, follow a coin at once, and say why coins are refused while
they are (the feed's ``credit``, docs/spec/feed.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pitchside.app.config import load_config
from pitchside_sim.table import SimTable
from support.web_live import serve

ROOT = Path(__file__).resolve().parents[2]
PAID = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml"


def test_tv_and_phone_show_the_credit_and_why_coins_are_refused(browser: Any, tmp_path: Path) -> None:
    sim = SimTable(load_config(PAID), journal=tmp_path / "j.db")
    web = serve(sim)
    pages = [browser.new_page(viewport={"width": 1920, "height": 1080}),
             browser.new_page(viewport={"width": 390, "height": 844})]  # fmt: skip
    try:
        pages[0].goto(web.url + "/tv")
        pages[1].goto(web.url + "/")
        for page in pages:
            assert (page.is_visible("#credit"), page.text_content("#credit-text")) == (True, "$0.00")
        sim.coin(4)  # $2.00 and its $1.00 bonus (once a purchase)
        for _ in range(4):
            sim.coin(4)  # $11.00: over the cap (10.00), coins refused
        seq = web.sync()
        for page in pages:
            page.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=seq, timeout=5000)
            assert page.text_content("#credit-text") == "$11.00"
            assert page.text_content("#credit-refused") == "CREDIT FULL: NO COINS"
    finally:
        for page in pages:
            page.close()
        web.close()
        sim.close()
