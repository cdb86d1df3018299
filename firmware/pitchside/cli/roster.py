"""``pitchside league roster``: the league's players across venues (docs/league.md, "Region").

* ``roster add ID NAME [--venue V] --db DB``: one player;
* ``roster import FILE --db DB``: the players of a CSV file (``id,name[,venue]``), all or none;
* ``roster list --db DB``: the roster, one player a line.

Exit status: 0 success; 2 a bad player, a taken id, or a database that cannot be opened.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time


def _fail(message: str) -> int:
    print(f"pitchside league roster: {message}", file=sys.stderr)
    return 2


def _cmd_roster(args: argparse.Namespace) -> int:
    from pitchside.cli.league import _no_database, _open_store
    from pitchside.league import roster
    from pitchside.league.store import NameTaken, StoreError

    if _no_database(f"roster {args.roster_command}", args.db):
        return 2
    players = []
    try:
        if args.roster_command == "add":
            players = [roster.player(args.id, args.name, args.venue)]
        elif args.roster_command == "import":
            try:
                with open(args.file, encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError) as exc:
                return _fail(f"{args.file} cannot be read ({getattr(exc, 'strerror', None) or exc})")
            players = roster.parse(text, args.file)
    except roster.RosterError as exc:
        return _fail(str(exc))
    store = _open_store(args.db)
    if isinstance(store, str):
        return _fail(store)
    try:
        if args.roster_command == "list":
            out = csv.writer(sys.stdout, lineterminator="\n")
            for p in store.roster():
                out.writerow((p.id, p.name, p.venue))
            return 0
        store.add_players(players, time.time())
    except NameTaken as exc:
        return _fail(f"{exc}: nothing added")
    except StoreError as exc:
        return _fail(f"{store.where}: {exc}")
    finally:
        store.close()
    print(f"{len(players)} player{'s' if len(players) != 1 else ''} added to the roster of {store.where}")
    return 0
