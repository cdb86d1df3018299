"""The parsers of the ``pitchside`` sub-commands that live in their own modules
(``tournament``, ``audits``, ``web``, ``league``), registered without importing those
modules: each handler here imports its module only when its command is chosen.

Why (start-up to the first frame): ``pitchside run`` builds the whole parser
before it starts the table, and importing every sub-command's module for it (the
tournament rules and file, the audits and pricing, the league's formats) cost a table
about 36 ms of CPU at every boot for commands it never runs. A handler takes the
parsed :class:`argparse.Namespace` and returns the command's exit status, exactly as
the module's own function does.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from pitchside.app.config import DEFAULT_JOURNAL


class LazyChoices(Sequence[str]):
    """``choices`` for argparse given by ``load()`` (a function that imports the module
    defining them and returns its tuple) only when argparse checks a given value or
    formats a help text, so that registering an option does not import that module. Give
    the option a ``metavar``: without one, ``add_argument`` lists the choices at once to
    check the metavar. Holds no copy: each use asks ``load`` (an import of a loaded
    module is a dictionary look-up)."""

    def __init__(self, load: Callable[[], tuple[str, ...]]) -> None:
        self._load = load

    def _values(self) -> tuple[str, ...]:
        return self._load()

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...
    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        return self._values()[i]

    def __len__(self) -> int:
        return len(self._values())

    def __contains__(self, value: object) -> bool:
        return value in self._values()

    def __iter__(self) -> Iterator[str]:
        return iter(self._values())


class CommandParser(argparse.ArgumentParser):
    """The parser of one ``pitchside`` sub-command (``add_subparsers(parser_class=...)``)
    whose arguments may be added when it is first used: :meth:`defer` gives the function
    that adds them, run once before this parser parses, formats its usage or help, or
    reports an error (which prints its usage). A parser nobody defers is a plain
    :class:`argparse.ArgumentParser`.

    Why (start-up): ``tournament`` and ``league`` have sub-commands of their
    own, ten parsers ``pitchside run`` built at every boot for nothing (about 3.5 ms of
    CPU here)."""

    _build: Callable[[argparse.ArgumentParser], None] | None = None

    def defer(self, build: Callable[[argparse.ArgumentParser], None]) -> None:
        """Add this parser's arguments with ``build(self)`` when it is first used."""
        self._build = build

    def _ready(self) -> None:
        build, self._build = self._build, None
        if build is not None:
            build(self)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:  # parse_args and argparse's sub-commands call it
        self._ready()
        return super().parse_known_args(*args, **kwargs)

    def format_usage(self) -> str:
        self._ready()
        return super().format_usage()

    def format_help(self) -> str:
        self._ready()
        return super().format_help()


def deferred(sub: Any, name: str, help: str, build: Callable[[argparse.ArgumentParser], None]) -> None:
    """``sub.add_parser(name, help=help)``, its arguments added by ``build`` when it is
    first used (:class:`CommandParser`; at once on another parser class)."""
    p = sub.add_parser(name, help=help)
    if isinstance(p, CommandParser):
        p.defer(build)
    else:
        build(p)


# -- the handlers and choices: each imports its module when its command is chosen ------
# (deferred imports: never at start-up, module docstring)


def _tournament(args: argparse.Namespace) -> int:
    from pitchside.cli import tournament

    return tournament._cmd(args)


def _audits(args: argparse.Namespace) -> int:
    from pitchside.cli import audits

    return audits._cmd_audits(args)


def _web(args: argparse.Namespace) -> int:
    from pitchside.cli import web

    return web._cmd_web(args)


def _league_serve(args: argparse.Namespace) -> int:
    from pitchside.cli import league

    return league._cmd_serve(args)


def _league_new(args: argparse.Namespace) -> int:
    from pitchside.cli import league

    return league._cmd_new(args)


def _league_standings(args: argparse.Namespace) -> int:
    from pitchside.cli import league

    return league._cmd_standings(args)


def _club_init(args: argparse.Namespace) -> int:
    from pitchside.cli import club

    return club._cmd_init(args)


def _club_add_table(args: argparse.Namespace) -> int:
    from pitchside.cli import club

    return club._cmd_add_table(args)


def _region_init(args: argparse.Namespace) -> int:
    from pitchside.cli import region

    return region._cmd_init(args)


def _region_add_venue(args: argparse.Namespace) -> int:
    from pitchside.cli import region

    return region._cmd_add_venue(args)


def _region_worker(args: argparse.Namespace) -> int:
    from pitchside.cli import region

    return region._cmd_worker(args)


def _region_workers(args: argparse.Namespace) -> int:
    from pitchside.cli import region

    return region._cmd_workers(args)


def tournament_formats() -> tuple[str, ...]:
    """The tournament formats (:data:`pitchside.core.tournament.FORMATS`)."""
    from pitchside.core.tournament import FORMATS

    return FORMATS


def league_formats() -> tuple[str, ...]:
    """The league formats (:data:`pitchside.league.formats.FORMATS`)."""
    from pitchside.league.formats import FORMATS

    return FORMATS


def _league_web(args: argparse.Namespace) -> int:
    from pitchside.cli import league

    return league._cmd_web(args)


def _league_roster(args: argparse.Namespace) -> int:
    from pitchside.cli import roster

    return roster._cmd_roster(args)


def _league_audits(args: argparse.Namespace) -> int:
    from pitchside.cli import league

    return league._cmd_audits(args)


# -- the parsers ------------------------------------------------------------------------


def register(sub: Any) -> None:
    """Add ``tournament``, ``audits``, ``web``, ``league`` and ``club`` to the ``pitchside``
    parser's subparsers (``sub``: what ``add_subparsers`` returned), in that order."""
    register_tournament(sub)
    register_audits(sub)
    register_web(sub)
    register_league(sub)
    register_club(sub)
    register_region(sub)


def register_tournament(sub: Any) -> None:
    """Add ``tournament`` and its subcommands (run by :func:`pitchside.cli.tournament._cmd`),
    built when it is chosen (:func:`deferred`)."""
    deferred(sub, "tournament", "a Master Move club tournament: new, result, correct, withdraw, standings, next",
             _tournament_parser)


def _tournament_parser(p: argparse.ArgumentParser) -> None:
    formats = LazyChoices(tournament_formats)
    tsub = p.add_subparsers(dest="tournament_command", required=True, metavar="SUBCOMMAND")
    n = tsub.add_parser("new", help="start a tournament file (.json or .toml)")
    n.add_argument("file")
    n.add_argument("teams", nargs="+", metavar="TEAM", help="team names in seeding order")
    n.add_argument("--format", choices=formats, default="round_robin", metavar="FORMAT",
                   help="one of %(choices)s (default %(default)s)")
    n.add_argument("--name", help="the tournament's name (default: the file's)")
    n.add_argument("--force", action="store_true", help="overwrite an existing file")
    _game_parser(tsub, "result", "enter a game's result", score=True, final=False)
    _game_parser(tsub, "correct", "correct a game's result (kept in the audit list)", score=True, final=True)
    _game_parser(tsub, "withdraw", "withdraw a game's result: the game is due again (kept in the audit list)",
                 score=False, final=True)
    au = tsub.add_parser("audit", help="print every result entered, corrected or withdrawn, with when")
    au.add_argument("file")
    s = tsub.add_parser("standings", help="print the standings and the next game")
    s.add_argument("file")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument("--png", help="also draw the display's standings screen to this PNG (128x64)")
    x = tsub.add_parser("next", help="print the next game to play (or the champion)")
    x.add_argument("file")
    p.set_defaults(func=_tournament)


def _game_parser(tsub: Any, name: str, help: str, *, score: bool, final: bool) -> None:
    """A tournament sub-command about one game (``result``, ``correct``, ``withdraw``):
    the file, the two teams, the score and a forfeit where it takes one, ``--final``
    where it can name the final, and ``--at``."""
    g = tsub.add_parser(name, help=help)
    g.add_argument("file")
    g.add_argument("home")
    g.add_argument("away")
    if score:
        g.add_argument("score", nargs="?", help="HOME-AWAY in Moves, like 3-1")
        g.add_argument("--quit", metavar="TEAM", help="TEAM quit: a 0-3 forfeit (MM-25, MM-32)")
    if final:
        g.add_argument("--final", action="store_true", help="the final of a round robin with a final")
    g.add_argument("--at", help="when it was entered (ISO 8601; default: now)")


def register_audits(sub: Any) -> None:
    """Add ``audits`` (run by :func:`pitchside.cli.audits._cmd_audits`), its arguments
    added when it is chosen (:func:`deferred`)."""
    deferred(sub, "audits", "coins, credits, games and faults per day (the owner's audits)", _audits_parser)


def _audits_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", help=f"the journal file (default: the config's storage.journal, or {DEFAULT_JOURNAL})")
    p.add_argument("--config", help="a table config whose [storage] journal to read")
    p.add_argument("--csv", action="store_true", help="print CSV (one row per day and item)")
    p.add_argument("--reset", action="store_true", help="staff: start the audits afresh (asks to confirm)")
    p.add_argument("--yes", metavar="RESET", help="the confirm word for --reset without a prompt (must be RESET)")
    p.set_defaults(func=_audits)


def register_web(sub: Any) -> None:
    """Add ``web`` (run by :func:`pitchside.cli.web._cmd_web`), its arguments added when
    it is chosen (:func:`deferred`)."""
    deferred(sub, "web", "serve the table's live web view (the TV, phones, /matches)", _web_parser)


def _web_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", help="the table config; its [web] section gives the defaults")
    p.add_argument("--listen", help="HOST:PORT (default [web] listen, else 0.0.0.0:8080)")
    p.add_argument("--feed", help="the table's datagram socket (default [web] feed)")
    p.add_argument("--url", help="the address the QR code shows (default [web] url)")
    p.add_argument("--db", help="the journal for /matches (default the config's storage.journal)")
    p.add_argument("--allow-host", action="append", default=[], help="a Host header to answer (repeatable)")
    p.set_defaults(func=_web)


def register_league(sub: Any) -> None:
    """Add ``league`` and its actions (run by :mod:`pitchside.cli.league`), built when it
    is chosen (:func:`deferred`)."""
    deferred(sub, "league", "the club's league server: results from the tables' broker, the wall, standings",
             _league_parser)


def _league_parser(p: argparse.ArgumentParser) -> None:
    lsub = p.add_subparsers(dest="league_command", required=True, metavar="ACTION")
    s = lsub.add_parser("serve", help="subscribe to the venue's tables and serve the wall and league pages")
    s.add_argument("--broker", default="127.0.0.1:1883", help="the venue's MQTT broker HOST:PORT (default 127.0.0.1:1883)")
    s.add_argument("--credentials", help="a file with one line league:PASSWORD (the broker's league user)")
    s.add_argument("--tls", action="store_true", help="connect to the broker with TLS")
    s.add_argument("--ca-file", help="the club CA for --tls (default: the system's CAs)")
    s.add_argument("--venue", default="club", help="the venue id the tables publish under (default club)")
    s.add_argument("--region", action="store_true",
                   help="every venue's tables (a region's league, behind the venues' bridges) instead of --venue's")
    s.add_argument("--db", default="league.db",
                   help="the league's SQLite file, or a region's postgresql://USER@HOST/DB (default league.db)")
    s.add_argument("--assign", action="store_true",
                   help="offer each free table its next fixture (cmd/fixture; the players confirm at the table)")
    s.add_argument("--http", default="127.0.0.1:8090", help="serve the pages on HOST:PORT (default 127.0.0.1:8090)")
    s.add_argument("--allowed-host", action="append", default=[],
                   help="a Host name the pages answer to besides 127.0.0.1, localhost and --http's (repeat)")
    s.set_defaults(func=_league_serve)
    n = lsub.add_parser("new", help="add a league or tournament whose fixtures the tables' results fill")
    n.add_argument("name")
    n.add_argument("--game", required=True)
    n.add_argument("--format", default="round_robin", choices=LazyChoices(league_formats),
                   metavar="FORMAT", help="one of %(choices)s (default %(default)s)")
    n.add_argument("--players", required=True, help="comma-separated, in seeding order")
    n.add_argument("--db", default="league.db", help="the league's SQLite file, made by league serve (default league.db)")
    n.set_defaults(func=_league_new)
    t = lsub.add_parser("standings", help="print the standings per game")
    t.add_argument("--db", default="league.db", help="the league's SQLite file or postgresql:// URL (default league.db)")
    t.add_argument("--game")
    t.set_defaults(func=_league_standings)
    a = lsub.add_parser("audits", help="each paying table's audits and lifetime meters, as it last published them")
    a.add_argument("--db", default="league.db", help="the league's SQLite file (default league.db)")
    a.set_defaults(func=_league_audits)
    w = lsub.add_parser("web", help="serve a region's pages only, following its PostgreSQL (add one per web process)")
    w.add_argument("--db", required=True, help="the region's postgresql://USER@HOST/DB")
    w.add_argument("--venue", help="show this venue's tables only (default: every venue's)")
    w.add_argument("--http", default="127.0.0.1:8091", help="serve the pages on HOST:PORT (default 127.0.0.1:8091)")
    w.add_argument("--allowed-host", action="append", default=[],
                   help="a Host name the pages answer to besides 127.0.0.1, localhost and --http's (repeat)")
    w.set_defaults(func=_league_web)
    r = lsub.add_parser("roster", help="the league's players across venues: add, import, list")
    rsub = r.add_subparsers(dest="roster_command", required=True, metavar="ACTION")
    ra = rsub.add_parser("add", help="add a player with the league's id for them")
    ra.add_argument("id", help="the player's id, the same at every venue (1-40 of a-z A-Z 0-9 - _ .)")
    ra.add_argument("name", help="the name the tables show (1-40 characters)")
    ra.add_argument("--venue", default="", help="the player's home venue (optional)")
    ri = rsub.add_parser("import", help="add the players of a CSV file: id,name[,venue] a line")
    ri.add_argument("file")
    rl = rsub.add_parser("list", help="print the roster")
    for x in (ra, ri, rl):
        x.add_argument("--db", default="league.db", help="the league's SQLite file or postgresql:// URL (default league.db)")
        x.set_defaults(func=_league_roster)


def register_club(sub: Any) -> None:
    """Add ``club`` and its actions (run by :mod:`pitchside.cli.club`), built when it is
    chosen (:func:`deferred`)."""
    deferred(sub, "club", "the venue's broker: its config, ACL, users and TLS (init), a table's user (add-table)",
             _club_parser)


def _club_parser(p: argparse.ArgumentParser) -> None:
    csub = p.add_subparsers(dest="club_command", required=True, metavar="ACTION")
    i = csub.add_parser("init", help="write a venue's broker folder: config, ACL, users, TLS certificates")
    i.add_argument("--venue", required=True, help="the venue id the tables publish under (a-z 0-9 - _)")
    i.add_argument("--dir", default="/etc/pitchside/club", help="the folder to write (default /etc/pitchside/club)")
    i.add_argument("--listen", metavar="[HOST:]PORT",
                   help="the broker's listener (default port 8883 with TLS, 1883 without, on every address)")
    i.add_argument("--no-tls", action="store_true", help="plain MQTT (only on a network no customer reaches)")
    i.add_argument("--host", action="append", default=[], metavar="NAME",
                   help="a name or address tables reach the broker by (repeat; the first goes in their [mqtt] "
                   "host; default: --listen's address, HOSTNAME.local, HOSTNAME, localhost, 127.0.0.1)")
    i.add_argument("--region", metavar="HOST[:PORT]",
                   help="bridge this broker to the region's broker (TLS, port 8883 unless given)")
    i.add_argument("--region-ca", metavar="FILE", help="the region's CA (its ca.crt), with --region")
    i.add_argument("--region-credentials", metavar="FILE",
                   help="the venue's bridge credentials, written by pitchside region add-venue, with --region")
    i.set_defaults(func=_club_init)
    a = csub.add_parser("add-table", help="add a table's broker user; print its [mqtt] lines")
    a.add_argument("name", help="the table id (a-z 0-9 - _), as in its [mqtt] table")
    a.add_argument("--dir", default="/etc/pitchside/club", help="the club's folder (default /etc/pitchside/club)")
    a.set_defaults(func=_club_add_table)


def register_region(sub: Any) -> None:
    """Add ``region`` and its actions (run by :mod:`pitchside.cli.region`), built when it
    is chosen (:func:`deferred`)."""
    deferred(sub, "region", "a league across venues: the region's broker (init, add-venue) and its workers",
             _region_parser)


def _region_parser(p: argparse.ArgumentParser) -> None:
    rsub = p.add_subparsers(dest="region_command", required=True, metavar="ACTION")
    i = rsub.add_parser("init", help="write the region broker's folder: config, ACL, workers' users, TLS")
    i.add_argument("--dir", default="/etc/pitchside/region", help="the folder to write (default /etc/pitchside/region)")
    i.add_argument("--listen", metavar="[HOST:]PORT",
                   help="the broker's TLS listener (default port 8883, every address)")
    i.add_argument("--host", action="append", default=[], metavar="NAME",
                   help="a name or address venues reach the broker by (repeat; the certificate names each)")
    i.add_argument("--workers", type=int, default=8, help="worker users league-1 ... league-N to make (default 8)")
    i.set_defaults(func=_region_init)
    a = rsub.add_parser("add-venue", help="add a venue's bridge user; print the venue's club init command")
    a.add_argument("venue", help="the venue id (a-z 0-9 - _), as in its club init --venue")
    a.add_argument("--dir", default="/etc/pitchside/region", help="the region's folder (default /etc/pitchside/region)")
    a.set_defaults(func=_region_add_venue)
    for name, func, help in (("workers", _region_workers, "run N league workers on one shared subscription, "
                              "and the backstop"),
                             ("worker", _region_worker, "run one league worker (a slot of workers) here")):
        w = rsub.add_parser(name, help=help)
        if name == "workers":
            w.add_argument("--count", type=int, default=2, help="worker processes (default 2)")
        else:
            w.add_argument("--slot", type=int, required=True,
                           help="the worker's slot: it logs in as league-SLOT (0: the backstop)")
            w.add_argument("--leave", action="store_true",
                           help="store what the slot's session holds, then leave the group for good (after "
                           "lowering --count)")
        w.add_argument("--broker", required=True, help="the region's broker HOST:PORT")
        w.add_argument("--credentials", required=True, help="the region's league.cred (league:PASSWORD)")
        w.add_argument("--ca-file", help="the region's CA (default: the system's CAs)")
        w.add_argument("--no-tls", action="store_true", help="plain MQTT to the broker")
        w.add_argument("--db", default="league.db", help="the league's store (default league.db)")
        w.add_argument("--group", default="league", help="the shared subscription's group (default league)")
        w.add_argument("--backstop-hold", type=float, default=30.0, metavar="SECONDS",
                       help="how long the backstop leaves a result to the workers (default 30)")
        w.set_defaults(func=func)
