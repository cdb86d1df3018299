"""CONTRIBUTING.md's list of the files a game is made of stays true: every game of the
replay format (core/record/games.GAMES) has each file, floor by floor, and its line in
each registry (the codecs, the tables, the simulator's keyboards)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pitchside.core.record.games import GAMES, codec_for
from pitchside.render import screen
from pitchside.tables.registry import TABLES, app_for
from pitchside_sim.keys import KEYMAPS

ROOT = Path(__file__).resolve().parents[1]
FILES = (
    "firmware/pitchside/core/record/{game}.py",
    "firmware/pitchside/core/words/{game}.py",
    "firmware/pitchside/tables/{game}.py",
    "firmware/pitchside/render/{game}.py",
    "sim/pitchside_sim/keys/{game}.py",
    "hardware/pitchside_hw/configs/{game}.toml",
    "sim/pitchside_sim/scenarios/{game}_match.toml",
    "docs/rules/{game}.md",
)


def test_contributing_lists_the_files_this_test_checks() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`((?:firmware|sim|hardware|docs)/[^`]*<game>[^`]*)`", text))
    for pattern in FILES:
        assert pattern.replace("{game}", "<game>") in listed, pattern
    assert "firmware/pitchside/core/rules/<game>.py" in listed
    for registry in ("firmware/pitchside/core/record/games.py", "firmware/pitchside/tables/registry.py",
                     "sim/pitchside_sim/keys/__init__.py"):
        assert f"`{registry}`" in text, registry
    assert "CONTRIBUTING.md" in (ROOT / "README.md").read_text(encoding="utf-8")  # the layout links it


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_files(game: str) -> None:
    rules = ROOT / "firmware/pitchside/core/rules"
    assert (rules / f"{game}.py").is_file() or (rules / game / "__init__.py").is_file()
    for pattern in FILES:
        path = ROOT / pattern.format(game=game)
        package = path.with_suffix("") / "__init__.py"  # a table or render module grown into a package
        grown = pattern.startswith(("firmware/pitchside/render/", "firmware/pitchside/tables/"))
        assert path.is_file() or (grown and package.is_file()), path


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_registry_lines(game: str) -> None:
    assert codec_for(game).name == game
    app = app_for(game)
    assert TABLES[game] is app and app.name == game and app.codec.name == game
    assert game in KEYMAPS
    # its screen draws the view of a new table (the render module registered it)
    view = app.view(app.new_table(app.parse_options({}), ("Ann", "Bob")))
    assert screen.render(view, (128, 64)).size == (128, 64)


def test_the_registries_name_the_same_games_in_the_same_order() -> None:
    assert tuple(TABLES) == GAMES == tuple(KEYMAPS)


def test_no_game_feature_is_looked_up_by_name() -> None:
    """Optional abilities are fields of the game record: nothing in the
    tables or the simulator's keyboards finds a game's feature with getattr/hasattr, a
    module's name or ``sys.modules``."""
    paths = [*(ROOT / "firmware/pitchside/tables").rglob("*.py"), *(ROOT / "sim/pitchside_sim/keys").glob("*.py")]
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for word in ("getattr(", "hasattr(", "sys.modules", "importlib"):
            assert word not in text, f"{path.name}: {word}"
