"""The table config: one TOML file (tomllib) into frozen dataclasses.

Unknown keys are errors; every error is a :class:`~pitchside.core.errors.ConfigError`
naming the file, the key path and the bad value. Example configs live in
``hardware/pitchside_hw/configs/``; the keys are documented there in
``pichenotte.toml``.

Pins are BCM names (``"GPIO17"``, or the number 17); times carry their unit in the key
(``bounce_ms``, ``hold_s``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pitchside.tables.registry import app_for, table_games
from pitchside.core.errors import ConfigError, MalformedInput
from pitchside.core.rules.pichenotte import Options as PichenotteOptions

PIN_FACTORIES = ("lgpio", "rpigpio", "native", "mock")
"""gpiozero's pin factory names (GPIOZERO_PIN_FACTORY values) that
``pitchside_hw.pins.make_pin_factory`` builds (pigpio is not offered there)."""



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
    starting within ``storm_window_ms`` make a storm (a noisy sensor). The defaults are
    :class:`~pitchside.signals.beam.BeamCounter`'s; a sensor whose pieces may follow
    each other closely (Pitchnut's pockets) sets its own."""

    name: str
    pin: str
    pull_up: bool = True
    blocked_level: str = "high"
    min_block_ms: float = 2.0
    rearm_ms: float = 20.0
    storm_pulses: int = 6
    storm_window_ms: float = 100.0


DISPLAY_DRIVERS = (
    "ssd1305", "ssd1306", "ssd1309", "ssd1315", "ssd1316", "ssd1322", "ssd1322_nhd", "ssd1325",
    "ssd1327", "ssd1331", "ssd1351", "ssd1362", "ssd1363", "sh1106", "sh1107", "ch1115", "dummy",
)  # fmt: skip
"""luma.oled's pixel drivers and luma.core's ``dummy``, the names ``display.driver``
takes (checked against ``pitchside_hw.display.drivers()`` by tests/hw/test_display.py,
so the firmware need not import luma to check a config)."""


@dataclass(frozen=True, slots=True)
class SerialConfig:
    """A line-speaking serial device (the electronic die, a move source): ``port`` is a
    device path (best a stable udev name, deploy/99-pitchside-serial.rules) or a
    pyserial URL; ``baud`` in bit/s."""

    name: str
    port: str
    baud: int = 9600


@dataclass(frozen=True, slots=True)
class DisplayConfig:
    """A luma display device by driver name (``ssd1306``, ``sh1106``, ... or ``dummy``)
    on an interface (``i2c``, ``spi``, ``noop``); sizes in px, ``rotate`` in quarter
    turns (0-3, luma's meaning)."""

    driver: str = "ssd1306"
    interface: str = "i2c"
    width: int = 128
    height: int = 64
    rotate: int = 0
    i2c_port: int = 1
    i2c_address: int = 0x3C
    spi_port: int = 0
    spi_device: int = 0
    persist: bool = True
    partial: bool = True
    """ssd1306/sh1106: send only what changed (``pitchside_hw.partial``), a full frame
    every 32; false: luma's driver as it is (a whole frame every time)."""


DEFAULT_JOURNAL = "/var/lib/pitchside/journal.db"
"""Where the match journal lives on a Pi (a writable partition; see deploy/)."""


@dataclass(frozen=True, slots=True)
class StorageConfig:
    """The durable journal (:mod:`pitchside.app.journal`): its file, and how many
    ended matches the history keeps (oldest pruned first)."""

    journal: str = DEFAULT_JOURNAL
    max_matches: int = 1000


@dataclass(frozen=True, slots=True)
class KioskConfig:
    """The kiosk flow (:mod:`pitchside.tables.kiosk`): times in s, contrast 0-255."""

    attract: bool = True
    dim_after_s: float = 120.0
    suspend_after_s: float = 900.0
    result_timeout_s: float = 120.0
    shift_every_s: float = 30.0
    stuck_after_s: float = 20.0
    contrast: int = 255
    dim_contrast: int = 16
    service: bool = False


SOUND_KINDS = ("buzzer", "tonal")
"""``[sound] kind``: an active buzzer (gpiozero ``Buzzer``: on/off) or a passive one
(``TonalBuzzer``: PWM tones); hardware/pitchside_hw/WIRING_GUIDE.md, "Sound"."""
SOUND_CUES = ("point", "refusal", "won")
"""The cues a table can sound (:mod:`pitchside.tables.cues`)."""


@dataclass(frozen=True, slots=True)
class SoundConfig:
    """Optional sound cues (``[sound]``): a buzzer on ``pin`` of ``kind``, sounding
    the ``cues`` listed."""

    pin: str
    kind: str = "buzzer"
    cues: tuple[str, ...] = SOUND_CUES


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A whole table: its game, pins, display and the game's options."""

    source: str
    game: str = "pichenotte"
    """The game (of several: the one the menu starts on; its options are ``options``)."""
    games: tuple[str, ...] = ()
    """The games of a table that offers several (``[table] games``), else ``()``."""
    game_options: tuple[tuple[str, Any], ...] = ()
    """``(game, options)`` of each of ``games``, each from its own config table."""
    name: str = "Pitchside"
    pin_factory: str | None = None
    bounce_ms: float = 20.0
    hold_s: float = 1.0
    buttons: tuple[ButtonConfig, ...] = ()
    beams: tuple[BeamConfig, ...] = ()
    serial: tuple[SerialConfig, ...] = ()
    display: DisplayConfig = field(default_factory=DisplayConfig)
    side_displays: tuple[tuple[str, DisplayConfig], ...] = ()
    """``(role, display)`` for each side display (:data:`SIDE_ROLES`)."""
    options: Any = field(default_factory=PichenotteOptions)
    """The game's options (its replay options), from the config table named after it."""
    sides: tuple[str, str] = ("A", "B")
    storage: StorageConfig = field(default_factory=StorageConfig)
    kiosk: KioskConfig = field(default_factory=KioskConfig)
    tournament: str | None = None
    """A ``pitchside tournament`` file whose standings and next pairing the table
    shows (``[tournament] file``; Master Move tables only), or None."""
    sound: SoundConfig | None = None
    """The buzzer of the sound cues (``[sound]``), or None: a silent table."""

    def button(self, name: str) -> ButtonConfig:
        for b in self.buttons:
            if b.name == name:
                return b
        raise KeyError(name)

    @property
    def offered_games(self) -> tuple[str, ...]:
        """Every game the table offers (``game`` alone on a one-game table)."""
        return self.games or (self.game,)

    def options_for(self, game: str) -> Any:
        """The configured options of ``game``, one of :attr:`offered_games`."""
        return self.options if game == self.game else dict(self.game_options)[game]


_PIN_RE = re.compile(r"^(?:GPIO|BCM)?(\d{1,2})$")


class ConfigErrors(ConfigError):
    """Every problem found in one config file (``problems``, in file order of checks);
    as a :class:`ConfigError` it is the first of them."""

    def __init__(self, problems: list[ConfigError]) -> None:
        first = problems[0]
        super().__init__(first.file, first.key, first.message)
        self.problems = problems


class _Problems:
    """The problems of one file, collected so that ``check-config`` can name them all."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.found: list[ConfigError] = []

    def add(self, key: str, message: str) -> None:
        self.found.append(ConfigError(self.source, key, message))

    def check(self) -> None:
        """:raises ConfigErrors: if any problem was found."""
        if self.found:
            raise ConfigErrors(self.found)


class _Section:
    """One TOML table, read key by key; reports unknown keys on :meth:`done`. A bad
    value is reported to ``problems`` and the default used, so checking goes on."""

    def __init__(self, problems: _Problems, path: str, raw: Any) -> None:
        self.problems = problems
        self.source = problems.source
        if not isinstance(raw, dict):
            problems.add(path or "(top level)", f"must be a table, not {raw!r}")
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
            self.fail(name, f"must be {_kind_name(kind)}, not {value!r}")
            return default
        return value

    def number(self, name: str, default: float, lo: float, hi: float) -> float:
        value = float(self.get(name, (int, float), default))
        if not lo <= value <= hi:
            self.fail(name, f"must be between {lo} and {hi}, not {value}")
            return default
        return value

    def integer(self, name: str, default: int, lo: int, hi: int) -> int:
        value: int = self.get(name, int, default)
        if not lo <= value <= hi:
            self.fail(name, f"must be between {lo} and {hi}, not {value}")
            return default
        return value

    def choice(self, name: str, choices: tuple[str, ...], default: str | None) -> Any:
        value = self.get(name, str, default)
        if value is not None and value not in choices:
            self.fail(name, f"must be one of {', '.join(choices)}, not {value!r}")
            return default
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

    def sub(self, name: str) -> "_Section":
        self.read.add(name)
        return _Section(self.problems, self.key(name), self.raw.get(name, {}))

    def done(self) -> None:
        for name in sorted(set(self.raw) - self.read):
            self.fail(name, "unknown key")


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string", dict: "a table"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def parse_pin(source: str, key: str, value: Any) -> str:
    """A BCM pin as ``"GPIOn"`` (0..27) from ``"GPIO17"``, ``"BCM17"``, ``"17"`` or 17.

    :raises ConfigError: not a BCM GPIO of the 40-pin header.
    """
    m = _PIN_RE.match(str(value)) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    if m is None or not 0 <= int(m.group(1)) <= 27:
        raise ConfigError(source, key, f"must be a BCM pin GPIO0..GPIO27 (like \"GPIO17\"), not {value!r}")
    return f"GPIO{int(m.group(1))}"


SPI_BUS_PINS = {0: (7, 8, 9, 10, 11), 1: (16, 17, 18, 19, 20, 21)}
"""BCM pins the kernel's SPI bus takes (CE1 CE0 MISO MOSI SCLK; spi1: CE2 CE1 CE0 MISO
MOSI SCLK) once enabled, by ``spi_port``."""
I2C_BUS_PINS = {1: (2, 3)}
"""BCM pins (SDA, SCL) of the header's I2C bus, by ``i2c_port``."""
SPI_DC_PIN, SPI_RST_PIN = 24, 25
"""luma's DC and RST lines for an SPI display (``open_device``'s ``gpio_DC``/``gpio_RST``)."""


def display_pins(display: DisplayConfig) -> dict[str, str]:
    """The BCM pins the display takes, ``{"GPIOn": what}``, so no input is put on them."""
    pins: dict[int, str] = {}
    if display.interface == "i2c":
        for pin, role in zip(I2C_BUS_PINS.get(display.i2c_port, ()), ("SDA", "SCL")):
            pins[pin] = f"I2C{display.i2c_port} {role}"
    elif display.interface == "spi":
        for pin in SPI_BUS_PINS.get(display.spi_port, ()):
            pins[pin] = f"SPI{display.spi_port} bus"
        pins[SPI_DC_PIN] = "SPI DC"
        pins[SPI_RST_PIN] = "SPI RST"
    return {f"GPIO{pin}": f"display.interface = {display.interface!r}: {role}" for pin, role in pins.items()}


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


SIDE_ROLES = ("side_a", "side_b")
"""Roles of the side displays (``[displays.side_a]``, ``[displays.side_b]``): a small
OLED at each player's end showing that side's name and score."""


def _display(d: "_Section") -> DisplayConfig:
    """One display table (``[display]`` or ``[displays.ROLE]``)."""
    display = DisplayConfig(
        driver=d.choice("driver", DISPLAY_DRIVERS, "ssd1306"),
        interface=d.choice("interface", ("i2c", "spi", "noop"), "i2c"),
        width=d.integer("width", 128, 8, 512),
        height=d.integer("height", 64, 8, 512),
        rotate=d.integer("rotate", 0, 0, 3),
        i2c_port=d.integer("i2c_port", 1, 0, 31),
        i2c_address=d.integer("i2c_address", 0x3C, 0x03, 0x77),
        spi_port=d.integer("spi_port", 0, 0, 6),
        spi_device=d.integer("spi_device", 0, 0, 3),
        persist=d.get("persist", bool, True),
        partial=d.get("partial", bool, True),
    )
    d.done()
    return display


def load_config(path: str | Path) -> TableConfig:
    """Read and check a table config file.

    :raises ConfigError: unreadable file, bad TOML (with its line), unknown key, bad
        value, missing or clashing pin, unknown game.
    """
    source = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        raw = tomllib.loads(data.decode("utf-8-sig"))  # a BOM from a Windows editor is fine
    except OSError as exc:
        raise ConfigError(source, "(file)", f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(source, "(file)", f"not UTF-8 text ({exc.reason} at byte {exc.start}): "
                          "save it as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, "(syntax)", str(exc)) from None
    return parse_config(raw, source)


class _Panel:
    """What the panel of a table offering ``games`` must wire: the union of the games'
    buttons, beams and serial devices (in the games' order)."""

    def __init__(self, games: tuple[str, ...]) -> None:
        self.apps = tuple(app_for(g) for g in games)
        self.label = " or ".join(games)
        self.buttons = tuple(dict.fromkeys(b for a in self.apps for b in a.buttons))
        self.beams = tuple(dict.fromkeys(b for a in self.apps for b in a.beams))
        self.serial_devices = tuple(dict.fromkeys(s for a in self.apps for s in getattr(a, "serial_devices", ())))

    def needed_by(self, name: str, kind: str) -> str:
        """`` (pitchnut needs it)`` on a table of several games, else nothing."""
        if len(self.apps) == 1:
            return ""
        games = [a.name for a in self.apps if name in getattr(a, kind)]
        return f" ({' and '.join(games)} {'needs' if len(games) == 1 else 'need'} it)"


def _games(table: _Section, problems: _Problems) -> tuple[str, ...]:
    """``[table] games``: the games of a table that offers several (checked), or ``()``."""
    table.read.add("games")
    if "games" not in table.raw:
        return ()
    raw = table.raw["games"]
    if "game" in table.raw:
        problems.add("table.games", "give either game (one) or games (several), not both")
    known = table_games()
    if not isinstance(raw, list) or not raw or any(not isinstance(g, str) or g not in known for g in raw):
        problems.add("table.games", f"must be a list of games from {', '.join(known)}, not {raw!r}")
        return ()
    if len(set(raw)) != len(raw):
        problems.add("table.games", f"names a game twice: {raw!r}")
        return tuple(dict.fromkeys(raw))
    return tuple(raw)


def _game_options(top: _Section, problems: _Problems, game: str) -> Any:
    """The options of ``game`` from its config table ``[<game>]`` (defaults if bad)."""
    app = app_for(game)
    opts_raw = top.sub(game)
    defaults = app.codec.options_to_json(app.parse_options({}))
    opts_raw.read.update(k for k in opts_raw.raw if k in defaults)
    opts_raw.done()  # unknown options are named here, once ...
    try:  # ... so the codec sees only the known ones
        return app.parse_options({k: v for k, v in opts_raw.raw.items() if k in defaults})
    except MalformedInput as exc:
        # The codec's messages start with the option's name: "options: 'pucks' is 0, ..."
        # or "pucks must be even in doubles ..."; name it in the key path.
        message = str(exc).removeprefix("options: ")
        m = re.match(r"'?(\w+)'?", message)
        problems.add(f"{game}.{m.group(1)}" if m and m.group(1) in defaults else game, message)
        return app.parse_options({})


def _sound(top: _Section) -> SoundConfig:
    """``[sound]``: the buzzer's pin, kind and cues (checked; a bad pin leaves it "")."""
    s = top.sub("sound")
    pin = s.pin("pin") or ""
    kind = s.choice("kind", SOUND_KINDS, "buzzer")
    s.read.add("cues")
    raw_cues = s.raw.get("cues", list(SOUND_CUES))
    ok = isinstance(raw_cues, list) and all(isinstance(c, str) and c in SOUND_CUES for c in raw_cues)
    cues = tuple(dict.fromkeys(raw_cues)) if ok else SOUND_CUES
    if not ok:
        s.fail("cues", f"must be a list of {', '.join(SOUND_CUES)}, not {raw_cues!r}")
    elif len(cues) != len(raw_cues):
        s.fail("cues", f"names a cue twice: {raw_cues!r}")
    s.done()
    return SoundConfig(pin=pin, kind=kind, cues=cues)


def parse_config(raw: Mapping[str, Any], source: str = "<config>") -> TableConfig:
    """Check a parsed config mapping; see :func:`load_config`.

    :raises ConfigErrors: every problem found (a :class:`ConfigError`: the first one).
    """
    problems = _Problems(source)
    top = _Section(problems, "", dict(raw))
    table = top.sub("table")
    game = table.choice("game", table_games(), "pichenotte") or "pichenotte"
    games = _games(table, problems) or (game,)
    game = games[0]
    app = _Panel(games)
    name = table.get("name", str, "Pitchside")
    sides_raw = table.get("sides", list, ["A", "B"])
    if len(sides_raw) != 2 or not all(isinstance(s, str) and s.strip() for s in sides_raw):
        problems.add("table.sides", f"must be two names, not {sides_raw!r}")
        sides_raw = ["A", "B"]
    table.done()

    gpio = top.sub("gpio")
    pin_factory = gpio.choice("pin_factory", PIN_FACTORIES, None)
    bounce_ms = gpio.number("bounce_ms", 20.0, 0.0, 500.0)
    hold_s = gpio.number("hold_s", 1.0, 0.2, 10.0)
    gpio.done()

    buttons_sec = top.sub("buttons")
    buttons_list = []
    for bname in sorted(buttons_sec.raw):
        if bname not in app.buttons:
            buttons_sec.read.add(bname)
            problems.add(f"buttons.{bname}", f"not a {app.label} button ({', '.join(app.buttons)})")
            continue
        pin = buttons_sec.pin(bname)
        if pin is not None:
            buttons_list.append(ButtonConfig(bname, pin))
    buttons = tuple(buttons_list)
    buttons_sec.done()
    for missing in app.buttons:
        if missing not in buttons_sec.raw:
            problems.add(f"buttons.{missing}", "missing pin" + app.needed_by(missing, "buttons"))

    beams_sec = top.sub("beams")
    beams = []
    for bname in sorted(beams_sec.raw):
        if bname not in app.beams:
            beams_sec.read.add(bname)
            problems.add(f"beams.{bname}", f"not a {app.label} sensor ({', '.join(app.beams) or 'none'})")
            continue
        b = beams_sec.sub(bname)
        beam_pin = b.pin("pin")
        beam = BeamConfig(
            bname,
            beam_pin or "",
            pull_up=b.get("pull_up", bool, True),
            blocked_level=b.choice("blocked_level", ("high", "low"), "high"),
            min_block_ms=b.number("min_block_ms", 2.0, 0.0, 100.0),
            rearm_ms=b.number("rearm_ms", 20.0, 0.0, 1000.0),
            storm_pulses=b.integer("storm_pulses", 6, 2, 1000),
            storm_window_ms=b.number("storm_window_ms", 100.0, 1.0, 10_000.0),
        )
        if beam_pin is not None:
            beams.append(beam)
        b.done()
    beams_sec.done()
    for wanted in app.beams:
        if wanted not in beams_sec.raw:
            problems.add(f"beams.{wanted}", "missing: this sensor needs a pin" + app.needed_by(wanted, "beams"))

    serial_sec = top.sub("serial")
    serial_devices = []
    allowed_serial = app.serial_devices
    for sname in sorted(serial_sec.raw):
        if sname not in allowed_serial:
            serial_sec.read.add(sname)
            problems.add(f"serial.{sname}", f"not a {app.label} device ({', '.join(allowed_serial) or 'none'})")
            continue
        sd = serial_sec.sub(sname)
        port = sd.get("port", str, "")
        baud = sd.integer("baud", 9600, 50, 4_000_000)
        sd.done()
        if not port.strip():
            problems.add(f"serial.{sname}.port", "missing: a device path or pyserial URL")
        else:
            serial_devices.append(SerialConfig(sname, port, baud))
    serial_sec.done()

    display = _display(top.sub("display"))
    sides_sec = top.sub("displays")
    side_displays: list[tuple[str, DisplayConfig]] = []
    for role in sorted(sides_sec.raw):
        if role not in SIDE_ROLES:
            sides_sec.read.add(role)
            problems.add(f"displays.{role}", f"not a display role ({', '.join(SIDE_ROLES)}; the main one is [display])")
            continue
        side_displays.append((role, _display(sides_sec.sub(role))))
    sides_sec.done()
    seen_bus: dict[tuple[str, int, int], str] = {}
    for key, disp in [("display", display), *((f"displays.{r}", dc) for r, dc in side_displays)]:
        bus = (disp.interface, disp.i2c_port, disp.i2c_address) if disp.interface == "i2c" else (
            disp.interface, disp.spi_port, disp.spi_device)
        if disp.interface != "noop" and bus in seen_bus:
            where = f"i2c-{bus[1]} address {bus[2]:#04x}" if bus[0] == "i2c" else f"spi{bus[1]}.{bus[2]}"
            problems.add(f"{key}.{'i2c_address' if bus[0] == 'i2c' else 'spi_device'}",
                         f"{where} is already used by {seen_bus[bus]}")
        seen_bus.setdefault(bus, key)

    sound = _sound(top) if "sound" in top.raw else None
    reserved = display_pins(display)
    for _, disp in side_displays:
        reserved.update(display_pins(disp))
    used: dict[str, str] = {}
    for key, pin in [(f"buttons.{b.name}", b.pin) for b in buttons] + [(f"beams.{b.name}.pin", b.pin) for b in beams] + (
        [("sound.pin", sound.pin)] if sound is not None and sound.pin else []
    ):
        if pin in used:
            problems.add(key, f"{pin} is already used by {used[pin]}")
        elif pin in reserved:
            problems.add(key, f"{pin} is used by the display ({reserved[pin]})")
        else:
            used[pin] = key

    st = top.sub("storage")
    storage = StorageConfig(
        journal=st.get("journal", str, DEFAULT_JOURNAL),
        max_matches=st.integer("max_matches", 1000, 1, 1_000_000),
    )
    if not storage.journal.strip():
        problems.add("storage.journal", "must be a file path")
    st.done()

    tsec = top.sub("tournament")  # optional: a Master Move table shows a tournament's file
    tournament = tsec.get("file", str, None)
    tsec.done()
    if tsec.raw and not hasattr(app_for(game), "with_tournament"):
        problems.add("tournament", f"a {game} table shows no tournament (Master Move tables do)")
    elif tournament is not None and not tournament.strip():
        problems.add("tournament.file", "must be a file path")

    k = top.sub("kiosk")
    kd = KioskConfig()
    kiosk = KioskConfig(
        attract=k.get("attract", bool, kd.attract),
        dim_after_s=k.number("dim_after_s", kd.dim_after_s, 5, 86_400),
        suspend_after_s=k.number("suspend_after_s", kd.suspend_after_s, 30, 86_400),
        result_timeout_s=k.number("result_timeout_s", kd.result_timeout_s, 5, 86_400),
        shift_every_s=k.number("shift_every_s", kd.shift_every_s, 5, 3_600),
        stuck_after_s=k.number("stuck_after_s", kd.stuck_after_s, 2, 3_600),
        contrast=k.integer("contrast", kd.contrast, 0, 255),
        dim_contrast=k.integer("dim_contrast", kd.dim_contrast, 0, 255),
        service=k.get("service", bool, kd.service),
    )
    k.done()

    game_options = tuple((g, _game_options(top, problems, g)) for g in games)
    options = game_options[0][1]
    top.done()
    problems.check()
    return TableConfig(
        source=source,
        game=game,
        games=games if len(games) > 1 or "games" in table.raw else (),
        game_options=game_options if len(games) > 1 or "games" in table.raw else (),
        name=name,
        pin_factory=pin_factory,
        bounce_ms=bounce_ms,
        hold_s=hold_s,
        buttons=buttons,
        beams=tuple(beams),
        serial=tuple(serial_devices),
        display=display,
        side_displays=tuple(side_displays),
        options=options,
        sides=(sides_raw[0], sides_raw[1]),
        storage=storage,
        kiosk=kiosk,
        tournament=tournament,
        sound=sound,
    )
