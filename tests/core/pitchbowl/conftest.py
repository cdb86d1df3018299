"""Helpers shared by the Pitch Bowl tests (fixtures, as the project's tests do)."""

from __future__ import annotations

import pytest

from pitchside.core.errors import IllegalInput
from pitchside.core.rules import pitchbowl as PB
from pitchside.core.words.pitchbowl import describe


class Helpers:
    """Build states and fold inputs; every expected value in the tests is by hand."""

    @staticmethod
    def fold(state: PB.State, *inputs: PB.Input) -> PB.State:
        for inp in inputs:
            state = PB.apply(state, inp).state
        return state

    @staticmethod
    def kicked_off(kicker: str = "A", landed: bool = True, **opts) -> PB.State:
        """A match through the toss (won by ``kicker``, who kicks), both placements and
        the kick-off: the attacker's first turn."""
        s = PB.new_match(PB.Options(**opts))
        return Helpers.fold(
            s,
            PB.CoinToss(kicker),  # type: ignore[arg-type]
            PB.Choose("kick"),
            PB.Placement(kicker),  # type: ignore[arg-type]
            PB.Placement("B" if kicker == "A" else "A"),
            PB.Kickoff(landed),
        )

    @staticmethod
    def turn(active: str = "B", possession: str | None = None, **kw) -> PB.State:
        """A state in ``active``'s turn (A kicked off, B attacks), built directly;
        ``kw`` may carry ``options`` or any State field."""
        opts = kw.pop("options", PB.Options())
        return PB.State(
            options=opts,
            phase="turn",
            toss_winner="A",
            kicker="A",
            active=active,  # type: ignore[arg-type]
            possession=possession,  # type: ignore[arg-type]
            **kw,
        )

    @staticmethod
    def refused(state: PB.State, inp: PB.Input, rule: str) -> IllegalInput:
        with pytest.raises(IllegalInput) as info:
            PB.apply(state, inp)
        assert info.value.rule == rule, str(info.value)
        notice = info.value.notice
        assert notice is not None and notice.rule == rule, str(info.value)
        assert describe(notice, ("A", "B")).long  # every refusal has words
        return info.value

    @staticmethod
    def reason(err: IllegalInput) -> str:
        """A refusal's words for sides named A and B (the replay's ``reason`` text)."""
        assert err.notice is not None
        return describe(err.notice, ("A", "B")).long

    @staticmethod
    def new_turn(prev: PB.State, side: str, cause: str, rule: str, loser: str | None = None, **kw) -> PB.State:
        """The state right after ``loser`` (default: the other side) lost the initiative:
        every turn counter reset (PB-28)."""
        from dataclasses import replace

        loser = loser or ("B" if side == "A" else "A")
        return replace(
            prev,
            phase="turn",
            active=side,
            pitched=0,
            all_out_used=False,
            all_out_by_bonus_player=False,
            pass_used=False,
            strip_used=False,
            pickup_used=False,
            bonus_pending=False,
            def_window=False,
            def_allowed=True,
            def_turned=0,
            last_loss=PB.Loss(loser, cause, rule),  # type: ignore[arg-type]
            **kw,
        )


@pytest.fixture
def h() -> type[Helpers]:
    return Helpers
