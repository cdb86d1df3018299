"""Pin factory selection fails loudly; TickClock converts ticks with ticks_diff."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from pitchside.core.errors import ConfigError, HardwareError
from pitchside_hw.pins import TickClock, make_pin_factory
from pitchside_sim.clock import VirtualClockFactory


def test_mock_by_name_and_by_environment() -> None:
    f = make_pin_factory("Mock")
    assert type(f) is MockFactory
    f.close()
    g = make_pin_factory(env={"GPIOZERO_PIN_FACTORY": "mock"})
    assert type(g) is MockFactory and g is not f
    g.close()


def test_unknown_name_is_a_config_error_naming_file_and_key() -> None:
    with pytest.raises(ConfigError) as err:
        make_pin_factory("pigpio", config_file="table.toml", key="hardware.pin_factory")
    assert (err.value.file, err.value.key) == ("table.toml", "hardware.pin_factory")
    assert "pigpio" in err.value.message


def test_no_factory_chosen_is_a_config_error_not_a_default() -> None:
    with pytest.raises(ConfigError) as err:
        make_pin_factory(env={})
    assert err.value.key == "GPIOZERO_PIN_FACTORY"


ON_A_PI = "Raspberry Pi" in (
    Path("/proc/device-tree/model").read_text(errors="replace") if Path("/proc/device-tree/model").exists() else ""
)


@pytest.mark.skipif(ON_A_PI, reason="not applicable: on a Pi these factories may legitimately start")
@pytest.mark.parametrize("name", ["lgpio", "rpigpio", "native"])
def test_real_factories_off_a_pi_fail_loudly_with_hardware_error(name: str) -> None:
    # On the x86 test machine these cannot start (no lgpio/RPi module, no Pi revision):
    # the failure must surface, never fall back to another factory.
    with pytest.raises(HardwareError, match=f"pin factory '{name}' could not start"):
        make_pin_factory(name)


def test_tick_clock_uses_ticks_diff_from_its_epoch() -> None:
    f = VirtualClockFactory(start_s=10.0)
    clock = TickClock(f)
    assert clock.now() == 0.0
    f.set_time(12.5)
    assert clock.now() == 2.5 and clock.seconds(11.0) == 1.0
    with pytest.raises(ValueError):
        f.set_time(12.0)  # virtual time never goes back
    f.close()
