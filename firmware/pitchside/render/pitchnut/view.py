"""What a Pitchnut screen shows: :class:`PitchnutView` and the shot sheet's
:class:`SheetRow` (built by :func:`pitchside.tables.pitchnut.view`)."""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.rules.pitchnut import State
from pitchside.core.sides import Side
from pitchside.render.view import Prompt


@dataclass(frozen=True)
class SheetRow:
    """One row of the shot sheet: ``label`` left, ``value`` right; ``missing``: the
    players still have to say (drawn with a marker)."""

    label: str
    value: str
    missing: bool = False


@dataclass(frozen=True)
class PitchnutView:
    """Everything a Pitchnut screen shows.

    :param state: the rules state (its phase picks the screen).
    :param names: what to call sides A and B (ASCII; paged when long).
    :param prompt: the bottom line's message (info or warning), or the refusal overlay.
    :param action: what the players must do at the board now, shown in inverse video.
    :param shot_line: what the pockets have sensed in the live shot, or None.
    :param sheet: the shot sheet's rows (empty: not on the sheet).
    :param cursor: the sheet row being changed.
    :param sheet_title: the sheet's header text.
    :param summary: what the sheet will commit, for its bottom line.
    :param breaker: the side the toss winner points at (phase ``choose_breaker``).
    :param sensed: pieces counted per pocket (1-4) in the shot being entered.
    """

    state: State
    names: tuple[str, str] = ("A", "B")
    prompt: Prompt | None = None
    action: str | None = None
    shot_line: str | None = None
    sheet: tuple[SheetRow, ...] = ()
    cursor: int = 0
    sheet_title: str = ""
    summary: str = ""
    breaker: Side | None = None
    sensed: tuple[int, int, int, int] = (0, 0, 0, 0)
