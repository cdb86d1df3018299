"""The table's address as a QR code on the OLED (pitchside.render.qr):
the layout the panel allows, the pixels equal to segno's matrix, a phone's decoder
(zbar) reads it back, and the golden 128x64 screen."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pitchside.render.panel import Panel
from pitchside.render import qr, screen
from support.apt import installed
from support.golden import check_golden

GOLDEN = Path(__file__).parent / "qr" / "golden"
"""Its own folder: tests/render/golden is the scenes' of render_scenes.py (a file there
without a scene is stale)."""
URLS = ("http://pitchside-t1.local/", "http://pitchside-t1.local:8080/", "http://192.168.100.123:8080/",
        "http://pitchside-table-12.local:8080/")


@pytest.mark.parametrize(("url", "modules", "expected"), [
    ("http://pitchside-t1.local/", 25, qr.Layout(scale=2, quiet=3, side=62, x=0, y=1)),
    # version 3 at M (29 modules: 66 px at 2 px with 2 modules of quiet zone): version 2 at L
    ("http://pitchside-t1.local:8080/", 25, qr.Layout(scale=2, quiet=3, side=62, x=0, y=1)),
    ("http://192.168.100.123:8080/", 25, qr.Layout(scale=2, quiet=3, side=62, x=0, y=1)),
    # version 3 even at L: 2 px with a 1-module quiet zone (the OLED's dark beyond it)
    ("http://pitchside-table-12.local:8080/", 29, qr.Layout(scale=2, quiet=1, side=62, x=0, y=1)),
    # too long for 2 px: 1 px with the full quiet zone
    ("http://a-very-long-hostname-for-a-table.example.org:8080/live", 33, qr.Layout(1, 4, 41, 0, 11)),
])
def test_the_layout_keeps_two_px_per_module_where_the_panel_allows(url: str, modules: int, expected: qr.Layout) -> None:
    cells, at = qr.fit(url, (128, 64))
    assert (len(cells), at) == (modules, expected)


def test_a_bigger_panel_gets_bigger_modules_first_then_the_widest_quiet_zone_left() -> None:
    # 4 px: (25 + 2 * 3) * 4 = 124 <= 128 (4 modules of quiet zone would be 132)
    assert qr.fit("http://pitchside-t1.local/", (256, 128))[1] == qr.Layout(scale=4, quiet=3, side=124, x=0, y=2)


def test_too_long_for_the_panel_or_for_any_code_says_so() -> None:
    with pytest.raises(ValueError, match="does not fit 96x24"):
        qr.fit("http://pitchside-t1.local/", (96, 24))
    with pytest.raises(ValueError, match="too long"):
        qr.matrix("x" * 3000)


@pytest.mark.parametrize("url", URLS)
def test_the_pixels_are_segnos_matrix_dark_on_a_lit_quiet_zone(url: str) -> None:
    img = screen.render(qr.QRView(url), (128, 64))
    cells, at = qr.fit(url, (128, 64))
    px = img.load()
    assert px is not None
    s, q = at.scale, at.quiet
    for y in range(at.y, at.y + at.side):
        for x in range(at.x, at.x + at.side):
            r, c = (y - at.y) // s - q, (x - at.x) // s - q
            inside = 0 <= r < len(cells) and 0 <= c < len(cells)
            dark = inside and cells[r][c]
            assert bool(px[x, y]) == (not dark), (x, y)
    assert all(px[x, y] == 0 for y in (0, 63) for x in range(at.x, at.side))  # beyond the square: off


def _zbarimg() -> str | None:
    """Debian's zbar-tools (installed here when missing and running as root)."""
    return installed("zbarimg", "zbar-tools")


@pytest.mark.parametrize("url", URLS)
def test_zbar_reads_the_url_back_at_1x_and_4x(tmp_path: Path, url: str) -> None:
    zbar = _zbarimg()
    if zbar is None:
        pytest.skip("no zbarimg (apt-get install zbar-tools, as root); the pixel test above still checks the matrix")
    for panel in (Panel(128, 64), Panel(128, 32), Panel(128, 128, "RGB")):  # 1 px modules on 128x32
        img = screen.compose(screen.Frame(qr.QRView(url, hint="NEXT: back")), panel).image
        for scale in (1, 4):
            path = tmp_path / f"qr{panel.height}_{scale}.png"
            img.convert("L").resize((panel.width * scale, panel.height * scale), Image.Resampling.NEAREST).save(path)
            out = subprocess.run([zbar, "-q", "--raw", str(path)], capture_output=True, text=True, timeout=30)
            assert out.stdout.strip() == url, (panel, scale, out.stdout, out.stderr)


def test_golden_qr_screen_128x64() -> None:
    check_golden(screen.render(qr.QRView("http://pitchside-t1.local:8080/", hint="DONE: play"), (128, 64)),
                 GOLDEN / "kiosk_qr.png")


def test_the_config_s_web_url_reaches_the_kiosk_and_none_without_a_web_section() -> None:
    from dataclasses import replace

    from pitchside.app.assembly import kiosk_settings
    from pitchside.app.config import load_config
    from pitchside.app.config_web import WebConfig
    from pitchside_sim.run import default_config_path

    config = load_config(default_config_path("pitchnut"))
    assert kiosk_settings(replace(config, web=None)).url is None
    assert kiosk_settings(replace(config, web=WebConfig(url="http://t1.local/"))).url == "http://t1.local/"
