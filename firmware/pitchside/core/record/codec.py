"""What the replay machinery needs from each game: the :class:`GameCodec` protocol."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any, Protocol

from pitchside.core.notice import Notice, Words
from pitchside.core.step import Step


class GameCodec(Protocol):
    """A game's part of the replay format and its rules engine, behind one face.

    States and inputs are the game's own frozen dataclasses; the machinery treats them
    as opaque values.
    """

    name: str
    """The header's ``game`` value (``"pichenotte"``, ...)."""
    rules_version: int
    """The rules engine's version, written by export and stored with each match."""

    @property
    def rules(self) -> Any:
        """The game's rules module: ``apply`` and the typed face of
        :class:`pitchside.core.game.GameRules` (``status``, ``score``, ``turn``,
        ``outcome``). Read-only, so a codec's class attribute of the module conforms."""
        ...

    def parse_options(self, raw: Mapping[str, Any]) -> Any:
        """Options from the header's ``options`` object (absent ones take defaults).

        :raises MalformedInput: an unknown option or a bad value.
        """
        ...

    def options_to_json(self, options: Any) -> dict[str, Any]:
        """The options as a header ``options`` object (every option, explicit)."""
        ...

    def new_state(self, options: Any) -> Any:
        """The state before the first input."""
        ...

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> Any:
        """One input from its name and fields (without ``input`` and ``at``).

        :raises MalformedInput: an unknown input name or field, or a bad value.
        """
        ...

    def input_to_json(self, inp: Any) -> dict[str, Any]:
        """One input as a replay line's object, ``{"input": NAME, ...}``."""
        ...

    def apply(self, state: Any, inp: Any) -> Step[Any]:
        """:raises IllegalInput: the rules refuse ``inp`` now."""
        ...

    def output(self, state: Any) -> dict[str, Any]:
        """The game's output object: ``game``, ``status``, ``winner``, ``score``,
        ``phase`` and its own keys (``rejected`` is added by the machinery)."""
        ...

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        """The words of one of the game's notices or refusals (its words module,
        :mod:`pitchside.core.words`), for the sides' ``names``."""
        ...


class RulesCodec:
    """What every game's codec does the same way: ``apply`` is the rules module's
    ``apply`` and the options, a dataclass, go to JSON field by field. A game's codec
    subclasses it, sets ``rules`` (its rules module), and writes the rest."""

    rules: Any
    """The game's rules module (``apply(state, input) -> Step``, ``Options``)."""

    def options_to_json(self, options: Any) -> dict[str, Any]:
        return asdict(options)

    def apply(self, state: Any, inp: Any) -> Step[Any]:
        result: Step[Any] = self.rules.apply(state, inp)
        return result

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        # Overridden by each game's codec with its words module's ``describe``.
        raise NotImplementedError(f"{type(self).__name__} has no words module yet")
