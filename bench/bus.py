"""Bus time: the bytes each frame of a real match costs, stock luma against the partial
devices, checked on an emulated controller RAM, and turned into time on I2C and SPI.

Frames: the demo match (sim/pitchside_sim/scenarios/pichenotte_match.toml) played on the
simulated table, every frame its display received. A frame is a *score change* when the
match's ``score`` or ``round_scores`` (the replay output) differ from the previous
frame's.

Bus model (documented in bench/README.md):

* I2C, luma's managed mode (``i2c(port=, address=)``, what ``open_device`` builds):
  each ``command()`` and each ``data()`` chunk (up to 4,096 bytes) is one transaction:
  START, the address byte, the control byte (0x00 commands, 0x40 data), the payload,
  STOP. Every byte is 9 clocks (8 bits + ACK); START and STOP about one clock each:
  ``bits = 20 + 9 * payload``. Kernel and driver time between transactions is not on
  the wire and not counted (the transaction counts are reported for that).
* SPI: 8 clocks per byte, DC is a separate line, no framing: ``bits = 8 * bytes``.
"""

from __future__ import annotations

from typing import Any

from common import pct

I2C_HZ = {"i2c_100k": 100_000, "i2c_400k": 400_000, "i2c_1m": 1_000_000}
SPI_HZ = {"spi_8m": 8_000_000}
FULL_EVERY = 32


SCORE_KEYS = {
    "pichenotte": ("score", "round_scores", "rail"),
    "pitchnut": ("score", "pocketed"),
    "boulomania": ("score", "round_scores"),
    "pitchbowl": ("score",),
    "mastermove": ("score",),
}
"""The replay outputs (docs/spec/replay.md) whose change makes a frame a *score change*,
per game: the headline ``score`` and the points that lead to it (a Pichenotte round's
points and rail, a Pitchnut piece pocketed, a Boulomania round's points). The first two
keys decide a *round end* where there are two."""


def demo_frames() -> list[tuple[Any, Any]]:
    """``(image, score_key)`` of every frame of the demo match."""
    return game_frames("pichenotte")


def game_frames_and_views(game: str, moments: bool = False) -> list[tuple[Any, Any, Any]]:
    """``(image, score_key, view)`` of every frame of ``game``'s scenario match
    (sim/pitchside_sim/scenarios/<game>_match.toml) on its example table config.

    :param moments: keep the config's full-screen moments (a twenty, a round won...).
        Off by default: a moment is a whole new screen by design (two near-full frames,
        in and out), so the main screen's bytes per score change are measured without
        them, and :func:`per_game` reports the moments' cost beside it."""
    import dataclasses
    from importlib import resources

    from pitchside.app.config import load_config
    from pitchside.tables.registry import app_for
    from pitchside_sim.run import default_config_path
    from pitchside_sim.scenario import load_scenario
    from pitchside_sim.table import SimTable, sim_config

    app = app_for(game)
    path = str(resources.files("pitchside_sim") / "scenarios" / f"{game}_match.toml")
    scenario = load_scenario(path, app.buttons, tuple(app.beams))
    config = sim_config(load_config(default_config_path(game)), scenario.options, scenario.names)
    if not moments:
        config = dataclasses.replace(config, kiosk=dataclasses.replace(config.kiosk, moment_s=0.0))
    keys = SCORE_KEYS[game]
    holder: dict[str, Any] = {}
    frames: list[tuple[Any, Any, Any]] = []

    def on_frame(img: Any) -> None:
        sim = holder.get("sim")
        key, view = None, None
        if sim is not None:
            m = sim.runtime.state.match
            out = m.codec.output(m.state)
            key = tuple(repr(out.get(k)) for k in keys)
            view = sim.runtime.view()
        frames.append((img.copy(), key, view))

    sim = SimTable(config, seed=scenario.seed, on_frame=on_frame)
    holder["sim"] = sim
    try:
        for action in scenario.actions:
            sim.act(action, scenario.gap_s)
    finally:
        sim.close()
    return frames


def game_frames(game: str, moments: bool = False) -> list[tuple[Any, Any]]:
    """``(image, score_key)`` of every frame of ``game``'s scenario match
    (:func:`game_frames_and_views` without the views)."""
    return [(img, key) for img, key, _ in game_frames_and_views(game, moments)]


def wire_seconds(transactions: list[tuple[str, int]], hz: int, kind: str) -> float:
    if kind == "i2c":
        return sum(20 + 9 * n for _, n in transactions) / hz
    return sum(8 * n for _, n in transactions) / hz


def play(frames: list[tuple[Any, Any]], chip: str, partial: bool) -> dict[str, Any]:
    """Send every frame through a device on :class:`PanelRam`; per-frame costs."""
    from luma.oled.device import sh1106, ssd1306
    from pitchside_hw.partial import PanelRam, PartialSH1106, PartialSSD1306

    ram = PanelRam(chip, view_offset=2 if chip == "sh1106" else 0)  # type: ignore[arg-type]
    if partial:
        cls = PartialSH1106 if chip == "sh1106" else PartialSSD1306
        dev = cls(ram, full_every=FULL_EVERY)
    else:
        dev = (sh1106 if chip == "sh1106" else ssd1306)(ram)
    dev.persist = True
    rows = []
    wrong = 0
    prev_key = None
    for i, (img, key) in enumerate(frames):
        ram.reset_counts()
        dev.display(img)
        if not ram.shows(img):
            wrong += 1
        tx = list(ram.transactions)
        rows.append({
            "bytes": ram.command_bytes + ram.data_bytes,
            "tx": tx,
            "score_change": i > 0 and key is not None and prev_key is not None and key != prev_key,
            "round_end": i > 0 and key is not None and prev_key is not None and key[:2] != prev_key[:2],
        })
        prev_key = key
    return {"rows": rows, "frames_wrong": wrong, "overruns": ram.overruns}


def _stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "p50": 0.0, "max": 0.0}
    return {"mean": round(sum(values) / len(values), 1), "p50": round(pct(values, 50), 1),
            "max": round(max(values), 1)}


def is_main_screen(game: str, view: Any) -> bool:
    """Whether ``view`` is ``game``'s *main screen* ("a score change on
    any game's main screen"): the view a player watches while play goes on, no refusal
    over it. A score change is often first shown on another screen (Pitchnut's shot sheet,
    PN-A12; Master Move's move entry; Pichenotte's zone tally): those frames are a change
    of screen, counted in ``score_change_ratio``, not in ``main_screen``.

    In two games the score changes only where play restarts, and the screen that shows
    the new score is the main screen's "scored" moment, counted with it:

    * Boulomania: a round ends (BM-15, BM-26) and is scored (BM-16); until the jack of
      the next round is rolled (BM-17, phase ``jack_roll``) the throw screen shows the
      board the round ended on (``view.ended``), the new score and the round's words.
    * Pitch Bowl: a touchdown (PB-27) restarts play with the placements (PB-03); until
      the next press the turn screen the touchdown was scored on shows the new score and
      "TOUCHDOWN!" on its bottom line (``view.scored``, phase ``place_defender``).

    Before these moments the measure compared the last throw of a round with the first
    throw of the next (an emptied board, full hands), or a touchdown with the receiver's
    first pitch after the kick-off: two positions, not a score change."""
    from pitchside.render.boulomania import BoulomaniaView
    from pitchside.render.mastermove import MasterMoveView
    from pitchside.render.pichenotte import PichenotteView
    from pitchside.render.pitchbowl import PitchBowlView
    from pitchside.render.pitchnut import PitchnutView

    prompt = getattr(view, "prompt", None)
    if prompt is not None and prompt.kind == "refusal":
        return False
    match game:
        case "pichenotte":
            return isinstance(view, PichenotteView) and view.state.phase == "shooting"
        case "pitchnut":
            return isinstance(view, PitchnutView) and view.state.phase == "shooting" and not view.sheet
        case "boulomania":
            return isinstance(view, BoulomaniaView) and (
                view.state.phase == "throw" or (view.state.phase == "jack_roll" and view.ended is not None))
        case "pitchbowl":
            return isinstance(view, PitchBowlView) and (view.state.phase == "turn" or view.scored is not None)
        case "mastermove":
            return isinstance(view, MasterMoveView) and view.state.phase == "play" and view.entry is None
    raise ValueError(f"no main screen known for game {game!r}")


def main_screen(game: str, frames: list[tuple[Any, Any, Any]]) -> dict[str, Any]:
    """Bytes per score change on ``game``'s main screen: the frames that
    :func:`is_main_screen` picks, alone, in order, on the SSD1306 partial device without its periodic full refresh (a
    whole frame every :data:`FULL_EVERY` frames whatever the layout, amortised
    ``full // FULL_EVERY`` B a frame), so each score change is the main screen before it
    against the main screen after it."""
    from pitchside_hw.partial import PanelRam, PartialSSD1306

    shown = [(img, key) for img, key, view in frames if is_main_screen(game, view)]
    ram = PanelRam("ssd1306")
    dev = PartialSSD1306(ram, full_every=0)
    sent: list[float] = []
    prev = None
    for img, key in shown:
        ram.reset_counts()
        dev.display(img)
        if prev is not None and key is not None and key != prev:
            sent.append(ram.command_bytes + ram.data_bytes)
        prev = key
    return {"frames": len(shown), "score_changes": len(sent), "bytes": [int(b) for b in sent],
            "score_change_bytes": _stats(sent)}


def page_spans(game: str) -> list[dict[int, tuple[int, int]]]:
    """Where each main-screen score change of ``game`` (:func:`main_screen`'s frames)
    changes the panel: per controller page (0-7, 8 rows each, 128x64), the first and
    last column (inclusive) whose pixels differ from the main screen before it. A page
    left alone is absent. What the bytes of :func:`main_screen` are spent on, in the
    layout's terms (bench/README.md reads Boulomania's round end with it)."""
    from PIL import ImageChops

    shown = [(img, key) for img, key, view in game_frames_and_views(game) if is_main_screen(game, view)]
    out: list[dict[int, tuple[int, int]]] = []
    prev = None
    for img, key in shown:
        if prev is not None and key is not None and key != prev[1]:
            a, b = prev[0].convert("L"), img.convert("L")
            spans: dict[int, tuple[int, int]] = {}
            for page in range(img.height // 8):
                box = (0, page * 8, img.width, page * 8 + 8)
                diff = ImageChops.difference(a.crop(box), b.crop(box)).getbbox()
                if diff is not None:
                    spans[page] = (diff[0], diff[2] - 1)
            out.append(spans)
        prev = (img, key)
    return out


def per_game() -> dict[str, Any]:
    """Bytes on the bus per score change for each game's scenario match: the SSD1306
    128x64 on the partial-update device against luma's full frame, checked on the
    emulated panel RAM."""
    games: dict[str, Any] = {}
    for game in SCORE_KEYS:
        with_views = game_frames_and_views(game)
        frames = [(img, key) for img, key, _ in with_views]
        size = frames[0][0].size
        if size != (128, 64):
            games[game] = {"skipped": f"panel {size[0]}x{size[1]}"}
            continue
        full = play(frames, "ssd1306", partial=False)
        part = play(frames, "ssd1306", partial=True)
        full_bytes = full["rows"][0]["bytes"]
        sc = [i for i, r in enumerate(part["rows"]) if r["score_change"]]
        mean_sc = _stats([part["rows"][i]["bytes"] for i in sc])
        games[game] = {
            "frames": len(frames),
            "score_changes": len(sc),
            "full_frame_bytes": full_bytes,
            "score_change_bytes": mean_sc,
            "score_change_ratio": round(mean_sc["mean"] / full_bytes, 3),
            "any_frame_bytes": _stats([r["bytes"] for r in part["rows"]]),
            "frames_wrong": full["frames_wrong"] + part["frames_wrong"],
            "with_moments": _with_moments(game, full_bytes),
        }
        main = main_screen(game, with_views)
        main["score_change_ratio"] = round(main["score_change_bytes"]["mean"] / full_bytes, 3)
        games[game]["main_screen"] = main
    return games


def _with_moments(game: str, full_bytes: int) -> dict[str, Any]:
    """The same match with the config's moments on: frames and the mean bytes of a
    frame on the partial device (a moment is a whole screen in, and again out)."""
    frames = game_frames(game, moments=True)
    part = play(frames, "ssd1306", partial=True)
    mean = sum(r["bytes"] for r in part["rows"]) / len(part["rows"])
    return {"frames": len(frames), "frame_bytes_mean": round(mean, 1), "frame_ratio": round(mean / full_bytes, 3)}


def run() -> dict[str, Any]:
    frames = demo_frames()
    out: dict[str, Any] = {"frames": len(frames), "full_every": FULL_EVERY, "devices": {}}
    for chip in ("ssd1306", "sh1106"):
        full = play(frames, chip, partial=False)
        part = play(frames, chip, partial=True)
        full_bytes = full["rows"][0]["bytes"]
        entry: dict[str, Any] = {
            "full_frame_bytes": full_bytes,
            "frames_wrong_full": full["frames_wrong"],
            "frames_wrong_partial": part["frames_wrong"],
            "overruns": full["overruns"] + part["overruns"],
        }
        sc = [i for i, r in enumerate(part["rows"]) if r["score_change"]]
        entry["score_changes"] = len(sc)
        twenties = [i for i in sc if not part["rows"][i]["round_end"]]
        ends = [i for i in sc if part["rows"][i]["round_end"]]
        entry["bytes_per_twenty_scored"] = {
            "full": _stats([full["rows"][i]["bytes"] for i in twenties]),
            "partial": _stats([part["rows"][i]["bytes"] for i in twenties]),
            "count": len(twenties),
        }
        entry["bytes_per_round_end"] = {
            "full": _stats([full["rows"][i]["bytes"] for i in ends]),
            "partial": _stats([part["rows"][i]["bytes"] for i in ends]),
            "count": len(ends),
        }
        entry["bytes_per_score_change"] = {
            "full": _stats([full["rows"][i]["bytes"] for i in sc]),
            "partial": _stats([part["rows"][i]["bytes"] for i in sc]),
        }
        entry["bytes_per_frame"] = {
            "full": _stats([r["bytes"] for r in full["rows"]]),
            "partial": _stats([r["bytes"] for r in part["rows"]]),
        }
        mean_sc = entry["bytes_per_score_change"]["partial"]["mean"]
        entry["score_change_ratio"] = round(mean_sc / full_bytes, 3)
        buses: dict[str, Any] = {}
        for name, hz in (I2C_HZ | SPI_HZ).items():
            kind = "i2c" if name.startswith("i2c") else "spi"
            t_full = [wire_seconds(full["rows"][i]["tx"], hz, kind) for i in range(len(frames))]
            t_sc = [wire_seconds(part["rows"][i]["tx"], hz, kind) for i in sc]
            t_part = [wire_seconds(r["tx"], hz, kind) for r in part["rows"]]
            full_ms = max(t_full) * 1000
            sc_ms = (sum(t_sc) / len(t_sc) * 1000) if t_sc else 0.0
            part_ms = sum(t_part) / len(t_part) * 1000
            buses[name] = {
                "full_frame_ms": round(full_ms, 3),
                "full_fps": round(1000 / full_ms, 1),
                "partial_score_change_ms": round(sc_ms, 3),
                "partial_mean_frame_ms": round(part_ms, 3),
                "partial_fps": round(1000 / part_ms, 1) if part_ms else None,
            }
        entry["bus"] = buses
        entry["transactions_per_frame"] = {
            "full": round(sum(len(r["tx"]) for r in full["rows"]) / len(frames), 1),
            "partial": round(sum(len(r["tx"]) for r in part["rows"]) / len(frames), 1),
        }
        out["devices"][chip] = entry
    out["games"] = per_game()
    return out
