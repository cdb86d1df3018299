"""``pitchside league``: the club's league server (issue 17; docs/league.md).

* ``pitchside league serve --broker HOST:PORT --credentials FILE --venue V --db FILE
  --http HOST:PORT``: subscribe to the venue's tables, check and store their results,
  serve the wall and the league pages (read-only) until Ctrl-C or SIGTERM.
* ``pitchside league new NAME --game G --format F --players "Ann,Bob,Cy" --db FILE``:
  a league (or tournament) whose fixtures the tables' results fill. Run on the league
  box itself: the pages have no administration, so there is no password to default.
* ``pitchside league standings --db FILE [--game G]``: the standings as text.

Only ``serve`` makes a new database: ``new`` and ``standings`` refuse a ``--db`` that does
not exist (all three default to ``league.db``), so a mistyped or forgotten ``--db`` never
leaves a league in a file the server does not read.

Exit status: 0 success; 2 bad arguments or a league that cannot be.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time


def _hostport(text: str, what: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{what} must be HOST:PORT such as 127.0.0.1:1883, not {text!r}")
    return host, int(port)


def _cmd_serve(args: argparse.Namespace) -> int:
    from pitchside.app.config_mqtt import ID_RE
    from pitchside.league.run import Broker, LeagueServer

    try:
        bhost, bport = _hostport(args.broker, "--broker")
        host, port = _hostport(args.http, "--http")
    except ValueError as exc:
        print(f"pitchside league: {exc}", file=sys.stderr)
        return 2
    if not ID_RE.match(args.venue):
        print(f"pitchside league: --venue must be 1-64 of a-z 0-9 - _, not {args.venue!r}", file=sys.stderr)
        return 2
    srv = LeagueServer(args.db, Broker(bhost, bport, args.credentials, args.tls, args.ca_file), args.venue,
                       host, port, allowed_hosts=("127.0.0.1", "localhost", *args.allowed_host), assign=args.assign)
    print(f"league {args.venue}: broker {bhost}:{bport}, store {args.db}, wall http://{host}:{port}/",
          file=sys.stderr, flush=True)
    srv.serve()
    return 0


def _no_database(command: str, db: str) -> bool:
    """True, after saying so, when ``db`` is not a file: only ``serve`` makes one."""
    import os

    if os.path.isfile(db):
        return False
    print(f"pitchside league {command}: no league database at {db}: give --db FILE, the file pitchside league "
          "serve --db uses (serve makes it on its first start)", file=sys.stderr)
    return True


def _cmd_new(args: argparse.Namespace) -> int:
    from pitchside.league import formats, standings
    from pitchside.league.store import Store

    if _no_database("new", args.db):
        return 2

    players = [p.strip() for p in args.players.split(",") if p.strip()]
    if args.game not in standings.GAMES:
        print(f"pitchside league: unknown game {args.game!r}: one of {', '.join(standings.GAMES)}", file=sys.stderr)
        return 2
    try:
        formats.check(args.format, players)
    except formats.FormatError as exc:
        print(f"pitchside league: {exc}", file=sys.stderr)
        return 2
    store = Store(args.db)
    try:
        lg = store.add_league(args.name, args.game, args.format, players, time.time())
    except sqlite3.IntegrityError:
        print(f"pitchside league: a league named {args.name!r} exists in {args.db}", file=sys.stderr)
        return 2
    finally:
        store.close()
    print(f"league {lg.id}: {lg.name} ({lg.game}, {formats.FORMAT_NAMES[lg.format]}, {len(players)} players): "
          f"/leagues/{lg.id}")
    return 0


def _cmd_standings(args: argparse.Namespace) -> int:
    from pitchside.league import standings
    from pitchside.league.store import Store

    if _no_database("standings", args.db):
        return 2

    store = Store(args.db)
    try:
        counted = store.counted()
    finally:
        store.close()
    for game in [args.game] if args.game else standings.GAMES:
        rows = standings.table(game, counted)
        if not rows:
            continue
        print(f"{game}: {standings.TIEBREAKS[game]}")
        for r in rows:
            print(f"  {r.rank_text:>3} {r.name:<20} P{r.played} W{r.won} D{r.drawn} L{r.lost} "
                  f"{r.score_for:g}-{r.score_against:g} {r.points} pts")
    return 0

