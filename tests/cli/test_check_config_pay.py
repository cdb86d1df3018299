"""``pitchside check-config`` refuses every pay-to-play config that could take money and
give nothing: each named with its line, its key and what to write; exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.cli.main import main
from support.check_config import assert_refused, line_of

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml").read_text()
COIN = EXAMPLE[EXAMPLE.index("\n[coin]") + 1:EXAMPLE.index("\n[pricing]") + 1]
"""The example's ``[coin]`` table: a config without it has no coin acceptor."""
ALL_PULSES = "write max_pulses = 4 under [coin]"
OPTIONS = ("call_binds, first_shooter, format, max_rounds, outer_line_on_free_shot, players, pucks, race_scoring, "
           "race_target, rounds_to_win, technique_foul")

REFUSED = [
    # (what is done to the example, the line's text after the change, key: message)
    (("max_pulses = 20", "max_pulses = 3"), "coins = {",
     "pricing.coins: the coin of 4 pulses has more pulses than coin.max_pulses (3): the decoder would call it a "
     f"fault and keep the money; {ALL_PULSES}"),
    ((COIN, ""), "[pricing]",
     "pricing: asks for money, but the table has no coin acceptor: add a [coin] table with the acceptor's pin "
     '(pin = "GPIO20"), or write free_play = true under [pricing]'),
    ((EXAMPLE[EXAMPLE.index("\n[pricing]") + 1:], ""), "[coin]",
     'coin: takes coins, but the table has no [pricing]: every coin would be kept as a fault, with no credit; add '
     '[pricing] with the coins\' values and a game\'s price (coins = { "1" = 100 } and game = 100, in cents), or '
     "remove [coin]"),
    (("bonus = [[200, 100]]", "games = { darts = 150 }"), "games = {",
     "pricing.games.darts: 'darts' is not a game of this table (pichenotte): its price would never be charged; "
     "write games = { pichenotte = 150 }"),
    (("bonus = [[200, 100]]", "games = { pichenote = 150 }"), "games = {",
     "pricing.games.pichenote: 'pichenote' is not a game of this table (pichenotte) (did you mean 'pichenotte'?): "
     "its price would never be charged; write games = { pichenotte = 150 }"),
    (('option = "players"', 'option = "player"'), "extras = [",
     "pricing.extras: the surcharge { option = 'player', value = 'doubles' } would never be charged: pichenotte has "
     f"no option 'player' (did you mean 'players'?); write option = one of {OPTIONS}"),
    (('option = "players"', 'option = "colour"'), "extras = [",
     "pricing.extras: the surcharge { option = 'colour', value = 'doubles' } would never be charged: pichenotte has "
     f"no option 'colour'; write option = one of {OPTIONS}"),
    (('value = "doubles"', 'value = "double"'), "extras = [",
     "pricing.extras: the surcharge { option = 'players', value = 'double' } would never be charged: 'players' must "
     "be one of 'singles', 'doubles', not 'double' (PI-A6): write value = one of 'singles', 'doubles'"),
    (('value = "doubles"', 'value = "triples"'), "extras = [",
     "pricing.extras: the surcharge { option = 'players', value = 'triples' } would never be charged: 'players' must "
     "be one of 'singles', 'doubles', not 'triples' (PI-A6): write value = one of 'singles', 'doubles'"),
    (("price = 50 }", 'price = 50, game = "pitchnut" }'), "extras = [",
     "pricing.extras: the surcharge { option = 'players', value = 'doubles', game = 'pitchnut' } would never be "
     "charged: this table does not offer 'pitchnut' (pichenotte); write game = 'pichenotte', or leave game out"),
    (('"2" = 100', '"2" = 100000000000000'), "coins = {",
     "pricing.coins: the coin of 2 pulses is worth 100000000000000, over the most a coin may be worth (1000000, in "
     "cents): write its value in cents (a 2.00 coin is 200)"),
    (("gap_ms = 300 ", "gap_ms = 100 "), "gap_ms = 100",
     "coin.gap_ms: 100 ms is not longer than max_pulse_ms (150): the pause between two pulses of one coin can be as "
     "long as a pulse, so the coin of 2 pulses could end at a pause and be read as coins of 1 pulse; write "
     "gap_ms = 300"),
    (('"4" = 200', '"4" = 200, "01" = 50'), "coins = {",
     "pricing.coins: lists the coin of 1 pulse twice ('1' and '01'): the decoder cannot tell them apart; keep one, "
     'written "1"'),
]


@pytest.mark.parametrize("change, at, problem", REFUSED, ids=[r[2][:40] for r in REFUSED])
def test_a_config_that_takes_money_and_gives_nothing_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], at: str, problem: str
) -> None:
    assert_refused(tmp_path, capsys, EXAMPLE, change, at, problem)


def test_a_coin_worth_over_a_hundred_games_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.replace('"2" = 100', '"2" = 20000', 1)
    path = tmp_path / "table.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"{path}:{line_of(text, 'coins = {')}: pricing.coins: warning: the coin of 2 pulses is worth "
                      "20000, more than 100 games at 100: is it in cents (a 2.00 coin is 200)?")
    assert out[-1].startswith(f"{path}: OK: pichenotte table")


def test_free_play_needs_no_acceptor_and_the_example_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE.replace(COIN, "", 1).replace("free_play = false", "free_play = true"))
    example = ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte_coin.toml"
    assert main(["check-config", str(path), str(example)]) == 0
    assert [line.split(": OK")[0] for line in capsys.readouterr().out.splitlines()] == [str(path), str(example)]
