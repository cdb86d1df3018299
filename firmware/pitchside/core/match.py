"""A match as a fold over its input log, with undo (docs/spec/replay.md, ``undo``).

:class:`Match` is immutable: every accepted input gives a new ``Match`` that shares its
history with the old one (a linked list of (input, state) nodes), so apply and undo are
O(1) and a replay of n inputs is O(n).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic

from pitchside.core.errors import IllegalInput
from pitchside.core.game import Outcome, Status
from pitchside.core.record.codec import GameCodec, InputT, OptionsT, StateT
from pitchside.core.sides import PerSide, Side
from pitchside.core.notice import Notice
from pitchside.core.step import Step


UNDONE = Notice.of("UNDO", "undone")
"""The notice of an accepted undo (docs/spec/replay.md, ``undo``)."""
NOTHING_TO_UNDO = Notice.of("UNDO", "nothing_to_undo")
"""The refusal of an undo with nothing to take back."""


@dataclass(frozen=True, slots=True)
class _Node(Generic[StateT, InputT]):
    """One input in effect: the node before it, the input, and the state and notices of
    the step that applied it (``notices``: that step's effects, kept so that a reader of
    them, the moments of an accepted input, need not apply the rules again; the rules
    are pure, so they are what applying ``inp`` to ``prev``'s state gives, and a node is
    never changed, so they cannot go stale). Compared without ``notices``: they follow
    from the rest."""

    prev: "_Node[StateT, InputT] | None"
    inp: InputT
    state: StateT
    notices: tuple[Notice, ...] = field(compare=False)


@dataclass(frozen=True, slots=True)
class Applied(Generic[StateT, InputT]):
    """One input in effect, as :meth:`Match.recent` gives it: the input, the states
    before and after it, and the notices its step gave."""

    inp: InputT
    before: StateT
    after: StateT
    notices: tuple[Notice, ...]


@dataclass(frozen=True, slots=True)
class Match(Generic[OptionsT, StateT, InputT]):
    """One match: its game, options, initial state and the inputs in effect.

    Build with :meth:`start`; ``state`` is the fold of ``inputs`` through the rules.
    Generic over the game's options, state and input types (a game's table holds a
    ``Match[rules.Options, rules.State, rules.Input]``; code that serves every game, a
    ``Match[Any, Any, Any]``).
    """

    codec: GameCodec[OptionsT, StateT, InputT]
    options: OptionsT
    initial: StateT
    head: _Node[StateT, InputT] | None = None

    @classmethod
    def start(cls, codec: GameCodec[OptionsT, StateT, InputT],
              options: OptionsT) -> "Match[OptionsT, StateT, InputT]":
        return cls(codec, options, codec.new_state(options))

    @property
    def state(self) -> StateT:
        return self.head.state if self.head is not None else self.initial

    @property
    def inputs(self) -> list[InputT]:
        """The inputs in effect, oldest first."""
        out: list[InputT] = []
        node = self.head
        while node is not None:
            out.append(node.inp)
            node = node.prev
        return out[::-1]

    def apply(self, inp: InputT) -> tuple["Match[OptionsT, StateT, InputT]", Step[StateT]]:
        """Apply one input.

        :raises IllegalInput: the rules refuse it; this match is unchanged.
        """
        step = self.codec.apply(self.state, inp)
        node = _Node(self.head, inp, step.state, tuple(step.effects))
        return Match(self.codec, self.options, self.initial, node), step

    # The typed face of the game for the current state (pitchside.core.game):
    # ``codec.rules`` is the game's rules module, a GameRules.

    def status(self) -> Status:
        """The match's :data:`~pitchside.core.game.Status` now."""
        return self.codec.rules.status(self.state)

    def score(self) -> PerSide[float]:
        """The headline score per side now."""
        return self.codec.rules.score(self.state)

    def turn(self) -> Side | None:
        """The side to play now (None: not settled yet, or the match is over)."""
        return self.codec.rules.turn(self.state)

    def outcome(self) -> Outcome | None:
        """The result once the match is over, else None."""
        return self.codec.rules.outcome(self.state)

    def recent(self, n: int) -> tuple[Applied[StateT, InputT], ...]:
        """The last ``n`` inputs in effect (fewer at the start), newest first, each with
        the state before and after it and the notices of its step."""
        out: list[Applied[StateT, InputT]] = []
        node = self.head
        while node is not None and len(out) < n:
            before = node.prev.state if node.prev is not None else self.initial
            out.append(Applied(node.inp, before, node.state, node.notices))
            node = node.prev
        return tuple(out)

    def can_undo(self) -> bool:
        return self.head is not None

    def undo(self) -> tuple["Match[OptionsT, StateT, InputT]", Step[StateT]]:
        """Take back the most recent input still in effect.

        :returns: the match without it, and a step whose one notice is :data:`UNDONE`.
        :raises IllegalInput: nothing to undo, :data:`NOTHING_TO_UNDO` (rule ``UNDO``,
            docs/spec/replay.md; words in :mod:`pitchside.core.words.common`).
        """
        if self.head is None:
            raise IllegalInput(NOTHING_TO_UNDO)
        new = Match(self.codec, self.options, self.initial, self.head.prev)
        return new, Step(new.state, (UNDONE,))



AnyMatch = Match[Any, Any, Any]
"""A match of any game: what code that serves every game (the kiosk, the recorder, the
web view) holds; a game's own table holds its ``Match[Options, State, Input]``."""
