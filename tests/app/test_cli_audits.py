"""``pitchside audits``: per-day table and CSV from the journal, across restarts; reset
only with the confirm word, and the reset itself kept."""

from __future__ import annotations

import csv
import io
import time
from datetime import datetime
from pathlib import Path

import pytest

from pitchside.app.journal import Journal
from pitchside.cli.main import main
from pitchside.core.pricing import LedgerEntry

DAY = 1_700_000_000.0  # 2023-11-14 (UTC)


def fill(path: Path) -> None:
    with Journal.open(path, wall=lambda: DAY, synced=lambda: True) as j:
        j.credit(LedgerEntry("coin", 100, 100, 100, pulses=2))
        j.credit(LedgerEntry("coin", 100, 200, 200, pulses=2))
        j.credit(LedgerEntry("bonus", 100, 300, 200))
    with Journal.open(path, wall=lambda: DAY + 60, synced=lambda: True) as j:  # after a restart
        j.credit(LedgerEntry("coin", 50, 350, 250, pulses=1))
        j.credit(LedgerEntry("free", 100, 450, 250))
        j.credit(LedgerEntry("fault", 0, 450, 250, pulses=3))
        mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}})
        j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}], LedgerEntry("spend", -100, 350, 250, game="pichenotte",
                                                                           options={"players": "singles"}))  # fmt: skip


def fill_games(path: Path) -> None:
    """Games whose prices differ by a surcharge (doubles) and by options that change no
    price (pucks), one day with the clock synchronised and the next without."""
    with Journal.open(path, wall=lambda: DAY, synced=lambda: True) as j:
        j.credit(LedgerEntry("coin", 200, 200, 200, pulses=4))
        for balance, options in ((50, {"players": "doubles", "pucks": 12}), (0, {"players": "singles", "pucks": 12})):
            mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}})
            j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}], LedgerEntry(
                "spend", -150 if options["players"] == "doubles" else -50, balance, 200, game="pichenotte",
                options=options))  # fmt: skip
    with Journal.open(path, wall=lambda: DAY + 86_400, synced=lambda: False) as j:
        j.credit(LedgerEntry("coin", 100, 100, 100, pulses=2))
        mid = j.start_match({"format": 1, "game": "pichenotte", "options": {}})
        j.append_lines(mid, [{"input": "coin_toss", "winner": "A"}], LedgerEntry(
            "spend", -100, 0, 0, game="pichenotte", options={"players": "singles", "pucks": 10}))  # fmt: skip


PAID = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml"
FIRST = time.strftime("%Y-%m-%d", time.localtime(DAY))
SECOND = time.strftime("%Y-%m-%d", time.localtime(DAY + 86_400))


def test_table_per_day_in_the_currency(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.db"
    fill(db)
    assert main(["audits", "--db", str(db), "--config", str(PAID)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "DAY           COINS                           PAID     BONUS      FREE GAMES     SPENT FAULTS",
        f"{FIRST}    1 x $0.50, 2 x $1.00           $2.50     $1.00     $1.00     1     $1.00      1",
        "                1 x pichenotte",
        "in all: 3 coin(s) = $2.50; 1 game(s); $1.00 free; 1 fault(s); since the start",
        "lifetime (never reset): 3 coin(s) = $2.50; 1 game(s), 0 of them free; $1.00 bonus; $1.00 free credit",
    ]


def test_a_game_is_labelled_by_the_options_that_changed_its_price(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.db"
    fill_games(db)
    assert main(["audits", "--db", str(db), "--config", str(PAID)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:4] == [
        f"{FIRST}    1 x $2.00                      $2.00     $0.00     $0.00     2     $2.00      0",
        "                1 x pichenotte",
        "                1 x pichenotte players=doubles",
    ]
    assert out[4:6] == [
        f"{SECOND} ?  1 x $1.00                      $1.00     $0.00     $0.00     1     $1.00      0",
        "                1 x pichenotte",
    ]
    assert out[-1] == "? after a day: the clock was not synchronised then (a Pi has no real-time clock)"


def test_without_a_config_amounts_are_in_units_with_a_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.db"
    fill(db)
    assert main(["audits", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == f"{FIRST}    1 x 0.50, 2 x 1.00              2.50      1.00      1.00     1      1.00      1"
    assert out[-1] == ("amounts in the currency's units; --config FILE shows its currency and the options that "
                       "changed a price")


def test_csv_loads_as_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Read as a spreadsheet would: the csv module, an ISO 8601 date parser, numbers."""
    db = tmp_path / "j.db"
    fill(db)
    fill_games(db)
    assert main(["audits", "--db", str(db), "--csv", "--config", str(PAID)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {datetime.fromisoformat(r["day"]).date() for r in rows} == {
        datetime.fromisoformat(FIRST).date(), datetime.fromisoformat(SECOND).date()}
    first = [(r["item"], r["key"], r["count"], r["amount"], r["currency"]) for r in rows if r["day"] == FIRST]
    assert first == [
        ("coin", "0.50", "1", "0.50", "$"), ("coin", "1.00", "2", "2.00", "$"), ("coin", "2.00", "1", "2.00", "$"),
        ("paid", "", "", "4.50", "$"), ("bonus", "", "", "1.00", "$"), ("free", "", "", "1.00", "$"),
        ("game", "pichenotte", "2", "", ""), ("game", "pichenotte players=doubles", "1", "", ""),
        ("spent", "", "", "3.00", "$"), ("faults", "", "1", "", ""),
    ]  # fmt: skip
    assert {r["clock"] for r in rows if r["day"] == SECOND} == {"unsynced"}
    assert sum(float(r["amount"]) for r in rows if r["item"] == "paid") == 5.50


def test_reset_needs_the_confirm_word_and_is_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.db"
    fill(db)
    assert main(["audits", "--db", str(db), "--reset", "--yes", "yes"]) == 1
    with Journal.open_readonly(db) as j:
        assert len(j.audits()) == 1
    assert main(["audits", "--db", str(db), "--reset", "--yes", "RESET"]) == 0
    with Journal.open_readonly(db) as j:
        assert j.audits() == [] and len(j.audit_resets()) == 1
        assert j.balance() == (350, 250)  # the credit stays
    capsys.readouterr()
    assert main(["audits", "--db", str(db)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    stamp, rest = first.removeprefix("since the reset of ").split(" (", 1)
    assert rest.endswith("1 reset(s) in all)")
    assert abs(datetime.fromisoformat(stamp).timestamp() - time.time()) < 120  # ISO 8601, with its offset


def test_reset_refused_while_the_table_runs(tmp_path: Path) -> None:
    db = tmp_path / "j.db"
    fill(db)
    with Journal.open(db):
        assert main(["audits", "--db", str(db), "--reset", "--yes", "RESET"]) == 2
