"""The coin gate's pure part (pitchside.tables.coin_gate): why coins are refused, which
coin a refusal covers (by when its train began against the inhibit line's spans), a
coin during play acknowledged on the panel and then kept in the corner, and the config
keys with their bounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.core.copying import replace
from pitchside.core.pricing import Credit, Pricing
from pitchside.render.moment import MomentView
from pitchside.signals.events import ButtonPressed, CoinInserted, TimerFired
from pitchside.tables import coin_gate, credits, kiosk
from pitchside.tables.coin_gate import CoinsGated, Gate, InhibitCoins, MeterCoin, StorageStatus
from support.credits_table import Table


def test_why_coins_are_refused_in_order_not_saving_then_service_then_the_cap(tmp_path: Path) -> None:
    t = Table(tmp_path / "j.db")
    ks = t.rt.kiosk
    capped = replace(ks, settings=replace(ks.settings, pricing=replace(ks.settings.pricing, credit_cap=300)))
    assert coin_gate.why(capped) is None
    assert coin_gate.why(replace(capped, credit=Credit(299, 0))) is None
    assert coin_gate.why(replace(capped, credit=Credit(300, 0))) == "full"
    assert coin_gate.why(replace(capped, credit=Credit(300, 0), mode="service")) == "service"
    assert coin_gate.why(replace(capped, credit=Credit(300, 0), mode="service",
                                 gate=Gate(saving=False))) == "not_saving"  # fmt: skip
    assert coin_gate.why(replace(ks, credit=Credit(10**6, 0))) is None  # no cap


def test_a_coin_is_refused_only_when_its_train_began_while_the_line_was_asserted() -> None:
    gate = coin_gate.on_event(coin_gate.on_event(Gate(), CoinsGated(True, 10.0)), CoinsGated(False, 20.0))
    gate = coin_gate.on_event(gate, CoinsGated(True, 30.0))
    assert gate.spans == ((10.0, 20.0), (30.0, float("inf"))) and gate.line_on

    def coin(began: float | None, at: float = 40.0) -> CoinInserted:
        return CoinInserted("coin_slot", at, 1, began)

    assert [coin_gate.refused(gate, coin(b)) for b in (9.999, 10.0, 19.999, 20.0, 29.999, 30.0)] == [
        False, True, True, False, False, True]  # fmt: skip
    assert coin_gate.refused(gate, coin(None, at=25.0)) is False  # unknown start: taken as its end
    assert coin_gate.refused(Gate(), coin(0.0)) is False  # no line: nothing refused


def test_the_line_asked_for_and_the_meter_follow_the_state(tmp_path: Path) -> None:
    t = Table(tmp_path / "j.db")
    ks = t.rt.kiosk
    assert ks.gate == Gate(saving=True, asked=None)
    ks2, effects = kiosk.handle(ks, CoinInserted("coin_slot", 5.0, 2))  # 1.00: one coin, one pulse
    assert [e for e in effects if isinstance(e, (InhibitCoins, MeterCoin, credits.Ledger))] == [
        credits.Ledger(ks2.credit and credits.coin(ks.settings.pricing, ks.credit, 2)[1][0]), MeterCoin()]
    ks3, effects = kiosk.handle(ks2, StorageStatus(False, 6.0))
    assert effects == (InhibitCoins("not_saving"),) and ks3.gate is not None and ks3.gate.asked == "not_saving"
    ks4, effects = kiosk.handle(ks3, CoinsGated(True, 6.001))
    assert effects == () and ks4.gate is not None and ks4.gate.spans == ((6.001, float("inf")),)
    ks5, effects = kiosk.handle(ks4, CoinInserted("coin_slot", 7.0, 2, 6.5))
    assert ks5.credit == ks4.credit
    assert [e for e in effects if isinstance(e, (MeterCoin, credits.Ledger))] == [
        credits.Ledger(credits.fault(ks4.credit, 2))]


def test_a_coin_during_play_is_shown_at_once_then_kept_in_the_corner(tmp_path: Path) -> None:
    t = Table(tmp_path / "j.db")
    t.post(CoinInserted("coin_slot", 1.0, 2))
    t.press("next")
    t.press("shot_done")
    t.press("coin")  # the toss: playing, the game paid
    assert (t.rt.kiosk.mode, t.shown()) == ("playing", 0)
    assert t.rt.frame().mark == "€0.00"
    t.post(CoinInserted("coin_slot", t.t + 0.5, 1))
    gate = t.rt.kiosk.gate
    assert gate is not None and gate.ack_due == 5.5 + 2.5  # the coin at 5.5 s, shown for moment_s
    assert t.rt.view() == MomentView("+€0.50", "CREDIT €0.50")
    t.rt.kiosk, _ = kiosk.handle(t.rt.kiosk, TimerFired(coin_gate.ACK_TIMER, gate.ack_due))
    assert t.rt.frame().mark == "€0.50" and not isinstance(t.rt.view(), MomentView)
    t.post(CoinInserted("coin_slot", t.t + 0.5, 1))
    assert isinstance(t.rt.view(), MomentView)
    t.rt.kiosk, _ = kiosk.handle(t.rt.kiosk, ButtonPressed("shot_done", t.t + 1))  # a press ends it, and plays
    assert not isinstance(t.rt.view(), MomentView) and t.rt.frame().mark == "€1.00"


@pytest.mark.parametrize("cap, problem", [
    (150, "pricing.credit_cap: 150 is less than a game of pichenotte costs at most (250): the acceptor would refuse "
          "coins before the credit pays for it; write credit_cap = 500 or more (cents), or 0 for no cap"),
    (-1, "pricing.credit_cap: must be between 0 and 1000000, not -1"),
    (2_000_000, "pricing.credit_cap: must be between 0 and 1000000, not 2000000"),
])
def test_a_credit_cap_below_the_dearest_game_or_out_of_bounds_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cap: int, problem: str
) -> None:
    from pitchside.cli.main import main

    example = (Path(__file__).resolve().parents[2] / "hardware/pitchside_hw/configs/pichenotte_coin.toml").read_text()
    text = example.replace("credit_cap = 1000 ", f"credit_cap = {cap} ", 1)
    text = text.replace("game = 100 ", "game = 100\ngames = { pichenotte = 200 }", 1)
    path = tmp_path / "t.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 2
    assert problem in capsys.readouterr().out


def test_a_credit_cap_without_an_inhibit_line_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pitchside.cli.main import main

    example = (Path(__file__).resolve().parents[2] / "hardware/pitchside_hw/configs/pichenotte_coin.toml").read_text()
    text = example.replace("\ninhibit_pin", "\n# inhibit_pin")  # its cap (10.00) stays
    path = tmp_path / "t.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 0
    assert ("pricing.credit_cap: warning: the table has no coin.inhibit_pin, so nothing can tell the acceptor to refuse a "
            "coin: every coin it takes is credited, over the cap too; wire its inhibit input and add inhibit_pin "
            "under [coin]") in capsys.readouterr().out


def test_pricing_holds_the_cap() -> None:
    assert Pricing().credit_cap == 0


def test_the_service_status_page_says_when_coins_are_refused(tmp_path: Path) -> None:
    from pitchside.render.service import ServiceView

    t = Table(tmp_path / "j.db")
    ks, _ = kiosk.handle(replace(t.rt.kiosk, mode="service"), CoinsGated(True, 1.0))
    pages = [kiosk.view(replace(ks, service_page=i)) for i in range(6)]
    status = next(v for v in pages if isinstance(v, ServiceView) and v.page == "status")
    assert status.rows[-1] == ("coins refused (inhibit on)",)
