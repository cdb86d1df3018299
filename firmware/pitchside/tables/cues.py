"""Sound cues (pure): what a handled event deserves a beep for, in any game.

The runtime compares the game table before and after each event it handles and passes
the cues found to its optional sound sink (``pitchside_hw.sound.Sound``). Only what every
game has is read: the match's typed face (:meth:`~pitchside.core.match.Match.score`,
:meth:`~pitchside.core.match.Match.status`) and the table's prompt, so the same
detector serves every table.

* ``"point"``: a side's headline ``score`` went up in the same match (a round, a game,
  a touchdown, a move won). An undo that takes a point back, a new match and a game
  switched in the menu (scores back to 0) are silent.
* ``"refusal"``: a refusal prompt appeared: the rules refused an input. Each refusal
  is a new prompt, so the same refusal twice cues twice; an event that leaves the
  prompt as it was (a release, a timer) cues nothing.
* ``"won"``: the match finished (``status`` became ``"finished"``; a draw too).
* ``"twenty"``: a twenty's moment came on the display (:func:`moment_cues`; a twenty
  is no headline point, PI-08, PI-11). The other moments have their cue already: a
  round, a touchdown, a Move! or a game is a ``"point"``, the match ``"won"``, at the
  event that shows them.

A final point gives ``("point", "won")``, in that order.
"""

from __future__ import annotations

from typing import Literal, Protocol

from pitchside.core.sides import SIDES
from pitchside.tables.gametable import TableLike
from pitchside.tables.moments import Showing

Cue = Literal["point", "refusal", "won", "twenty"]
CUES: tuple[Cue, ...] = ("point", "refusal", "won", "twenty")
"""Every cue, in the order :func:`cues` reports them."""


class SoundSink(Protocol):
    """Where cues go (a buzzer driver, a recorder): ``cue`` must return at once (the
    sound plays in the background) and may raise ``HardwareError``, which the runtime
    logs without stopping the match."""

    def cue(self, name: Cue) -> None: ...


def cues(before: TableLike, after: TableLike) -> tuple[Cue, ...]:
    """The cues earned by the change from ``before`` to ``after`` (module docstring)."""
    if before is after:
        return ()
    found: list[Cue] = []
    same_game = before.match.codec.name == after.match.codec.name
    if same_game and before.match is not after.match:
        old, new = before.match, after.match
        if any(new.score()[s] > old.score()[s] for s in SIDES):
            found.append("point")
        if new.status() == "finished" and old.status() != "finished":
            found.append("won")
    prompt = after.prompt
    if prompt is not None and prompt.kind == "refusal" and prompt is not before.prompt:
        found.append("refusal")
    return tuple(sorted(found, key=CUES.index))


def moment_cues(before: Showing | None, after: Showing | None) -> tuple[Cue, ...]:
    """The cues of the moments shown from ``before`` to ``after`` (the kiosk's
    :attr:`~pitchside.tables.kiosk.KioskState.moment`): ``("twenty",)`` when a twenty's
    moment came on the display -- at the event that made it, or when the one before it
    in the queue ran its time -- else ``()``."""
    if after is None or after.current.kind != "twenty":
        return ()
    return ("twenty",) if before is None or before.current is not after.current else ()
