"""The messages of docs/spec/mqtt.md as typed frozen values: each parses from its JSON
(``of``, raising :class:`~pitchside.wire.errors.WireError` with the first key that is
wrong) and writes it back (``to_json``). Pure: no clock, no I/O.

A key the contract does not name is ignored (keys may be added, ``v`` stays 1); a key
it names with the wrong type refuses the whole message.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from pitchside.core.meters import Meters
from pitchside.wire.errors import WireError
from pitchside.wire.fields import Fields, decode

VERSION = 1
"""``v`` of every message: an added key keeps it; a changed or removed key bumps it."""

MAX_LINES = 20_000
"""A result with more lines than this is refused unread (a match has a few hundred)."""

MAX_PAYLOAD = 8 * 1024 * 1024
"""The largest payload of any message (bytes). The largest legal ``result`` is a match at
the :data:`MAX_LINES` cap every line of which is as wide as the widest input (a Master
Move lineup, 192 characters): 4,780,503 bytes (``bench/result_size.py``; a real match's
result is a few KB); this is that with three quarters again of headroom. The broker's
``message_size_limit`` is meant to be the same figure."""

MAX_WALL = 253_402_300_799
"""The last second of the year 9999: a later ``ended_wall`` is no time a table had."""

Side = Literal["A", "B"]


def _version(f: Fields) -> None:
    v = f.raw("v")
    if v != VERSION or isinstance(v, bool):
        raise WireError(f"message version {v!r}, this league reads {VERSION}")


def encode(message: Mapping[str, Any]) -> bytes:
    """A message's JSON (``to_json``) as its payload: compact UTF-8 JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest(lines: Sequence[str]) -> str:
    """``"sha256:<hex>"`` over the canonical form of a match: its lines as the journal
    holds them (header first), each followed by one ``\\n``, as UTF-8: byte for byte the
    replay file ``pitchside export`` writes."""
    return "sha256:" + hashlib.sha256("".join(f"{line}\n" for line in lines).encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Names:
    """The sides' names, ``{"A": ..., "B": ...}``."""

    a: str
    b: str

    @classmethod
    def of(cls, f: Fields) -> Names:
        return cls(f.text("A"), f.text("B"))

    def to_json(self) -> dict[str, str]:
        return {"A": self.a, "B": self.b}

    def pair(self) -> tuple[str, str]:
        return self.a, self.b


@dataclass(frozen=True, slots=True)
class PlayerIds:
    """The sides' league player ids, ``{"A": ..., "B": ...}`` (a fixture between roster
    players: the same ids at every venue)."""

    a: str
    b: str

    @classmethod
    def of(cls, f: Fields) -> PlayerIds:
        return cls(f.text("A"), f.text("B"))

    def to_json(self) -> dict[str, str]:
        return {"A": self.a, "B": self.b}

    def pair(self) -> tuple[str, str]:
        return self.a, self.b


@dataclass(frozen=True, slots=True)
class Score:
    """The headline score, ``{"A": n, "B": n}`` (``4.5`` stays a number)."""

    a: int | float
    b: int | float

    @classmethod
    def of(cls, f: Fields) -> Score:
        return cls(f.number("A"), f.number("B"))

    def to_json(self) -> dict[str, int | float]:
        return {"A": self.a, "B": self.b}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: ``winner`` (None for a draw) and the deciding notice."""

    winner: Side | None
    winner_name: str | None
    rule: str
    code: str
    text: str | None = None
    short: str | None = None

    @classmethod
    def of(cls, f: Fields) -> Outcome:
        return cls(f.side("winner"), f.opt_text("winner_name"),
                   f.text("rule"), f.text("code"), f.opt_text("text"), f.opt_text("short"))

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "winner_name": self.winner_name, "rule": self.rule, "code": self.code,
                "text": self.text, "short": self.short}


@dataclass(frozen=True, slots=True)
class Status:
    """``status``: the birth (``online``) or the death (``why`` ``"lost"``: the will;
    ``"stopped"``: a clean stop); ``boot`` tells two runs apart."""

    online: bool
    boot: str
    venue: str
    table: str
    name: str
    version: str
    games: tuple[str, ...]
    why: str | None = None

    @classmethod
    def of(cls, f: Fields) -> Status:
        _version(f)
        return cls(f.boolean("online"), f.text("boot"), f.text("venue"), f.text("table"), f.text("name"),
                   f.text("version"), f.texts("games"), f.opt_text("why"))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"v": VERSION, "online": self.online, "boot": self.boot, "venue": self.venue,
                               "table": self.table, "name": self.name, "version": self.version,
                               "games": list(self.games)}
        if self.why is not None:
            out["why"] = self.why
        return out


@dataclass(frozen=True, slots=True)
class State:
    """``state``: the web feed's snapshot (docs/spec/feed.md), the keys a league reads,
    typed. The table publishes the whole snapshot; this is what is checked of it."""

    seq: int
    boot: str
    mode: str
    table: str | None = None
    game: str | None = None
    title: str | None = None
    status: str | None = None
    names: Names | None = None
    score: Score | None = None
    turn_name: str | None = None
    outcome: Outcome | None = None
    refusal_rule: str | None = None
    match_uid: str | None = None

    @classmethod
    def of(cls, f: Fields) -> State:
        _version(f)
        names, score = f.opt_obj("names"), f.opt_obj("score")
        outcome, refusal, match = f.opt_obj("outcome"), f.opt_obj("refusal"), f.opt_obj("match")
        return cls(f.integer("seq"), f.text("boot"), f.text("mode"), f.opt_text("table"), f.opt_text("game"),
                   f.opt_text("title"), f.opt_text("status"),
                   None if names is None else Names.of(names),
                   None if score is None or not score.obj else Score.of(score),
                   f.opt_text("turn_name"),
                   None if outcome is None else Outcome.of(outcome),
                   None if refusal is None else refusal.opt_text("rule"),
                   None if match is None else match.opt_text("uid"))


@dataclass(frozen=True, slots=True)
class Event:
    """``events``: one journaled line (``seq`` from 1, the header is 0) of ``match``."""

    boot: str
    match: str | None
    seq: int
    line: Mapping[str, Any]

    @classmethod
    def of(cls, f: Fields) -> Event:
        _version(f)
        return cls(f.text("boot"), f.opt_text("match"), f.integer("seq"), f.obj_("line").obj)

    def to_json(self) -> dict[str, Any]:
        return {"v": VERSION, "boot": self.boot, "match": self.match, "seq": self.seq, "line": dict(self.line)}


@dataclass(frozen=True, slots=True)
class Result:
    """``result``: a finished match, its journal ``lines`` (the replay file) and what
    they replay to, with their :func:`digest`; ``fixture`` when played as an offer, and
    ``players`` the offer's player ids when it named them."""

    venue: str
    table: str
    boot: str
    match: str
    game: str
    names: Names
    score: Score
    outcome: Outcome | None
    ended_wall: float | None
    ended_synced: bool
    lines: tuple[str, ...]
    digest: str
    fixture: str | None = None
    players: PlayerIds | None = None

    @classmethod
    def of(cls, f: Fields) -> Result:
        _version(f)
        venue, table, boot, match, game = (f.text(k) for k in ("venue", "table", "boot", "match", "game"))
        names, score = Names.of(f.obj_("names")), Score.of(f.obj_("score"))
        outcome = f.opt_obj("outcome")
        told = None if outcome is None else Outcome.of(outcome)
        ended, synced = _wall(f, "ended_wall"), bool(f.opt_boolean("ended_synced"))
        lines = f.texts("lines")
        if not 1 <= len(lines) <= MAX_LINES:
            raise WireError(f"'lines' must be 1 to {MAX_LINES} strings, not {len(lines)}")
        players = f.opt_obj("players")
        return cls(venue, table, boot, match, game, names, score, told, ended, synced, lines, f.text("digest"),
                   f.opt_text("fixture"), None if players is None else PlayerIds.of(players))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "v": VERSION, "venue": self.venue, "table": self.table, "boot": self.boot, "match": self.match,
            "game": self.game, "names": self.names.to_json(), "score": self.score.to_json(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "ended_wall": self.ended_wall, "ended_synced": self.ended_synced, "lines": list(self.lines),
            "digest": self.digest,
        }
        if self.fixture is not None:
            out["fixture"] = self.fixture
        if self.players is not None:
            out["players"] = self.players.to_json()
        return out


@dataclass(frozen=True, slots=True)
class FixtureOffer:
    """``cmd/fixture``: the league's next fixture for a table; ``fixture`` None withdraws
    it. ``players``: the sides' league player ids when both are on the league's roster
    (the table sends them back with the result)."""

    fixture: str | None
    game: str = ""
    names: Names | None = None
    players: PlayerIds | None = None

    @classmethod
    def of(cls, f: Fields) -> FixtureOffer:
        _version(f)
        if f.raw("fixture") is None:
            return cls(None)
        players = f.opt_obj("players")
        return cls(f.text("fixture"), f.text("game"), Names.of(f.obj_("names")),
                   None if players is None else PlayerIds.of(players))

    def to_json(self) -> dict[str, Any]:
        if self.fixture is None:
            return {"v": VERSION, "fixture": None}
        out: dict[str, Any] = {"v": VERSION, "fixture": self.fixture, "game": self.game,
                               "names": None if self.names is None else self.names.to_json()}
        if self.players is not None:
            out["players"] = self.players.to_json()
        return out


@dataclass(frozen=True, slots=True)
class Counts:
    """The audits since the last reset (cents): ``coins`` dropped and the money ``paid``,
    ``bonus`` and staff ``free`` credit given, ``games`` started and the credit ``spent``
    on them, acceptor ``faults``."""

    coins: int
    paid: int
    bonus: int
    free: int
    games: int
    spent: int
    faults: int

    @classmethod
    def of(cls, f: Fields) -> Counts:
        return cls(*_counts(f, tuple(cls.__dataclass_fields__)))

    def to_json(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def _counts(f: Fields, keys: tuple[str, ...]) -> list[int]:
    values = [f.integer(k) for k in keys]
    for k, v in zip(keys, values):
        if v < 0:
            raise WireError(f"'{f.name(k)}' must be 0 or more, not {v}")
    return values


def meters_of(f: Fields) -> Meters:
    """The lifetime meters (:class:`pitchside.core.meters.Meters`) of an ``audits`` message."""
    return Meters(*_counts(f, tuple(Meters.__dataclass_fields__)))


def meters_json(m: Meters) -> dict[str, int]:
    return {k: getattr(m, k) for k in Meters.__dataclass_fields__}


@dataclass(frozen=True, slots=True)
class Audits:
    """``audits`` (retained): a paying table's owner's figures as its journal holds them
    when ``read_wall``: the ``audits`` since the last reset (``since``: that reset's
    ISO 8601 date, ``""`` never reset; ``resets`` how many) and the ``lifetime`` meters,
    which no reset changes. Money in cents; ``currency`` the symbol the table shows
    (``""``: none)."""

    venue: str
    table: str
    boot: str
    read_wall: float | None
    currency: str
    since: str
    resets: int
    audits: Counts
    lifetime: Meters

    @classmethod
    def of(cls, f: Fields) -> Audits:
        _version(f)
        return cls(f.text("venue"), f.text("table"), f.text("boot"), _wall(f, "read_wall"), f.text("currency"),
                   f.text("since"), f.integer("resets"), Counts.of(f.obj_("audits")), meters_of(f.obj_("lifetime")))

    def to_json(self) -> dict[str, Any]:
        return {"v": VERSION, "venue": self.venue, "table": self.table, "boot": self.boot,
                "read_wall": self.read_wall, "currency": self.currency, "since": self.since, "resets": self.resets,
                "audits": self.audits.to_json(), "lifetime": meters_json(self.lifetime)}


def _wall(f: Fields, key: str) -> float | None:
    value = f.raw(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WireError(f"'{f.name(key)}' must be a number or null, not {type(value).__name__}")
    if not 0 <= value <= MAX_WALL:
        text = repr(value)
        text = text if len(text) <= 40 else text[:37] + "..."
        raise WireError(f"'{f.name(key)}' {text} is not a time (null or 0 to {MAX_WALL} s)")
    return float(value)


M = TypeVar("M", Status, State, Event, Result, FixtureOffer, Audits)


def parse(cls: type[M], payload: bytes) -> M:
    """``payload`` as message ``cls``.

    :raises WireError: over :data:`MAX_PAYLOAD` bytes, not a JSON object, or a key the
        contract names is missing or of the wrong type (the message says which).
    """
    if len(payload) > MAX_PAYLOAD:
        raise WireError(f"{len(payload)} bytes, over the limit of {MAX_PAYLOAD}")
    return cls.of(Fields(decode(payload)))


def parse_json(cls: type[M], obj: Mapping[str, Any]) -> M:
    """An already decoded message as ``cls`` (:func:`parse`'s rules)."""
    return cls.of(Fields(obj))
