"""A table's drivers, built from its config, around the runtime loop.

One assembly, :func:`build_table`, serves the real table (:func:`run_table`,
``pitchside run``), the simulated one (``pitchside_sim``, which passes a virtual-clock
MockFactory and recording displays instead of lgpio and an SSD1306) and the bench:
a feature is wired here once.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, TypeAlias

from gpiozero import Factory

from pitchside.app.ahead import DrawAhead
from pitchside.app.assembly import input_names, kiosk_settings
from pitchside.app.config import BEAM_KEYS, DisplayConfig, TableConfig, load_config
from pitchside.tables.kiosk import DOOR_KEY
from pitchside.tables.registry import app_for
from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder
from pitchside.app.parts import FrameSink, Publisher, TableParts, system_dice
from pitchside.app.runtime import Runtime
from pitchside.app import sched
from pitchside.app.sdnotify import Notifier
from pitchside.core.errors import ConfigError, HardwareError, PitchsideError
from pitchside.core.sides import Side
from pitchside.render.panel import Panel
from pitchside.signals.events import ButtonHeld, ButtonPressed, ButtonReleased
from pitchside.signals.params import ParameterError
from pitchside_hw.display import Display, open_device
from pitchside_hw.inputs import BeamInput, ButtonInput
from pitchside_hw.pins import TickClock, make_pin_factory

if TYPE_CHECKING:  # imported where used: a table without them never loads them (start-up)
    from PIL import Image

    from pitchside.club.link import ClubLink
    from pitchside.tables.cues import SoundSink
    from pitchside.web.publisher import Sink
    from pitchside_hw.coin_input import CoinInput
    from pitchside_hw.coin_outputs import CoinOutputs
    from pitchside_hw.serial_lines import SerialLineReader
    from pitchside_hw.sound import Sound

log = logging.getLogger(__name__)

Input: TypeAlias = "ButtonInput | BeamInput | CoinInput"
QueuePut = Callable[[Any], None]

_PARAM_KEYS = {"bounce_s": "gpio.bounce_ms", "hold_s": "gpio.hold_s"} | {
    param: f"beams.{{}}.{key}" for param, key in BEAM_KEYS.items()}  # fmt: skip
"""The config key of each filter parameter (``{}``: the beam's name)."""


class TableInputs:
    """Every button, beam and serial device of a table, on one pin factory and one clock.

    :param config: the checked table config.
    :param pin_factory: the gpiozero pin factory (the caller owns and closes it).
    :param queue_put: where drivers put events and timer requests (``Runtime.post``).
    :param clock: the time base shared by all drivers.
    :raises HardwareError: a pin cannot be opened (every pin opened so far is closed).
    :raises ConfigError: a filter refused its parameters, named by their config key
        (``check-config`` runs the same checks, so a checked config never gets here).
    """

    def __init__(
        self, config: TableConfig, pin_factory: Factory, queue_put: Callable[[Any], None], clock: TickClock
    ) -> None:
        self.inputs: dict[str, Input] = {}
        self.serial: dict[str, SerialLineReader] = {}
        try:
            if config.serial:  # pyserial only for a table with a serial device (start-up)
                from pitchside_hw.serial_lines import SerialLineReader
            for sd in config.serial:
                self.serial[sd.name] = SerialLineReader(sd.name, sd.port, queue_put, clock.now, baud=sd.baud)
            for b in config.buttons:
                self.inputs[b.name] = _checked(config, b.name, partial(ButtonInput,
                    b.name,
                    b.pin,
                    queue_put,
                    pin_factory,
                    bounce_s=config.bounce_ms / 1000,
                    hold_s=config.hold_s,
                    pull_up=b.pull_up,
                    clock=clock,
                ))
            for beam in config.beams:
                self.inputs[beam.name] = _checked(config, beam.name, partial(BeamInput,
                    beam.name,
                    beam.pin,
                    queue_put,
                    pin_factory,
                    blocked_level=beam.blocked_level == "high",
                    pull_up=beam.pull_up,
                    clock=clock,
                    **beam.counter_kwargs(),
                ))
            if config.coin is not None:  # pay to play
                from pitchside_hw.coin_input import CoinInput  # with its decoder: only for a [coin] (start-up)

                c = config.coin
                self.inputs[c.name] = _checked(config, c.name, partial(CoinInput,
                    c.name, c.pin, queue_put, pin_factory, active_level=c.active == "high",
                    bounce_s=c.bounce_ms / 1000, min_pulse_s=c.min_pulse_ms / 1000,
                    max_pulse_s=c.max_pulse_ms / 1000, gap_s=c.gap_ms / 1000, max_pulses=c.max_pulses, clock=clock,
                ))  # fmt: skip
                if c.free_credit_pin is not None:  # the staff key switch: a button
                    self.inputs["free_credit"] = ButtonInput(
                        "free_credit", c.free_credit_pin, queue_put, pin_factory,
                        bounce_s=config.bounce_ms / 1000, hold_s=config.hold_s, clock=clock,
                    )  # fmt: skip
                if c.door_pin is not None:  # the coin door's switch: pressed while the door is open
                    door_put = queue_put if c.door_open == "low" else partial(_door_open_high, queue_put)
                    door = ButtonInput(DOOR_KEY, c.door_pin, door_put, pin_factory, bounce_s=config.bounce_ms / 1000,
                                       hold_s=config.hold_s, clock=clock)  # fmt: skip
                    self.inputs[DOOR_KEY] = door
                    if door.is_pressed == (c.door_open == "low"):  # open at power-on: service mode at once
                        queue_put(ButtonPressed(DOOR_KEY, clock.now()))
        except BaseException:
            self.close()
            raise

    def connect(self, runtime: Runtime) -> None:
        """Route each driver's timer requests to it through ``runtime``."""
        for name, driver in self.inputs.items():
            runtime.add_timer_target(name, driver.timer_due)

    def close(self) -> None:
        """Close every driver (idempotent)."""
        for driver in self.inputs.values():
            driver.close()
        for reader in self.serial.values():
            reader.close()


def _door_open_high(put: QueuePut, item: Any) -> None:
    """The door's events for a switch that opens with the door (the line high while the
    door is open): its release is the door opened, its press the door shut; no hold."""
    if isinstance(item, ButtonReleased):
        put(ButtonPressed(item.name, item.at))
    elif isinstance(item, ButtonPressed):
        put(ButtonReleased(item.name, item.at))
    elif not isinstance(item, ButtonHeld):
        put(item)


def _checked(config: TableConfig, name: str, build: Callable[[], Input]) -> Input:
    """``build()``, with a filter's :class:`ParameterError` turned into the
    :class:`ConfigError` of its config key (a driver's ``ValueError`` never escapes
    :func:`run_table` as a traceback)."""
    try:
        return build()
    except ParameterError as exc:
        key = _PARAM_KEYS.get(exc.param, exc.param).format(name)
        raise ConfigError(config.source, key, f"{exc.message} (input {name})") from None


def system_toss() -> Side:
    """The coin toss from the OS's random source (``secrets``)."""
    import secrets  # at the first toss, not at start-up: hmac and OpenSSL's hashlib

    return "A" if secrets.randbelow(2) == 0 else "B"


DisplayOpener = Callable[[str, DisplayConfig], Display]
"""Opens the display of a role (``"display"``, ``"side_a"``, ``"side_b"``) from its
config: :func:`open_display` on a real table, a recording device in the simulator."""


@dataclass
class Table:
    """An assembled table: the runtime, its drivers and displays. :meth:`close` closes
    the drivers and displays (not the journal or the pin factory: their owner does)."""

    config: TableConfig
    runtime: Runtime
    inputs: TableInputs
    display: Display
    side_displays: dict[Side, Display] = field(default_factory=dict)
    recorder: Recorder | None = None
    coin_outputs: CoinOutputs | None = None
    """The coin acceptor's inhibit line and coin meter, if the config has either."""

    def close(self) -> None:
        """Close the drivers (the inhibit line asserted: no coin while the table is
        stopped), then the displays (idempotent)."""
        if self.coin_outputs is not None:
            self.coin_outputs.close()
        self.inputs.close()
        for d in self.side_displays.values():
            d.close()
        self.display.close()


def build_table(
    config: TableConfig,
    *,
    pin_factory: Factory,
    clock: TickClock,
    open_display: DisplayOpener,
    journal: Journal | None,
    toss: Callable[[], Side] = lambda: system_toss(),
    dice: Callable[[int], tuple[int, ...]] = system_dice,
    sound: SoundSink | None = None,
    on_pass: Callable[[float], object] | None = None,
    wake_s: float | None = None,
    tap: Callable[[QueuePut], QueuePut] | None = None,
    publisher: Publisher | None = None,
    wall: Callable[[], float] = time.time,
) -> Table:
    """The one assembly of a table (real, simulated or benched).

    :param config: the checked table config.
    :param pin_factory: the drivers' gpiozero pin factory (the caller owns it).
    :param clock: the drivers' time base, on ``pin_factory``.
    :param open_display: opens each display of the config (main, then the sides).
    :param journal: the durable journal (an unfinished match in it is resumed), or None:
        nothing is kept (the bench's journal-free run).
    :param toss: the coin toss's random source. :param dice: the software die's.
    :param sound: the buzzer of the sound cues, or None.
    :param on_pass: called after every pass of the loop (the systemd watchdog).
    :param wake_s: the longest the loop sleeps idle (s), or None.
    :param tap: wraps the drivers' ``queue_put`` (the bench times the hand-off there).
    :param publisher: the web feed's publisher (``[web]``: snapshots to ``pitchside
        web``), or None.
    :param wall: the wall clock, seconds since the epoch, read each minute for the
        prices' hours (:class:`pitchside.app.pay_clock.PayClock`) on a table whose
        ``[pricing]`` has ``hours``; the simulated table's follows its virtual time.
    :raises PitchsideError: a display, pin or serial device cannot be opened, or a
        filter refuses its parameters (:class:`ConfigError`); whatever was opened is
        closed again.
    """
    with ExitStack() as undo:
        display = open_display("display", config.display)
        undo.callback(display.close)
        side_displays: dict[Side, Display] = {}
        for role, sd in config.side_displays:
            side: Side = "A" if role == "side_a" else "B"
            side_displays[side] = open_display(role, sd)
            undo.callback(side_displays[side].close)
        recorder = Recorder(journal, clock.now, config.storage.max_matches) if journal is not None else None
        start = app_for(config.game).new_table(config.options, config.sides)
        if recorder is not None:
            start = recorder.resume(start, config.offered_games)
        side_sinks: dict[str, tuple[FrameSink, tuple[int, int] | Panel]] = {
            side: (d, Panel.of((sd.width, sd.height), d.mode))
            for (side, d), (_, sd) in zip(side_displays.items(), config.side_displays)
        }
        outputs: CoinOutputs | None = None
        c = config.coin
        if c is not None and (c.inhibit_pin or c.meter_pin):  # the acceptor's inhibit line, the coin meter
            from pitchside_hw.coin_outputs import CoinOutputs  # only for a [coin] with them (start-up)

            outputs = CoinOutputs(c.inhibit_pin, c.inhibit_active == "high", c.meter_pin, c.meter_active == "high",
                                  c.meter_pulse_ms / 1000, pin_factory=pin_factory, clock=clock)  # fmt: skip
            undo.callback(outputs.close)
        runtime = Runtime(start, TableParts(
            sink=display, toss=toss, clock=clock.now, size=(config.display.width, config.display.height),
            mode=display.mode,
            recorder=recorder, dice=dice, settings=kiosk_settings(config), inputs=input_names(config),
            on_pass=on_pass, wake_s=wake_s, side_sinks=side_sinks, sound=sound, publisher=publisher,
            draw_ahead=DrawAhead(tuple(b.name for b in config.buttons), tuple(b.name for b in config.beams),
                                 limit=config.display.draw_ahead),
            coin_outputs=outputs,
        ))  # fmt: skip
        put: QueuePut = runtime.post if tap is None else tap(runtime.post)
        inputs = TableInputs(config, pin_factory, put, clock)
        inputs.connect(runtime)
        if config.pricing is not None and config.pricing.hours:  # the local time, for the hours' prices
            from pitchside.app.pay_clock import PayClock  # only with hours (start-up)

            PayClock(runtime.post, runtime.schedule, clock.now, wall).start()
            runtime.process_pending()  # the first frame at the price of the hour (its read handled)
        undo.pop_all()
    return Table(config, runtime, inputs, display, side_displays, recorder, outputs)


def open_display(config: TableConfig) -> DisplayOpener:
    """The opener of the real displays of ``config`` (luma drivers on their buses),
    each re-opened by :class:`Display` after repeated bus errors. A display with
    ``persist = true`` shows the out-of-order frame
    (:func:`pitchside.render.out_of_order.render_out_of_order`) when it is closed, on
    every way the table stops (the out-of-order frame); the next start's first frame
    replaces it. That frame is drawn when :meth:`Display.render_farewell` is called
    (:func:`run_table`: right after the first frame) or else at the close (a start that
    failed), not before the first frame (start-up: about 1.5-3 ms of CPU here,
    its module's import and fonts included)."""

    def opener(role: str, d: DisplayConfig) -> Display:
        def make() -> Any:
            return open_device(
                d.driver, d.interface, width=d.width, height=d.height, rotate=d.rotate, i2c_port=d.i2c_port,
                i2c_address=d.i2c_address, spi_port=d.spi_port, spi_device=d.spi_device,
                gpio_DC=bcm(d.gpio_dc), gpio_RST=bcm(d.gpio_rst), bus_speed_hz=d.bus_speed_hz,
                page_address_offset=d.page_address_offset, config_file=config.source, partial=d.partial,
            )  # fmt: skip

        name = "display" if role == "display" else f"side display {role}"
        display = Display(make(), persist=d.persist, name=name, reopen=make)
        if d.persist:
            display.farewell = partial(_out_of_order, display.size)
        return display

    return opener


def bcm(pin: str) -> int:
    """The BCM number of a config's pin name (``"GPIO24"`` -> 24; the config checked it)."""
    return int(pin.removeprefix("GPIO"))


def _out_of_order(size: tuple[int, int]) -> Image.Image:
    """:func:`pitchside.render.out_of_order.render_out_of_order`, its module loaded at
    the first call (after the first frame, or at the close of a start that failed)."""
    from pitchside.render.out_of_order import render_out_of_order  # not before the first frame

    return render_out_of_order(size)


def _not_a_pi() -> bool:
    try:
        with open("/proc/device-tree/model", "rb") as fh:
            return not fh.read().startswith(b"Raspberry Pi")
    except OSError:
        return True


SIM_HINT = ("this is not a Raspberry Pi: to try the table here, run the simulator instead: "
            "pitchside sim GAME --config FILE (it plays the same config on simulated pins and display)")


def _show_out_of_order(config: TableConfig, opener: DisplayOpener) -> None:
    """After a start that failed before any display was opened (the pin factory, the
    journal): open each persisting display once and close it again, so it shows the
    out-of-order frame instead of whatever the last table left lit (a table killed by
    the watchdog). A display that cannot be opened either is left as it is."""
    for role, d in (("display", config.display), *config.side_displays):
        if not d.persist:
            continue
        try:
            opener(role, d).close()
        except Exception as exc:  # noqa: BLE001 - the start failure is the error to report
            log.debug("%s: out-of-order frame not shown: %s", role, exc)


def run_table(config_path: str) -> int:
    """``pitchside run``: the real table until SIGTERM/SIGINT.

    However it ends (a clean stop, a fault at start, an exception out of the loop),
    every display already opened is closed, and one with ``persist = true`` is left
    showing the out-of-order frame (:func:`open_display`). The SIGTERM/SIGINT handlers
    it installs are put back as they were when it returns.

    :param config_path: the table config (TOML).
    :returns: 0 on a clean stop, 2 for a bad config or a hardware fault at start.
    :raises Exception: whatever escaped the runtime loop (a defect), after the displays
        are closed: systemd logs it and restarts the service.
    """
    try:
        config = load_config(config_path)
    except PitchsideError as exc:
        problems = getattr(exc, "problems", [exc])
        for p in problems:
            log.error("%s", p)
        log.error("pitchside check-config %s names every problem with its line", config_path)
        return 2
    for w in config.warnings:
        log.warning("%s", w)
    stop = threading.Event()
    notifier = Notifier.from_env()
    table: Table | None = None

    def on_signal(*_: object) -> None:
        stop.set()
        notifier.stopping()
        if table is not None:
            table.runtime.wake()

    opener = open_display(config)
    opened: list[Display] = []

    def open_tracked(role: str, d: DisplayConfig) -> Display:
        opened.append(opener(role, d))
        return opened[-1]

    with ExitStack() as stack:
        for signum in (signal.SIGTERM, signal.SIGINT):
            stack.callback(signal.signal, signum, signal.signal(signum, on_signal))
        stack.callback(notifier.close)
        try:
            try:
                factory = make_pin_factory(config.pin_factory or None, config_file=config.source,
                                           key="gpio.pin_factory")
            except HardwareError as exc:
                if _not_a_pi():
                    raise HardwareError(f"{exc}; {SIM_HINT}") from exc
                raise
            stack.callback(factory.close)
            clock = TickClock(factory)
            sound: Sound | None = None
            if config.sound is not None:  # optional cues: a buzzer fault leaves the table silent
                from pitchside_hw.sound import Sound  # the buzzer driver, only for a [sound] (start-up)

                try:
                    s = config.sound
                    sound = stack.enter_context(Sound(s.pin, factory, kind=s.kind, cues=s.cues))
                except HardwareError as exc:
                    log.warning("no sound cues: %s", exc)
            # a file that is not this table's journal is left alone: the table runs in memory, never down
            journal = stack.enter_context(Journal.open(config.storage.journal, left_alone="memory"))
            publisher = None
            sinks: list[Sink] = []
            link: ClubLink | None = None
            if config.web is not None:  # the live web view: snapshots to `pitchside web`, never waited on
                from pitchside.web.publisher import DatagramSink  # only with [web] (start-up)

                feed = DatagramSink(config.web.feed)
                stack.callback(feed.close)
                sinks.append(feed)
            if config.mqtt is not None:  # the club's broker: the journal is the outbox
                journal.queue_results = journal.durable
                from pitchside.club.link import ClubLink  # paho and ssl only with [mqtt] (start-up)

                link = ClubLink(config.mqtt, journal.path if journal.durable else None, name=config.name,
                                games=config.offered_games,
                                currency=config.pricing.currency if config.pricing is not None else None).start()
                stack.callback(link.close)  # after the feed's worker: offline is the last word
                sinks.append(link)
            if sinks:
                from pitchside.web.publisher import FeedPublisher

                publisher = FeedPublisher(sinks, table=config.name, url=config.web.url if config.web else None)
                stack.callback(publisher.close)  # closed first: the worker stops, then its sinks
            table = build_table(
                config, pin_factory=factory, clock=clock, open_display=open_tracked, journal=journal,
                toss=system_toss, sound=sound, on_pass=notifier.watchdog,
                # the loop must wake to feed systemd's watchdog even when idle
                wake_s=notifier.watchdog_interval_s / 2 if notifier.watchdog_interval_s else None,
                publisher=publisher,
            )  # fmt: skip
            stack.callback(table.close)
            if link is not None:  # the league's fixture offers, queued like a driver's event
                link.on_fixture = table.runtime.post
        except PitchsideError as exc:
            log.error("cannot start the table: %s", exc)
            if not opened:  # the panel may still show the frame of a table that died
                _show_out_of_order(config, opener)
            return 2
        log.info("table %r running (%s)", config.name, config.source)
        table.runtime.refresh()  # the first frame (a resumed match shows where it was) ...
        notifier.ready()  # ... then systemd may consider the service started
        for d in opened:  # the out-of-order frame in hand before the first input (open_display)
            try:
                d.render_farewell()
            except Exception as exc:  # noqa: BLE001 - a started table goes on; close() tries it again
                log.warning("%s: the out-of-order frame was not drawn ahead: %s", d.name, exc)
        notifier.status(f"{config.name}: {config.game}")
        sched.apply_all(sched.from_env())  # every thread, the start-up done (pitchside.app.sched)
        table.runtime.run(stop)
    return 0
