"""``pitchside sim GAME``: play on the simulated table, from the keyboard or a scenario
file, and keep the OLED frames (PNG per frame, ``match.gif``) and the match as a replay
file (``match.jsonl``). Each game's keys are in :mod:`pitchside_sim.keys`.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import json
import os
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

from pitchside.app.config import TableConfig, load_config
from pitchside.app.journal import JournalError, JournalLocked
from pitchside.core.record.format import dump
from pitchside.tables.registry import app_for, table_games
from pitchside.core.errors import ConfigError, MalformedInput, PitchsideError
from pitchside.core.match import AnyMatch
from pitchside_sim import journals
from pitchside_sim.journals import start_afresh
from pitchside_sim.keys import keymap_for
from pitchside_sim.live import Screen, play
from pitchside_sim.scenario import load_scenario
from pitchside_sim.table import SimTable, sim_config
from pitchside_sim.simlog import logs_to
from pitchside_sim.terminal import KeyReader, TerminalView
from pitchside_sim.words import words


def journal_path(args: argparse.Namespace, game: str, *, script: bool) -> Path:
    """The run's journal (:mod:`pitchside_sim.journals`): ``--db``, the shared one, or
    its own per game in the run's folder (``args.out``, resolved by :func:`run_sim`)."""
    return journals.journal_path(Path(args.out), game, script=script, db=args.db,
                                 shared=getattr(args, "shared_journal", False),
                                 base=Path(getattr(args, "shared_base", args.out)))  # fmt: skip


COIN_EXAMPLE = "hardware/pitchside_hw/configs/pichenotte_coin.toml"
"""The example config of a table with a coin acceptor (from the repository's top)."""


def default_config_path(game: str = "pichenotte") -> Path:
    """The example config of ``game``'s table, shipped beside the drivers."""
    return Path(str(resources.files("pitchside_hw") / "configs" / f"{game}.toml"))


def run_sim(args: argparse.Namespace) -> int:
    """Run the simulator; returns the exit status (0, 1 when a scenario's ``expect``
    does not hold, 2 for a bad config or scenario). The run writes to its own folder:
    ``--out``, or one named after its scenario or game (:func:`journals.run_folder`)."""
    given = getattr(args, "out", None)
    args = argparse.Namespace(**{
        **vars(args),
        "out": str(journals.run_folder(args.game, script=args.script, out=given)),
        "shared_base": str(journals.shared_folder(given)),
    })  # fmt: skip
    try:
        if not args.config and args.game not in table_games():
            print(f"pitchside sim: unknown game {args.game!r}; the tables are {', '.join(table_games())}",
                  file=sys.stderr)
            return 2
        config = load_config(args.config or default_config_path(args.game))
        if not args.config:
            # The example configs name the real serial devices (/dev/pitchside-die...):
            # a simulated table with no --config opens none, so a run never depends on
            # what is plugged into this machine (the die falls back to the software die).
            config = replace(config, serial=())
        if args.game not in config.offered_games:
            raise ConfigError(config.source, "table.game", f"is {config.game!r}, not the {args.game!r} asked for")
        # a table of several games starts on the one asked for
        config = replace(config, game=args.game, options=config.options_for(args.game))
        if args.script:
            return _run_script(args, config)
        return _run_interactive(args, config)
    except JournalLocked as exc:
        print(f"pitchside sim: {exc}: another simulator run has it open; quit that one, or give this "
              f"one another --out DIR or --db FILE", file=sys.stderr)  # fmt: skip
        return 2
    except PitchsideError as exc:
        print(f"pitchside sim: {exc}", file=sys.stderr)
        return 2


def _save(sim: SimTable, out: Path) -> list[Path]:
    """Write the match (``match.jsonl``, ``final.json``) and the frames to ``out``; returns
    the frame files. Each is written on its own: one that cannot be written is reported
    on stderr and the others still are. The match comes from the journal, which keeps
    it in memory once its storage has failed (a full disk mid-match), so a quit then
    still saves every input."""
    paths: list[Path] = []

    def frames() -> None:
        paths.extend(sim.device.save(out))
        for side, device in sim.side_devices.items():  # side displays: out/side_a/, out/side_b/
            device.save(out / f"side_{side.lower()}", gif=f"side_{side.lower()}.gif")

    def match() -> None:
        (out / "match.jsonl").write_text(_replay_text(sim), encoding="utf-8")

    def final() -> None:
        (out / "final.json").write_text(json.dumps(sim.output(), indent=2) + "\n", encoding="utf-8")

    for what, write in (("match.jsonl", match), ("final.json", final), ("the frames", frames)):
        try:
            write()
        except OSError as exc:
            print(f"pitchside sim: cannot write {what} in {out}: {exc.strerror or exc}", file=sys.stderr)
    if not sim.journal.durable:
        print(f"pitchside sim: the journal stopped saving ({sim.journal.warning}): the match was written "
              f"from memory to {out}/match.jsonl", file=sys.stderr)  # fmt: skip
    return paths


def _replay_text(sim: SimTable) -> str:
    """The match as a replay file: the journal's lines (undos included), or, should the
    journal hold none of it, the inputs in effect of the table's own match."""
    try:
        return sim.replay_text()
    except JournalError:
        match = sim.runtime.state.match
        return dump(match, sides=dict(zip(("A", "B"), sim.config.sides)))


def check_expect(output: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """The keys of ``expect`` whose value differs from ``output``, as messages."""
    return [
        f"{key}: expected {value!r}, got {output.get(key, '<missing>')!r}"
        for key, value in expect.items()
        if output.get(key) != value
    ]


def _run_script(args: argparse.Namespace, config: TableConfig) -> int:
    apps = [app_for(g) for g in dict.fromkeys((config.game, *config.offered_games))]  # the game's own first
    buttons = tuple(dict.fromkeys(n for a in apps for n in a.panel.buttons))
    beams = tuple(dict.fromkeys(n for a in apps for n in a.panel.beams))
    scenario = load_scenario(args.script, buttons, beams)
    if config.coin is None and any(a.verb == "coin" for a in scenario.actions):
        raise ConfigError(scenario.source, "steps", f"drops coins, but the table's config ({config.source}) has no "
                          f"coin acceptor: run it with --config {COIN_EXAMPLE}, or add a [coin] table to that "
                          "config as that example does")
    if scenario.game is not None and scenario.game not in config.offered_games:
        raise ConfigError(scenario.source, "game", f"is {scenario.game!r}, not a game of this table "
                          f"({', '.join(config.offered_games)})")
    try:
        config = sim_config(config, scenario.options, scenario.names)
    except MalformedInput as exc:
        raise ConfigError(scenario.source, "options", str(exc).removeprefix("options: ")) from None
    view = TerminalView(sys.stdout, enabled=False, view=args.view, in_place=False)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    db = journal_path(args, config.game, script=True)
    if not args.db and not getattr(args, "shared_journal", False):  # a scenario is a fresh match
        start_afresh(db)
    club = _club(args, config, db)
    if club is not None:
        for _ in range(max(1, args.matches) - 1):  # the earlier matches of --matches: each a fresh table
            extra = SimTable(config, seed=scenario.seed, journal=db)
            club.attach(extra)
            try:
                for action in scenario.actions:
                    extra.act(action, scenario.gap_s)
            finally:
                club.detach(extra)
                extra.close()
    sim = SimTable(config, seed=scenario.seed, on_frame=view, journal=db)
    web = _web(args, sim, db)
    if club is not None:
        club.attach(sim, web)
    try:
        pace = args.pace if getattr(args, "pace", None) is not None else 1.0 if web is not None else 0.0
        done = 0
        try:
            for done, action in enumerate(scenario.actions):
                sim.act(action, scenario.gap_s)
                if pace > 0:
                    time.sleep(pace)
        except KeyboardInterrupt:  # Ctrl-C while the pages watch a paced match: stop, keep what was played
            _save(sim, out)
            print(f"{scenario.source}: stopped by Ctrl-C after {done} of {len(scenario.actions)} actions; "
                  f"{match_summary(sim.runtime.state.match)}; replay: {out}/match.jsonl")  # fmt: skip
            return 130
        if club is not None:
            club.detach(sim)
        paths = _save(sim, out)
        output = sim.output()
        if view.last is not None and not args.no_terminal:
            view.draw(view.last)
        print(
            f"{scenario.source}: {len(scenario.actions)} actions, {sim.now:.1f} s of table time, "
            f"{len(sim.device.frames)} frames ({sim.display.frames_sent} sent, "
            f"{sim.display.frames_skipped} identical skipped)"
        )
        rounds = f", rounds {json.dumps(output['round_scores'])}" if "round_scores" in output else ""
        print(f"{match_summary(sim.runtime.state.match)}{rounds}")
        print(f"frames: {out}/frame_0001.png .. {paths[-2].name if len(paths) > 1 else '-'}, {out}/match.gif; "
              f"replay: {out}/match.jsonl; journal: {db}")  # fmt: skip
        problems = check_expect(output, scenario.expect)
        for p in problems:
            print(f"EXPECTATION FAILED: {p}", file=sys.stderr)
        if web is not None:
            _serve_until_interrupted(web)
        return 1 if problems else 0
    finally:
        if web is not None:
            web.close()
        sim.close()
        if club is not None:
            club.close()


def match_summary(match: AnyMatch) -> str:
    """``"status finished, winner A, score {"A": 4, "B": 2}"``: the match through the
    game's typed face (:mod:`pitchside.core.game`); the winner is ``None`` while it is
    playing and for a draw."""
    outcome = match.outcome()
    score = {side: int(v) if float(v).is_integer() else v for side, v in match.score().as_dict().items()}
    winner = outcome.winner if outcome is not None else None
    return f"status {match.status()}, winner {winner}, score {json.dumps(score)}"


def _run_interactive(args: argparse.Namespace, config: TableConfig) -> int:
    reader = KeyReader(sys.stdin)  # cbreak before anything is drawn: keys typed while starting are kept
    try:
        return _play(args, config, reader)
    finally:
        reader.close()


def _play(args: argparse.Namespace, config: TableConfig, reader: KeyReader) -> int:
    view = TerminalView(sys.stdout, enabled=False, view=args.view)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    db = journal_path(args, config.game, script=False)  # kept: quit and come back to resume
    with logs_to(out / "sim.log") as log:  # a log line would be drawn into the panel's picture
        sim = SimTable(config, seed=int.from_bytes(os.urandom(4), "little"), on_frame=view, journal=db)
        keys, pairs = keymap_for(config.game, config)  # with a coin acceptor: the coin key too
        web = _web(args, sim, db, quiet=view.tty and not args.no_terminal)
        notes = (web_line(f"{web.url}/"),) if web is not None else ()
        screen = Screen(view, sim.device, config.game, pairs, lambda: _said(sim), notes)
        try:
            try:
                play(sim, reader, keys, redraw=screen if not args.no_terminal else lambda: None,
                     monotonic=time.monotonic if reader.tty else None)  # real time for a person at a terminal
            except KeyboardInterrupt:  # Ctrl-C quits like q: the frames are saved below
                pass
            if view.tty and not args.no_terminal:
                sys.stdout.write("\n")  # the screen ends without a newline: the lines below start afresh
            paths = _save(sim, Path(args.out))
        finally:
            if web is not None:
                web.close()
            sim.close()
    print(f"{len(sim.device.frames)} frames in {args.out} ({paths[-1].name if paths else 'none'}); "
          f"replay: {args.out}/match.jsonl; journal: {db}")  # fmt: skip
    if log.records:
        print(f"log: {log.path} ({log.records} line{'s' if log.records != 1 else ''} this run)")
    return 0


def _said(sim: SimTable) -> tuple[str, ...]:
    """The panel's words, and the coin acceptor's inhibit line when the table has one."""
    acceptor = sim.acceptor()
    return (*words(sim.runtime.frame()), *((acceptor,) if acceptor else ()))


def web_line(url: str) -> str:
    """The line naming the live web view's pages at ``url`` (ends with ``/``)."""
    return f"live web view: {url} (TV: /tv, overlay: /overlay)"


def _web(args: argparse.Namespace, sim: SimTable, db: Path, *, quiet: bool = False) -> Any:
    """``--web HOST:PORT``: the live web view of the simulated table (in this process), or None.

    :param quiet: do not print its address (the interactive screen shows it instead)."""
    if not getattr(args, "web", None):
        return None
    from pitchside.web.app import WebSettings
    from pitchside.web.inproc import LiveWeb

    host, _, port = args.web.rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError("--web", "web", f"must be HOST:PORT such as 127.0.0.1:8080, not {args.web!r}")
    url = f"http://{host}:{port}/"
    settings = WebSettings(allowed_hosts=("127.0.0.1", "localhost", host), url=url, journal=str(db))
    web = LiveWeb(sim.runtime, settings, host, int(port), table=sim.config.name).start()
    if not quiet:
        print(web_line(url), file=sys.stderr, flush=True)
    return web


def _club(args: argparse.Namespace, config: TableConfig, db: Path) -> Any:
    """``--mqtt HOST:PORT``: the simulated table's link to the club's broker, or None."""
    if not getattr(args, "mqtt", None):
        return None
    from pitchside_sim.club import SimClub

    host, _, port = args.mqtt.rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError("--mqtt", "mqtt", f"must be HOST:PORT such as 127.0.0.1:1883, not {args.mqtt!r}")
    return SimClub.open(host, int(port), db, config, credentials=args.credentials, venue=args.venue,
                        table=args.table, ca_file=args.ca_file)


def _serve_until_interrupted(web: Any) -> None:
    print(f"the script is done; {web.url}/ stays up until Ctrl-C", file=sys.stderr, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
