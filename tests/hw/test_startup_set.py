"""What ``pitchside run`` has loaded when it says READY=1 (start-up): the
firmware's modules and the dataclasses they made, pinned as sets.

On Python 3.11 creating a frozen dataclass costs about 1 ms of CPU here (one ``exec``
per generated method), and most of a start-up beyond the bare import of gpiozero,
luma.oled and Pillow is that (bench/startup.py ``--costs``). So the example Pichenotte
config (as bench/startup.py runs it: mock pins, the ``noop`` bus), booted a second time
on its journal as a table is, must reach its first frame with exactly
:data:`MODULES_AT_READY` and :data:`DATACLASSES_AT_READY`: a later import that creeps
back in (a feature the config does not use: ``[sound]``, ``[web]``, ``[serial]``, the
service pages) fails it, and so does a cut, which then updates the set here (say what
it saved in bench/README.md). Checked in a fresh interpreter, where nothing another
test imported can hide an import.
"""

from __future__ import annotations

from pathlib import Path

from support.bench_config import bench_config, run_to_ready

ROOT = Path(__file__).resolve().parents[2]

OURS = ("pitchside", "pitchside_hw", "pitchside_sim")

MODULES_AT_READY = frozenset({
    "pitchside", "pitchside.app", "pitchside.app.ahead", "pitchside.app.assembly", "pitchside.app.config",
    "pitchside.app.config_displays", "pitchside.app.config_inputs", "pitchside.app.config_pins",
    "pitchside.app.config_reader", "pitchside.app.journal", "pitchside.app.journal.checks",
    "pitchside.app.journal.clock", "pitchside.app.journal.drafts", "pitchside.app.journal.file",
    "pitchside.app.journal.ledger", "pitchside.app.journal.rescue", "pitchside.app.journal.sensors",
    "pitchside.app.limits", "pitchside.app.pager", "pitchside.app.parts",
    "pitchside.app.recorder", "pitchside.app.refusals", "pitchside.app.runtime", "pitchside.app.sched",
    "pitchside.app.sdnotify",
    "pitchside.app.timer_heap", "pitchside.app.writer",
    "pitchside.cli", "pitchside.cli.commands", "pitchside.cli.main",
    "pitchside.core", "pitchside.core.copying", "pitchside.core.errors", "pitchside.core.fields",
    "pitchside.core.game", "pitchside.core.lazy", "pitchside.core.match", "pitchside.core.notice", "pitchside.core.pricing",
    "pitchside.core.record", "pitchside.core.record.codec", "pitchside.core.record.fields",
    "pitchside.core.record.games", "pitchside.core.record.pichenotte", "pitchside.core.rules",
    "pitchside.core.rules.pichenotte", "pitchside.core.rules.pichenotte.engine",
    "pitchside.core.rules.pichenotte.notation", "pitchside.core.rules.pichenotte.state",
    "pitchside.core.sides", "pitchside.core.step",
    "pitchside.core.words", "pitchside.core.words.common", "pitchside.core.words.pichenotte",
    "pitchside.render", "pitchside.render.badge", "pitchside.render.fonts", "pitchside.render.kiosk",
    "pitchside.render.message", "pitchside.render.panel", "pitchside.render.screen",
    "pitchside.render.view", "pitchside.render.widgets",
    "pitchside.signals", "pitchside.signals.beam", "pitchside.signals.debounce",
    "pitchside.signals.events", "pitchside.signals.health", "pitchside.signals.params", "pitchside.signals.timers",
    "pitchside.tables", "pitchside.tables.common", "pitchside.tables.credits",
    "pitchside.tables.effects", "pitchside.tables.fixture", "pitchside.tables.game_moments",
    "pitchside.tables.gametable", "pitchside.tables.kiosk", "pitchside.tables.kiosk.flow", "pitchside.tables.kiosk.pay",
    "pitchside.tables.kiosk.screens", "pitchside.tables.kiosk.service", "pitchside.tables.kiosk.state",
    "pitchside.tables.moments", "pitchside.tables.pichenotte", "pitchside.tables.pichenotte.flow",
    "pitchside.tables.pichenotte.screens",
    "pitchside.tables.registry",
    "pitchside_hw", "pitchside_hw.cli", "pitchside_hw.display", "pitchside_hw.display_device",
    "pitchside_hw.inputs", "pitchside_hw.limits",
    "pitchside_hw.partial", "pitchside_hw.pins", "pitchside_hw.table",
    "pitchside_sim", "pitchside_sim.cli",
})  # fmt: skip
"""The firmware's modules at READY=1 (76 once, 75 after the first cuts: the
buzzer's driver, ``pitchside_hw.sound``, is loaded only for a ``[sound]``; the
``[sound]``, ``[web]`` and ``[serial]`` records and the service pages moved into
modules of their own, loaded with their section or page; 74 after the next: the
out-of-order frame, ``pitchside.render.out_of_order``, is drawn right after READY=1; 73:
the coin acceptor's decoder, ``pitchside.signals.coin``, with its driver in
``pitchside_hw.coin_input``, is loaded only for a ``[coin]``; 71: the sound cues,
``pitchside.tables.cues``, only for a ``[sound]``, the software die,
``pitchside.app.software_die``, at the first roll; 76 again when the kiosk became a
package of its parts, ``pitchside.tables.kiosk`` and its five modules, all needed to
show the first frame; 77 with ``pitchside.app.config_pins``; 83 when the journal
became a package of its parts, the file, its checks, the clock, the rescue files, the
ledger and the sensors, all used by opening a journal: the damaged-file module is not;
84: the runtime's parts and their faces, ``pitchside.app.parts``, in a module of their
own; 87 when the Pichenotte rules became a package of its state, engine and notation,
all imported by the package; 89 with the config's inputs and displays,
``pitchside.app.config_inputs`` and ``pitchside.app.config_displays``, in modules of their
own: every table reads those sections; 90 with the OLED's device builder and its errors,
``pitchside_hw.display_device``, which opens the panel; 91 with the runtime's timers,
``pitchside.app.timer_heap``; 94: the game's words, ``pitchside.core.words`` and its two
modules, imported by its codec rather than at its first notice: 0.4 ms of CPU, below the
noise; 95: the one lazy mapping of the games' registries, ``pitchside.core.lazy``; 97: the
game's table a package of its flow and its screens, ``pitchside.tables.pichenotte.flow``
and ``.screens``; 98 with the journal's drafts, ``pitchside.app.journal.drafts``, part of
every journal's schema; 99 with the table's scheduling, ``pitchside.app.sched``, imported
by the runtime)."""

DATACLASSES_AT_READY = frozenset({
    "pitchside.app.ahead:DrawAhead",
    "pitchside.app.config_inputs:BeamConfig", "pitchside.app.config_inputs:ButtonConfig",
    "pitchside.app.config_displays:DisplayConfig",
    "pitchside.app.config:KioskConfig", "pitchside.app.config:StorageConfig", "pitchside.app.config:TableConfig",
    "pitchside.app.journal:LinesWrite", "pitchside.app.journal:MatchEnd", "pitchside.app.journal:MatchRecord",
    "pitchside.app.limits:HardwareLimits", "pitchside.app.pager:Pager", "pitchside.app.refusals:Refusal",
    "pitchside.app.parts:TableParts",
    "pitchside.core.fields:Spec", "pitchside.core.game:Outcome", "pitchside.core.match:Applied",
    "pitchside.core.match:Match",
    "pitchside.core.match:_Node", "pitchside.core.notice:Notice", "pitchside.core.notice:Words",
    "pitchside.core.pricing:Credit", "pitchside.core.pricing:Extra", "pitchside.core.pricing:LedgerEntry",
    "pitchside.core.pricing:Pricing",
    "pitchside.core.rules.pichenotte.state:CoinToss", "pitchside.core.rules.pichenotte.state:Options",
    "pitchside.core.rules.pichenotte.state:Shot", "pitchside.core.rules.pichenotte.state:State",
    "pitchside.core.rules.pichenotte.state:Tally",
    "pitchside.core.sides:PerSide", "pitchside.core.step:Step",
    "pitchside.render.fonts:Fitted", "pitchside.render.fonts:Paged",
    "pitchside.render.kiosk:AttractView", "pitchside.render.kiosk:ConfirmView", "pitchside.render.kiosk:MenuView",
    "pitchside.render.panel:Canvas", "pitchside.render.panel:Palette", "pitchside.render.panel:Panel",
    "pitchside.render.screen:Drawn", "pitchside.render.screen:Frame", "pitchside.render.screen:_Screen",
    "pitchside.render.view:Prompt", "pitchside.render.view:TallyEntry",
    "pitchside.render.widgets:_ScorePlan", "pitchside.render.widgets:_TextPlan",
    "pitchside.signals.events:BeamBroken", "pitchside.signals.events:ButtonHeld",
    "pitchside.signals.events:ButtonPressed", "pitchside.signals.events:ButtonReleased",
    "pitchside.signals.events:CoinFault", "pitchside.signals.events:CoinInserted",
    "pitchside.signals.events:SensorNoisy", "pitchside.signals.events:SerialLine",
    "pitchside.signals.events:SerialStatus", "pitchside.signals.events:TimerFired",
    "pitchside.signals.health:SensorHealth", "pitchside.signals.health:SensorTally",
    "pitchside.signals.timers:FilterStep", "pitchside.signals.timers:TimerBook",
    "pitchside.signals.timers:TimerRequest",
    "pitchside.tables.credits:AuditsRead", "pitchside.tables.credits:Ledger", "pitchside.tables.credits:ReadAudits",
    "pitchside.tables.credits:ResetAudits", "pitchside.tables.credits:SpendNext",
    "pitchside.tables.effects:Accepted", "pitchside.tables.effects:CoinTossed", "pitchside.tables.effects:DiceRolled",
    "pitchside.tables.effects:DraftChanged",
    "pitchside.tables.effects:FixtureOffered", "pitchside.tables.effects:NewMatch",
    "pitchside.tables.effects:ReadSensorHealth", "pitchside.tables.effects:RollDice",
    "pitchside.tables.effects:SensorHealthRead", "pitchside.tables.effects:StartTimer",
    "pitchside.tables.effects:TossCoin", "pitchside.tables.effects:TournamentLoaded",
    "pitchside.tables.gametable:GameTable", "pitchside.tables.gametable:Panel",
    "pitchside.tables.kiosk.state:InputStat", "pitchside.tables.kiosk.state:KioskSettings",
    "pitchside.tables.kiosk.state:KioskState", "pitchside.tables.kiosk.state:Log",
    "pitchside.tables.kiosk.state:SetContrast",
    "pitchside.tables.moments:Moment", "pitchside.tables.moments:Showing",
    "pitchside.tables.pichenotte.flow:ShotDraft", "pitchside.tables.pichenotte.flow:TableState",
    "pitchside_hw.table:Table",
})  # fmt: skip
"""The dataclasses made by READY=1, as ``module:qualified name`` (93 before the
start-up cuts: ``SerialConfig``, ``SoundConfig``, ``WebConfig`` and ``ServiceView`` are
made with their section or page now)."""

RUN_CHILD = """
import dataclasses, json, os, sys
from pitchside.app import sdnotify
OURS = %r
def made(module):  # the dataclasses a module defines, nested ones too
    out, todo = [], [c for c in vars(module).values() if isinstance(c, type)]
    while todo:
        cls = todo.pop()
        if cls.__module__ != module.__name__:  # imported from another module: counted there
            continue
        if "__dataclass_fields__" in cls.__dict__:
            out.append(module.__name__ + ":" + cls.__qualname__)
        todo.extend(c for c in vars(cls).values() if isinstance(c, type) and c.__qualname__.startswith(cls.__qualname__ + "."))
    return out
def ready(self):  # right after the first frame (pitchside_hw.table.run_table)
    ours = sorted(m for m in list(sys.modules) if m.split(".")[0] in OURS)
    with open(os.environ["STARTUP_TEST_OUT"], "w") as fh:
        json.dump({"modules": ours, "dataclasses": sorted({d for m in ours for d in made(sys.modules[m])})}, fh)
    os._exit(0)
sdnotify.Notifier.ready = ready
from pitchside.cli.main import main  # the console script `pitchside`
sys.exit(main())
""" % (OURS,)


def _at_ready(config: Path, out: Path) -> dict[str, list[str]]:
    loaded: dict[str, list[str]] = run_to_ready(RUN_CHILD, config, out)
    return loaded


def test_pitchside_run_reaches_ready_with_exactly_the_pinned_modules_and_dataclasses(tmp_path: Path) -> None:
    config = bench_config("pichenotte", tmp_path)
    _at_ready(config, tmp_path / "loaded.json")  # the first boot makes the journal
    loaded = _at_ready(config, tmp_path / "loaded.json")
    modules, made = set(loaded["modules"]), set(loaded["dataclasses"])
    assert (sorted(modules - MODULES_AT_READY), sorted(MODULES_AT_READY - modules)) == ([], [])
    assert (sorted(made - DATACLASSES_AT_READY), sorted(DATACLASSES_AT_READY - made)) == ([], [])
    assert (len(modules), len(made)) == (99, 91)


def test_a_table_with_a_sound_section_loads_the_buzzer_at_start_up(tmp_path: Path) -> None:
    """With ``[sound]`` the buzzer's driver and record are loaded by READY=1 (its cues
    sound from the first input on), the rest as without it."""
    config = bench_config("pichenotte", tmp_path)
    config.write_text(config.read_text(encoding="utf-8") + '\n[sound]\npin = "GPIO18"\n', encoding="utf-8")
    loaded = _at_ready(config, tmp_path / "loaded.json")
    assert set(loaded["modules"]) - MODULES_AT_READY == {"pitchside_hw.sound", "pitchside.app.config_sound",
                                                         "pitchside.tables.cues"}
    assert set(loaded["dataclasses"]) - DATACLASSES_AT_READY == {"pitchside.app.config_sound:SoundConfig"}


def test_a_table_with_a_coin_acceptor_loads_its_driver_and_decoder_at_start_up(tmp_path: Path) -> None:
    """With ``[coin]`` (the example pay-to-play Pichenotte, ``pichenotte_coin.toml``) the
    coin acceptor's driver and decoder are loaded by READY=1 (coins count from the first
    pulse on), and the coin gate with the inhibit line's driver (the line is released at
    the first frame); without it none is (the first test)."""
    loaded = _at_ready(bench_config("pichenotte_coin", tmp_path), tmp_path / "loaded.json")
    assert set(loaded["modules"]) - MODULES_AT_READY == {
        "pitchside.app.config_coin", "pitchside.app.config_pay", "pitchside.signals.coin",
        "pitchside_hw.coin_input", "pitchside.tables.coin_gate", "pitchside.app.coin_line",
        "pitchside_hw.coin_outputs"}  # its sections, their checks, decoder, driver, the gate, its shell, outputs
    assert set(loaded["dataclasses"]) - DATACLASSES_AT_READY == {
        "pitchside.app.config_coin:CoinConfig", "pitchside.tables.coin_gate:Gate",
        "pitchside.tables.coin_gate:InhibitCoins", "pitchside.tables.coin_gate:MeterCoin",
        "pitchside.tables.coin_gate:CoinsGated", "pitchside.tables.coin_gate:StorageStatus"}


def test_a_config_with_sound_web_and_serial_sections_still_reads_them() -> None:
    """The records moved out of :mod:`pitchside.app.config` are made, with the values
    the sections give, when a config has the sections (Boule Mania's example has the
    die's serial device; the sound and web sections added here), and a config without
    them reads none."""
    import tomllib

    from pitchside.app.config import parse_config
    from pitchside.app.config_serial import SerialConfig
    from pitchside.app.config_sound import SoundConfig
    from pitchside.app.config_web import WebConfig

    configs = ROOT / "hardware" / "pitchside_hw" / "configs"
    text = (configs / "boulomania.toml").read_text(encoding="utf-8")
    text += '\n[sound]\npin = "GPIO18"\nkind = "tonal"\ncues = ["won"]\n\n[web]\nurl = "http://t1.local/"\n'
    config = parse_config(tomllib.loads(text), "boulomania+sound+web.toml", text=text)
    assert config.serial == (SerialConfig("die", "/dev/pitchside-die", 9600),)
    assert config.sound == SoundConfig(pin="GPIO18", kind="tonal", cues=("won",))
    assert config.web == WebConfig(url="http://t1.local/")
    plain = (configs / "pichenotte.toml").read_text(encoding="utf-8")
    bare = parse_config(tomllib.loads(plain), "pichenotte.toml", text=plain)
    assert (bare.serial, bare.sound, bare.web) == ((), None, None)
