"""Helpers of the league tests: a result message built the way a table builds it
(pitchside.club.messages.result) from a replay file, and counted results by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pitchside.club import messages
from pitchside.league.model import Counted

TESTS = Path(__file__).resolve().parents[1]
PITCHNUT = TESTS / "core" / "pitchnut" / "scenarios" / "match_to_two.jsonl"  # Ann 2-0 Bob, PN
DRAW = TESTS / "scenarios" / "replay" / "max_rounds_draw.jsonl"  # Pichenotte 3.5-3.5


def lines_of(path: Path) -> list[str]:
    return [x for x in path.read_text().splitlines() if x.strip() and not x.lstrip().startswith("#")]


def result_msg(path: Path = PITCHNUT, table: str = "table-1", row: int = 1, uid: str = "j0") -> dict[str, Any]:
    return messages.result(venue="club", table=table, boot="b0", journal_uid=uid, match_id=row,
                           lines=lines_of(path), ended_wall=1000.0 + row, ended_synced=True)


def payload(msg: dict[str, Any]) -> bytes:
    return json.dumps(msg).encode()


def counted(game: str, a: str, b: str, sa: float, sb: float, winner: str | None, n: int,
            rule: str = "X-1", code: str = "won", params: tuple[tuple[str, Any], ...] = ()) -> Counted:
    return Counted(f"m{n}", f"d{n}", game, "club", "t", (a, b), (sa, sb), winner, rule, code, params, float(n), n)


def venue_result(venue: str, table: str, row: int, offer: Any = None) -> dict[str, Any]:
    """Ann 2-0 Bob at ``venue``'s ``table``, match ``j0-<row>``, tagged with ``offer``
    (a ``FixtureOffered``) as the table's link tags a fixture's result."""
    from pitchside.club.fixture import tag

    msg = messages.result(venue=venue, table=table, boot="b0", journal_uid="j0", match_id=row,
                          lines=lines_of(PITCHNUT), ended_wall=1000.0 + row, ended_synced=True)
    tag(msg, offer)
    return msg


def roster_offer(ids: tuple[str, str] | None = ("p-ann", "p-bob"), names: tuple[str, str] = ("Ann", "Bob")) -> Any:
    """The table's event for the offer of fixture ``1:1:p-ann:p-bob`` with these ids, read
    back from its message as the table's link reads it."""
    from pitchside.club.fixture import offer_message, parse_offer

    offered = parse_offer(offer_message("1:1:p-ann:p-bob", "pitchnut", names, ids))
    assert offered is not None
    return offered
