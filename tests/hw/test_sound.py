"""The buzzer driver on gpiozero's MockFactory, passed explicitly: each cue's pattern
reaches the pin exactly (an active buzzer's on/off levels, a passive one's PWM tones),
``cue`` returns at once, faults are HardwareError or logged, close is idempotent.

The player thread's ``wait`` is injected: it records each step's length and returns at
once, so patterns play in no time and the tests wait only for the thread to drain."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from gpiozero.tones import Tone

from pitchside.core.errors import HardwareError
from pitchside_hw.sound import PATTERNS, Sound

JOIN_S = 10.0  # generous: only a hung player comes near it


@pytest.fixture
def mock() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.close()


@pytest.fixture
def pwm() -> Iterator[MockFactory]:
    f = MockFactory(pin_class=MockPWMPin)
    yield f
    f.close()


class Steps:
    """The injected ``wait``: records each step's length, never stops the pattern."""

    def __init__(self) -> None:
        self.lengths: list[float] = []

    def __call__(self, seconds: float) -> bool:
        self.lengths.append(seconds)
        return False


def levels(pin) -> list[object]:  # type: ignore[no-untyped-def]
    return [s.state for s in pin.states]


def test_an_active_buzzer_beeps_each_cues_pattern_on_its_pin(mock: MockFactory) -> None:
    steps = Steps()
    with Sound("GPIO18", mock, wait=steps) as sound:
        pin = mock.pin(18)
        sound.cue("point")
        assert sound.wait_idle(JOIN_S)
        assert levels(pin) == [False, True, False]
        assert steps.lengths == [0.08]
        assert not sound.device.is_active  # silent after the pattern
        pin.clear_states()
        sound.cue("won")
        assert sound.wait_idle(JOIN_S)
        # on/off for each note; a rest is off (already off: no edge), silent at the end
        assert levels(pin) == [False, True, False, True, False, True, False, True, False]
        assert steps.lengths[1:] == [s for _, s in PATTERNS["won"]]
        assert sound.played == ["point", "won"]


def test_a_tonal_buzzer_plays_the_notes_by_pwm(pwm: MockFactory) -> None:
    steps = Steps()
    seen: list[tuple[float | None, float]] = []
    sound = Sound("GPIO18", pwm, kind="tonal", wait=lambda s: seen.append(
        (pwm.pin(18).frequency, pwm.pin(18).state)) or steps(s))  # the tone while each step lasts
    try:
        sound.cue("refusal")
        assert sound.wait_idle(JOIN_S)
        a4 = Tone("A4").frequency
        assert seen == [(a4, 0.5), (None, 0.0), (a4, 0.5)]
        assert steps.lengths == [0.12, 0.06, 0.3]
        assert pwm.pin(18).state == 0.0 and sound.device.value is None  # silent after
    finally:
        sound.close()


def test_cues_play_in_order_and_only_the_configured_ones(mock: MockFactory) -> None:
    steps = Steps()
    with Sound("GPIO18", mock, cues=("won",), wait=steps) as sound:
        sound.cue("point")  # not configured: ignored
        sound.cue("refusal")
        sound.cue("won")
        assert sound.wait_idle(JOIN_S)
        assert sound.played == ["won"]
        with pytest.raises(ValueError, match="unknown cue 'goal'"):
            sound.cue("goal")


def test_cue_returns_while_a_pattern_plays_and_close_cuts_it_short(mock: MockFactory) -> None:
    started = threading.Event()
    sound = Sound("GPIO18", mock)  # the real wait: on the close event

    def stepping(seconds: float) -> bool:
        started.set()
        return sound._closing.wait(seconds)  # the default wait, observed

    sound._wait = stepping
    sound.cue("won")  # 0.86 s of fanfare: cue() does not wait for it
    assert started.wait(JOIN_S)
    assert sound.device.is_active  # the first note sounds
    sound.close()  # interrupts the pattern at once, silences, releases the pin
    assert sound.closed and sound.played == []
    assert levels(mock.pin(18))[-1] is False
    sound.close()  # idempotent
    sound.cue("point")  # after close: nothing


def test_a_late_cue_beyond_the_queue_is_dropped(mock: MockFactory) -> None:
    gate = threading.Event()
    with Sound("GPIO18", mock, wait=lambda s: not gate.wait(JOIN_S)) as sound:
        for _ in range(10):
            sound.cue("point")  # the first plays (held at its first step), four wait
        gate.set()
        assert sound.wait_idle(JOIN_S)
        assert sound.played == ["point"] * 4


def test_a_pin_in_use_is_a_hardware_error_naming_it(mock: MockFactory) -> None:
    with Sound("GPIO18", mock, wait=Steps()), pytest.raises(
        HardwareError, match=r"sound: cannot open a buzzer on pin 'GPIO18': GPIOPinInUse"
    ):
        Sound("GPIO18", mock)


def test_a_tonal_buzzer_needs_pwm(mock: MockFactory) -> None:
    with pytest.raises(HardwareError, match=r"cannot open a tonal on pin 'GPIO18': PinPWMUnsupported"):
        Sound("GPIO18", mock, kind="tonal")
    Sound("GPIO18", mock).close()  # the pin was released


def test_a_fault_while_playing_drops_the_cue_and_the_player_goes_on(mock: MockFactory) -> None:
    calls = 0

    def flaky(seconds: float) -> bool:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OSError("lgpio: GPIO not allocated")
        return False

    with Sound("GPIO18", mock, wait=flaky) as sound:
        sound.cue("point")
        sound.cue("point")
        assert sound.wait_idle(JOIN_S)
        assert sound.errors == 1 and sound.played == ["point"]
        assert not sound.device.is_active  # silenced after the fault too


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="pin_factory is required"):
        Sound("GPIO18", None)  # type: ignore[arg-type]
    f = MockFactory()
    try:
        with pytest.raises(ValueError, match="sound kind must be one of buzzer, tonal, not 'piezo'"):
            Sound("GPIO18", f, kind="piezo")
        with pytest.raises(ValueError, match="no pattern for cue"):
            Sound("GPIO18", f, cues=("goal",))
    finally:
        f.close()
