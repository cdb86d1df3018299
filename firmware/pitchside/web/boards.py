"""What the TV page shows of each game besides the headline score (the feed's ``board``,
docs/spec/feed.md): typed values built from the game's own ``State`` and its recent
inputs (:meth:`pitchside.core.match.Match.recent`), never from the replay output or the
panel's words.

One builder per game's state type (:data:`_BUILDERS`); a game without one gets
``board: null`` and the pages show its score only. Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pitchside.core.match import AnyMatch, Applied
from pitchside.core.rules import boulomania as bm
from pitchside.core.rules import mastermove as mm
from pitchside.core.rules.mastermove.board import N_COLS, N_ROWS
from pitchside.core.rules import pichenotte as pi
from pitchside.core.rules import pitchbowl as pb
from pitchside.core.rules import pitchnut as pn
from pitchside.core.sides import PerSide, Side

RECENT = 12
"""Inputs looked back at for the recent drops, dice and moves."""


@dataclass(frozen=True, slots=True)
class PichenotteBoard:
    """``round``: the round being played; ``twenties``: this round's twenties per side
    (PI-08); ``in_hand``/``on_board``: pucks; ``rounds``: each finished round's raw
    points (PI-10); ``target``: round points (``format`` rounds) or points (race) that win."""

    round: int
    phase: str
    format: str
    target: int
    twenties: PerSide[int]
    in_hand: PerSide[int]
    on_board: PerSide[int]
    rounds: tuple[PerSide[int], ...]


@dataclass(frozen=True, slots=True)
class PitchnutDrop:
    """One shot that pocketed something: who shot, the pieces, and per pocket 1-4 what
    the beams counted (None: entered by hand or not sensed)."""

    by: Side | None
    white: int
    black: int
    poison: bool
    pockets: tuple[int, int, int, int] | None


@dataclass(frozen=True, slots=True)
class PitchnutBoard:
    """``left``: pieces of each side's colour still on the board (None while the board is
    open, PN-10); ``white``/``black``: on the board per colour, of ``pieces`` each (PN-02); ``games``: games won,
    ``games_to_win`` (PN-A9); ``drops``: the recent shots that pocketed, newest first."""

    game_number: int
    games_to_win: int
    pieces: int
    games: PerSide[int]
    colours: PerSide[str | None]
    left: PerSide[int | None]
    white: int
    black: int
    owed: PerSide[int]
    bonus: int
    drops: tuple[PitchnutDrop, ...]


@dataclass(frozen=True, slots=True)
class BoulomaniaSpace:
    """A space of the board (BM-BOARD): ``n``, where (mm), a jack space or not, the bowl
    on it and whether the jack is there."""

    n: int
    x: float
    y: float
    jack_space: bool
    bowl: Side | None
    jack: bool


@dataclass(frozen=True, slots=True)
class BoulomaniaBoard:
    """The board, the last throw's dice (``dice_by`` threw them), the round, the bowls in
    hand and in the pocket, the team holding the point and the target (BM-18)."""

    round: int
    target: int
    spaces: tuple[BoulomaniaSpace, ...]
    dice: tuple[int, ...]
    dice_by: Side | None
    in_hand: PerSide[int]
    pocket: PerSide[int]
    holder: Side | None
    rounds: tuple[PerSide[int], ...]


@dataclass(frozen=True, slots=True)
class PitchBowlAction:
    """A once-a-turn action (PB-13) and whether it is used this turn."""

    name: str
    used: bool


@dataclass(frozen=True, slots=True)
class PitchBowlBoard:
    """``possession``: the team with the ball; ``active``: the team pitching;
    ``on_field`` players per side (PB-24); ``pitched`` and ``pitches_left`` this turn;
    the turn's actions; ``bonus``: a bonus pitch to come."""

    phase: str
    possession: Side | None
    active: Side | None
    kicker: Side | None
    on_field: PerSide[int]
    pitched: int
    pitches_left: int
    actions: tuple[PitchBowlAction, ...]
    bonus: bool


@dataclass(frozen=True, slots=True)
class MasterMoveBoard:
    """The pitch row by row (``rows`` strings of ``cols`` letters, ``.`` empty; upper case
    side A, MM-05), the squares of the last move (``A1``..``I16``; None before the first),
    the white area, the changes used (MM-22) and the phase."""

    rows: tuple[str, ...]
    last_move: tuple[str, str] | None
    last_by: Side | None
    white: tuple[str, ...]
    phase: str
    changes: PerSide[int]
    max_changes: int


Board = PichenotteBoard | PitchnutBoard | BoulomaniaBoard | PitchBowlBoard | MasterMoveBoard


def _pichenotte(match: AnyMatch) -> PichenotteBoard:
    s: pi.State = match.state
    o = s.options
    return PichenotteBoard(s.round, s.phase, o.format, o.rounds_to_win if o.format == "rounds" else o.race_target,
                           s.rail, s.hand, s.on_board, s.round_scores)


def _pitchnut(match: AnyMatch) -> PitchnutBoard:
    s: pn.State = match.state
    left = pn.on_board(s)

    def own(side: Side) -> int | None:
        colour = s.colours[side]
        return None if colour is None else (left.white if colour == "white" else left.black)

    drops = []
    for a in match.recent(RECENT):
        shot = a.inp
        if isinstance(shot, pn.Shot) and (shot.white or shot.black or shot.poison):
            before: pn.State = a.before
            drops.append(PitchnutDrop(before.turn, shot.white, shot.black, shot.poison, shot.sensed))
    return PitchnutBoard(s.game_number, s.options.games, s.options.pieces, s.score, PerSide(s.colours.A, s.colours.B),
                         PerSide(own("A"), own("B")), left.white, left.black, s.owed, s.bonus, tuple(drops[:5]))


def _dice(a: Applied[bm.State, bm.Input]) -> tuple[tuple[int, ...], Side | None] | None:
    inp, before = a.inp, a.before
    if isinstance(inp, bm.Point):
        return inp.dice, bm.turn(before)
    if isinstance(inp, bm.Shoot):
        return (inp.die,), bm.turn(before)
    if isinstance(inp, bm.JackRoll):
        return (inp.die,), before.starter
    if isinstance(inp, bm.StartRoll):
        return (inp.A, inp.B), None
    return None


def _boulomania(match: AnyMatch) -> BoulomaniaBoard:
    s: bm.State = match.state
    board = s.options.board
    spaces = tuple(BoulomaniaSpace(n, float(board.coords[n][0]), float(board.coords[n][1]), board.is_jack_space(n),
                                   s.spaces[n - 1], s.jack == n) for n in sorted(board.coords))
    dice: tuple[int, ...] = ()
    by: Side | None = None
    for a in match.recent(RECENT):
        thrown = _dice(a)
        if thrown is not None:
            dice, by = thrown
            break
    return BoulomaniaBoard(s.round, s.options.target, spaces, dice, by, s.hand, s.pocket, bm.holder(s),
                           s.round_scores)


def _pitchbowl(match: AnyMatch) -> PitchBowlBoard:
    s: pb.State = match.state
    actions = (PitchBowlAction("All-Out", s.all_out_used), PitchBowlAction("Pass", s.pass_used),
               PitchBowlAction("Strip", s.strip_used), PitchBowlAction("Pick Up", s.pickup_used))
    return PitchBowlBoard(s.phase, s.possession, s.active, s.kicker,
                          PerSide(pb.on_field(s, "A"), pb.on_field(s, "B")), s.pitched, pb.pitches_left(s),
                          actions, s.bonus_pending)


def _mastermove(match: AnyMatch) -> MasterMoveBoard:
    s: mm.State = match.state
    cells = s.board.cells
    rows = tuple("".join(cells[r * N_COLS:(r + 1) * N_COLS]) for r in range(N_ROWS))
    last: tuple[str, str] | None = None
    by: Side | None = None
    for a in match.recent(RECENT):
        if isinstance(a.inp, (mm.Move, mm.Change)):
            last = (mm.square_name(a.inp.frm), mm.square_name(a.inp.to))
            by = a.inp.side if isinstance(a.inp, mm.Change) else a.before.to_move
            break
        if isinstance(a.inp, (mm.Lineup, mm.Restart)):
            break  # a new line-up: the last move is off the board
    return MasterMoveBoard(rows, last, by, tuple(sorted(s.options.white_area)), s.phase, s.changes_used,
                           s.options.max_changes)


_BUILDERS: dict[type, Callable[[AnyMatch], Board]] = {
    pi.State: _pichenotte,
    pn.State: _pitchnut,
    bm.State: _boulomania,
    pb.State: _pitchbowl,
    mm.State: _mastermove,
}


def board(match: AnyMatch) -> Board | None:
    """The game's board for the pages, or None for a game without one."""
    build = _BUILDERS.get(type(match.state))
    return None if build is None else build(match)

