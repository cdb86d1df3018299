"""Swiss (pure): for larger fields, ``ceil(log2(n))`` rounds, each paired by score.

* Round 1: seed order, the top half against the bottom half (1 v n/2+1, 2 v n/2+2...).
* Each later round is paired when the one before it is complete: the players ranked
  by the standings so far (each game's own tie-breaks, :func:`pitchside.league.standings.table`:
  MM-26 for Master Move; then seed), and the highest ranked still unpaired meets the
  next highest they have not met: **no rematches** (the pairing backtracks if a greedy
  choice would leave two players who have met; a round that cannot be paired without a
  rematch ends the tournament early).
* **Bye**: with an odd number of players, the lowest ranked player who has had no bye
  sits the round out; a bye counts as a win (3 points, played 1, won 1) with no score
  for or against. Every player has at most one bye while there are players without one.
* A fixture's result is the first counted match between its two players (either way
  round) not counted for an earlier fixture; a draw counts as played (Pichenotte,
  Pitch Bowl). The champion is the first of the final standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pitchside.league.model import Counted
from pitchside.league.standings import WIN, Row, table

Pair = tuple[str, str | None]
"""A pairing: two players, or one and None (a bye)."""


def rounds_for(n: int) -> int:
    """The number of rounds for ``n`` players: ``ceil(log2(n))`` (2 players: 1)."""
    return max(1, (n - 1).bit_length())


def first_round(players: Sequence[str]) -> tuple[Pair, ...]:
    """Top half against bottom half in seed order; an odd field's last seed has the bye."""
    ps = list(players)
    bye = ps.pop() if len(ps) % 2 else None
    half = len(ps) // 2
    pairs: list[Pair] = [(ps[i], ps[half + i]) for i in range(half)]
    if bye is not None:
        pairs.append((bye, None))
    return tuple(pairs)


def ranked(game: str, players: Sequence[str], results: Sequence[Counted], byes: Sequence[str]) -> tuple[Row, ...]:
    """The standings of ``players`` over ``results`` with each bye a win of 3 points.

    Ranked by points, then score difference, then score for (the order of MM-26 and of
    the league's rule for the other games), then seed; equal rows share a rank.
    """
    rows = {r.name: r for r in table(game, results, players)}
    for p in byes:
        r = rows[p]
        rows[p] = replace(r, played=r.played + 1, won=r.won + 1, points=r.points + WIN)
    seed = {p: i for i, p in enumerate(players)}

    def key(r: Row) -> tuple[float, float, float]:
        return (-r.points, -r.diff, -r.score_for)

    order = sorted(rows.values(), key=lambda r: (key(r), seed[r.name]))
    out = []
    for r in order:
        same = [q for q in order if key(q) == key(r)]
        first = next(i for i, q in enumerate(order) if key(q) == key(r))
        out.append(replace(r, rank=first + 1, shared=len(same) > 1))
    return tuple(out)


def pair(order: Sequence[str], met: set[frozenset[str]], byes: Sequence[str]) -> tuple[Pair, ...] | None:
    """The next round for ``order`` (best first): the bye to the lowest ranked without
    one (odd field), then top-down pairing with no rematch; None if none exists."""
    ps = list(order)
    bye: str | None = None
    if len(ps) % 2:
        bye = next((p for p in reversed(ps) if p not in byes), ps[-1])
        ps.remove(bye)
    pairs = _pair(ps, met)
    if pairs is None:
        return None
    return (*pairs, (bye, None)) if bye is not None else tuple(pairs)


def _pair(ps: list[str], met: set[frozenset[str]]) -> list[Pair] | None:
    if not ps:
        return []
    top, rest = ps[0], ps[1:]
    for i, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        tail = _pair(rest[:i] + rest[i + 1:], met)
        if tail is not None:
            return [(top, other), *tail]
    return None
