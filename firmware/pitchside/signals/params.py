"""The error of a filter parameter and the checks the filters share (:mod:`.debounce`,
:mod:`.beam`, :mod:`.coin`)."""

from __future__ import annotations

import math


class ParameterError(ValueError):
    """A filter parameter the filter cannot work with: ``param`` is the parameter's name
    (``"bounce_s"``), ``message`` says what is wrong with it, without the input's name.
    A config reader names its own key for ``param`` (the table config's ``bounce_ms``)."""

    def __init__(self, name: str, param: str, message: str) -> None:
        super().__init__(f"{name}: {message}" if name else message)
        self.param = param
        self.message = message


def check_seconds(name: str, key: str, value: object, *, positive: bool) -> None:
    """A time parameter (s): finite and > 0 (``positive``) or >= 0, and not a bool.

    :raises ParameterError: naming ``key``.
    """
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if positive and not (ok and value > 0):  # type: ignore[operator]
        raise ParameterError(name, key, f"{key} must be a positive number of seconds, got {value!r}")
    if not positive and not (ok and value >= 0):  # type: ignore[operator]
        raise ParameterError(name, key, f"{key} must be a finite number of seconds >= 0, got {value!r}")


def check_count(name: str, key: str, value: object, minimum: int) -> None:
    """A count parameter: an integer (not a bool) of at least ``minimum``.

    :raises ParameterError: naming ``key``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ParameterError(name, key, f"{key} must be an integer of at least {minimum}, got {value!r}")
