"""Standings per game from counted results (pure), with each game's own tie-breaks.

* Master Move: exactly MM-26 as :mod:`pitchside.core.tournament` has it (a win 3
  points, a loss 0; then Move difference, then Moves scored; a forfeit counts 0-3
  against the side that quit, MM-25/MM-32): its ``league_table`` computes the rows.
* The other four games' rulebooks give no league or tie-break rule (docs/rules/; the
  rulings name none), so the league takes the same shape on each game's own headline
  score (``GameRules.score``: Pichenotte round points or race points, PI-21/PI-22;
  Pitchnut pieces, Boulomania points, Pitch Bowl goals): a win 3 points, a draw 1 (only
  Pichenotte and Pitch Bowl can draw), a loss 0; then score difference, then score for.
  This is an interpretation, written here and shown on the page (:data:`TIEBREAKS`).

Players still equal after every tie-break share a rank (``"2="``) and are listed in
seeding order (the league's player order, else first appearance).

Across venues: a fixture between roster players counts for their player ids at every
venue (:func:`across_venues`); a casual match (names only) counts only in its venue's
standings, by name (:func:`at_venue`): the same name at two venues is two players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitchside.core import tournament as mm
from pitchside.league.model import Counted

WIN, DRAW, LOSS = 3, 1, 0
GAMES = ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")

SCORE_NAMES = {
    "pichenotte": "round points",
    "pitchnut": "score",
    "boulomania": "points",
    "pitchbowl": "goals",
    "mastermove": "Moves",
}
TIEBREAKS = {
    "mastermove": "MM-26: win 3, loss 0; then Move difference, then Moves scored; a forfeit is 0-3 (MM-32)",
    **{g: f"win 3, draw 1, loss 0; then {SCORE_NAMES[g]} difference, then {SCORE_NAMES[g]} for "
          "(the rulebook gives no tie-break: the league's interpretation)"
       for g in ("pichenotte", "pitchnut", "boulomania", "pitchbowl")},
}


@dataclass(frozen=True, slots=True)
class Row:
    """One player's (or doubles team's) line. ``shared``: equal after every tie-break."""

    rank: int
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    score_for: float
    score_against: float
    points: int
    shared: bool = False

    @property
    def diff(self) -> float:
        return self.score_for - self.score_against

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)


def across_venues(results: Sequence[Counted]) -> list[Counted]:
    """The fixtures between roster players, their sides named by player id."""
    return [r.by_id() for r in results if r.ids is not None]


def at_venue(results: Sequence[Counted], venue: str) -> list[Counted]:
    """The matches played at ``venue`` (casual and fixtures), by name."""
    return [r for r in results if r.venue == venue]


def players(results: Sequence[Counted]) -> tuple[str, ...]:
    """Every name in ``results``, in order of first appearance (A before B)."""
    return tuple(dict.fromkeys(n for r in results for n in r.names))


def mm_result(r: Counted) -> mm.Result:
    """A counted Master Move match as the MM tournament's result (MM-32 for a forfeit).

    :raises pitchside.core.tournament.TournamentError: not a game to 3 Moves between two teams.
    """
    return mm.game_result(r.names[0], r.names[1], int(r.score[0]), int(r.score[1]), forfeit=r.forfeit_by)


def table(game: str, results: Sequence[Counted], seeding: Sequence[str] | None = None) -> tuple[Row, ...]:
    """The standings of ``game`` over ``results`` (others' games and matches of a side
    against itself are left out).

    :param seeding: the players in seeding order (all of them listed, played or not);
        None: everyone in ``results``, by first appearance.
    """
    mine = [r for r in results if r.game == game and r.names[0] != r.names[1]]
    order = tuple(dict.fromkeys(seeding)) if seeding is not None else players(mine)
    mine = [r for r in mine if r.names[0] in order and r.names[1] in order]
    if game == "mastermove":
        return _mastermove(order, mine)
    stats = {p: [0, 0, 0, 0, 0.0, 0.0, 0] for p in order}  # played won drawn lost for against points
    for r in mine:
        for i, name in enumerate(r.names):
            s = stats[name]
            s[0] += 1
            side = "AB"[i]
            k, pts = (1, WIN) if r.winner == side else (2, DRAW) if r.winner is None else (3, LOSS)
            s[k] += 1
            s[6] += pts
            s[4] += r.score[i]
            s[5] += r.score[1 - i]
    seed = {p: i for i, p in enumerate(order)}

    def key(p: str) -> tuple[float, float, float]:
        s = stats[p]
        return (s[6], s[4] - s[5], s[4])

    ranked = sorted(order, key=lambda p: (tuple(-k for k in key(p)), seed[p]))
    rows = []
    for p in ranked:
        first = next(j for j, q in enumerate(ranked) if key(q) == key(p))
        shared = sum(1 for q in ranked if key(q) == key(p)) > 1
        s = stats[p]
        rows.append(Row(first + 1, p, int(s[0]), int(s[1]), int(s[2]), int(s[3]), s[4], s[5], int(s[6]), shared))
    return tuple(rows)


def _mastermove(order: tuple[str, ...], results: Sequence[Counted]) -> tuple[Row, ...]:
    games = []
    for r in results:
        try:
            games.append(mm_result(r))
        except mm.TournamentError:  # not a game to 3 Moves: verify() passed it, so a rules change
            continue
    return tuple(Row(x.rank, x.team, x.played, x.won, 0, x.lost, x.moves_for, x.moves_against, x.points, x.shared)
                 for x in mm.league_table(order, tuple(games)))
