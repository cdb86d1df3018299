"""Pichenotte at the table: the table's state and its flow, a pure function :func:`handle` of
(table state, event) (the package's docstring, :mod:`pitchside.tables.pichenotte`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, assert_never

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.errors import IllegalInput
from pitchside.core.match import Match
from pitchside.core.notice import Notice
from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.rules import pichenotte as rules
from pitchside.core.words.pichenotte import describe as describe  # the game's words, for its table
from pitchside.core.sides import SIDES, PerSide, Side, other
from pitchside.core.step import Step
from pitchside.render.view import Prompt
from pitchside.signals import events as ev
from pitchside.tables import common
from pitchside.tables.effects import Accepted as Accepted  # re-exported: the tests read t.Accepted
from pitchside.tables.effects import FixtureOffered
from pitchside.tables.effects import CoinTossed, DiceRolled, Event, TableEffect, TossCoin, TournamentLoaded, SensorHealthRead
from pitchside.signals.health import SensorTally


GameMatch = Match[rules.Options, rules.State, rules.Input]
"""This game's match (its options, state and inputs typed)."""

Drop = Literal["shot", "A", "B"]


@dataclass(frozen=True, slots=True)
class ShotDraft:
    """What the table has seen of the shot in progress."""

    called: bool = False
    contact: bool = True
    drops: tuple[Drop, ...] = ()
    ditch_presses: PerSide[int] = PerSide(0, 0)
    drop_starts: tuple[float, ...] = ()
    """When each drop's block began (s), in the order of ``drops``; for a drop entered
    by hand, when it was entered."""
    by_hand: tuple[bool, ...] = ()
    """For each drop, in the order of ``drops``: entered by hand (not sensed)."""
    withdrawn: int = 0
    """Sensed drops the players took back with ``minus``."""

    @property
    def is_empty(self) -> bool:
        return self == ShotDraft()


Effect = TableEffect


@dataclass(frozen=True, slots=True)
class TableState:
    """The table: the match (with its undo history), the shot being entered, the zone
    entry at round end, and the prompt line."""

    match: GameMatch
    draft: ShotDraft = ShotDraft()
    zones: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    cursor: int = 0
    zone_log: tuple[tuple[int, int], ...] = ()
    """Each change made in the zone entry, in order: ``(field, +1 or -1)``; UNDO takes
    back the last one and keeps the other counts."""
    prompt: Prompt | None = None
    names: tuple[str, str] = ("A", "B")
    held_from: TableState | None = None
    """The table before the last event, when that event was a press of ``plus`` or
    ``minus``: a hold of the same button starts from it (:func:`_held`). None after
    any other event."""


def new_table(options: rules.Options | None = None, names: tuple[str, str] = ("A", "B")) -> TableState:
    """A table with a new match waiting for the coin toss."""
    return TableState(Match.start(PichenotteCodec(), options or rules.Options()), names=names)


def resumed(match: GameMatch, names: tuple[str, str], last_was_undo: bool) -> TableState:
    """The table rebuilt from a journal: the match, and the prompt its last input left,
    so the display shows what it showed before the restart. A shot being entered but
    not yet committed (SHOT DONE) was never journaled: the players enter it again."""
    ts = TableState(match, names=names)
    return copy_with(ts, prompt=_notice(ts, common.resumed_notices(match, last_was_undo)))


def to_shot(game: rules.State, draft: ShotDraft) -> rules.Shot:
    """The rules input for a draft (module docstring: attribution of drops and ditch
    presses)."""
    side = game.turn or "A"
    twenty = "shot" in draft.drops
    knocked_in = PerSide(sum(1 for d in draft.drops if d == "A"), sum(1 for d in draft.drops if d == "B"))
    free = game.on_board[other(side)] == 0
    lost = not twenty and not free and (not draft.contact or (draft.called and game.options.call_binds))
    own = draft.ditch_presses[side]
    ditched = own > 0 and not twenty and not lost
    knocked_off = draft.ditch_presses.set(side, own - 1 if ditched else own)
    by_hand = tuple("twenty" if d == "shot" else d for d, hand in zip(draft.drops, _hand_flags(draft)) if hand)
    return rules.Shot(draft.called, draft.contact, twenty, ditched, knocked_in, knocked_off,
                      by_hand=by_hand, withdrawn=draft.withdrawn)


def _hand_flags(draft: ShotDraft) -> tuple[bool, ...]:
    """``draft.by_hand`` for each drop (a drop with no flag was sensed)."""
    return draft.by_hand + (False,) * (len(draft.drops) - len(draft.by_hand))


def _refuse(ts: TableState, notice: Notice, buttons: str = "") -> TableState:
    """The refusal on the prompt line: its short words, then the ``buttons`` that get
    on (``"COIN"``), with the rule ID for the refusal box."""
    return common.refuse(ts, notice, describe, buttons)


def _refused_by_rules(ts: TableState, exc: IllegalInput) -> TableState:
    return common.refuse(ts, exc.notice, describe)


def _notice(ts: TableState, notices: tuple[Notice, ...]) -> Prompt | None:
    """The prompt after an accepted input: its last notice, unless the new screen
    (the zone entry, the result) already says it."""
    chosen = common.pick(notices)
    if chosen is None or ts.match.state.phase in ("tally", "finished"):
        return None
    return common.said(chosen, ts.names, describe)


def _fresh(ts: TableState, prompt: Prompt | None) -> TableState:
    """The table after the match moved on (an input, an undo): no shot or counts
    entered, ``prompt`` on the prompt line."""
    return copy_with(ts, draft=ShotDraft(), zones=(0,) * 6, cursor=0, zone_log=(), prompt=prompt)


def _after(ts: TableState, step: Step[rules.State]) -> TableState:
    return _fresh(ts, _notice(ts, step.effects))  # _notice reads the match and names: _fresh keeps them


def _commit(ts: TableState, inp: rules.Input, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    return common.commit(ts, inp, at, _after, _refused_by_rules)


def _undone(ts: TableState) -> TableState:
    return _fresh(ts, _notice(ts, common.resumed_notices(ts.match, True)))


def handle(ts: TableState, event: Event) -> tuple[TableState, tuple[Effect, ...]]:
    """Apply one table event.

    :returns: the new table state and its effects (journal an accepted input, toss the
        coin). A press the rules forbid leaves the match unchanged and puts the reason
        on the prompt line.
    """
    match event:
        case CoinTossed(winner=winner, at=at):
            return _commit(ts, rules.CoinToss(winner), at)
        case ev.BeamBroken():
            return _held_from(_drop(ts, event), None), ()
        case ev.SensorNoisy():
            return _held_from(_noisy(ts, event), None), ()
        case ev.ButtonPressed(name=name, at=at):
            after, effects = _press(ts, name, at)
            return _held_from(after, ts if name in ("plus", "minus") else None), effects
        case ev.ButtonHeld(name=name, at=at) if name in ("plus", "minus"):
            return _held(ts, name == "plus", at)
        case (ev.ButtonReleased() | ev.ButtonHeld() | ev.TimerFired() | ev.SerialLine() | ev.SerialStatus()
              | DiceRolled() | TournamentLoaded() | ev.CoinInserted() | ev.CoinFault() | SensorHealthRead()
              | FixtureOffered()):
            return ts, ()  # not Pichenotte's
        case _:
            assert_never(event)


def _held_from(ts: TableState, before: TableState | None) -> TableState:
    """``ts`` with :attr:`TableState.held_from` set to ``before`` (``ts`` itself when it
    already is: no copy)."""
    return ts if ts.held_from is before else copy_with(ts, held_from=before)


STORM_TOLERANCE_S = 1e-6
"""Edges are timed to 1 us: a block that started within it of a storm's burst is the
storm's."""


def _noisy(ts: TableState, event: ev.SensorNoisy) -> TableState:
    """A noisy sensor on the warning line; a storm also withdraws the drops it added."""
    draft = ts.draft
    if event.since is None or ts.match.state.phase != "shooting":
        return copy_with(ts, prompt=Prompt(f"SENSOR {event.name}: {event.detail}", "warning"))
    hand = _hand_flags(draft)
    kept = [i for i, start in enumerate(draft.drop_starts) if hand[i] or start < event.since - STORM_TOLERANCE_S]
    withdrawn = len(draft.drops) - len(kept)
    if withdrawn == 0:
        return copy_with(ts, prompt=Prompt(f"SENSOR {event.name}: {event.detail}", "warning"))
    # Sensed drops come in time order, so the storm's are the last sensed ones: the
    # attributions of the drops before it stand, and a drop entered by hand is never
    # the storm's.
    draft = copy_with(
        draft,
        drops=tuple(draft.drops[i] for i in kept),
        drop_starts=tuple(draft.drop_starts[i] for i in kept),
        by_hand=tuple(hand[i] for i in kept),
    )
    text = f"SENSOR {event.name}: storm, {withdrawn} drop{'s' if withdrawn > 1 else ''} not counted"
    return copy_with(ts, draft=draft, prompt=Prompt(text, "warning"))


def _drop(ts: TableState, event: ev.BeamBroken) -> TableState:
    game, draft = ts.match.state, ts.draft
    if game.phase != "shooting":
        return copy_with(ts, prompt=Prompt("Puck in the twenty hole outside a shot: ignored", "warning"))
    side = game.turn or "A"
    if "shot" not in draft.drops:
        drop: Drop = "shot"
    elif game.on_board[other(side)] > sum(1 for d in draft.drops if d == other(side)):
        drop = other(side)
    else:
        drop = side
    started = event.at - event.blocked_s
    return copy_with(ts, draft=_with_drop(draft, drop, started, hand=False), prompt=None)


def _with_drop(draft: ShotDraft, drop: Drop, started: float, hand: bool) -> ShotDraft:
    return copy_with(
        draft,
        drops=draft.drops + (drop,),
        drop_starts=draft.drop_starts + (started,),
        by_hand=_hand_flags(draft) + (hand,),
    )


def possible_drops(game: rules.State, before: tuple[Drop, ...]) -> tuple[Drop, ...]:
    """What a further puck in the hole can be after the drops ``before`` of this shot:
    the shot puck (if not in yet), then a puck of a side with one on the board not yet
    accounted for in the hole (the opponent's first, as a sensed drop is attributed)."""
    side = game.turn or "A"
    out: list[Drop] = [] if "shot" in before else ["shot"]
    for owner in (other(side), side):
        if game.on_board[owner] > sum(1 for d in before if d == owner):
            out.append(owner)
    return tuple(out)


def _add_by_hand(ts: TableState, at: float) -> TableState:
    """``plus`` during a shot: a puck in the hole that the beam did not sense."""
    possible = possible_drops(ts.match.state, ts.draft.drops)
    if not possible:
        return copy_with(ts, prompt=Prompt("No other puck can be in the hole", "info"))
    return copy_with(ts, draft=_with_drop(ts.draft, possible[0], at, hand=True), prompt=None)


def _take_back(ts: TableState) -> TableState:
    """``minus`` during a shot: the last puck in the hole was not one (a doubled or
    phantom count, or one added by mistake); the rest of the shot stays."""
    draft = ts.draft
    if not draft.drops:
        return copy_with(ts, prompt=Prompt("No puck in the twenty hole yet", "info"))
    hand = _hand_flags(draft)
    draft = copy_with(
        draft,
        drops=draft.drops[:-1],
        drop_starts=draft.drop_starts[:-1],
        by_hand=hand[:-1],
        withdrawn=draft.withdrawn + (0 if hand[-1] else 1),
    )
    return copy_with(ts, draft=draft, prompt=Prompt("Twenty taken back", "info"))


def _press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    game = ts.match.state
    if name == "undo":
        if game.phase == "shooting" and not ts.draft.is_empty:
            return copy_with(ts, draft=ShotDraft(), prompt=Prompt("Shot cleared", "info")), ()
        if game.phase == "tally" and ts.zone_log:
            return _take_back_count(ts), ()
        return common.undo(ts, at, _undone, _refused_by_rules)
    if game.phase == "finished":
        return copy_with(ts, prompt=Prompt("Match over: press NEW", "info")), ()
    if name == "coin":
        no_toss = rules.refusal(game, "coin_toss")
        if no_toss is not None:
            return _refuse(ts, no_toss), ()
        return copy_with(ts, prompt=None), (TossCoin(),)
    if game.phase == "toss" and (no_shot := rules.refusal(game, "shot")) is not None:  # asked only where it is read
        return _refuse(ts, no_shot, "COIN"), ()
    if game.phase == "tally":
        return _tally_press(ts, name, at)
    return _shot_press(ts, name, at)


def _shot_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    game, draft = ts.match.state, ts.draft
    side = game.turn or "A"
    free = rules.is_free_shot(game)
    if name == "call":
        if free and not draft.called:
            return _refuse(ts, Notice.of("PI-09", "call_not_needed")), ()
        return copy_with(ts, draft=copy_with(draft, called=not draft.called), prompt=None), ()
    if name == "no_contact":
        if free and draft.contact:
            return _refuse(ts, Notice.of("PI-09", "contact_not_needed")), ()
        return copy_with(ts, draft=copy_with(draft, contact=not draft.contact), prompt=None), ()
    if name in ("ditch_a", "ditch_b"):
        owner: Side = "A" if name == "ditch_a" else "B"
        presses = draft.ditch_presses.set(owner, draft.ditch_presses[owner] + 1)
        return copy_with(ts, draft=copy_with(draft, ditch_presses=presses), prompt=None), ()
    if name == "whose":
        return _cycle_whose(ts, side), ()
    if name == "shot_done":
        return _commit(ts, to_shot(game, draft), at)
    if name == "plus":
        return _add_by_hand(ts, at), ()
    if name == "minus":
        return _take_back(ts), ()
    if name == "next":
        return copy_with(ts, prompt=Prompt("Zone counts come after the last puck", "info")), ()
    return ts, ()


def draft_of(before: rules.State, shot: rules.Shot) -> ShotDraft:
    """The draft that :func:`to_shot` turns into ``shot`` in ``before`` (a shot the
    table made): the shot puck's drop first, then knocked-in pucks, the shooter's then
    the opponent's (a doubled beam count is attributed to the opponent, so it is the
    last drop); the drops entered by hand as ``by_hand`` says."""
    side = before.turn or "A"
    opp = other(side)
    shot_drop: tuple[Drop, ...] = ("shot",) if shot.twenty else ()
    drops: tuple[Drop, ...] = shot_drop + (side,) * shot.knocked_in[side] + (opp,) * shot.knocked_in[opp]
    hand_left = {what: shot.by_hand.count(what) for what in ("twenty", "A", "B")}
    flags: list[bool] = []
    for d in reversed(drops):  # the last drops of each kind are the ones by hand
        what = "twenty" if d == "shot" else d
        flags.append(hand_left[what] > 0)
        hand_left[what] -= 1
    presses = shot.knocked_off.set(side, shot.knocked_off[side] + int(shot.ditched))
    return ShotDraft(called=shot.called, contact=shot.contact, drops=drops, ditch_presses=presses,
                     drop_starts=(0.0,) * len(drops), by_hand=tuple(reversed(flags)), withdrawn=shot.withdrawn)


def _held(ts: TableState, more: bool, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    """A hold of ``plus`` (``more``) or ``minus`` pressed with no shot being entered:
    the last committed shot is corrected, its press undone. Anything else: the press
    did its work, the hold adds nothing."""
    prev = ts.held_from
    if prev is None or prev.match.state.phase not in ("shooting", "tally") or not prev.draft.is_empty:
        return ts, ()
    return _amend_last_shot(prev, more, at)


def _amend_last_shot(ts: TableState, more: bool, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    """The last committed shot with one more puck in the hole (``more``: a twenty the
    beam missed, entered by hand) or one fewer (a doubled or phantom count withdrawn),
    everything else of it as it was committed (the hole's sensor is
    not the only source of truth). Journaled as inputs the replay format has: an
    ``undo`` of the shot, then the corrected ``shot`` (by_hand and withdrawn record the
    correction; the rules score it as if sensed, PI-08, PI-11). The rules refuse what
    they refuse (PI-13, PI-18): then nothing changes."""
    last = common.last_step(ts.match)
    if last is None or not isinstance(last[1], rules.Shot) or last[1].foul or last[1].on_line:
        return copy_with(ts, prompt=Prompt("No last shot to correct", "info")), ()
    before: rules.State = last[0]
    shot: rules.Shot = last[1]
    draft = draft_of(before, shot)
    side: Side = before.turn or "A"
    if more:
        possible = possible_drops(before, draft.drops)
        if not possible:
            return copy_with(ts, prompt=Prompt("No other puck can be in the hole", "info")), ()
        if possible[0] == "shot" and shot.ditched:  # the puck pressed to the ditch was in the hole
            draft = copy_with(draft, ditch_presses=draft.ditch_presses.set(side, draft.ditch_presses[side] - 1))
        draft = _with_drop(draft, possible[0], at, hand=True)
        said = "20 added"
    else:
        if not draft.drops:
            return copy_with(ts, prompt=Prompt("The last shot had no twenty", "info")), ()
        draft = _take_back(copy_with(ts, draft=draft)).draft
        said = "20 taken back"
    amended = to_shot(before, draft)
    undone, _ = ts.match.undo()
    try:
        match, step = undone.apply(amended)
    except IllegalInput as exc:
        return _refused_by_rules(ts, exc), ()
    new = _after(copy_with(ts, match=match), step)
    return copy_with(new, prompt=Prompt(f"Last shot: {said}", "info")), (Accepted(None, at), Accepted(amended, at))


def _cycle_whose(ts: TableState, side: Side) -> TableState:
    draft = ts.draft
    if not draft.drops:
        return copy_with(ts, prompt=Prompt("No puck in the twenty hole yet", "info"))
    *before, last = draft.drops
    options: list[Drop] = []
    if "shot" not in before:
        options.append("shot")
    for owner in SIDES:
        if ts.match.state.on_board[owner] > sum(1 for d in before if d == owner):
            options.append(owner)
    if last not in options:
        options.insert(0, last)
    nxt = options[(options.index(last) + 1) % len(options)]
    return copy_with(ts, draft=copy_with(draft, drops=(*before, nxt)), prompt=None)


ZONE_FIELDS = ("A15", "A10", "A5", "B15", "B10", "B5")
"""The zone entry's fields, in cursor order: side and zone points (PI-10)."""


def _zones_changed(ts: TableState, i: int, delta: int, log: bool = True) -> TableState:
    zones = list(ts.zones)
    zones[i] += delta
    z0, z1, z2, z3, z4, z5 = zones
    zone_log = ts.zone_log + ((i, delta),) if log else ts.zone_log[:-1]
    return copy_with(ts, zones=(z0, z1, z2, z3, z4, z5), zone_log=zone_log)


def _take_back_count(ts: TableState) -> TableState:
    """UNDO in the zone entry: the last change of a count taken back, the cursor on
    that count; every other count stays as entered."""
    i, delta = ts.zone_log[-1]
    ts = _zones_changed(ts, i, -delta, log=False)
    return copy_with(ts, cursor=i, prompt=Prompt(f"{ZONE_FIELDS[i]} back to {ts.zones[i]}", "info"))


def _tally_press(ts: TableState, name: str, at: float) -> tuple[TableState, tuple[Effect, ...]]:
    cursor = ts.cursor
    if name == "next":
        return copy_with(ts, cursor=(cursor + 1) % 6, prompt=None), ()
    if name == "plus":
        side: Side = "A" if cursor < 3 else "B"
        on_board = ts.match.state.on_board[side]
        if sum(ts.zones[3 * (cursor // 3) : 3 * (cursor // 3) + 3]) >= on_board:
            # Every puck of that side resting on the board is counted (PI-10, PI-12:
            # one puck, one zone): a count past them cannot be entered.
            return _refuse(ts, Notice.of("PI-10", "zones_all_counted", side=side, on_board=on_board)), ()
        return copy_with(_zones_changed(ts, cursor, +1), prompt=None), ()
    if name == "minus":
        if ts.zones[cursor] == 0:
            return ts, ()
        return copy_with(_zones_changed(ts, cursor, -1), prompt=None), ()
    if name == "shot_done":
        z = ts.zones
        return _commit(ts, rules.Tally((z[0], z[1], z[2]), (z[3], z[4], z[5])), at)
    no_shot = rules.refusal(ts.match.state, "shot")
    assert no_shot is not None  # the zone entry: the rules take no shot (PI-03)
    return _refuse(ts, no_shot, "+ - NEXT, DONE"), ()


def corrections(inp: rules.Input) -> dict[str, SensorTally]:
    """What a committed shot corrected of the twenty beam's counts, for its health
    record: pucks entered by hand, counts taken back (none for other inputs)."""
    if not isinstance(inp, rules.Shot) or not (inp.by_hand or inp.withdrawn):
        return {}
    return {"twenty": SensorTally(by_hand=len(inp.by_hand), withdrawn=inp.withdrawn)}
