"""docs/spec/replay.md describes the replay format as firmware/pitchside/core/record/
implements it: for each game, every option with its default, every input with each of
its fields (and the default of each field that has one), and every output key."""

from __future__ import annotations

import json
import re
from dataclasses import MISSING
from pathlib import Path

import pytest

from pitchside.core.fields import Spec, default_of, specs
from pitchside.core.record.games import GAMES, codec_for

ROOT = Path(__file__).resolve().parents[2]
SPEC = (ROOT / "docs" / "spec" / "replay.md").read_text(encoding="utf-8")
OPTION_ROW = re.compile(r"^\| `(\w+)` \| `(.+)` \|$")
INPUTS = "| input | fields (default) | meaning |"
OUTPUT = "| key | meaning |"
COMMON_OUTPUT = {"game", "status", "winner", "score", "phase", "rejected", "result"}


def game_section(game: str) -> str:
    """The ``## Title (`game`)`` section of the spec."""
    start = SPEC.index(f" (`{game}`)\n")
    end = SPEC.find("\n## ", start)
    return SPEC[start : end if end != -1 else len(SPEC)]


def table(text: str, header: str) -> list[str]:
    """The rows of the table whose header line is ``header``."""
    lines = text.splitlines()
    start = lines.index(header) + 2  # the header and its --- line
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def row(text: str, name: str) -> str:
    """The row of input ``name`` in the section's inputs table."""
    (found,) = [line for line in table(text, INPUTS) if line.startswith(f"| `{name}` |")]
    return found


def default_json(cls: type, name: str, spec: Spec) -> str | None:
    """A field's default as JSON, or None when the field is required."""
    default = default_of(cls, name)
    return None if default is MISSING else json.dumps(spec.to_json(default))


def test_the_common_output_keys_are_described() -> None:
    for key in COMMON_OUTPUT:
        assert f"| `{key}` |" in SPEC


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_listed_with_its_default(game: str) -> None:
    codec = codec_for(game)
    defaults = codec.options_to_json(codec.parse_options({}))
    rows = [OPTION_ROW.match(line) for line in table(game_section(game), "| option | default |")]
    assert {m[1]: json.loads(m[2]) for m in rows if m} == defaults
    assert all(rows)


@pytest.mark.parametrize("game", GAMES)
def test_every_input_and_field_is_described_with_its_default(game: str) -> None:
    codec = codec_for(game)
    text = game_section(game)
    for name, cls in codec.inputs.items():
        line = row(text, name)
        for field_name, spec in specs(cls).items():
            key = spec.key or field_name
            assert f"`{key}`" in line, f"{game} {name}: field {key!r} not described"
            default = default_json(cls, field_name, spec)
            if default is not None:
                assert f"`{key}` (`{default}`" in line, f"{game} {name}: {key!r} without its default {default}"


@pytest.mark.parametrize("game", GAMES)
def test_every_output_key_is_described(game: str) -> None:
    codec = codec_for(game)
    keys = set(codec.output(codec.new_state(codec.parse_options({}))))
    text = game_section(game)
    described = {k for line in table(text, OUTPUT) for k in re.findall(r"`(\w+)`", line.split("|")[1])}
    assert sorted(keys - COMMON_OUTPUT - described) == []
    assert sorted(described - keys) == []
