"""Pitchnut at the table: what it shows (its views, menu and summary), read from the
table state of :mod:`pitchside.tables.pitchnut.flow`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk
from pitchside.core.rules import pitchnut as rules
from pitchside.tables.pitchnut.flow import Kind, ShotDraft, TableState, rows

if TYPE_CHECKING:
    from pitchside.render.pitchnut import PitchnutView, SheetRow


KIND_WORDS: dict[str, str] = {
    "?": "?", "white": "WHITE", "black": "BLACK", "poison": "POISON", "pitch": "PITCH", "double": "DOUBLE",
}  # fmt: skip


def _yes(flag: bool) -> str:
    return "YES" if flag else "NO"


def sheet_rows(ts: TableState) -> tuple[SheetRow, ...]:
    """The shot sheet as the screen shows it."""
    from pitchside.render.pitchnut import SheetRow  # with the match screen (see view)

    d = ts.draft
    out = []
    for key, i in rows(ts):
        if key == "piece":
            p = d.pieces[i]
            where = f"POCKET {p.pocket}" if p.pocket else "BY HAND"
            out.append(SheetRow(f"{i + 1} {where}", KIND_WORDS[p.kind], p.kind == "?"))
        elif key == "spot":
            out.append(SheetRow("SPOT COLOUR", KIND_WORDS[d.spot] if d.spot else "?", d.spot is None))
        elif key == "add":
            out.append(SheetRow("+ PIECE", ""))
        elif key == "pitch_off":
            out.append(SheetRow("PITCH OFF", _yes(d.pitch_off)))
        elif key == "touched":
            out.append(SheetRow("HIT A PIECE", _yes(d.touched)))
        elif key == "foul":
            out.append(SheetRow("FOUL", _yes(d.foul)))
        elif key == "white_off":
            out.append(SheetRow("WHITE OFF", str(d.white_off)))
        elif key == "black_off":
            out.append(SheetRow("BLACK OFF", str(d.black_off)))
        else:
            out.append(SheetRow("POISON OFF", _yes(d.poison_off)))
    return tuple(out)


def shot_summary(draft: ShotDraft) -> str:
    """What the shot would commit, e.g. ``"2 WHITE 1 BLACK PITCH"``, or ``"NOTHING IN"``."""
    parts = []
    colours: tuple[tuple[Kind, str], ...] = (("white", "WHITE"), ("black", "BLACK"))
    for kind, word in colours:
        if draft.count(kind):
            parts.append(f"{draft.count(kind)} {word}")
    if draft.count("poison"):
        parts.append("POISON")
    if draft.count("pitch"):
        parts.append("PITCH")
    if draft.pitch_off:
        parts.append("PITCH OFF")
    if draft.foul:
        parts.append("FOUL")
    unknown = draft.count("?")
    if unknown:
        parts.append(f"{unknown} ?")
    return " ".join(parts) if parts else "NOTHING IN"


def shot_line(draft: ShotDraft) -> str | None:
    """The bottom line during a live shot: ``"3 IN: P1, P3, P3"``, with the pitch off."""
    parts = []
    if draft.pieces:
        pockets = ", ".join(f"P{p.pocket}" if p.pocket else "HAND" for p in draft.pieces)
        parts.append(f"{len(draft.pieces)} IN: {pockets}")
    if draft.pitch_off:
        parts.append("PITCH OFF")
    return "  ".join(parts) if parts else None


def view(ts: TableState) -> PitchnutView:
    """What the display shows now."""
    # the match's screens at a match's first frame, not at start-up: a table boots
    # to its attract screen, and a resumed match's first frame comes here too (start-up)
    from pitchside.render.pitchnut import PitchnutView

    game = ts.match.state
    sheet = sheet_rows(ts) if game.phase == "shooting" and ts.mode == "sheet" else ()
    return PitchnutView(
        state=game,
        names=ts.names,
        prompt=ts.prompt,
        action=ts.action,
        shot_line=shot_line(ts.draft) if game.phase == "shooting" and ts.mode == "live" else None,
        sheet=sheet,
        cursor=ts.cursor,
        sheet_title=f"SHOT: {len(ts.draft.pieces)} IN" if sheet else "",
        summary=shot_summary(ts.draft) if sheet else "",
        breaker=(ts.breaker or game.toss_winner) if game.phase == "choose_breaker" else None,
        sensed=ts.draft.sensed(),
    )


GAMES_CHOICES = (1, 2, 3, 5)
"""Games to win the match, as the menu offers them."""


def menu(options: rules.Options) -> tuple[tuple[str, str], ...]:
    """The menu's rows: players, games to win, beginners' or standard rules."""
    beginners = options.scratch_keeps_turn or options.miss_reshoot
    return (
        ("Players", options.players.upper()),
        ("Match", "1 GAME" if options.games == 1 else f"FIRST TO {options.games}"),
        ("Rules", "BEGINNERS" if beginners else "STANDARD"),
    )


def menu_change(options: rules.Options, row: int, step: int) -> rules.Options:
    """The options with menu row ``row`` changed by ``step`` (+1 or -1)."""
    if row == 0:
        return copy_with(options, players="doubles" if options.players == "singles" else "singles")
    if row == 1:
        i = GAMES_CHOICES.index(options.games) if options.games in GAMES_CHOICES else 0
        return copy_with(options, games=GAMES_CHOICES[(i + step) % len(GAMES_CHOICES)])
    beginners = not (options.scratch_keeps_turn or options.miss_reshoot)
    return copy_with(options, scratch_keeps_turn=beginners, miss_reshoot=beginners)


def summary(ts: TableState) -> str:
    """A match on hold: ``"Game 2, 1-0"``."""
    g = ts.match.state
    return f"Game {g.game_number}, {g.score.A}-{g.score.B}"
