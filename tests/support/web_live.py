"""Helpers of the web tests: a simulated table of a game with its scenario, served live."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pitchside.app.config import load_config
from pitchside.web.app import WebSettings
from pitchside.web.inproc import LiveWeb
from pitchside_sim.run import default_config_path
from pitchside_sim.scenario import Scenario, load_scenario
from pitchside_sim.table import SimTable, sim_config
from pitchside.tables.registry import app_for

SCENARIOS = Path(__file__).resolve().parents[2] / "sim" / "pitchside_sim" / "scenarios"
GAMES = ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")


def scenario(game: str) -> Scenario:
    app = app_for(game)
    return load_scenario(SCENARIOS / f"{game}_match.toml", app.buttons, app.beams)


def sim_table(game: str, names: tuple[str, str] | None = None, journal: Path | None = None) -> tuple[SimTable, Scenario]:
    sc = scenario(game)
    config = replace(load_config(default_config_path(game)), serial=())
    config = sim_config(config, sc.options, names or sc.names)
    return SimTable(config, seed=sc.seed, journal=journal), sc


def serve(sim: SimTable, **settings: object) -> LiveWeb:
    return LiveWeb(sim.runtime, WebSettings(**settings)).start()  # type: ignore[arg-type]
