"""How many examples a property test runs, scaled by the Hypothesis profile.

A test names the count it wants under the default profile (100 examples);
``scripts/test --hypothesis-profile=quick`` (10) runs a tenth of it, at least 5, so the
fast local lane also shortens the tests that set their own ``max_examples``.
"""

from __future__ import annotations

from hypothesis import settings


def scaled(count: int) -> int:
    """``count`` under the default profile, in proportion under another one."""
    per_hundred = settings.default.max_examples
    return max(5, count * per_hundred // 100) if per_hundred < 100 else count
