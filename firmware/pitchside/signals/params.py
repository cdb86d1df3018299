"""The error of a filter parameter (shared by :mod:`.debounce` and :mod:`.beam`)."""

from __future__ import annotations


class ParameterError(ValueError):
    """A filter parameter the filter cannot work with: ``param`` is the parameter's name
    (``"bounce_s"``), ``message`` says what is wrong with it, without the input's name.
    A config reader names its own key for ``param`` (the table config's ``bounce_ms``)."""

    def __init__(self, name: str, param: str, message: str) -> None:
        super().__init__(f"{name}: {message}" if name else message)
        self.param = param
        self.message = message
