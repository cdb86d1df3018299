"""The feed snapshot (docs/spec/feed.md): one JSON object per change of the table, built
ONLY from the typed face of the game (:meth:`Match.status`, :meth:`Match.score`,
:meth:`Match.turn`, :meth:`Match.outcome`), the kiosk's mode and view, the players'
names and the game's words (``match.codec.describe``): never the replay output or prose
parsed back.

Pure: no clock, no I/O. The caller gives ``seq``, ``boot`` and the match id.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any

from pitchside.core.match import AnyMatch
from pitchside.core.notice import Notice, Words
from pitchside.core.sides import SIDES
from pitchside.core.words import common
from pitchside.tables import common as common_table
from pitchside.tables import kiosk
from pitchside.web.boards import board

RECENT_INPUTS = 5
"""Inputs whose notices the feed's ``recent`` gives (newest first)."""
RECENT_NOTICES = 6
"""At most this many notices in ``recent``."""


@dataclass(frozen=True, slots=True)
class ShownRefusal:
    """A refusal the panel showed: its rule ID and the panel's words."""

    rule: str
    text: str


@dataclass(frozen=True, slots=True)
class CreditShown:
    """Pay to play's credit as the panel shows it: ``cents`` (the currency's smallest
    unit), ``text`` in the panel's words (``"$1.50"``), and ``refused``: why coins are
    refused now, as the panel says it (``"CREDIT FULL: NO COINS"``), or None."""

    cents: int
    text: str
    refused: str | None = None


def credit_shown(ks: kiosk.KioskState) -> CreditShown | None:
    """The credit a table with pricing shows (not on free play), or None."""
    p = ks.settings.pricing
    if p is None or p.free_play:
        return None
    from pitchside.core.pricing import money

    refused = None
    if ks.gate is not None and ks.gate.line_on:
        from pitchside.tables.coin_gate import says  # loaded with the gate

        refused = says(ks)
    cents = kiosk.shown_credit(ks)
    return CreditShown(cents, money(p, cents), refused)


def shown_refusal(ks: kiosk.KioskState) -> ShownRefusal | None:
    """The refusal on the panel now, or None."""
    prompt = ks.table.prompt
    if prompt is None or getattr(prompt, "kind", "") != "refusal":
        return None
    return ShownRefusal(str(getattr(prompt, "rule", "")), str(prompt.text))


def recent(match: AnyMatch, names: tuple[str, str]) -> list[dict[str, Any]]:
    """The notices of the few inputs in effect before the last one (the last one's are
    ``last``), newest input first, worded."""
    out: list[dict[str, Any]] = []
    for applied in match.recent(RECENT_INPUTS + 1)[1:]:
        out.extend(notice_json(match, n, names) for n in applied.notices)
        if len(out) >= RECENT_NOTICES:
            break
    return out[:RECENT_NOTICES]

VERSION = 1
"""The feed's version (``v``): an added key keeps it; a changed or removed key bumps it."""

MAX_VIEW_BYTES = 8_000
"""A serialized view longer than this is left out (``view: null``): the snapshot stays small."""


def number(x: float) -> int | float:
    """A score as JSON shows it: ``3`` not ``3.0``."""
    return int(x) if float(x).is_integer() else x


def words(match: AnyMatch, notice: Notice, names: tuple[str, str]) -> Words:
    """The words of a notice: the game's (``match.codec.describe``), or the shared UNDO words."""
    if notice.rule == "UNDO":
        return common.describe(notice, names)
    return match.codec.describe(notice, names)


def last_notices(match: AnyMatch) -> tuple[Notice, ...]:
    """The notices of the input in effect last: the ones its step gave, kept with the
    match (:func:`pitchside.tables.common.resumed_notices`; the rules are not applied
    again: the feed is built after every change, on the table's process). ``()``
    before the first input."""
    return common_table.resumed_notices(match, last_was_undo=False)


def notice_json(match: AnyMatch, notice: Notice, names: tuple[str, str]) -> dict[str, Any]:
    """``{"rule", "code", "text", "short"}`` of one notice, worded by its game."""
    try:
        w = words(match, notice, names)
    except KeyError:  # a notice without words is a bug elsewhere; the feed still goes on
        w = Words(notice.code, notice.code)
    return {"rule": notice.rule, "code": notice.code, "text": w.long, "short": w.short}


@functools.lru_cache(maxsize=512)
def _field_names(cls: type) -> tuple[str, ...]:
    """The field names of dataclass ``cls``, in order (looked up once per class: the feed
    walks the whole view after every change)."""
    return tuple(f.name for f in dataclasses.fields(cls))


def jsonable(value: Any, depth: int = 0) -> Any:
    """A view value as JSON: dataclasses as objects with their ``type``, tuples as lists,
    anything else (an enum, an image) as its ``str``."""
    if depth > 8:
        return None
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return number(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"type": type(value).__name__}
        for name in _field_names(type(value)):
            out[name] = jsonable(getattr(value, name), depth + 1)
        return out
    if isinstance(value, (tuple, list, frozenset, set)):
        return [jsonable(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v, depth + 1) for k, v in value.items()}
    return str(value)


def snapshot(ks: kiosk.KioskState, *, seq: int, boot: str, table: str = "Pitchside",
             match_id: int | None = None, url: str | None = None,
             last_refusal: ShownRefusal | None = None) -> dict[str, Any]:
    """The snapshot of a table now (docs/spec/feed.md, "Snapshot").

    :param ks: the kiosk state (immutable: safe to read from any thread).
    :param seq: grows by one with each change (the caller counts).
    :param boot: an id of the table process's start.
    :param match_id: the journal's id of the match, or None before its first input.
    :param url: the table's web address (the pages' QR code), or None.
    :param last_refusal: the latest refusal of this match the panel showed (the caller
        keeps it: the panel forgets it once dismissed); the one on the panel now wins.
    """
    ts = ks.table
    match: AnyMatch = ts.match
    names: tuple[str, str] = (ts.names[0], ts.names[1])
    app = ks.settings.app
    score = match.score()
    outcome = match.outcome()
    turn = match.turn()
    prompt = ts.prompt
    last = last_notices(match)
    refusal = None
    if prompt is not None and getattr(prompt, "kind", "") == "refusal":
        refusal = {"rule": prompt.rule, "text": prompt.text}
    last_json = [notice_json(match, n, names) for n in last]
    latest_refusal = shown_refusal(ks) or last_refusal
    view = jsonable(kiosk.view(ks))
    if len(repr(view)) > MAX_VIEW_BYTES:
        view = None
    return {
        "v": VERSION,
        "seq": seq,
        "boot": boot,
        "table": table,
        "url": url,
        "mode": ks.mode,
        "game": app.name,
        "title": app.title,
        "match": {"id": match_id, "inputs": len(match.inputs)},
        "names": {"A": names[0], "B": names[1]},
        "status": match.status(),
        "score": {s: number(score[s]) for s in SIDES},
        "turn": turn,
        "turn_name": None if turn is None else names[0 if turn == "A" else 1],
        "outcome": None if outcome is None else {
            "winner": outcome.winner,
            "winner_name": None if outcome.winner is None else names[0 if outcome.winner == "A" else 1],
            **{k: v for k, v in notice_json(match, outcome.cause, names).items()},
        },
        "prompt": None if prompt is None else {"text": prompt.text, "kind": prompt.kind,
                                               "rule": getattr(prompt, "rule", "")},
        "last": last_json,
        "prompt_line": prompt_line(prompt, last_json),
        "refusal": refusal,
        "view": view,
        "recent": recent(match, names),
        "last_refusal": None if latest_refusal is None else {"rule": latest_refusal.rule,
                                                             "text": latest_refusal.text},
        "board": jsonable(board(match)),
        "credit": jsonable(credit_shown(ks)),
    }


def prompt_line(prompt: Any, last: list[dict[str, Any]]) -> str:
    """What the pages' prompt line (``#prompt``) shows: the panel's prompt text, unless
    there is none, it is a refusal (the pages show it in ``#refusal-*``), or it is only
    the ``short`` words of a notice of ``last`` (shown in ``#last``): the last input's
    words are shown once. The one place the rule is kept (live.js and _board.html
    show this field)."""
    if prompt is None or getattr(prompt, "kind", "") == "refusal":
        return ""
    text: str = prompt.text
    return "" if any(n["short"] == text for n in last) else text


def changed(a: dict[str, Any] | None, b: dict[str, Any]) -> bool:
    """Whether ``b`` says something ``a`` did not (``seq`` aside)."""
    if a is None:
        return True
    return {k: v for k, v in a.items() if k != "seq"} != {k: v for k, v in b.items() if k != "seq"}
