"""What a Boulomania screen shows: :class:`BoulomaniaView` and the roll in it."""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.rules.boulomania import State
from pitchside.core.sides import Side
from pitchside.render.view import Prompt


@dataclass(frozen=True)
class DiceShown:
    """A roll to show: ``values`` (1-6 each), what it did, and a shorter way to say
    it for when ``text`` does not fit ("": none)."""

    values: tuple[int, ...]
    text: str = ""
    short: str = ""


@dataclass(frozen=True)
class BoulomaniaView:
    """Everything a Boulomania screen shows.

    :param state: the rules state.
    :param names: what to call sides A and B (ASCII; paged on the panel when long).
    :param choice_line: the declared throw, for the bottom line when no prompt is set.
    :param target: the declared shot's target (a space or ``"jack"``), bracketed.
    :param last: the last roll the rules accepted.
    :param prompt: a message that takes the bottom line (a refusal shows over the
        screen, :func:`pitchside.render.widgets.refusal_layer`).
    :param diagonal: the fork spaces a push will leave diagonally: a stub from the
        space towards its diagonal successor.
    :param die: the die unit's status (``"connected"``, ``"lost"``, ...).
    :param ended: the board the last round ended on, shown (with its round number and
        bowls in hand) until the next jack is rolled (BM-16, BM-17); None otherwise.
    """

    state: State
    names: tuple[str, str] = ("A", "B")
    choice_line: str | None = None
    target: int | str | None = None
    last: DiceShown | None = None
    prompt: Prompt | None = None
    diagonal: frozenset[int] = frozenset()
    die: str = "none"
    ended: State | None = None

    def name(self, side: Side) -> str:
        """What side ``side`` is called."""
        return self.names[0] if side == "A" else self.names[1]

    @property
    def board(self) -> State:
        """The state whose board, round and bowls in hand the screen draws:
        :attr:`ended` while it is set, else :attr:`state`."""
        return self.ended if self.ended is not None else self.state
