"""The ``pitchside`` command.

Subcommands of the firmware itself (``replay``, ``history``, ``export``) are defined here; those that need
drivers or the simulator (``run``, ``sim``) are registered by ``pitchside_hw`` and
``pitchside_sim`` through the ``pitchside.commands`` entry points, so this package never
imports them (the import boundary of pyproject.toml).

Exit status: 0 success; 2 bad input (malformed replay line, unreadable file, bad
config); 3 ``replay --strict`` stopped at a refusal (docs/spec/replay.md).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from pitchside import __version__
from pitchside.app.config import DEFAULT_JOURNAL, ConfigErrors, journal_checks, load_config, locate
from pitchside.app.journal import Journal, MatchRecord, read_rescued
from pitchside.app.limits import installed_limits, plugins
from pitchside.cli import commands
from pitchside.core.errors import ConfigError, PitchsideError
from pitchside.signals.health import SensorHealth

log = logging.getLogger(__name__)


def _cmd_replay(args: argparse.Namespace) -> int:
    from pitchside.core.record.format import ReplayFormatError, replay  # not for `pitchside run` (start-up)

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
        print(f"pitchside replay: {args.file}: line {last.line}: refused: {last.reason}", file=sys.stderr)
    return result.exit_status


def _journal_path(args: argparse.Namespace) -> str:
    if args.db:
        return str(args.db)
    if args.config:
        return load_config(args.config).storage.journal
    return DEFAULT_JOURNAL


def _where_from(args: argparse.Namespace) -> str:
    """Why that journal: the option or config it came from, for messages."""
    if args.db:
        return "given by --db"
    if args.config:
        return f"the [storage] journal of {args.config}"
    return "the default"


def _journal_problem(command: str, args: argparse.Namespace, exc: PitchsideError) -> None:
    """Print a journal that cannot be read, with where it was looked for and the next step."""
    print(f"pitchside {command}: {exc}", file=sys.stderr)
    if isinstance(exc, ConfigError):
        print("    fix the config (pitchside check-config FILE names every problem), or give --db FILE",
              file=sys.stderr)
        return
    path = _journal_path(args)
    print(f"    looked in {path} ({_where_from(args)}); a table writes its journal there once it has run. "
          "Point elsewhere with --db FILE, or --config TABLE.toml to read that table's [storage] journal",
          file=sys.stderr)


def _cmd_history(args: argparse.Namespace) -> int:
    try:
        with Journal.open_readonly(_journal_path(args)) as journal:
            records = journal.history()
            health = journal.sensor_health()
    except PitchsideError as exc:
        _journal_problem("history", args, exc)
        return 2
    if args.sensors:
        return _print_sensors(health, args.json)
    if args.json:
        print(json.dumps([_record_json(r) for r in records], indent=2))
        return 0
    print(f"{'ID':>5}  {'GAME':<11} {'STATUS':<10} {'STARTED':<20} {'SIDES':<24} {'INPUTS':>6}  RESULT")
    for r in records:
        sides = r.header.get("sides") or {"A": "A", "B": "B"}
        result = ""
        if r.result:
            score = r.result.get("score", {})
            result = f"{score.get('A')}-{score.get('B')}, winner {r.result.get('winner') or 'none'}"
        print(
            f"{r.id:>5}  {r.game:<11} {r.status:<10} {_when(r.started_wall, r.started_synced):<20} "
            f"{sides.get('A', 'A') + ' v ' + sides.get('B', 'B'):<24.24} {r.inputs:>6}  {result}"
        )
    if any(not r.started_synced for r in records):
        print("? after a time: the clock was not synchronised then (a Pi has no real-time clock)")
    return 0


def _record_json(r: MatchRecord) -> dict[str, object]:
    return {
        "id": r.id, "game": r.game, "status": r.status, "header": r.header,
        "started": r.started_wall, "started_clock_synced": r.started_synced,
        "ended": r.ended_wall, "ended_clock_synced": r.ended_synced,
        "result": r.result, "inputs": r.inputs,
        "sensors": {name: asdict(t) for name, t in r.sensors.items()},
    }  # fmt: skip


def _print_sensors(health: list[SensorHealth], as_json: bool) -> int:
    """``pitchside history --sensors``: each sensor's health record."""
    if as_json:
        print(json.dumps([_health_json(h) for h in health], indent=2))
        return 0
    if not health:
        print("no sensor record in this journal yet (a table keeps one from its next match on)")
        return 0
    print(f"{'SENSOR':<10} {'MATCHES':>7} {'LAST':>5} {'PER MATCH':>9} {'STORMS':>6} {'STUCK':>5} "
          f"{'BY HAND':>7} {'TAKEN BACK':>10} {'SILENT':>6}  FLAGS")
    for h in health:
        mean = h.blocks_per_match
        t = h.total
        print(f"{h.name:<10} {h.matches:>7} {h.last.blocks:>5} {'-' if mean is None else f'{mean:.1f}':>9} "
              f"{t.storms:>6} {t.stuck:>5} {t.by_hand:>7} {t.withdrawn:>10} {h.silent_for:>6}  "
              f"{', '.join(h.flags) or 'ok'}")
    print("LAST: blocks in the newest match; PER MATCH and SILENT (matches in a row with no block) "
          "count finished matches; STORMS, STUCK, BY HAND and TAKEN BACK are totals")
    return 0


def _health_json(h: SensorHealth) -> dict[str, object]:
    return {
        "sensor": h.name, "matches": h.matches, "finished": h.finished, "last": asdict(h.last),
        "total": asdict(h.total), "blocks_per_match": h.blocks_per_match, "silent_for": h.silent_for,
        "flags": list(h.flags),
    }  # fmt: skip


def _when(wall: float | None, synced: bool) -> str:
    """A wall time for people; ``?`` marks one taken before the clock was synchronised."""
    if wall is None:
        return "-"
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(wall))
    return stamp if synced else stamp + " ?"


def _cmd_export(args: argparse.Namespace) -> int:
    try:
        if args.unsaved:  # kept in memory by a table whose storage failed (its rescue file)
            text = read_rescued(_journal_path(args), args.id)
        else:
            with Journal.open_readonly(_journal_path(args)) as journal:
                text = journal.export(args.id)
    except PitchsideError as exc:
        if args.unsaved:  # a rescue file, not the journal: its message names where it looked
            print(f"pitchside export: {exc}", file=sys.stderr)
        else:
            _journal_problem("export", args, exc)
        return 2
    if args.output and args.output != "-":
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


def _print_problem(p: ConfigError, text: str, label: str = "") -> None:
    """``FILE:LINE: KEY: [label: ]MESSAGE`` and the line itself (``FILE: KEY: ...``
    when the key is on no line)."""
    line = locate(text, p.key) if text else None
    if line is None:
        print(f"{p.file}: {p.key}: {label}{p.message}")
    else:
        print(f"{p.file}:{line}: {p.key}: {label}{p.message}")
        print(f"    {text.splitlines()[line - 1].strip()}")


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return ""


def _cmd_check_config(args: argparse.Namespace) -> int:
    """Check each file with the checks ``pitchside run`` makes before it opens any
    hardware; name every problem with its line, then the warnings. Exit 0 all good
    (warnings allowed), 2 otherwise."""
    status = 0
    limits = installed_limits()
    for path in args.files:
        try:
            config = load_config(path, limits)
        except ConfigError as exc:
            status = 2
            problems = exc.problems if isinstance(exc, ConfigErrors) else [exc]
            text = _read_text(path)
            for p in problems:
                _print_problem(p, text)
            print(f"{path}: {len(problems)} problem(s)")
            continue
        env = os.environ.get("GPIOZERO_PIN_FACTORY")
        wanted = (env or "").strip().lower()
        if config.pin_factory is None and (not wanted or (limits.pin_factories and wanted not in limits.pin_factories)):
            status = 2
            line = locate(_read_text(path), "gpio.pin_factory")
            where = f"{path}:{line}" if line else path
            print(f"{where}: gpio.pin_factory: not set, and $GPIOZERO_PIN_FACTORY is "
                  f"{'unset' if env is None else repr(env)}: pitchside run would refuse to start; set "
                  f"pin_factory = one of {', '.join(limits.pin_factories) or 'lgpio'} in [gpio]")
            continue
        text = _read_text(path)
        problem, warning = journal_checks(config)
        if problem is not None:
            status = 2
            _print_problem(problem, text)
            continue
        if config.web is not None:  # a name pitchside web could not listen on (asks the resolver)
            from pitchside.app.config_web import listen_problem, parse_listen

            listen = listen_problem(*parse_listen(config.web.listen))
            if listen is not None:
                status = 2
                line = locate(text, "web.listen")
                print(f"{f'{path}:{line}' if line else path}: web.listen: {listen}")
                continue
        for w in (*config.warnings, *([warning] if warning else [])):
            _print_problem(w, text, "warning: ")
        d = config.display
        print(
            f"{path}: OK: {' + '.join(config.offered_games)} table {config.name!r}, {len(config.buttons)} buttons, "
            f"{len(config.beams)} beams, {len(config.serial)} serial devices, display {d.driver} on {d.interface}, "
            f"pin factory {config.pin_factory or '$GPIOZERO_PIN_FACTORY'}, journal {config.storage.journal}"
        )
    return status


def _replay_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a replay file (docs/spec/replay.md)")
    p.add_argument("--strict", action="store_true", help="stop at the first refused input (exit 3)")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.set_defaults(func=_cmd_replay)


def _check_config_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", help="table config files (TOML)")
    p.epilog = ("Exit 0 when every file is good (warnings allowed), 2 otherwise. A path key ([storage] "
                "journal, [tournament] file, [mqtt] ca_file and credentials, [web] feed, [serial.NAME] port) "
                "holding a NUL character is a problem; so is a tournament file in a folder that does not "
                "exist (a missing file in an existing folder is a warning).")
    p.set_defaults(func=_cmd_check_config)


def _journal_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", help=f"the journal file (default: the config's storage.journal, or {DEFAULT_JOURNAL})")
    p.add_argument("--config", help="a table config whose [storage] journal to read (a config check-config "
                   "refuses, such as a path holding a NUL character, exits 2 naming the key)")


def _history_parser(p: argparse.ArgumentParser) -> None:
    _journal_options(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--sensors", action="store_true",
                   help="list each sensor's health: blocks per match, storms, stuck, silent for N matches")
    p.set_defaults(func=_cmd_history)


def _export_parser(p: argparse.ArgumentParser) -> None:
    _journal_options(p)
    p.add_argument("id", type=int, help="the match id (pitchside history)")
    p.add_argument("-o", "--output", help="file to write (default: standard output)")
    p.add_argument("--unsaved", action="store_true",
                   help="the match as the table kept it in memory after its storage failed "
                   "(the log names it: 'unsaved match ID')")  # fmt: skip
    p.set_defaults(func=_cmd_export)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pitchside", description="Pitchside table firmware")
    parser.add_argument("--version", action="version", version=f"pitchside {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=commands.CommandParser)

    # each sub-command's arguments are added when it is chosen or its help is shown
    # (commands.deferred): `pitchside run` parses without them (start-up)
    commands.deferred(sub, "replay", "fold a replay file through the rules and print the state as JSON", _replay_parser)
    commands.deferred(sub, "check-config", "check table config files, naming every problem and its line",
                      _check_config_parser)
    commands.deferred(sub, "history", "list the matches in the journal", _history_parser)
    commands.deferred(sub, "export", "write a stored match as a replay file", _export_parser)

    commands.register(sub)  # tournament, audits, web, league: each module imported only when chosen

    for ep in sorted(plugins("pitchside.commands"), key=lambda e: e.name):
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
    try:
        status: int = args.func(args)
    except BrokenPipeError:  # `pitchside replay F | head`: the reader left; not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
