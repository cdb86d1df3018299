"""Match.undo speaks typed notices, like every rules engine (no prose):
an accepted undo's notice and the refusal of an undo with nothing to take back are
values of rule ``UNDO``, worded by core/words/common.py."""

from __future__ import annotations

import pytest

from pitchside.core.errors import IllegalInput
from pitchside.core.match import NOTHING_TO_UNDO, UNDONE, Match
from pitchside.core.notice import Notice
from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.rules import pichenotte as rules
from pitchside.core.words.common import describe


def test_an_undo_with_nothing_to_undo_is_refused_with_a_typed_notice() -> None:
    match = Match.start(PichenotteCodec(), rules.Options())
    with pytest.raises(IllegalInput) as info:
        match.undo()
    assert info.value.notice == Notice("UNDO", "nothing_to_undo") == NOTHING_TO_UNDO
    assert info.value.rule == "UNDO"
    assert describe(info.value.notice, ("Ann", "Bob")).long == "nothing to undo"


def test_an_accepted_undo_gives_the_typed_undone_notice() -> None:
    match, _ = Match.start(PichenotteCodec(), rules.Options()).apply(rules.CoinToss("B"))
    back, step = match.undo()
    assert back.head is None and step.state == back.initial
    assert step.effects == (Notice("UNDO", "undone"),) == (UNDONE,)
    assert describe(UNDONE, ("Ann", "Bob")).short == "Undone"


def test_an_illegal_input_carries_a_notice_only() -> None:
    """The transitional prose form ``IllegalInput(rule, reason)`` is gone."""
    with pytest.raises(TypeError):
        IllegalInput("PI-05", "prose")  # type: ignore[call-arg]
