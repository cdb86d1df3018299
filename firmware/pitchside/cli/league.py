"""``pitchside league``: the club's league server (docs/league.md).

* ``pitchside league serve --broker HOST:PORT --credentials FILE --venue V --db FILE
  --http HOST:PORT``: subscribe to the venue's tables, check and store their results,
  serve the wall and the league pages (read-only) until Ctrl-C or SIGTERM.
* ``pitchside league new NAME --game G --format F --players "Ann,Bob,Cy" --db FILE``:
  a league (or tournament) whose fixtures the tables' results fill. Run on the league
  box itself: the pages have no administration, so there is no password to default.
* ``pitchside league standings --db FILE [--game G]``: the standings as text.
* ``pitchside league audits --db FILE``: each paying table's audits and lifetime
  meters, as it last published them.
* ``pitchside league serve --region --db postgresql://...``: a region's league worker
  (every venue's tables); ``pitchside league web --db postgresql://... --http HOST:PORT``:
  its pages only, one process each, following the store (docs/league.md, "Region").
* ``pitchside league roster add|import|list``: :mod:`pitchside.cli.roster`.

``--db`` is a SQLite file, or a ``postgresql://`` URL (psycopg 3, pyproject's ``league``
extra): a region's store, shared by its workers and web processes.

Only ``serve`` makes a new database: ``new``, ``standings`` and ``audits`` refuse a ``--db`` that does
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
    """Why the league database ``db`` cannot be opened where it is, or None (a
    PostgreSQL URL is tried when the store opens)."""
    from pathlib import Path

    from pitchside.league.engines import is_url

    if is_url(db):
        return None
    folder = Path(db).parent
    if not folder.is_dir():
        return f"--db {db}: the folder {str(folder)!r} does not exist (make it, or name a file in an existing one)"
    return None


def _open_store(db: str) -> "Store | str":
    """The store at ``db`` (a SQLite file or a ``postgresql://`` URL), or the one-line
    reason it cannot be opened."""
    from pitchside.league.engines import redacted
    from pitchside.league.store import Store, StoreError

    problem = _store_problem(db)
    if problem is not None:
        return problem
    try:
        return Store(db)
    except (sqlite3.Error, OSError, StoreError) as exc:
        return f"--db {redacted(db)}: cannot be opened as the league's database ({exc})"


def _cmd_serve(args: argparse.Namespace) -> int:
    from pitchside.app.config_mqtt import ID_RE, CredentialsError, credentials_exposed, read_credentials
    from pitchside.league.engines import redacted
    from pitchside.league.run import Broker, LeagueServer
    from pitchside.league.store import StoreError
    from pitchside.league.wall import ALL

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
    venue = ALL if args.region else args.venue
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
        srv = LeagueServer(args.db, Broker(bhost, bport, args.credentials, args.tls, args.ca_file), venue,
                           host, port, allowed_hosts=("127.0.0.1", "localhost", *args.allowed_host),
                           assign=args.assign)
    except (sqlite3.Error, OSError, StoreError) as exc:
        return fail(f"--db {redacted(args.db)}: cannot be opened as the league's database ({exc})")
    print(f"league {'of every venue' if args.region else args.venue}: broker {bhost}:{bport}, "
          f"store {srv.store.where}, wall http://{host}:{port}/",
          file=sys.stderr, flush=True)
    srv.serve()
    return 0


def _cmd_web(args: argparse.Namespace) -> int:
    from pitchside.app.config_mqtt import ID_RE
    from pitchside.league.engines import redacted
    from pitchside.league.pages import LeaguePages, NotShared
    from pitchside.league.store import StoreError
    from pitchside.league.wall import ALL

    def fail(message: str) -> int:
        print(f"pitchside league web: {message}", file=sys.stderr)
        return 2

    try:
        host, port = _hostport(args.http, "--http")
    except ValueError as exc:
        return fail(str(exc))
    if args.venue is not None and not ID_RE.match(args.venue):
        return fail(f"--venue must be 1-64 of a-z 0-9 - _, not {args.venue!r}")
    try:
        pages = LeaguePages(args.db, args.venue or ALL, host, port,
                            allowed_hosts=("127.0.0.1", "localhost", *args.allowed_host))
    except NotShared as exc:
        return fail(str(exc))
    except (sqlite3.Error, OSError, StoreError) as exc:
        return fail(f"--db {redacted(args.db)}: cannot be opened as the league's database ({exc})")
    print(f"league pages: store {pages.store.where}, http://{host}:{port}/", file=sys.stderr, flush=True)
    pages.serve()
    return 0


def _no_database(command: str, db: str) -> bool:
    """True, after saying so, when ``db`` is not a file: only ``serve`` makes one (a
    PostgreSQL URL is the server's to make)."""
    import os

    from pitchside.league.engines import is_url

    if is_url(db) or os.path.isfile(db):
        return False
    print(f"pitchside league {command}: no league database at {db}: give --db FILE, the file pitchside league "
          "serve --db uses (serve makes it on its first start)", file=sys.stderr)
    return True


def _cmd_new(args: argparse.Namespace) -> int:
    from pitchside.league import formats, standings
    from pitchside.league.store import NameTaken

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
    store = _open_store(args.db)
    if isinstance(store, str):
        print(f"pitchside league: {store}", file=sys.stderr)
        return 2
    try:
        lg = store.add_league(args.name, args.game, args.format, players, time.time())
    except NameTaken:
        print(f"pitchside league: a league named {args.name!r} exists in {store.where}", file=sys.stderr)
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
        venues = store.venues()
        roster = {p.id: p.name for p in store.roster()}
    finally:
        store.close()
    # one venue: its matches by name; several: the roster players' fixtures by id, then each venue's own
    parts = [("", counted, {})] if len(venues) <= 1 else [
        ("league players, across venues", standings.across_venues(counted), roster),
        *((f"at {v}", standings.at_venue(counted, v), {}) for v in venues)]
    for title, results, names in parts:
        boards = [(g, standings.table(g, results)) for g in ([args.game] if args.game else standings.GAMES)]
        boards = [(g, rows) for g, rows in boards if rows]
        if title and boards:
            print(f"== {title}")
        for game, rows in boards:
            print(f"{game}: {standings.TIEBREAKS[game]}")
            for r in rows:
                print(f"  {r.rank_text:>3} {names.get(r.name, r.name):<20} P{r.played} W{r.won} D{r.drawn} L{r.lost} "
                      f"{r.score_for:g}-{r.score_against:g} {r.points} pts")
    return 0



def _cmd_audits(args: argparse.Namespace) -> int:
    from datetime import datetime

    from pitchside.core.audits import amount
    from pitchside.core.pricing import Pricing

    if _no_database("audits", args.db):
        return 2
    store = _open_store(args.db)
    if isinstance(store, str):
        print(f"pitchside league: {store}", file=sys.stderr)
        return 2
    try:
        tables = store.audits()
    finally:
        store.close()
    if not tables:
        print("no table has published its audits yet (a table with [pricing] and [mqtt] does, on each change)")
    for table, received, a in tables:
        p = Pricing(currency=a.currency)
        when = datetime.fromtimestamp(received).astimezone().isoformat(timespec="minutes")
        t, life = a.audits, a.lifetime
        print(f"{table}: received {when}")
        since = f"the reset of {a.since}" if a.since else "the start"
        print(f"  since {since} ({a.resets} reset(s)): {t.coins} coin(s) = {amount(p, t.paid)}; {t.games} game(s), "
              f"{amount(p, t.spent)} spent; {amount(p, t.bonus)} bonus; {amount(p, t.free)} free; {t.faults} fault(s)")
        print(f"  lifetime (never reset): {life.coins} coin(s) = {amount(p, life.money)}; {life.games} game(s), "
              f"{life.free_games} of them free; {amount(p, life.bonus)} bonus; {amount(p, life.free)} free credit")
    return 0
