"""The kiosk's timers are honoured when they fire at the deadline they asked for
(timers): a timer for ``t + 120.0`` fires with ``at = t + 120.0``, and
``(t + 120.0) - t`` can come out just under 120 in floating point (t = 8.2), so a
check of the idle time against the timeout dropped the result, dim, suspend, idle and
stuck timers, never to be re-armed. The checks compare against the deadline itself."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from pitchside.core.record.format import replay
from pitchside.signals.events import ButtonPressed, TimerFired
from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.tables import pitchnut as nt
from pitchside.tables.registry import TableLike, app_for
from pitchside.core.rules import pitchnut as nut_rules
from pitchside.signals.events import BeamBroken
from support.examples import scaled

ONE_ROUND = [
    '{"format": 1, "game": "pichenotte", "options": {"pucks": 1, "rounds_to_win": 1}}',
    '{"input": "coin_toss", "winner": "A"}',
    '{"input": "shot", "twenty": true}',
    '{"input": "shot", "contact": false, "ditched": false}',
    '{"input": "tally", "A": [0, 0, 0], "B": [0, 0, 1]}',
]  # A takes the only round to win, 20 to 5: the match is over


def table_after(lines: list[str]) -> TableLike:
    result = replay(lines)
    return app_for(result.header.codec.name).resumed(result.match, ("Ann", "Bob"), False)


def due(effects: tuple[k.Effect, ...], name: str) -> float:
    (at,) = [e.due_at for e in effects if isinstance(e, k.StartTimer) and e.name == name]
    return at


@pytest.mark.parametrize("t", [8.2, 1e6 + 0.1])
def test_the_result_timer_at_its_deadline_ends_the_result_screen(t: float) -> None:
    assert (8.2 + 120.0) - 8.2 < 120.0  # the float case of the issue
    ks, eff = k.start(k.KioskSettings(attract=False, result_timeout_s=120.0), table_after(ONE_ROUND), (), t)
    assert ks.mode == "playing" and due(eff, "result") == t + 120.0
    ks, eff = k.handle(ks, TimerFired("result", t + 120.0))
    assert fx.NewMatch() in eff and not ks.table.match.can_undo()  # a fresh match is on


@pytest.mark.parametrize("t", [8.2, 1e6 + 0.1])
def test_the_dim_timer_at_its_deadline_dims_the_panel(t: float) -> None:
    ks, eff = k.start(k.KioskSettings(dim_after_s=120.0, dim_contrast=16), table_after(ONE_ROUND[:2]), (), t)
    ks, eff = k.handle(ks, TimerFired("dim", due(eff, "dim")))
    assert (ks.dimmed, eff) == (True, (k.SetContrast(16),))


def test_the_suspend_timer_at_its_deadline_puts_the_match_on_hold() -> None:
    t = 124.1
    assert (t + 900.0) - t < 900.0
    ks, eff = k.start(k.KioskSettings(suspend_after_s=900.0), table_after(ONE_ROUND[:2]), (), t)
    assert ks.mode == "playing"
    ks, _ = k.handle(ks, TimerFired("suspend", due(eff, "suspend")))
    assert ks.mode == "attract" and ks.table.match.can_undo()  # the match kept, on hold


def test_the_idle_timer_at_its_deadline_leaves_service_mode() -> None:
    t = 124.1
    ks, eff = k.start(k.KioskSettings(suspend_after_s=900.0, start_in_service=True), table_after(ONE_ROUND[:2]), (), t)
    assert ks.mode == "service"
    ks, _ = k.handle(ks, TimerFired("idle", due(eff, "idle")))
    assert ks.mode == "attract"


def test_the_stuck_timer_at_its_deadline_flags_the_button() -> None:
    t = 12.3
    assert (t + 20.0) - t < 20.0
    ks, _ = k.start(k.KioskSettings(stuck_after_s=20.0), table_after(ONE_ROUND[:2]), ("coin",), 0.0)
    ks, eff = k.handle(ks, ButtonPressed("coin", t))
    ks, eff = k.handle(ks, TimerFired("stuck:coin", due(eff, "stuck:coin")))
    assert ks.stat("coin").stuck and eff == (k.Log("button coin stuck pressed"),)


def test_a_timer_whose_reason_has_gone_is_still_ignored() -> None:
    ks, eff = k.start(k.KioskSettings(dim_after_s=120.0), table_after(ONE_ROUND[:2]), (), 8.2)
    stale = due(eff, "dim")
    ks, _ = k.handle(ks, ButtonPressed("coin", 9.0))  # an input since: the panel stays lit
    assert k.handle(ks, TimerFired("dim", stale)) == (ks, ())


@settings(max_examples=scaled(300), deadline=None)
@given(t=st.floats(0.0, 1e8), timeout=st.floats(1.0, 3600.0))
def test_every_dim_timer_is_honoured_at_the_deadline_it_asked_for(t: float, timeout: float) -> None:
    ks, eff = k.start(k.KioskSettings(dim_after_s=timeout), table_after(ONE_ROUND[:2]), (), t)
    ks, eff = k.handle(ks, TimerFired("dim", due(eff, "dim")))
    assert ks.dimmed


def test_pitchnut_s_quiet_timer_at_its_deadline_proposes_ending_the_shot() -> None:
    """The same pattern in the Pitchnut table: a drop at t asks for the quiet timer at
    ``t + QUIET_S``; at t = 16777215.98..., ``(t + 3.0) - t`` is 3 - 1.9e-9, under the
    old allowance of 1e-9."""
    t = 16777215.986934507
    assert (t + nt.QUIET_S) - t < nt.QUIET_S - 1e-9
    ts = nt.new_table(nut_rules.Options(), ("Ann", "Bob"))
    ts, _ = nt.handle(ts, ButtonPressed("coin", t - 2.0))
    ts, _ = nt.handle(ts, fx.CoinTossed("A", t - 1.5))
    ts, _ = nt.handle(ts, ButtonPressed("shot_done", t - 1.0))  # A breaks (PN-05)
    ts, eff = nt.handle(ts, BeamBroken(nt.POCKETS[0], t, 0.05))
    (timer,) = [e for e in eff if isinstance(e, fx.StartTimer)]
    ts, _ = nt.handle(ts, TimerFired(timer.name, timer.due_at))
    assert ts.prompt is not None and ts.prompt.text == "Still? DONE ends shot"
