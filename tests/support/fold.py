"""The property every rules engine must have, checked the same way for each game.

A random sequence of well-formed replay lines is folded input by input; then:

* a refused input raises only ``IllegalInput`` naming its rule, and changes nothing;
* ``undo`` right after an accepted input gives back the state (and inputs) before it;
* the game's invariants hold after every line (``check_invariants``);
* the whole file replays to the same output, with the same refused lines;
* the inputs in effect, exported (``dump``), replay to the same state with no refusal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pitchside.core.errors import IllegalInput
from pitchside.core.record.codec import GameCodec
from pitchside.core.record.format import dump, replay
from pitchside.core.match import Match


def check_random_fold(
    codec: GameCodec,
    options: dict[str, Any],
    lines_drawn: Callable[[Any], dict[str, Any]],
    n: int,
    check_invariants: Callable[[Any], None],
    after_apply: Callable[[Any, Any, tuple[Any, ...]], None] | None = None,
    rule_prefixes: tuple[str, ...] = (),
) -> list[int]:
    """Fold ``n`` lines drawn by ``lines_drawn(state)`` and check the properties above.

    :param after_apply: an extra check ``(state_before, state_after, effects)`` of the game.
    :param rule_prefixes: if given, every refusal's rule must start with one of them.
    :returns: the line numbers refused.
    """
    header = {"format": 1, "game": codec.name, "options": options}
    match = Match.start(codec, codec.parse_options(options))
    lines = [json.dumps(header)]
    refused: list[int] = []
    check_invariants(match.state)
    for _ in range(n):
        obj = lines_drawn(match.state)
        lines.append(json.dumps(obj))
        before = match
        try:
            if obj["input"] == "undo":
                match, _ = match.undo()
            else:
                fields = {k: v for k, v in obj.items() if k not in ("input", "at")}
                match, step = match.apply(codec.parse_input(obj["input"], fields))
                assert isinstance(step.effects, tuple)
                if after_apply is not None:
                    after_apply(before.state, match.state, step.effects)
                undone, _ = match.undo()
                assert undone.state == before.state and undone.inputs == before.inputs
        except IllegalInput as exc:
            assert exc.rule
            if exc.notice is not None:  # a typed refusal: its rule, and words for it
                assert exc.notice.rule == exc.rule
                assert codec.describe(exc.notice, ("A", "B")).long
            else:  # an engine still refusing in prose
                assert str(exc).startswith(exc.rule + ": ")
            if rule_prefixes:
                assert exc.rule.startswith(rule_prefixes), exc.rule
            refused.append(len(lines))
            assert match is before
        check_invariants(match.state)

    out = replay(lines).output()
    assert [r["line"] for r in out.pop("rejected")] == refused
    assert out == codec.output(match.state)
    json.dumps(out)  # serialisable
    again = replay(dump(match).splitlines())
    assert again.rejected == []
    assert again.match.state == match.state
    return refused
