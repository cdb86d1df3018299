"""League and tournament formats for every game (pure): round robin, single and double
elimination, round robin with a final, Swiss. A league's fixtures are filled by the counted
results as they arrive: nothing is entered by hand.

* ``round_robin``: every player meets every other once (the circle method of
  :func:`pitchside.core.tournament.round_robin_schedule`). A fixture's result is the
  first counted match between the two (either way round) in the order matches ended;
  later ones between them do not count for the league. Standings:
  :func:`pitchside.league.standings.table` (MM-26 for Master Move).
* ``single_elimination``: seeded in player order (seed 1 first) with the standard
  seeding and byes for the top seeds (:func:`pitchside.core.tournament.seeding_order`);
  a tie is decided by the first counted match between its two players with a winner
  (a draw decides nothing: they play again).
* ``round_robin_final``: the round robin, then a final between the first two of its
  standings: the first counted match between them after their round-robin fixture.
* ``double_elimination``: :mod:`pitchside.league.double_elim` (out after two losses,
  a grand final and its reset).
* ``swiss``: :mod:`pitchside.league.swiss` (for larger fields: paired by score, no
  rematches, one bye each at most, counted as a win).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitchside.core.tournament import round_name, round_robin_schedule, seeding_order
from pitchside.league import swiss
from pitchside.league.model import Counted
from pitchside.league.standings import Row, table

FORMATS = ("round_robin", "single_elimination", "round_robin_final", "double_elimination", "swiss")
FORMAT_NAMES = {"round_robin": "round robin", "single_elimination": "single elimination",
                "round_robin_final": "round robin + final", "double_elimination": "double elimination",
                "swiss": "Swiss"}


class FormatError(ValueError):
    """A league that cannot be (the message says why)."""


@dataclass(frozen=True, slots=True)
class Fixture:
    """One match of a league: its round, stage (``""``, ``"final"``, ``"semi-final"``...),
    players (None while unknown or for a bye) and, once played, its counted result."""

    round: int
    stage: str
    a: str | None
    b: str | None
    result: Counted | None = None
    bye: bool = False

    @property
    def winner(self) -> str | None:
        if self.bye:
            return self.a or self.b
        return None if self.result is None else self.result.winner_name


@dataclass(frozen=True, slots=True)
class View:
    """A league now: its fixtures round by round, standings (round-robin formats), the
    next fixtures to play and the champion once it is decided."""

    fixtures: tuple[tuple[Fixture, ...], ...]
    standings: tuple[Row, ...]
    next: tuple[Fixture, ...]
    champion: str | None


def check(fmt: str, players: Sequence[str]) -> None:
    """:raises FormatError: an unknown format, fewer than two players, or a name twice."""
    if fmt not in FORMATS:
        raise FormatError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
    if len(players) < 2:
        raise FormatError("a league needs at least two players")
    if len(set(players)) != len(players):
        raise FormatError("a player is named twice")


def between(results: Sequence[Counted], a: str, b: str, used: set[int], decisive: bool = False) -> Counted | None:
    for r in results:
        if r.order not in used and set(r.names) == {a, b} and a != b and (r.winner is not None or not decisive):
            used.add(r.order)
            return r
    return None


def view(game: str, fmt: str, players: Sequence[str], results: Sequence[Counted]) -> View:
    """The league of ``players`` (seeding order) in ``fmt``, from the counted ``results``
    of any game (those of ``game`` count), oldest first.

    :raises FormatError: see :func:`check`.
    """
    check(fmt, players)
    mine = [r for r in results if r.game == game]
    teams = tuple(players)
    if fmt == "single_elimination":
        return _knockout(teams, mine)
    if fmt == "double_elimination":
        from pitchside.league import double_elim  # it builds on this module's Fixture and View

        return double_elim.view(teams, mine)
    if fmt == "swiss":
        return _swiss(game, teams, mine)
    used: set[int] = set()
    rounds: dict[int, list[Fixture]] = {}
    counted = []
    for p in round_robin_schedule(teams):
        r = between(mine, p.home, p.away, used)
        if r is not None:
            counted.append(r)
        rounds.setdefault(p.round, []).append(Fixture(p.round, "", p.home, p.away, r))
    rows = table(game, counted, teams)
    out = [tuple(fs) for _, fs in sorted(rounds.items())]
    pending = [f for fs in out for f in fs if f.result is None]
    champion = None
    if fmt == "round_robin":
        champion = rows[0].name if not pending else None
    else:
        final = Fixture(len(out) + 1, "final", None, None)
        if not pending:
            first, second = rows[0].name, rows[1].name
            final = Fixture(len(out) + 1, "final", first, second, between(mine, first, second, used, decisive=True))
            champion = final.winner
            if final.result is None:
                pending = [final]
        out.append((final,))
    return View(tuple(out), rows, tuple(pending[:4]), champion)


def _swiss(game: str, teams: tuple[str, ...], results: Sequence[Counted]) -> View:
    used: set[int] = set()
    counted: list[Counted] = []
    byes: list[str] = []
    met: set[frozenset[str]] = set()
    out: list[tuple[Fixture, ...]] = []
    pairs: tuple[swiss.Pair, ...] | None = swiss.first_round(teams)
    for rnd in range(1, swiss.rounds_for(len(teams)) + 1):
        if pairs is None:  # no pairing without a rematch: the tournament ends here
            break
        fixtures = []
        for a, b in pairs:
            if b is None:
                byes.append(a)
                fixtures.append(Fixture(rnd, "", a, None, bye=True))
                continue
            met.add(frozenset((a, b)))
            r = between(results, a, b, used)
            if r is not None:
                counted.append(r)
            fixtures.append(Fixture(rnd, "", a, b, r))
        out.append(tuple(fixtures))
        if any(f.result is None and not f.bye for f in fixtures):
            rows = swiss.ranked(game, teams, counted, byes)
            pending = tuple(f for f in fixtures if f.result is None and not f.bye)
            return View(tuple(out), rows, pending[:4], None)
        order = [r.name for r in swiss.ranked(game, teams, counted, byes)]
        pairs = swiss.pair(order, met, byes)
    rows = swiss.ranked(game, teams, counted, byes)
    return View(tuple(out), rows, (), rows[0].name)


def _knockout(teams: tuple[str, ...], results: Sequence[Counted]) -> View:
    n = len(teams)
    size = 1
    while size < n:
        size *= 2
    nrounds = size.bit_length() - 1
    entrants: list[str | None] = [teams[s - 1] if s <= n else None for s in seeding_order(size)]
    used: set[int] = set()
    out: list[tuple[Fixture, ...]] = []
    for rnd in range(1, nrounds + 1):
        stage = round_name(nrounds - rnd + 1)
        ties = []
        for i in range(0, len(entrants), 2):
            a, b = entrants[i], entrants[i + 1]
            if rnd == 1 and (a is None or b is None):
                ties.append(Fixture(rnd, stage, a, b, bye=True))
                continue
            r = between(results, a, b, used, decisive=True) if a and b else None
            ties.append(Fixture(rnd, stage, a, b, r))
        out.append(tuple(ties))
        entrants = [t.winner for t in ties]
    pending = tuple(t for ts in out for t in ts if not t.bye and t.result is None and t.a and t.b)
    return View(tuple(out), (), pending[:4], out[-1][0].winner)
