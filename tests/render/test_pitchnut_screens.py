"""Pitchnut screens: each scene built by real events through the table controller
(never a hand-made state), rendered at 128x64, its text fitting uncut, compared pixel
for pixel with tests/render/golden/pitchnut/pitchnut_<scene>.png (a folder of its own,
so the Pichenotte golden test's stale-file check does not see them).

After an intended layout change, rewrite them and look at them:

    PITCHSIDE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_pitchnut_screens.py

which also writes each frame scaled 4x to $PITCHSIDE_FRAMES_DIR (default
/tmp/pitchnut_frames).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from pitchside.tables import pitchnut as t
from pitchside.tables.effects import CoinTossed
from pitchside.core.rules import pitchnut as R
from pitchside.render import fonts
from pitchside.render.pitchnut import render
from pitchside.signals.events import BeamBroken, ButtonPressed, SensorNoisy, TimerFired
from support.golden import check_golden

GOLDEN = Path(__file__).parent / "golden" / "pitchnut"


def press(ts: t.TableState, *names: str) -> t.TableState:
    for name in names:
        ts, _ = t.handle(ts, ButtonPressed(name, 0.0))
    return ts


def drop(ts: t.TableState, *pockets: int) -> t.TableState:
    for i, p in enumerate(pockets):
        ts, _ = t.handle(ts, BeamBroken(f"pocket_{p}", 1.0 + i / 10, 0.02))
    return ts


def tossed(options: R.Options | None = None) -> t.TableState:
    ts = press(t.new_table(options or R.Options(games=3), ("Ann", "Bob")), "coin")
    ts, _ = t.handle(ts, CoinTossed("A", 0.0))
    return ts


def started(options: R.Options | None = None) -> t.TableState:
    return press(tossed(options), "shot_done")


def shot(ts: t.TableState, *kinds: str) -> t.TableState:
    """Pieces of these kinds drop in pocket 1 and are confirmed on the sheet."""
    ts = press(drop(ts, *([1] * len(kinds))), "shot_done")
    order = t.kinds_for(ts.game)
    for kind in kinds:
        ts = press(ts, *(["plus"] * (order.index(kind) + 1)), "next")  # type: ignore[arg-type]
    return press(ts, "shot_done")


def frame(ts: t.TableState) -> Image.Image:
    return render(t.view(ts), (128, 64))


SCENES: dict[str, Callable[[], t.TableState]] = {
    "toss": lambda: t.new_table(R.Options(games=3), ("Ann", "Bob")),
    "breaker": lambda: press(tossed(), "plus"),
    "live": lambda: drop(started(), 2, 4),
    "quiet": lambda: t.handle(drop(started(), 2), TimerFired("game:quiet", 5.0))[0],
    "sheet": lambda: press(drop(started(), 2, 4, 4), "shot_done", "plus"),
    "sheet_scrolled": lambda: press(drop(started(), 1), "shot_done", *["next"] * 5, "plus"),
    "assigned": lambda: shot(started(), "white", "white"),
    "spot": lambda: press(shot(started(), "white"), "pitch_off", "shot_done"),
    "owes": lambda: press(started(), "pitch_off", "shot_done"),
    "poison": lambda: shot(started(R.Options(pieces=2, games=3)), "white", "white"),
    "refusal": lambda: press(drop(started(), 3), "shot_done", "shot_done"),
    "warning": lambda: t.handle(started(), SensorNoisy("pocket_2", 1.0, "storm: 14 pulses within 30 ms"))[0],
    "game_won": lambda: shot(shot(started(R.Options(pieces=1, games=2)), "white"), "poison"),
    "finished": lambda: shot(shot(started(R.Options(pieces=2)), "white", "black"), "poison"),
    "doubles": lambda: shot(started(R.Options(players="doubles")), "black"),
}


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    check_golden(frame(SCENES[name]()), GOLDEN / f"pitchnut_{name}.png")


def test_every_golden_has_a_scene() -> None:
    stale = sorted(p.stem for p in GOLDEN.glob("*.png") if p.stem.removeprefix("pitchnut_") not in SCENES)
    assert stale == []


@pytest.mark.parametrize("name", sorted(set(SCENES) - {"refusal"}))
def test_text_fits_uncut(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No text of these screens is shortened with "…" (the refusal box wraps its reason)."""
    cut: list[str] = []
    real = fonts.fit_text

    def spy(text: str, *args: object, **kw: object) -> fonts.Fitted:
        fit = real(text, *args, **kw)  # type: ignore[arg-type]
        if fit.truncated:
            cut.append(text)
        return fit

    monkeypatch.setattr(fonts, "fit_text", spy)
    frame(SCENES[name]())
    assert cut == []


@pytest.mark.parametrize("size", [(128, 64), (96, 48), (128, 32 * 2), (256, 64)])
def test_every_scene_renders_at_other_panel_sizes(size: tuple[int, int]) -> None:
    for name, scene in SCENES.items():
        img = render(t.view(scene()), size)
        assert img.size == size and img.mode == "1", name
        assert img.getbbox() is not None, name


def test_what_the_screens_say() -> None:
    """Exact values behind the pixels: whose turn, pieces left, the sheet's rows."""
    v = t.view(SCENES["sheet"]())
    assert v.sheet_title == "SHOT: 3 IN"
    assert [(r.label, r.value) for r in v.sheet[:4]] == [
        ("1 POCKET 2", "WHITE"), ("2 POCKET 4", "?"), ("3 POCKET 4", "?"), ("+ PIECE", "")]
    assert v.summary == "1 WHITE 2 ?"
    v = t.view(SCENES["spot"]())
    assert v.action == "SPOT 1 WHITE AT CENTRE" and v.state.turn == "B"
    v = t.view(SCENES["game_won"]())
    assert v.prompt is not None and v.prompt.text == "Ann wins game 1"
    assert v.state.score.A == 1 and v.state.turn == "B"
    assert R.on_board(t.view(SCENES["poison"]()).state) == R.Pieces(0, 2)
