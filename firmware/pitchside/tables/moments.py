"""Moments (pure): a short full-screen view of what a player wants to
see -- a twenty, a round won with its score, a touchdown, a Move!, a game won, a match
won -- shown for :attr:`~pitchside.tables.kiosk.KioskSettings.moment_s` after the input
that made it.

A moment is a **view of the state, not an input**. It is derived from the typed notices
(rule and code, never prose) of the inputs the rules accepted in one event: each game's
record says which notices make which moment (``GameTable.moments``, a
:data:`MomentOf` hook; by default none; the five games' are in
:mod:`pitchside.tables.game_moments`). So nothing is journaled for a moment, and a
power cut during one changes nothing: the table rebuilt from the journal shows its
normal screen (the kiosk starts with no moment).

How the kiosk shows them (:class:`Showing`):

* The moments of one event are shown in turn, the first at once, each for
  ``moment_s`` (a :class:`~pitchside.tables.effects.StartTimer` named :data:`TIMER`
  that comes back as a ``TimerFired``: time is an input; a timer whose moment has gone
  is ignored). A final touchdown shows TOUCHDOWN!, then the match.
* **A button press or a beam broken during a moment ends it** (and the ones queued
  after it) **and then does what it always does**: moments change no input's meaning,
  so a table plays exactly the same with them or without them (``moment_s = 0``), a
  scenario file's presses mean what they meant, and players who have moved on are not
  held up (a beam is the table's truth, never swallowed). Releases and holds do not end
  a moment (the release of the very press that made it comes just after it), nor do
  serial lines that the rules do not accept (a status line). The staff gestures work
  as ever.
* Any other accepted input or an undo replaces what is showing by its own moments (an
  undo has none: the moment of what was taken back goes at once).
* ``moment_s = 0`` shows none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pitchside.core.match import AnyMatch
from pitchside.core.notice import Notice
from pitchside.core.sides import PerSide, Side
from pitchside.tables.effects import StartTimer

if TYPE_CHECKING:  # an annotation only: the screen is loaded at the first moment (start-up)
    from pitchside.render.moment import MomentView

Kind = Literal["twenty", "round", "touchdown", "move", "game", "match"]
"""What a moment celebrates, in the rulebooks' terms: a Pichenotte twenty (PI-08,
PI-11), a round (Pichenotte PI-14/PI-16, Boulomania BM-16/BM-26), a touchdown (PB-27),
a Move! (MM-16), a game (Pitchnut PN-31, Boulomania BM-18, Master Move MM-15/MM-25),
a match (PI-15, PN-A9, PB-30)."""

TIMER = "moment"
"""The kiosk timer that ends the moment on show."""

DEFAULT_S = 2.5
"""How long a moment is shown, in s, unless the config says (``[kiosk] moment_s``)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """One moment, ready to show.

    :param kind: what it celebrates (:data:`Kind`).
    :param title: the headline in the rulebook's word, ASCII capitals (``"TWENTY!"``,
        ``"ROUND 3"``, ``"TOUCHDOWN!"``, ``"MOVE!"``, ``"POISON!"``, ``"MATCH"``).
    :param caption: one short line in the players' names (``"Ann +20"``,
        ``"Ann wins the round"``).
    :param notice: the notice it was made from (its rule ID is the moment's).
    :param side: whose moment it is; None for a tie, a null round or a draw.
    :param score: the score to show (A's, B's): the round's points for a round, the
        headline score otherwise; None to show none.
    :param final: it ends the match (drawn with more weight).
    :param short: the caption for a panel too narrow for ``caption`` (the name alone).
    """

    kind: Kind
    title: str
    caption: str
    notice: Notice
    side: Side | None = None
    score: PerSide[float] | None = None
    final: bool = False
    short: str = ""

    def view(self) -> MomentView:
        """What the display draws (:mod:`pitchside.render.moment`)."""
        # at the first moment shown (start-up)
        from pitchside.render.moment import MomentView

        score = None if self.score is None else (self.score.A, self.score.B)
        return MomentView(self.title, self.caption, score, self.final, self.short)


MomentOf = Callable[[Notice, PerSide[float], tuple[str, str]], Moment | None]
"""A game's hook: ``(notice, score, names) -> moment or None``: the moment a notice of an
accepted step makes, given the headline score after that step (the typed face,
:meth:`~pitchside.core.match.Match.score`) and the players' names ``(A's, B's)``."""


def no_moments(notice: Notice, score: PerSide[float], names: tuple[str, str]) -> Moment | None:
    """The default hook: no notice makes a moment."""
    return None


def arising(before: AnyMatch, after: AnyMatch, names: tuple[str, str], moment_of: MomentOf) -> tuple[Moment, ...]:
    """The moments of the inputs ``after`` holds beyond ``before``, oldest first, each
    input's in the order of its notices: the notices of the step that applied it, as
    the match keeps them with the input (the rules are not applied again).

    :returns: ``()`` when ``after`` does not extend ``before`` (an undo, a new match,
        another game) or adds nothing.
    """
    if before is after or before.codec.name != after.codec.name or before.initial is not after.initial:
        return ()
    added = []
    node = after.head
    while node is not before.head:
        if node is None:
            return ()  # not an extension of ``before``
        added.append(node)
        node = node.prev
    found: list[Moment] = []
    for node in reversed(added):
        score = after.codec.rules.score(node.state)
        found += [m for n in node.notices if (m := moment_of(n, score, names)) is not None]
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Showing:
    """The moments on the display: ``queue[0]`` now, until ``due`` (s, the clock of the
    event that showed it), then the rest in turn."""

    queue: tuple[Moment, ...]
    due: float

    @property
    def current(self) -> Moment:
        return self.queue[0]


def begin(found: tuple[Moment, ...], at: float, moment_s: float) -> tuple[Showing | None, tuple[StartTimer, ...]]:
    """Show ``found`` from ``at`` (s): the first moment and its timer; ``(None, ())`` for
    none, or when moments are off (``moment_s`` 0)."""
    if not found or moment_s <= 0:
        return None, ()
    due = at + moment_s
    return Showing(found, due), (StartTimer(TIMER, due),)


def timer(showing: Showing | None, at: float, moment_s: float) -> tuple[Showing | None, tuple[StartTimer, ...]]:
    """The moment timer fired at ``at``: the next moment queued, or none. A stale timer
    (its moment was dismissed or replaced since) changes nothing."""
    if showing is None or at != showing.due:
        return showing, ()
    return begin(showing.queue[1:], at, moment_s)

