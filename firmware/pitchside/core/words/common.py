"""Words for the notices every game shares: undo (docs/spec/replay.md, ``undo``)."""

from __future__ import annotations

from pitchside.core.notice import Notice, Words

_WORDS: dict[str, Words] = {
    "undone": Words("Undone", "Undone"),
    "nothing_to_undo": Words("nothing to undo", "nothing to undo"),
}


def describe(notice: Notice, names: tuple[str, str]) -> Words:
    """Words of a shared notice (rule ``"UNDO"``).

    :raises KeyError: not a shared notice.
    """
    if notice.rule != "UNDO":
        raise KeyError(f"not a shared notice: {notice}")
    return _WORDS[notice.code]
