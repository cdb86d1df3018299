"""``[sound]`` of the table config: the buzzer of the sound cues.

Loaded only for a config with the section (start-up: a table without it makes
none of these records before its first frame); :mod:`pitchside.app.config` reads the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.app.config_reader import Section, shown


SOUND_KINDS = ("buzzer", "tonal")
"""``[sound] kind``: an active buzzer (gpiozero ``Buzzer``: on/off) or a passive one
(``TonalBuzzer``: PWM tones); hardware/pitchside_hw/WIRING_GUIDE.md, "Sound"."""
SOUND_CUES = ("point", "refusal", "won", "twenty")
"""The cues a table can sound (:mod:`pitchside.tables.cues`)."""


@dataclass(frozen=True, slots=True)
class SoundConfig:
    """Optional sound cues (``[sound]``): a buzzer on ``pin`` of ``kind``, sounding
    the ``cues`` listed."""

    pin: str
    kind: str = "buzzer"
    cues: tuple[str, ...] = SOUND_CUES


def read_sound(top: Section) -> SoundConfig | None:
    """``[sound]``: the buzzer's pin, kind and cues (checked; a bad pin leaves it ""),
    or None when the table has no such section."""
    if "sound" not in top.raw:
        return None
    s = top.sub("sound")
    pin = s.pin("pin") or ""
    kind = s.choice("kind", SOUND_KINDS, "buzzer")
    s.read.add("cues")
    raw_cues = s.raw.get("cues", list(SOUND_CUES))
    ok = isinstance(raw_cues, list) and all(isinstance(c, str) and c in SOUND_CUES for c in raw_cues)
    cues = tuple(dict.fromkeys(raw_cues)) if ok else SOUND_CUES
    if not ok:
        s.fail("cues", f"must be a list of {', '.join(SOUND_CUES)}, not {shown(raw_cues)}")
    elif len(cues) != len(raw_cues):
        s.fail("cues", f"names a cue twice: {shown(raw_cues)}")
    s.done()
    return SoundConfig(pin=pin, kind=kind, cues=cues)
