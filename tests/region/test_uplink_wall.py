"""Through REAL Mosquittos (a venue broker bridged to the region's) and a real Chromium:
the venue's box dies, the region broker publishes the bridge's will (``0`` on
``pitchside/north/uplink``) and the region's wall says "link down since HH:MM" on north's
tiles and on ``/venues/north``, nothing on south's; when the venue's broker is back
(``1``) the page drops it, over the live stream."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pitchside.league.run import Broker as BrokerAddress
from pitchside.league.run import LeagueServer
from pitchside.league.wall import ALL, clock
from support.apt import installed
from support.broker import mosquitto
from support.polling import wait
from support.region import Region, region_rig

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Region]:
    if mosquitto() is None:
        pytest.skip("no mosquitto broker (apt-get install mosquitto, as root)")
    yield from region_rig(tmp_path_factory.mktemp("uplink"), tables=1, workers=1)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    path = installed("chromium", "chromium", "fonts-dejavu-core")
    if path is None:
        pytest.skip("no chromium (apt-get install chromium, as root)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=FLAGS)
        try:
            yield b
        finally:
            b.close()


def status(venue: str, table: str) -> bytes:
    return json.dumps({"v": 1, "online": True, "boot": "b1", "venue": venue, "table": table, "name": table.upper(),
                       "version": "0.1.0", "games": ["pitchnut"]}).encode()


def uplinks(lg: LeagueServer) -> dict[str, dict[str, Any]]:
    return {u["venue"]: u for u in httpx.get(lg.url + "/api/wall", timeout=5).json().get("uplinks", [])}


def test_the_region_wall_shows_a_venues_link_down_and_back(rig: Region, browser: Any, tmp_path: Path) -> None:
    user, password = rig.login("league-4")  # a slot the rig's workers do not use
    cred = tmp_path / "league-4.cred"
    cred.write_text(f"{user}:{password}\n")
    lg = LeagueServer(tmp_path / "region.db", BrokerAddress("127.0.0.1", rig.region.port, str(cred), tls=True,
                                                            ca_file=str(rig.reg.file("ca.crt")), keepalive_s=5),
                      ALL).start()
    try:
        for venue in ("north", "south"):  # retained, as a table's birth is: the league may subscribe after
            rig.tables[(venue, "t1")].client.publish(f"pitchside/{venue}/t1/status", status(venue, "t1"), qos=1,
                                                     retain=True).wait_for_publish(5)
        assert wait(lambda: {v: u["up"] for v, u in uplinks(lg).items()} == {"north": True, "south": True})
        assert wait(lambda: len(httpx.get(lg.url + "/api/wall", timeout=5).json()["tables"]) == 2)
        north_page = browser.new_page(viewport={"width": 1280, "height": 720})
        north_page.goto(lg.url + "/venues/north")
        every_page = browser.new_page(viewport={"width": 1280, "height": 720})
        every_page.goto(lg.url + "/")
        every_page.wait_for_selector('.tile[data-venue="south"]')
        assert north_page.locator("#uplink").is_hidden()

        north = rig.venues["north"]
        assert north.proc is not None
        before = time.time()
        north.proc.kill()  # the pub's box or line dies: the region broker publishes the bridge's will
        north.proc.wait(5)
        assert wait(lambda: not uplinks(lg)["north"]["up"])
        down = uplinks(lg)["north"]
        assert before - 1 <= down["since"] <= time.time() and down["at"] == clock(down["since"])
        text = f"link down since {down['at']}"
        assert wait(lambda: north_page.locator("#uplink").inner_text() == text)
        assert north_page.locator('.tile[data-venue="north"] .link').all_inner_texts() == [text]
        assert wait(lambda: every_page.locator(".tile .link").all_inner_texts() == [text])
        assert every_page.locator('.tile[data-venue="south"] .link').count() == 0
        assert uplinks(lg)["south"]["up"] is True

        north.start()
        assert wait(lambda: uplinks(lg)["north"]["up"])
        assert wait(lambda: every_page.locator(".tile .link").count() == 0)
        assert wait(lambda: north_page.locator("#uplink").is_hidden())
        assert north_page.locator(".tile .link").count() == 0
        north_page.close()
        every_page.close()
    finally:
        lg.close()
