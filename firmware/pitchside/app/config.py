"""The table config: one TOML file (tomllib) into frozen dataclasses.

Unknown keys are errors; every error is a :class:`~pitchside.core.errors.ConfigError`
naming the file, the key path and the bad value. Example configs live in
``hardware/pitchside_hw/configs/``; the keys are documented there in
``pichenotte.toml``.

Pins are BCM names (``"GPIO17"``, or the number 17); times carry their unit in the key
(``bounce_ms``, ``hold_s``).

This module reads the whole file and exports the records. The sections' readers beside
it: :mod:`~pitchside.app.config_inputs` (``[gpio]``, ``[buttons]``, ``[beams]``,
``[serial]``), :mod:`~pitchside.app.config_displays` (``[display]``, ``[displays]``),
:mod:`~pitchside.app.config_pins` (the pins' clashes), and, loaded only for a config
with their section, ``config_sound``, ``config_coin``, ``config_pay``, ``config_web`` and
``config_mqtt``; the pieces they read with are :mod:`~pitchside.app.config_reader`'s.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pitchside.app.config_displays import SIDE_ROLES, DisplayConfig, read_displays
from pitchside.app.config_inputs import (
    BEAM_KEYS,
    BeamConfig,
    BeamParams,
    ButtonConfig,
    Wiring,
    read_beams,
    read_buttons,
    read_gpio,
    read_serial,
)
from pitchside.app.config_pins import check_pins, display_pins
from pitchside.app.config_reader import ConfigErrors, Problems, Section, locate, parse_pin, shown
from pitchside.app.limits import HardwareLimits, installed_limits
from pitchside.core.errors import ConfigError, MalformedInput
from pitchside.core.fields import specs
from pitchside.core.rules.pichenotte import Options as PichenotteOptions
from pitchside.render import fonts
from pitchside.signals import debounce
from pitchside.tables.moments import DEFAULT_S as MOMENT_S
from pitchside.tables.registry import app_for, table_games

if TYPE_CHECKING:  # annotations only: loaded by parse_config for a config with the section (start-up)
    from pitchside.app.config_coin import CoinConfig
    from pitchside.app.config_mqtt import MqttConfig
    from pitchside.app.config_serial import SerialConfig
    from pitchside.app.config_sound import SoundConfig
    from pitchside.app.config_web import WebConfig
    from pitchside.core.pricing import Pricing

__all__ = [
    "BEAM_KEYS", "SIDE_ROLES", "BeamConfig", "BeamParams", "ButtonConfig", "ConfigErrors", "DisplayConfig",
    "KioskConfig", "StorageConfig", "TableConfig", "display_pins", "load_config", "locate",
    "parse_config", "parse_pin",
]  # fmt: skip


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
    moment_s: float = MOMENT_S
    """How long a moment (a twenty, a round won, a touchdown...) is shown full screen;
    0: none (:mod:`pitchside.tables.moments`)."""


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
    bounce_ms: float = debounce.DEFAULT_BOUNCE_S * 1000
    """The buttons' settle time, ms: the decoder's researched default (100 ms)."""
    hold_s: float = debounce.DEFAULT_HOLD_S
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
    coin: CoinConfig | None = None
    """The coin acceptor (``[coin]``, :mod:`pitchside.app.config_coin`), or None."""
    pricing: Pricing | None = None
    """Pay to play (``[pricing]``), or None: no coins needed."""
    web: WebConfig | None = None
    """The live web view (``[web]``), or None: off."""
    mqtt: MqttConfig | None = None
    """The club's broker (``[mqtt]``, :mod:`pitchside.app.config_mqtt`), or None: off."""
    warnings: tuple[ConfigError, ...] = ()
    """What does not stop the table but its owner should know (a tournament file that
    does not exist yet), each naming the file and key; ``check-config`` prints them."""

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


EXAMPLES = "hardware/pitchside_hw/configs/"
"""Where the example configs are (installed with the package as ``pitchside_hw/configs``)."""

SECTIONS = ("coin", "pricing", "table", "gpio", "buttons", "beams", "serial", "display", "displays", "sound", "storage",
            "tournament", "kiosk", "mqtt")  # fmt: skip
"""The config's tables, besides one named after each game (its options)."""


def load_config(path: str | Path, limits: HardwareLimits | None = None) -> TableConfig:
    """Read and check a table config file.

    :param limits: what the drivers accept (default: the installed drivers',
        :func:`pitchside.app.limits.installed_limits`).
    :raises ConfigError: unreadable or empty file, bad TOML (with its line), unknown
        key, bad value, missing or clashing pin, unknown game; a
        :class:`ConfigErrors` names every problem.
    """
    raw, text = _read_file(path)
    return parse_config(raw, str(path), text=text, limits=limits)


def load_web_side(path: str | Path) -> tuple[WebConfig | None, str]:
    """What ``pitchside web`` reads of a table config: its ``[web]`` section (None
    without it) and ``[storage] journal``, checked; nothing else.

    The web side runs as a user of its own (deploy/pitchside-web.service.in) that may
    read neither the table's broker credentials nor its devices, so it never reads the
    rest: the table checks that (``pitchside check-config``, ``pitchside run``).

    :raises ConfigError: unreadable file, bad TOML, a bad ``[web]`` value.
    """
    raw, text = _read_file(path)
    problems = Problems(str(path), text)
    top = Section(problems, "", dict(raw))
    web = _read_web(top)
    journal = top.sub("storage").file_path("journal", DEFAULT_JOURNAL)
    problems.check()
    return web, journal or DEFAULT_JOURNAL


def _read_file(path: str | Path) -> tuple[dict[str, Any], str]:
    """A config file's TOML and its text.

    :raises ConfigError: unreadable, not UTF-8, bad TOML (with its line), too deep or long.
    """
    source = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        text = data.decode("utf-8-sig")  # a BOM from a Windows editor is fine
        raw = tomllib.loads(text)
    except OSError as exc:
        raise ConfigError(source, "(file)", f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(source, "(file)", f"not UTF-8 text ({exc.reason} at byte {exc.start}): "
                          "save it as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, "(syntax)", str(exc)) from None
    except RecursionError:
        raise ConfigError(source, "(syntax)", "tables or lists nested too deeply to read: write each table "
                          "as a [section] of its own (a table config needs two levels at most)") from None
    except ValueError as exc:  # an integer of more than 4300 digits (sys.get_int_max_str_digits)
        raise ConfigError(source, "(syntax)", f"a value too long to read ({exc}): write a number of a few "
                          "digits") from None
    return raw, text


# --- [table] --------------------------------------------------------------------------


def _read_table(top: Section) -> tuple[tuple[str, ...], str, tuple[str, str]]:
    """``[table]``: the games (``game``, or ``games`` for several; ``()`` when none is
    named or one is unknown), the table's name and the sides' names."""
    table = top.sub("table")
    known = table_games()
    game = table.choice("game", known, None)
    games = _read_games(table, known)
    if not games and game is None and "game" not in table.raw and "games" not in table.raw:
        table.fail("game", f"missing: the game this table plays, one of {', '.join(known)} "
                           f"(or games = [...] for a table offering several); the examples in {EXAMPLES} "
                           "have one each")
    name = table.get("name", str, "Pitchside")
    sides_raw = table.get("sides", list, ["A", "B"])
    if len(sides_raw) != 2 or not all(isinstance(s, str) and s.strip() for s in sides_raw):
        table.fail("sides", f"must be two names, not {shown(sides_raw)}")
        sides_raw = ["A", "B"]
    lacking = fonts.missing_glyphs("".join(sides_raw), fonts.TINY)
    if lacking:
        table.fail("sides", f"{shown(sides_raw)}: the panel's font has no {shown(lacking)} to draw"
                            " (it has the Latin letters with their accents: Zoé, Jürgen, Ørjan)")
    table.done()
    return games or ((game,) if game is not None else ()), name, (sides_raw[0], sides_raw[1])


def _read_games(table: Section, known: tuple[str, ...]) -> tuple[str, ...]:
    """``[table] games``: the games of a table that offers several (checked), or ``()``."""
    table.read.add("games")
    if "games" not in table.raw:
        return ()
    raw = table.raw["games"]
    if "game" in table.raw:
        table.fail("games", "give either game (one) or games (several), not both")
    if not isinstance(raw, list) or not raw or any(not isinstance(g, str) or g not in known for g in raw):
        table.fail("games", f"must be a list of games from {', '.join(known)}, not {shown(raw)}")
        return ()
    if len(set(raw)) != len(raw):
        table.fail("games", f"names a game twice: {shown(raw)}")
        return tuple(dict.fromkeys(raw))
    return tuple(raw)


# --- [sound], pins, [storage], [tournament], [kiosk], options ----------------------------


def _read_sound(top: Section) -> SoundConfig | None:
    """``[sound]`` (:func:`pitchside.app.config_sound.read_sound`), or None when the
    table has no such section; its module is loaded only for a config with it
    (start-up)."""
    if "sound" not in top.raw:
        return None
    from pitchside.app.config_sound import read_sound

    return read_sound(top)


def _read_coin_door(top: Section, games: tuple[str, ...]) -> tuple[CoinConfig | None, Pricing | None]:
    """``[coin]`` and ``[pricing]`` (:mod:`pitchside.app.config_coin`), each None when
    absent, the prices checked against ``games``; their readers are loaded only for a
    config with either (start-up)."""
    if "coin" not in top.raw and "pricing" not in top.raw:
        return None, None
    from pitchside.app.config_coin import read_coin, read_pricing

    coin_cfg = read_coin(top)
    return coin_cfg, read_pricing(top, games, coin_cfg)


def _read_web(top: Section) -> WebConfig | None:
    """``[web]`` (:func:`pitchside.app.config_web.read_web`); None without the section
    (the web view is off by default), whose module is then not loaded (start-up)."""
    if "web" not in top.raw:
        return None
    from pitchside.app.config_web import read_web

    return read_web(top)


def _check_pins(problems: Problems, buttons: tuple[ButtonConfig, ...], beams: tuple[BeamConfig, ...],
                sound: SoundConfig | None, displays: list[DisplayConfig], coin: CoinConfig | None,
                limits: HardwareLimits) -> None:
    """No pin used twice, and none the displays' buses take (:mod:`pitchside.app.config_pins`)."""
    uses = [(f"buttons.{b.name}", b.pin) for b in buttons] + [(f"beams.{b.name}.pin", b.pin) for b in beams]
    if sound is not None and sound.pin:
        uses.append(("sound.pin", sound.pin))
    if coin is not None and coin.pin:
        uses.append(("coin.pin", coin.pin))
    if coin is not None:  # the free-credit key, the inhibit and meter outputs, the door switch
        uses += [(f"coin.{k}", p) for k, p in (("free_credit_pin", coin.free_credit_pin), ("inhibit_pin",
                 coin.inhibit_pin), ("meter_pin", coin.meter_pin), ("door_pin", coin.door_pin)) if p]
    check_pins(problems, uses, displays, limits.header_pins)


def _read_storage(top: Section) -> StorageConfig:
    st = top.sub("storage")
    journal = st.file_path("journal", DEFAULT_JOURNAL)
    storage = StorageConfig(
        journal=DEFAULT_JOURNAL if journal is None else journal,
        max_matches=st.integer("max_matches", 1000, 1, 1_000_000),
    )
    if journal is None:
        pass  # refused by Section.file_path
    elif not journal.strip():
        st.fail("journal", "must be a file path")
    st.done()  # the file at the path is check-config's (journal_checks): pitchside run starts whatever it holds
    return storage


def journal_checks(config: TableConfig) -> tuple[ConfigError | None, ConfigError | None]:
    """``check-config``'s view of the file at ``[storage] journal``, as ``pitchside run``
    will find it: ``(problem, warning)``. A file that is not this table's journal (a
    directory, another program's database: :func:`pitchside.app.journal.check_path`) is
    a problem: the table would start, but keep the matches in memory only. A damaged
    journal of this table (:func:`pitchside.app.journal.damage`) is a warning: the table
    moves it aside and starts a fresh one. Reads only."""
    from pitchside.app.journal import NOT_A_JOURNAL, damage, check_path  # check-config only: not loaded at a start

    path = config.storage.journal
    refused = check_path(path)
    if refused is not None:
        why = f"{refused}; until then pitchside run keeps the matches in memory only ({NOT_A_JOURNAL})"
        return ConfigError(config.source, "storage.journal", why), None
    damaged = damage(path)
    if damaged is not None:
        why = f"{damaged}: a journal of this table, damaged; pitchside run moves it aside and starts a fresh one"
        return None, ConfigError(config.source, "storage.journal", why)
    return None, None


def _read_tournament(top: Section, games: tuple[str, ...]) -> str | None:
    """``[tournament] file`` (Master Move tables only); a file that does not exist is a
    warning naming it (the table starts, and shows no standings until it exists), but a
    file whose folder does not exist is a problem: ``pitchside tournament new`` could
    never make it there."""
    tsec = top.sub("tournament")
    tournament = tsec.file_path("file", None)
    tsec.done()
    if not tsec.raw:
        return tournament
    if not games or not app_for(games[0]).tournament:
        top.problems.add("tournament", f"a {games[0] if games else 'game-less'} table shows no tournament "
                                       "(Master Move tables do)")
    elif tournament is not None and not tournament.strip():
        tsec.fail("file", "must be a file path")
    elif tournament is not None and not os.path.isfile(tournament):
        folder = os.path.dirname(os.path.abspath(tournament))
        if os.path.isdir(tournament):
            top.problems.warn(tsec.key("file"), f"{tournament} is a directory, not a file: the table shows no "
                                                "standings until the key names a tournament file")
        elif not os.path.isdir(folder):
            tsec.fail("file", f"{tournament} is in {folder}, which is not a folder that exists: "
                              f"`pitchside tournament new` cannot make the file there; create the folder "
                              f"(mkdir -p {folder}) or name a file in one that exists")
        else:
            top.problems.warn(tsec.key("file"), f"{tournament} does not exist (yet): the table shows no standings "
                                                f"until `pitchside tournament new {tournament} ...` makes it")
    return tournament


def _read_kiosk(top: Section) -> KioskConfig:
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
        moment_s=k.number("moment_s", kd.moment_s, 0, 30),
    )
    k.done()
    return kiosk


def _game_options(top: Section, game: str) -> Any:
    """The options of ``game`` from its config table ``[<game>]`` (defaults if bad).

    Each option is checked against its declaration in the game's rules
    (:mod:`pitchside.core.fields`), every bad one named with its key, the value, what it
    may be and the rule (``pichenotte.pucks: 'pucks' is 0, out of range 1..50 (PI-01)``);
    then the rules' own checks across options, and the shapes of their own (Master
    Move's grass), through the codec.
    """
    app = app_for(game)
    opts_raw = top.sub(game)
    defaults = app.codec.options_to_json(app.parse_options({}))
    declared = specs(type(app.parse_options({})))
    opts_raw.read.update(k for k in opts_raw.raw if k in declared)
    opts_raw.done()  # unknown options are named here, once ...
    known = {k: v for k, v in opts_raw.raw.items() if k in declared}
    found = [(k, p) for k, p in ((k, declared[k].problem(k, v)) for k, v in known.items()) if p is not None]
    for key, problem in found:
        top.problems.add(f"{game}.{key}", problem)
    if found:
        return app.parse_options({})
    try:  # ... so the codec sees only the known ones
        return app.parse_options(known)
    except MalformedInput as exc:
        # The codec's messages start with the option's name: "options: 'pucks' is 0, ..."
        # or "pucks must be even in doubles ..."; name it in the key path.
        message = str(exc).removeprefix("options: ")
        m = re.match(r"'?(\w+)'?", message)
        top.problems.add(f"{game}.{m.group(1)}" if m and m.group(1) in defaults else game, message)
    except Exception as exc:  # a codec that did not expect this shape (a list of lists): no traceback
        culprit = next((k for k in known if not _parses(app, {k: known[k]})), None)
        key = f"{game}.{culprit}" if culprit is not None else game
        example = f"; for example {culprit} = {_toml(defaults[culprit])}" if culprit is not None else ""
        value = shown(known[culprit]) if culprit is not None else "these options"
        top.problems.add(key, f"the {game} rules cannot take {value} ({type(exc).__name__}: {exc}): write it "
                              f"as the example {EXAMPLES}{game}.toml shows{example}")
    return app.parse_options({})


def _parses(app: Any, options: dict[str, Any]) -> bool:
    try:
        app.parse_options(options)
    except Exception:
        return False
    return True


def _toml(value: Any) -> str:
    """A JSON-like option value as TOML (strings quoted, lists bracketed)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def _misspelt_sections(top: Section, known: tuple[str, ...]) -> None:
    """Name each unknown table that looks like a known one first, as the cause of the
    problems it brings (the missing pins of a ``[butons]``), once."""
    for name in sorted(top.raw):
        if name in known or not isinstance(top.raw[name], dict):
            continue
        # only for a config with an unknown table (start-up)
        import difflib

        close = difflib.get_close_matches(name, [k for k in known if k not in top.raw], n=1, cutoff=0.75)
        if close:
            top.read.add(name)
            top.fail(name, f"unknown table: did you mean [{close[0]}]? Nothing under [{name}] is read, so "
                           f"what [{close[0]}] must give is reported missing below")


def parse_config(raw: Mapping[str, Any], source: str = "<config>", *, text: str = "",
                 limits: HardwareLimits | None = None) -> TableConfig:
    """Check a parsed config mapping; see :func:`load_config`.

    :param text: the file's text (values in messages are shown as written).
    :param limits: what the drivers accept (default: the installed drivers').
    :raises ConfigErrors: every problem found (a :class:`ConfigError`: the first one).
    """
    limits = installed_limits() if limits is None else limits
    if not raw:
        raise ConfigError(source, "(file)", "empty: a table config names its game, its pins and its display; "
                          f"start from the example of your game in {EXAMPLES} (pitchside check-config FILE "
                          "names what is missing)")
    problems = Problems(source, text)
    top = Section(problems, "", dict(raw))
    _misspelt_sections(top, SECTIONS + table_games())
    games, name, sides = _read_table(top)
    panel = Wiring(games)
    pin_factory, bounce_ms, hold_s = read_gpio(top, limits)
    buttons = read_buttons(top, panel)
    beams = read_beams(top, panel)
    serial = read_serial(top, panel)
    display, side_displays = read_displays(top, limits)
    sound = _read_sound(top)
    coin_cfg, prices = _read_coin_door(top, games)
    web = _read_web(top)
    mqtt = None
    if "mqtt" in top.raw:  # the broker's settings (and their patterns) only with [mqtt] (start-up)
        from pitchside.app.config_mqtt import read_mqtt

        mqtt = read_mqtt(top)
    _check_pins(problems, buttons, beams, sound, [display, *(d for _, d in side_displays)], coin_cfg, limits)
    storage = _read_storage(top)
    tournament = _read_tournament(top, games)
    kiosk = _read_kiosk(top)
    game_options = tuple((g, _game_options(top, g)) for g in games)
    top.done()
    problems.check()
    several = len(games) > 1 or "games" in top.raw.get("table", {})
    return TableConfig(
        source=source,
        game=games[0],
        games=games if several else (),
        game_options=game_options if several else (),
        name=name,
        pin_factory=pin_factory,
        bounce_ms=bounce_ms,
        hold_s=hold_s,
        buttons=buttons,
        beams=beams,
        serial=serial,
        display=display,
        side_displays=side_displays,
        options=game_options[0][1],
        sides=sides,
        storage=storage,
        kiosk=kiosk,
        tournament=tournament,
        sound=sound,
        coin=coin_cfg,
        pricing=prices,
        web=web,
        mqtt=mqtt,
        warnings=tuple(problems.warnings),
    )
