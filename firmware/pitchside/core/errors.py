"""Typed errors that cross the project's layers.

Every error the project raises on purpose derives from :class:`PitchsideError`, so the
runtime and the CLI can tell an expected refusal or fault from a bug.
"""

from __future__ import annotations

from pitchside.core.notice import Notice


class PitchsideError(Exception):
    """Base of every error Pitchside raises on purpose."""


class IllegalInput(PitchsideError, ValueError):
    """A well-formed input that the rules do not allow now.

    The state does not change. Raised with a :class:`~pitchside.core.notice.Notice`
    (``IllegalInput(Notice.of("PI-05", "call_not_needed"))``): ``notice`` is the typed
    refusal, ``rule`` its rule ID from docs/rules/GAME.md (or ``"UNDO"``); the words
    come from the game's words module (:mod:`pitchside.core.words`). ``str(error)`` is
    ``"PI-05/call_not_needed()"``, for logs only.
    """

    def __init__(self, notice: Notice) -> None:
        self.notice = notice
        self.rule = notice.rule
        super().__init__(str(notice))


class MalformedInput(PitchsideError, ValueError):
    """An input that is not one: unknown name or field, missing or mistyped field,
    value out of range. Replay stops at it (exit status 2)."""


class ConfigError(PitchsideError, ValueError):
    """A bad configuration file: names the file, the key path and the bad value."""

    def __init__(self, file: str, key: str, message: str) -> None:
        self.file = file
        self.key = key
        self.message = message
        super().__init__(f"{file}: {key}: {message}")


class HardwareError(PitchsideError, OSError):
    """A device fault (display, pin, serial port) translated at the driver."""
