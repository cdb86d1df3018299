"""Sound cues on a buzzer: gpiozero's ``Buzzer`` (active) or ``TonalBuzzer`` (passive).

:class:`Sound` is the runtime's sound sink (:class:`pitchside.tables.cues.SoundSink`):
``cue(name)`` only queues the cue and returns; one daemon thread of the driver plays
the queued cues in order, each a short pattern of steps (:data:`PATTERNS`), so the
runtime's loop never waits for a beep.

Why a player thread and not gpiozero's own background machinery: ``Buzzer.beep(...,
background=True)`` can only repeat one on/off pair, and ``TonalBuzzer`` has no
background play at all (its ``source`` thread steps at one fixed delay). One thread
for both kinds plays patterns of unequal steps and tones, keeps cues in order (a final
point, then the fanfare), and is stopped at once by :meth:`Sound.close` (each step waits
on the close event). Its ``wait`` is injectable so tests play patterns in no time.

* ``kind="buzzer"``: an active buzzer sounds its own tone while its pin is high; a
  step with a note is ``on()``, a rest is ``off()``.
* ``kind="tonal"``: a passive buzzer (or small speaker) is driven with PWM at the
  note's frequency (50 % duty) by ``TonalBuzzer.play(note)``; a rest is ``stop()``.
  Notes are within :data:`MID_TONE` +- :data:`OCTAVES` (A3..A7).

Faults: a pin that cannot be opened raises :class:`HardwareError` at construction; a
fault while playing is logged and the cue dropped (the match goes on). Queued cues
beyond :data:`MAX_QUEUED` are dropped: beeps that late mean nothing.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Self

from gpiozero import Buzzer, Factory, GPIOZeroError, TonalBuzzer
from gpiozero.tones import Tone

from pitchside.core.errors import HardwareError

log = logging.getLogger(__name__)

Step = tuple[str | None, float]
"""One step of a pattern: a note (``"C6"``; any note for an active buzzer) or None
for a rest, and its length in s."""

PATTERNS: dict[str, tuple[Step, ...]] = {
    "point": (("C6", 0.08),),
    "refusal": (("A4", 0.12), (None, 0.06), ("A4", 0.3)),
    "won": (("C6", 0.1), (None, 0.04), ("E6", 0.1), (None, 0.04), ("G6", 0.1), (None, 0.04), ("C7", 0.4)),
    "twenty": (("G6", 0.06), (None, 0.03), ("C7", 0.12)),
}
"""Each cue's pattern: a short high beep for a point, a low double buzz for a refusal
(the second longer), a rising fanfare for the match won (three short, one long), a
quick rising pair for a twenty."""

KINDS = ("buzzer", "tonal")
MID_TONE = "A5"
OCTAVES = 2
"""The tonal buzzer's range: ``MID_TONE`` +- ``OCTAVES`` (A3..A7, 220-3520 Hz)."""
MAX_QUEUED = 4


class Sound:
    """A buzzer playing cue patterns in the background.

    :param pin: gpiozero pin spec, e.g. ``"GPIO18"``.
    :param pin_factory: the gpiozero pin factory (required; never a global one). A
        tonal buzzer needs PWM (lgpio: any pin; MockFactory: ``MockPWMPin``).
    :param kind: ``"buzzer"`` (active, on/off) or ``"tonal"`` (passive, PWM tones).
    :param cues: the cues to sound (others are ignored); default every one.
    :param patterns: the cue patterns (default :data:`PATTERNS`).
    :param wait: ``wait(seconds) -> stop``: how a step lasts (default: waiting on the
        close event, so :meth:`close` cuts a pattern short); tests pass one that returns
        at once.
    :raises HardwareError: the pin cannot be opened (or cannot do PWM for ``tonal``).
    :raises ValueError: an unknown kind or cue.
    """

    def __init__(
        self,
        pin: int | str,
        pin_factory: Factory,
        *,
        kind: str = "buzzer",
        cues: Iterable[str] | None = None,
        patterns: Mapping[str, tuple[Step, ...]] = PATTERNS,
        wait: Callable[[float], bool] | None = None,
    ) -> None:
        if pin_factory is None:
            raise TypeError("sound: pin_factory is required (drivers never use a global factory)")
        if kind not in KINDS:
            raise ValueError(f"sound kind must be one of {', '.join(KINDS)}, not {kind!r}")
        self.cues = tuple(patterns) if cues is None else tuple(cues)
        unknown = [c for c in self.cues if c not in patterns]
        if unknown:
            raise ValueError(f"no pattern for cue(s) {', '.join(map(repr, unknown))}")
        self.kind = kind
        self._patterns = dict(patterns)
        self._closing = threading.Event()
        self._wait = wait or self._closing.wait
        self._queue: queue.Queue[str | None] = queue.Queue(maxsize=MAX_QUEUED + 1)
        self._idle = threading.Condition()
        self._pending = 0
        self.played: list[str] = []
        """The cues played to the end so far, in order (tests, a debugger)."""
        self.errors = 0
        self._device: Any = None
        try:
            if kind == "tonal":
                self._device = TonalBuzzer(pin, mid_tone=Tone(MID_TONE), octaves=OCTAVES, pin_factory=pin_factory)
            else:
                self._device = Buzzer(pin, pin_factory=pin_factory)
        except (GPIOZeroError, OSError) as exc:
            detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            raise HardwareError(f"sound: cannot open a {kind} on pin {pin!r}: {detail}") from exc
        self._thread = threading.Thread(target=self._run, name="pitchside-sound", daemon=True)
        self._thread.start()

    @property
    def device(self) -> Any:
        """The gpiozero device (None once closed)."""
        return self._device

    @property
    def closed(self) -> bool:
        return self._device is None

    def cue(self, name: str) -> None:
        """Queue cue ``name`` and return at once (a cue not configured, or any cue
        after :meth:`close`, is ignored; one beyond :data:`MAX_QUEUED` is dropped).

        :raises ValueError: not a cue with a pattern.
        """
        if name not in self._patterns:
            raise ValueError(f"unknown cue {name!r}; cues are {', '.join(self._patterns)}")
        if name not in self.cues or self.closed:
            return
        with self._idle:
            if self._pending >= MAX_QUEUED:
                log.debug("sound: cue %r dropped (%d queued)", name, self._pending)
                return
            self._pending += 1
        self._queue.put_nowait(name)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every queued cue has been played; False on timeout (tests)."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self) -> None:
        """Stop playing (a pattern is cut short), silence and release the pin;
        idempotent."""
        self._closing.set()
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join(timeout=2.0)
        device, self._device = self._device, None
        if device is not None:
            try:
                device.close()
            except (GPIOZeroError, OSError) as exc:
                log.warning("sound: closing the %s failed: %s", self.kind, exc)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Sound {self.kind} {'closed' if self.closed else self._device!r}>"

    # -- the player thread -----------------------------------------------------------
    def _run(self) -> None:
        while True:
            name = self._queue.get()
            if name is None:
                return
            try:
                if not self._closing.is_set() and self._play(self._patterns[name]):
                    self.played.append(name)
            except Exception as exc:  # a buzzer fault drops the cue, never the match
                self.errors += 1
                log.warning("sound: cue %r not played: %s: %s", name, type(exc).__name__, exc)
            finally:
                with self._idle:
                    self._pending -= 1
                    self._idle.notify_all()

    def _play(self, pattern: tuple[Step, ...]) -> bool:
        """Play ``pattern``; False if :meth:`close` cut it short."""
        device = self._device
        if device is None:
            return False
        try:
            for note, seconds in pattern:
                self._sound(device, note)
                if self._wait(seconds):
                    return False
            return True
        finally:
            self._sound(device, None)

    def _sound(self, device: Any, note: str | None) -> None:
        if self.kind == "tonal":
            if note is None:
                device.stop()
            else:
                device.play(note)
        elif note is None:
            device.off()
        else:
            device.on()
