"""``pitchside sim GAME``: the simulated table (registered through the
``pitchside.commands`` entry point, see :mod:`pitchside.cli.main`)."""

from __future__ import annotations

import argparse


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("sim", help="play on the simulated table (keyboard, or a scenario with --script)")
    p.add_argument("game", help="the game (pichenotte, ...; those with a table in this version)")
    p.add_argument("--script", help="a hardware-level scenario (TOML) to play headless")
    p.add_argument("--out", default="out/frames", help="folder for the OLED frames (PNG) and match.gif")
    p.add_argument("--config", help="table config (TOML); default: hardware/pitchside_hw/configs/GAME.toml")
    p.add_argument("--no-terminal", action="store_true", help="do not draw frames in the terminal")
    journal = p.add_mutually_exclusive_group()
    journal.add_argument("--db", help="journal file (default: the run's own per game, OUT/journal-GAME.db "
                         "interactively, which resumes an unfinished match, and OUT/journal-GAME-script.db "
                         "for a script, which starts afresh)")
    journal.add_argument("--shared-journal", action="store_true", help="keep the matches in OUT/journal.db, "
                         "one journal for every game and run, as a table does: a script run then goes on "
                         "in it instead of starting afresh")
    p.add_argument("--view", choices=("auto", "blocks", "braille", "small"), default="auto",
                   help="how the interactive simulator draws the panel: half blocks (1x2 pixels a "
                   "character), Braille dots (2x4), small (Braille at half scale); auto (default): the "
                   "most detailed that fits the terminal")
    p.add_argument("--web", metavar="HOST:PORT", help="serve the live web view of the simulated table "
                   "(/, /tv, /overlay, /api/state, /events) on HOST:PORT, e.g. 127.0.0.1:8080")
    p.add_argument("--pace", type=float, default=1.0, help="with --web and --script: real seconds between "
                   "actions, so the pages can be watched (default 1); the pages stay up until Ctrl-C")
    p.set_defaults(func=_cmd_sim)


def _cmd_sim(args: argparse.Namespace) -> int:
    from pitchside_sim.run import run_sim

    return run_sim(args)
