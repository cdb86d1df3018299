"""Master Move at the table: the table's state and its flow, a pure function :func:`handle` of
(table state, event) (the package's docstring, :mod:`pitchside.tables.mastermove`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.errors import IllegalInput
from pitchside.core.match import UNDONE, Match
from pitchside.core.notice import Notice
from pitchside.core.record.mastermove import MasterMoveCodec
from pitchside.core.rules import mastermove as rules
from pitchside.core.words.mastermove import describe as describe  # the game's words, for its table
from pitchside.core.sides import SIDES, PerSide, Side
from pitchside.core.step import Step
from pitchside.core.tournament import TournamentInfo
from pitchside.render.view import Prompt
from pitchside.signals import move_protocol as proto
from pitchside.signals import events as ev
from pitchside.tables import common
from pitchside.tables.effects import CoinTossed, DiceRolled, Event, SensorHealthRead, TableEffect, TossCoin, TournamentLoaded
from pitchside.tables.effects import DraftChanged, FixtureOffered

if TYPE_CHECKING:
    from pitchside.render.mastermove import StandingsView


GameMatch = Match[rules.Options, rules.State, rules.Input]
"""This game's match (its options, state and inputs typed)."""

SOURCE = "moves"
"""The serial device name of the move source (``[serial.moves]``)."""

Placement = tuple[tuple[rules.Square, rules.Kind], ...]


def _placement(groups: dict[rules.Kind, tuple[str, ...]]) -> Placement:
    return tuple((rules.square(sq), kind) for kind in rules.KINDS for sq in groups[kind])


STANDARD_LINEUPS: PerSide[Placement] = PerSide(
    _placement({"keeper": ("E1",), "defender": ("C2", "G2"), "winger": ("B3", "E4", "H3"),
                "runner": ("D8", "F8"), "joker": ("E7",), "raider": ("B7", "H7")}),
    _placement({"keeper": ("E16",), "defender": ("C15", "G15"), "winger": ("B14", "E13", "H14"),
                "runner": ("C9", "G9"), "joker": ("E10",), "raider": ("B10", "H10")}),
)  # fmt: skip
"""The line-ups the buttons start from (the example game of the record format,
:mod:`pitchside.core.rules.mastermove.record`); both keep MM-05 and MM-19."""

Effect = TableEffect


@dataclass(frozen=True, slots=True)
class Entry:
    """The button entry: ``cursor`` the highlighted square (None: hidden), ``pick`` the
    piece chosen (its square) whose destination is being chosen."""

    cursor: rules.Square | None = None
    pick: rules.Square | None = None


def standings_pages(info: TournamentInfo) -> tuple[StandingsView, ...]:
    """The standings screens of ``info``, :data:`STANDINGS_ROWS` teams a page."""
    from pitchside.render.mastermove import STANDINGS_ROWS, StandingsView  # at the first standings screen

    pages = max(1, -(-len(info.rows) // STANDINGS_ROWS))
    return tuple(StandingsView(info.name, info.rows, info.footer, i * STANDINGS_ROWS) for i in range(pages))


@dataclass(frozen=True, slots=True)
class TableState:
    """The table: the match (with its undo history), the button entry, the line-ups
    the buttons propose, the prompt line and the move source's state."""

    match: GameMatch
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    entry: Entry = Entry()
    drafts: PerSide[Placement] = STANDARD_LINEUPS
    source: str | None = None
    """What the move source said it is (``HELLO``), or None."""
    source_ok: bool | None = None
    """The move source's port: connected, lost, or None (none configured or not heard)."""
    lines: int = 0
    """Lines received from the move source (commands and refused lines)."""
    refused_lines: int = 0
    confirm_quit: Side | None = None
    """A quit asked for on the panel (hold NEXT): the side that would quit, until
    DONE sends it or another button cancels it."""
    tournament: TournamentInfo | None = None
    """The tournament the table shows (None: no tournament file configured)."""
    standings_page: int | None = None
    """The standings page shown after a game (NEXT), or None: the game screen."""


def new_table(options: rules.Options | None = None, names: tuple[str, str] = ("A", "B")) -> TableState:
    """A table with a new game waiting for both line-ups."""
    return TableState(Match.start(MasterMoveCodec(), options or rules.Options()), names=names)


def resumed(match: GameMatch, names: tuple[str, str], last_was_undo: bool) -> TableState:
    """The table rebuilt from a journal, with the prompt its last input left."""
    ts = TableState(match, names=names, drafts=lineups_of(match))
    return copy_with(ts, prompt=_notice(ts, common.resumed_notices(match, last_was_undo)))


def lineups_of(match: GameMatch) -> PerSide[Placement]:
    """The line-ups the buttons propose after the match's last input or undo: each
    side's line-up in effect, else the standard one (:data:`STANDARD_LINEUPS`). Moves of
    a proposal not sent are journaled as drafts (:class:`DraftChanged`, shown again by
    :func:`pitchside.tables.mastermove.drafts.with_drafts`), never as inputs: an
    accepted input or an undo drops them."""
    drafts = STANDARD_LINEUPS
    for inp in match.inputs:
        if isinstance(inp, rules.Lineup):
            drafts = drafts.set(inp.side, inp.placement)
    return drafts


def _notice(ts: TableState, notices: tuple[Notice, ...]) -> Prompt | None:
    """The prompt after an accepted input: its last notice in short words, unless the
    new screen says it already (the toss screen, the changes screen after a Move!
    (MM-16), the result screen)."""
    chosen = common.pick(notices)
    if chosen is None or ts.match.state.phase in ("toss", "finished") or any(n.code == "move_scored" for n in notices):
        return None
    return common.said(chosen, ts.names, describe)


def _refuse(ts: TableState, exc: IllegalInput, inp: rules.Input | None = None) -> TableState:
    """The rules' refusal on the display: the rule ID (and the move refused) in the
    box's title, the refusal's short words below it."""
    rule = exc.rule
    if isinstance(inp, (rules.Move, rules.Change)):
        rule = f"{rule}  {rules.square_name(inp.frm)}-{rules.square_name(inp.to)}"
    return common.refuse(ts, exc.notice, describe, rule=rule)


def _refuse_line(ts: TableState, text: str, reason: str) -> TableState:
    """A line of the move source that is not a command (rule ``LINE``): the line as
    received and the protocol's reason, as written (its sides are the protocol's A/B)."""
    shown = " ".join(text.split())[:16]
    return copy_with(ts, prompt=Prompt(f"'{shown}': {reason}", "refusal", "LINE"))


def lining_side(ts: TableState) -> Side | None:
    """The side whose line-up the buttons set now: the first without one (phase
    ``lineup``), else None."""
    if ts.match.state.phase != "lineup":
        return None
    for side in SIDES:
        if not any(True for _ in ts.match.state.board.pieces(side)):
            return side
    return None


def _draft_board(ts: TableState) -> rules.Board:
    """The board with the line-ups sent so far and the proposed one of the side lining
    up."""
    side = lining_side(ts)
    board = ts.match.state.board
    if side is None:
        return board
    placed = list(board.without(side).pieces()) + [(sq, rules.Piece(side, k)) for sq, k in ts.drafts[side]]
    return rules.Board.from_pieces(placed)


def candidates(ts: TableState) -> tuple[rules.Square, ...]:
    """The squares the cursor may stop on now, in board order (module docstring)."""
    game, pick = ts.match.state, ts.entry.pick
    if game.phase == "play":
        moves = rules.legal_moves(game)
        if pick is None:
            return tuple(sorted({m.frm for m in moves}))
        return tuple(sorted(m.to for m in moves if m.frm == pick))
    if game.phase == "changes":
        board = game.board
        if pick is None:
            sides = [s for s in SIDES if game.credit[s] > 0]
            return tuple(sorted(sq for s in sides for sq, _ in board.pieces(s)))
        piece = board.get(pick)
        if piece is None:
            return ()
        return _placeable(board, piece, pick, game.options)
    side = lining_side(ts)
    if side is None:
        return ()
    board = _draft_board(ts)
    if pick is None:
        return tuple(sorted(sq for sq, _ in ts.drafts[side]))
    piece = board.get(pick)
    return _placeable(board, piece, pick, game.options) if piece else ()


def _placeable(board: rules.Board, piece: rules.Piece, frm: rules.Square, options: rules.Options) -> tuple[int, ...]:
    """Free squares where ``piece`` may be set up (MM-19), for a change or a line-up."""
    return tuple(
        sq for sq in range(144)
        if sq != frm and board.is_free(sq) and rules.lineup_problem(piece.side, piece.kind, sq, options) is None
    )  # fmt: skip


def _step_cursor(ts: TableState, step: int) -> TableState:
    cands = candidates(ts)
    if not cands:
        return copy_with(ts, prompt=Prompt(_nothing_to_pick(ts), "info"))
    cur = ts.entry.cursor
    if cur is None or cur not in cands:
        base = cur if cur is not None else (ts.entry.pick if ts.entry.pick is not None else -1)
        if step > 0:
            nxt = next((c for c in cands if c > base), cands[0])
        else:
            nxt = next((c for c in reversed(cands) if c < base), cands[-1]) if base >= 0 else cands[-1]
    else:
        nxt = cands[(cands.index(cur) + step) % len(cands)]
    return copy_with(ts, entry=copy_with(ts.entry, cursor=nxt), prompt=None)


def _next_row(ts: TableState) -> TableState:
    cands = candidates(ts)
    if not cands:
        return copy_with(ts, prompt=Prompt(_nothing_to_pick(ts), "info"))
    cur = ts.entry.cursor
    row = -1 if cur is None else cur // 16
    nxt = next((c for c in cands if c // 16 > row), cands[0])
    return copy_with(ts, entry=copy_with(ts.entry, cursor=nxt), prompt=None)


def _nothing_to_pick(ts: TableState) -> str:
    """Why the cursor has nowhere to go, from what the rules accept now
    (:func:`~pitchside.core.rules.mastermove.legal_inputs`)."""
    legal = rules.legal_inputs(ts.match.state)
    if "restart" in legal and "change" not in legal:
        return "No change left: DONE restarts"
    if "coin_toss" in legal:
        return "Both lined up: COIN tosses"
    if not legal:
        return "Game over: NEW for a new game"
    return "Nothing to pick here"


def _nearest(cands: tuple[int, ...], sq: int) -> int:
    """The candidate nearest to ``sq`` (king steps), first in board order on a tie."""
    r, c = divmod(sq, 16)
    return min(cands, key=lambda x: (max(abs(x // 16 - r), abs(x % 16 - c)), x))


def _commit(ts: TableState, inp: rules.Input, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    def after(new: TableState, step: Step[rules.State]) -> TableState:
        new = copy_with(new, entry=Entry(), drafts=lineups_of(new.match))  # the proposal follows what was sent
        return copy_with(new, prompt=_notice(new, step.effects))

    def refused(old: TableState, exc: IllegalInput) -> TableState:
        return _refuse(old, exc, inp)

    return common.commit(ts, inp, at, after, refused)


def _undo(ts: TableState, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    new, effects = common.undo(ts, at, _undone, _nothing_to_undo)
    if not effects and new.drafts != ts.drafts:  # nothing to undo: the line-ups back to the standard ones
        return new, tuple(DraftChanged(side, None) for side in SIDES if ts.drafts[side] != new.drafts[side])
    return new, effects


def _undone(ts: TableState) -> TableState:
    new = copy_with(ts, entry=Entry(), drafts=lineups_of(ts.match))
    return copy_with(new, prompt=_notice(new, (UNDONE,)))


def _nothing_to_undo(ts: TableState, exc: IllegalInput) -> TableState:
    """An undo before the first input: the line-ups the buttons moved go back to the
    standard ones, else the refusal (rule ``UNDO``)."""
    if ts.drafts != STANDARD_LINEUPS:
        return copy_with(ts, drafts=STANDARD_LINEUPS, entry=Entry(),
                       prompt=Prompt("Line-ups back to the standard ones", "info"))
    return _refuse(ts, exc)


def handle(ts: TableState, event: Event) -> tuple[TableState, tuple[Effect, ...]]:
    """Apply one table event.

    :returns: the new table state and its effects (journal an accepted input, toss the
        coin). An input the rules forbid, or a line that is not one, leaves the match
        unchanged and puts the reason on the display.
    """
    match event:
        case CoinTossed(winner=winner, at=at):
            return _commit(ts, rules.CoinToss(winner), at)
        case TournamentLoaded(info=info):  # the shell's read of the tournament file
            return copy_with(ts, tournament=info), ()
        case ev.SerialLine(name=name, text=text, at=at):
            return _line(ts, text, at) if name == SOURCE else (ts, ())
        case ev.SerialStatus(name=name) if name != SOURCE:
            return ts, ()
        case ev.SerialStatus(connected=True):
            return copy_with(ts, source_ok=True, prompt=Prompt("Move source connected", "info")), ()
        case ev.SerialStatus(detail=detail):
            return copy_with(ts, source_ok=False, prompt=Prompt(f"Move source: {detail}", "warning")), ()
        case ev.SensorNoisy(name=name, detail=detail):
            return common.warn(ts, f"SENSOR {name}: {detail}"), ()
        case ev.ButtonHeld(name=name):
            return _held(ts, name)
        case ev.ButtonPressed(name=name, at=at):
            return _press(ts, name, at)
        case (ev.ButtonReleased() | ev.BeamBroken() | ev.TimerFired() | DiceRolled() | ev.CoinInserted() | ev.CoinFault() | SensorHealthRead()
              | FixtureOffered()):
            return ts, ()  # not Master Move's
        case _:
            assert_never(event)


def _held(ts: TableState, name: str) -> tuple[TableState, tuple[Effect, ...]]:
    """A long press: NEXT asks to quit (the confirm screen), for the side to move, or
    the side restarting after a Move!, or A before the game."""
    if name != "next" or ts.match.state.phase == "finished" or ts.confirm_quit is not None:
        return ts, ()
    side: Side = ts.match.state.to_move or ts.match.state.restarting or "A"
    return copy_with(ts, confirm_quit=side, entry=Entry(), prompt=None), ()


def _confirming(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    """A press while the quit question is open: + - switch the side, DONE quits
    (MM-25), anything else cancels."""
    side = ts.confirm_quit or "A"
    if name in ("plus", "minus"):
        return copy_with(ts, confirm_quit="B" if side == "A" else "A"), ()
    asked = copy_with(ts, confirm_quit=None)
    if name == "shot_done":
        return _commit(asked, rules.Quit(side), at)
    return copy_with(asked, prompt=Prompt("Quit cancelled", "info")), ()


def _line(ts: TableState, text: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    """One line from the move source (:mod:`pitchside.signals.move_protocol`)."""
    ts = copy_with(ts, lines=ts.lines + 1)
    try:
        cmd = proto.parse_line(text)
    except proto.ProtocolError as exc:
        return copy_with(_refuse_line(ts, text, exc.reason), refused_lines=ts.refused_lines + 1), ()
    if cmd is None:
        return ts, ()
    if isinstance(cmd, proto.Hello):
        name = cmd.device or "move source"
        return copy_with(ts, source=name, source_ok=True, prompt=Prompt(f"{name} ({proto.PROTOCOL}) ready", "info")), ()
    if isinstance(cmd, proto.Undo):
        return _undo(ts, at)
    if isinstance(cmd, proto.Toss):
        if ts.match.state.phase == "toss":
            return copy_with(ts, prompt=None), (TossCoin(),)
        return _commit(ts, rules.CoinToss("A"), at)  # refused: the engine says why
    return _commit(ts, cmd.input, at)


def _press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    game, e = ts.match.state, ts.entry
    if ts.confirm_quit is not None:
        return _confirming(ts, name, at)
    if name == "next" and game.phase == "finished" and ts.tournament is not None:
        page = 0 if ts.standings_page is None else ts.standings_page + 1
        return copy_with(ts, standings_page=page if page < len(standings_pages(ts.tournament)) else None), ()
    if ts.standings_page is not None:  # another button: back to the result screen
        return copy_with(ts, standings_page=None), ()
    if name == "undo":
        if e.pick is not None:
            return copy_with(ts, entry=Entry(cursor=e.pick), prompt=None), ()
        if e.cursor is not None:
            return copy_with(ts, entry=Entry(), prompt=None), ()
        return _undo(ts, at)
    if game.phase == "finished":
        text = "Game over: NEW, NEXT: table" if ts.tournament is not None else "Game over: press NEW"
        return copy_with(ts, prompt=Prompt(text, "info")), ()
    if name == "coin":
        if game.phase == "toss":
            return copy_with(ts, prompt=None), (TossCoin(),)
        return _commit(ts, rules.CoinToss("A"), at)  # refused with the engine's reason
    if name in ("plus", "minus"):
        return _step_cursor(ts, 1 if name == "plus" else -1), ()
    if name == "next":
        return _next_row(ts), ()
    if name == "shot_done":
        return _ok(ts, at)
    return ts, ()


def _ok(ts: TableState, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    game, e = ts.match.state, ts.entry
    if e.cursor is None:
        if game.phase == "lineup":
            side = lining_side(ts) or "A"
            return _commit(ts, rules.Lineup(side, ts.drafts[side]), at)
        if game.phase == "toss":
            return copy_with(ts, prompt=None), (TossCoin(),)
        if game.phase == "changes":
            return _commit(ts, rules.Restart(), at)
        return copy_with(ts, prompt=Prompt("+ - NEXT: pick a piece, DONE: OK", "info")), ()
    if e.pick is None:
        if e.cursor not in candidates(ts):
            return copy_with(ts, entry=Entry(), prompt=Prompt("Nothing there to pick", "info")), ()
        picked = copy_with(ts, entry=Entry(pick=e.cursor))
        dests = candidates(picked)
        if not dests:
            return copy_with(ts, prompt=Prompt("That piece has nowhere to go", "info")), ()
        return copy_with(picked, entry=Entry(_nearest(dests, e.cursor), e.cursor), prompt=None), ()
    frm, to = e.pick, e.cursor
    if game.phase == "play":
        return _commit(ts, rules.Move(frm, to), at)
    if game.phase == "changes":
        piece = game.board.get(frm)
        changing: Side = piece.side if piece else "A"
        return _commit(ts, rules.Change(changing, frm, to), at)
    side2 = lining_side(ts)
    if side2 is None:
        return copy_with(ts, entry=Entry()), ()
    placement = tuple((to if sq == frm else sq, kind) for sq, kind in ts.drafts[side2])
    moved = copy_with(ts, drafts=ts.drafts.set(side2, placement), entry=Entry(cursor=to))
    said = Prompt(f"{rules.square_name(frm)} to {rules.square_name(to)}: DONE sends", "info")
    return copy_with(moved, prompt=said), (DraftChanged(side2, rules.Lineup(side2, placement)),)  # journaled first


def starts_on(event: Event) -> bool:
    """Whether ``event``, arriving on the attract screen or the menu, starts a game
    (:mod:`pitchside.tables.kiosk`): a ``HELLO`` or ``LINEUP`` line of the move source."""
    if not isinstance(event, ev.SerialLine) or event.name != SOURCE:
        return False
    try:
        cmd = proto.parse_line(event.text)
    except proto.ProtocolError:
        return False
    return isinstance(cmd, proto.Hello) or (isinstance(cmd, proto.Play) and isinstance(cmd.input, rules.Lineup))
