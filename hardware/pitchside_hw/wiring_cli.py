"""``pitchside wiring``: draw a table config's wiring on the Pi's 40-pin header, as SVG
or PNG (registered by :func:`pitchside_hw.cli.register_wiring`, like ``run``).

``pitchside wiring CONFIG --out FILE.svg`` (or ``.png``) draws one config;
``pitchside wiring --all DIR`` draws every example config as ``DIR/<config>.svg``
(``scripts/wiring-diagrams`` writes ``docs/wiring/``), and ``--check`` with it only
compares: it exits 1 naming each diagram that is missing or stale.
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``pitchside wiring`` (registered by
    :func:`pitchside_hw.cli.register_wiring`)."""
    p.add_argument("config", nargs="?", help="table config (TOML)")
    p.add_argument("--out", help="the picture to write: FILE.svg or FILE.png")
    p.add_argument("--all", metavar="DIR", help="draw every example config as DIR/<config>.svg")
    p.add_argument("--check", action="store_true", help="with --all: write nothing, exit 1 if one is stale")
    p.set_defaults(func=_cmd_wiring)


def examples() -> list[Path]:
    """The example configs installed with the drivers, by name."""
    return sorted(Path(str(resources.files("pitchside_hw") / "configs")).glob("*.toml"))


def svg_of(path: Path) -> str:
    """The SVG diagram of the config at ``path``.

    :raises ConfigError: the config is refused (as check-config would)."""
    from pitchside.app.config import load_config
    from pitchside_hw.wiring import wiring
    from pitchside_hw.wiring_draw import to_svg

    return to_svg(wiring(load_config(path), path.name))


def _cmd_wiring(args: argparse.Namespace) -> int:
    from pitchside.core.errors import ConfigError

    if args.all:
        return _all(Path(args.all), args.check)
    if not args.config or not args.out:
        print("pitchside wiring: give CONFIG --out FILE.svg (or .png), or --all DIR", file=sys.stderr)
        return 2
    out = Path(args.out)
    if out.suffix not in (".svg", ".png"):
        print(f"pitchside wiring: {out}: the picture is FILE.svg or FILE.png", file=sys.stderr)
        return 2
    try:
        if out.suffix == ".svg":
            out.write_text(svg_of(Path(args.config)), encoding="utf-8")
        else:
            from pitchside.app.config import load_config
            from pitchside_hw.wiring import wiring
            from pitchside_hw.wiring_draw import to_png

            to_png(wiring(load_config(args.config), Path(args.config).name)).save(out)
    except ConfigError as exc:
        print(f"pitchside wiring: {exc} (pitchside check-config {args.config} names every problem)", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"pitchside wiring: {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(out)
    return 0


def _all(folder: Path, check: bool) -> int:
    stale = []
    for config in examples():
        target = folder / f"{config.stem}.svg"
        svg = svg_of(config)
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == svg:
            continue
        if check:
            stale.append(f"{target}: {'missing' if current is None else 'stale'}")
            continue
        folder.mkdir(parents=True, exist_ok=True)
        target.write_text(svg, encoding="utf-8")
        print(target)
    for line in stale:
        print(line)
    if stale:
        print("redraw them with scripts/wiring-diagrams")
    return 1 if stale else 0
