"""The ``file`` display (each frame written to frame.pbm) and the lgpio chip setting
(PITCHSIDE_GPIO_CHIP): what the system tests' guest uses in place of a panel and a Pi header."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from pitchside.core.errors import ConfigError
from pitchside_hw.display import drivers, open_device
from pitchside_hw.pins import CHIP_ENV_VAR, lgpio_chip, make_pin_factory


def test_each_frame_is_written_whole_with_its_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert "file" in drivers()
    dev = open_device("file", width=16, height=8)
    img = Image.new("1", (16, 8))
    ImageDraw.Draw(img).rectangle((0, 0, 7, 7), fill=1)
    dev.display(img)
    dev.display(img)
    data = (tmp_path / "frame.pbm").read_bytes()
    # PBM: 1 is black; the lit left half is 0 bits
    assert data == b"P4\n# frame 2\n16 8\n" + b"\x00\xff" * 8
    assert sorted(p.name for p in tmp_path.iterdir()) == ["frame.pbm"]
    assert dev.image.tobytes() == img.tobytes()


@pytest.mark.parametrize(("value", "chip"), [(None, None), ("", None), ("0", 0), ("gpiochip2", 2),
                                             ("/dev/gpiochip4", 4)])
def test_the_chip_setting(value: str | None, chip: int | None) -> None:
    assert lgpio_chip({} if value is None else {CHIP_ENV_VAR: value}) == chip


@pytest.mark.parametrize("value", ["x", "-1", "gpiochip", "999"])
def test_a_bad_chip_is_a_config_error_naming_it(value: str) -> None:
    with pytest.raises(ConfigError) as err:
        make_pin_factory("lgpio", env={CHIP_ENV_VAR: value})
    assert str(err.value) == (f"<environment>: {CHIP_ENV_VAR}: must be a GPIO chip number (0 for "
                              f"/dev/gpiochip0), not {value!r}")
