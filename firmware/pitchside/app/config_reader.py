"""Reading a TOML table config key by key, collecting every problem (not the first).

The pieces :mod:`pitchside.app.config` reads its sections with: :class:`Problems` (the
problems and warnings of one file, and the file's text so a value can be shown as it
was written), :class:`Section` (one TOML table, typed reads with ranges, unknown keys
named), :func:`parse_pin` and :func:`locate` (the line of a key path).
"""

from __future__ import annotations

import re
from typing import Any

from pitchside.core.errors import ConfigError


class ConfigErrors(ConfigError):
    """Every problem found in one config file (``problems``, in file order of checks);
    as a :class:`ConfigError` it is the first of them."""

    def __init__(self, problems: list[ConfigError]) -> None:
        first = problems[0]
        super().__init__(first.file, first.key, first.message)
        self.problems = problems


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (a table nested hundreds deep, or a
    pasted blob, stays one readable line)."""
    try:
        text = repr(value)
    except RecursionError:
        text = f"<a {type(value).__name__} nested too deeply to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Problems:
    """The problems (and warnings) of one file, collected so that ``check-config`` can
    name them all. ``text`` is the file's text, when known: a value in a message is then
    shown as it was written (``0x99``, not ``153``)."""

    def __init__(self, source: str, text: str = "") -> None:
        self.source = source
        self.text = text
        self.found: list[ConfigError] = []
        self.warnings: list[ConfigError] = []

    def add(self, key: str, message: str) -> None:
        self.found.append(ConfigError(self.source, key, message))

    def warn(self, key: str, message: str) -> None:
        """Something that does not stop the table but that the owner should know."""
        self.warnings.append(ConfigError(self.source, key, message))

    def written(self, key: str) -> str | None:
        """The value of ``key`` as the file spells it (``"0x99"``), or None when it is not
        on a ``name = value`` line of its own."""
        if not self.text:
            return None
        line = locate(self.text, key)
        if line is None:
            return None
        m = re.match(r"^\s*([A-Za-z0-9_\-]+)\s*=\s*([^#\s]+)", self.text.splitlines()[line - 1])
        if m is None or m.group(1) != key.rsplit(".", 1)[-1]:
            return None
        return m.group(2)

    def check(self) -> None:
        """:raises ConfigErrors: if any problem was found."""
        if self.found:
            raise ConfigErrors(self.found)


def kind_name(kind: type | tuple[type, ...]) -> str:
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string", dict: "a table"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


class Section:
    """One TOML table, read key by key; reports unknown keys on :meth:`done`. A bad
    value is reported to ``problems`` and the default used, so checking goes on."""

    def __init__(self, problems: Problems, path: str, raw: Any) -> None:
        self.problems = problems
        self.source = problems.source
        if not isinstance(raw, dict):
            problems.add(path or "(top level)", f"must be a table, not {shown(raw)}")
            raw = {}
        self.path, self.raw, self.read = path, raw, set[str]()

    def fail(self, name: str, message: str) -> None:
        self.problems.add(self.key(name), message)

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def get(self, name: str, kind: type | tuple[type, ...], default: Any) -> Any:
        self.read.add(name)
        if name not in self.raw:
            return default
        value = self.raw[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kind):
            self.fail(name, f"must be {kind_name(kind)}, not {shown(value)}")
            return default
        return value

    def number(self, name: str, default: float, lo: float, hi: float) -> float:
        value = float(self.get(name, (int, float), default))
        if not lo <= value <= hi:
            self.fail(name, f"must be between {lo} and {hi}, not {value}")
            return default
        return value

    def integer(self, name: str, default: int, lo: int, hi: int) -> int:
        """An integer in ``lo..hi``; out of range, the message gives the bounds and the
        value in the base the file wrote it in (``0x03 and 0x77, not 0x99``)."""
        value: int = self.get(name, int, default)
        if not lo <= value <= hi:
            written = self.problems.written(self.key(name))
            if written is not None and written.lower().startswith("0x"):
                self.fail(name, f"must be between 0x{lo:02X} and 0x{hi:02X}, not {written}")
            else:
                self.fail(name, f"must be between {lo} and {hi}, not {value}")
            return default
        return value

    def choice(self, name: str, choices: tuple[str, ...], default: str | None) -> Any:
        """A string of ``choices`` (any string when ``choices`` is empty)."""
        value = self.get(name, str, default)
        if value is not None and choices and value not in choices:
            self.fail(name, f"must be one of {', '.join(choices)}, not {shown(value)}")
            return default
        return value

    def file_path(self, name: str, default: str | None) -> str | None:
        """A path of the file system (a file, a socket, a device) as a string, ``default``
        when the key is absent. Every path key of the config is read here, so each gets the
        checks no path can pass: a NUL character (``"\\u0000"``, which TOML allows in a
        string) is refused, since the OS cannot take it (Python's ``open`` and ``os.stat``
        raise ``ValueError: embedded null byte``). A refused value is reported and None is
        returned, so no later check or open touches it."""
        value: str | None = self.get(name, str, default)
        if value is not None and "\0" in value:
            self.fail(name, f"{shown(value)} holds a NUL character (\\u0000), which no path can hold: "
                            "write the path without it")
            return None
        return value

    def pin(self, name: str) -> str | None:
        """The pin, or None (reported) when missing or not a pin."""
        self.read.add(name)
        if name not in self.raw:
            self.fail(name, "missing pin")
            return None
        try:
            return parse_pin(self.source, self.key(name), self.raw[name])
        except ConfigError as exc:
            self.fail(name, exc.message)
            return None

    def sub(self, name: str) -> Section:
        self.read.add(name)
        return Section(self.problems, self.key(name), self.raw.get(name, {}))

    def done(self) -> None:
        for name in sorted(set(self.raw) - self.read):
            self.fail(name, "unknown key")


_PIN_RE = re.compile(r"^(?:GPIO|BCM)?(\d{1,2})$")


def parse_pin(source: str, key: str, value: Any) -> str:
    """A BCM pin as ``"GPIOn"`` (0..27) from ``"GPIO17"``, ``"BCM17"``, ``"17"`` or 17.

    :raises ConfigError: not a BCM GPIO of the 40-pin header.
    """
    m = _PIN_RE.match(str(value)) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    if m is None or not 0 <= int(m.group(1)) <= 27:
        raise ConfigError(source, key, f"must be a BCM pin GPIO0..GPIO27 (like \"GPIO17\"), not {shown(value)}")
    return f"GPIO{int(m.group(1))}"


_HEADER_RE = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$")
_KEY_RE = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")


def locate(text: str, key: str) -> int | None:
    """The 1-based line of ``key`` (a dotted path like ``buttons.coin`` or
    ``beams.twenty.pin``) in a TOML file's ``text``: the key's own line, else its
    table's header line (a missing key), else None. Dotted keys and inline tables are
    found by their table only."""
    lines = text.splitlines()
    parts = key.split(".")
    for i, line in enumerate(lines, start=1):  # a whole table: its header ([dispaly], [a.b])
        m = _HEADER_RE.match(line)
        if m and m.group(1).replace(" ", "") == key:
            return i
    for split in range(len(parts) - 1, -1, -1):
        table, leaf = ".".join(parts[:split]), parts[split] if split < len(parts) else ""
        in_table = table == ""
        header_line = None
        for i, line in enumerate(lines, start=1):
            m = _HEADER_RE.match(line)
            if m:
                in_table = m.group(1).replace(" ", "") == table
                if in_table:
                    header_line = i
                continue
            k = _KEY_RE.match(line)
            if in_table and k and k.group(1) == leaf:
                return i
        if header_line is not None:
            return header_line
    return None
