"""``pitchside wiring``: a config's wires on the 40-pin header, drawn as SVG or PNG, and
the diagrams in docs/wiring/ (scripts/wiring-diagrams) kept current."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pitchside.app.config import load_config
from pitchside.cli.main import main
from pitchside_hw.header import header
from pitchside_hw.wiring import Colour, Wire, wiring
from pitchside_hw.wiring_cli import examples, svg_of

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "hardware" / "pitchside_hw" / "configs"
DOCS = ROOT / "docs" / "wiring"


def test_the_header_is_gpiozeros_40_pins() -> None:
    pins = header()
    assert [p.number for p in pins] == list(range(1, 41))
    assert [(p.number, p.name) for p in pins[:6]] == [(1, "3V3"), (2, "5V"), (3, "GPIO2"), (4, "5V"), (5, "GPIO3"),
                                                        (6, "GND")]  # fmt: skip
    assert sorted(p.bcm for p in pins if p.bcm is not None) == list(range(28))
    assert (pins[39].name, pins[39].row, pins[39].col) == ("GPIO21", 20, 2)


def test_the_spi_panels_wires() -> None:
    w = wiring(load_config(CONFIGS / "boulomania_ssd1322.toml"), "boulomania_ssd1322.toml")
    spi = [x for x in w.wires if "SSD1322" in x.part]
    assert spi == [
        Wire(17, Colour.ORANGE, "panel SSD1322: VCC"), Wire(18, Colour.GREY, "panel SSD1322: DC"),
        Wire(19, Colour.BLUE, "panel SSD1322: DIN (MOSI)"), Wire(20, Colour.BLACK, "panel SSD1322: GND"),
        Wire(22, Colour.WHITE, "panel SSD1322: RES (reset)"), Wire(23, Colour.YELLOW, "panel SSD1322: CLK (SCLK)"),
        Wire(24, Colour.VIOLET, "panel SSD1322: CS"),
    ]  # fmt: skip
    assert (w.subtitle, w.notes) == ("boulomania; panel SSD1322 256x64 on SPI",
                                     ("USB: die device on /dev/pitchside-die (9600 baud)",))


def test_a_pay_to_play_table_s_wires() -> None:
    w = wiring(load_config(CONFIGS / "pichenotte_coin.toml"), "pichenotte_coin.toml")
    by_pin = {x.pin: x for x in w.wires}
    assert by_pin[1] == Wire(1, Colour.ORANGE, "panel SSD1306: VCC; beam receivers: VCC")
    assert by_pin[13] == Wire(13, Colour.BROWN, "twenty beam: receiver OUT")
    assert by_pin[38] == Wire(38, Colour.VIOLET, "coin acceptor: COIN (open collector)")
    assert by_pin[10] == Wire(10, Colour.GREEN, "free-credit key switch")
    assert by_pin[39] == Wire(39, Colour.BLACK, "coin acceptor GND (common ground)")
    assert by_pin[8] == Wire(8, Colour.GREY, "coin acceptor: INHIBIT (via NPN; high refuses)")
    assert len(w.wires) == 24  # 12 buttons, the beam, coin + key + inhibit, I2C (4: SDA SCL VCC GND), 5 V, 2 GND
    assert w.notes == ("GPIO14/15 are the UART's: keep the serial console off (raspi-config nonint do_serial_cons 1)",)


def test_the_docs_diagrams_are_current() -> None:
    """Redraw with scripts/wiring-diagrams when this fails."""
    assert sorted(p.stem for p in DOCS.glob("*.svg")) == sorted(p.stem for p in examples())
    stale = [p.name for p in examples() if (DOCS / f"{p.stem}.svg").read_text(encoding="utf-8") != svg_of(p)]
    assert stale == []
    assert main(["wiring", "--all", str(DOCS), "--check"]) == 0


def test_check_names_a_stale_diagram(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["wiring", "--all", str(tmp_path)]) == 0
    (tmp_path / "pitchnut.svg").write_text("<svg/>")
    (tmp_path / "combo.svg").unlink()
    assert main(["wiring", "--all", str(tmp_path), "--check"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-3:] == [f"{tmp_path}/combo.svg: missing", f"{tmp_path}/pitchnut.svg: stale",
                        "redraw them with scripts/wiring-diagrams"]  # fmt: skip


def test_svg_and_png_from_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = CONFIGS / "pitchbowl_ssd1322.toml"
    assert main(["wiring", str(config), "--out", str(tmp_path / "w.svg")]) == 0
    assert (tmp_path / "w.svg").read_text(encoding="utf-8") == svg_of(config)
    assert main(["wiring", str(config), "--out", str(tmp_path / "w.png")]) == 0
    with Image.open(tmp_path / "w.png") as png:
        assert (png.format, png.size) == ("PNG", (1240, 870))
        assert png.getpixel((620, 40)) == (255, 255, 255)
    assert capsys.readouterr().out == f"{tmp_path / 'w.svg'}\n{tmp_path / 'w.png'}\n"


def test_a_refused_config_or_picture_name_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text((CONFIGS / "pitchnut.toml").read_text().replace('plus = "GPIO19"', 'plus = "GPIO24"')
                   .replace('interface = "i2c"', 'interface = "spi"'))
    assert main(["wiring", str(bad), "--out", str(tmp_path / "w.svg")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pitchside wiring: {bad}: buttons.plus: GPIO24 is used by the display")
    assert err.endswith(f"(pitchside check-config {bad} names every problem)\n")
    assert main(["wiring", str(CONFIGS / "pitchnut.toml"), "--out", str(tmp_path / "w.jpg")]) == 2
    assert not (tmp_path / "w.svg").exists()
