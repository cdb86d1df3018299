"""The OLED's device: a luma device built from config names (:func:`open_device`), the
drivers it accepts, and the bus faults as :class:`DisplayError` values
(:func:`translate`). :mod:`pitchside_hw.display` sends the frames to it.

Facts this relies on, checked against the installed luma.core 2.6 / luma.oled 3.16
source (see also shared/notes/libraries.md, sections 4 and 7):

* ``luma.core.device.device.__init__`` falls back to a real ``i2c()`` when given no
  serial interface: :func:`open_device` therefore always passes an interface.
* ``luma.core.interface.serial.i2c`` turns EREMOTEIO/EIO into ``DeviceNotFoundError``
  in ``command()`` only; ``data()`` lets the raw ``OSError`` out. A missing
  ``/dev/i2c-N`` is ``DeviceNotFoundError`` at construction. luma's errors are not
  ``OSError`` subclasses. Both kinds are translated here into :class:`DisplayError`
  subclasses of :class:`pitchside.core.errors.HardwareError` (an ``OSError``).
* luma's SPI drives DC/RST through RPi.GPIO, imported lazily: on a machine without it
  the import fails (``ModuleNotFoundError``, or ``UnsupportedPlatform`` off a Pi).
"""

from __future__ import annotations

import errno
import logging
from typing import Any, Protocol

from pitchside.core.errors import ConfigError, HardwareError

log = logging.getLogger("pitchside_hw.display")  # the display's own log lines, as before the device moved here

CONFIG_FILE = "<display>"
"""The ``file`` named in :class:`ConfigError` when the caller has not said which file."""

INTERFACES = ("i2c", "spi", "noop")
_PARALLEL_ONLY = {"ws0010", "winstar_weh"}  # character LCDs on a 6800 parallel bus
SPI_SPEEDS_HZ = tuple(int(mhz * 1_000_000) for mhz in
                      (0.5, 1, 2, 4, 8, 16, 20, 24, 28, 32, 36, 40, 44, 48, 50, 52))
"""SPI clock rates luma's ``spi`` accepts (it asserts on anything else)."""
SH1106_RAM_COLUMNS = 132
"""The SH1106's display RAM is 132 columns wide; a panel of ``width`` px shows columns
``page_address_offset .. page_address_offset + width - 1`` of it (luma's sh1106 sends
the offset as the low column nibble of each page, so it is at most 15 there too)."""


class DisplayError(HardwareError):
    """A display fault. ``errno`` is set when the OS reported one."""


class DisplayNotFound(DisplayError):
    """No panel answers: missing ``/dev/i2c-N`` or ``/dev/spidevP.D``, nothing at the
    I2C address (EREMOTEIO/ENXIO), or unplugged."""


class DisplayPermissionError(DisplayError):
    """The bus device exists but this user may not open it (add it to group i2c/spi)."""


class DisplayIOError(DisplayError):
    """A bus transfer failed mid-run (EIO, a timeout): wiring, power, noise."""


class DisplayUnavailable(DisplayError):
    """This machine lacks what the interface needs (smbus2, spidev, RPi.GPIO)."""


class SerialInterface(Protocol):
    """What luma's drivers call on a bus: luma.core.interface.serial.i2c/spi/noop, or
    a test double."""

    def command(self, *cmd: int) -> None: ...
    def data(self, data: list[int]) -> None: ...
    def cleanup(self) -> None: ...


def drivers() -> tuple[str, ...]:
    """Driver names :func:`open_device` accepts: every pixel device of
    ``luma.oled.device`` (ssd1305, ssd1306, ssd1309, ..., sh1106, sh1107, ch1115) and
    ``"dummy"`` (``luma.core.device.dummy``, keeps the last frame in ``.image``) and
    ``"file"`` (:mod:`pitchside_hw.frame_file`: a dummy that also writes each frame to
    ``frame.pbm`` in the working directory)."""
    import luma.oled.device as oled

    return tuple(n for n in oled.__all__ if n not in _PARALLEL_ONLY) + ("dummy", "file")


def open_device(
    driver: str,
    interface: str = "i2c",
    *,
    width: int = 128,
    height: int = 64,
    rotate: int = 0,
    i2c_port: int = 1,
    i2c_address: int = 0x3C,
    spi_port: int = 0,
    spi_device: int = 0,
    gpio_DC: int = 24,
    gpio_RST: int = 25,
    bus_speed_hz: int = 8_000_000,
    page_address_offset: int | None = None,
    serial: SerialInterface | None = None,
    partial: bool = False,
    config_file: str = CONFIG_FILE,
    spi_bus: Any = None,
    gpio: Any = None,
) -> Any:
    """Build a luma device by name, sending its init sequence (unless ``dummy``).

    :param driver: a name from :func:`drivers`, e.g. ``"ssd1306"`` or ``"sh1106"``.
    :param interface: ``"i2c"`` (smbus2, ``/dev/i2c-<i2c_port>``), ``"spi"`` (spidev
        ``/dev/spidev<spi_port>.<spi_device>`` plus RPi.GPIO for DC/RST) or ``"noop"``
        (a bus that drops everything: the real driver code with no hardware).
    :param width: panel width in px (before rotation).
    :param height: panel height in px (before rotation).
    :param rotate: quarter turns clockwise, 0..3 (luma rotates each frame).
    :param i2c_address: 7-bit address, 0x03..0x77 (0x3C or 0x3D for most modules).
    :param gpio_DC: BCM pin of the SPI data/command line. :param gpio_RST: reset pin.
    :param bus_speed_hz: SPI clock, one of :data:`SPI_SPEEDS_HZ`.
    :param page_address_offset: sh1106 only: first RAM column of the panel (luma's
        default 2 suits 132-column RAM; some 1.3" modules need 0).
    :param partial: for ``ssd1306``/``sh1106``, the :mod:`pitchside_hw.partial` device
        that sends only the changed pages and columns (with a full frame now and then).
    :param serial: use this bus object instead of building one for ``interface``
        (tests, a shared bus); ``interface`` is then only checked.
    :param spi_bus: with ``"spi"``: a spidev-compatible object luma opens instead of
        ``spidev.SpiDev()`` (luma's ``spi``). :param gpio: with ``"spi"``: an
        RPi.GPIO-compatible module for DC and RST instead of ``RPi.GPIO`` (luma's
        ``gpio``); on a Pi both stay None and luma imports the real ones.
    :param config_file: the file named by a :class:`ConfigError` (the table config the
        settings came from); its key is the parameter's name, e.g. ``"i2c_address"``.
    :returns: the luma device (``.display(image)``, ``.size``, ``.mode``).
    :raises ConfigError: unknown driver or interface, bad rotate/address/speed, a size
        the driver cannot drive, page_address_offset for a driver other than sh1106.
    :raises DisplayNotFound: no ``/dev/i2c-N`` / ``/dev/spidevP.D``, or nothing answers
        at the address while the init sequence is sent.
    :raises DisplayPermissionError: the bus device may not be opened.
    :raises DisplayUnavailable: smbus2, spidev or a GPIO module for SPI is missing.
    :raises DisplayIOError: the bus failed while the init sequence was sent.
    """
    names = drivers()
    if driver not in names:
        raise ConfigError(config_file, "driver", f"unknown display driver {driver!r}; known: {', '.join(names)}")
    if interface not in INTERFACES:
        raise ConfigError(config_file, "interface", f"unknown interface {interface!r}; known: {', '.join(INTERFACES)}")
    if rotate not in (0, 1, 2, 3):
        raise ConfigError(config_file, "rotate", f"must be 0..3 quarter turns, not {rotate!r}")
    if width < 1 or height < 1:
        raise ConfigError(config_file, "width", f"size must be positive, not {width}x{height}")
    if page_address_offset is not None and driver != "sh1106":
        raise ConfigError(config_file, "page_address_offset", f"applies to sh1106 only, not {driver}: leave it out")
    if page_address_offset is not None and not (
        isinstance(page_address_offset, int) and 0 <= page_address_offset <= SH1106_RAM_COLUMNS - width
    ):
        raise ConfigError(config_file, "page_address_offset",
                          f"must be a RAM column 0..{SH1106_RAM_COLUMNS - width} (the SH1106 has "
                          f"{SH1106_RAM_COLUMNS} columns, the panel {width}), not {page_address_offset!r}: "
                          "2 (luma's default) or 0 (the 1.3\" modules whose picture is shifted two columns)")

    if driver == "dummy":
        from luma.core.device import dummy
        from luma.core.interface.serial import noop

        return dummy(width=width, height=height, rotate=rotate, mode="1", serial_interface=serial or noop())
    if driver == "file":
        from luma.core.interface.serial import noop

        from pitchside_hw.frame_file import FrameFile

        return FrameFile(width=width, height=height, rotate=rotate, mode="1", serial_interface=serial or noop())

    built = serial is None
    if serial is None:
        serial = _open_serial(interface, config_file, i2c_port=i2c_port, i2c_address=i2c_address, spi_port=spi_port,
                              spi_device=spi_device, gpio_DC=gpio_DC, gpio_RST=gpio_RST,
                              bus_speed_hz=bus_speed_hz, spi_bus=spi_bus, gpio=gpio)
    import luma.core.error
    import luma.oled.device as oled

    kwargs: dict[str, Any] = {}
    if page_address_offset is not None:
        kwargs["page_address_offset"] = page_address_offset
    where = _where(interface, i2c_port, i2c_address, spi_port, spi_device)
    cls = getattr(oled, driver)
    if partial and driver in ("ssd1306", "sh1106"):
        from pitchside_hw.partial import PartialSH1106, PartialSSD1306

        cls = PartialSSD1306 if driver == "ssd1306" else PartialSH1106
    try:
        return cls(serial_interface=serial, width=width, height=height, rotate=rotate, **kwargs)
    except luma.core.error.DeviceDisplayModeError as exc:
        _release(serial, built)
        raise ConfigError(config_file, "width", f"{driver} cannot drive {width}x{height} px ({exc})") from None
    except (OSError, luma.core.error.Error) as exc:
        _release(serial, built)
        raise translate(exc, f"{driver} on {where}") from exc


def _where(interface: str, i2c_port: int, i2c_address: int, spi_port: int, spi_device: int) -> str:
    if interface == "i2c":
        return f"/dev/i2c-{i2c_port} address 0x{i2c_address:02X}"
    if interface == "spi":
        return f"/dev/spidev{spi_port}.{spi_device}"
    return "the noop bus"


def _release(serial: SerialInterface, built: bool) -> None:
    """Close a bus we opened after the device on it failed to start."""
    if built:
        try:
            serial.cleanup()
        except Exception:  # the bus is already broken; the first error is the one to report
            log.debug("cleanup of a failed display bus raised", exc_info=True)


def _open_serial(interface: str, config_file: str, *, i2c_port: int, i2c_address: int, spi_port: int, spi_device: int,
                 gpio_DC: int, gpio_RST: int, bus_speed_hz: int, spi_bus: Any = None,
                 gpio: Any = None) -> SerialInterface:
    import luma.core.error
    from luma.core.interface import serial as luma_serial

    if interface == "noop":
        return luma_serial.noop()  # type: ignore[no-any-return]
    if interface == "i2c":
        if not 0x03 <= i2c_address <= 0x77:
            raise ConfigError(config_file, "i2c_address", f"7-bit address 0x03..0x77, not {i2c_address!r}")
        dev = f"/dev/i2c-{i2c_port}"
        try:
            return luma_serial.i2c(port=i2c_port, address=i2c_address)  # type: ignore[no-any-return]
        except ImportError as exc:
            raise DisplayUnavailable(errno.ENOSYS, f"I2C needs smbus2 ({exc}); install pitchside[pi]") from exc
        except luma.core.error.DevicePermissionError as exc:
            raise DisplayPermissionError(errno.EACCES, "I2C bus permission denied (is the user in group i2c?)",
                                         dev) from exc
        except luma.core.error.DeviceNotFoundError as exc:
            raise DisplayNotFound(errno.ENOENT, "I2C bus not found (enable it: dtparam=i2c_arm=on; check i2c_port)",
                                  dev) from exc
        except OSError as exc:
            raise translate(exc, dev) from exc
    # spi
    if bus_speed_hz not in SPI_SPEEDS_HZ:
        raise ConfigError(config_file, "bus_speed_hz", f"{bus_speed_hz} Hz is not one of luma's SPI speeds "
                                                        f"({', '.join(str(s) for s in SPI_SPEEDS_HZ)})")
    dev = f"/dev/spidev{spi_port}.{spi_device}"
    try:
        return luma_serial.spi(spi=spi_bus, gpio=gpio, port=spi_port,  # type: ignore[no-any-return]
                               device=spi_device, bus_speed_hz=bus_speed_hz, gpio_DC=gpio_DC, gpio_RST=gpio_RST)
    except (ImportError, luma.core.error.UnsupportedPlatform, RuntimeError) as exc:
        missing = getattr(exc, "name", None)
        if missing == "spidev":
            raise DisplayUnavailable(errno.ENOSYS, f"SPI needs the spidev module ({exc}); install pitchside[pi]") from exc
        raise DisplayUnavailable(
            errno.ENOSYS,
            f"SPI needs GPIO for DC (GPIO{gpio_DC}) and RST (GPIO{gpio_RST}) through an RPi.GPIO-compatible "
            f"module (rpi-lgpio, which pitchside[pi] installs), and none is usable here: {exc}") from exc
    except luma.core.error.DeviceNotFoundError as exc:
        raise DisplayNotFound(errno.ENOENT, "SPI device not found (enable it: dtparam=spi=on)", dev) from exc
    except OSError as exc:
        raise translate(exc, dev) from exc


_NOT_FOUND = {errno.EREMOTEIO, errno.ENXIO, errno.ENODEV, errno.ENOENT}
_DENIED = {errno.EACCES, errno.EPERM}


def translate(exc: BaseException, what: str) -> DisplayError:
    """The :class:`DisplayError` for an ``OSError`` or a luma error raised while
    talking to ``what`` (a description for the message, e.g. ``"ssd1306 on /dev/i2c-1
    address 0x3C"``). A :class:`DisplayError` is returned as it is.

    EREMOTEIO, ENXIO, ENODEV, ENOENT and luma's ``DeviceNotFoundError`` give
    :class:`DisplayNotFound`; EACCES/EPERM :class:`DisplayPermissionError`; EIO and every
    other errno :class:`DisplayIOError`. luma's errors carry no errno: the ``OSError`` it
    wrapped (its ``__context__``) supplies it.
    """
    if isinstance(exc, DisplayError):
        return exc
    code = getattr(exc, "errno", None)
    if code is None and isinstance(exc.__context__, OSError):
        code = exc.__context__.errno
    kind = type(exc).__name__
    message = f"{what}: {exc or kind}"
    import luma.core.error

    if isinstance(exc, luma.core.error.DevicePermissionError) or code in _DENIED:
        return DisplayPermissionError(code or errno.EACCES, message)
    if isinstance(exc, luma.core.error.DeviceNotFoundError) or code in _NOT_FOUND:
        return DisplayNotFound(code or errno.ENODEV, message)
    return DisplayIOError(code or errno.EIO, message)
