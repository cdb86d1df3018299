"""The coin acceptor's driver: its pulse output -> the pure coin decoder
(:mod:`pitchside.signals.coin`) -> the runtime's queue, on the base of the button and
beam drivers (:mod:`pitchside_hw.inputs`, whose docstring says what reaches the queue
and on which thread).

A module of its own so that a table without ``[coin]`` never loads it or the decoder
(:class:`pitchside_hw.table.TableInputs` imports it for a config with a coin acceptor:
start-up).
"""

from __future__ import annotations

from gpiozero import Factory

from pitchside.signals import coin as coin_filter
from pitchside_hw.inputs import QueuePut, FilteredInput
from pitchside_hw.pins import TickClock


class CoinInput(FilteredInput):
    """A coin acceptor's pulse output (CH-926 style), decoded by
    :class:`~pitchside.signals.coin.CoinDecoder` into ``CoinInserted`` / ``CoinFault``.

    :param name: pin-map name (copied to events), ``"coin_slot"``.
    :param pin: gpiozero pin spec.
    :param queue_put: as for :class:`ButtonInput`.
    :param pin_factory: the gpiozero pin factory (required).
    :param active_level: the level during a pulse (``False``: the open collector pulls
        the pull-up line low; wiring in WIRING_GUIDE.md, "Coin acceptor").
    :param pull_up: ``True`` (default: the internal pull-up to 3.3 V, never the
        acceptor's 12 V), ``False`` or ``None`` (an external pull-up).
    :param bounce_s, min_pulse_s, max_pulse_s, gap_s, max_pulses: the decoder's (s).
    :param clock: shared time base; default a new :class:`TickClock` on ``pin_factory``.
    :raises HardwareError: the pin cannot be opened.
    :raises ValueError: bad parameters (:func:`pitchside.signals.coin.check_params`).
    """

    def __init__(
        self,
        name: str,
        pin: int | str,
        queue_put: QueuePut,
        pin_factory: Factory,
        *,
        active_level: bool = False,
        pull_up: bool | None = True,
        bounce_s: float = coin_filter.DEFAULT_BOUNCE_S,
        min_pulse_s: float = coin_filter.DEFAULT_MIN_PULSE_S,
        max_pulse_s: float = coin_filter.DEFAULT_MAX_PULSE_S,
        gap_s: float = coin_filter.DEFAULT_GAP_S,
        max_pulses: int = coin_filter.DEFAULT_MAX_PULSES,
        clock: TickClock | None = None,
    ) -> None:
        def make(level: bool | None) -> coin_filter.CoinDecoder:
            return coin_filter.CoinDecoder(
                name, active_level=active_level, bounce_s=bounce_s, min_pulse_s=min_pulse_s,
                max_pulse_s=max_pulse_s, gap_s=gap_s, max_pulses=max_pulses, initial_level=level,
            )  # fmt: skip

        make(None)  # validate before opening the pin
        super().__init__(
            name, pin, queue_put, pin_factory, pull_up=pull_up,
            active_state=active_level if pull_up is None else None, clock=clock, make_filter=make,
        )  # fmt: skip

    @property
    def coins(self) -> int:
        """Coins decoded since the input was opened."""
        with self._lock:
            return self._filter.coins if isinstance(self._filter, coin_filter.CoinDecoder) else 0
