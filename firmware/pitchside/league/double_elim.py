"""Double elimination (pure): a player is out after a second lost match.

The field is seeded as in single elimination (standard seeding, byes for the top seeds,
:func:`pitchside.core.tournament.seeding_order`) into the **winners' bracket**; each
loser there drops into the **losers' bracket**:

* losers' round 1: the losers of winners' round 1, paired in bracket order;
* losers' round 2j (j >= 1): the winners of losers' round 2j-1 against the losers of
  winners' round j+1, taken in reverse bracket order (so two players who met in the
  winners' bracket do not meet again at once);
* losers' round 2j+1: the winners of losers' round 2j paired.

The **grand final** is the winners' bracket champion against the losers' bracket
champion; if the losers' champion wins it (the winners' champion's first loss), a
second final (``"grand final reset"``) decides. A bye (no player) passes its opponent
on; a tie is decided by the first counted match between its two players with a winner
(a draw decides nothing: they play again), as in single elimination.
"""

from __future__ import annotations

from collections.abc import Sequence

from pitchside.core.tournament import seeding_order
from pitchside.league.formats import Fixture, View, between
from pitchside.league.model import Counted

BYE = ""
"""A slot with no player (a bye); None is a slot not decided yet."""

Slot = str | None


def view(teams: tuple[str, ...], results: Sequence[Counted]) -> View:
    """The double-elimination tournament of ``teams`` (seed order) from ``results``."""
    size = 1
    while size < len(teams):
        size *= 2
    k = size.bit_length() - 1
    used: set[int] = set()
    out: list[tuple[Fixture, ...]] = []
    number = 0

    def play(stage: str, slots: list[Slot]) -> tuple[list[Slot], list[Slot]]:
        nonlocal number
        number += 1
        ties, winners, losers = [], [], []
        for i in range(0, len(slots), 2):
            f, w, lo = _tie(number, stage, slots[i], slots[i + 1], results, used)
            ties.append(f)
            winners.append(w)
            losers.append(lo)
        out.append(tuple(ties))
        return winners, losers

    entrants: list[Slot] = [teams[s - 1] if s <= len(teams) else BYE for s in seeding_order(size)]
    wb_losers: list[list[Slot]] = []
    for r in range(1, k + 1):
        entrants, lost = play("winners' final" if r == k else f"winners' round {r}", entrants)
        wb_losers.append(lost)
    wb_champion = entrants[0]
    if k == 1:
        lb_champion = wb_losers[0][0]
    else:
        lb, _ = play("losers' round 1", wb_losers[0])
        for j in range(1, k):
            drop = list(reversed(wb_losers[j]))
            slots = [s for pair in zip(lb, drop) for s in pair]
            lb, _ = play("losers' final" if j == k - 1 else f"losers' round {2 * j}", slots)
            if j < k - 1:
                lb, _ = play(f"losers' round {2 * j + 1}", lb)
        lb_champion = lb[0]
    [winner], [loser] = play("grand final", [wb_champion, lb_champion])
    champion: Slot = winner
    if winner is not None and winner == lb_champion and lb_champion not in (None, BYE) and wb_champion != BYE:
        [champion], _ = play("grand final reset", [wb_champion, lb_champion])
    pending = tuple(f for fs in out for f in fs if not f.bye and f.result is None and f.a and f.b)
    return View(tuple(out), (), pending[:4], champion or None)


def _tie(number: int, stage: str, a: Slot, b: Slot, results: Sequence[Counted],
         used: set[int]) -> tuple[Fixture, Slot, Slot]:
    """One tie: its fixture, winner and loser (None: not decided; BYE: no player)."""
    if a == BYE or b == BYE:
        other = b if a == BYE else a
        return Fixture(number, stage, a or None, b or None, bye=True), other, BYE if other is not None else None
    if a is None or b is None:
        return Fixture(number, stage, a, b), None, None
    r = between(results, a, b, used, decisive=True)
    f = Fixture(number, stage, a, b, r)
    if r is None:
        return f, None, None
    return f, r.winner_name, r.loser_name
