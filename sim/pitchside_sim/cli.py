"""``pitchside sim GAME``: the simulated table (registered through the
``pitchside.commands`` entry point, see :mod:`pitchside.cli.main`)."""

from __future__ import annotations

import argparse

from pitchside.cli.commands import deferred


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add ``sim``, its arguments added when it is chosen or its help shown
    (:func:`pitchside.cli.commands.deferred`: ``pitchside run`` parses without them,
    start-up)."""
    deferred(sub, "sim", "play on the simulated table (keyboard, or a scenario with --script)", _sim_parser)


def _sim_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the game (pichenotte, ...; those with a table in this version)")
    p.add_argument("--script", help="a hardware-level scenario (TOML) to play headless")
    p.add_argument("--out", help="folder for the run's OLED frames (PNG), match.gif, match.jsonl, final.json "
                   "and journal (default: its own, out/SCENARIO for a --script run, out/GAME interactively)")
    p.add_argument("--config", help="table config (TOML); default: hardware/pitchside_hw/configs/GAME.toml")
    p.add_argument("--no-terminal", action="store_true", help="do not draw frames in the terminal")
    journal = p.add_mutually_exclusive_group()
    journal.add_argument("--db", help="journal file (default: the run's own per game, OUT/journal-GAME.db "
                         "interactively, which resumes an unfinished match, and OUT/journal-GAME-script.db "
                         "for a script, which starts afresh)")
    journal.add_argument("--shared-journal", action="store_true", help="keep the matches in out/journal.db "
                         "(OUT/journal.db with --out), one journal for every game and run, as a table "
                         "does: a script run then goes on in it instead of starting afresh")
    p.add_argument("--view", choices=("auto", "blocks", "braille", "small"), default="auto",
                   help="how the interactive simulator draws the panel: half blocks (1x2 pixels a "
                   "character), Braille dots (2x4), small (Braille at half scale); auto (default): the "
                   "most detailed that fits the terminal")
    p.add_argument("--web", metavar="HOST:PORT", help="serve the live web view of the simulated table "
                   "(/, /tv, /overlay, /api/state, /events) on HOST:PORT, e.g. 127.0.0.1:8080")
    p.add_argument("--pace", type=float, default=None, help="with --script: real seconds between actions, so "
                   "the pages or the league's wall can be watched (default 1 with --web, else 0); with --web "
                   "the pages stay up until Ctrl-C")
    p.add_argument("--mqtt", metavar="HOST:PORT", help="publish the simulated table to the club's broker "
                   "(docs/spec/mqtt.md), e.g. 127.0.0.1:1883, so it plays into a league (pitchside league serve)")
    p.add_argument("--credentials", help="with --mqtt: a file with one line VENUE/TABLE:PASSWORD (the table's "
                   "broker user, as pitchside club add-table writes it)")
    p.add_argument("--ca-file", help="with --mqtt: connect with TLS, trusting this CA (the club's ca.crt)")
    p.add_argument("--venue", help="with --mqtt: the venue id (default: the credentials' VENUE, else club)")
    p.add_argument("--table", help="with --mqtt: the table id (default: the credentials' TABLE)")
    p.add_argument("--matches", type=int, default=1, help="with --mqtt and --script: play the scenario this "
                   "many times, a fresh match each time (default 1)")
    p.set_defaults(func=_cmd_sim)


def _cmd_sim(args: argparse.Namespace) -> int:
    from pitchside_sim.run import run_sim

    return run_sim(args)
