"""Screens worth a golden image, each built by folding real inputs through the
Pichenotte rules (never by hand-made states), so a change in the rules shows up here.

``SCENES`` maps a golden file stem to a zero-argument function returning the frame.
"""

from __future__ import annotations

from typing import Callable

from PIL import Image

from pitchside.core.rules import pichenotte as P
from pitchside.core.sides import PerSide
from pitchside.render.kiosk import render_kiosk
from pitchside.render.service import ServiceView
from pitchside.render.out_of_order import render_out_of_order
from pitchside.render.panel import Panel
from pitchside.render.pichenotte import PichenotteView, render
from pitchside.render.view import Prompt, TallyEntry


def fold(state: P.State, *inputs: P.Input) -> P.State:
    for inp in inputs:
        state = P.apply(state, inp).state
    return state


def start(options: P.Options | None = None, winner: str = "A") -> P.State:
    return fold(P.new_match(options), P.CoinToss(winner))  # type: ignore[arg-type]


def shoot(state: P.State, n: int, *, twenty_every: int = 0) -> P.State:
    """``n`` ordinary shots that stay on the board (contact made when needed); with
    ``twenty_every`` k, every k-th of them drops in the twenty hole instead."""
    for i in range(n):
        twenty = bool(twenty_every) and (i + 1) % twenty_every == 0
        state = P.apply(state, P.Shot(contact=True, twenty=twenty)).state
    return state


def zones(on_board: int, n15: int, n10: int) -> tuple[int, int, int]:
    assert n15 + n10 <= on_board
    return (n15, n10, on_board - n15 - n10)


def play_round(state: P.State, a: tuple[int, int], b: tuple[int, int], twenty_every: int = 0) -> P.State:
    """Shoot every puck, then tally: ``a``/``b`` are each side's (n15, n10); the rest of
    its pucks on the board count 5."""
    state = shoot(state, state.hand.A + state.hand.B, twenty_every=twenty_every)
    assert state.phase == "tally"
    tally = P.Tally(zones(state.on_board.A, *a), zones(state.on_board.B, *b))
    return fold(state, tally)


# --- the scenes ----------------------------------------------------------------------


def toss() -> PichenotteView:
    return PichenotteView(P.new_match())


def free_shot() -> PichenotteView:
    # A wins round 1; round 2 opens with B (alternating), nothing of A's on the board.
    s = play_round(start(), a=(3, 0), b=(0, 0))
    assert s.turn == "B" and P.is_free_shot(s)
    return PichenotteView(s)


def must_hit() -> PichenotteView:
    # Round 1, five shots in, one of them a twenty: A must hit or call.
    s = shoot(start(), 6, twenty_every=4)
    assert s.turn == "A" and not P.is_free_shot(s)
    return PichenotteView(s)


def doubles_a2() -> PichenotteView:
    s = shoot(start(P.Options(players="doubles")), 2)
    assert P.shooter(s) == "A2"
    return PichenotteView(s)


def shot_seen() -> PichenotteView:
    s = shoot(start(), 3)
    return PichenotteView(s, shot_line="SEEN: HIT, 20 DROPPED")


def tally_entry() -> PichenotteView:
    s = shoot(start(), 24, twenty_every=6)  # 2 twenties each, 10 pucks each on the board
    assert s.phase == "tally"
    entry = TallyEntry(counts=(1, 0, 2, 3, 4, 1), cursor=2, remaining=(7, 2))
    return PichenotteView(s, tally=entry)


def tally_done() -> PichenotteView:
    s = shoot(start(), 24, twenty_every=6)
    entry = TallyEntry(counts=(2, 3, 5, 3, 4, 3), cursor=5, remaining=(0, 0))
    return PichenotteView(s, tally=entry)


def refusal() -> PichenotteView:
    s = shoot(start(), 24)
    return PichenotteView(
        s, tally=TallyEntry((1, 0, 1, 0, 0, 12), 5, (10, 0)),
        prompt=Prompt("A has 12 puck(s) on the board but the zone counts add up to 2", "refusal", "PI-10"))


def warning() -> PichenotteView:
    s = shoot(start(), 7)
    return PichenotteView(s, prompt=Prompt("BEAM 2 BLOCKED", "warning"))


def long_prompt() -> PichenotteView:
    s = shoot(start(), 1)
    text = "Called twenty missed: puck to the ditch, and this sentence is far too long"
    return PichenotteView(s, prompt=Prompt(text))


def tied_halves() -> PichenotteView:
    # Round 1 tied (half a point each), round 2 to A: 1.5 - 0.5.
    s = play_round(start(), a=(2, 2), b=(2, 2))
    s = play_round(s, a=(4, 0), b=(1, 0))
    assert P.match_score(s) == PerSide(1.5, 0.5)
    return PichenotteView(s)


def race500() -> PichenotteView:
    s = start(P.Options(format="race500"))
    s = play_round(s, a=(6, 4), b=(2, 2), twenty_every=5)
    s = play_round(s, a=(5, 5), b=(1, 1))
    s = shoot(s, 3)
    score = P.match_score(s)
    assert score.A >= 100 and score.B >= 100
    return PichenotteView(s, names=("RED", "BLUE"))


def finished() -> PichenotteView:
    s = start()
    s = play_round(s, a=(2, 2), b=(2, 2))  # tie: 0.5 each
    s = play_round(s, a=(0, 0), b=(6, 0))  # B
    for _ in range(4):
        s = play_round(s, a=(6, 0), b=(0, 0))  # A x4
    assert s.phase == "finished" and P.match_score(s) == PerSide(4.5, 1.5)
    return PichenotteView(s)


def finished_draw() -> PichenotteView:
    s = start(P.Options(max_rounds=1))
    s = play_round(s, a=(2, 2), b=(2, 2))
    assert s.phase == "finished" and P.outcome(s).winner is None  # type: ignore[union-attr]
    return PichenotteView(s)


def service_status() -> Image.Image:
    """The service mode's status page (the text screen of render/message.py)."""
    rows = (("pitchside 0.1.0",), ("journal: /var/lib/pitchside/journal.db",), ("match on: hold NEW to abandon",))
    return render_kiosk(ServiceView("status", rows, footer="NEXT: page 3/4"))


def out_of_order() -> Image.Image:
    return render_out_of_order((128, 64))


VIEWS: dict[str, Callable[[], PichenotteView]] = {
    f.__name__: f
    for f in (toss, free_shot, must_hit, doubles_a2, shot_seen, tally_entry, tally_done, refusal,
              warning, long_prompt, tied_halves, race500, finished, finished_draw)
}
"""The Pichenotte scenes, as views (drawn at every panel size for the golden images)."""


def _drawn(make: Callable[[], PichenotteView]) -> Callable[[], Image.Image]:
    return lambda: render(make())


SCENES: dict[str, Callable[[], Image.Image]] = {
    **{name: _drawn(make) for name, make in VIEWS.items()},
    "service_status": service_status,
    "out_of_order": out_of_order,
}
"""The 128x64 golden scenes: golden file stem -> the frame."""

PANELS: dict[str, Panel] = {
    "128x32": Panel(128, 32),
    "256x64": Panel(256, 64, "L"),
    "128x128": Panel(128, 128, "L"),
    "128x128rgb": Panel(128, 128, "RGB"),
}
"""The other panel sizes with golden images (tests/render/golden/<key>/<scene>.png)."""
