"""bench/dataclass_cost.py reads the start-up's dataclasses from the source as they are
written (its figures are only as good as the shapes it copies): every class pinned at
READY=1 is found, with its options, fields and defaults."""

from __future__ import annotations

import json
import subprocess
import sys

from support.benchmod import bench_module


def test_every_pinned_dataclass_is_read_with_its_options_fields_and_defaults() -> None:
    cost = bench_module("dataclass_cost")
    shapes = {s["name"]: s for s in map(cost.shape, cost.pinned())}
    assert len(shapes) == 91
    # AttractView has a prompt line for the storage warning; DisplayConfig an SPI panel's gpio_dc, gpio_rst and
    # bus_speed_hz; HardwareLimits the header's pins; Match.recent's Applied (4); the coin gate's hooks (6):
    # KioskState.gate, Pricing.credit_cap, CoinInserted.began, Frame.mark, TableParts.coin_outputs and
    # Table.coin_outputs; FixtureOffered the players' ids; Pricing's tiers, per_player and hours, KioskState's
    # clock and bought, AuditsRead's lifetime (6); DraftChanged (2), LinesWrite's drafts (2) and GameTable's
    # with_drafts (1)
    assert sum(len(s["fields"]) for s in shapes.values()) == 446
    assert (sum(bool(s["options"].get("frozen")) for s in shapes.values()),
            sum(bool(s["options"].get("slots")) for s in shapes.values())) == (87, 81)
    config = shapes["pitchside.app.config:TableConfig"]
    assert (config["options"], len(config["fields"]), config["defaults"][:2]) == (
        {"frozen": True, "slots": True}, 24, [None, "value"])
    assert shapes["pitchside.render.panel:Canvas"]["options"] == {"eq": False}
    assert shapes["pitchside.render.panel:Canvas"]["defaults"][-3:] == ["noinit", "noinit", "noinit"]
    assert shapes["pitchside.signals.timers:TimerBook"]["defaults"] == [None, "factory"]
    assert shapes["pitchside.tables.effects:TossCoin"]["fields"] == []


def test_each_variant_makes_every_class_with_its_options() -> None:
    """Each variant makes all 91 classes, frozen and with slots as it says (87 and 81 as
    written; a namedtuple is no dataclass, and has empty __slots__)."""
    cost = bench_module("dataclass_cost")
    arg = json.dumps([cost.shape(s) for s in cost.pinned()])
    made = {}
    for variant in cost.VARIANTS:
        out = subprocess.run([sys.executable, "-c", cost.CHILD, arg, variant], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        got = json.loads(out.stdout)
        assert got["ms"] > 0
        made[variant] = (got["classes"], got["frozen"], got["slots"])
    assert made == {"as_written": (91, 87, 81), "no_slots": (91, 87, 0), "not_frozen": (91, 0, 81),
                    "plain": (91, 0, 0), "namedtuple": (91, 0, 91)}
