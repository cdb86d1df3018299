"""Pichenotte at the table: what it shows (its views, menu and summary), read from the
table state of :mod:`pitchside.tables.pichenotte.flow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.fields import specs
from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import SIDES
from pitchside.render.view import TallyEntry
from pitchside.tables.pichenotte.flow import ShotDraft, TableState, _hand_flags

if TYPE_CHECKING:
    from pitchside.render.pichenotte import PichenotteView


def shot_line(game: rules.State, draft: ShotDraft, names: tuple[str, str] = ("A", "B")) -> str:
    """The prompt line during a shot: what the table will commit, in the players' names,
    e.g. ``"CALLED 20!"`` or ``"20 for Ann, Bob 1 OFF"``; before anything is seen, the
    obligation (``"HIT OR CALL 20"`` or ``"FREE SHOT"``, PI-05, PI-09)."""
    short = {"A": names[0][:6], "B": names[1][:6]}
    parts = []
    if draft.called:
        parts.append("CALLED")
    if not draft.contact:
        parts.append("NO HIT")
    for d, hand in zip(draft.drops, _hand_flags(draft)):
        parts.append(("20!" if d == "shot" else f"20 for {short[d]}") + (" (hand)" if hand else ""))
    for s in SIDES:
        if draft.ditch_presses[s]:
            parts.append(f"{short[s]} {draft.ditch_presses[s]} OFF")
    if parts:
        return ", ".join(parts).replace("CALLED, 20!", "CALLED 20!")
    if game.phase == "shooting":
        return "FREE SHOT" if rules.is_free_shot(game) else "HIT OR CALL 20"
    return ""


def view(ts: TableState) -> PichenotteView:
    """What the display shows now."""
    # the match's screen (2 records) at the first frame of a match, not at start-up: a
    # table boots to its attract screen, and a resumed match's first frame comes here
    # too (start-up and latency)
    from pitchside.render.pichenotte import PichenotteView

    game = ts.match.state
    tally = None
    if game.phase == "tally":
        remaining = (
            game.on_board.A - sum(ts.zones[0:3]),
            game.on_board.B - sum(ts.zones[3:6]),
        )
        tally = TallyEntry(ts.zones, ts.cursor, remaining)
    line = shot_line(game, ts.draft, ts.names) if game.phase == "shooting" else None
    return PichenotteView(game, shot_line=line, tally=tally, prompt=ts.prompt, names=ts.names)


def match_length(options: rules.Options) -> str:
    """The match's length as the menu and the screens say it: ``"FIRST TO 4"`` (round
    points, PI-21) or ``"RACE TO 500"`` (points, PI-22), with the options' numbers."""
    if options.format == "rounds":
        return f"FIRST TO {options.rounds_to_win}"
    return f"RACE TO {options.race_target}"


def menu(options: rules.Options) -> tuple[tuple[str, str], ...]:
    """The menu's rows: players, match format with its length (as configured), the
    length itself (round points to win, or the race's target), pucks per side."""
    to_win = f"{options.rounds_to_win} ROUNDS" if options.format == "rounds" else f"{options.race_target} POINTS"
    return (
        ("Players", options.players.upper()),
        ("Match", match_length(options)),
        ("To win", to_win),
        ("Pucks", f"{options.pucks} EACH"),
    )


RACE_STEP = 50
"""Points a press of + or - changes the race's target by in the menu (PI-22)."""


def _stepped(value: int, step: int, grid: int, lo: int, hi: int) -> int:
    """``value`` moved one ``grid`` step up (``step`` +1) or down (-1), onto the grid's
    multiples, and kept within ``lo..hi`` (a value outside stays where it is)."""
    moved = (value // grid + 1) * grid if step > 0 else (-(-value // grid) - 1) * grid
    return moved if lo <= moved <= hi else value


def menu_change(options: rules.Options, row: int, step: int) -> rules.Options:
    """The options with menu row ``row`` changed by ``step`` (+1 or -1). The match
    length moves within its option's declared range (``rounds_to_win`` 1-99 by 1,
    ``race_target`` by :data:`RACE_STEP` from 50 to 100000: the declarations in
    :class:`~pitchside.core.rules.pichenotte.Options`)."""
    if row == 0:
        players: Literal["singles", "doubles"] = "doubles" if options.players == "singles" else "singles"
        pucks = options.pucks + (options.pucks % 2 if players == "doubles" else 0)
        return copy_with(options, players=players, pucks=pucks)
    if row == 1:
        return copy_with(options, format="race500" if options.format == "rounds" else "rounds")
    if row == 2:
        declared = specs(rules.Options)
        if options.format == "rounds":
            rs = declared["rounds_to_win"]
            lo, hi = rs.lo or 1, rs.hi or options.rounds_to_win
            return copy_with(options, rounds_to_win=_stepped(options.rounds_to_win, step, 1, lo, hi))
        rt = declared["race_target"]
        lo, hi = max(rt.lo or 1, RACE_STEP), rt.hi or options.race_target
        return copy_with(options, race_target=_stepped(options.race_target, step, RACE_STEP, lo, hi))
    i = PUCK_CHOICES.index(options.pucks) if options.pucks in PUCK_CHOICES else len(PUCK_CHOICES) - 1
    return copy_with(options, pucks=PUCK_CHOICES[(i + step) % len(PUCK_CHOICES)])


def players_per_side(options: rules.Options) -> int:
    """Players who enter a name per side: 2 in doubles (each partner), else 1."""
    return 2 if options.players == "doubles" else 1


def summary(ts: TableState) -> str:
    """A match on hold: ``"Round 2, 1-0"``."""
    g = ts.match.state
    score = rules.match_score(g)
    return f"Round {g.round}, {rules.fmt_points(score.A)}-{rules.fmt_points(score.B)}"


PUCK_CHOICES = (4, 6, 8, 10, 12)
"""Pucks per side offered by the menu."""
