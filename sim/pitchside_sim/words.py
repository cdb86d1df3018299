"""The words a panel's screen says, as plain lines for the terminal under the drawn
panel: the prompt or refusal, the menu's rows, the question asked, the line being
entered. At 80x24 the panel is drawn in Braille dots, where big digits read well but
small text does not; these lines say the same in letters.

Taken from the typed view the runtime renders (:meth:`pitchside.app.runtime.Runtime.frame`:
the view and the storage warning over its prompt), never from the pixels. Pure.
"""

from __future__ import annotations

from collections.abc import Iterator

from pitchside.render.boulomania.view import BoulomaniaView
from pitchside.render.kiosk import AttractView, ConfirmView, MenuView
from pitchside.render.mastermove.standings import StandingsView
from pitchside.render.mastermove.board import bottom_default
from pitchside.render.mastermove.others import quit_question
from pitchside.render.mastermove.view import MasterMoveView
from pitchside.render.moment import MomentView
from pitchside.render.names import NamesView
from pitchside.render.pichenotte import PichenotteView
from pitchside.render.pitchbowl.view import PitchBowlView
from pitchside.render.pitchnut.view import PitchnutView
from pitchside.render.qr import QRView
from pitchside.render.screen import Frame
from pitchside.render.service import ServiceView
from pitchside.render.view import TALLY_FIELDS, Prompt, TallyEntry
from pitchside.render.widgets import refusal_words


TOSS_CALL = "PRESS COIN TO TOSS"
"""The toss screens' call (Pitchnut's, Master Move's), words their renderers draw."""


def words(frame: Frame) -> tuple[str, ...]:
    """The lines of words ``frame`` shows, most telling first (the prompt or refusal,
    then what the screen asks or lists); a storage warning replaces the view's prompt,
    as on the panel; the credit mark last. Empty for a screen with no words (a bare
    scoreboard)."""
    view = frame.view
    prompt: Prompt | None = getattr(view, "prompt", None)
    if frame.warning:
        prompt = Prompt(frame.warning, "warning")
    said = [said_prompt(prompt)] if prompt is not None else []
    said.extend(line for line in _view_lines(view) if line)
    if frame.mark:  # the credit in the corner during a paid match
        said.append(f"credit {frame.mark}")
    return tuple(dict.fromkeys(" ".join(line.split()) for line in said))  # each once, spaces tidied


def said_prompt(prompt: Prompt) -> str:
    """A prompt's line: ``"NO: Only 3 pucks are on the board (PI-10)"`` for a refusal,
    ``"! Journal not saving"`` for a warning, the text itself for info."""
    if prompt.kind == "refusal":
        return f"NO: {refusal_words(prompt)}"
    if prompt.kind == "warning":
        return f"! {prompt.text}"
    return prompt.text


def menu_row(fields: tuple[tuple[str, str], ...], cursor: int) -> str:
    """A menu's rows on one line, the one under the cursor in brackets:
    ``"[Game: pitchnut] | Rounds: 4"``."""
    return " | ".join(f"[{label}: {value}]" if i == cursor else f"{label}: {value}"
                      for i, (label, value) in enumerate(fields))  # fmt: skip


def tally_row(tally: TallyEntry) -> str:
    """A zone entry: ``"A15 [1] A10 0 A5 0 B15 0 B10 0 B5 0 - left A 2 B 3"``."""
    fields = " ".join(f"{name} [{n}]" if i == tally.cursor else f"{name} {n}"
                      for i, (name, n) in enumerate(zip(TALLY_FIELDS, tally.counts)))  # fmt: skip
    return f"{fields} - left A {tally.remaining[0]} B {tally.remaining[1]}"


def _view_lines(view: object) -> Iterator[str]:
    if isinstance(view, AttractView):
        yield " - ".join((view.title, *(line for line in view.lines if line)))
    elif isinstance(view, MenuView):
        yield f"{view.title}: {menu_row(view.fields, view.cursor)}"
        yield view.hint
    elif isinstance(view, ConfirmView):
        yield view.title
        yield " / ".join(line for line in view.lines if line)
    elif isinstance(view, ServiceView):
        yield f"service: {view.page}" + (f" - {view.footer}" if view.footer else "")
        yield " / ".join(" ".join(cell for cell in row if cell) for row in view.rows)
    elif isinstance(view, QRView):
        yield " ".join(view.lines) + f": {view.url}"
        yield view.hint
    elif isinstance(view, NamesView):
        letters = view.letters[: view.cursor] + f"[{view.letters[view.cursor : view.cursor + 1] or ' '}]" \
            + view.letters[view.cursor + 1 :]  # fmt: skip
        done = f" (named: {', '.join(view.done)})" if view.done else ""
        yield f"{view.who}: {letters}{done}"
        yield view.hint
    elif isinstance(view, MomentView):
        yield " - ".join(part for part in (view.title, view.caption) if part)
    elif isinstance(view, StandingsView):
        yield view.title + (f" - {view.footer}" if view.footer else "")
    else:
        yield from _game_lines(view)


def _game_lines(view: object) -> Iterator[str]:
    if isinstance(view, PichenotteView):
        yield view.shot_line or ""
        if view.tally is not None:
            yield tally_row(view.tally)
    elif isinstance(view, PitchnutView):
        phase = view.state.phase
        if phase == "toss":
            yield f"{view.names[0]} v {view.names[1]}: {TOSS_CALL}"
        elif phase == "choose_breaker":
            winner, breaker = view.state.toss_winner or "A", view.breaker
            chosen = f" [{view.names['AB'.index(breaker)]}]" if breaker is not None else ""
            yield f"{view.names['AB'.index(winner)]} WON THE TOSS - WHO BREAKS?{chosen}"
            yield "+/-: CHANGE, DONE: OK"
        yield view.action or ""
        yield view.shot_line or ""
        if view.sheet:
            rows = " | ".join(f"[{r.label}: {r.value}]" if i == view.cursor else f"{r.label}: {r.value}"
                              for i, r in enumerate(view.sheet))  # fmt: skip
            yield f"{view.sheet_title}: {rows}" if view.sheet_title else rows
            yield view.summary
    elif isinstance(view, BoulomaniaView):
        yield view.choice_line or ""
    elif isinstance(view, PitchBowlView):
        yield view.announce or ""
        yield view.choice or ""
        yield view.selector or ""
        yield view.hint
    elif isinstance(view, MasterMoveView):
        if view.confirm_quit is not None:
            yield " ".join(quit_question(view))
        elif view.state.phase == "toss":
            yield f"BOTH LINED UP - {TOSS_CALL}"
        elif view.standings is not None:
            yield from _view_lines(view.standings)
        else:
            yield bottom_default(view, side_text=False)  # the essential, as on a panel with no side text
            yield bottom_default(view, side_text=True)  # what the buttons do
