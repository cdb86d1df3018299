"""The table config's inputs: ``[gpio]`` (the pin factory, the buttons' times),
``[buttons]``, ``[beams.NAME]`` and ``[serial.NAME]``, each checked against what the
table's games wire (:class:`Wiring`), into frozen dataclasses.

Part of :mod:`pitchside.app.config`, which reads the whole file and exports these
records; the pins' clashes are checked there with the displays' lines
(:mod:`pitchside.app.config_pins`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from pitchside.app.config_reader import Section
from pitchside.app.limits import HardwareLimits
from pitchside.signals import beam as beam_filter
from pitchside.signals import debounce
from pitchside.signals.params import ParameterError
from pitchside.tables.gametable import InputKind
from pitchside.tables.registry import app_for

if TYPE_CHECKING:  # annotations only: loaded by read_serial for a config with the section (start-up)
    from pitchside.app.config_serial import SerialConfig


@dataclass(frozen=True, slots=True)
class ButtonConfig:
    """A push button: ``pin`` (BCM name), wired to ground with the internal pull-up
    (``pull_up=True``, pressed = low) unless said otherwise."""

    name: str
    pin: str
    pull_up: bool = True


@dataclass(frozen=True, slots=True)
class BeamConfig:
    """A break-beam sensor: ``blocked_level`` is the pin level while the beam is
    blocked (``"high"`` for an open-collector receiver on a pull-up); ``min_block_ms``
    the shortest block counted as a piece; ``rearm_ms`` how long the beam must stay
    clear after a counted piece before the next can count; ``storm_pulses`` blocks
    starting within ``storm_window_ms`` make a storm (a noisy sensor), and so do
    ``train_pulses`` blocks in a row each starting within ``train_spacing_ms`` of the
    previous one (a pulse train: an IR remote's data bits). The defaults are
    :class:`~pitchside.signals.beam.BeamCounter`'s; a sensor whose pieces may follow
    each other closely (Pitchnut's pockets) sets its own."""

    name: str
    pin: str
    pull_up: bool = True
    blocked_level: str = "high"
    min_block_ms: float = beam_filter.DEFAULT_MIN_BLOCK_S * 1000
    rearm_ms: float = beam_filter.DEFAULT_REARM_S * 1000
    storm_pulses: int = beam_filter.DEFAULT_STORM_PULSES
    storm_window_ms: float = beam_filter.DEFAULT_STORM_WINDOW_S * 1000
    train_pulses: int = beam_filter.DEFAULT_TRAIN_PULSES
    train_spacing_ms: float = beam_filter.DEFAULT_TRAIN_SPACING_S * 1000

    def counter_kwargs(self) -> BeamParams:
        """The filter's parameters in the counter's units (times in s): the keyword
        arguments of :class:`~pitchside.signals.beam.BeamCounter`,
        :func:`~pitchside.signals.beam.check_params` and the beam driver. The one place
        the config's ms become s (:data:`BEAM_KEYS` maps them back to the keys)."""
        return BeamParams(min_block_s=self.min_block_ms / 1000, rearm_s=self.rearm_ms / 1000,
                          storm_pulses=self.storm_pulses, storm_window_s=self.storm_window_ms / 1000,
                          train_pulses=self.train_pulses, train_spacing_s=self.train_spacing_ms / 1000)


class BeamParams(TypedDict):
    """A beam filter's parameters as :meth:`BeamConfig.counter_kwargs` gives them (s)."""

    min_block_s: float
    rearm_s: float
    storm_pulses: int
    storm_window_s: float
    train_pulses: int
    train_spacing_s: float


class Wiring:
    """What the panel of a table offering ``games`` must wire: the union of the games'
    buttons, beams and serial devices (in the games' order). With no (known) game,
    ``known`` is false and no name can be checked."""

    def __init__(self, games: tuple[str, ...]) -> None:
        self.apps = tuple(app_for(g) for g in games)
        self.known = bool(games)
        self.label = " or ".join(games)
        self.buttons = tuple(dict.fromkeys(b for a in self.apps for b in a.buttons))
        self.beams = tuple(dict.fromkeys(b for a in self.apps for b in a.beams))
        self.serial_devices = tuple(dict.fromkeys(s for a in self.apps for s in a.serial_devices))

    def needed_by(self, name: str, kind: InputKind) -> str:
        """`` (pitchnut needs it)`` on a table of several games, else nothing."""
        if len(self.apps) == 1:
            return ""
        games = [a.name for a in self.apps if name in a.panel.of(kind)]
        return f" ({' and '.join(games)} {'needs' if len(games) == 1 else 'need'} it)"


def read_gpio(top: Section, limits: HardwareLimits) -> tuple[str | None, float, float]:
    """``[gpio]``: the pin factory, the buttons' bounce (ms) and hold (s) times, checked
    by the button decoder's own check (:func:`pitchside.signals.debounce.check_times`)."""
    gpio = top.sub("gpio")
    pin_factory = gpio.choice("pin_factory", limits.pin_factories, None)
    default_bounce_ms = debounce.DEFAULT_BOUNCE_S * 1000
    bounce_ms = gpio.number("bounce_ms", default_bounce_ms, 0.0, 500.0)
    hold_s = gpio.number("hold_s", debounce.DEFAULT_HOLD_S, 0.2, 10.0)
    try:
        debounce.check_times(bounce_ms / 1000, hold_s)
    except ParameterError as exc:
        if bounce_ms <= 0:
            gpio.fail("bounce_ms", f"must be above 0 ms, not {bounce_ms:g} (the buttons would not be "
                                   f"debounced, and the decoder refuses it): write bounce_ms = "
                                   f"{default_bounce_ms:g}, the measured default")
        elif exc.param == "bounce_s":
            gpio.fail("bounce_ms", f"{bounce_ms:g} ms must be shorter than gpio.hold_s ({hold_s:g} s = "
                                   f"{hold_s * 1000:g} ms), or a press could not be told from a hold: write "
                                   f"bounce_ms = {default_bounce_ms:g} (the default) with hold_s of at least "
                                   f"{max(0.2, bounce_ms / 1000 * 2):g}")
        else:
            gpio.fail("hold_s", exc.message)
    gpio.done()
    return pin_factory, bounce_ms, hold_s


def read_buttons(top: Section, panel: Wiring) -> tuple[ButtonConfig, ...]:
    """``[buttons]``: one BCM pin per button of the panel."""
    sec = top.sub("buttons")
    buttons = []
    for bname in sorted(sec.raw):
        if panel.known and bname not in panel.buttons:
            sec.read.add(bname)
            sec.fail(bname, f"not a {panel.label} button ({', '.join(panel.buttons)})")
            continue
        pin = sec.pin(bname)
        if pin is not None:
            buttons.append(ButtonConfig(bname, pin))
    sec.done()
    for missing in panel.buttons:
        if missing not in sec.raw:
            sec.fail(missing, "missing pin" + panel.needed_by(missing, "buttons"))
    return tuple(buttons)


BEAM_KEYS = {"min_block_s": "min_block_ms", "rearm_s": "rearm_ms", "storm_pulses": "storm_pulses",
             "storm_window_s": "storm_window_ms", "max_block_s": "min_block_ms",
             "train_pulses": "train_pulses", "train_spacing_s": "train_spacing_ms"}  # fmt: skip
"""The key in ``[beams.NAME]`` of each :class:`~pitchside.signals.beam.BeamCounter`
parameter (its :class:`~pitchside.signals.beam.ParameterError` names the parameter)."""


def read_beams(top: Section, panel: Wiring) -> tuple[BeamConfig, ...]:
    """``[beams.NAME]``: each sensor's pin and filter, checked by the beam filter's own
    check (:func:`pitchside.signals.beam.check_params`)."""
    sec = top.sub("beams")
    beams = []
    d = BeamConfig("", "")
    for bname in sorted(sec.raw):
        if panel.known and bname not in panel.beams:
            sec.read.add(bname)
            sec.fail(bname, f"not a {panel.label} sensor ({', '.join(panel.beams) or 'none'})")
            continue
        b = sec.sub(bname)
        beam_pin = b.pin("pin")
        beam = BeamConfig(
            bname,
            beam_pin or "",
            pull_up=b.get("pull_up", bool, True),
            blocked_level=b.choice("blocked_level", ("high", "low"), "high"),
            min_block_ms=b.number("min_block_ms", d.min_block_ms, 0.0, 100.0),
            rearm_ms=b.number("rearm_ms", d.rearm_ms, 0.0, 1000.0),
            storm_pulses=b.integer("storm_pulses", d.storm_pulses, 2, 1000),
            storm_window_ms=b.number("storm_window_ms", d.storm_window_ms, 1.0, 10_000.0),
            train_pulses=b.integer("train_pulses", d.train_pulses, 2, 1000),
            train_spacing_ms=b.number("train_spacing_ms", d.train_spacing_ms, 0.0, 1000.0),
        )
        try:
            beam_filter.check_params(**beam.counter_kwargs())
        except ParameterError as exc:
            b.fail(BEAM_KEYS.get(exc.param, exc.param), exc.message)
        if beam_pin is not None:
            beams.append(beam)
        b.done()
    sec.done()
    for wanted in panel.beams:
        if wanted not in sec.raw:
            sec.fail(wanted, "missing: this sensor needs a pin" + panel.needed_by(wanted, "beams"))
    return tuple(beams)


def read_serial(top: Section, panel: Wiring) -> tuple[SerialConfig, ...]:
    """``[serial.NAME]``: each line device's port and speed; two devices never share a
    port (the second reader would wait for the port's lock forever)."""
    sec = top.sub("serial")
    if not sec.raw:  # no line device: the record's module is not loaded (start-up)
        sec.done()
        return ()
    from pitchside.app.config_serial import SerialConfig

    devices: list[SerialConfig] = []
    for sname in sorted(sec.raw):
        if panel.known and sname not in panel.serial_devices:
            sec.read.add(sname)
            sec.fail(sname, f"not a {panel.label} device ({', '.join(panel.serial_devices) or 'none'})")
            continue
        sd = sec.sub(sname)
        port = sd.file_path("port", "")
        baud = sd.integer("baud", 9600, 50, 4_000_000)
        sd.done()
        if port is None:  # refused by Section.file_path
            continue
        if not port.strip():
            sd.fail("port", "missing: a device path or pyserial URL")
            continue
        same = next((other for other in devices if _same_port(other.port, port)), None)
        if same is not None:
            sd.fail("port", f"{port} is already the port of serial.{same.name}: a port carries one device "
                            "(the second reader would wait for it forever); give each device its own port")
            continue
        devices.append(SerialConfig(sname, port, baud))
    sec.done()
    return tuple(devices)


def _same_port(a: str, b: str) -> bool:
    """Whether two ports name one device (a udev link and its target count as one)."""
    if a.strip() == b.strip():
        return True
    return a.startswith("/") and b.startswith("/") and os.path.realpath(a) == os.path.realpath(b)
