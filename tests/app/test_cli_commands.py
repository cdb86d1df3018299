"""The sub-commands registered by pitchside.cli.commands (their modules imported only
when chosen, not at start-up): each still reaches its module's function, and a choice read
lazily is checked as argparse checks a tuple."""

from __future__ import annotations

from pathlib import Path

import pytest
from pitchside.cli.commands import LazyChoices, league_formats, tournament_formats
from pitchside.cli.main import main
from pitchside.core.tournament import FORMATS
from pitchside.league.formats import FORMATS as LEAGUE_FORMATS


def test_lazy_choices_are_the_modules_tuple() -> None:
    choices = LazyChoices(tournament_formats)
    assert list(choices) == list(FORMATS) == ["round_robin", "knockout", "round_robin_final"]
    assert len(choices) == 3 and choices[1] == "knockout"
    assert "knockout" in choices and "swiss" not in choices
    assert list(LazyChoices(league_formats)) == list(LEAGUE_FORMATS)


def test_a_format_not_offered_is_refused_by_argparse(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "new", str(tmp_path / "cup.toml"), "A", "B", "--format", "swiss"])
    assert exc.value.code == 2
    assert ("argument --format: invalid choice: 'swiss' (choose from 'round_robin', 'knockout', "
            "'round_robin_final')") in capsys.readouterr().err
    assert not (tmp_path / "cup.toml").exists()


def test_the_format_help_lists_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["league", "new", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert ("--format FORMAT one of round_robin, single_elimination, round_robin_final, double_elimination, "
            "swiss (default round_robin)") in help_text


def test_league_new_and_standings_reach_the_league_module(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from pitchside.league.store import Store

    db = str(tmp_path / "league.db")
    Store(db).close()  # the database league serve makes on its first start
    assert main(["league", "new", "Cup", "--game", "pichenotte", "--players", "Ann,Bob,Cy", "--db", db]) == 0
    assert capsys.readouterr().out == "league 1: Cup (pichenotte, round robin, 3 players): /leagues/1\n"
    assert main(["league", "new", "Cup", "--game", "pichenotte", "--players", "Ann,Bob", "--db", db]) == 2
    assert f"a league named 'Cup' exists in {db}" in capsys.readouterr().err
    assert main(["league", "standings", "--db", db]) == 0


def test_tournament_subcommands_reach_their_functions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cup = str(tmp_path / "cup.toml")
    assert main(["tournament", "new", cup, "Reds", "Blues", "--format", "knockout"]) == 0
    assert capsys.readouterr().out == "cup: 2 teams, knockout; Next: final: Reds v Blues\n"
    assert main(["tournament", "next", cup]) == 0
    assert capsys.readouterr().out == "Next: final: Reds v Blues\n"
