"""Pin factory selection and the edge time base.

:func:`make_pin_factory` builds gpiozero's pin factory *explicitly* from a config value
or ``$GPIOZERO_PIN_FACTORY``. There is no fallback chain: gpiozero's own default order
(lgpio -> rpigpio -> pigpio -> native) silently falls back when lgpio cannot create its
FIFO in a read-only working directory (gpiozero #1106), which is exactly the failure a
table must report. A factory that cannot start raises :class:`HardwareError`; an
unknown or missing name raises :class:`ConfigError`. Nothing here sets
``Device.pin_factory``: every driver receives its factory as an argument.

:class:`TickClock` turns the factory's opaque edge ticks into seconds with the factory's
own ``ticks_diff``; drivers stamp events with it, and the runtime compares
``TimerRequest.due_at`` with :meth:`TickClock.now` of the same clock.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Mapping
from typing import Any

from gpiozero import Factory

from pitchside.core.errors import ConfigError, HardwareError

ENV_VAR = "GPIOZERO_PIN_FACTORY"
CHIP_ENV_VAR = "PITCHSIDE_GPIO_CHIP"
"""The GPIO chip (``/dev/gpiochipN``) the lgpio factory opens, as a number; unset:
gpiozero's own choice (chip 4 on a Pi 5 that has it, else 0). gpiozero's
``LGPIOFactory(chip=)`` has no setting of its own outside code; this is it (a board
whose header is another chip, the system tests' gpio-sim chip: deploy/README.md)."""
FACTORY_NAMES = ("lgpio", "rpigpio", "native", "mock")
"""Accepted names (gpiozero's spelling). pigpio is not offered: its daemon ticks wrap
every 71.6 minutes and it does not run on a Pi 5."""


def _lgpio(chip: int | None = None) -> Factory:
    from gpiozero.pins.lgpio import LGPIOFactory

    return LGPIOFactory(chip=chip)


def lgpio_chip(env: Mapping[str, str]) -> int | None:
    """The chip number in ``env[PITCHSIDE_GPIO_CHIP]``, or None when it is unset.

    :raises ConfigError: the value is not a chip number."""
    raw = env.get(CHIP_ENV_VAR)
    if raw is None or not raw.strip():
        return None
    text = raw.strip().removeprefix("/dev/").removeprefix("gpiochip")
    if not text.isdigit() or int(text) > 255:
        raise ConfigError("<environment>", CHIP_ENV_VAR,
                          f"must be a GPIO chip number (0 for /dev/gpiochip0), not {raw!r}")
    return int(text)


def _rpigpio() -> Factory:
    from gpiozero.pins.rpigpio import RPiGPIOFactory

    return RPiGPIOFactory()


def _native() -> Factory:
    from gpiozero.pins.native import NativeFactory

    return NativeFactory()


def _mock() -> Factory:
    from gpiozero.pins.mock import MockFactory

    return MockFactory()


_BUILDERS: dict[str, Callable[[], Factory]] = {
    "lgpio": _lgpio,
    "rpigpio": _rpigpio,
    "native": _native,
    "mock": _mock,
}


def make_pin_factory(
    name: str | None = None,
    *,
    env: Mapping[str, str] | None = None,
    config_file: str = "<environment>",
    key: str = "hardware.pin_factory",
) -> Factory:
    """Build the pin factory ``name``, or the one named by ``$GPIOZERO_PIN_FACTORY``.

    :param name: one of :data:`FACTORY_NAMES` (case-insensitive), usually the config
        value; ``None`` reads ``env[GPIOZERO_PIN_FACTORY]``.
    :param env: the environment to read (default ``os.environ``; tests pass a dict):
        ``GPIOZERO_PIN_FACTORY``, and ``PITCHSIDE_GPIO_CHIP`` for lgpio (:func:`lgpio_chip`).
    :param config_file: the file ``name`` came from, for error messages.
    :param key: the config key path ``name`` came from, for error messages.
    :returns: a new, unshared gpiozero ``Factory``; the caller closes it.
    :raises ConfigError: no name anywhere, or an unknown name.
    :raises HardwareError: the named factory failed to start (missing library, not a
        Pi, no ``/dev/gpiochip*``, unwritable working directory for lgpio's FIFO...).
    """
    source_file, source_key = config_file, key
    if name is None:
        env = os.environ if env is None else env
        name = env.get(ENV_VAR)
        source_file, source_key = "<environment>", ENV_VAR
    if name is None or not name.strip():
        raise ConfigError(
            source_file,
            source_key,
            f"no pin factory chosen: set {key} or ${ENV_VAR} to one of {', '.join(FACTORY_NAMES)}",
        )
    wanted = name.strip().lower()
    builder = _BUILDERS.get(wanted)
    if builder is None:
        raise ConfigError(
            source_file, source_key, f"unknown pin factory {name!r}: expected one of {', '.join(FACTORY_NAMES)}"
        )
    if wanted == "lgpio":
        chip = lgpio_chip(os.environ if env is None else env)
        if chip is not None:
            builder = functools.partial(_lgpio, chip)
    try:
        return builder()
    except Exception as exc:  # any failure to start is a hardware fault, loudly
        raise HardwareError(
            f"pin factory {wanted!r} could not start: {type(exc).__name__}: {exc}"
        ) from exc


class TickClock:
    """Seconds since an epoch, measured in a pin factory's ticks.

    ``seconds(ticks)`` is ``factory.ticks_diff(ticks, epoch)``, the only portable way to
    read gpiozero ticks. Give one clock per factory to every driver on it so all events
    share one time base; the runtime then compares ``TimerRequest.due_at`` with
    :meth:`now`.

    :param factory: the pin factory whose ticks are converted.
    :param epoch_ticks: ticks meaning 0 s; default: ``factory.ticks()`` now.
    """

    def __init__(self, factory: Factory, epoch_ticks: Any = None) -> None:
        self.factory = factory
        self.epoch_ticks = factory.ticks() if epoch_ticks is None else epoch_ticks

    def seconds(self, ticks: Any) -> float:
        """Seconds from the epoch to ``ticks`` (a value the factory produced)."""
        return float(self.factory.ticks_diff(ticks, self.epoch_ticks))

    def now(self) -> float:
        """Seconds from the epoch to the factory's current ticks."""
        return self.seconds(self.factory.ticks())
