"""``pitchside check-config``: every problem of a file named with its key, its line and
the offending text; the shipped examples accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.cli.main import main
from pitchside.app.config import ConfigErrors, load_config, locate

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "hardware" / "pitchside_hw" / "configs"
EXAMPLE = (CONFIGS / "pichenotte.toml").read_text()

BROKEN = [
    # (what is done to the example, key named, words of the message)
    (('coin = "GPIO4"', 'coin = "GPIO40"'), "buttons.coin", "must be a BCM pin GPIO0..GPIO27"),
    (('coin = "GPIO4"', 'coin = "banana"'), "buttons.coin", "not 'banana'"),
    (('next = "GPIO26"', 'next = "GPIO17"'), "buttons.shot_done", "GPIO17 is already used by buttons.next"),
    (('pin = "GPIO27"', 'pin = "GPIO2"'), "beams.twenty.pin", "GPIO2 is used by the display"),
    (('driver = "ssd1306"', 'driver = "ssd9999"'), "display.driver", "must be one of ssd1305"),
    (('interface = "i2c"', 'interface = "usb"'), "display.interface", "not 'usb'"),
    (("i2c_address = 0x3C", "i2c_address = 0x99"), "display.i2c_address", "between 0x03 and 0x77, not 0x99"),
    (("rotate = 0 ", "rotate = 4 "), "display.rotate", "between 0 and 3, not 4"),
    (('pin_factory = "lgpio"', 'pin_factory = "wiringpi"'), "gpio.pin_factory", "not 'wiringpi'"),
    (("bounce_ms = 100", "bounce_ms = true"), "gpio.bounce_ms", "an integer or a number, not True"),
    (('game = "pichenotte"', 'game = "chess"'), "table.game", "not 'chess'"),
    (("pucks = 12 ", "pucks = 0 "), "pichenotte.pucks", "out of range 1..50"),
    (('players = "singles"', 'players = "triples"'), "pichenotte.players", "'triples'"),
    (("[kiosk]", "[kiosk]\nsparkle = true"), "kiosk.sparkle", "unknown key"),
    (('coin = "GPIO4"\n', ""), "buttons.coin", "missing pin"),
]


@pytest.mark.parametrize("change, key, words", BROKEN, ids=[b[1] + ":" + b[2][:20] for b in BROKEN])
def test_each_broken_config_is_refused_naming_key_line_and_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], key: str, words: str
) -> None:
    old, new = change
    assert old in EXAMPLE
    path = tmp_path / "table.toml"
    text = EXAMPLE.replace(old, new, 1)
    path.write_text(text)
    assert main(["check-config", str(path)]) == 2
    out = capsys.readouterr().out
    problem = next(line for line in out.splitlines() if f": {key}: " in line)
    assert words in problem
    line = locate(text, key)
    assert line is not None
    assert problem.startswith(f"{path}:{line}: {key}: ")


def test_every_problem_is_named_not_only_the_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (
        EXAMPLE.replace('coin = "GPIO4"', 'coin = "GPIO40"')
        .replace("rotate = 0 ", "rotate = 9 ")
        .replace("pucks = 12 ", "pucks = 99 ")
        .replace("[kiosk]", "[kiosk]\nsparkle = 1")
    )
    path = tmp_path / "table.toml"
    path.write_text(text)
    with pytest.raises(ConfigErrors) as info:
        load_config(path)
    assert [p.key for p in info.value.problems] == [
        "buttons.coin", "display.rotate", "kiosk.sparkle", "pichenotte.pucks",
    ]  # fmt: skip
    assert main(["check-config", str(path)]) == 2
    assert capsys.readouterr().out.splitlines()[-1] == f"{path}: 4 problem(s)"


def test_bad_toml_syntax_is_named_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE.replace('coin = "GPIO4"', 'coin = "GPIO4'))
    assert main(["check-config", str(path)]) == 2
    out = capsys.readouterr().out
    coin_line = EXAMPLE.splitlines().index('coin = "GPIO4"') + 1
    assert f"{path}: (syntax): " in out and f"(at line {coin_line}," in out


def test_the_shipped_examples_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    examples = sorted(CONFIGS.glob("*.toml"))
    assert examples
    assert main(["check-config", *map(str, examples)]) == 0
    out = capsys.readouterr().out
    assert out.count(": OK: ") == len(examples)


def test_locate_finds_keys_in_their_table_and_falls_back_to_the_header() -> None:
    text = "[table]\nname = 'x'\n\n[beams.twenty]\npin = 'GPIO27'\n\n[display]\nrotate = 4\n"
    assert locate(text, "table.name") == 2
    assert locate(text, "beams.twenty.pin") == 5
    assert locate(text, "display.rotate") == 8
    assert locate(text, "display.width") == 7  # missing: its table's header
    assert locate(text, "storage.journal") is None


def test_an_unknown_option_is_one_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE.replace("[pichenotte]", "[pichenotte]\nhandicap = 3", 1))
    with pytest.raises(ConfigErrors) as info:
        load_config(path)
    assert [(p.key, p.message) for p in info.value.problems] == [("pichenotte.handicap", "unknown key")]
