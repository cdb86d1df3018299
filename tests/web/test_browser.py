"""The pages in a real Chromium: each game's TV and phone page follow a whole simulated
match; a page opened mid-match shows the state at once; a server restart shows the
NOT LIVE banner, then the live state; a player named <script> is shown as text."""

from __future__ import annotations

import time
from typing import Any

import pytest

from support.web_live import GAMES, serve, sim_table

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}


def _wait_seq(page: Any, seq: int, timeout_ms: int = 5000) -> None:
    page.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=seq, timeout=timeout_ms)


def _shown(page: Any) -> dict[str, str]:
    return {k: page.text_content(f"#{k}") or "" for k in ("score-A", "score-B", "turn", "name-A", "name-B")}


def _expected(sim: Any) -> dict[str, str]:
    m, names = sim.runtime.state.match, sim.runtime.state.names
    score = {s: (int(v) if float(v).is_integer() else v) for s, v in m.score().as_dict().items()}
    turn = m.turn()
    return {"score-A": str(score["A"]), "score-B": str(score["B"]),
            "turn": "" if turn is None else names[0 if turn == "A" else 1], "name-A": names[0], "name-B": names[1]}


@pytest.mark.parametrize("game", GAMES)
def test_tv_and_phone_follow_a_whole_match(browser: Any, game: str) -> None:
    sim, sc = sim_table(game)
    web = serve(sim)
    tv = browser.new_page(viewport=TV)
    phone = browser.new_page(viewport=PHONE)
    try:
        tv.goto(web.url + "/tv")
        phone.goto(web.url + "/")
        for i, action in enumerate(sc.actions):
            sim.act(action, sc.gap_s)
            if i % 3 and i != len(sc.actions) - 1:
                continue  # every third action (and the last): the DOM is checked
            seq = web.sync()
            for page in (tv, phone):
                _wait_seq(page, seq)
                assert _shown(page) == _expected(sim), f"after action {i + 1} ({action})"
        final = {"A": str(sc.expect["score"]["A"]), "B": str(sc.expect["score"]["B"])}
        assert {s: tv.text_content(f"#score-{s}") for s in "AB"} == final
        winner = sc.expect["winner"]
        assert tv.text_content("#result") == f"{sim.runtime.state.names[0 if winner == 'A' else 1]} wins"
        assert tv.is_hidden("#banner")
    finally:
        tv.close()
        phone.close()
        web.close()
        sim.close()


def test_a_page_opened_mid_match_shows_the_state_at_once_and_a_restart_recovers(browser: Any) -> None:
    sim, sc = sim_table("pitchnut", names=("Ann", "<script>alert(1)</script>"))
    web = serve(sim)
    page = browser.new_page(viewport=TV)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        half = len(sc.actions) // 2
        for action in sc.actions[:half]:
            sim.act(action, sc.gap_s)
        web.sync()
        page.set_default_timeout(5000)
        page.goto(web.url + "/tv", wait_until="domcontentloaded")
        assert _shown(page) == _expected(sim)  # server-rendered: before any script ran
        assert page.text_content("#name-B") == "<script>alert(1)</script>"
        # the server goes away mid-match: the banner within 5 s
        web.server.stop()
        t0 = time.monotonic()
        page.wait_for_selector("#banner", state="visible", timeout=5000)
        assert time.monotonic() - t0 < 5
        for action in sc.actions[half:half + 6]:
            sim.act(action, sc.gap_s)  # the table plays on meanwhile
        web.server.start()
        t1 = time.monotonic()
        _wait_seq(page, web.sync(), timeout_ms=3000)
        page.wait_for_selector("#banner", state="hidden", timeout=3000)
        assert time.monotonic() - t1 < 3
        assert _shown(page) == _expected(sim)
        assert dialogs == []
    finally:
        page.close()
        web.close()
        sim.close()


def _play_until(sim: Any, sc: Any, wanted: Any) -> dict[str, Any]:
    """Play ``sc`` until the table's snapshot satisfies ``wanted``; returns that snapshot."""
    from pitchside.web.feed import snapshot

    for action in sc.actions:
        sim.act(action, sc.gap_s)
        snap = snapshot(sim.runtime.kiosk, seq=1, boot="test")
        if wanted(snap):
            return snap
    raise AssertionError("the scenario never reached the state wanted")


def _repeats_a_notice(snap: dict[str, Any]) -> bool:
    p = snap["prompt"]
    return p is not None and p["kind"] != "refusal" and p["text"] in [n["short"] for n in snap["last"]]


@pytest.mark.parametrize(("game", "repeat"), [("pichenotte", True), ("boulomania", True), ("pitchnut", False)])
def test_the_last_input_s_words_are_shown_once(browser: Any, game: str, repeat: bool) -> None:
    """The prompt line of the panel that only repeats a notice of the last input (its short
    words: "Ann won the toss", "Round 1: Bob scores 4") is not shown beside that notice,
    on the TV and phone pages, live and server-rendered; a prompt that says something else
    ("What was each? + -") still is."""
    sim, sc = sim_table(game)
    web = serve(sim)
    pages = {"tv": browser.new_page(viewport=TV), "phone": browser.new_page(viewport=PHONE)}
    try:
        pages["tv"].goto(web.url + "/tv")
        pages["phone"].goto(web.url + "/")
        snap = _play_until(sim, sc, lambda s: s["prompt"] is not None and s["prompt"]["kind"] != "refusal"
                           and s["prompt"]["text"] and _repeats_a_notice(s) == repeat)
        text = snap["prompt"]["text"]
        once = next((n["text"] for n in snap["last"] if n["short"] == text), text)  # the notice's long words
        seq = web.sync()
        fresh = browser.new_page(viewport=TV)
        fresh.goto(web.url + "/tv", wait_until="domcontentloaded")  # server-rendered
        for name, page in [*pages.items(), ("tv opened now", fresh)]:
            if page is not fresh:
                _wait_seq(page, seq)
            shown = page.inner_text("main") + "\n" + page.inner_text("footer")
            assert page.text_content("#prompt") == ("" if repeat else text), name
            assert shown.count(once) == 1, (name, once, shown)
        fresh.close()
    finally:
        for page in pages.values():
            page.close()
        web.close()
        sim.close()
