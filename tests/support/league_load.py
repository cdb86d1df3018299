"""Results for the concurrent-store tests, and a worker process that stores them all:
``python -m support.league_load URL SEED`` (``tests`` on the path) adds every result of
:func:`results` to the store at URL in an order shuffled by SEED, each as the league does
(parsed, checked, stored), and prints what each add did as one JSON line
(``{"kept": k, "copy": c, ...}``)."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter

from pitchside.club import messages
from pitchside.league.store import Store
from pitchside.league.verify import check
from pitchside.wire import messages as wire
from support.league import PITCHNUT, lines_of

VENUES = ("north", "south")
TABLES = ("table-1", "table-2")
MATCHES = 3


def redone(lines: list[str]) -> list[str]:
    """An undo after the end and the last input again: the lines extended."""
    return [*lines, json.dumps({"input": "undo"}), lines[-1]]


def results() -> list[tuple[str, str, bytes]]:
    """``(venue, table, payload)`` of every result: for each venue, table and match, the
    match as first sent and again extended (an undo after the end): 2 x 2 x 3 x 2 = 24."""
    lines = lines_of(PITCHNUT)
    out = []
    for venue in VENUES:
        for table in TABLES:
            for row in range(1, MATCHES + 1):
                for ls in (lines, redone(lines)):
                    msg = messages.result(venue=venue, table=table, boot="b0", journal_uid="j0", match_id=row,
                                          lines=ls, ended_wall=1000.0 + row, ended_synced=True)
                    out.append((venue, table, json.dumps(msg).encode()))
    return out


def store_all(store: Store, seed: int) -> Counter[str]:
    """Add every result in an order shuffled by ``seed``; what each add returned, counted."""
    todo = results()
    random.Random(seed).shuffle(todo)
    done: Counter[str] = Counter()
    for venue, table, payload in todo:
        msg = wire.parse(wire.Result, payload)
        done[store.add(msg, check(msg), payload, 1.0, venue=venue, table=table)] += 1
    return done


def main() -> None:
    url, seed = sys.argv[1], int(sys.argv[2])
    store = Store(url)
    try:
        print(json.dumps(store_all(store, seed)), flush=True)
    finally:
        store.close()


if __name__ == "__main__":
    main()
