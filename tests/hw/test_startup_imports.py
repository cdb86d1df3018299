"""Start only what the table needs: a table built from the example
Pichenotte config (no ``[mqtt]``, no ``[web]``, no serial device, no tournament file)
shows its first frame without loading the club link (paho, ssl), the web side's
publisher, pyserial, the tournament code, or the screens and helpers that are first
used later (the QR, audits, moment, names entry and side display screens, difflib's
suggestions). Checked in a fresh interpreter, where nothing another test imported can
hide an import."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from support.bench_config import bench_config, run_to_ready

ROOT = Path(__file__).resolve().parents[2]

NOT_BEFORE_THE_FIRST_FRAME = (
    "paho", "ssl", "serial", "pitchside.club.link", "pitchside.web.publisher", "pitchside_hw.serial_lines",
    "pitchside.core.tournament", "pitchside.app.tournament_file",
    # loaded where they are first used (start-up): the phone's QR screen, the
    # service page's audits, a moment's screen, the names entry screen, the side displays'
    # screen, a misspelt table's suggestion
    "pitchside.render.qr", "segno", "pitchside.core.audits", "pitchside.render.moment", "pitchside.render.names",
    "pitchside.render.side", "difflib",
)  # fmt: skip

CHILD = """
import json, sys
from pathlib import Path
from gpiozero.pins.mock import MockFactory
import pitchside_hw
from pitchside.app.config import load_config
from pitchside_hw.pins import TickClock
from pitchside_hw.table import build_table

from luma.core.interface.serial import noop
from pitchside_hw.partial import PartialSSD1306
from pitchside_hw.display import Display
config = load_config(Path(pitchside_hw.__file__).parent / "configs" / "pichenotte.toml")
factory = MockFactory()
table = build_table(config, pin_factory=factory, clock=TickClock(factory), journal=None,
                    open_display=lambda role, d: Display(PartialSSD1306(noop()), persist=True, name="test"), toss=lambda: "A")
table.runtime.refresh()
frames = table.display.frames_sent
table.close()
print(json.dumps({"frames": frames, "modules": sorted(sys.modules)}))
"""


def test_the_first_frame_of_a_plain_table_loads_no_mqtt_web_serial_or_tournament_code() -> None:
    out = subprocess.run([sys.executable, "-c", CHILD], check=False, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["frames"] == 1
    loaded = [m for m in result["modules"] if any(m == n or m.startswith(n + ".") for n in NOT_BEFORE_THE_FIRST_FRAME)]
    assert loaded == []


NOT_FOR_THE_PARSER = (
    "pitchside.cli.tournament", "pitchside.cli.audits", "pitchside.cli.web", "pitchside.cli.league",
    "pitchside.core.tournament", "pitchside.app.tournament_file", "pitchside.league", "pitchside.cli.club",
    "pitchside.club.setup", "pitchside.club.broker",
)  # fmt: skip

PARSER_CHILD = """
import json, sys
from pitchside.cli.main import build_parser
args = build_parser().parse_args(["run", "--config", "table.toml"])
print(json.dumps({"command": args.command, "modules": sorted(sys.modules)}))
"""


def test_pitchside_run_parses_its_arguments_without_importing_the_other_sub_commands() -> None:
    """``pitchside run`` builds the whole parser before the table starts: the modules of
    ``tournament``, ``audits``, ``web`` and ``league`` (and what they import) are loaded
    only when their command is chosen (pitchside.cli.commands)."""
    out = subprocess.run([sys.executable, "-c", PARSER_CHILD], check=False, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["command"] == "run"
    loaded = [m for m in result["modules"] if any(m == n or m.startswith(n + ".") for n in NOT_FOR_THE_PARSER)]
    assert loaded == []


# --- `pitchside run` itself, to its READY=1 (start-up) -------------

LOADED_LATER_BY_RUN = (
    *NOT_BEFORE_THE_FIRST_FRAME, *NOT_FOR_THE_PARSER,
    # the replay format: only to rebuild an unfinished match, export or `pitchside replay`
    "pitchside.core.record.format",
    # a config's [coin]/[pricing] and [mqtt] readers: only for a config with the section
    "pitchside.app.config_coin", "pitchside.app.config_mqtt",
    # the OS's random source (hmac, OpenSSL's hashlib): at the first coin toss or die roll;
    # sha1 names a rescue folder only when a match is unsaved; uuid (and platform) only
    # makes the uid of a new journal
    "secrets", "hmac", "hashlib", "_hashlib", "uuid", "platform",
    # the names entry (3 records): at the menu's Names row
    "pitchside.tables.names",
    # the configured game's match screen (2 records): at a match's first frame (a table
    # boots to its attract screen); its words load with its codec (0.4 ms: noise)
    "pitchside.render.pichenotte",
)  # fmt: skip

RUN_CHILD = """
import json, os, sys
from pitchside.app import sdnotify
def ready(self):  # right after the first frame (pitchside_hw.table.run_table)
    with open(os.environ["STARTUP_TEST_OUT"], "w") as fh:
        json.dump(sorted(sys.modules), fh)
    os._exit(0)
sdnotify.Notifier.ready = ready
from pitchside.cli.main import main  # the console script `pitchside`
sys.exit(main())
"""


def _run_to_ready(config: Path, listed: Path) -> list[str]:
    modules: list[str] = run_to_ready(RUN_CHILD, config, listed)
    return modules


def test_pitchside_run_shows_its_first_frame_without_the_modules_it_loads_later(tmp_path: Path) -> None:
    """The example Pichenotte config as ``bench/startup.py`` runs it (mock pins, the
    ``noop`` bus), booted twice on one journal as a table is: at the second boot's
    READY=1 (its first frame shown) none of :data:`LOADED_LATER_BY_RUN` is loaded."""
    config = bench_config("pichenotte", tmp_path)
    first = _run_to_ready(config, tmp_path / "modules.json")  # makes the journal
    assert "pitchside.tables.pichenotte" in first
    again = _run_to_ready(config, tmp_path / "modules.json")
    loaded = [m for m in again if any(m == n or m.startswith(n + ".") for n in LOADED_LATER_BY_RUN)]
    assert loaded == []


@pytest.mark.parametrize("game", ["pitchnut", "boulomania", "pitchbowl", "mastermove"])
def test_every_game_boots_to_its_attract_screen_without_its_match_screens(game: str, tmp_path: Path) -> None:
    """Each game's example config (attract = true), booted twice on one journal: at the
    second READY=1 the game's table is loaded (its rules, codec and words make the new
    match), its match screens (``pitchside.render.<game>``) are not: they load at a
    match's first frame (``pitchside.tables.<game>`` ``view``)."""
    config = bench_config(game, tmp_path)
    _run_to_ready(config, tmp_path / "modules.json")  # makes the journal
    again = _run_to_ready(config, tmp_path / "modules.json")
    assert f"pitchside.tables.{game}" in again
    assert [m for m in again if m == f"pitchside.render.{game}" or m.startswith(f"pitchside.render.{game}.")] == []


def test_a_display_the_driver_accepts_is_checked_without_trying_every_panel_size() -> None:
    """``check-config``'s (and ``pitchside run``'s) display check builds the driver once
    for a good display; the sizes it drives (17 more builds) are only for the message of
    a size it refuses (pitchside_hw.limits.check_display)."""
    from pitchside.app.config import DisplayConfig
    from pitchside_hw import limits

    limits.sizes.cache_clear()
    assert limits.check_display(DisplayConfig(driver="ssd1306", width=128, height=64)) == []
    assert limits.sizes.cache_info().currsize == 0
    assert limits.check_display(DisplayConfig(driver="ssd1306", width=100, height=64))[0][0] == "width"
    assert limits.sizes.cache_info().currsize == 1


PARSERS_CHILD = """
import argparse, json
made = []
_init = argparse.ArgumentParser.__init__
def init(self, *a, **k):
    _init(self, *a, **k)
    made.append(self.prog)
argparse.ArgumentParser.__init__ = init
from pitchside.cli.main import build_parser
args = build_parser().parse_args(["run", "--config", "table.toml"])
print(json.dumps({"command": args.command, "made": made}))
"""


def test_pitchside_run_builds_the_parsers_of_the_sub_commands_but_not_of_their_own_sub_commands() -> None:
    """``tournament`` and ``league`` add their sub-commands' parsers (seven and three)
    only when they are chosen (pitchside.cli.commands.CommandParser): ``pitchside run``
    builds the top parser and one per sub-command."""
    out = subprocess.run([sys.executable, "-c", PARSERS_CHILD], check=False, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["command"] == "run"
    assert result["made"] == ["pitchside", *(f"pitchside {c}" for c in (
        "replay", "check-config", "history", "export", "tournament", "audits", "web", "league", "club", "region", "run",
        "sim", "wiring"))]
