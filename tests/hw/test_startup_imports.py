"""Start only what the table needs (issue 15 item 2): a table built from the example
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

ROOT = Path(__file__).resolve().parents[2]

NOT_BEFORE_THE_FIRST_FRAME = (
    "paho", "ssl", "serial", "pitchside.club.link", "pitchside.web.publisher", "pitchside_hw.serial_lines",
    "pitchside.core.tournament", "pitchside.app.tournament_file",
    # loaded where they are first used (start-up, issue 15): the phone's QR screen, the
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
    "pitchside.core.tournament", "pitchside.app.tournament_file", "pitchside.league",
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
