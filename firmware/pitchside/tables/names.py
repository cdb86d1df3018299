"""Players' names at the table, entered as initials like a pinball high score (pure).

The kiosk menu's Names row opens the entry (:mod:`pitchside.tables.kiosk`); every
panel of the five games has the buttons it needs (``plus``, ``minus``, ``next``,
``shot_done``, ``undo``):

* ``+`` / ``-``: the letter under the cursor, through :data:`ALPHABET` (a space, then
  A-Z, round and round; a new letter starts as a space);
* ``NEXT`` (Pichenotte's ``WHOSE`` too): keep the letter and move on; after the
  :data:`LETTERS`-th letter, the next player;
* ``DONE``: keep the letter and end this player's name there (a DONE on a fresh letter
  skips the player);
* ``UNDO``: back one letter (into the previous player's name from a first letter);
  from the first player's first letter, leave the entry with the names unchanged.

After the last player the names are the sides' names (:func:`side_names`): a player
left blank is skipped and keeps the side's default name (the config's ``[table]
sides``, ``"A"`` / ``"B"`` by default). In doubles each of the four players enters a
name, the side's two first (``A1, A2, B1, B2``); a side's name is its players'
names joined by ``"/"`` (``"ANN/BOB"``), a skipped partner shown as ``P1`` .. ``P4``
(the player's number in entry order), and a side whose two players both skip keeps its
default name. The names go into the match's replay header (``"sides"``, docs/spec/
replay.md) with its first journaled line, so the journal, ``pitchside history``, the
web feed and a match resumed after a power cut all carry them.

No clock, no I/O: each press is a pure step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pitchside.core.copying import copy_with  # dataclasses.replace without its per-call field walk

if TYPE_CHECKING:  # an annotation only: the screen is loaded when the entry is shown (start-up)
    from pitchside.render.names import NamesView

ALPHABET = " ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The letters of a name, in ``+`` order: a space first (a blank), then A-Z."""
LETTERS = 3
"""Letters per player's name at most (pinball initials)."""
NEXT_KEYS = ("next", "whose")
"""The buttons that keep a letter and move on (Pichenotte's WHOSE is its NEXT)."""


@dataclass(frozen=True, slots=True)
class NameEntry:
    """An entry under way.

    :param per_side: players per side (1, or 2 in doubles).
    :param defaults: the sides' names when skipped, ``(A's, B's)``.
    :param entered: the names of the players done so far, in entry order (stripped;
        ``""`` for a skipped player).
    :param letters: the current player's letters kept so far (fewer than
        :data:`LETTERS`).
    :param letter: the letter under the cursor, one of :data:`ALPHABET`.
    """

    per_side: int
    defaults: tuple[str, str]
    entered: tuple[str, ...] = ()
    letters: str = ""
    letter: str = " "

    @property
    def players(self) -> int:
        """Players to name: ``2 * per_side``."""
        return 2 * self.per_side

    @property
    def player(self) -> int:
        """The player being named (0-based, entry order)."""
        return len(self.entered)


@dataclass(frozen=True, slots=True)
class Done:
    """The entry is over: the sides' ``names``, ``(A's, B's)``."""

    names: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Cancelled:
    """UNDO on the first letter: the entry is left, the names stay as they were."""


def begin(per_side: int, defaults: tuple[str, str]) -> NameEntry:
    """A fresh entry, on the first player's first letter (a blank).

    :param per_side: players per side, 1 or 2.
    :param defaults: the sides' names for players who skip.
    :raises ValueError: ``per_side`` is not 1 or 2.
    """
    if per_side not in (1, 2):
        raise ValueError(f"players per side must be 1 or 2, not {per_side}")
    return NameEntry(per_side, defaults)


def press(entry: NameEntry, button: str) -> NameEntry | Done | Cancelled:
    """One press of ``button`` (a pin-map name); a button the entry does not use
    changes nothing (the entry itself comes back)."""
    if button in ("plus", "minus"):
        step = 1 if button == "plus" else -1
        return copy_with(entry, letter=ALPHABET[(ALPHABET.index(entry.letter) + step) % len(ALPHABET)])
    if button in NEXT_KEYS:
        letters = entry.letters + entry.letter
        if len(letters) < LETTERS:
            return copy_with(entry, letters=letters, letter=" ")
        return _next_player(entry, letters)
    if button == "shot_done":
        return _next_player(entry, entry.letters + entry.letter)
    if button == "undo":
        return _back(entry)
    return entry


def _next_player(entry: NameEntry, letters: str) -> NameEntry | Done:
    entered = (*entry.entered, letters.strip())
    if len(entered) == entry.players:
        return Done(side_names(entered, entry.per_side, entry.defaults))
    return copy_with(entry, entered=entered, letters="", letter=" ")


def _back(entry: NameEntry) -> NameEntry | Cancelled:
    if entry.letters:
        return copy_with(entry, letters=entry.letters[:-1], letter=entry.letters[-1])
    if not entry.entered:
        return Cancelled()
    last = entry.entered[-1]
    return copy_with(entry, entered=entry.entered[:-1], letters=last[:-1], letter=last[-1] if last else " ")


def finish(entry: NameEntry) -> tuple[str, str]:
    """The sides' names of an entry cut short: the letters under way end the current
    player's name, the players after it skip."""
    now = (entry.letters + entry.letter).strip()
    rest = ("",) * (entry.players - entry.player - 1)
    return side_names((*entry.entered, now, *rest), entry.per_side, entry.defaults)


def side_names(entered: tuple[str, ...], per_side: int, defaults: tuple[str, str]) -> tuple[str, str]:
    """The sides' names from the players' (entry order, ``""`` for a skipped player):
    singles, the player's name or the side's default; doubles, the side's players
    joined by ``"/"`` (``"ANN/P2"``: a skipped partner by number), or the side's
    default when both skipped.

    :raises ValueError: not ``2 * per_side`` names.
    """
    if len(entered) != 2 * per_side:
        raise ValueError(f"{len(entered)} names for {2 * per_side} players")

    def side(i: int) -> str:
        own = entered[i * per_side : (i + 1) * per_side]
        if not any(own):
            return defaults[i]
        return "/".join(n or f"P{i * per_side + j + 1}" for j, n in enumerate(own))

    return side(0), side(1)


def who(entry: NameEntry) -> str:
    """Whose name is being entered: ``"PLAYER 1"`` .. in singles, ``"A PLAYER 2"`` in
    doubles (side, then the partner's number)."""
    if entry.per_side == 1:
        return f"PLAYER {entry.player + 1}"
    side = "AB"[entry.player // entry.per_side]
    return f"{side} PLAYER {entry.player % entry.per_side + 1}"


def view(entry: NameEntry) -> NamesView:
    """The entry screen: whose name, the letters with the cursor, the names so far."""
    # only when names are entered (start-up)
    from pitchside.render.names import NamesView

    shown = tuple(n or "-" for n in entry.entered)
    return NamesView(
        who=who(entry),
        letters=(entry.letters + entry.letter).ljust(LETTERS),
        cursor=len(entry.letters),
        done=shown,
        hint="NEXT: OK   DONE: END",
    )
