"""A config ``check-config`` accepts must start, and every error names the next step.

Each case was accepted by ``check-config`` (or crashed it with a traceback) and then
failed at start; each is now one clear problem naming the file, the key path, the bad
value and what to write instead, both in ``check-config`` and in ``pitchside run``
(which reads the config with the same checks before it opens any hardware).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from pitchside.app.config import ConfigErrors, load_config, parse_config
from pitchside.cli.main import main
from pitchside.tables.registry import app_for
from pitchside_hw.table import run_table

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "hardware" / "pitchside_hw" / "configs"
PICHENOTTE = (CONFIGS / "pichenotte.toml").read_text()
MASTERMOVE = (CONFIGS / "mastermove.toml").read_text()


def edited(text: str, *edits: str) -> str:
    assert len(edits) % 2 == 0
    for old, new in zip(edits[::2], edits[1::2]):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def check(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, list[str]]:
    path = tmp_path / "table.toml"
    path.write_text(text)
    status = main(["check-config", str(path)])
    return status, capsys.readouterr().out.splitlines()


def problems(path: Path) -> list[tuple[str, str]]:
    with pytest.raises(ConfigErrors) as info:
        load_config(path)
    return [(p.key, p.message) for p in info.value.problems]


def at_start(tmp_path: Path, caplog: pytest.LogCaptureFixture, text: str) -> str:
    """``pitchside run`` on ``text``: it must exit 2 with a message, before any hardware."""
    path = tmp_path / "start.toml"
    path.write_text(text)
    with caplog.at_level(logging.ERROR):
        assert run_table(str(path)) == 2
    return caplog.text


# --- accepted, then failing at start -------------------------------------------------------

CASES = [
    # (id, edits of the Pichenotte example, key, the words of the message)
    ("bounce 0", ("bounce_ms = 100", "bounce_ms = 0"), "gpio.bounce_ms",
     "must be above 0 ms, not 0 (the buttons would not be debounced, and the decoder refuses it): "
     "write bounce_ms = 100, the measured default"),
    ("bounce not shorter than hold", ("bounce_ms = 100", "bounce_ms = 400", "hold_s = 1.0", "hold_s = 0.4"),
     "gpio.bounce_ms",
     "400 ms must be shorter than gpio.hold_s (0.4 s = 400 ms), or a press could not be told from a hold: "
     "write bounce_ms = 100 (the default) with hold_s of at least 0.8"),
    ("ssd1306 of 128x40", ("height = 64", "height = 40"), "display.width",
     "ssd1306 cannot drive 128x40 px; the sizes it drives that the screens lay out are 128x64, 128x32: set "
     "width and height to one of these (or choose the panel's driver)"),
    # a size the driver drives but no screen lays out is refused here too
    ("ssd1306 of 64x48", ("width = 128", "width = 64", "height = 64", "height = 48"), "display.width",
     "the screens have no layout for a 64x48 px panel; the sizes ssd1306 drives that the screens lay out are "
     "128x64, 128x32: set width and height to one of these (or choose the panel's driver)"),
    ("sh1106 of 96x16", ('driver = "ssd1306"', 'driver = "sh1106"', "width = 128", "width = 96", "height = 64",
                         "height = 16"), "display.width",
     "sh1106 cannot drive 96x16 px; the sizes it drives that the screens lay out are 128x64, 128x32, 128x128: "
     "set width and height to one of these (or choose the panel's driver)"),
    # a quarter turn: the screens would draw 64x128, which nothing lays out (was: accepted, then a traceback)
    ("ssd1306 128x64 turned a quarter", ("rotate = 0", "rotate = 1"), "display.rotate",
     "rotate = 1 turns the 128x64 px panel to 64x128 (upright), and the screens have no layout for that; use "
     "rotate = 0 or 2 (the panel mounted upside down), or a panel whose turned size has one: 128x128"),
    ("i2c address in hex", ("i2c_address = 0x3C", "i2c_address = 0x99"), "display.i2c_address",
     "must be between 0x03 and 0x77, not 0x99"),
]


@pytest.mark.parametrize("edits, key, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_refused_by_check_config_and_at_start_naming_key_value_and_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture,
    edits: tuple[str, ...], key: str, message: str,
) -> None:
    text = edited(PICHENOTTE, *edits)
    status, out = check(tmp_path, capsys, text)
    assert status == 2
    assert [line.split(": ", 1)[1] for line in out if f": {key}: " in line] == [f"{key}: {message}"]
    assert out[-1].endswith(": 1 problem(s)")
    assert problems(tmp_path / "table.toml") == [(key, message)]
    assert f"start.toml: {key}: {message}" in at_start(tmp_path, caplog, text)


def _two_device_table(port_a: str, port_b: str) -> dict[str, Any]:
    games = ("boulomania", "mastermove")
    buttons = tuple(dict.fromkeys(b for g in games for b in app_for(g).buttons))
    return {
        "table": {"games": list(games)},
        "gpio": {"pin_factory": "mock"},
        "buttons": {name: f"GPIO{i + 4}" for i, name in enumerate(buttons)},
        "serial": {"die": {"port": port_a}, "moves": {"port": port_b}},
    }


def test_one_serial_port_for_two_devices_is_refused() -> None:
    with pytest.raises(ConfigErrors) as info:
        parse_config(_two_device_table("/dev/ttyUSB0", "/dev/ttyUSB0"), "t.toml")
    assert [(p.key, p.message) for p in info.value.problems] == [
        ("serial.moves.port", "/dev/ttyUSB0 is already the port of serial.die: a port carries one device "
                              "(the second reader would wait for it forever); give each device its own port"),
    ]
    config = parse_config(_two_device_table("/dev/ttyUSB0", "/dev/ttyUSB1"), "t.toml")
    assert [(s.name, s.port) for s in config.serial] == [("die", "/dev/ttyUSB0"), ("moves", "/dev/ttyUSB1")]


def test_a_udev_link_and_its_target_are_one_port(tmp_path: Path) -> None:
    target = tmp_path / "ttyACM0"
    target.write_text("")
    link = tmp_path / "pitchside-die"
    link.symlink_to(target)
    with pytest.raises(ConfigErrors) as info:
        parse_config(_two_device_table(str(link), str(target)), "t.toml")
    assert [p.key for p in info.value.problems] == ["serial.moves.port"]


def test_a_tournament_file_that_does_not_exist_is_a_warning_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cup = tmp_path / "cup.toml"
    text = edited(MASTERMOVE, "# [tournament]\n# file = \"/var/lib/pitchside/cup.toml\"",
                  f"[tournament]\nfile = \"{cup}\"")
    status, out = check(tmp_path, capsys, text)
    line = next(i for i, t in enumerate(text.splitlines(), start=1) if t.startswith("file = "))
    assert status == 0
    assert out[0] == (f"{tmp_path / 'table.toml'}:{line}: tournament.file: warning: {cup} does not exist (yet): "
                      f"the table shows no standings until `pitchside tournament new {cup} ...` makes it")
    assert out[1].strip() == f'file = "{cup}"' and ": OK: " in out[2]
    cup.write_text("")
    assert load_config(tmp_path / "table.toml").warnings == ()


def test_master_move_grass_as_a_list_of_lists_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(edited(MASTERMOVE, 'grass = "checkerboard"', "grass = [[0, 1], [1, 0]]"))
    found = problems(path)
    assert [key for key, _ in found] == ["mastermove.grass"]


def test_an_inline_table_nested_hundreds_deep_is_a_syntax_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = PICHENOTTE.replace("[kiosk]", "[kiosk]\ndeep = " + "{a = " * 500 + "1" + "}" * 500, 1)
    status, out = check(tmp_path, capsys, text)
    assert status == 2
    assert out[0] == (f"{tmp_path / 'table.toml'}: (syntax): tables or lists nested too deeply to read: write each "
                      "table as a [section] of its own (a table config needs two levels at most)")


def test_a_number_of_thousands_of_digits_is_a_syntax_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = check(tmp_path, capsys, PICHENOTTE.replace("pucks = 12", "pucks = " + "9" * 5000, 1))
    assert status == 2
    assert out[0].startswith(f"{tmp_path / 'table.toml'}: (syntax): a value too long to read (")


def test_a_replay_number_of_thousands_of_digits_exits_2_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.jsonl"
    path.write_text('{"format": 1, "game": "pichenotte"}\n{"input": "coin_toss", "winner": "A"}\n'
                    '{"input": "tally", "A": [' + "9" * 5000 + ', 0, 0], "B": [0, 0, 1]}\n')
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pitchside replay: {path}: line 3: not a replay line: a number too long to read")


# --- every error names the next step -------------------------------------------------------


def test_an_empty_config_is_an_error_not_a_silent_pichenotte_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = check(tmp_path, capsys, "# nothing yet\n")
    assert status == 2
    assert out[0] == (f"{tmp_path / 'table.toml'}: (file): empty: a table config names its game, its pins and "
                      "its display; start from the example of your game in hardware/pitchside_hw/configs/ "
                      "(pitchside check-config FILE names what is missing)")


def test_a_config_without_a_game_says_which_to_name_and_reports_no_pichenotte_pins(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('[table]\nname = "Bar"\n[buttons]\ncoin = "GPIO4"\n')
    assert problems(path) == [(
        "table.game",
        "missing: the game this table plays, one of pichenotte, pitchnut, boulomania, pitchbowl, mastermove "
        "(or games = [...] for a table offering several); the examples in hardware/pitchside_hw/configs/ have "
        "one each",
    )]


def test_a_misspelt_section_is_reported_once_first_as_the_cause(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = check(tmp_path, capsys, PICHENOTTE.replace("[buttons]", "[butons]", 1))
    assert status == 2
    keys = [line.split(": ")[1] for line in out if ": " in line and not line.startswith("    ")][:-1]
    assert keys[0] == "butons"
    assert "did you mean [buttons]?" in out[0]
    assert keys.count("butons") == 1
    assert set(keys[1:]) == {f"buttons.{b}" for b in app_for("pichenotte").buttons}


def test_the_bounce_default_is_the_decoders_measured_100_ms() -> None:
    from pitchside.signals.debounce import DEFAULT_BOUNCE_S

    config = parse_config({
        "table": {"game": "pichenotte"},
        "buttons": {name: f"GPIO{i + 4}" for i, name in enumerate(app_for("pichenotte").buttons)},
        "beams": {"twenty": {"pin": "GPIO27"}},
    })  # fmt: skip
    assert config.bounce_ms == DEFAULT_BOUNCE_S * 1000 == 100.0


# --- a journal path that is a directory ---------------------------------------------------


def test_a_journal_path_that_is_a_directory_is_refused_by_check_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The config loads (``pitchside run`` starts it, keeping the matches in memory:
    tests/hw/test_run_table_bad_journal.py); check-config refuses it, saying so."""
    folder = tmp_path / "pitchside"
    folder.mkdir()
    (folder / "keep.txt").write_text("the owner's file")
    text = edited(PICHENOTTE, 'journal = "/var/lib/pitchside/journal.db"', f'journal = "{folder}"')
    status, out = check(tmp_path, capsys, text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith(f'journal = "{folder}"'))
    assert (status, out) == (2, [
        f"{tmp_path / 'table.toml'}:{line}: storage.journal: {folder} is a directory, not a journal file; Pitchside "
        f'leaves it alone: write journal = "{folder / "journal.db"}"; until then pitchside run keeps the matches '
        "in memory only (NOT SAVING: not a journal file)",
        f'    journal = "{folder}"   # on a writable partition',
    ])
    assert sorted(p.name for p in folder.iterdir()) == ["keep.txt"]  # nothing moved, nothing made
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("pitchside")) == ["pitchside"]


@pytest.mark.parametrize("rotate", [1, 2, 3])
def test_a_turned_panel_that_check_config_accepts_starts_and_draws_upright(tmp_path: Path, rotate: int) -> None:
    """128x128 turned a quarter is still 128x128, and 128x64 turned a half still 128x64:
    accepted, and the table built from the config draws its first frame on the turned
    luma device (the real opener, on luma's noop bus)."""
    from gpiozero.pins.mock import MockFactory

    from pitchside_hw.pins import TickClock
    from pitchside_hw.table import build_table, open_display

    square = edited(PICHENOTTE, 'driver = "ssd1306"', 'driver = "ssd1327"', "height = 64", "height = 128",
                    "rotate = 0", f"rotate = {rotate}")
    texts = [("square", square, (128, 128))] + ([("half", edited(PICHENOTTE, "rotate = 0", "rotate = 2"), (128, 64))]
                                                  if rotate == 2 else [])
    for name, text, size in texts:
        path = tmp_path / f"{name}.toml"
        path.write_text(edited(text, 'pin_factory = "lgpio"', 'pin_factory = "mock"', 'interface = "i2c"',
                               'interface = "noop"'))
        config = load_config(path)
        assert config.display.rotate == rotate
        factory = MockFactory()
        try:
            table = build_table(config, pin_factory=factory, clock=TickClock(factory), open_display=open_display(config),
                                journal=None)
            try:
                table.runtime.refresh()
                assert (table.display.size, table.display.frames_sent) == (size, 1)
            finally:
                table.close()
        finally:
            factory.close()
