"""``pitchside check-config`` on the operator's deals (``[pricing]`` tiers, per_player,
hours): each mistake refused with its line, its key and what to write; a config using
them all passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.app.config import load_config
from pitchside.cli.main import main
from support.check_config import assert_refused, line_of
from pitchside.core.hours import Window

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml").read_text()
BONUS = "bonus = [[200, 100]]"
DOUBLES = 'extras = [{ option = "players", value = "doubles", price = 50 }]'
HAPPY = '{ days = "mon-fri", start = "17:00", end = "19:00", discount = 50 }'

REFUSED = [
    # (what is done to the example, the line's text after the change, key: message)
    ((BONUS, "tiers = [{ games = 3, price = 300 }]"), "tiers = [",
     "pricing.tiers: 3 games for 300 cost no less than 3 single games (3 x 100 = 300): write a price below 300, or "
     "remove the tier"),
    ((BONUS, BONUS + "\ntiers = [{ games = 3, price = 200 }]"), "tiers = [",
     "pricing.tiers: tiers and bonus both credit more for paying more at once: write the deals as tiers only "
     "({ games = 3, price = 200 }) and remove bonus"),
    ((BONUS, "tiers = [[3, 200]]"), "tiers = [",
     "pricing.tiers: each tier is { games = 3, price = 200 } (games, and their price in cents), not [3, 200]"),
    ((BONUS, f'hours = [{HAPPY}, {{ days = "fri", start = "18:00", end = "20:00" }}]'), "hours = [",
     'pricing.hours: the window { days = "fri", start = "18:00", end = "20:00" } overlaps { days = '
     '"mon,tue,wed,thu,fri", start = "17:00", end = "19:00", discount = 50 } on fri at 18:00: at most one window '
     "applies at a time; start this one at 19:00 or end it at 17:00"),
    ((BONUS, 'hours = [{ days = "sun", start = "10:00", end = "10:00" }]'), "hours = [",
     'pricing.hours: the window { days = "sun", start = "10:00", end = "10:00" } starts and ends at 10:00: an empty '
     'window; for the whole day write start = "00:00" and end = "24:00"'),
    ((BONUS, 'hours = [{ days = "weekends", start = "10:00", end = "12:00" }]'), "hours = [",
     "pricing.hours: days = 'weekends' is no days: write 'daily', a day ('fri'), a range ('mon-fri') or a list "
     "('sat,sun'), the days written mon, tue, wed, thu, fri, sat, sun"),
    ((BONUS, 'hours = [{ days = "sun", start = "10am", end = "12:00" }]'), "hours = [",
     "pricing.hours: start = '10am' is no time of day: write it as 'HH:MM', 24-hour ('17:30'; '24:00' ends a day)"),
    ((BONUS, 'hours = [{ days = "sun", start = "10:00", end = "12:00", discount = 150 }]'), "hours = [",
     'pricing.hours: the window { days = "sun", start = "10:00", end = "12:00", discount = 150 } discount = 150: '
     "write the percent off, 1 to 100 (100 is free play)"),
    ((BONUS, "per_player = true"), "per_player = true",
     'pricing.per_player: doubles already pay the surcharge { option = "players", value = "doubles", price = 50 }: '
     "with per_player they would pay twice over; keep one of the two"),
]


@pytest.mark.parametrize("change, at, problem", REFUSED, ids=[r[2][:50] for r in REFUSED])
def test_a_deal_that_cannot_work_is_refused_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], at: str, problem: str
) -> None:
    assert_refused(tmp_path, capsys, EXAMPLE, change, at, problem)


def test_per_player_on_a_table_without_players_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.replace('game = "pichenotte"', 'game = "pitchbowl"', 1).replace(DOUBLES, "per_player = true")
    text = text.replace("game = 100                    # a game of Pichenotte", "game = 100")
    path = tmp_path / "table.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert (f"{path}:{line_of(text, 'per_player')}: pricing.per_player: none of this table's games (pitchbowl) has "
            "players singles or doubles: per_player would never change a price; remove it") in out


def test_every_deal_together_passes_and_reads_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.replace(BONUS, "tiers = [{ games = 3, price = 200 }, { games = 7, price = 400 }]").replace(
        DOUBLES, f'per_player = true\nhours = [{HAPPY},\n  {{ days = "fri,sat", start = "22:00", end = "02:00" }}]')
    path = tmp_path / "table.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 0, capsys.readouterr().out
    p = load_config(path).pricing
    assert p is not None
    assert (p.tiers, p.per_player) == (((3, 200), (7, 400)), True)
    assert p.hours == (Window((0, 1, 2, 3, 4), 1020, 1140, 50), Window((4, 5), 1320, 120, 100))
