"""What the kiosk shows (pure): the attract screen and its pages, the menu and its
rows, the questions (MATCH ON HOLD, END MATCH?, ABANDON MATCH?, RESET AUDITS?), the
service pages, the game's own view or a moment, and the side displays' views: values
:func:`pitchside.render.screen.render` draws."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pitchside import __version__
from pitchside.core.sides import Side, name_of
from pitchside.tables import fixture
from pitchside.tables.kiosk.pay import _attract_lines, _credit_line
from pitchside.tables.kiosk.service import SENSORS_PER_PAGE, _sensor_names, _service_page_kind, _service_pages
from pitchside.tables.kiosk.state import SHIFTS, KioskState
from pitchside.tables.registry import match_in_progress
from pitchside.render.kiosk import AttractView, ConfirmView, MenuView

if TYPE_CHECKING:  # annotations only: loaded where they are used (start-up)
    from pitchside.render.qr import QRView
    from pitchside.render.service import ServiceView
    from pitchside.render.side import SideView


LABELS = {"no_contact": "no hit", "shot_done": "done", "ditch_a": "ditch A", "ditch_b": "ditch B", "twenty": "20 beam"}
"""Short names for the service page's narrow columns."""


def view(ks: KioskState) -> object:
    """What the display shows now: a kiosk view, or the game's own (its ``view``, its
    attract pages), any view :func:`pitchside.render.screen.render` draws."""
    s = ks.settings
    app = s.app
    qr = _qr_view(ks) if ks.mode == "attract" else None
    if ks.mode == "attract" and not match_in_progress(ks.table) and (offer := fixture.shown(ks)) is not None:
        title = next((a.title for a in (app, *s.games) if a.name == offer.game), app.title)
        return AttractView(title, (*fixture.lines(offer), *_attract_lines(ks)[:1]), SHIFTS[ks.shift])
    if ks.mode == "attract" and len(s.games) > 1:  # the games' names in turn (the chosen one first)
        if qr is not None and ks.shift % 2:  # and the QR code of the address between them
            return qr
        i = next((j for j, a in enumerate(s.games) if a.name == app.name), 0) + (ks.shift // 2 if qr else ks.shift)
        return AttractView(s.games[i % len(s.games)].title, ("PRESS ANY BUTTON", "TO CHOOSE A GAME"), SHIFTS[ks.shift])
    if ks.mode == "attract":
        pages = (*app.attract_views(ks.table), *((qr,) if qr else ()))  # the game's own (standings), the QR code
        if pages and ks.shift % (len(pages) + 1):  # in turn with the attract screen, as it shifts
            return pages[ks.shift % (len(pages) + 1) - 1]
        return AttractView(app.title, _attract_lines(ks) or ("PRESS ANY BUTTON", "TO PLAY"), SHIFTS[ks.shift])
    if ks.mode == "menu" and _on_qr_row(ks):
        return _qr_view(ks, "DONE: play")
    if ks.mode == "menu":
        return MenuView(app.title, _menu_rows(ks), ks.cursor, _menu_hint(ks))
    if ks.mode == "names" and ks.entry is not None:
        from pitchside.tables import names as naming  # loaded by the entry's start (start-up)

        return naming.view(ks.entry)
    if ks.mode == "resume":
        return ConfirmView("MATCH ON HOLD", (app.summary(ks.table), "DONE: carry on", "NEXT: new match"))
    if ks.mode == "abandon":
        return ConfirmView("ABANDON MATCH?", ("DONE: yes, abandon", "any other: no"))
    if ks.mode == "service" and ks.confirm_reset:
        return ConfirmView("RESET AUDITS?", ("DONE: yes, reset", "the credit stays", "any other: no"))
    if ks.mode == "end":
        return ConfirmView("END MATCH?", (app.summary(ks.table), "DONE: yes, end it", "any other: no"))
    if ks.mode == "service":
        return _service_view(ks)
    if ks.gate is not None and ks.gate.ack_due is not None:  # a coin during play (pitchside.tables.coin_gate)
        from pitchside.render.moment import MomentView

        return MomentView(ks.gate.ack_title, ks.gate.ack_caption)
    if ks.moment is not None:
        return ks.moment.current.view()
    return app.view(ks.table)


def side_view(ks: KioskState, side: Side) -> SideView | AttractView:
    """What the side display of ``side`` (``"A"`` or ``"B"``) shows: that side's name,
    score and turn from the game's typed face (:meth:`~pitchside.core.match.Match.score`,
    ``turn``, ``outcome``) during a match; the attract screen (shifting like the main
    one) otherwise."""
    if ks.mode not in ("playing", "resume", "abandon", "end") and not match_in_progress(ks.table):
        return AttractView(ks.settings.app.title, (), SHIFTS[ks.shift])
    # only for a table with side displays, once a match is on (start-up)
    from pitchside.render.side import SideView

    match = ks.table.match
    outcome = match.outcome()
    name = name_of(ks.table.names, side)
    status = "WINS" if outcome is not None and outcome.winner == side else "ON HOLD" if ks.mode == "resume" else ""
    return SideView(name, match.score()[side], match.turn() == side, status)


def _menu_rows(ks: KioskState) -> tuple[tuple[str, str], ...]:
    """The menu: the game's option rows, after a "Game" row on a table of several,
    then the "Names" row (``"ANN v BOB"``), and a last "Phone" row (the QR code of the
    table's address) when it has one."""
    rows = ks.settings.app.menu(ks.table.match.options)
    rows = (("Game", ks.settings.app.title), *rows) if len(ks.settings.games) > 1 else rows
    rows = (*rows, ("Names", f"{ks.table.names[0]} v {ks.table.names[1]}"))
    return (*rows, QR_ROW) if ks.settings.url else rows


QR_ROW = ("Phone", "QR code")
"""The menu's row that shows the table's address as a QR code (with a ``[web] url``)."""


def _on_qr_row(ks: KioskState) -> bool:
    return ks.settings.url is not None and ks.cursor == len(_menu_rows(ks)) - 1


def _names_row(ks: KioskState) -> int:
    """The index of the menu's "Names" row: the last, or the one before "Phone"."""
    return len(_menu_rows(ks)) - (2 if ks.settings.url else 1)


def _menu_hint(ks: KioskState) -> str:
    if ks.settings.pricing is None:
        return "DONE: PLAY   + -: NAMES" if ks.cursor == len(_menu_rows(ks)) - 1 else "DONE: PLAY   NEXT + -: SET"
    if ks.short:
        return f"INSERT COIN  {_credit_line(ks)}"
    return f"DONE: PLAY  {_credit_line(ks)}"


def _qr_view(ks: KioskState, hint: str = "") -> QRView | None:
    """The QR screen of the table's address, or None without one."""
    if not ks.settings.url:
        return None
    # only for a table with an address to show (start-up)
    from pitchside.render.qr import QRView

    return QRView(ks.settings.url, hint=hint)


def sensor_rows(ks: KioskState) -> tuple[tuple[str, str, str], ...]:
    """The sensors page: one row per sensor, ``(label, state, counts)``: the state is
    its first health flag or ``"ok"`` (:attr:`pitchside.signals.health.SensorHealth.flags`;
    ``"no record"`` before any match is kept), the counts are blocks in the latest
    match ``/`` blocks per finished match (``"3/4.5"``, ``"0/-"``)."""
    health = {h.name: h for h in ks.health}
    out = []
    for name in _sensor_names(ks):
        h = health.get(name)
        label = LABELS.get(name, name)
        if h is None:
            out.append((label, "no record", "-"))
            continue
        mean = h.blocks_per_match
        out.append((label, h.state(), f"{h.last.blocks}/{'-' if mean is None else f'{mean:.1f}'}"))
    return tuple(out)


def _service_view(ks: KioskState) -> ServiceView:
    from pitchside.render.service import ServiceView  # at the first service page (start-up)

    per_page = 8
    pages = _service_pages(ks)
    page = ks.service_page % pages
    footer = f"NEXT: page {page + 1}/{pages}"
    input_pages = (len(ks.inputs) + per_page - 1) // per_page
    if page < input_pages:
        rows = []
        for name in ks.inputs[page * per_page : (page + 1) * per_page]:
            st = ks.stat(name)
            state = "stuck" if st.stuck else "noisy" if st.noisy else "on" if st.on else "off"
            rows.append((LABELS.get(name, name), state, str(st.edges)))
        return ServiceView("inputs", tuple(rows), footer=footer)
    if page == input_pages:
        return ServiceView("pattern", pattern=ks.pattern, footer="+ : next pattern")
    kind = _service_page_kind(ks)
    if kind == "audits":
        return audits_view(ks, footer)
    if kind == "sensors":
        first = (page - input_pages - 2 - (ks.settings.pricing is not None)) * SENSORS_PER_PAGE
        return ServiceView("sensors", sensor_rows(ks)[first : first + SENSORS_PER_PAGE], footer=footer)
    rows2 = [(f"pitchside {__version__}",), *((line,) for line in ks.settings.status_lines)]
    if match_in_progress(ks.table):
        rows2.append(("match on: hold NEW to abandon",))
    if ks.gate is not None and ks.gate.line_on:  # pay to play: the acceptor told to refuse coins
        rows2.append(("coins refused (inhibit on)",))
    return ServiceView("status", tuple(rows2), footer=footer)


def audits_view(ks: KioskState, footer: str) -> ServiceView:
    """The service page's audits (with pricing): the lines ``pitchside audits`` prints
    as its summary (:func:`pitchside.core.audits.summary_lines`) and the lifetime meters
    (:func:`pitchside.core.meters.lines`, which no reset changes), as last read from the
    journal, and how to reset the audits (hold MINUS, then DONE to confirm)."""
    # only on the service page (start-up)
    from pitchside.core.audits import summary_lines
    from pitchside.core.meters import Meters, lines as lifetime_lines
    from pitchside.render.service import ServiceView

    assert ks.settings.pricing is not None
    lines = (*summary_lines(ks.audits.days, ks.settings.pricing, ks.audits.since),
             *lifetime_lines(ks.audits.lifetime or Meters(), ks.settings.pricing))
    return ServiceView("audits", tuple((line,) for line in lines), footer=f"{footer.replace('page ', '')}  hold -: reset")
