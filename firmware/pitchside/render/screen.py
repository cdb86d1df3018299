"""Drawing owned by render/: one :func:`render` for any view,
dispatched on the view's type, and :func:`draw` for a whole :class:`Frame` (the view
with the shell's overlays: the storage warning and badge).

Each render module registers the view types it draws, at import
(``screen.register_layout(PitchnutView, draw)``); a view cannot exist
before its module is imported, so every view that reaches :func:`render` has its
screen. Neither the kiosk nor the game tables dispatch drawing, and the runtime only
asks for frames.

Every screen is laid out (:func:`register_layout`):
``draw_view(view, canvas)`` draws on a :class:`~pitchside.render.panel.Canvas` for the
panel's size and mode (the layouts of :mod:`pitchside.render.panel`), pages text that
does not fit (the canvas's ``page``) and never cuts it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

from PIL import Image

from pitchside.render.badge import draw_badge, draw_mark
from pitchside.render.panel import Canvas, Panel, Spares
from pitchside.render.view import Prompt

V = TypeVar("V")
Size = tuple[int, int]
"""A display's size in px, ``(width, height)``."""


class Prompted(Protocol):
    """A view with a bottom prompt line: a frozen dataclass with this field."""

    @property
    def prompt(self) -> Prompt | None: ...


@dataclass(frozen=True, slots=True)
class _Screen:
    draw: Callable[[Any, Any], Any]
    prompt_line: bool


_SCREENS: dict[type, _Screen] = {}


def register_layout(view_type: type[V], draw_view: Callable[[V, Canvas], None]) -> None:
    """Make ``draw_view(view, canvas)`` (drawing on the
    :class:`~pitchside.render.panel.Canvas`, returning nothing) the laid-out screen of
    ``view_type``; a dataclass with a ``prompt`` field has a prompt line a
    :class:`Frame`'s warning may take.

    :raises TypeError: the type is drawn by another function already.
    """
    prompted = dataclasses.is_dataclass(view_type) and "prompt" in {f.name for f in dataclasses.fields(view_type)}
    _add(view_type, _Screen(draw_view, prompt_line=prompted))


def _add(view_type: type, screen: _Screen) -> None:
    old = _SCREENS.get(view_type)
    if old is not None and _name(old.draw) != _name(screen.draw):
        raise TypeError(f"{view_type.__name__} is drawn by {_name(old.draw)} already, not also {_name(screen.draw)}")
    _SCREENS[view_type] = screen


def _name(fn: Callable[..., object]) -> str:
    return f"{fn.__module__}.{fn.__qualname__}"


def _screen(view: object) -> _Screen:
    for cls in type(view).__mro__:
        found = _SCREENS.get(cls)
        if found is not None:
            return found
    raise TypeError(f"no screen draws a {type(view).__name__} "
                    "(its render module registers it with screen.register_layout)")


def render(view: object, size: Panel | Size = (128, 64), page: int = 0) -> Image.Image:
    """Draw any registered view for a panel (a ``(width, height)`` is a mode "1" one).

    :returns: an image of the panel's size and mode.
    :raises TypeError: no screen is registered for the view's type.
    :raises ValueError: no layout for the panel's size.
    """
    return _draw(_screen(view), view, Panel.of(size), page).image


@dataclass(frozen=True, slots=True)
class Drawn:
    """A drawn frame: the ``image`` (the panel's size and mode) and how many ``pages``
    its paged text has (1: nothing paged; the shell turns pages while it is above 1)."""

    image: Image.Image
    pages: int = 1


def _draw(screen: _Screen, view: object, panel: Panel, page: int, spares: Spares | None = None) -> Drawn:
    canvas = Canvas(panel, page, spare=spares)
    screen.draw(view, canvas)
    image = canvas.finish()
    canvas.give_back(image)  # with spares: the next frame starts from this canvas's image, cleared
    return Drawn(image, canvas.pages)


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame request: ``view`` and the overlays the shell asks for.

    :param warning: a storage fault (``"NOT SAVING: disk full"``) for the view's prompt
        line, shown as a ``"warning"`` prompt when the view has a prompt line and it is
        free (a refusal or notice keeps the line); None for none.
    :param badge: the corner "!" (:mod:`pitchside.render.badge`): the journal is not
        saving.
    :param page: which page of paged text to show (0 first; the shell's page timer
        advances it while the frame has more than one, :attr:`Drawn.pages`).
    :param mark: the credit (:func:`pitchside.render.badge.draw_mark`): in the top left
        corner, else where the frame has room; never over what the view shows; or None.
    """

    view: object
    warning: str | None = None
    badge: bool = False
    page: int = 0
    mark: str | None = None


def compose(frame: Frame, size: Panel | Size = (128, 64), spares: Spares | None = None) -> Drawn:
    """Draw ``frame`` for a panel: its view (with the warning on a free prompt line),
    then the badge, then the credit mark where neither leaves ink; with the number of
    pages its paged text has.

    :param spares: the caller's spare canvases (:class:`~pitchside.render.panel.Spares`):
        the frame is drawn on the spare of the panel's size, cleared, when there is one,
        and its canvas is kept there for the next; None: a new canvas.

    :raises TypeError: no screen is registered for the view's type.
    :raises ValueError: no layout for the panel (see :func:`render`).
    """
    screen = _screen(frame.view)
    view: Any = frame.view
    if frame.warning and screen.prompt_line and cast(Prompted, view).prompt is None:
        view = dataclasses.replace(view, prompt=Prompt(frame.warning, "warning"))
    panel = Panel.of(size)
    drawn = _draw(screen, view, panel, frame.page, spares)
    if frame.badge:
        draw_badge(drawn.image, panel.palette.ink)
    if frame.mark:
        draw_mark(drawn.image, frame.mark, panel.palette.ink)
    return drawn


def draw(frame: Frame, size: Panel | Size = (128, 64)) -> Image.Image:
    """Draw ``frame`` (:func:`compose`) and return its image: the panel's size and mode
    (a ``(width, height)`` is a mode "1" panel).

    :raises TypeError: no screen is registered for the view's type.
    """
    return compose(frame, size).image
