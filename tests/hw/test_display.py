"""The display driver on luma's dummy device and on the real ssd1306/sh1106 drivers over
a recording serial interface (no hardware)."""

from __future__ import annotations

import errno
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from pitchside.core.errors import ConfigError, HardwareError
from pitchside.core.rules import pichenotte as P
from pitchside.render.pichenotte import PichenotteView, render
from pitchside_hw.display import (
    Display,
    DisplayIOError,
    DisplayNotFound,
    DisplayUnavailable,
    drivers,
    open_device,
    translate,
)

DISPLAYOFF, DISPLAYON, SETCONTRAST = 0xAE, 0xAF, 0x81


class RecordingSerial:
    """A bus that records what the driver sends; ``fail`` makes data() or command()
    raise the given OSError."""

    def __init__(self) -> None:
        self.cmds: list[tuple[int, ...]] = []
        self.data_calls: list[int] = []  # bytes per data() call
        self.cleanups = 0
        self.fail_data: OSError | None = None
        self.fail_command: OSError | None = None

    def command(self, *cmd: int) -> None:
        if self.fail_command is not None:
            raise self.fail_command
        self.cmds.append(cmd)

    def data(self, data: list[int]) -> None:
        if self.fail_data is not None:
            raise self.fail_data
        self.data_calls.append(len(data))

    def cleanup(self) -> None:
        self.cleanups += 1

    def reset(self) -> None:
        self.cmds.clear()
        self.data_calls.clear()

    @property
    def data_bytes(self) -> int:
        return sum(self.data_calls)


def frame(text: str = "", size: tuple[int, int] = (128, 64)) -> Image.Image:
    img = Image.new("1", size)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=1)
    d.text((10, 20), text, fill=1)
    return img


def sent(disp: Display, image: Image.Image) -> bool:
    """Show ``image``; True if it went to the device, False if skipped as identical."""
    before = disp.frames_sent
    disp.show(image)
    return disp.frames_sent == before + 1


@pytest.fixture
def bus() -> RecordingSerial:
    return RecordingSerial()


@pytest.fixture
def ssd1306(bus: RecordingSerial) -> Display:
    d = Display(open_device("ssd1306", serial=bus))
    bus.reset()  # forget the init sequence
    return d


# --- dummy ---------------------------------------------------------------------------


def test_dummy_keeps_the_frame_and_skips_identical_ones() -> None:
    with Display(open_device("dummy")) as disp:
        assert disp.size == (128, 64) and disp.device.mode == "1"
        a = frame("1-0")
        assert sent(disp, a) is True
        assert disp.device.image.tobytes() == a.tobytes()
        assert sent(disp, a.copy()) is False  # equal pixels, another object: skipped
        assert sent(disp, frame("1-0")) is False
        assert sent(disp, frame("2-0")) is True
        assert (disp.frames_sent, disp.frames_skipped) == (2, 2)


def test_a_rendered_match_frame_goes_to_the_dummy() -> None:
    disp = Display(open_device("dummy"))
    view = PichenotteView(P.apply(P.new_match(), P.CoinToss("A")).state)
    assert sent(disp, render(view)) and not sent(disp, render(view))
    assert disp.device.image.tobytes() == render(view).tobytes()
    disp.close()


def test_dummy_rotated_takes_portrait_frames() -> None:
    disp = Display(open_device("dummy", rotate=1))
    assert disp.size == (64, 128)
    sent(disp, frame(size=(64, 128)))
    with pytest.raises(ValueError, match="64x128"):
        sent(disp, frame())


# --- the real drivers over a recording bus -------------------------------------------


def test_ssd1306_sends_a_full_frame_once(ssd1306: Display, bus: RecordingSerial) -> None:
    assert sent(ssd1306, frame("A"))
    assert bus.cmds == [(0x21, 0, 127, 0x22, 0, 7)]  # column and page address window
    assert bus.data_calls == [1024]
    bus.reset()
    for _ in range(5):
        assert not sent(ssd1306, frame("A"))
    assert bus.cmds == [] and bus.data_calls == []
    assert sent(ssd1306, frame("B"))
    assert bus.data_bytes == 1024
    assert (ssd1306.frames_sent, ssd1306.frames_skipped) == (2, 5)


def test_sh1106_pages_with_the_default_and_a_custom_column_offset(bus: RecordingSerial) -> None:
    for offset, expected in [(None, 0x02), (0, 0x00)]:
        bus.reset()
        disp = Display(open_device("sh1106", serial=bus, page_address_offset=offset))
        bus.reset()
        sent(disp, frame("X"))
        assert bus.cmds == [(0xB0 + page, expected, 0x10) for page in range(8)]
        assert bus.data_calls == [128] * 8 and bus.data_bytes == 1024
        assert not sent(disp, frame("X")) and bus.data_bytes == 1024
        disp.close()


@pytest.mark.parametrize("driver", ["ssd1306", "ssd1309", "ssd1305", "sh1106", "sh1107", "ch1115"])
def test_monochrome_drivers_build_on_noop_and_show(driver: str) -> None:
    size = {"sh1107": (64, 128), "ssd1305": (128, 32)}.get(driver, (128, 64))
    disp = Display(open_device(driver, "noop", width=size[0], height=size[1]))
    assert disp.size == size and sent(disp, frame(size=size))
    disp.close()


def test_bus_error_on_data_becomes_a_hardware_error(ssd1306: Display, bus: RecordingSerial) -> None:
    bus.fail_data = OSError(errno.EIO, "Input/output error")
    with pytest.raises(DisplayIOError) as info:
        sent(ssd1306, frame("A"))
    err = info.value
    assert isinstance(err, HardwareError) and isinstance(err, OSError)
    assert err.errno == errno.EIO and "ssd1306" in str(err) and "display" in str(err)
    assert isinstance(err.__cause__, OSError)
    assert (ssd1306.errors, ssd1306.frames_sent) == (1, 0)
    # once the bus is back, the same frame is sent again: the panel's content is unknown
    bus.fail_data = None
    assert sent(ssd1306, frame("A")) and bus.data_calls == [1024]


def test_remote_io_error_means_the_panel_is_gone(ssd1306: Display, bus: RecordingSerial) -> None:
    bus.fail_command = OSError(errno.EREMOTEIO, "Remote I/O error")
    with pytest.raises(DisplayNotFound) as info:
        sent(ssd1306, frame("A"))
    assert info.value.errno == errno.EREMOTEIO


def test_luma_i2c_wrapping_is_seen_through() -> None:
    """luma's own i2c class turns EREMOTEIO in command() into DeviceNotFoundError (not an
    OSError); the errno is recovered from the error it wrapped."""
    from luma.core.interface.serial import i2c

    class DeadBus:
        def write_i2c_block_data(self, addr: int, mode: int, data: list[int]) -> None:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")

        def close(self) -> None:
            pass

    with pytest.raises(DisplayNotFound) as info:
        open_device("ssd1306", serial=i2c(bus=DeadBus(), address=0x3D))
    assert info.value.errno == errno.EREMOTEIO and "0x3D" in str(info.value)


def test_init_failure_is_translated(bus: RecordingSerial) -> None:
    bus.fail_command = OSError(errno.EIO, "Input/output error")
    with pytest.raises(DisplayIOError):
        open_device("sh1106", serial=bus)


def test_translate_keeps_display_errors_and_maps_errnos() -> None:
    e = DisplayIOError(errno.EIO, "x")
    assert translate(e, "y") is e
    assert isinstance(translate(OSError(errno.ENXIO, "no"), "d"), DisplayNotFound)
    assert isinstance(translate(OSError(errno.ETIMEDOUT, "slow"), "d"), DisplayIOError)
    assert translate(OSError(errno.EACCES, "no"), "d").errno == errno.EACCES


def test_contrast_hide_and_show_panel(ssd1306: Display, bus: RecordingSerial) -> None:
    ssd1306.contrast(40)
    ssd1306.hide()
    ssd1306.show_panel()
    assert bus.cmds == [(SETCONTRAST, 40), (DISPLAYOFF,), (DISPLAYON,)]
    for bad in (-1, 256, 1.5):
        with pytest.raises(ValueError):
            ssd1306.contrast(bad)  # type: ignore[arg-type]
    bus.fail_command = OSError(errno.EIO, "Input/output error")
    with pytest.raises(DisplayIOError):
        ssd1306.hide()


def test_wrong_size_is_refused(ssd1306: Display) -> None:
    with pytest.raises(ValueError, match="128x32"):
        sent(ssd1306, frame(size=(128, 32)))


# --- lifecycle -----------------------------------------------------------------------


def test_close_blanks_and_switches_off_once(bus: RecordingSerial) -> None:
    disp = Display(open_device("ssd1306", serial=bus))
    sent(disp, frame("A"))
    bus.reset()
    disp.close()
    assert (DISPLAYOFF,) in bus.cmds and bus.data_calls == [1024]  # off, then a blank frame
    assert bus.cleanups == 1 and disp.closed
    bus.reset()
    disp.close()
    disp.device.cleanup()  # what luma's atexit hook calls: disarmed
    assert bus.cmds == [] and bus.data_calls == [] and bus.cleanups == 1
    with pytest.raises(ValueError, match="closed"):
        sent(disp, frame("B"))


def test_persist_keeps_the_last_frame(bus: RecordingSerial) -> None:
    with Display(open_device("ssd1306", serial=bus), persist=True) as disp:
        sent(disp, frame("FINAL"))
        bus.reset()
    assert disp.closed and bus.cmds == [] and bus.data_calls == [] and bus.cleanups == 1


def test_persist_on_the_dummy_keeps_its_image() -> None:
    kept = Display(open_device("dummy"), persist=True)
    sent(kept, frame("A"))
    kept.close()
    assert kept.device.image.getbbox() is not None
    blanked = Display(open_device("dummy"))
    sent(blanked, frame("A"))
    blanked.close()
    assert blanked.device.image.getbbox() is None


def test_close_survives_a_dead_bus(bus: RecordingSerial, caplog: pytest.LogCaptureFixture) -> None:
    disp = Display(open_device("ssd1306", serial=bus))
    bus.fail_command = OSError(errno.EREMOTEIO, "Remote I/O error")
    disp.close()
    assert disp.closed and "cleanup failed" in caplog.text


def test_invalidate_resends(ssd1306: Display, bus: RecordingSerial) -> None:
    sent(ssd1306, frame("A"))
    ssd1306.invalidate()
    assert sent(ssd1306, frame("A")) and bus.data_calls == [1024, 1024]


# --- open_device errors --------------------------------------------------------------


def test_unknown_driver_and_interface_are_config_errors() -> None:
    with pytest.raises(ConfigError) as info:
        open_device("ssd9999")
    assert (info.value.file, info.value.key) == ("<display>", "driver") and "sh1106" in str(info.value)
    with pytest.raises(ConfigError) as info:
        open_device("ssd1306", "uart")
    assert info.value.key == "interface"


@pytest.mark.parametrize("kwargs, key", [
    ({"rotate": 4}, "rotate"),
    ({"i2c_address": 0x90}, "i2c_address"),
    ({"page_address_offset": 0}, "page_address_offset"),
    ({"width": 100}, "width"),
])
def test_bad_settings_name_their_key(kwargs: dict[str, int], key: str) -> None:
    interface = "i2c" if "i2c_address" in kwargs else "noop"
    with pytest.raises(ConfigError) as info:
        open_device("ssd1306", interface, **kwargs)
    assert info.value.key == key


def test_bad_spi_speed_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as info:
        open_device("ssd1306", "spi", bus_speed_hz=3_000_000)
    assert info.value.key == "bus_speed_hz"


def test_missing_i2c_bus_is_display_not_found() -> None:
    pytest.importorskip("smbus2")
    with pytest.raises(DisplayNotFound) as info:
        open_device("ssd1306", "i2c", i2c_port=97)
    assert info.value.errno == errno.ENOENT and info.value.filename == "/dev/i2c-97"
    assert "i2c_arm" in str(info.value)


def test_spi_without_gpio_is_display_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "RPi", None)  # "import RPi.GPIO" fails, as on x86
    monkeypatch.setitem(sys.modules, "RPi.GPIO", None)
    with pytest.raises(DisplayUnavailable) as info:
        open_device("sh1106", "spi", gpio_DC=23, gpio_RST=22)
    assert "GPIO23" in str(info.value) and "GPIO22" in str(info.value)
    assert isinstance(info.value, HardwareError)


def test_drivers_lists_pixel_devices_and_dummy() -> None:
    names = drivers()
    assert {"ssd1306", "sh1106", "ssd1309", "ssd1305", "sh1107", "dummy"} <= set(names)
    assert "ws0010" not in names  # a character LCD on a parallel bus


def test_config_errors_name_the_callers_file() -> None:
    with pytest.raises(ConfigError) as info:
        open_device("ssd1306", "i2c", i2c_address=0x99, config_file="/etc/pitchside/table.toml")
    assert (info.value.file, info.value.key) == ("/etc/pitchside/table.toml", "i2c_address")


def test_the_config_knows_exactly_the_drivers_open_device_builds() -> None:
    # one list, owned by the drivers and handed to the config through the
    # pitchside.hardware entry point (a config check-config accepts must start)
    from pitchside.app.limits import installed_limits
    from pitchside_hw.display import drivers
    from pitchside_hw.pins import FACTORY_NAMES

    limits = installed_limits()
    assert limits.source == "pitchside_hw"
    assert limits.display_drivers == drivers()
    assert limits.pin_factories == FACTORY_NAMES


def test_after_three_bus_errors_in_a_row_the_panel_is_re_initialised() -> None:
    """A panel that lost power comes back only with its init sequence: after
    ``reopen_after`` failures the next frame first rebuilds the device."""
    import errno

    from luma.oled.device import ssd1306
    from pitchside_hw.display import DisplayError

    buses: list[RecordingSerial] = []

    def make() -> object:
        bus = RecordingSerial()
        buses.append(bus)
        return ssd1306(bus, width=128, height=64)

    disp = Display(make(), reopen=make, reopen_after=3)
    assert disp.show(frame("1")) is None and disp.frames_sent == 1
    buses[0].fail_data = OSError(errno.EIO, "I/O error")
    for _ in range(3):
        with pytest.raises(DisplayError):
            disp.show(frame("2"))
    assert disp.errors == 3 and disp.reopened == 0 and len(buses) == 1
    disp.show(frame("2"))  # rebuilt on a new bus: init commands, then the frame
    assert disp.reopened == 1 and len(buses) == 2
    assert buses[1].cmds[0][0] == DISPLAYOFF  # ssd1306's init sequence starts DISPLAYOFF
    assert buses[1].data_calls[-1] == 1024
    assert disp.frames_sent == 2
    disp.close()
    assert buses[0].cleanups == 0  # the dead device is not touched again


def test_an_error_streak_is_broken_by_a_good_frame() -> None:
    import errno

    from luma.oled.device import ssd1306
    from pitchside_hw.display import DisplayError

    bus = RecordingSerial()
    rebuilt: list[int] = []
    disp = Display(ssd1306(bus, width=128, height=64), reopen=lambda: rebuilt.append(1), reopen_after=3)
    for text in ("a", "b"):
        bus.fail_data = OSError(errno.EIO, "I/O error")
        with pytest.raises(DisplayError):
            disp.show(frame(text))
        bus.fail_data = None
        disp.show(frame(text))
    with pytest.raises(DisplayError):
        bus.fail_data = OSError(errno.EIO, "I/O error")
        disp.show(frame("c"))
    assert disp.errors == 3 and rebuilt == []  # never three in a row


@pytest.mark.parametrize("driver, cls_name", [("ssd1306", "PartialSSD1306"), ("sh1106", "PartialSH1106")])
def test_partial_asks_for_the_partial_update_device(driver: str, cls_name: str) -> None:
    partial = open_device(driver, "noop", partial=True)
    stock = open_device(driver, "noop")
    assert type(partial).__name__ == cls_name
    assert type(stock).__name__ == driver  # luma's own driver unless asked
    assert type(open_device("ssd1309", "noop", partial=True)).__name__ == "ssd1309"  # no partial device for it


def test_the_display_config_asks_for_partial_updates_by_default() -> None:
    import tomllib
    from pathlib import Path

    from pitchside.app.config import parse_config

    example = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"
    raw = tomllib.loads(example.read_text())
    assert parse_config(raw).display.partial is True
    raw["display"]["partial"] = False
    assert parse_config(raw).display.partial is False


@pytest.mark.parametrize("partial", [False, True])
def test_page_address_offset_from_the_config_reaches_luma_sh1106(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, partial: bool
) -> None:
    # the 1.3" modules shifted two columns (luma.oled#376): [display] page_address_offset = 0 is
    # checked by check-config and passed to luma's sh1106, which then addresses each
    # page from RAM column 0 instead of its default 2.
    import pitchside_hw.display_device as device_module
    from pitchside.app.config import load_config
    from pitchside_hw.table import open_display

    example = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"
    text = example.read_text().replace('driver = "ssd1306"', 'driver = "sh1106"')
    text = text.replace("rotate = 0 ", f"page_address_offset = 0\npartial = {str(partial).lower()}\nrotate = 0 ")
    path = tmp_path / "table.toml"
    path.write_text(text)
    config = load_config(path)
    assert config.display.page_address_offset == 0
    bus = RecordingSerial()
    monkeypatch.setattr(device_module, "_open_serial", lambda *a, **k: bus)
    disp = open_display(config)("display", config.display)
    bus.cmds.clear()
    disp.show(Image.new("1", (128, 64), 1))  # every column of every page changes
    assert bus.cmds == [(0xB0 + page, 0x00, 0x10) for page in range(8)]
    disp.close()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("page_address_offset = 0", "page_address_offset = 9"))
    with pytest.raises(ConfigError) as info:
        load_config(bad)
    assert (info.value.key, info.value.message) == (
        "display.page_address_offset",
        "must be a RAM column 0..4 (the SH1106 has 132 columns, the panel 128), not 9: 2 (luma's default) or 0 "
        "(the 1.3\" modules whose picture is shifted two columns)")
