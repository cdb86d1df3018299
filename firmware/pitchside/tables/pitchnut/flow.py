"""Pitchnut at the table: the table's state and its flow, a pure function :func:`handle` of
(table state, event) (the package's docstring, :mod:`pitchside.tables.pitchnut`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, assert_never

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.errors import IllegalInput
from pitchside.core.match import UNDONE, Match
from pitchside.core.notice import Notice
from pitchside.core.step import Step
from pitchside.core.record.pitchnut import PitchnutCodec
from pitchside.core.rules import pitchnut as rules
from pitchside.core.words.pitchnut import describe as describe  # the game's words, for its table
from pitchside.core.sides import Side, name_of, other
from pitchside.render.view import Prompt
from pitchside.signals import events as ev
from pitchside.tables import common
from pitchside.tables.effects import CoinTossed, DiceRolled, Event, SensorHealthRead, StartTimer, TableEffect, TossCoin, TournamentLoaded
from pitchside.tables.effects import FixtureOffered


GameMatch = Match[rules.Options, rules.State, rules.Input]
"""This game's match (its options, state and inputs typed)."""

POCKETS = ("pocket_1", "pocket_2", "pocket_3", "pocket_4")
"""The pocket beams, by pin-map name; a piece's ``pocket`` is its index + 1."""

QUIET_S = 3.0
"""Seconds without pocket activity after which the display proposes ending the shot."""

QUIET_TIMER = "game:quiet"

Kind = Literal["?", "white", "black", "poison", "pitch", "double"]


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece of the shot: ``pocket`` 1-4 (0: added by hand), its ``kind`` ("?" until
    the players say), when its beam counted it (``at``, s) and how long it blocked (s)."""

    pocket: int
    kind: Kind = "?"
    at: float = 0.0
    blocked_s: float = 0.0


@dataclass(frozen=True, slots=True)
class ShotDraft:
    """The shot being entered: what the beams sensed and what the players said."""

    pieces: tuple[Piece, ...] = ()
    pitch_off: bool = False
    foul: bool = False
    white_off: int = 0
    black_off: int = 0
    poison_off: bool = False
    touched: bool = True
    spot: rules.Colour | None = None
    last_drop_at: float | None = None
    """When a pocket beam last counted a piece (s), for the quiet-time proposal."""

    @property
    def is_empty(self) -> bool:
        return copy_with(self, last_drop_at=None) == ShotDraft()

    def sensed(self) -> tuple[int, int, int, int]:
        """Pieces counted by each pocket beam (pocket 1-4), double counts included."""
        n = [0, 0, 0, 0]
        for p in self.pieces:
            if p.pocket:
                n[p.pocket - 1] += 1
        return (n[0], n[1], n[2], n[3])

    def count(self, kind: Kind) -> int:
        return sum(1 for p in self.pieces if p.kind == kind)


@dataclass(frozen=True, slots=True)
class ShotReport:
    """The last committed shot: what the beams ``sensed`` per pocket (1-4), the
    confirmed ``shot`` (the journaled input), and the pieces it spotted at the centre."""

    sensed: tuple[int, int, int, int]
    shot: rules.Shot
    spotted: rules.Pieces


Mode = Literal["live", "sheet"]


@dataclass(frozen=True, slots=True)
class TableState:
    """The table: the match (with its undo history), the shot being entered, the
    choice of breaker, the prompt line and the last shot's report."""

    match: GameMatch
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    draft: ShotDraft = ShotDraft()
    mode: Mode = "live"
    cursor: int = 0
    breaker: Side | None = None
    """The side the toss winner is pointing at (phase ``choose_breaker``)."""
    action: str | None = None
    """What the players must do at the board now ("SPOT 1 WHITE AT CENTRE")."""
    last: ShotReport | None = None


Effect = TableEffect


def new_table(options: rules.Options | None = None, names: tuple[str, str] = ("A", "B")) -> TableState:
    """A table with a new match waiting for the coin toss."""
    return TableState(Match.start(PitchnutCodec(), options or rules.Options()), names=names)


def resumed(match: GameMatch, names: tuple[str, str], last_was_undo: bool) -> TableState:
    """The table rebuilt from a journal, with the prompt its last input left. A shot being
    entered was never journaled: the players enter it again."""
    ts = TableState(match, names=names)
    if last_was_undo:
        return _undone(ts)
    last = common.last_step(match)
    if last is None:
        return ts
    before, inp, notices = last
    return _after(ts, before, inp, notices, (0, 0, 0, 0))


def kinds_for(game: rules.State) -> tuple[Kind, ...]:
    """The kinds a piece can be given, in the order ``plus`` offers them: the shooter's
    colour first once colours are assigned."""
    own = game.colours[game.turn] if game.turn is not None else None
    colours: tuple[Kind, Kind] = ("white", "black") if own in (None, "white") else ("black", "white")
    return (*colours, "poison", "pitch", "double")


def to_shot(draft: ShotDraft) -> rules.Shot:
    """The rules input the draft stands for (pieces marked DOUBLE are not pieces)."""
    pitch: rules.PitchFate | None = "pocket" if draft.count("pitch") else "off" if draft.pitch_off else None
    return rules.Shot(
        white=draft.count("white"),
        black=draft.count("black"),
        poison=draft.count("poison") > 0,
        pitch=pitch,
        touched=draft.touched,
        foul=draft.foul,
        spot=draft.spot,
        white_off=draft.white_off,
        black_off=draft.black_off,
        poison_off=draft.poison_off,
        sensed=draft.sensed() if any(draft.sensed()) else None,
        by_hand=tuple(p.kind for p in draft.pieces if p.pocket == 0 and p.kind not in ("?", "double")),
    )


def refusal(game: rules.State, inp: rules.Input) -> Notice | None:
    """The rules' refusal of ``inp`` now (None: they would take it). Asks, commits
    nothing: the table never restates a rule of its own."""
    return common.refusal(rules.apply, game, inp)


def needs_spot(game: rules.State, draft: ShotDraft) -> bool:
    """The rules would ask which colour to spot for the shot (PN-A5: a debt paid on an
    open board by equal numbers of white and black), so the sheet offers the row."""
    if game.phase != "shooting":
        return False
    notice = refusal(game, copy_with(to_shot(draft), spot=None))
    return notice is not None and notice.code == "spot_needed"


RowKey = Literal["piece", "add", "spot", "touched", "pitch_off", "foul", "white_off", "black_off", "poison_off"]


def rows(ts: TableState) -> tuple[tuple[RowKey, int], ...]:
    """The shot sheet's rows: ``(key, piece index or 0)``."""
    out: list[tuple[RowKey, int]] = [("piece", i) for i in range(len(ts.draft.pieces))]
    if needs_spot(ts.match.state, ts.draft):
        out.append(("spot", 0))
    out.append(("add", 0))
    out.append(("pitch_off", 0))
    if ts.match.state.options.miss_reshoot:
        out.append(("touched", 0))
    out += [("foul", 0), ("white_off", 0), ("black_off", 0), ("poison_off", 0)]
    return tuple(out)


def _refuse(ts: TableState, rule: str, reason: str) -> TableState:
    """A refusal of the table's own (what the players entered cannot be a shot)."""
    return copy_with(ts, prompt=Prompt(reason, "refusal", rule))


def _refuse_notice(ts: TableState, notice: Notice) -> TableState:
    """A refusal of the rules, in their words for the panel."""
    return common.refuse(ts, notice, describe)


def _refused(ts: TableState, exc: IllegalInput) -> TableState:
    return common.refuse(ts, exc.notice, describe)


_info = common.info


def handle(ts: TableState, event: Event) -> tuple[TableState, tuple[Effect, ...]]:
    """Apply one table event.

    :returns: the new table state and its effects (journal an accepted input, toss the
        coin, start the quiet timer). A press the rules forbid leaves the match unchanged
        and puts the reason on the display.
    """
    match event:
        case CoinTossed(winner=winner, at=at):
            return _commit(ts, rules.CoinToss(winner), at)
        case ev.BeamBroken():
            return _drop(ts, event)
        case ev.TimerFired():
            return _quiet(ts, event), ()
        case ev.SensorNoisy():
            return common.warn(ts, sensor_text(event)), ()
        case ev.ButtonPressed(name=name, at=at):
            return _press(ts, name, at)
        case (ev.ButtonReleased() | ev.ButtonHeld() | ev.SerialLine() | ev.SerialStatus() | DiceRolled()
              | TournamentLoaded() | ev.CoinInserted() | ev.CoinFault() | SensorHealthRead()
              | FixtureOffered()):
            return ts, ()  # not Pitchnut's
        case _:
            assert_never(event)


def _drop(ts: TableState, event: ev.BeamBroken) -> tuple[TableState, tuple[Effect, ...]]:
    if event.name not in POCKETS:
        return ts, ()
    if ts.match.state.phase != "shooting":
        return copy_with(ts, prompt=Prompt("Piece outside a shot: ignored", "warning")), ()
    pocket = POCKETS.index(event.name) + 1
    piece = Piece(pocket, "?", event.at, event.blocked_s)
    draft = copy_with(ts.draft, pieces=(*ts.draft.pieces, piece), last_drop_at=event.at)
    if ts.mode == "sheet":
        text = f"Piece {len(draft.pieces)} in P{pocket}: + -"
        return copy_with(ts, draft=draft, prompt=Prompt(text, "info")), ()
    # pieces dropping: the next shot is under way, so the last one's action is done
    return copy_with(ts, draft=draft, prompt=None, action=None), (StartTimer(QUIET_TIMER, event.at + QUIET_S),)


def _quiet(ts: TableState, event: ev.TimerFired) -> TableState:
    """The quiet time has passed since a drop: propose ending the shot (never commit)."""
    d = ts.draft
    if event.name != QUIET_TIMER or ts.mode != "live" or ts.match.state.phase != "shooting":
        return ts
    if d.last_drop_at is None or event.at < d.last_drop_at + QUIET_S:  # the deadline itself (timers)
        return ts
    if ts.prompt is not None and ts.prompt.kind != "info":
        return ts  # a warning stays
    return copy_with(ts, prompt=Prompt("Still? DONE ends shot", "info"))


def _press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    game = ts.match.state
    if name != "undo" and ts.action is not None:
        ts = copy_with(ts, action=None)
    if name == "undo":
        return _undo(ts, at)
    legal = rules.legal_inputs(game)
    if not legal:
        return _info(ts, "Match over: NEW"), ()
    if "coin_toss" in legal:
        if name in ("coin", "shot_done"):
            return copy_with(ts, prompt=None), (TossCoin(),)
        return _refuse_rules(ts, rules.Shot()), ()  # the other buttons enter a shot
    if name == "coin":
        return _refuse_rules(ts, rules.CoinToss(game.toss_winner or "A")), ()
    if game.phase == "choose_breaker":
        return _breaker_press(ts, name, at)
    if ts.mode == "sheet":
        return _sheet_press(ts, name, at)
    return _live_press(ts, name, at)


def _refuse_rules(ts: TableState, inp: rules.Input) -> TableState:
    """The rules' reason for refusing ``inp`` on the prompt line (nothing if they
    would take it)."""
    notice = refusal(ts.match.state, inp)
    return ts if notice is None else _refuse_notice(ts, notice)


def _undo(ts: TableState, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    if ts.match.state.phase == "shooting" and ts.mode == "sheet":
        return copy_with(ts, mode="live", cursor=0, prompt=Prompt("Back to the shot", "info")), ()
    if ts.match.state.phase == "shooting" and not ts.draft.is_empty:
        return copy_with(ts, draft=ShotDraft(), prompt=Prompt("Shot cleared", "info")), ()
    if ts.match.state.phase == "choose_breaker" and ts.breaker is not None and ts.breaker != ts.match.state.toss_winner:
        return copy_with(ts, breaker=None, prompt=None), ()
    return common.undo(ts, at, _undone, _refused)


def _undone(ts: TableState) -> TableState:
    """The table after an undo: a fresh table on the shorter match, saying so."""
    return TableState(ts.match, names=ts.names, prompt=common.said(UNDONE, ts.names, describe))


def _breaker_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    winner = ts.match.state.toss_winner or "A"
    choice = ts.breaker or winner
    if name in ("plus", "minus", "next"):
        return copy_with(ts, breaker=other(choice), prompt=None), ()
    if name == "shot_done":
        return _commit(ts, rules.Breaker(choice), at)
    return _info(ts, f"{name_of(ts.names, winner)} chooses who breaks: + - then DONE"), ()


def _live_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    d = ts.draft
    if name == "pitch_off":
        return copy_with(ts, draft=copy_with(d, pitch_off=not d.pitch_off), prompt=None), ()
    if name == "next":
        return _open_sheet(ts), ()
    if name == "shot_done":
        if d.pieces:
            return _open_sheet(ts), ()
        return _commit(ts, to_shot(d), at)
    if name in ("plus", "minus"):
        return _info(ts, "NEXT: sheet, DONE: end"), ()
    return ts, ()


def _open_sheet(ts: TableState) -> TableState:
    unknown = [i for i, p in enumerate(ts.draft.pieces) if p.kind == "?"]
    cursor = unknown[0] if unknown else 0
    text = "What was each? + -" if unknown else "Check, then DONE"
    return copy_with(ts, mode="sheet", cursor=cursor, prompt=Prompt(text, "info"))


def _sheet_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    sheet = rows(ts)
    cursor = min(ts.cursor, len(sheet) - 1)
    if name == "next":
        return copy_with(ts, cursor=(cursor + 1) % len(sheet), prompt=None), ()
    if name == "pitch_off":
        return copy_with(ts, draft=copy_with(ts.draft, pitch_off=not ts.draft.pitch_off), prompt=None), ()
    if name in ("plus", "minus"):
        return _change_row(ts, sheet[cursor], 1 if name == "plus" else -1), ()
    if name == "shot_done":
        return _confirm(ts, at)
    return ts, ()


def _change_row(ts: TableState, row: tuple[RowKey, int], step: int) -> TableState:
    d = ts.draft
    key, i = row
    if key == "piece":
        kinds = kinds_for(ts.match.state)
        kind = d.pieces[i].kind
        if kind == "?":
            new_kind = kinds[0] if step > 0 else kinds[-1]
        else:
            new_kind = kinds[(kinds.index(kind) + step) % len(kinds)]
        pieces = tuple(copy_with(p, kind=new_kind) if j == i else p for j, p in enumerate(d.pieces))
        return copy_with(ts, draft=copy_with(d, pieces=pieces), prompt=None)
    if key == "add":
        if step > 0:
            pieces = (*d.pieces, Piece(0))
            return copy_with(ts, draft=copy_with(d, pieces=pieces), cursor=len(pieces) - 1,
                           prompt=Prompt("Added: what is it? + -", "info"))
        by_hand = [j for j, p in enumerate(d.pieces) if p.pocket == 0]
        if not by_hand:
            return _info(ts, "Beam double? Mark it DOUBLE")
        pieces = tuple(p for j, p in enumerate(d.pieces) if j != by_hand[-1])
        return copy_with(ts, draft=copy_with(d, pieces=pieces), cursor=ts.cursor - 1, prompt=None)
    if key == "spot":
        order: tuple[rules.Colour, rules.Colour] = ("white", "black")
        spot = order[0 if step > 0 else 1] if d.spot is None else order[1 - order.index(d.spot)]
        return copy_with(ts, draft=copy_with(d, spot=spot), prompt=None)
    if key == "pitch_off":
        d = copy_with(d, pitch_off=not d.pitch_off)
    elif key == "touched":
        d = copy_with(d, touched=not d.touched)
    elif key == "foul":
        d = copy_with(d, foul=not d.foul)
    elif key == "poison_off":
        d = copy_with(d, poison_off=not d.poison_off)
    elif key == "white_off":
        d = copy_with(d, white_off=max(0, d.white_off + step))
    else:
        d = copy_with(d, black_off=max(0, d.black_off + step))
    return copy_with(ts, draft=d, prompt=None)


def _confirm(ts: TableState, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    d = ts.draft
    sheet = rows(ts)
    for n, p in enumerate(d.pieces):
        if p.kind == "?":
            where = f"pocket {p.pocket}" if p.pocket else "added by hand"
            ts2 = _refuse(ts, "PN-A12", f"piece {n + 1} ({where}): say what it was with + -")
            return copy_with(ts2, cursor=sheet.index(("piece", n))), ()
    if d.count("poison") > 1:
        return _refuse(ts, "PN-01", "there is only one poison: mark the others"), ()
    if d.count("pitch") > 1:
        return _refuse(ts, "PN-08", "there is only one pitch: mark the others"), ()
    if d.count("pitch") and d.pitch_off:
        return _refuse(ts, "PN-08", "the pitch cannot be both pocketed and off the board"), ()
    shot = to_shot(d)
    notice = refusal(ts.match.state, shot)  # the rules' own checks (PN-02, PN-A8, PN-A5, ...)
    if notice is not None:
        refused = _refuse_notice(ts, notice)
        if notice.code == "spot_needed" and ("spot", 0) in sheet:
            refused = copy_with(refused, cursor=sheet.index(("spot", 0)))
        return refused, ()
    return _commit(ts, shot, at)


def _commit(ts: TableState, inp: rules.Input, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    before, sensed = ts.match.state, ts.draft.sensed()

    def after(new: TableState, step: Step[rules.State]) -> TableState:
        return _after(TableState(new.match, names=new.names), before, inp, step.effects, sensed)

    return common.commit(ts, inp, at, after, _refused)


def _after(ts: TableState, before: rules.State, inp: rules.Input, notices: tuple[Notice, ...],
           sensed: tuple[int, int, int, int]) -> TableState:
    """The table after an accepted input: the report of a shot, what to do at the board,
    and the prompt."""
    after = ts.match.state
    if isinstance(inp, rules.CoinToss):
        return ts  # the breaker screen says who won the toss
    if not isinstance(inp, rules.Shot):
        return copy_with(ts, prompt=_main_notice(notices, ts.names))
    spotted = rules.Pieces()
    same_game = after.game_number == before.game_number and after.phase == "shooting"
    if same_game:
        spotted = rules.Pieces(
            before.pocketed.white + inp.white - after.pocketed.white,
            before.pocketed.black + inp.black - after.pocketed.black,
        )
    report = ShotReport(sensed, inp, spotted)
    ts = copy_with(ts, last=report)
    if after.phase == "finished":
        return ts
    if not same_game:  # the game's end, in the rules' words (PN-05, PN-31)
        won = [n for n in notices if n.code == "wins_game"]
        return copy_with(ts, prompt=common.said(won[0], ts.names, describe) if won else None)
    action = spot_action(inp, spotted, notices)
    prompt = _main_notice(notices, ts.names)
    return copy_with(ts, action=action, prompt=prompt)


def spot_action(shot: rules.Shot, spotted: rules.Pieces, notices: tuple[Notice, ...]) -> str | None:
    """What the players must put at the centre after a shot: spotted pieces (PN-08,
    PN-29), pieces knocked off (PN-A8) and a re-spotted poison (PN-A2), e.g.
    ``"SPOT 1 WHITE AT CENTRE"``."""
    white = spotted.white + shot.white_off
    black = spotted.black + shot.black_off
    poison = shot.poison_off or any(n.code == "poison_respotted" for n in notices)
    parts = [f"{n} {word}" for n, word in ((white, "WHITE"), (black, "BLACK")) if n]
    if poison:
        parts.append("POISON")
    if not parts:
        return None
    return f"SPOT {' + '.join(parts)}" + (" AT CENTRE" if len(parts) == 1 else "")


def sensor_text(event: ev.SensorNoisy) -> str:
    """A noisy pocket for the warning line: ``"POCKET 2 STORM"``, ``"POCKET 1 BLOCKED"``."""
    what = event.detail.split(":")[0].upper()
    if event.name in POCKETS:
        return f"POCKET {POCKETS.index(event.name) + 1} {what}"
    return f"{event.name.upper()} {what}"


def _main_notice(notices: tuple[Notice, ...], names: tuple[str, str]) -> Prompt | None:
    """The notice worth the prompt line, in its short words: shooting for the poison
    (PN-31), a debt (PN-08, PN-28), colours assigned (PN-10), bonus turns banked (PN-15);
    else the last one (whose turn)."""
    chosen = common.pick(notices, _PROMPT_FIRST)
    return None if chosen is None else common.said(chosen, names, describe)


_PROMPT_FIRST = ("on_poison", "owes", "colours_assigned", "banks_bonus")
"""The notice codes the prompt line shows first, in this order (else the last notice)."""
