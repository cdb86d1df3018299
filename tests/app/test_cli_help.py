"""``pitchside --help`` and every sub-command's ``--help`` stay as they were when the
sub-commands' arguments became deferred (start-up:
:func:`pitchside.cli.commands.deferred`): the golden text was made from the parser as
it was before (commit 6322f68, 100 columns). And ``pitchside run`` parses its arguments
without adding any other sub-command's."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from pitchside.cli.main import build_parser

GOLDEN = Path(__file__).parent / "golden" / "pitchside_help.txt"


def _sub_commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    choices: dict[str, argparse.ArgumentParser] = action.choices
    return choices


def test_the_help_of_pitchside_and_of_each_sub_command_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # argparse's width (shutil.get_terminal_size)
    parser = build_parser()
    text = parser.format_help() + "".join(
        f"=== pitchside {name} --help\n" + p.format_help() for name, p in _sub_commands(parser).items())
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_pitchside_run_parses_without_adding_the_other_sub_commands_arguments() -> None:
    parser = build_parser()
    args = parser.parse_args(["run", "--config", "table.toml"])
    assert (args.command, args.config) == ("run", "table.toml")
    unbuilt = [name for name, p in _sub_commands(parser).items() if [a.dest for a in p._actions] == ["help"]]
    assert unbuilt == ["replay", "check-config", "history", "export", "tournament", "audits", "web", "league", "club", "region",
                       "sim", "wiring"]


@pytest.mark.parametrize(("argv", "expected"), [
    (["history", "--db", "j.db", "--json"], {"db": "j.db", "config": None, "json": True, "sensors": False}),
    (["export", "7", "--unsaved"], {"db": None, "config": None, "id": 7, "output": None, "unsaved": True}),
    (["replay", "m.replay", "--strict"], {"file": "m.replay", "strict": True, "pretty": False}),
    (["check-config", "a.toml", "b.toml"], {"files": ["a.toml", "b.toml"]}),
    (["audits", "--csv"], {"db": None, "config": None, "csv": True, "reset": False, "yes": None}),
    (["web", "--listen", "0.0.0.0:9000"], {"config": None, "listen": "0.0.0.0:9000", "feed": None, "url": None,
                                            "db": None, "allow_host": []}),
])  # fmt: skip
def test_a_deferred_sub_command_parses_its_arguments_when_chosen(argv: list[str], expected: dict[str, object]) -> None:
    args = vars(build_parser().parse_args(argv))
    func = args.pop("func")
    assert callable(func)
    assert args == {"verbose": False, "command": argv[0], **expected}
