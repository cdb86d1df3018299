"""``pitchside league``: the club's league server (docs/league.md).

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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pitchside.league.store import Store


def _hostport(text: str, what: str) -> tuple[str, int]:
    from pitchside.app.config_web import parse_listen

    try:
        return parse_listen(text)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


def _broker_problem(host: str, port: int, timeout_s: float = 5.0) -> str | None:
    """Why the broker cannot be reached now (the name does not resolve, nothing answers
    on the port), or None. Checked once at start: the server then exits with status 2
    and the reason, and systemd starts it again (pitchside-league.service: Restart=,
    every 5 s): a broker that comes up later is picked up, and a misspelt name stays a
    failing unit that says why. Once running, a lost broker is reconnected to by the
    subscriber while the pages keep serving."""
    import socket

    try:
        socket.create_connection((host, port), timeout=timeout_s).close()
    except socket.gaierror as exc:
        return f"cannot resolve the broker host {host!r} (--broker): {exc.strerror or exc}"
    except OSError as exc:
        return f"cannot connect to the broker at {host}:{port} (--broker): {exc.strerror or exc}"
    return None


def _store_problem(db: str) -> str | None:
    """Why the league database ``db`` cannot be opened where it is, or None."""
    from pathlib import Path

    folder = Path(db).parent
    if not folder.is_dir():
        return f"--db {db}: the folder {str(folder)!r} does not exist (make it, or name a file in an existing one)"
    return None


def _open_store(db: str) -> "Store | str":
    """The store at ``db``, or the one-line reason it cannot be opened."""
    from pitchside.league.store import Store

    problem = _store_problem(db)
    if problem is not None:
        return problem
    try:
        return Store(db)
    except (sqlite3.Error, OSError) as exc:
        return f"--db {db}: cannot be opened as the league's database ({exc})"


def _cmd_serve(args: argparse.Namespace) -> int:
    from pitchside.app.config_mqtt import ID_RE, CredentialsError, credentials_exposed, read_credentials
    from pitchside.league.run import Broker, LeagueServer

    def fail(message: str) -> int:
        print(f"pitchside league: {message}", file=sys.stderr)
        return 2

    try:
        bhost, bport = _hostport(args.broker, "--broker")
        host, port = _hostport(args.http, "--http")
    except ValueError as exc:
        return fail(str(exc))
    if not ID_RE.match(args.venue):
        return fail(f"--venue must be 1-64 of a-z 0-9 - _, not {args.venue!r}")
    if args.credentials is not None:
        try:
            read_credentials(args.credentials)
        except CredentialsError as exc:
            return fail(f"--credentials: {exc}")
        exposed = credentials_exposed(args.credentials)
        if exposed is not None:
            print(f"pitchside league: warning: --credentials: {exposed}", file=sys.stderr)
    problem = _store_problem(args.db)
    if problem is not None:
        return fail(problem)
    problem = _broker_problem(bhost, bport)
    if problem is not None:
        return fail(problem)
    try:
        srv = LeagueServer(args.db, Broker(bhost, bport, args.credentials, args.tls, args.ca_file), args.venue,
                           host, port, allowed_hosts=("127.0.0.1", "localhost", *args.allowed_host),
                           assign=args.assign)
    except (sqlite3.Error, OSError) as exc:
        return fail(f"--db {args.db}: cannot be opened as the league's database ({exc})")
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

    if _no_database("standings", args.db):
        return 2
    store = _open_store(args.db)
    if isinstance(store, str):
        print(f"pitchside league: {store}", file=sys.stderr)
        return 2
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

