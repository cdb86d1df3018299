"""Club ratings per game (pure): Elo, recomputed from the counted results in the order
the matches ended, so the same history always gives the same ratings. A doubles side is
one name ("Ann & Bob") and is rated as a team.

Every player starts at :data:`START`; after each match both move by
``K * (actual - expected)`` with ``expected = 1 / (1 + 10 ** ((Rb - Ra) / 400))`` and
``actual`` 1 for a win, 0.5 for a draw, 0 for a loss (a forfeit is a loss, MM-32).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitchside.league.model import Counted

START = 1500.0
K = 32.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one game, with the matches behind it."""

    name: str
    rating: float
    played: int
    won: int
    drawn: int
    lost: int


def expected(ra: float, rb: float) -> float:
    """A's expected score against B (0..1)."""
    return 1.0 / (1.0 + float(10.0 ** ((rb - ra) / 400.0)))


def ratings(game: str, results: Sequence[Counted]) -> tuple[Rating, ...]:
    """Everyone's Elo in ``game`` after ``results`` (oldest first), best first (equal
    ratings by name)."""
    r: dict[str, float] = {}
    tally: dict[str, list[int]] = {}
    for m in results:
        a, b = m.names
        if m.game != game or a == b:
            continue
        ra, rb = r.setdefault(a, START), r.setdefault(b, START)
        sa = 1.0 if m.winner == "A" else 0.5 if m.winner is None else 0.0
        ea = expected(ra, rb)
        r[a] = ra + K * (sa - ea)
        r[b] = rb + K * ((1.0 - sa) - (1.0 - ea))
        for name, s in ((a, sa), (b, 1.0 - sa)):
            t = tally.setdefault(name, [0, 0, 0, 0])
            t[0] += 1
            t[1 if s == 1.0 else 2 if s == 0.5 else 3] += 1
    out = [Rating(n, v, *tally[n]) for n, v in r.items()]
    return tuple(sorted(out, key=lambda x: (-x.rating, x.name)))
