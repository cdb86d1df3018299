"""``pitchside run``: the real table, and ``pitchside wiring``: a config's wiring diagram
(each registered through the ``pitchside.commands`` entry point, see
:mod:`pitchside.cli.main`; ``wiring``'s module is loaded only when it is chosen, so
``pitchside run`` starts without it)."""

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


def register_wiring(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add ``wiring`` (:mod:`pitchside_hw.wiring_cli`), its arguments added when it is
    chosen or its help shown (:func:`pitchside.cli.commands.deferred`)."""
    from pitchside.cli.commands import deferred

    deferred(sub, "wiring", "draw a config's wiring on the Pi's 40-pin header (SVG or PNG)", _wiring_parser)


def _wiring_parser(p: argparse.ArgumentParser) -> None:
    from pitchside_hw.wiring_cli import add_arguments

    add_arguments(p)
