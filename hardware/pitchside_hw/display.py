"""The OLED: build a luma device from config names, and a :class:`Display` that sends
frames to it.

Facts this relies on, checked against the installed luma.core 2.6 / luma.oled 3.16
source (see also shared/notes/libraries.md, sections 4 and 7):

* ``luma.core.device.device.__init__`` falls back to a real ``i2c()`` when given no
  serial interface, and registers an ``atexit`` hook calling ``self.cleanup()`` for
  every device. :func:`open_device` therefore always passes an interface, and
  :meth:`Display.close` disarms that hook after cleaning up, so the panel is never
  switched off twice (the second time on a closed bus).
* ``cleanup()`` sends DISPLAYOFF and a blank frame unless ``device.persist`` is true;
  then only the bus is released and the last frame stays lit.
* The monochrome drivers (ssd1306 family, sh1106) re-send the whole 1024-byte frame on
  every ``display()``: they have no diffing, so :class:`Display` skips identical frames.
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
from collections.abc import Callable
from types import TracebackType
from typing import Any, NamedTuple, Protocol, runtime_checkable

from PIL import Image

from pitchside.app.ahead import DRAW_AHEAD_MAX
from pitchside.core.errors import ConfigError, HardwareError

log = logging.getLogger(__name__)

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


@runtime_checkable
class StagingDevice(Protocol):
    """A device that packs and plans a frame apart from sending it
    (:class:`pitchside_hw.partial.PartialSSD1306`, :class:`~pitchside_hw.partial.PartialSH1106`):
    :class:`Display` compares frames by their packed pages, so a frame is packed once."""

    def pack(self, image: Image.Image) -> bytes:
        """The frame as the controller's RAM bytes; two frames pack alike exactly when
        the panel shows them alike. Touches no bus."""
        ...

    def stage(self, image: Image.Image, packed: bytes | None = None) -> object:
        """Plan what ``display(image)`` of this same image will send (``packed``: its
        :meth:`pack`). Touches no bus."""
        ...

    def display(self, image: Image.Image) -> None: ...


AHEAD_MAX = 2 * DRAW_AHEAD_MAX
"""The most frames :meth:`Display.prepare_ahead` keeps readied at once (64): two rounds of
the most ``[display] draw_ahead`` allows, the last one and one cut short."""


class _Prepared(NamedTuple):
    """A frame :meth:`Display.prepare` readied: ``source`` as given (identity),
    ``image`` in the device's mode, ``key`` what it is compared by (the packed pages on a
    :class:`StagingDevice`, else the mode and the image's bytes)."""

    source: Image.Image
    image: Image.Image
    key: bytes


def drivers() -> tuple[str, ...]:
    """Driver names :func:`open_device` accepts: every pixel device of
    ``luma.oled.device`` (ssd1305, ssd1306, ssd1309, ..., sh1106, sh1107, ch1115) and
    ``"dummy"`` (``luma.core.device.dummy``, keeps the last frame in ``.image``)."""
    import luma.oled.device as oled

    return tuple(n for n in oled.__all__ if n not in _PARALLEL_ONLY) + ("dummy",)


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
                          "2 (luma's default) or 0 (luma.oled issue 376 modules)")

    if driver == "dummy":
        from luma.core.device import dummy
        from luma.core.interface.serial import noop

        return dummy(width=width, height=height, rotate=rotate, mode="1", serial_interface=serial or noop())

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


class Display:
    """Frames to a luma device, skipping the ones already on the panel.

    :param device: a luma device (from :func:`open_device`, or any object with
        ``display(image)``, ``size``, ``mode``, ``persist``, ``contrast``, ``hide``,
        ``show`` and ``cleanup``).
    :param persist: keep the last frame lit after :meth:`close` (the process exiting or
        restarting) instead of blanking and switching the panel off.
    :param farewell: with ``persist``, the frame :meth:`close` shows first, so that is
        the one left lit (a stopped table's "out of order" frame)
        rather than the last frame of the running table; :attr:`size` px. None: the last
        frame stays. Without ``persist`` the panel is blanked and it is not sent. A
        function returning that frame may stand for it: it is called once, by
        :meth:`render_farewell` or else by :meth:`close` (so a table can draw it after
        its first frame, not before: start-up).
    :param name: for messages and logs, e.g. ``"score display"``.
    :param reopen: builds the device again (re-sending its init sequence), for a panel
        that lost power or was reset on a long I2C run: after ``reopen_after``
        consecutive bus errors, the next :meth:`show` first rebuilds the device with it
        (shared/notes/libraries.md section 7: re-initialise after repeated errors).

    Counters: ``frames_sent`` (handed to the device), ``frames_skipped`` (identical to
    the frame on the panel), ``errors`` (bus failures). Not thread-safe: one runtime
    loop owns it.

    A frame's hand-off is two steps: :meth:`prepare` (convert, compare with the frame on
    the panel, and on a :class:`StagingDevice` pack and plan it: no bus) and
    :meth:`show` (the bus). The runtime prepares a journaled frame while its write is
    made durable and shows it once it is (latency); :meth:`show` alone does both.
    """

    def __init__(
        self,
        device: Any,
        *,
        persist: bool = False,
        name: str = "display",
        reopen: Callable[[], Any] | None = None,
        reopen_after: int = 3,
        farewell: Image.Image | Callable[[], Image.Image] | None = None,
    ) -> None:
        self._device = device
        self.persist = persist
        self.farewell: Image.Image | Callable[[], Image.Image] | None = farewell
        self.name = name
        self._reopen = reopen
        self._reopen_after = reopen_after
        self._failing = 0
        self.reopened = 0
        self.frames_sent = 0
        self.frames_skipped = 0
        self.errors = 0
        self._last: bytes | None = None
        self._prepared: _Prepared | None = None
        # prepare_ahead's images, by id(image) (checked against the image itself:
        # _readied_for), oldest first, at most AHEAD_MAX; all dropped when a frame is
        # sent or the panel is invalidated (their plans were made against the panel as
        # it was). Not the runtime's cache of frames drawn ahead (keyed by Frame).
        self._readied: dict[int, _Prepared] = {}
        self._staging = isinstance(device, StagingDevice)
        self._closed = False

    @property
    def device(self) -> Any:
        """The wrapped luma device."""
        return self._device

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in px that :meth:`show` takes: the device's, after rotation."""
        return tuple(self._device.size)

    @property
    def mode(self) -> str:
        """The device's image mode (luma's ``.mode``): ``"1"`` monochrome, ``"L"``
        greyscale (SSD1322, SSD1327), ``"RGB"`` colour (SSD1351)."""
        return str(self._device.mode)

    @property
    def closed(self) -> bool:
        return self._closed

    def prepare(self, image: Image.Image) -> None:
        """Ready ``image`` for the next :meth:`show` of this same image object, without
        touching the bus: its conversion to the device's mode, the compare with the frame
        on the panel, and on a :class:`StagingDevice` its packing and the plan of what to
        send. :meth:`show` then only sends (it prepares again if another image comes
        first, or a frame was sent in between). The image must not be changed in between.

        :raises ValueError: wrong image size, or the display is closed.
        """
        self._prepared = self._readied_for(image) or self._prepare(image)

    def prepare_ahead(self, image: Image.Image) -> None:
        """Ready ``image`` as :meth:`prepare` does, for a :meth:`show` that may come later
        or never: a frame the runtime drew for an input that has not happened yet
        (:meth:`pitchside.app.runtime.Runtime.draw_ahead`). Several are kept until a
        frame is sent, which makes their plans stale (a frame shown after that is
        prepared again); past :data:`AHEAD_MAX` the one readied longest ago is dropped.
        An image already readied is only marked as the newest. The image must not be
        changed.

        :raises ValueError: wrong image size, or the display is closed.
        """
        key = id(image)
        ready = self._readied_for(image)
        if ready is not None:
            del self._readied[key]
            self._readied[key] = ready
            return
        if len(self._readied) >= AHEAD_MAX:
            del self._readied[next(iter(self._readied))]
        self._readied[key] = self._prepare(image)

    def readied(self, image: Image.Image) -> bool:
        """Whether ``image`` (this object) is readied by :meth:`prepare_ahead` for a later
        :meth:`show`: kept, not yet dropped for room or by a frame sent."""
        return self._readied_for(image) is not None

    def _readied_for(self, image: Image.Image) -> _Prepared | None:
        prepared = self._readied.get(id(image))
        return prepared if prepared is not None and prepared.source is image else None

    def show(self, image: Image.Image) -> None:
        """Send ``image`` unless it is the frame already on the panel (what
        :meth:`prepare` readied for it, if it was the last image prepared).

        :param image: :attr:`size` px; mode ``"1"`` for the monochrome panels (another
            mode is converted to the device's mode, e.g. to ``"RGB"`` for colour ones).
        Returns nothing, to match the runtime's ``FrameSink``; :attr:`frames_sent` and
        :attr:`frames_skipped` say what happened.
        :raises ValueError: wrong image size, or the display is closed.
        :raises DisplayError: the bus failed (the frame counts as not shown, so the next
            :meth:`show` of the same frame sends it again).
        """
        prepared, self._prepared = self._prepared, None
        if prepared is None or prepared.source is not image:
            prepared = self._readied_for(image) or self._prepare(image)
        self._check_open()
        if prepared.key == self._last:
            self.frames_skipped += 1
            return
        self._readied.clear()  # planned against the panel as it was
        self._last = None  # a failed transfer leaves the panel in an unknown state
        if self._reopen is not None and self._failing >= self._reopen_after:
            self._rebuild()
        self._call("display", prepared.image)
        self._last = prepared.key
        self.frames_sent += 1

    def _prepare(self, image: Image.Image) -> _Prepared:
        self._check_open()
        if image.size != self.size:
            raise ValueError(f"{self.name}: frame is {image.size[0]}x{image.size[1]} px, "
                             f"the panel {self.size[0]}x{self.size[1]}")
        device = self._device
        converted = image if image.mode == device.mode else image.convert(device.mode)
        if not self._staging:
            return _Prepared(image, converted, converted.mode.encode() + b"\0" + converted.tobytes())
        packed: bytes = device.pack(converted)
        if packed != self._last:
            device.stage(converted, packed)  # what display() sends, planned now
        return _Prepared(image, converted, packed)

    def invalidate(self) -> None:
        """Forget what is on the panel, so the next :meth:`show` sends even an identical
        frame, whole (after the panel was reset or re-initialised): the partial device's
        copy of the panel RAM and a frame prepared against it are forgotten too."""
        self._last = None
        self._prepared = None
        self._readied.clear()
        forget = getattr(self._device, "invalidate", None)  # the partial devices' (luma's own have none)
        if forget is not None:
            forget()

    def contrast(self, level: int) -> None:
        """Set the panel's contrast, 0..255 (not a linear brightness; 0 is not off).

        :raises ValueError: ``level`` out of range or display closed.
        :raises DisplayError: the bus failed.
        """
        self._check_open()
        if not isinstance(level, int) or not 0 <= level <= 255:
            raise ValueError(f"{self.name}: contrast must be an int 0..255, not {level!r}")
        self._call("contrast", level)

    def hide(self) -> None:
        """Switch the panel off (low power); its memory keeps the frame.

        :raises DisplayError: the bus failed."""
        self._check_open()
        self._call("hide")

    def show_panel(self) -> None:
        """Switch the panel back on after :meth:`hide`.

        :raises DisplayError: the bus failed."""
        self._check_open()
        self._call("show")

    def render_farewell(self) -> None:
        """Draw :attr:`farewell` now when it was given as a function (it then holds the
        frame); nothing otherwise. :func:`pitchside_hw.table.run_table` calls it right
        after the first frame, so a running table has the frame in hand however it stops.

        :raises Exception: whatever the function raises (:meth:`close` logs it).
        """
        if callable(self.farewell):
            self.farewell = self.farewell()

    def close(self) -> None:
        """Release the bus; blank and switch off the panel unless :attr:`persist`, else
        show :attr:`farewell` (if any; drawn now if it is still a function) and leave it
        lit. Idempotent. Never raises for a bus that is already gone, a farewell of the
        wrong size or one that cannot be drawn (logged instead), so it is safe in an
        ``ExitStack`` during shutdown."""
        if self._closed:
            return
        if self.persist and self.farewell is not None:
            try:
                frame = self.farewell = self.farewell() if callable(self.farewell) else self.farewell
                self.show(frame)
            except Exception as exc:  # noqa: BLE001 - the panel keeps whatever it had
                log.warning("%s: the farewell frame was not shown: %s", self.name, exc)
        self._closed = True
        device = self._device
        device.persist = self.persist
        try:
            device.cleanup()
        except Exception as exc:  # noqa: BLE001 - luma errors are plain Exceptions, not OSError
            log.warning("%s: cleanup failed: %s", self.name, translate(exc, self.name))
        # luma registered an atexit hook calling device.cleanup(): make it a no-op now.
        device.cleanup = _cleaned_up

    def __enter__(self) -> "Display":
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "open"
        return (f"<Display {self.name} {type(self._device).__name__} {self.size[0]}x{self.size[1]} {state} "
                f"sent={self.frames_sent} skipped={self.frames_skipped} errors={self.errors}>")

    def _check_open(self) -> None:
        if self._closed:
            raise ValueError(f"{self.name} is closed")

    def _rebuild(self) -> None:
        """Replace the device by a new one from ``reopen`` (its init sequence re-sent).

        :raises DisplayError: the new device cannot be built either (tried again later).
        """
        import luma.core.error

        assert self._reopen is not None
        old = self._device
        try:
            device = self._reopen()
        except (OSError, luma.core.error.Error) as exc:
            self.errors += 1
            raise translate(exc, f"{self.name} re-initialisation") from exc
        old.cleanup = _cleaned_up  # the old object's atexit hook must not touch the bus
        self._device = device
        self._staging = isinstance(device, StagingDevice)
        self._failing = 0
        self.reopened += 1
        log.warning("%s: re-initialised after %d bus errors in a row", self.name, self._reopen_after)

    def _call(self, method: str, *args: Any) -> None:
        import luma.core.error

        try:
            getattr(self._device, method)(*args)
        except (OSError, luma.core.error.Error) as exc:
            self.errors += 1
            self._failing += 1
            raise translate(exc, f"{self.name} ({type(self._device).__name__}) {method}") from exc
        self._failing = 0


def _cleaned_up() -> None:
    """Stands in for a closed device's ``cleanup`` (see :meth:`Display.close`)."""
