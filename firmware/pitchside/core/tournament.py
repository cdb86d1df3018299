"""Master Move club tournaments (pure): round robin, knockout, round robin with a final.

The rulebook's "Rules 5: tournament rules": rules MM-26 and MM-32 of
``docs/rules/mastermove.md``:

* Every game is played to 3 Moves (MM-15, MM-26): a result is ``3-x`` or ``x-3`` with
  ``x`` in 0..2. There are no draws.
* A forfeit (a side quits, MM-25) counts 0-3 against the side that quit, whatever the
  score was (MM-32): Move difference -3 for it, +3 for the other.
* Round robin (MM-26): every team plays every other once; a win is worth 3 points, a
  loss 0. On equal points the Move difference counts first, then the Moves scored.
  Teams still equal after both tie-breaks share their rank (``"3="``); the rulebook has
  no further tie-break, so they are *listed* in seeding order (the order of ``teams``)
  and, in ``round_robin_final``, seeding order picks the finalists among them (the CLI
  says so).
* Knockout: a single-elimination bracket seeded in the order of ``teams`` (seed 1
  first), the standard seeding (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight), with byes for the
  top seeds when the number of teams is not a power of two.
* ``round_robin_final``: the round robin, then a final between the first two of its
  standings; the final's winner is the champion.

Everything here is a pure function of a :class:`Tournament` value (teams, format,
results): the next pairing, the standings and the champion are recomputed from the
results, never stored. Entering, correcting and withdrawing a result (:func:`enter`,
:func:`correct`, :func:`withdraw`) keep an audit list in the tournament (what changed and
when it was entered, the time handed in by the caller). No I/O and no clock here:
:mod:`pitchside.app.tournament_file` reads and writes the files (with a lock), the CLI
(:mod:`pitchside.cli.tournament`) and the table's shell use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from pitchside.core.errors import PitchsideError

Format = Literal["round_robin", "knockout", "round_robin_final"]
FORMATS: tuple[Format, ...] = ("round_robin", "knockout", "round_robin_final")
FORMAT_NAMES: dict[str, str] = {
    "round_robin": "round robin",
    "knockout": "knockout",
    "round_robin_final": "round robin + final",
}
WIN_POINTS = 3
"""Standings points for a win (MM-26); a loss, forfeit or not, is worth 0."""
MOVES_TO_WIN = 3
"""Moves that win a game (MM-15)."""


class TournamentError(PitchsideError, ValueError):
    """A tournament or a result that cannot be (the message says why)."""


@dataclass(frozen=True, slots=True)
class Result:
    """One game's result: ``home`` and ``away`` teams and the Moves each scored.

    :param forfeit: the team that quit (MM-25), or None. A forfeit's Moves are always
        recorded as 3 for the other team and 0 for the quitter (MM-32).
    :param stage: ``""`` for a league or knockout game, ``"final"`` for the final of a
        ``round_robin_final``.
    """

    home: str
    away: str
    home_moves: int
    away_moves: int
    forfeit: str | None = None
    stage: str = ""

    @property
    def winner(self) -> str:
        return self.home if self.home_moves > self.away_moves else self.away

    @property
    def loser(self) -> str:
        return self.away if self.winner == self.home else self.home

    def teams(self) -> frozenset[str]:
        return frozenset((self.home, self.away))

    def text(self) -> str:
        """``"Yellow FC 3-1 Blue Town"``, ``"... (Blue Town quit)"`` for a forfeit."""
        tail = f" ({self.forfeit} quit)" if self.forfeit else ""
        stage = "final: " if self.stage == "final" else ""
        return f"{stage}{self.home} {self.home_moves}-{self.away_moves} {self.away}{tail}"


def game_result(home: str, away: str, home_moves: int, away_moves: int, forfeit: str | None = None,
                stage: str = "") -> Result:
    """A checked :class:`Result`; a forfeit's score is set to 0-3 against the quitter.

    :raises TournamentError: the same team twice, a score that is not a finished game
        to 3 Moves (MM-15), a quitter who did not play.
    """
    if home == away:
        raise TournamentError(f"a team cannot play itself ({home})")
    if forfeit is not None:
        if forfeit not in (home, away):
            raise TournamentError(f"{forfeit} did not play {home} v {away}: only a team of the game can quit")
        h, a = (0, MOVES_TO_WIN) if forfeit == home else (MOVES_TO_WIN, 0)
        return Result(home, away, h, a, forfeit, stage)
    for n in (home_moves, away_moves):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MOVES_TO_WIN:
            raise TournamentError(f"Moves are 0..{MOVES_TO_WIN}, not {n!r}")
    if sorted((home_moves, away_moves))[1] != MOVES_TO_WIN or home_moves == away_moves:
        raise TournamentError(
            f"{home_moves}-{away_moves} is not a finished game: the winner has {MOVES_TO_WIN} Moves, "
            f"the loser 0-{MOVES_TO_WIN - 1} (MM-15); a forfeit is entered as one"
        )
    return Result(home, away, home_moves, away_moves, None, stage)


@dataclass(frozen=True, slots=True)
class Pairing:
    """A game to play: ``home`` v ``away``; ``round`` 1-based; ``stage`` ``"league"``,
    ``"final"`` or a knockout round's name (``"semi-final"``)."""

    home: str
    away: str
    round: int
    stage: str = "league"

    def text(self) -> str:
        label = "" if self.stage == "league" else f"{self.stage}: "
        return f"{label}{self.home} v {self.away}"


Action = Literal["result", "correct", "withdraw"]


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One change to a tournament's results, as entered: ``at`` when it was entered (an
    ISO 8601 time handed in by the caller), ``action``, ``result`` the result entered,
    corrected to or withdrawn (:meth:`Result.text`), ``was`` the result a correction
    replaced (``""`` otherwise)."""

    at: str
    action: Action
    result: str
    was: str = ""

    def text(self) -> str:
        """``"2026-12-01T20:15:00+00:00 correct: Reds 3-1 Greens (was Reds 3-2 Greens)"``."""
        was = f" (was {self.was})" if self.was else ""
        return f"{self.at} {self.action}: {self.result}{was}"


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament: its ``teams`` in seeding order, its format, the results in effect
    and the ``audit`` list of every result entered, corrected or withdrawn."""

    name: str
    format: Format
    teams: tuple[str, ...]
    results: tuple[Result, ...] = field(default=())
    audit: tuple[AuditEntry, ...] = field(default=())


def new_tournament(name: str, fmt: str, teams: tuple[str, ...] | list[str]) -> Tournament:
    """:raises TournamentError: an unknown format, fewer than 2 teams, a team named
    twice or a blank name."""
    if fmt not in FORMATS:
        raise TournamentError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    names = tuple(str(t).strip() for t in teams)
    if any(not n for n in names):
        raise TournamentError("a team needs a name")
    if len({n.casefold() for n in names}) != len(names):
        raise TournamentError(f"a team is named twice in {list(names)}")
    if len(names) < 2:
        raise TournamentError("a tournament needs at least 2 teams")
    if fmt == "round_robin_final" and len(names) < 3:
        raise TournamentError("a round robin with a final needs at least 3 teams")
    return Tournament(name.strip() or "Tournament", fmt, names)


# --- round robin ----------------------------------------------------------------------


def round_robin_schedule(teams: tuple[str, ...]) -> tuple[Pairing, ...]:
    """Every pairing of a single round robin, round by round (the circle method: the
    first team stays, the others turn; with an odd number one team rests each round).
    Home and away alternate for the fixed team from round to round."""
    slots: list[str | None] = list(teams) + ([None] if len(teams) % 2 else [])
    n = len(slots)
    out: list[Pairing] = []
    for rnd in range(n - 1):
        for i in range(n // 2):
            a, b = slots[i], slots[n - 1 - i]
            if a is None or b is None:
                continue
            if i == 0 and rnd % 2 == 1:
                a, b = b, a
            out.append(Pairing(a, b, rnd + 1))
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Row:
    """One team's line in the standings. ``rank`` is shared by teams the tie-breaks
    cannot separate (``shared`` is then True)."""

    rank: int
    team: str
    played: int
    won: int
    lost: int
    moves_for: int
    moves_against: int
    points: int
    shared: bool = False

    @property
    def diff(self) -> int:
        """Move difference (MM-26)."""
        return self.moves_for - self.moves_against

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)


def _league_results(t: Tournament) -> tuple[Result, ...]:
    return tuple(r for r in t.results if r.stage != "final")


def _tally(teams: tuple[str, ...], results: tuple[Result, ...]) -> dict[str, list[int]]:
    """played, won, lost, moves for, moves against, points per team."""
    stats = {team: [0, 0, 0, 0, 0, 0] for team in teams}
    for r in results:
        for team, mf, ma in ((r.home, r.home_moves, r.away_moves), (r.away, r.away_moves, r.home_moves)):
            s = stats[team]
            s[0] += 1
            won = r.winner == team
            s[1 if won else 2] += 1
            s[3] += mf
            s[4] += ma
            s[5] += WIN_POINTS if won else 0
    return stats


def league_table(teams: tuple[str, ...], results: tuple[Result, ...]) -> tuple[Row, ...]:
    """Round-robin standings (MM-26): points, then Move difference, then Moves scored;
    teams still equal share a rank and are listed in seeding order."""
    stats = _tally(teams, results)
    seed = {team: i for i, team in enumerate(teams)}

    def key(team: str) -> tuple[int, int, int]:
        s = stats[team]
        return (s[5], s[3] - s[4], s[3])

    order = sorted(teams, key=lambda team: (tuple(-k for k in key(team)), seed[team]))
    rows = []
    for i, team in enumerate(order):
        first = next(j for j, other_team in enumerate(order) if key(other_team) == key(team))
        shared = sum(1 for other_team in order if key(other_team) == key(team)) > 1
        s = stats[team]
        rows.append(Row(first + 1, team, s[0], s[1], s[2], s[3], s[4], s[5], shared))
    return tuple(rows)


def _played(results: tuple[Result, ...], a: str, b: str, stage: str = "") -> Result | None:
    for r in results:
        if r.teams() == frozenset((a, b)) and r.stage == stage:
            return r
    return None


# --- knockout -------------------------------------------------------------------------


def seeding_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket slot order for a bracket of ``size`` (a power of 2):
    1 v ``size``, then the others so the top seeds meet as late as possible."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for x in order for s in (x, n + 1 - x)]
    return order


def round_name(rounds_left: int) -> str:
    """``"final"`` for the last round, ``"semi-final"``, ``"quarter-final"``, else
    ``"round of N"``."""
    return {1: "final", 2: "semi-final", 3: "quarter-final"}.get(rounds_left, f"round of {2 ** rounds_left}")


@dataclass(frozen=True, slots=True)
class Tie:
    """One knockout match: its teams (None while unknown, or a bye), its round and,
    once played, its result."""

    round: int
    stage: str
    home: str | None
    away: str | None
    result: Result | None = None
    bye: bool = False

    @property
    def winner(self) -> str | None:
        if self.bye:
            return self.home or self.away
        return self.result.winner if self.result else None


def bracket(t: Tournament) -> tuple[tuple[Tie, ...], ...]:
    """The knockout bracket, round by round, with the results entered so far."""
    n = len(t.teams)
    size = 1
    while size < n:
        size *= 2
    rounds = size.bit_length() - 1
    slots: list[str | None] = [t.teams[s - 1] if s <= n else None for s in seeding_order(size)]
    out: list[tuple[Tie, ...]] = []
    entrants: list[str | None] = slots
    byes_possible = True
    for rnd in range(1, rounds + 1):
        stage = round_name(rounds - rnd + 1)
        ties = []
        for i in range(0, len(entrants), 2):
            home, away = entrants[i], entrants[i + 1]
            if byes_possible and (home is None or away is None):
                ties.append(Tie(rnd, stage, home, away, None, bye=True))
                continue
            result = _played(t.results, home, away) if home and away else None
            ties.append(Tie(rnd, stage, home, away, result))
        out.append(tuple(ties))
        entrants = [tie.winner for tie in ties]
        byes_possible = False
    return tuple(out)


# --- queries over any format ----------------------------------------------------------


def next_pairing(t: Tournament) -> Pairing | None:
    """The next game to play, or None when the tournament is over (or, in a knockout,
    waiting for nothing: every known game has a result)."""
    if t.format == "knockout":
        for ties in bracket(t):
            for tie in ties:
                if not tie.bye and tie.result is None and tie.home and tie.away:
                    return Pairing(tie.home, tie.away, tie.round, tie.stage)
        return None
    league = _league_results(t)
    for p in round_robin_schedule(t.teams):
        if _played(league, p.home, p.away) is None:
            return p
    if t.format == "round_robin_final":
        rows = league_table(t.teams, league)
        first, second = rows[0].team, rows[1].team
        if _played(t.results, first, second, "final") is None:
            rounds = round_robin_schedule(t.teams)[-1].round
            return Pairing(first, second, rounds + 1, "final")
    return None


def champion(t: Tournament) -> str | None:
    """The winner once the tournament is over, else None."""
    if next_pairing(t) is not None:
        return None
    if t.format == "knockout":
        final = bracket(t)[-1][0]
        return final.winner
    if t.format == "round_robin_final":
        played = next((r for r in t.results if r.stage == "final"), None)
        return played.winner if played else None
    return league_table(t.teams, t.results)[0].team


def standings(t: Tournament) -> tuple[Row, ...]:
    """The standings table.

    * Round robin: :func:`league_table` of all results.
    * Round robin with a final: the league table of the round robin; once the final is
      played, its winner is ranked 1 and the loser 2 (the final is not counted in the
      points, Moves or games of the table: those are the league's).
    * Knockout: teams by the round they reached (the champion first), then by the
      round-robin criteria over the games they played (points, Move difference, Moves
      scored); teams out in the same round with equal figures share a rank.
    """
    if t.format == "round_robin":
        return league_table(t.teams, t.results)
    if t.format == "round_robin_final":
        rows = league_table(t.teams, _league_results(t))
        final = next((r for r in t.results if r.stage == "final"), None)
        if final is None:
            return rows
        top = {final.winner: 1, final.loser: 2}
        head = sorted((r for r in rows if r.team in top), key=lambda r: top[r.team])
        tail = [r for r in rows if r.team not in top]
        out = [replace(r, rank=top[r.team], shared=False) for r in head]
        # the others keep their league rank, which is at least 3
        out += [replace(r, rank=max(r.rank, 3)) for r in tail]
        return tuple(out)
    # knockout
    reached = {team: 0 for team in t.teams}
    for ties in bracket(t):
        for tie in ties:
            for team in (tie.home, tie.away):
                if team is not None:
                    reached[team] = tie.round
    champ = champion(t)
    if champ is not None:
        reached[champ] += 1
    stats = _tally(t.teams, t.results)
    seed = {team: i for i, team in enumerate(t.teams)}

    def key(team: str) -> tuple[int, int, int, int]:
        s = stats[team]
        return (reached[team], s[5], s[3] - s[4], s[3])

    order = sorted(t.teams, key=lambda team: (tuple(-k for k in key(team)), seed[team]))
    out_rows: list[Row] = []
    for team in order:
        first = next(j for j, o in enumerate(order) if key(o) == key(team))
        shared = sum(1 for o in order if key(o) == key(team)) > 1
        s = stats[team]
        out_rows.append(Row(first + 1, team, s[0], s[1], s[2], s[3], s[4], s[5], shared))
    return tuple(out_rows)


def add_result(t: Tournament, result: Result) -> Tournament:
    """``t`` with ``result`` entered.

    :raises TournamentError: an unknown team, a game already played, a game that is not
        due in this format (a knockout game between teams that do not meet now, a league
        game after the final, a final between other teams than the top two).
    """
    for team in (result.home, result.away):
        if team not in t.teams:
            raise TournamentError(f"{team!r} is not in this tournament ({', '.join(t.teams)})")
    due = next_pairing(t)
    if t.format == "knockout":
        if due is None:
            raise TournamentError("the knockout is over: no game is due")
        open_ties = [tie for ties in bracket(t) for tie in ties
                     if not tie.bye and tie.result is None and tie.home and tie.away]
        match = next((tie for tie in open_ties if {tie.home, tie.away} == set(result.teams())), None)
        if match is None:
            waiting = ", ".join(f"{tie.home} v {tie.away}" for tie in open_ties)
            raise TournamentError(f"{result.home} v {result.away} is not a knockout game now (due: {waiting})")
        return replace(t, results=t.results + (replace(result, stage=""),))
    league = _league_results(t)
    league_over = all(_played(league, p.home, p.away) for p in round_robin_schedule(t.teams))
    if not league_over:
        if _played(league, result.home, result.away) is not None:
            raise TournamentError(f"{result.home} and {result.away} have played each other already")
        return replace(t, results=t.results + (replace(result, stage=""),))
    if t.format == "round_robin":
        raise TournamentError("every game of the round robin has a result: the tournament is over")
    if due is None:
        raise TournamentError("the final has been played: the tournament is over")
    if result.teams() != frozenset((due.home, due.away)):
        raise TournamentError(f"the final is {due.home} v {due.away}, the first two of the round robin")
    return replace(t, results=t.results + (replace(result, stage="final"),))


def is_over(t: Tournament) -> bool:
    return next_pairing(t) is None


# --- entering, correcting and withdrawing results (with the audit list) ----------------


def rebuild(t: Tournament, results: tuple[Result, ...]) -> Tournament:
    """``t`` with its results replaced by ``results``, each checked in order as
    :func:`add_result` does (the audit list is kept as it is).

    :raises TournamentError: a result that is not due where it stands (naming it).
    """
    out = replace(t, results=())
    for r in results:
        try:
            out = add_result(out, r)
        except TournamentError as exc:
            raise TournamentError(f"{r.text()}: {exc}") from None
    return out


def find_result(t: Tournament, home: str, away: str, final: bool = False) -> int:
    """The index in ``t.results`` of the game between ``home`` and ``away`` (either
    order; ``final``: the final of a ``round_robin_final``, else the league or knockout
    game).

    :raises TournamentError: no such result.
    """
    stage = "final" if final else ""
    for i, r in enumerate(t.results):
        if r.teams() == frozenset((home, away)) and r.stage == stage:
            return i
    what = "final" if final else "game"
    raise TournamentError(f"no {what} {home} v {away} has a result to change")


def enter(t: Tournament, result: Result, at: str) -> Tournament:
    """:func:`add_result`, with the entry in the audit list (``at``: when it was entered).

    :raises TournamentError: as :func:`add_result`.
    """
    out = add_result(t, result)
    return replace(out, audit=t.audit + (AuditEntry(at, "result", out.results[-1].text()),))


def correct(t: Tournament, home: str, away: str, result: Result, at: str, final: bool = False) -> Tournament:
    """``t`` with the result of ``home`` v ``away`` replaced by ``result`` (same teams;
    the later results are checked again, in order), and the correction in the audit list.

    :raises TournamentError: no such result, other teams, or a later result that the
        correction makes impossible (a knockout tie now between other teams).
    """
    i = find_result(t, home, away, final)
    old = t.results[i]
    if result.teams() != old.teams():
        raise TournamentError(f"a correction keeps the teams: {old.home} v {old.away}")
    new = replace(result, stage=old.stage)
    out = rebuild(t, t.results[:i] + (new,) + t.results[i + 1:])
    return replace(out, audit=t.audit + (AuditEntry(at, "correct", new.text(), old.text()),))


def withdraw(t: Tournament, home: str, away: str, at: str, final: bool = False) -> Tournament:
    """``t`` without the result of ``home`` v ``away`` (the game is due again), and the
    withdrawal in the audit list.

    :raises TournamentError: no such result, or a later result that depends on it (a
        knockout game its winner played, a final).
    """
    i = find_result(t, home, away, final)
    old = t.results[i]
    out = rebuild(t, t.results[:i] + t.results[i + 1:])
    return replace(out, audit=t.audit + (AuditEntry(at, "withdraw", old.text()),))


# --- what a table shows of a tournament ----------------------------------------------------


def footer_text(t: Tournament) -> str:
    """``"Next: Reds v Greens"`` or ``"Champion: Blue Town"``."""
    nxt = next_pairing(t)
    if nxt is not None:
        return f"Next: {nxt.text()}"
    champ = champion(t)
    return f"Champion: {champ}" if champ else "Over"


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """What a Master Move table shows of a tournament, as read from its file by the
    shell: its name, the standings rows and the footer (``"Next: Reds v Greens"``,
    ``"Champion: Reds"``; a file that could not be read: why)."""

    name: str
    rows: tuple[Row, ...]
    footer: str


def tournament_info(t: Tournament) -> TournamentInfo:
    """The snapshot of ``t`` a table shows."""
    return TournamentInfo(t.name, standings(t), footer_text(t))


def unreadable_tournament(reason: str) -> TournamentInfo:
    """The snapshot of a tournament file that could not be read (``reason`` says why)."""
    return TournamentInfo("TOURNAMENT", (), f"File: {reason}")
