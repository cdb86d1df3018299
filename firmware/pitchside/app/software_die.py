"""The table's own die, for a table with no die unit (or while its unit is away).

:func:`roll` draws fair dice from a ``randbelow`` source: the OS's cryptographic source
(:func:`secrets.randbelow`) on the table, a seeded ``random.Random(seed).randrange`` in
the simulator and the tests. ``randbelow(6)`` is uniform on 0..5 by contract, so every
face has probability 1/6 exactly (no modulo bias: the source does the rejection
sampling). The runtime's ``dice`` parameter (``pitchside.app.runtime.system_dice``) uses
this module; the uniformity test is tests/tables/test_boulomania_table.py.
"""

from __future__ import annotations

from collections.abc import Callable

FACES = 6
MAX_DICE = 100
"""A sanity bound on one roll (Boulomania rolls 1 to 3)."""


def roll(count: int, randbelow: Callable[[int], int] | None = None) -> tuple[int, ...]:
    """``count`` dice, values 1..6, from ``randbelow``.

    :param count: dice to roll, 1..MAX_DICE.
    :param randbelow: ``randbelow(n)`` returns an int uniform on 0..n-1; None (the
        default): :func:`secrets.randbelow`.
    :raises ValueError: ``count`` out of range, or the source returned a value outside
        0..5 (a broken source must not become a 0 or a 7 on a die).
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_DICE:
        raise ValueError(f"roll 1 to {MAX_DICE} dice, not {count!r}")
    if randbelow is None:
        import secrets  # at the first roll, not at start-up: hmac and OpenSSL's hashlib

        randbelow = secrets.randbelow
    out = []
    for _ in range(count):
        r = randbelow(FACES)
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < FACES:
            raise ValueError(f"the random source gave {r!r} for randbelow({FACES})")
        out.append(1 + r)
    return tuple(out)


def chi_square(counts: tuple[int, ...] | list[int]) -> float:
    """Pearson's chi-square statistic of face ``counts`` against a uniform die."""
    n = sum(counts)
    expected = n / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)
