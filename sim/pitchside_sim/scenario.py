"""Hardware-level scenarios for the simulated table (``pitchside sim --script FILE``).

A scenario is a TOML file: the table's game, options, side names, the seed of the coin
toss's random source, a list of ``steps`` acted out at the pins, and ``expect``: output
keys of the replay format (docs/spec/replay.md) the match must end with.

Steps, one string each, in virtual time; each starts ``gap_s`` after the previous one
ended (default 0.6 s):

``press NAME [MS]``   press and release button NAME, held MS ms (default 150), with
                      contact bounce on both edges
``hold NAME [S]``     a long press of S s (default: the hold time + 0.5 s)
``drop [BEAM] [MS]``  a piece through a break-beam (default the table's first: the
                      twenty hole), blocking it MS ms (default 25)
``chord A B [S]``     press A, then B with it 0.3 s later, hold both S s (default the
                      hold time + 0.6 s): the staff gesture is ``chord new undo``
``coin [N]``          a coin of N pulses (default 1) into the coin acceptor ([coin]),
                      with timing spread and ringing; done once its quiet gap passed
``coin N cut``        a coin of N pulses dropped as the power fails: the power goes
                      off while its pulses are arriving (after half of them) and
                      comes back 1 s later; that coin is lost, nothing else
``cut [S]``           a power cut: the power goes off now for S s (default 1) and the
                      table boots again on its journal (an unfinished match resumes)
``wait S``            let S seconds pass
``repeat N STEP``     do STEP N times
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pitchside.core.errors import ConfigError

STEP_VERBS = ("press", "hold", "drop", "chord", "coin", "cut", "wait", "repeat")


@dataclass(frozen=True, slots=True)
class Action:
    """One acted-out step: ``verb`` (press, hold, drop, chord, coin, cut, wait),
    ``name`` (a button, a beam, ``"cut"`` for a coin dropped as the power fails, or ""),
    ``seconds`` (press or hold length, beam block, wait, a coin's pulses, a cut's length;
    None for the default)."""

    verb: str
    name: str = ""
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Scenario:
    """A parsed scenario file."""

    source: str
    game: str | None = None
    """The game it is for (checked against the table), or None: any."""
    options: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, str] = ("A", "B")
    seed: int = 1
    gap_s: float = 0.6
    actions: tuple[Action, ...] = ()
    expect: dict[str, Any] = field(default_factory=dict)


def _number(source: str, key: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(source, key, f"{text!r} is not a number") from None
    if not 0 < value < 3600:
        raise ConfigError(source, key, f"{value} is out of range (0..3600)")
    return value


def parse_step(
    source: str, index: int, text: str, buttons: tuple[str, ...], beams: tuple[str, ...] = ("twenty",)
) -> list[Action]:
    """The actions of one step string.

    :raises ConfigError: naming ``steps[index]`` and what is wrong.
    """
    key = f"steps[{index}]"
    words = text.split()
    if not words or words[0] not in STEP_VERBS:
        raise ConfigError(source, key, f"{text!r}: a step starts with one of {', '.join(STEP_VERBS)}")
    verb, args = words[0], words[1:]
    if verb == "repeat":
        if len(args) < 2 or not args[0].isdigit() or not 1 <= int(args[0]) <= 1000:
            raise ConfigError(source, key, f"{text!r}: write 'repeat N STEP' with N 1..1000")
        return parse_step(source, index, " ".join(args[1:]), buttons, beams) * int(args[0])
    if verb in ("press", "hold"):
        if not args or args[0] not in buttons:
            raise ConfigError(source, key, f"{text!r}: unknown button; buttons are {', '.join(buttons)}")
        if len(args) > 2:
            raise ConfigError(source, key, f"{text!r}: too many words")
        if len(args) == 2:
            n = _number(source, key, args[1])
            return [Action(verb, args[0], n / 1000 if verb == "press" else n)]
        return [Action(verb, args[0])]
    if verb == "chord":
        if len(args) not in (2, 3) or args[0] not in buttons or args[1] not in buttons or args[0] == args[1]:
            raise ConfigError(source, key, f"{text!r}: write 'chord BUTTON BUTTON [S]' with two different buttons")
        return [Action("chord", f"{args[0]}+{args[1]}", _number(source, key, args[2]) if len(args) == 3 else None)]
    if verb == "drop":
        beam = beams[0] if beams else ""
        if args and args[0] in beams:
            beam, args = args[0], args[1:]
        if not beam or len(args) > 1 or (args and not args[0].replace(".", "", 1).isdigit()):
            raise ConfigError(source, key, f"{text!r}: write 'drop [BEAM] [MS]'; beams are {', '.join(beams) or 'none'}")
        return [Action("drop", beam, _number(source, key, args[0]) / 1000 if args else None)]
    if verb == "coin":
        cut = args[1:] == ["cut"]
        if len(args) > 1 + cut or (args and not (args[0].isdigit() and 1 <= int(args[0]) <= 100)):
            raise ConfigError(source, key, f"{text!r}: write 'coin [PULSES]' or 'coin PULSES cut' with 1..100 pulses")
        return [Action("coin", "cut" if cut else "", float(args[0]) if args else 1.0)]
    if verb == "cut":
        if len(args) > 1:
            raise ConfigError(source, key, f"{text!r}: write 'cut [S]'")
        return [Action("cut", "", _number(source, key, args[0]) if args else None)]
    if len(args) != 1:
        raise ConfigError(source, key, f"{text!r}: write 'wait S'")
    return [Action("wait", "", _number(source, key, args[0]))]


def load_scenario(path: str | Path, buttons: tuple[str, ...], beams: tuple[str, ...] = ("twenty",)) -> Scenario:
    """Read a scenario file.

    :raises ConfigError: unreadable, bad TOML, unknown key, bad step.
    """
    source = str(path)
    try:
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
    except OSError as exc:
        raise ConfigError(source, "(file)", f"cannot read: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, "(syntax)", str(exc)) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(source, "(file)", f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    known = {"game", "options", "sides", "seed", "gap_s", "steps", "expect", "description"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ConfigError(source, unknown[0], "unknown key")
    steps = raw.get("steps", [])
    if not isinstance(steps, list) or not all(isinstance(s, str) for s in steps):
        raise ConfigError(source, "steps", "must be a list of strings")
    actions: list[Action] = []
    for i, s in enumerate(steps):
        actions.extend(parse_step(source, i, s, buttons, beams))
    sides = raw.get("sides", ["A", "B"])
    if not (isinstance(sides, list) and len(sides) == 2 and all(isinstance(x, str) for x in sides)):
        raise ConfigError(source, "sides", f"must be two names, not {sides!r}")
    for key, kind in (("options", dict), ("expect", dict), ("seed", int), ("gap_s", (int, float))):
        if key in raw and (not isinstance(raw[key], kind) or isinstance(raw[key], bool)):
            raise ConfigError(source, key, f"bad value {raw[key]!r}")
    gap_s = float(raw.get("gap_s", 0.6))
    if not 0 < gap_s <= 60:
        raise ConfigError(source, "gap_s", f"must be between 0 and 60 s, not {gap_s}")
    if not actions:
        raise ConfigError(source, "steps", "no steps: a scenario acts something out")
    return Scenario(
        source=source,
        game=str(raw["game"]) if "game" in raw else None,
        options=dict(raw.get("options", {})),
        names=(sides[0], sides[1]),
        seed=int(raw.get("seed", 1)),
        gap_s=gap_s,
        actions=tuple(actions),
        expect=dict(raw.get("expect", {})),
    )
