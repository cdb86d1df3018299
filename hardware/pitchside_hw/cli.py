"""``pitchside run``: the real table (registered through the ``pitchside.commands``
entry point, see :mod:`pitchside.cli.main`)."""

from __future__ import annotations

import argparse


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("run", help="run the table from a config file (pin map, display)")
    p.add_argument("--config", required=True, help="table config (TOML), checked as check-config checks it: "
                   "a problem (a bad key, a path holding a NUL character) exits 2 naming its key")
    p.set_defaults(func=_cmd_run)


def _cmd_run(args: argparse.Namespace) -> int:
    from pitchside_hw.table import run_table

    return run_table(args.config)
