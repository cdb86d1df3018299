"""docs/rules/GAME.md documents every rule ID the firmware cites and every option.

A rule ID cited anywhere in the firmware, the drivers or the simulator (a refusal, a
notice, an option's declaration, a docstring) must be a rule entry of its game's page
(a line ``- **PI-05** ...``), so a new rule cannot be enforced undocumented; each
option of the game's ``Options`` must be a row of the page's options table with its
default as the engine declares it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pitchside.core.record.games import GAMES, codec_for

ROOT = Path(__file__).resolve().parents[2]
PREFIX = {"pichenotte": "PI", "pitchnut": "PN", "boulomania": "BM", "pitchbowl": "PB", "mastermove": "MM"}
CODE = ("firmware", "hardware", "sim")
ENTRY = re.compile(r"^- \*\*([A-Z]{2}-[A-Z]?\d+)\*\* ", re.M)
OPTION_ROW = re.compile(r"^\| `(\w+)` \| `(.+?)` \|", re.M)


def cited(prefix: str) -> set[str]:
    """Every rule ID of ``prefix`` in the code's Python files."""
    pattern = re.compile(rf"\b{prefix}-[A-Z]?\d+\b")
    found: set[str] = set()
    for top in CODE:
        for path in (ROOT / top).rglob("*.py"):
            found.update(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def page(game: str) -> str:
    return (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The text under the ``## heading`` line, up to the next ``## `` heading."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_every_game_has_its_page() -> None:
    assert sorted(p.stem for p in (ROOT / "docs" / "rules").glob("*.md")) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_the_code_cites_is_a_rule_entry_of_its_game_s_page(game: str) -> None:
    entries = ENTRY.findall(page(game))
    assert len(entries) == len(set(entries)), "a rule entered twice"
    assert all(e.startswith(PREFIX[game] + "-") for e in entries)
    ids = cited(PREFIX[game])
    assert len(ids) > 25  # the scan finds the engine's citations
    assert sorted(ids - set(entries)) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_options_table_lists_every_option_with_its_default(game: str) -> None:
    codec = codec_for(game)
    defaults = codec.options_to_json(codec.parse_options({}))
    rows = dict(OPTION_ROW.findall(section(page(game), "Options")))
    assert {name: json.loads(value) for name, value in rows.items()} == defaults

