"""``[sound]`` in the table config: optional, checked key by key, its pin in the clash
check with the buttons, the beams and the display's pins."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.app.config import ConfigErrors, load_config
from pitchside.app.config_sound import SOUND_CUES, SoundConfig

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml"


def with_sound(tmp_path: Path, section: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(EXAMPLE.read_text() + "\n[sound]\n" + section)
    return path


def problems(path: Path) -> list[tuple[str, str]]:
    with pytest.raises(ConfigErrors) as info:
        load_config(path)
    assert all(p.file == str(path) for p in info.value.problems)
    return [(p.key, p.message) for p in info.value.problems]


def test_no_sound_section_is_a_silent_table() -> None:
    assert load_config(EXAMPLE).sound is None


def test_a_buzzer_with_every_cue_by_default(tmp_path: Path) -> None:
    config = load_config(with_sound(tmp_path, 'pin = "GPIO18"\n'))
    assert config.sound == SoundConfig(pin="GPIO18", kind="buzzer", cues=SOUND_CUES)


def test_a_tonal_buzzer_with_some_cues(tmp_path: Path) -> None:
    config = load_config(with_sound(tmp_path, 'pin = 20\nkind = "tonal"\ncues = ["won", "refusal"]\n'))
    assert config.sound == SoundConfig(pin="GPIO20", kind="tonal", cues=("won", "refusal"))
    assert load_config(with_sound(tmp_path, 'pin = "GPIO18"\ncues = []\n')).sound.cues == ()  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("kind = \"buzzer\"\n", [("sound.pin", "missing pin")]),
        ('pin = "GPIO40"\n', [("sound.pin", "must be a BCM pin GPIO0..GPIO27 (like \"GPIO17\"), not 'GPIO40'")]),
        ('pin = "GPIO18"\nkind = "piezo"\n', [("sound.kind", "must be one of buzzer, tonal, not 'piezo'")]),
        ('pin = "GPIO18"\ncues = "point"\n', [("sound.cues", "must be a list of point, refusal, won, twenty, not 'point'")]),
        ('pin = "GPIO18"\ncues = ["point", "goal"]\n',
         [("sound.cues", "must be a list of point, refusal, won, twenty, not ['point', 'goal']")]),
        ('pin = "GPIO18"\ncues = ["won", "won"]\n', [("sound.cues", "names a cue twice: ['won', 'won']")]),
        ('pin = "GPIO18"\nvolume = 11\n', [("sound.volume", "unknown key")]),
        ('pin = "GPIO17"\n', [("sound.pin", "GPIO17 is already used by buttons.shot_done: use GPIO18 (header pin 12), "
                                                   "which nothing on this table uses")]),
        ('pin = "GPIO2"\n', [("sound.pin", "GPIO2 is used by the display (display.interface = 'i2c': I2C1 SDA): use "
                                                 "GPIO18 (header pin 12), which nothing on this table uses")]),
    ],
)
def test_bad_sound_sections_are_named(tmp_path: Path, section: str, expected: list[tuple[str, str]]) -> None:
    assert problems(with_sound(tmp_path, section)) == expected


def test_every_problem_of_the_section_is_reported(tmp_path: Path) -> None:
    found = problems(with_sound(tmp_path, 'pin = "x"\nkind = 3\ncues = [1]\n'))
    assert [k for k, _ in found] == ["sound.pin", "sound.kind", "sound.cues"]
