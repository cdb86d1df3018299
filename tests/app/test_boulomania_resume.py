"""A restarted Boulomania table shows exactly the frame the live table showed after the
last journaled input, undos included (a resumed match): every scenario file is played
through the live table's panel and dice, and after each input the table journaled (a
roll the rules accepted, or an undo) the live frame is compared, byte for byte, with
the frame of the table rebuilt from that journal (``resumed``). A seeded random panel
session checks the same over declarations the scenario files do not make."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from pitchside.render import screen
from pitchside.core.errors import IllegalInput
from pitchside.core.match import Match
from pitchside.core.record.format import parse_header, parse_input_line
from pitchside.core.rules import boulomania as rules
from pitchside.signals.events import ButtonPressed
from pitchside.tables import boulomania as bt
from pitchside.tables.effects import Accepted, DiceRolled, RollDice

NAMES = ("Ann", "Bob")
SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "core" / "boulomania" / "scenarios").glob("*.jsonl"))


def frame(ts: bt.TableState) -> bytes:
    return screen.render(bt.view(ts), (128, 64)).tobytes()


def assert_resumes_as_shown(ts: bt.TableState, last_was_undo: bool) -> None:
    back = bt.resumed(ts.match, ts.names, last_was_undo)
    assert bt.view(back) == replace(bt.view(ts), die=bt.view(back).die)  # the die unit's link is not journaled
    assert frame(back) == frame(ts)


def press(ts: bt.TableState, name: str) -> bt.TableState:
    ts, _ = bt.handle(ts, ButtonPressed(name, 0.0))
    return ts


def diagonals(game: rules.State, start: int, forks: tuple[rules.Fork, ...]) -> frozenset[int]:
    """The fork spaces a push from ``start`` leaves diagonally, given the input's ``forks``
    (in the order the chain meets them; missing ones are straight)."""
    board, spaces = game.options.board, list(game.spaces)
    out, pos, met = set(), start, 0
    while True:
        diagonal = False
        if pos in board.forks:
            diagonal = met < len(forks) and forks[met] == "diagonal"
            met += 1
            if diagonal:
                out.add(pos)
        nxt = board.successor(pos, diagonal)
        if nxt is None or spaces[nxt - 1] is None:
            return frozenset(out)
        pos = nxt


def declare(ts: bt.TableState, inp: rules.Input) -> bt.TableState:
    """Press the panel's buttons that declare ``inp``; :returns: the table ready to roll."""
    game = ts.match.state
    if isinstance(inp, rules.Point):
        if len(inp.dice) == 3:
            ts = press(ts, "next")
        total = sum(inp.dice)
        while (ts.choice.jack_space, ts.choice.no_push) != (inp.jack_space, not inp.push):
            ts = press(ts, "plus")
        if inp.forks:
            want = diagonals(game, total, inp.forks)
            while ts.choice.diagonal != want:
                ts = press(ts, "fork")
    elif isinstance(inp, rules.Shoot):
        ts = press(press(ts, "next"), "next")
        while ts.choice.target != inp.target:
            ts = press(ts, "plus")
        if inp.forks and isinstance(inp.target, int):
            want = diagonals(game, inp.target, inp.forks)
            while ts.choice.diagonal != want:
                ts = press(ts, "fork")
    return ts


def values_of(inp: rules.Input) -> tuple[int, ...]:
    if isinstance(inp, rules.StartRoll):
        return (inp.A, inp.B)
    if isinstance(inp, rules.Point):
        return inp.dice
    return (inp.die,)


def scenario_inputs(path: Path) -> tuple[rules.Options, list[rules.Input | None]]:
    lines = [(n, json.loads(t)) for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if t.strip() and not t.startswith("#")]
    header = parse_header(lines[0][1])
    return header.options, [parse_input_line(header.codec, obj, n)[1] for n, obj in lines[1:]]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_resumed_table_shows_the_live_frame_after_every_journaled_input(path: Path) -> None:
    options, inputs = scenario_inputs(path)
    ts = bt.new_table(options, NAMES)
    reference = Match.start(ts.match.codec, options)
    journaled = 0
    for inp in inputs:
        try:
            reference = reference.undo()[0] if inp is None else reference.apply(inp)[0]
        except IllegalInput:
            continue  # refused: the table's panel never makes it, and nothing is journaled
        if inp is None:
            ts, effects = bt.handle(ts, ButtonPressed("undo", 0.0))
        else:
            ts, effects = bt.handle(declare(ts, inp), DiceRolled(values_of(inp), 0.0))
        assert [type(e) for e in effects] == [Accepted], ts.prompt
        assert ts.match.state == reference.state
        assert_resumes_as_shown(ts, last_was_undo=inp is None)
        journaled += 1
    assert journaled > 5


@pytest.mark.parametrize("seed", range(30))
def test_random_panel_sessions_resume_as_shown(seed: int) -> None:
    rng = random.Random(seed)
    opts = rules.Options(push_optional=rng.random() < 0.3, bowls=rng.choice([2, 4, 8]), target=rng.choice([3, 13]),
                         shoot_own=rng.random() < 0.2, kiss_jack_last_row=rng.choice(["stays", "out"]),
                         double_jack_space=rng.choice(["any", "push_only"]))
    ts = bt.new_table(opts, NAMES)
    for _ in range(250):
        name = rng.choice(["roll", "roll", "roll", "next", "plus", "plus", "minus", "fork", "undo"])
        ts, effects = bt.handle(ts, ButtonPressed(name, 0.0))
        if effects and isinstance(effects[0], RollDice):
            dice = tuple(rng.randint(1, 6) for _ in range(effects[0].count))
            if rng.random() < 0.3 and len(dice) == 2:
                dice = (dice[0], dice[0])  # doubles, for the jack space
            ts, effects = bt.handle(ts, DiceRolled(dice, 0.0))
        if effects and isinstance(effects[0], Accepted):
            assert_resumes_as_shown(ts, last_was_undo=effects[0].input is None)
