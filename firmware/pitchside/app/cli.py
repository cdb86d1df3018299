"""The ``pitchside`` command.

Subcommands of the firmware itself (``replay``) are defined here; those that need
drivers or the simulator (``run``, ``sim``) are registered by ``pitchside_hw`` and
``pitchside_sim`` through the ``pitchside.commands`` entry points, so this package never
imports them (the import boundary of pyproject.toml).

Exit status: 0 success; 2 bad input (malformed replay line, unreadable file, bad
config); 3 ``replay --strict`` stopped at a refusal (shared/spec/replay.md).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from importlib.metadata import entry_points

from pitchside import __version__
from pitchside.core.replay.format import ReplayFormatError, replay

log = logging.getLogger(__name__)


def _cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as fh:
            result = replay(fh, strict=args.strict)
    except OSError as exc:
        print(f"pitchside replay: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as exc:
        print(f"pitchside replay: {args.file}: not UTF-8 ({exc.reason})", file=sys.stderr)
        return 2
    except ReplayFormatError as exc:
        print(f"pitchside replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.output(), indent=2 if args.pretty else None))
    if result.stopped and result.rejected:
        last = result.rejected[-1]
        print(f"pitchside replay: line {last.line}: refused: {last.reason}", file=sys.stderr)
    return result.exit_status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pitchside", description="Pitchside table firmware")
    parser.add_argument("--version", action="version", version=f"pitchside {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("replay", help="fold a replay file through the rules and print the state as JSON")
    p.add_argument("file", help="a replay file (shared/spec/replay.md)")
    p.add_argument("--strict", action="store_true", help="stop at the first refused input (exit 3)")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.set_defaults(func=_cmd_replay)

    for ep in sorted(entry_points(group="pitchside.commands"), key=lambda e: e.name):
        ep.load()(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pitchside`` console script; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    status: int = args.func(args)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
