"""The OLED: a :class:`Display` that sends frames to a luma device (built from config
names by :func:`~pitchside_hw.display_device.open_device`, which this module
re-exports with the device's errors).

Facts this relies on, checked against the installed luma.core 2.6 / luma.oled 3.16
source (see also shared/notes/libraries.md, sections 4 and 7):

* ``luma.core.device.device.__init__`` registers an ``atexit`` hook calling
  ``self.cleanup()`` for every device: :meth:`Display.close` disarms that hook after
  cleaning up, so the panel is never switched off twice (the second time on a closed
  bus).
* ``cleanup()`` sends DISPLAYOFF and a blank frame unless ``device.persist`` is true;
  then only the bus is released and the last frame stays lit.
* The monochrome drivers (ssd1306 family, sh1106) re-send the whole 1024-byte frame on
  every ``display()``: they have no diffing, so :class:`Display` skips identical frames.
* Bus faults are :class:`~pitchside_hw.display_device.DisplayError` values
  (:func:`~pitchside_hw.display_device.translate`: luma's errors are not ``OSError``
  subclasses).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from types import TracebackType
from typing import Any, NamedTuple, Protocol, runtime_checkable

from PIL import Image

from pitchside.app.ahead import DRAW_AHEAD_MAX
from pitchside_hw.display_device import CONFIG_FILE as CONFIG_FILE
from pitchside_hw.display_device import INTERFACES as INTERFACES
from pitchside_hw.display_device import SH1106_RAM_COLUMNS as SH1106_RAM_COLUMNS
from pitchside_hw.display_device import SPI_SPEEDS_HZ as SPI_SPEEDS_HZ
from pitchside_hw.display_device import DisplayError as DisplayError
from pitchside_hw.display_device import DisplayIOError as DisplayIOError
from pitchside_hw.display_device import DisplayNotFound as DisplayNotFound
from pitchside_hw.display_device import DisplayPermissionError as DisplayPermissionError
from pitchside_hw.display_device import DisplayUnavailable as DisplayUnavailable
from pitchside_hw.display_device import SerialInterface as SerialInterface
from pitchside_hw.display_device import drivers as drivers
from pitchside_hw.display_device import open_device as open_device
from pitchside_hw.display_device import translate as translate

log = logging.getLogger(__name__)


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
