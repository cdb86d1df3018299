"""Pitch Bowl at the table: the table's state and its flow, a pure function :func:`handle` of
(table state, event) (the package's docstring, :mod:`pitchside.tables.pitchbowl`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, assert_never

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.errors import IllegalInput
from pitchside.core.match import UNDONE, Match
from pitchside.core.notice import Notice
from pitchside.core.record.pitchbowl import PitchBowlCodec
from pitchside.core.rules import pitchbowl as rules
from pitchside.core.words.pitchbowl import describe as describe  # the game's words, for its table
from pitchside.core.sides import SIDES, PerSide, Side, name_of, other
from pitchside.core.step import Step
from pitchside.render.view import Prompt
from pitchside.signals import events as ev
from pitchside.tables import common
from pitchside.tables.effects import CoinTossed, DiceRolled, Event, SensorHealthRead, StartTimer, TableEffect, TossCoin, TournamentLoaded
from pitchside.tables.effects import FixtureOffered


GameMatch = Match[rules.Options, rules.State, rules.Input]
"""This game's match (its options, state and inputs typed)."""

SPIN_FRAMES = 5
"""Frames of the coin-toss animation before the winner is shown."""

SPIN_FRAME_S = 0.3
"""Seconds per animation frame: the reveal comes 1.5 s after the toss."""

TOSS_TIMER = "game:toss"
"""The animation's timer (the kiosk routes ``game:`` timers back to the game)."""

ANNOUNCE_BUTTONS: dict[str, rules.Announce] = {
    "strip": "strip", "pickup": "pickup", "handoff": "handoff", "pass": "pass",
}  # fmt: skip
"""Announcement buttons -> the ``announce`` of a pitch (PB-13)."""

PLACEMENT_FIELDS = ("PLAYERS", "MARKER", "PER WING", "OVERLAP", "TEAM")
"""The placement checklist on the selector, in cursor order (PB-03, PB-04): players
placed (11), players touching the centre line marker (at least 3), the most players on
one wing (at most 2), a player over the centre line (none), the team placing."""

PITCH_FIELDS = ("CLEARANCE", "OUT A", "OUT B", "BALL OUT", "CARRIER OUT", "K.O. OWN", "K.O. OPP")
"""The rarer pitch flags on the selector, in cursor order (``OUT A`` shows A's name)."""

Effect = TableEffect


@dataclass(frozen=True, slots=True)
class PitchDraft:
    """The pitch being entered: :class:`rules.Pitch` fields as the panel sets them.

    ``result`` None with an announcement means success (OK confirms it worked).
    ``out`` counts the players of each side that left the field.
    """

    announce: rules.Announce | None = None
    result: rules.Result | None = None
    all_out: bool = False
    fall: bool = False
    touchdown: bool = False
    clearance: bool = False
    out: PerSide[int] = PerSide(0, 0)
    ball_out: bool = False
    carrier_out: bool = False
    ko: int = 0
    ko_opponent: int = 0

    @property
    def is_empty(self) -> bool:
        return self == PitchDraft()

    def to_pitch(self) -> rules.Pitch:
        """The rules input this draft commits."""
        result = self.result
        if self.announce is not None and result is None:
            result = "success"
        return rules.Pitch(
            announce=self.announce,
            result=result,
            all_out=self.all_out,
            fall=self.fall,
            clearance=self.clearance,
            out_of_bounds=tuple(side for side in SIDES for _ in range(self.out[side])),
            ball_out=self.ball_out,
            touchdown=self.touchdown,
            ko=self.ko,
            carrier_out=self.carrier_out,
            ko_opponent=self.ko_opponent,
        )


@dataclass(frozen=True, slots=True)
class PlacementDraft:
    """A placement checklist (PB-04); ``side`` None is the team the rules expect."""

    players: int = rules.PLAYERS_ON_FIELD
    on_marker: int = rules.MIN_ON_MARKER
    max_on_wing: int = rules.MAX_ON_WING
    over_line: bool = False
    side: Side | None = None


@dataclass(frozen=True, slots=True)
class TableState:
    """The table: the match (with its undo history), the drafts, the selector, the coin
    animation and the prompt line.

    :param choice: the toss winner's pending choice (phase ``choose``).
    :param landed: the pending kick-off: landed (True) or touch back.
    :param def_ok: a defensive placement being entered: True proper, False went wrong.
    :param cursor: the selector field (index into the phase's fields).
    :param selecting: the last press was on the selector: the bottom line shows its field.
    :param spin: coin animation frame 1..SPIN_FRAMES, 0 when not spinning.
    :param spin_due: when the next animation timer is due (s), to ignore stale ones.
    :param scored: a touchdown has just been scored (PB-27) and no button was pressed
        since: the screen shows the match screen the touchdown was scored on, with the new
        score and the touchdown as the last loss (:func:`scored_state`), until the next press. That press only ends it (the
        placement checklist, PB-03, was not on show, so OK must not confirm it unseen),
        except UNDO, which takes the touchdown back. View-only: never journaled.
    """

    match: GameMatch
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    choice: Literal["kick", "receive"] | None = None
    placement: PlacementDraft = PlacementDraft()
    landed: bool = True
    pitch: PitchDraft = PitchDraft()
    def_ok: bool | None = None
    cursor: int = 0
    selecting: bool = False
    spin: int = 0
    spin_due: float = 0.0
    scored: bool = False


    def cleared(self) -> TableState:
        """The same table with every draft and the selector reset."""
        return copy_with(
            self, choice=None, placement=PlacementDraft(), landed=True, pitch=PitchDraft(), def_ok=None,
            cursor=0, selecting=False,
        )  # fmt: skip

    @property
    def has_draft(self) -> bool:
        """A draft field is set (the selector's cursor alone is no draft)."""
        return copy_with(self.cleared(), cursor=self.cursor, selecting=self.selecting) != self


def new_table(options: rules.Options | None = None, names: tuple[str, str] = ("A", "B")) -> TableState:
    """A table with a new match waiting for the coin toss."""
    return TableState(Match.start(PitchBowlCodec(), options or rules.Options()), names=names)


def resumed(match: GameMatch, names: tuple[str, str], last_was_undo: bool) -> TableState:
    """The table rebuilt from a journal, showing what its last input left. A toss whose
    animation was cut short shows its winner at once (module docstring); a draft not yet
    committed (OK) was never journaled: the coaches enter it again."""
    ts = TableState(match, names=names)
    notices = common.resumed_notices(match, last_was_undo)
    return copy_with(ts, prompt=_notice(ts, notices), scored=_scores(ts, notices))


_name = name_of


def _refuse(ts: TableState, notice: Notice) -> TableState:
    """The refusal ``notice`` (the rules', or the shared undo one) on the display, in the
    players' names (its short words) with its rule ID."""
    return common.refuse(ts, notice, describe)


def _refuse_panel(ts: TableState, rule: str, text: str) -> TableState:
    """A refusal of the panel's own (which button to press), citing ``rule``; ``text``
    names the players only through :func:`_name`."""
    return copy_with(ts, prompt=Prompt(text, "refusal", rule))


def _refused(ts: TableState, exc: IllegalInput) -> TableState:
    """A rules refusal on the display (every Pitch Bowl refusal carries its notice)."""
    return _refuse(ts, exc.notice)


def _rules_refusal(game: rules.State, inp: rules.Input) -> IllegalInput | None:
    """The rules' refusal of ``inp`` now, or None if they would accept it (nothing is
    committed either way)."""
    notice = common.refusal(rules.apply, game, inp)
    return None if notice is None else IllegalInput(notice)


def _notice(ts: TableState, notices: tuple[Notice, ...]) -> Prompt | None:
    """The prompt after an accepted input: its last notice (the one that says what comes
    next: whose turn, who places, the bonus pitch), worded for the players, unless the new
    screen (the result) already says it."""
    chosen = common.pick(notices)
    if chosen is None or ts.match.state.phase == "finished":
        return None
    return common.said(chosen, ts.names, describe)


def _placer(game: rules.State) -> Side:
    who = rules.to_act(game)
    return who or "A"


def _scores(ts: TableState, notices: tuple[Notice, ...]) -> bool:
    """Whether ``notices`` are those of a touchdown that restarts play with a kick-off
    (PB-27; a touchdown that wins the match shows the result screen instead, PB-30)."""
    return ts.match.state.phase == "place_defender" and any(n.rule == "PB-27" and n.code == "touchdown" for n in notices)


def _after(ts: TableState, step: Step[rules.State]) -> TableState:
    new = ts.cleared()
    return copy_with(new, prompt=_notice(new, step.effects), scored=_scores(new, step.effects))


def _commit(ts: TableState, inp: rules.Input, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    return common.commit(ts, inp, at, _after, _refused)


def handle(ts: TableState, event: Event) -> tuple[TableState, tuple[Effect, ...]]:
    """Apply one table event.

    :returns: the new table state and its effects (journal an accepted input, toss the
        coin, step the coin animation). A press the rules forbid leaves the match
        unchanged and puts the reason, with its rule ID, on the display.
    """
    match event:
        case CoinTossed():
            return _tossed(ts, event)
        case ev.TimerFired():
            return _spin_step(ts, event)
        case ev.SensorNoisy(name=name, detail=detail):
            return common.warn(ts, f"SENSOR {name}: {detail}"), ()
        case ev.ButtonPressed(name=name, at=at):
            return _press(ts, name, at)
        case (ev.ButtonReleased() | ev.ButtonHeld() | ev.BeamBroken() | ev.SerialLine() | ev.SerialStatus()
              | DiceRolled() | TournamentLoaded() | ev.CoinInserted() | ev.CoinFault() | SensorHealthRead()
              | FixtureOffered()):
            return ts, ()  # not Pitch Bowl's
        case _:
            assert_never(event)


def _tossed(ts: TableState, event: CoinTossed) -> tuple[TableState, tuple[Effect, ...]]:
    """The shell's toss: committed (journaled) now, revealed after the animation."""
    new, effects = _commit(ts, rules.CoinToss(event.winner), event.at)
    if not effects:
        return new, effects
    due = event.at + SPIN_FRAME_S
    spinning = copy_with(new, spin=1, spin_due=due, prompt=None)
    return spinning, (*effects, StartTimer(TOSS_TIMER, due))


def _spin_step(ts: TableState, event: ev.TimerFired) -> tuple[TableState, tuple[Effect, ...]]:
    if event.name != TOSS_TIMER or ts.spin == 0 or event.at != ts.spin_due:
        return ts, ()  # not ours, or stale (the toss was revealed or undone meanwhile)
    if ts.spin >= SPIN_FRAMES:
        return _reveal(ts), ()
    due = event.at + SPIN_FRAME_S
    return copy_with(ts, spin=ts.spin + 1, spin_due=due), (StartTimer(TOSS_TIMER, due),)


def _reveal(ts: TableState) -> TableState:
    """The coin stops: the toss's notice in the rules' words (``"Ann won the toss: kick
    or receive?"``, PB-02), as a table rebuilt from the journal shows it at once."""
    revealed = copy_with(ts, spin=0, spin_due=0.0)
    return copy_with(revealed, prompt=_notice(revealed, common.resumed_notices(ts.match, False)))


def _press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    if ts.scored:  # the touchdown's screen shows until the next press (TableState.scored)
        if name != "undo":  # it ends, and the press does nothing else: the checklist was not on show
            return copy_with(ts, scored=False), ()
        ts = copy_with(ts, scored=False)  # UNDO takes the touchdown back, as on any screen
    game = ts.match.state
    if name == "undo":
        return _undo(ts, at)
    if ts.spin:
        return _reveal(ts), ()  # a press during the spin shows the winner, nothing more
    if game.phase == "finished":
        return copy_with(ts, prompt=Prompt("Match over: press NEW", "info")), ()
    if name == "coin":
        refusal = _rules_refusal(game, rules.CoinToss("A"))
        if refusal is None:
            return copy_with(ts, prompt=None), (TossCoin(),)
        return _refused(ts, refusal), ()
    if game.phase == "toss":
        return _refuse_panel(ts, "PB-02", "toss the coin first (COIN)"), ()
    if game.phase == "choose":
        return _choose_press(ts, name, at)
    if game.phase in ("place_defender", "place_attacker"):
        return _placement_press(ts, name, at)
    if game.phase == "kickoff":
        return _kickoff_press(ts, name, at)
    return _turn_press(ts, name, at)


def _undo(ts: TableState, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    """Clear the draft, else take back the last input (the toss too, even mid-spin)."""
    if ts.has_draft and not ts.spin:
        return copy_with(ts.cleared(), prompt=Prompt("Cleared", "info")), ()
    return common.undo(ts, at, _undone, _refused)


def _undone(ts: TableState) -> TableState:
    new = copy_with(ts, spin=0, spin_due=0.0).cleared()
    return copy_with(new, prompt=_notice(new, (UNDONE,)))


def _choose_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    """The toss winner's choice (PB-02): + KICK, - RECEIVE, NEXT toggles, OK commits."""
    if name == "plus":
        return copy_with(ts, choice="kick", prompt=None), ()
    if name == "minus":
        return copy_with(ts, choice="receive", prompt=None), ()
    if name == "next":
        return copy_with(ts, choice="receive" if ts.choice == "kick" else "kick", prompt=None), ()
    winner = _name(ts.names, ts.match.state.toss_winner or "A")
    if name == "shot_done":
        if ts.choice is None:
            return _refuse_panel(ts, "PB-02", f"{winner} chooses: + KICK or - RECEIVE, then OK"), ()
        return _commit(ts, rules.Choose(ts.choice), at)
    return _refuse_panel(ts, "PB-02", f"{winner} won the toss and chooses first: + KICK or - RECEIVE"), ()


def _placement_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    """The placement checklist (PB-03, PB-04): NEXT moves, + - change, OK confirms."""
    p = ts.placement
    if name == "next":
        return copy_with(ts, cursor=(ts.cursor + 1) % len(PLACEMENT_FIELDS), selecting=True, prompt=None), ()
    if name in ("plus", "minus"):
        step = 1 if name == "plus" else -1
        i = ts.cursor
        if i == 0:
            p = copy_with(p, players=min(rules.PIECES, max(0, p.players + step)))
        elif i == 1:
            p = copy_with(p, on_marker=min(rules.PIECES, max(0, p.on_marker + step)))
        elif i == 2:
            p = copy_with(p, max_on_wing=min(rules.PIECES, max(0, p.max_on_wing + step)))
        elif i == 3:
            p = copy_with(p, over_line=step > 0)
        else:
            p = copy_with(p, side=other(p.side or _placer(ts.match.state)))
        return copy_with(ts, placement=p, selecting=True, prompt=None), ()
    if name == "shot_done":
        side = p.side or _placer(ts.match.state)
        inp = rules.Placement(side, p.players, p.on_marker, p.max_on_wing, p.over_line)
        return _commit(ts, inp, at)
    return _turn_only(ts)


def _kickoff_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    """The kick-off (PB-05, PB-06): OK landed; MISS (or + - NEXT) toggles touch back."""
    if name in ("miss", "next", "plus", "minus"):
        return copy_with(ts, landed=not ts.landed, prompt=None), ()
    if name == "shot_done":
        return _commit(ts, rules.Kickoff(ts.landed), at)
    return _turn_only(ts)


def _turn_only(ts: TableState) -> tuple[TableState, tuple[Effect, ...]]:
    """A turn button outside a turn: the engine's own refusal of a pitch now."""
    refusal = _rules_refusal(ts.match.state, rules.Pitch())
    if refusal is not None:
        return _refused(ts, refusal), ()
    return ts, ()  # pragma: no cover - only called outside turns


def _turn_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    game = ts.match.state
    d = ts.pitch
    if name == "shot_done":
        if ts.def_ok is not None:
            return _commit(ts, rules.DefPlacement(ts.def_ok), at)
        return _commit(ts, d.to_pitch(), at)
    if name == "def_place":
        return _def_press(ts)
    if name == "end_turn":
        if ts.has_draft:
            return _refuse_panel(ts, "PB-34", "a pitch is being entered: OK it or UNDO it first"), ()
        return _commit(ts, rules.EndTurn(), at)
    if ts.def_ok is not None:
        if name == "miss":
            return copy_with(ts, def_ok=not ts.def_ok, prompt=None), ()
        return _refuse_panel(ts, "PB-31", "a defensive placement is being entered: OK it or UNDO it first"), ()
    if name in ANNOUNCE_BUTTONS:
        return _announce(ts, ANNOUNCE_BUTTONS[name])
    if name == "miss":
        if d.announce is None:  # the rules refuse a result with nothing announced (PB-13)
            refusal = _rules_refusal(game, rules.Pitch(result="miss"))
            return (_refused(ts, refusal) if refusal is not None else ts), ()
        cycle: tuple[rules.Result | None, ...] = (
            (None, "miss", "interception") if d.announce == "pass" else (None, "miss")
        )
        nxt = cycle[(cycle.index(d.result) + 1) % len(cycle)]
        return copy_with(ts, pitch=copy_with(d, result=nxt), prompt=None, selecting=False), ()
    if name == "all_out":
        new = copy_with(ts, pitch=copy_with(d, all_out=not d.all_out), selecting=False)
        if new.pitch.all_out and _all_out_is_foul(game):
            return copy_with(new, prompt=Prompt("2nd ALL-OUT: a FOUL", "warning")), ()
        return copy_with(new, prompt=None), ()
    if name == "fall":
        return copy_with(ts, pitch=copy_with(d, fall=not d.fall), prompt=None, selecting=False), ()
    if name == "touchdown":
        return copy_with(ts, pitch=copy_with(d, touchdown=not d.touchdown), prompt=None, selecting=False), ()
    if name == "next":
        cursor = (ts.cursor + 1) % len(PITCH_FIELDS) if ts.selecting else ts.cursor
        return copy_with(ts, cursor=cursor, selecting=True, prompt=None), ()
    if name in ("plus", "minus"):
        return copy_with(ts, pitch=_change(d, ts.cursor, 1 if name == "plus" else -1), selecting=True, prompt=None), ()
    return ts, ()


def _all_out_is_foul(game: rules.State) -> bool:
    """Going All-Out now would be the turn's second: a foul (PB-09), unless it is the
    bonus pitch of the player who went All-Out (``bonus_all_out_again``)."""
    same = game.bonus_pending and game.all_out_by_bonus_player and game.options.bonus_all_out_again
    return game.all_out_used and not same


def _change(d: PitchDraft, field: int, step: int) -> PitchDraft:
    """Field ``field`` of :data:`PITCH_FIELDS` changed by ``step``: a flag set (+) or
    cleared (-), a count up or down (never below 0, at most 11)."""
    on = step > 0
    cap = rules.PLAYERS_ON_FIELD

    def count(n: int) -> int:
        return max(0, min(cap, n + step))

    if field == 0:
        return copy_with(d, clearance=on)
    if field == 1:
        return copy_with(d, out=PerSide(count(d.out.A), d.out.B))
    if field == 2:
        return copy_with(d, out=PerSide(d.out.A, count(d.out.B)))
    if field == 3:
        return copy_with(d, ball_out=on)
    if field == 4:
        return copy_with(d, carrier_out=on)
    if field == 5:
        return copy_with(d, ko=count(d.ko))
    return copy_with(d, ko_opponent=count(d.ko_opponent))


def _announce(ts: TableState, a: rules.Announce) -> tuple[TableState, tuple[Effect, ...]]:
    """An announcement, before the pitch (PB-13): checked now against the rules (a
    second Pass, a Pick Up while holding the ball, a Hand Off with no carrier...)."""
    d = ts.pitch
    if d.announce == a:  # pressed again: the announcement is taken back
        return copy_with(ts, pitch=copy_with(d, announce=None, result=None), prompt=None, selecting=False), ()
    refusal = _rules_refusal(ts.match.state, rules.Pitch(announce=a, result="miss"))
    if refusal is not None:
        return _refused(ts, refusal), ()
    return copy_with(ts, pitch=copy_with(d, announce=a, result=None), prompt=None, selecting=False), ()


def _def_press(ts: TableState) -> tuple[TableState, tuple[Effect, ...]]:
    """A defensive placement (PB-31): checked now; OK commits, MISS marks it wrong."""
    if ts.def_ok is not None:
        return copy_with(ts, def_ok=None, prompt=None), ()
    if not ts.pitch.is_empty:
        return _refuse_panel(ts, "PB-31", "a pitch is being entered: OK it or UNDO it first"), ()
    refusal = _rules_refusal(ts.match.state, rules.DefPlacement(True))
    if refusal is not None:
        return _refused(ts, refusal), ()
    return copy_with(ts, def_ok=True, prompt=None, selecting=False), ()
