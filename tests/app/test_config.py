"""The table config (TOML -> frozen dataclasses): the example loads with exact values,
and every refusal is a ConfigError naming the file, the key path and the bad value.

Each error case is the example config with one edit, written to a real file, so the
file name in the error is the one given to :func:`load_config`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from pitchside.app.config import (
    BeamConfig,
    ButtonConfig,
    DisplayConfig,
    TableConfig,
    load_config,
    parse_pin,
)
from pitchside.tables.pichenotte import APP as PICHENOTTE_APP
from pitchside.core.errors import ConfigError, PitchsideError
from pitchside.core.rules.pichenotte import Options

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"

EXAMPLE_PINS = {
    "coin": "GPIO4",
    "call": "GPIO5",
    "no_contact": "GPIO6",
    "ditch_a": "GPIO12",
    "ditch_b": "GPIO13",
    "whose": "GPIO16",
    "shot_done": "GPIO17",
    "undo": "GPIO22",
    "new": "GPIO23",
    "plus": "GPIO19",
    "minus": "GPIO21",
    "next": "GPIO26",
}


@pytest.fixture
def example_text() -> str:
    return EXAMPLE.read_text()


@pytest.fixture
def write(tmp_path: Path, example_text: str):
    """``write(old, new, ...)``: the example with each ``old`` line replaced by ``new``
    (each must occur exactly once), saved as table.toml; returns its path."""

    def _write(*edits: str, text: str | None = None) -> Path:
        body = example_text if text is None else text
        assert len(edits) % 2 == 0
        for old, new in zip(edits[::2], edits[1::2]):
            assert body.count(old) == 1, f"{old!r} occurs {body.count(old)} times in the example"
            body = body.replace(old, new)
        path = tmp_path / "table.toml"
        path.write_text(body)
        return path

    return _write


def refused(path: Path) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        load_config(path)
    err = info.value
    assert err.file == str(path)
    assert str(err) == f"{path}: {err.key}: {err.message}"
    assert isinstance(err, PitchsideError) and isinstance(err, ValueError)
    return err


# --- the example -----------------------------------------------------------------------


def test_example_config_loads_with_exact_values() -> None:
    cfg = load_config(EXAMPLE)
    assert cfg == TableConfig(
        source=str(EXAMPLE),
        game="pichenotte",
        name="Pichenotte",
        pin_factory="lgpio",
        bounce_ms=100.0,
        hold_s=1.0,
        buttons=tuple(ButtonConfig(n, EXAMPLE_PINS[n], pull_up=True) for n in sorted(EXAMPLE_PINS)),
        beams=(BeamConfig("twenty", "GPIO27", pull_up=True, blocked_level="high", min_block_ms=2.5,
                          rearm_ms=4.0, storm_pulses=10, storm_window_ms=10.0),),  # pucks 5 ms apart
        display=DisplayConfig(
            driver="ssd1306",
            interface="i2c",
            width=128,
            height=64,
            rotate=0,
            i2c_port=1,
            i2c_address=0x3C,
            spi_port=0,
            spi_device=0,
            persist=True,
        ),
        options=Options(players="singles", format="rounds", pucks=12),
        sides=("A", "B"),
    )
    assert {b.name: b.pin for b in cfg.buttons} == EXAMPLE_PINS
    assert sorted(EXAMPLE_PINS) == sorted(PICHENOTTE_APP.buttons)
    assert cfg.button("shot_done") == ButtonConfig("shot_done", "GPIO17")
    assert cfg.display.i2c_address == 0x3C == 60
    assert cfg.options.pucks == 12
    with pytest.raises(KeyError):
        cfg.button("nope")


def test_config_is_frozen() -> None:
    cfg = load_config(EXAMPLE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.hold_s = 2.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.display.width = 64  # type: ignore[misc]


def test_wiring_doc_lists_the_example_pins() -> None:
    wiring = (EXAMPLE.parents[1] / "WIRING.md").read_text()
    for name, pin in EXAMPLE_PINS.items():
        assert f"| `buttons.{name}` | {pin} |" in wiring
    assert "| `beams.twenty.pin` | GPIO27 |" in wiring


@pytest.mark.parametrize("value", ["17", '"17"', '"BCM17"', '"GPIO17"'])
def test_pin_spellings_normalise_to_gpio_names(write, value: str) -> None:
    cfg = load_config(write('shot_done = "GPIO17"', f"shot_done = {value}"))
    assert cfg.button("shot_done").pin == "GPIO17"


def test_int_pin_for_the_beam_normalises(write) -> None:
    cfg = load_config(write('pin = "GPIO27"', "pin = 27"))
    assert cfg.beams == (BeamConfig("twenty", "GPIO27", min_block_ms=2.5, rearm_ms=4.0, storm_pulses=10,
                                    storm_window_ms=10.0),)


def test_parse_pin_bounds() -> None:
    assert parse_pin("f", "k", 0) == "GPIO0"
    assert parse_pin("f", "k", "GPIO27") == "GPIO27"
    with pytest.raises(ConfigError) as info:
        parse_pin("f", "k", 28)
    assert (info.value.file, info.value.key) == ("f", "k")
    assert "not 28" in info.value.message


def test_defaults_when_optional_sections_are_left_out(write, example_text: str) -> None:
    minimal = '[table]\ngame = "pichenotte"\n[buttons]\n' + "".join(f'{n} = "{p}"\n' for n, p in EXAMPLE_PINS.items())
    minimal += '[beams.twenty]\npin = "GPIO27"\n'
    cfg = load_config(write(text=minimal))
    # the bounce default is the decoder's measured 100 ms (a config check-config accepts must start), not 20 ms
    assert (cfg.game, cfg.name, cfg.pin_factory, cfg.bounce_ms, cfg.hold_s) == ("pichenotte", "Pitchside", None, 100.0, 1.0)
    assert cfg.beams == (BeamConfig("twenty", "GPIO27", min_block_ms=2.0, rearm_ms=20.0, storm_pulses=6,
                                    storm_window_ms=100.0),)
    assert cfg.display == DisplayConfig()
    assert cfg.options == Options()
    assert cfg.sides == ("A", "B")


# --- errors: file, key path, bad value ------------------------------------------------


def test_unknown_key_in_a_beam(write) -> None:
    # a key written after [beams.twenty] belongs to beams.twenty
    err = refused(write("[display]", "colour = 7\n[display]"))
    assert (err.key, err.message) == ("beams.twenty.colour", "unknown key")


def test_unknown_top_level_table(write) -> None:
    err = refused(write("[display]", "[lights]\nred = 1\n\n[display]"))
    assert (err.key, err.message) == ("lights", "unknown key")


def test_unknown_top_level_key_before_any_table(write, example_text: str) -> None:
    err = refused(write(text='colour = "red"\n' + example_text))
    assert (err.key, err.message) == ("colour", "unknown key")


def test_unknown_key_inside_display(write) -> None:
    err = refused(write("rotate = 0 ", "rotate = 0\ncontrast = 200 "))
    assert (err.key, err.message) == ("display.contrast", "unknown key")


@pytest.mark.parametrize(
    ("old", "new", "key", "message"),
    [
        ("width = 128", 'width = "128"', "display.width", "must be an integer, not '128'"),
        ("height = 64", "height = true", "display.height", "must be an integer, not True"),
        ("rotate = 0 ", "rotate = 1.0 ", "display.rotate", "must be an integer, not 1.0"),
        ("persist = true", 'persist = "yes"', "display.persist", "must be true or false, not 'yes'"),
        ("hold_s = 1.0", "hold_s = true", "gpio.hold_s", "must be an integer or a number, not True"),
        ("bounce_ms = 100", 'bounce_ms = "100"', "gpio.bounce_ms", "must be an integer or a number, not '100'"),
        ("pull_up = true", "pull_up = 1", "beams.twenty.pull_up", "must be true or false, not 1"),
        ('name = "Pichenotte"', "name = 3", "table.name", "must be a string, not 3"),
        ('driver = "ssd1306"', "driver = 1306", "display.driver", "must be a string, not 1306"),
    ],
)
def test_bad_type(write, old: str, new: str, key: str, message: str) -> None:
    err = refused(write(old, new))
    assert (err.key, err.message) == (key, message)


@pytest.mark.parametrize(
    ("old", "new", "key", "message"),
    [
        ("rotate = 0 ", "rotate = 4 ", "display.rotate", "must be between 0 and 3, not 4"),
        ("rotate = 0 ", "rotate = -1 ", "display.rotate", "must be between 0 and 3, not -1"),
        ("i2c_address = 0x3C", "i2c_address = 0x80", "display.i2c_address", "must be between 0x03 and 0x77, not 0x80"),
        ("i2c_address = 0x3C", "i2c_address = 128", "display.i2c_address", "must be between 3 and 119, not 128"),
        ("width = 128", "width = 4", "display.width", "must be between 8 and 512, not 4"),
        ("hold_s = 1.0", "hold_s = 0", "gpio.hold_s", "must be between 0.2 and 10.0, not 0.0"),
        ("hold_s = 1.0", "hold_s = 10.5", "gpio.hold_s", "must be between 0.2 and 10.0, not 10.5"),
        ("hold_s = 1.0", "hold_s = nan", "gpio.hold_s", "must be between 0.2 and 10.0, not nan"),
        ("bounce_ms = 100", "bounce_ms = -1", "gpio.bounce_ms", "must be between 0.0 and 500.0, not -1.0"),
        ("min_block_ms = 2.5", "min_block_ms = 101", "beams.twenty.min_block_ms", "must be between 0.0 and 100.0, not 101.0"),
        ('interface = "i2c"', 'interface = "usb"', "display.interface", "must be one of i2c, spi, noop, not 'usb'"),
        ('blocked_level = "high"', 'blocked_level = "up"', "beams.twenty.blocked_level", "must be one of high, low, not 'up'"),
        ('pin_factory = "lgpio"', 'pin_factory = "gpiod"', "gpio.pin_factory", "must be one of lgpio, rpigpio, native, mock, not 'gpiod'"),
        ('sides = ["A", "B"]', 'sides = ["A"]', "table.sides", "must be two names, not ['A']"),
        ('sides = ["A", "B"]', 'sides = ["A", " "]', "table.sides", "must be two names, not ['A', ' ']"),
        ('sides = ["A", "B"]', 'sides = ["Zoé", "王"]', "table.sides",
         "['Zoé', '王']: the panel's font has no '王' to draw (it has the Latin letters with their accents: "
         "Zoé, Jürgen, Ørjan)"),
        ('game = "pichenotte"', 'game = "chess"', "table.game", None),
    ],
)
def test_out_of_range(write, old: str, new: str, key: str, message: str | None) -> None:
    err = refused(write(old, new))
    assert err.key == key
    if message is None:
        assert err.message.startswith("must be one of ") and err.message.endswith(", not 'chess'")
    else:
        assert err.message == message


def test_pigpio_is_refused_by_the_config_as_by_make_pin_factory(write) -> None:
    # pitchside_hw.pins.make_pin_factory does not offer pigpio: the config check says so
    # up front instead of letting the table fail at start.
    err = refused(write('pin_factory = "lgpio"', 'pin_factory = "pigpio"'))
    assert err.key == "gpio.pin_factory"
    assert err.message.endswith("not 'pigpio'")


@pytest.mark.parametrize(
    ("value", "shown"),
    [('"GPIO40"', "'GPIO40'"), ('"foo"', "'foo'"), ("true", "True"), ("28", "28"), ("-1", "-1"), ("4.0", "4.0"),
     ('"gpio4"', "'gpio4'"), ('" GPIO4"', "' GPIO4'"), ('"GPIO"', "'GPIO'"), ("[4]", "[4]")],
)  # fmt: skip
def test_bad_pin(write, value: str, shown: str) -> None:
    err = refused(write('coin = "GPIO4"', f"coin = {value}"))
    assert err.key == "buttons.coin"
    assert err.message == f'must be a BCM pin GPIO0..GPIO27 (like "GPIO17"), not {shown}'


def test_bad_beam_pin(write) -> None:
    err = refused(write('pin = "GPIO27"', 'pin = "GPIO40"'))
    assert err.key == "beams.twenty.pin"
    assert err.message.endswith("not 'GPIO40'")


def test_pin_clash_between_two_buttons_names_both_keys(write) -> None:
    err = refused(write('undo = "GPIO22"', 'undo = "GPIO4"'))
    # buttons are checked in name order: coin comes first and owns the pin; GPIO22,
    # which undo left, is the first free one in the order suggested
    assert (err.key, err.message) == ("buttons.undo", "GPIO4 is already used by buttons.coin: use GPIO22 (header pin "
                                                      "15), which nothing on this table uses")


def test_pin_clash_found_through_different_spellings(write) -> None:
    err = refused(write('undo = "GPIO22"', "undo = 4"))
    assert (err.key, err.message[:37]) == ("buttons.undo", "GPIO4 is already used by buttons.coin")


def test_pin_clash_between_a_button_and_the_beam_names_both_keys(write) -> None:
    err = refused(write('pin = "GPIO27"', 'pin = "BCM17"'))
    assert (err.key, err.message) == ("beams.twenty.pin", "GPIO17 is already used by buttons.shot_done: use GPIO27 "
                                                          "(header pin 13), which nothing on this table uses")


def test_missing_button(write) -> None:
    err = refused(write('whose = "GPIO16"\n', ""))
    assert (err.key, err.message) == ("buttons.whose", "missing pin")


def test_unknown_button_name(write) -> None:
    err = refused(write('next = "GPIO26"', 'next = "GPIO26"\nreset = "GPIO18"'))
    assert err.key == "buttons.reset"
    assert err.message.startswith("not a pichenotte button (coin, call, ")


def test_button_must_be_a_pin_not_a_table(write) -> None:
    err = refused(write('next = "GPIO26"', 'next = { pin = "GPIO26" }'))
    assert err.key == "buttons.next"
    assert err.message.endswith("not {'pin': 'GPIO26'}")


def test_missing_beams_twenty(write, example_text: str) -> None:
    start = example_text.index("[beams.twenty]")
    end = example_text.index("[display]")
    err = refused(write(text=example_text[:start] + example_text[end:]))
    assert (err.key, err.message) == ("beams.twenty", "missing: this sensor needs a pin")


def test_missing_beam_pin(write) -> None:
    err = refused(write('pin = "GPIO27"\n', ""))
    assert (err.key, err.message) == ("beams.twenty.pin", "missing pin")


def test_unknown_beam(write) -> None:
    err = refused(write("[display]", '[beams.pocket]\npin = "GPIO18"\n\n[display]'))
    assert (err.key, err.message) == ("beams.pocket", "not a pichenotte sensor (twenty)")


@pytest.mark.parametrize(
    ("edits", "key", "message"),
    [
        (("pucks = 12", "pucks = 0"), "pichenotte.pucks", "'pucks' is 0, out of range 1..50 (PI-01)"),
        (("pucks = 12", "pucks = 51"), "pichenotte.pucks", "'pucks' is 51, out of range 1..50 (PI-01)"),
        (("pucks = 12", 'pucks = "12"'), "pichenotte.pucks", "'pucks' must be an integer 1..50, not '12' (PI-01)"),
        (
            ('players = "singles"', 'players = "doubles"', "pucks = 12", "pucks = 11"),
            "pichenotte.pucks",
            "pucks must be even in doubles (each partner shoots half), not 11",
        ),
        (("pucks = 12", "pucks = 12\nhandicap = 5"), "pichenotte.handicap", "unknown key"),
        (
            ('format = "rounds"', 'format = "bo3"'),
            "pichenotte.format",
            "'format' must be one of 'rounds', 'race500', not 'bo3' (PI-15)",
        ),
    ],
)
def test_bad_pichenotte_option(write, edits: tuple[str, ...], key: str, message: str) -> None:
    err = refused(write(*edits))
    assert (err.key, err.message) == (key, message)


def test_doubles_with_even_pucks_loads(write) -> None:
    cfg = load_config(write('players = "singles"', 'players = "doubles"', "pucks = 12", "pucks = 10"))
    assert cfg.options == Options(players="doubles", pucks=10)


def test_bad_toml_syntax_names_the_line(write) -> None:
    path = write("width = 128", "width = = 128")
    lines = path.read_text().splitlines()
    line_no = lines.index("width = = 128") + 1
    err = refused(path)
    assert err.key == "(syntax)"
    assert f"line {line_no}" in err.message


def test_duplicate_key_is_a_syntax_error(write) -> None:
    path = write('coin = "GPIO4"', 'coin = "GPIO4"\ncoin = "GPIO18"')
    line_no = path.read_text().splitlines().index('coin = "GPIO18"') + 1
    err = refused(path)
    assert err.key == "(syntax)"
    assert f"line {line_no}" in err.message


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    err = refused(path)
    assert err.key == "(file)"
    assert err.message == "cannot read: No such file or directory"


def test_a_directory_is_not_a_config(tmp_path: Path) -> None:
    err = refused(tmp_path)
    assert err.key == "(file)"
    assert err.message.startswith("cannot read: ")


# --- pins the display takes -------------------------------------------------------------


def test_the_example_buttons_leave_an_spi_panels_pins_free(write) -> None:
    """One pin map for I2C and SPI panels: the example loads with an SPI panel as it is,
    its DC and RST on luma's GPIO24 and GPIO25 (no button there)."""
    cfg = load_config(write('interface = "i2c"', 'interface = "spi"'))
    assert (cfg.display.interface, cfg.display.gpio_dc, cfg.display.gpio_rst, cfg.display.bus_speed_hz) == (
        "spi", "GPIO24", "GPIO25", 8_000_000)


def test_spi_display_dc_pin_clash_names_the_pin_to_use_instead(write) -> None:
    err = refused(write('interface = "i2c"', 'interface = "spi"', 'plus = "GPIO19"', 'plus = "GPIO24"'))
    assert (err.key, err.message) == ("buttons.plus", "GPIO24 is used by the display (the SPI panel's DC line, "
                                                      "gpio_dc): use GPIO19 (header pin 35), which nothing on this "
                                                      "table uses")


def test_spi_display_rst_pin_from_the_config_clashes(write) -> None:
    err = refused(write('interface = "i2c"', 'interface = "spi"\ngpio_rst = "GPIO17"'))
    assert (err.key, err.message) == ("buttons.shot_done", "GPIO17 is used by the display (the SPI panel's reset "
                                                           "line, gpio_rst): use GPIO18 (header pin 12), which "
                                                           "nothing on this table uses")


def test_spi_display_bus_pins_clash(write) -> None:
    err = refused(write('interface = "i2c"', 'interface = "spi"', 'pin = "GPIO27"', 'pin = "GPIO10"'))
    assert (err.key, err.message) == ("beams.twenty.pin", "GPIO10 is used by the display (display.interface = "
                                                          "'spi': SPI0 MOSI): use GPIO27 (header pin 13), which "
                                                          "nothing on this table uses")


def test_spi_bus_speed_is_one_luma_drives(write) -> None:
    err = refused(write('interface = "i2c"', 'interface = "spi"\nbus_speed_hz = 9000000'))
    assert err.key == "display.bus_speed_hz"
    assert err.message.startswith("9000000 Hz is not an SPI clock luma drives; use one of 500000, 1000000, ")


def test_i2c_display_pins_clash(write) -> None:
    err = refused(write('coin = "GPIO4"', 'coin = "GPIO3"'))
    assert (err.key, err.message) == ("buttons.coin", "GPIO3 is used by the display (display.interface = 'i2c': "
                                                      "I2C1 SCL): use GPIO4 (header pin 7), which nothing on this "
                                                      "table uses")


def test_noop_display_takes_no_pins(write) -> None:
    cfg = load_config(write('interface = "i2c"', 'interface = "noop"', 'coin = "GPIO4"', 'coin = "GPIO2"'))
    assert cfg.button("coin").pin == "GPIO2"


def test_a_beam_s_pulse_train_settings_are_read_and_checked(write) -> None:
    """``train_pulses`` / ``train_spacing_ms`` (the storm detector's pulse train,
    pitchside.signals.beam): read into the beam's config, refused out of range by key."""
    cfg = load_config(write("storm_window_ms = 10 ", "train_pulses = 5\ntrain_spacing_ms = 1.5\nstorm_window_ms = 10 "))
    (beam,) = cfg.beams
    assert (beam.train_pulses, beam.train_spacing_ms) == (5, 1.5)
    assert (BeamConfig("x", "GPIO1").train_pulses, BeamConfig("x", "GPIO1").train_spacing_ms) == (8, 3.0)
    err = refused(write("storm_window_ms = 10 ", "train_pulses = 1\nstorm_window_ms = 10 "))
    assert (err.key, err.message) == ("beams.twenty.train_pulses", "must be between 2 and 1000, not 1")
    err = refused(write("storm_window_ms = 10 ", "train_spacing_ms = 2000\nstorm_window_ms = 10 "))
    assert (err.key, err.message) == ("beams.twenty.train_spacing_ms", "must be between 0.0 and 1000.0, not 2000.0")
    # the twenty hole's min_block_ms 2.5 + rearm_ms 4: pieces start at least 6.5 ms apart
    err = refused(write("storm_window_ms = 10 ", "train_spacing_ms = 7\nstorm_window_ms = 10 "))
    assert (err.key, err.message) == ("beams.twenty.train_spacing_ms",
                                      "train_spacing_s (7 ms) must be below min_block_s + rearm_s (6.5 ms), "
                                      "the closest two pieces can start")


def test_an_input_on_a_panel_pin_no_display_uses_is_a_warning_naming_a_free_pin(write) -> None:
    """The one pin map keeps I2C1, SPI0 and an SPI panel's DC/RST off inputs on every
    table: on a bus this table's display does not use, such a pin is a warning (the
    table starts), with the free pin to use instead."""
    cfg = load_config(write('coin = "GPIO4"', 'coin = "GPIO8"', 'next = "GPIO26"', 'next = "GPIO25"'))
    assert [(w.key, w.message) for w in cfg.warnings] == [
        ("buttons.coin", "GPIO8 is SPI0 CE0 (SPI panels): free on this table, but the one pin map keeps it off "
                         "inputs so the panel can change without rewiring: use GPIO4 (header pin 7), which nothing "
                         "on this table uses"),
        ("buttons.next", "GPIO25 is an SPI panel's reset line: free on this table, but the one pin map keeps it off "
                         "inputs so the panel can change without rewiring: use GPIO26 (header pin 37), which "
                         "nothing on this table uses"),
    ]  # fmt: skip
    assert [b.pin for b in cfg.buttons if b.name in ("coin", "next")] == ["GPIO8", "GPIO25"]


def test_names_with_the_font_s_accented_letters_are_kept(write) -> None:
    cfg = load_config(write('sides = ["A", "B"]', 'sides = ["Zoé", "Jürgen Ørjan"]'))
    assert cfg.sides == ("Zoé", "Jürgen Ørjan")
