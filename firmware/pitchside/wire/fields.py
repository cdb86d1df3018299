"""Reading one JSON object's keys by type (pure): every getter names the key's path and
what it must be, so a refusal reads ``'names.A' must be a string, not a list``.

A missing key reads as absent (``None`` for the optional getters): keys may be added to
the contract, and a reader of an older version ignores them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, Literal

from pitchside.wire.errors import WireError

MAX_INT = 2**63 - 1
"""The largest integer a message may carry (SQLite's, and every JSON reader's 64 bits)."""

MAX_TEXT = 4096
"""The longest string of a message's fields (a name, a rule's words): lines excepted."""


def decode(payload: bytes) -> dict[str, Any]:
    """One payload's JSON object.

    :raises WireError: not UTF-8 JSON, not an object, nested too deeply.
    """
    try:
        msg = json.loads(payload)
    except UnicodeDecodeError:
        raise WireError("not UTF-8 JSON") from None
    except RecursionError:
        raise WireError("not JSON the league reads: nested too deeply") from None
    except ValueError as exc:
        raise WireError(f"not JSON ({exc})") from None
    if not isinstance(msg, dict):
        raise WireError(f"not a JSON object but {kind(msg)}")
    return msg


def kind(value: Any) -> str:
    """What a JSON value is, for a refusal: ``a string``, ``null``, ``an integer``..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__  # pragma: no cover - json.loads makes no other


class Fields:
    """The keys of one JSON object at ``path`` (``""`` for the message itself)."""

    def __init__(self, obj: Mapping[str, Any], path: str = "") -> None:
        self.obj = obj
        self.path = path

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def _bad(self, key: str, want: str, value: Any) -> WireError:
        return WireError(f"'{self.name(key)}' must be {want}, not {kind(value)}")

    def has(self, key: str) -> bool:
        return key in self.obj

    def text(self, key: str) -> str:
        value = self.obj.get(key)
        if not isinstance(value, str):
            raise self._bad(key, "a string", value)
        if len(value) > MAX_TEXT:
            raise WireError(f"'{self.name(key)}' is longer than {MAX_TEXT} characters")
        return value

    def opt_text(self, key: str) -> str | None:
        return None if self.obj.get(key) is None else self.text(key)

    def integer(self, key: str) -> int:
        value = self.obj.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._bad(key, "an integer", value)
        if not -MAX_INT - 1 <= value <= MAX_INT:
            raise WireError(f"'{self.name(key)}' is past 64 bits")
        return value

    def opt_integer(self, key: str) -> int | None:
        return None if self.obj.get(key) is None else self.integer(key)

    def number(self, key: str) -> int | float:
        value = self.obj.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self._bad(key, "a number", value)
        if isinstance(value, float) and not math.isfinite(value):
            raise WireError(f"'{self.name(key)}' must be a finite number")
        if isinstance(value, int) and not -MAX_INT - 1 <= value <= MAX_INT:
            raise WireError(f"'{self.name(key)}' is past 64 bits")
        return value

    def boolean(self, key: str) -> bool:
        value = self.obj.get(key)
        if not isinstance(value, bool):
            raise self._bad(key, "true or false", value)
        return value

    def opt_boolean(self, key: str) -> bool | None:
        return None if self.obj.get(key) is None else self.boolean(key)

    def obj_(self, key: str) -> Fields:
        value = self.obj.get(key)
        if not isinstance(value, dict):
            raise self._bad(key, "an object", value)
        return Fields(value, self.name(key))

    def opt_obj(self, key: str) -> Fields | None:
        return None if self.obj.get(key) is None else self.obj_(key)

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.obj.get(key)
        if not isinstance(value, list):
            raise self._bad(key, "a list of strings", value)
        for i, x in enumerate(value):
            if not isinstance(x, str):
                raise WireError(f"'{self.name(key)}[{i}]' must be a string, not {kind(x)}")
        return tuple(value)

    def side(self, key: str) -> Literal["A", "B"] | None:
        """``"A"``, ``"B"`` or null."""
        value = self.obj.get(key)
        if value == "A":
            return "A"
        if value == "B":
            return "B"
        if value is None:
            return None
        raise WireError(f"'{self.name(key)}' must be \"A\", \"B\" or null, not {_short(value)}")

    def raw(self, key: str) -> Any:
        """A key's JSON value as it is (a replay line, passed on unread)."""
        return self.obj.get(key)


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, (dict, list)) else kind(value)
    return text if len(text) <= 40 else text[:37] + "..."
