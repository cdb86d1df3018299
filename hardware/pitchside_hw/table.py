"""A table's drivers, built from its config, around the runtime loop.

The same assembly serves the real table (:func:`run_table`, ``pitchside run``) and the
simulated one (``pitchside_sim``), which passes a virtual-clock MockFactory and a
recording dummy display instead of lgpio and an SSD1306.
"""

from __future__ import annotations

import logging
import secrets
import signal
import threading
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from gpiozero import Factory

from pitchside.app.assembly import input_names, kiosk_settings
from pitchside.app.config import DisplayConfig, TableConfig, load_config
from pitchside.tables.registry import app_for
from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder
from pitchside.app.runtime import Runtime
from pitchside.app.sdnotify import Notifier
from pitchside.core.errors import HardwareError, PitchsideError
from pitchside.core.sides import Side
from pitchside_hw.display import Display, open_device
from pitchside_hw.inputs import BeamInput, ButtonInput
from pitchside_hw.pins import TickClock, make_pin_factory
from pitchside_hw.serial_lines import SerialLineReader
from pitchside_hw.sound import Sound

log = logging.getLogger(__name__)

Input = ButtonInput | BeamInput


class TableInputs:
    """Every button, beam and serial device of a table, on one pin factory and one clock.

    :param config: the checked table config.
    :param pin_factory: the gpiozero pin factory (the caller owns and closes it).
    :param queue_put: where drivers put events and timer requests (``Runtime.post``).
    :param clock: the time base shared by all drivers.
    :raises HardwareError: a pin cannot be opened (every pin opened so far is closed).
    """

    def __init__(
        self, config: TableConfig, pin_factory: Factory, queue_put: Callable[[Any], None], clock: TickClock
    ) -> None:
        self.inputs: dict[str, Input] = {}
        self.serial: dict[str, SerialLineReader] = {}
        try:
            for sd in config.serial:
                self.serial[sd.name] = SerialLineReader(sd.name, sd.port, queue_put, clock.now, baud=sd.baud)
            for b in config.buttons:
                self.inputs[b.name] = ButtonInput(
                    b.name,
                    b.pin,
                    queue_put,
                    pin_factory,
                    bounce_s=config.bounce_ms / 1000,
                    hold_s=config.hold_s,
                    pull_up=b.pull_up,
                    clock=clock,
                )
            for beam in config.beams:
                self.inputs[beam.name] = BeamInput(
                    beam.name,
                    beam.pin,
                    queue_put,
                    pin_factory,
                    blocked_level=beam.blocked_level == "high",
                    pull_up=beam.pull_up,
                    min_block_s=beam.min_block_ms / 1000,
                    rearm_s=beam.rearm_ms / 1000,
                    storm_pulses=beam.storm_pulses,
                    storm_window_s=beam.storm_window_ms / 1000,
                    clock=clock,
                )
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


def system_toss() -> Side:
    """The coin toss from the OS's random source (``secrets``)."""
    return "A" if secrets.randbelow(2) == 0 else "B"


def run_table(config_path: str) -> int:
    """``pitchside run``: the real table until SIGTERM/SIGINT.

    :returns: 0 on a clean stop, 2 for a bad config or a hardware fault at start.
    """
    try:
        config = load_config(config_path)
    except PitchsideError as exc:
        log.error("%s", exc)
        return 2
    stop = threading.Event()
    notifier = Notifier.from_env()
    runtime: Runtime | None = None

    def on_signal(*_: object) -> None:
        stop.set()
        notifier.stopping()
        if runtime is not None:
            runtime.wake()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    with ExitStack() as stack:
        stack.callback(notifier.close)
        try:
            factory = make_pin_factory(config.pin_factory or None, config_file=config.source, key="gpio.pin_factory")
            stack.callback(factory.close)
            d = config.display

            def make_device() -> Any:
                return open_device(
                    d.driver, d.interface, width=d.width, height=d.height, rotate=d.rotate,
                    i2c_port=d.i2c_port, i2c_address=d.i2c_address, spi_port=d.spi_port, spi_device=d.spi_device,
                    config_file=config.source, partial=d.partial,
                )  # fmt: skip

            display = stack.enter_context(Display(make_device(), persist=d.persist, reopen=make_device))
            side_sinks: dict[str, tuple[Display, tuple[int, int]]] = {}
            for role, sd in config.side_displays:

                def make_side(sd: DisplayConfig = sd) -> Any:
                    return open_device(
                        sd.driver, sd.interface, width=sd.width, height=sd.height, rotate=sd.rotate,
                        i2c_port=sd.i2c_port, i2c_address=sd.i2c_address, spi_port=sd.spi_port,
                        spi_device=sd.spi_device, config_file=config.source, partial=sd.partial,
                    )  # fmt: skip

                side = Display(make_side(), persist=sd.persist, name=f"side display {role}", reopen=make_side)
                side_sinks["A" if role == "side_a" else "B"] = (stack.enter_context(side), (sd.width, sd.height))
            clock = TickClock(factory)
            sound: Sound | None = None
            if config.sound is not None:  # optional cues: a buzzer fault leaves the table silent
                try:
                    s = config.sound
                    sound = stack.enter_context(Sound(s.pin, factory, kind=s.kind, cues=s.cues))
                except HardwareError as exc:
                    log.warning("no sound cues: %s", exc)
            journal = stack.enter_context(Journal.open(config.storage.journal))
            recorder = Recorder(journal, clock.now, config.storage.max_matches)
            runtime = Runtime(
                recorder.resume(app_for(config.game).new_table(config.options, config.sides), config.offered_games),
                sink=display,
                toss=system_toss,
                clock=clock.now,
                recorder=recorder,
                size=(d.width, d.height),
                settings=kiosk_settings(config),
                inputs=input_names(config),
                side_sinks=side_sinks,
                sound=sound,
                on_pass=notifier.watchdog,
                # the loop must wake to feed systemd's watchdog even when idle
                wake_s=notifier.watchdog_interval_s / 2 if notifier.watchdog_interval_s else None,
            )
            inputs = TableInputs(config, factory, runtime.post, clock)
            stack.callback(inputs.close)
            inputs.connect(runtime)
        except PitchsideError as exc:
            log.error("cannot start the table: %s", exc)
            return 2
        log.info("table %r running (%s)", config.name, config.source)
        runtime.refresh()  # the first frame (a resumed match shows where it was) ...
        notifier.ready()  # ... then systemd may consider the service started
        notifier.status(f"{config.name}: {config.game}")
        runtime.run(stop)
    return 0
