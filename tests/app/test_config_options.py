"""check-config's game options come from the options' declarations:
every bad option of a file is named, each with its key, the bad value, what it may be
and the rule that sets it."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pitchside.app.config import ConfigErrors, parse_config
from pitchside.cli.main import main
from pitchside.core.fields import Spec, specs
from pitchside.core.record.games import GAMES
from pitchside.tables.registry import app_for

CONFIGS = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs"


def bad_value(spec: Spec) -> Any:
    if spec.kind == "bool":
        return "yes"
    if spec.kind == "int":
        return spec.hi + 1 if spec.hi is not None else (spec.lo or 0) - 1
    return "nonsense"


def problems_of(game: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    raw = tomllib.loads((CONFIGS / f"{game}.toml").read_text())
    raw.setdefault(game, {}).update(options)
    with pytest.raises(ConfigErrors) as info:
        parse_config(raw, f"{game}.toml")
    return [(p.key, p.message) for p in info.value.problems]


@pytest.mark.parametrize("game", GAMES)
def test_every_bad_option_is_named_with_its_value_allowed_values_and_rule(game: str) -> None:
    declared = {k: s for k, s in specs(type(app_for(game).parse_options({}))).items()
                if s.kind in ("bool", "int", "choice")}
    bad = {k: bad_value(s) for k, s in declared.items()}
    found = dict(problems_of(game, bad))
    assert sorted(found) == sorted(f"{game}.{k}" for k in bad)  # all of them, not the first only
    for name, spec in declared.items():
        key, message = f"{game}.{name}", found[f"{game}.{name}"]
        assert message.startswith(f"{name!r} ") and message.endswith(f" ({spec.rule})"), (key, message)
        assert repr(bad[name]) in message, message
        allowed = f"out of range {spec.lo}..{spec.hi}" if spec.kind == "int" and spec.hi is not None else spec.allowed()
        if spec.kind == "int" and spec.hi is None:
            allowed = f"less than {spec.lo}"
        assert allowed in message, (message, allowed)


def test_check_config_prints_each_bad_option_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (CONFIGS / "pitchnut.toml").read_text()
    assert text.count("pieces = 10 ") == text.count('turn_continues = "more_own"') == 1
    path = tmp_path / "table.toml"
    path.write_text(text.replace("pieces = 10 ", "pieces = 0 ").replace('"more_own"', '"never"'))
    assert main(["check-config", str(path)]) == 2
    out = capsys.readouterr().out
    assert "pitchnut.pieces: 'pieces' is 0, out of range 1..50 (PN-02)" in out
    assert "pitchnut.turn_continues: 'turn_continues' must be one of 'more_own', 'any_piece', not 'never' (PN-26)" in out
