"""Pitch Bowl at the table: what it shows (its views, menu and summary), read from the
table state of :mod:`pitchside.tables.pitchbowl.flow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.rules import pitchbowl as rules
from pitchside.core.sides import SIDES
from pitchside.tables.pitchbowl.flow import PITCH_FIELDS, PLACEMENT_FIELDS, TableState, _name, _placer

if TYPE_CHECKING:
    from pitchside.render.pitchbowl import PitchBowlView


ANNOUNCE_LABEL = {"strip": "STRIP", "pickup": "PICK UP", "handoff": "HAND OFF", "pass": "PASS"}


def field_label(ts: TableState, i: int) -> str:
    """The selector field ``i`` of the current phase, with side names filled in."""
    if ts.match.state.phase in ("place_defender", "place_attacker"):
        return PLACEMENT_FIELDS[i]
    label = PITCH_FIELDS[i]
    if label in ("OUT A", "OUT B"):
        return f"OUT {_name(ts.names, label[-1])}".upper()  # type: ignore[arg-type]
    return label


def field_value(ts: TableState, i: int) -> str:
    """The value of selector field ``i`` as shown (``"YES"``, ``"2"``, a name)."""
    if ts.match.state.phase in ("place_defender", "place_attacker"):
        p = ts.placement
        side = p.side or _placer(ts.match.state)
        return (str(p.players), str(p.on_marker), str(p.max_on_wing), _yes(p.over_line),
                _name(ts.names, side).upper())[i]  # fmt: skip
    d = ts.pitch
    return (_yes(d.clearance), str(d.out.A), str(d.out.B), _yes(d.ball_out), _yes(d.carrier_out),
            str(d.ko), str(d.ko_opponent))[i]  # fmt: skip


def _yes(flag: bool) -> str:
    return "YES" if flag else "NO"


def draft_line(ts: TableState) -> str:
    """The pitch (or defensive placement) being entered, e.g. ``"PASS MISSED ALL-OUT"``;
    empty when nothing is entered."""
    if ts.def_ok is not None:
        return "DEF PLACEMENT" + ("" if ts.def_ok else " WRONG")
    d = ts.pitch
    parts = []
    if d.announce is not None:
        label = ANNOUNCE_LABEL[d.announce]
        parts.append({None: f"{label}?", "success": label, "miss": f"{label} MISSED",
                      "interception": "INTERCEPTED"}[d.result])  # fmt: skip
    if d.all_out:
        parts.append("ALL-OUT")
    if d.fall:
        parts.append("FALL")
    if d.clearance:
        parts.append("CLEARANCE")
    for side in SIDES:
        n = d.out[side]
        if n:
            parts.append(f"OUT {_name(ts.names, side).upper()}" + (f"x{n}" if n > 1 else ""))
    if d.carrier_out:
        parts.append("CARRIER OUT")
    if d.ball_out:
        parts.append("BALL OUT")
    if d.ko:
        parts.append(f"KO{d.ko}")
    if d.ko_opponent:
        parts.append(f"KO OPP{d.ko_opponent}")
    if d.touchdown:
        parts.append("TOUCHDOWN")
    return " ".join(parts)


def hint(ts: TableState) -> str:
    """What OK would do now, for the bottom line when nothing else is shown."""
    g = ts.match.state
    if g.phase == "toss":
        return "PRESS COIN TO TOSS"
    if g.phase == "choose":
        return "+ KICK  - RECEIVE  then OK"
    if g.phase in ("place_defender", "place_attacker"):
        return "OK: PLACED  +/- NEXT: EDIT"
    if g.phase == "kickoff":
        return "OK: LANDED   MISS: SHORT" if ts.landed else "OK: TOUCH BACK"
    if g.phase == "finished":
        return "NEW: new match"
    if ts.def_ok is not None:
        return "OK: PLACED  MISS: WENT WRONG"
    d = ts.pitch
    if d.announce is not None and d.result is None:
        return f"{ANNOUNCE_LABEL[d.announce]}: OK MADE  MISS"
    if not d.is_empty:
        return f"{draft_line(ts)}: OK"
    if g.bonus_pending:
        return "BONUS PITCH NOW: OK"
    return "ANNOUNCE, PITCH, OK"


def view(ts: TableState) -> PitchBowlView:
    """What the display shows now."""
    # the match's screens at a match's first frame, not at start-up: a table boots
    # to its attract screen, and a resumed match's first frame comes here too (start-up)
    from pitchside.render.pitchbowl import PitchBowlView

    g = ts.match.state
    placement: tuple[tuple[str, str], ...] = ()
    if g.phase in ("place_defender", "place_attacker"):
        placement = tuple((PLACEMENT_FIELDS[i], field_value(ts, i)) for i in range(len(PLACEMENT_FIELDS)))
    selector = None
    if ts.selecting and g.phase == "turn":
        selector = f"< {field_label(ts, ts.cursor)}: {field_value(ts, ts.cursor)} >"
    return PitchBowlView(
        state=g,
        names=ts.names,
        prompt=ts.prompt,
        spin=ts.spin,
        choice=ts.choice,
        placement=placement,
        cursor=ts.cursor if (ts.selecting or placement) else None,
        landed=ts.landed,
        announce=ts.pitch.announce if g.phase == "turn" and ts.def_ok is None else None,
        draft=draft_line(ts) if g.phase == "turn" else "",
        selector=selector,
        hint=hint(ts),
        scored=scored_state(ts),
    )


def scored_state(ts: TableState) -> rules.State | None:
    """The match screen's state a touchdown was scored on (the turn before the pitch
    that scored, PB-27) with the new score, the new last loss of initiative (the
    touchdown itself: PB-28 lists TOUCHDOWN among the losses, and play restarts with a
    kick-off, PB-27) and the new kicker (its scorer, whom the line names), while
    :attr:`TableState.scored` is set. So a touchdown changes the score, the last-loss
    line and the bottom line ("TOUCHDOWN!", on 128x32 "TOUCHDOWN Bob!") on the screen
    the players were watching, and the placement screen (PB-03) follows at the next
    press. None at any other time."""
    head = ts.match.head
    if not ts.scored or head is None:
        return None
    before: rules.State = head.prev.state if head.prev is not None else ts.match.initial
    return copy_with(before, score=ts.match.state.score, last_loss=ts.match.state.last_loss, kicker=ts.match.state.kicker)


def menu(options: rules.Options) -> tuple[tuple[str, str], ...]:
    """The menu's rows: defensive placement, how a turn ends, a carrier leaving the field."""
    return (
        ("Def. placing", "ON" if options.defensive_placement else "OFF"),
        ("End turn", END_TURN_LABEL[options.end_turn]),
        ("Carrier out", "BALL OUT" if options.carrier_out == "ball_out" else "BALL LOOSE"),
    )


def menu_change(options: rules.Options, row: int, step: int) -> rules.Options:
    """The options with menu row ``row`` changed by ``step`` (+1 or -1)."""
    if row == 0:
        return copy_with(options, defensive_placement=not options.defensive_placement)
    if row == 1:
        i = END_TURN_CHOICES.index(options.end_turn)
        return copy_with(options, end_turn=END_TURN_CHOICES[(i + step) % len(END_TURN_CHOICES)])
    return copy_with(options, carrier_out="loose" if options.carrier_out == "ball_out" else "ball_out")


def summary(ts: TableState) -> str:
    """A match on hold: ``"0-1, Bob to play"``."""
    g = ts.match.state
    score = f"{g.score.A}-{g.score.B}"
    who = rules.to_act(g)
    return f"{score}, {_name(ts.names, who)} to play" if who else score


END_TURN_CHOICES: tuple[Literal["unless_def_placement", "always", "never"], ...] = (
    "unless_def_placement", "always", "never",
)  # fmt: skip

END_TURN_LABEL = {"unless_def_placement": "BUTTON", "always": "ALWAYS", "never": "FLICK ALL"}
"""The menu's words for the ``end_turn`` option (PB-34, PB-A1)."""
