"""The glue every game's table shares, written once: commit an input,
refuse one, undo, and pick the notice for the prompt line.

A table state is any frozen dataclass with ``match``, ``names`` and ``prompt`` fields
(:class:`~pitchside.tables.gametable.TableLike`); each function returns a copy. The
words come from the game's ``describe`` (:mod:`pitchside.core.words`), handed in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

from pitchside.core import copying
from pitchside.core.errors import IllegalInput
from pitchside.core.match import UNDONE, AnyMatch, Match
from pitchside.core.record.codec import InputT, StateT
from pitchside.core.notice import Describe, Notice
from pitchside.core.step import Step
from pitchside.render.view import Prompt
from pitchside.tables.effects import Accepted, TableEffect
from pitchside.tables.gametable import TableLike

T = TypeVar("T", bound=TableLike)
Result = tuple[T, tuple[TableEffect, ...]]
"""What a controller returns: the new table and its effects."""


def with_(ts: T, **changes: Any) -> T:
    """``dataclasses.replace`` for a table state known only by its protocol (through
    :func:`pitchside.core.copying.copy_with`: the same copy, without the field walk)."""
    return cast(T, copying.copy_with(cast(Any, ts), **changes))


def is_finished(ts: TableLike) -> bool:
    """The table's match is over (:meth:`pitchside.core.match.Match.status`)."""
    return ts.match.status() == "finished"


def match_in_progress(ts: TableLike) -> bool:
    """A match with inputs that has not finished (the game's typed face)."""
    return ts.match.can_undo() and not is_finished(ts)


# --- prompts ------------------------------------------------------------------------------


def info(ts: T, text: str) -> T:
    """``ts`` with a plain prompt of the table's own words."""
    return with_(ts, prompt=Prompt(text, "info"))


def warn(ts: T, text: str) -> T:
    """``ts`` with a warning prompt (a sensor, a device)."""
    return with_(ts, prompt=Prompt(text, "warning"))


def said(notice: Notice, names: tuple[str, str], describe: Describe) -> Prompt:
    """A notice on the prompt line: its short words in the players' ``names``."""
    return Prompt(describe(notice, names).short, "info")


def refuse(ts: T, notice: Notice, describe: Describe, buttons: str = "", rule: str | None = None) -> T:
    """``ts`` with the refusal ``notice`` (the rules' or the panel's own) on the prompt
    line: its short words, then the ``buttons`` that get on (``" (COIN)"``), with its
    rule ID (or ``rule``, for a box title that says more) for the refusal box. Nothing
    else changes (a refused input changes nothing)."""
    text = describe(notice, ts.names).short + (f" ({buttons})" if buttons else "")
    return with_(ts, prompt=Prompt(text, "refusal", notice.rule if rule is None else rule))


def refusal(rules_apply: Callable[[Any, Any], object], state: Any, inp: Any) -> Notice | None:
    """The rules' refusal of ``inp`` in ``state`` (None: they would take it). Asks,
    commits nothing: a table never restates a rule of its own."""
    try:
        rules_apply(state, inp)
    except IllegalInput as exc:
        return exc.notice
    return None


def pick(notices: Iterable[Notice], first: tuple[str, ...] = ()) -> Notice | None:
    """The notice for the prompt line: the first one whose code is in ``first`` (tried
    in that order), else the last one; None for none."""
    found = tuple(notices)
    for code in first:
        for n in found:
            if n.code == code:
                return n
    return found[-1] if found else None


# --- commit and undo ---------------------------------------------------------------------


def commit(ts: T, inp: Any, at: float, after: Callable[[T, Step[Any]], T],
           refused: Callable[[T, IllegalInput], T]) -> Result[T]:
    """Apply ``inp`` to the table's match: accepted, the table ``after(ts with the new
    match, step)`` and an :class:`Accepted` effect (journal it, ``at`` in s); refused,
    ``refused(ts, error)`` and no effect, the match unchanged."""
    try:
        match, step = ts.match.apply(inp)
    except IllegalInput as exc:
        return refused(ts, exc), ()
    return after(with_(ts, match=match), step), (Accepted(inp, at),)


def undo(ts: T, at: float, after: Callable[[T], T], refused: Callable[[T, IllegalInput], T]) -> Result[T]:
    """Take back the match's last input: the table ``after(ts with the shorter match)``
    and ``Accepted(None, at)`` (journal the undo); with nothing to undo,
    ``refused(ts, error)`` (rule ``UNDO``) and no effect."""
    try:
        match, _ = ts.match.undo()
    except IllegalInput as exc:
        return refused(ts, exc), ()
    return after(with_(ts, match=match)), (Accepted(None, at),)


def last_step(match: Match[Any, StateT, InputT]) -> tuple[StateT, InputT, tuple[Notice, ...]] | None:
    """The last input in effect, for a table rebuilt from its journal: ``(state before
    it, the input, the notices its step gave)``; None before the first input. The
    notices are the ones the match keeps with its last input (``match.head.notices``):
    nothing is applied again."""
    head = match.head
    if head is None:
        return None
    before = head.prev.state if head.prev is not None else match.initial
    return before, head.inp, head.notices


def resumed_notices(match: AnyMatch, last_was_undo: bool) -> tuple[Notice, ...]:
    """The notices the last journaled input left: :data:`~pitchside.core.match.UNDONE`
    after an undo, else the ones its step gave, kept with the match (none before the
    first)."""
    if last_was_undo:
        return (UNDONE,)
    return match.head.notices if match.head is not None else ()
