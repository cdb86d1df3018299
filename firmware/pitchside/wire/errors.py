"""The one error of the contract: a message that is not what docs/spec/mqtt.md says."""

from __future__ import annotations


class WireError(ValueError):
    """A payload that breaks the contract; the message names the first key that does
    (``'outcome.winner' must be "A", "B" or null, not 3``)."""
