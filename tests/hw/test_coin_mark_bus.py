"""The credit mark during a paid match costs the bus a few bytes, not a frame: it sits
in one controller page (the top one here, between the names), so a credit change sends
only the columns under it
(hardware/pitchside_hw/partial.py on PanelRam, the emulated SSD1306 RAM bench/bus.py
counts with; a full 128x64 frame is 1,030 B)."""

from __future__ import annotations

from pathlib import Path

from pitchside.core.copying import replace
from pitchside.render.screen import compose
from pitchside.signals.events import CoinInserted
from pitchside_hw.partial import PanelRam, PartialSSD1306
from support.credits_table import Table


def test_a_credit_change_in_the_corner_sends_a_few_bytes(tmp_path: Path) -> None:
    t = Table(tmp_path / "j.db")
    t.post(CoinInserted("coin_slot", 1.0, 2))
    t.press("next")
    t.press("shot_done")
    t.press("coin")  # playing, the game paid: the mark says what is left
    frame = t.rt.frame()
    assert frame.mark == "€0.00"
    ram = PanelRam("ssd1306")
    dev = PartialSSD1306(ram, full_every=0)
    dev.display(compose(frame).image)
    sent = {}
    for mark in ("€0.50", "€1.00", "€10.50"):
        ram.reset_counts()
        dev.display(compose(replace(frame, mark=mark)).image)
        assert ram.shows(compose(replace(frame, mark=mark)).image)  # the panel holds exactly that frame
        sent[mark] = ram.command_bytes + ram.data_bytes
    print(f"\ncredit mark changes on the Pichenotte main screen: {sent} B (a full frame is 1,030 B)")
    assert sent == {"€0.50": 10, "€1.00": 19, "€10.50": 65}  # a wider amount re-centres the mark between the names
