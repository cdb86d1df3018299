"""Footprint: start-up time to the first frame, resident memory after start and after
1,000 replayed matches, CPU used while idle. Runs in a fresh child process
(``python bench/footprint.py T0 MATCHES IDLE_S``) so nothing the other benchmarks
loaded or allocated is counted; prints one JSON object.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

T0 = float(sys.argv[1]) if len(sys.argv) > 1 else time.time()  # the parent's clock at spawn

sys.path.insert(0, str(Path(__file__).resolve().parent))


def random_match(rng: random.Random) -> str:
    """A full Pichenotte match of random legal shots and tallies, as a replay file."""
    from pitchside.core.errors import IllegalInput
    from pitchside.core.record.format import dump
    from pitchside.core.match import Match
    from pitchside.core.record.pichenotte import PichenotteCodec
    from pitchside.core.rules import pichenotte as rules
    from pitchside.core.sides import PerSide

    m = Match.start(PichenotteCodec(), rules.Options(pucks=rng.choice((4, 6, 8, 12))))
    m, _ = m.apply(rules.CoinToss(rng.choice(("A", "B"))))
    for _ in range(5000):
        st = m.state
        if st.phase == "finished":
            break
        if st.phase == "tally":
            zones = {}
            for s in ("A", "B"):
                n = st.on_board[s]
                a = rng.randint(0, n)
                b = rng.randint(0, n - a)
                zones[s] = (a, b, n - a - b)
            inp: object = rules.Tally(zones["A"], zones["B"])
        else:
            inp = rules.Shot(
                called=rng.random() < 0.2, contact=rng.random() < 0.8, twenty=rng.random() < 0.3,
                ditched=rng.random() < 0.2, knocked_in=PerSide(0, 0),
                knocked_off=PerSide(int(rng.random() < 0.1), int(rng.random() < 0.1)),
            )
        try:
            m, _ = m.apply(inp)
        except IllegalInput:
            continue
    return dump(m, sides={"A": "Ann", "B": "Bob"})


def baseline() -> None:
    """The bare scoreboard's footprint: gpiozero Button + luma ssd1306 (noop bus), the
    first counter frame drawn with luma's canvas."""
    from common import rss_mb
    from gpiozero import Button
    from gpiozero.pins.mock import MockFactory
    from luma.core.interface.serial import noop
    from luma.core.render import canvas
    from luma.oled.device import ssd1306

    factory = MockFactory()
    device = ssd1306(noop())
    device.persist = True
    button = Button("GPIO17", pull_up=True, bounce_time=None, pin_factory=factory)
    with canvas(device) as draw:
        draw.text((0, 0), "0", fill="white")
    startup_s = time.time() - T0
    print(json.dumps({"startup_to_first_frame_s": round(startup_s, 3), "rss_after_start_mb": round(rss_mb(), 1)}))
    button.close()


def bare_import() -> None:
    """The floor of start-up: a fresh interpreter importing gpiozero,
    luma.oled and Pillow, nothing drawn. ``cpu_to_ready_s``: the process's CPU time once
    imported (bench/startup.py compares it with a ``pitchside run``'s at READY=1)."""
    import gpiozero  # noqa: F401
    import luma.oled.device  # noqa: F401
    import PIL.Image  # noqa: F401

    print(json.dumps({"startup_s": round(time.time() - T0, 3), "cpu_to_ready_s": round(time.process_time(), 6)}))


def plain_table() -> None:
    """The best a plain Python table would do at start-up (``footprint.startup_plain_table``):
    a fresh interpreter that imports gpiozero, luma.oled, Pillow, sqlite3 and tomllib,
    opens a SQLite file (``sys.argv[3]``, kept from one child to the next as a table's
    journal is: WAL, ``synchronous=FULL``, one table made if missing, its rows counted),
    reads the example Pichenotte config (TOML), attaches its buttons (gpiozero
    ``Button``, no bounce time, on a ``MockFactory`` as ``pitchside run`` does on the
    bench) and shows one text frame (the table's name in Pillow's default font, loaded
    once) on the device ``pitchside run`` uses, the partial-update SSD1306 on luma's
    ``noop`` bus. ``startup_s``: spawn to that frame (wall clock); ``cpu_to_ready_s``:
    the process's CPU then."""
    import sqlite3
    import tomllib

    from gpiozero import Button
    from gpiozero.pins.mock import MockFactory
    from luma.core.interface.serial import noop
    from PIL import Image, ImageDraw, ImageFont
    from pitchside_hw.partial import PartialSSD1306

    config_path = Path(__file__).resolve().parent.parent / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"
    db = sqlite3.connect(sys.argv[3])
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS matches (id INTEGER PRIMARY KEY, lines TEXT NOT NULL)")
    stored = db.execute("SELECT count(*) FROM matches").fetchone()[0]
    with open(config_path, "rb") as fh:
        config = tomllib.load(fh)
    factory = MockFactory()
    buttons = [Button(pin, pull_up=True, bounce_time=None, pin_factory=factory) for pin in config["buttons"].values()]
    device = PartialSSD1306(noop())
    device.persist = True
    frame = Image.new("1", device.size)
    ImageDraw.Draw(frame).text((0, 0), f"{config['table']['name']} {stored}", font=ImageFont.load_default(), fill=1)
    device.display(frame)
    startup_s, cpu_s = time.time() - T0, time.process_time()
    print(json.dumps({"startup_s": round(startup_s, 3), "cpu_to_ready_s": round(cpu_s, 6), "buttons": len(buttons)}))
    for b in buttons:
        b.close()
    factory.close()
    db.close()


def startup() -> None:
    """Start-up to the first frame alone: imports, config, the table as `pitchside run`
    assembles it (journal in a temp dir, the partial-update device as `pitchside run`
    uses by default, MockFactory), its first frame. Each phase is timed here, in the
    bench child (``time.perf_counter``, seconds; ``modules``: how many modules were
    imported by the end of it): ``interpreter`` (spawn to this function: Python's own
    start-up and the bench's stdlib imports), ``imports`` (gpiozero, luma, Pillow and the
    firmware modules ``pitchside_hw.table`` imports at the top), ``config``
    (``load_config`` of the example config), ``journal`` (``Journal.open``), ``table``
    (``build_table``: drivers, runtime, the game's modules on first lookup) and
    ``first_frame`` (``Runtime.refresh``: view, render, hand-off)."""
    import tempfile

    phases: dict[str, dict[str, float]] = {}
    t = time.perf_counter()
    phases["interpreter"] = {"s": round(time.time() - T0, 4), "modules": len(sys.modules)}

    def mark(name: str) -> None:
        nonlocal t
        now = time.perf_counter()
        phases[name] = {"s": round(now - t, 4), "modules": len(sys.modules)}
        t = now

    from gpiozero.pins.mock import MockFactory
    from luma.core.interface.serial import noop
    from pitchside.app.config import load_config
    from pitchside.app.journal import Journal
    from pitchside_hw.display import Display
    from pitchside_hw.partial import PartialSSD1306
    from pitchside_hw.pins import TickClock
    from pitchside_hw.table import build_table

    mark("imports")
    # the example config read as `pitchside run` reads it: no simulator, no scenario
    # (bench/common.load_demo imports pitchside_sim, about half of this start-up)
    import pitchside_hw

    config = load_config(Path(pitchside_hw.__file__).parent / "configs" / "pichenotte.toml")
    mark("config")
    with tempfile.TemporaryDirectory(prefix="pitchside-bench-") as tmp:
        factory = MockFactory()
        journal = Journal.open(Path(tmp) / "journal.db")
        mark("journal")
        device = PartialSSD1306(noop())
        device.persist = True
        table = build_table(config, pin_factory=factory, clock=TickClock(factory), journal=journal,
                            open_display=lambda role, d: Display(device, persist=True, name="bench"),
                            toss=lambda: "A")
        mark("table")
        table.runtime.refresh()
        mark("first_frame")
        startup_s = time.time() - T0
        frames = table.display.frames_sent
        modules = sorted(sys.modules)
        from common import rss_mb

        rss = rss_mb()
        table.close()
        journal.close()
        factory.close()
    print(json.dumps({"startup_s": round(startup_s, 3), "frames_at_start": frames, "rss_mb": round(rss, 1),
                      "phases": phases, "modules": len(modules),
                      "pitchside_modules": sum(m.split(".")[0].startswith("pitchside") for m in modules)}))


def whole_table(matches: int) -> None:
    """RSS through the whole table over ``matches`` matches (bench/wholetable.py), in a
    fresh process; the journal on a RAM-backed directory when there is one (memory is
    measured here, not durability)."""
    import tempfile

    import wholetable
    from common import rss_mb

    shm = Path("/dev/shm")
    where = str(shm) if shm.is_dir() else None
    with tempfile.TemporaryDirectory(prefix="pitchside-bench-", dir=where) as tmp:
        r = wholetable.run(matches, Path(tmp), rss_mb, warmup=min(100, max(1, matches // 10)))
    r["rss_at_start_mb"] = round(rss_mb(), 1)
    print(json.dumps(r))


def main() -> None:
    mode = sys.argv[2] if len(sys.argv) > 2 else ""
    if mode in ("baseline", "bare_import", "startup", "plain_table"):
        {"baseline": baseline, "bare_import": bare_import, "startup": startup, "plain_table": plain_table}[mode]()
        return
    if mode == "whole_table":
        whole_table(int(sys.argv[3]))
        return
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    idle_s = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
    # -- start-up: imports, config, the table as `pitchside run` assembles it (journal
    # in a temp dir, luma ssd1306 on a noop bus, MockFactory), its first frame -----------
    import tempfile

    from common import load_demo, rss_mb
    from gpiozero.pins.mock import MockFactory
    from latency import Probe, Table

    scenario, config = load_demo()
    with tempfile.TemporaryDirectory(prefix="pitchside-bench-") as tmp:
        factory = MockFactory()
        table = Table(factory, config, Path(tmp), "ssd1306", Probe())
        table.runtime.refresh()
        startup_s = time.time() - T0
        frames_at_start = table.display.frames_sent
        rss_start = rss_mb()
        table.close()
        factory.close()

    # -- idle CPU: the real-clock table, Runtime.run in its thread, no events ----------
    import threading

    factory = MockFactory()
    table = Table(factory, config, None, "ssd1306", Probe())
    rt = table.runtime
    passes = [0]
    pending = rt.process_pending

    def counted() -> int:
        passes[0] += 1
        return pending()

    rt.process_pending = counted  # type: ignore[method-assign]
    stop = threading.Event()
    thread = threading.Thread(target=rt.run, args=(stop,), daemon=True)
    thread.start()
    time.sleep(0.2)  # the first refresh
    passes[0] = 0
    cpu0, wall0 = time.process_time(), time.monotonic()
    time.sleep(idle_s)
    cpu1, wall1 = time.process_time(), time.monotonic()
    stop.set()
    if hasattr(rt, "wake"):
        rt.wake()
    thread.join(5)
    table.close()
    factory.close()

    # -- 1,000 replayed matches --------------------------------------------------------
    from pitchside.core.record.format import replay

    rng = random.Random(5)
    texts = [random_match(rng) for _ in range(100)]
    inputs = sum(len(t.splitlines()) - 1 for t in texts) / len(texts)
    finished = 0
    rss_warm = rss_start
    checkpoints = []
    t_replay = time.perf_counter()
    for i in range(matches):
        result = replay(texts[i % len(texts)].splitlines())
        finished += result.match.state.phase == "finished"
        if i + 1 == min(100, matches):
            rss_warm = rss_mb()
        if (i + 1) % max(1, matches // 10) == 0:
            checkpoints.append(round(rss_mb(), 2))
    replay_s = time.perf_counter() - t_replay
    rss_end = rss_mb()
    print(json.dumps({
        "startup_to_first_frame_s": round(startup_s, 3),
        "frames_at_start": frames_at_start,
        "rss_after_start_mb": round(rss_start, 1),
        "rss_after_matches_mb": round(rss_end, 1),
        "rss_growth_after_warmup_mb": round(rss_end - rss_warm, 2),
        "rss_checkpoints_mb": checkpoints,
        "matches_replayed": matches,
        "matches_finished": finished,
        "inputs_per_match": round(inputs, 1),
        "replay_ms_per_match": round(replay_s / max(1, matches) * 1000, 2),
        "idle_s": round(wall1 - wall0, 2),
        "idle_cpu_ms": round((cpu1 - cpu0) * 1000, 2),
        "idle_cpu_percent": round((cpu1 - cpu0) / (wall1 - wall0) * 100, 3),
        "idle_loop_passes": passes[0],
    }))


if __name__ == "__main__":
    main()
