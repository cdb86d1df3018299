"""What the replay machinery needs from each game: the :class:`GameCodec` protocol."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol

from pitchside.core.errors import MalformedInput
from pitchside.core.fields import to_json
from pitchside.core.notice import Notice, Words
from pitchside.core.record.fields import read_input, read_options
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
    """What every game's codec does the same way, from the declarations of its options
    and inputs (:mod:`pitchside.core.fields`): options and inputs are read and written
    field by field, ``apply`` is the rules module's ``apply``. A game's codec subclasses
    it, sets ``name``, ``rules`` (its rules module) and ``inputs``, and writes by hand only
    what has a JSON shape of its own."""

    name: str
    rules: Any
    """The game's rules module (``apply(state, input) -> Step``, ``Options``,
    ``check_options`` and the typed face ``status``, ``score``, ``outcome``)."""
    words_module: str
    """The name of the game's words module (``"pitchside.core.words.<game>"``)."""
    inputs: Mapping[str, type] = {}
    """The game's inputs by replay name (``{"coin_toss": CoinToss, ...}``), in the
    order the unknown-input message lists them."""

    def parse_options(self, raw: Mapping[str, Any]) -> Any:
        return read_options(raw, self.rules.Options, self.rules.check_options)

    def options_to_json(self, options: Any) -> dict[str, Any]:
        return to_json(options, every=True)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> Any:
        inp = read_input(fields, f"input {name!r}", self.input_class(name))
        self.check_input(inp)
        return inp

    def check_input(self, inp: Any) -> None:
        """A game's own check of a read input that its fields alone do not make
        (e.g. a shot's ``by_hand`` against what the shot has); none by default.

        :raises MalformedInput: ``inp`` is not a well-formed input of the game.
        """

    def input_class(self, name: str) -> type:
        """The input dataclass of replay input ``name``.

        :raises MalformedInput: not one of the game's inputs.
        """
        cls = self.inputs.get(name)
        if cls is None:
            raise MalformedInput(f"unknown input {name!r} for {self.name} ({', '.join([*self.inputs, 'undo'])})")
        return cls

    def input_to_json(self, inp: Any) -> dict[str, Any]:
        name = next(n for n, cls in self.inputs.items() if type(inp) is cls)
        return {"input": name, **to_json(inp)}

    def apply(self, state: Any, inp: Any) -> Step[Any]:
        result: Step[Any] = self.rules.apply(state, inp)
        return result

    @property
    def words(self) -> Any:
        """The game's words module (:mod:`pitchside.core.words`, :attr:`words_module`):
        ``describe(notice, names)``. Imported at the first description (a refusal, a
        notice, a result's cause), not when the codec is made: a table boots to its
        first frame without it (start-up)."""
        return importlib.import_module(self.words_module)

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        words: Words = self.words.describe(notice, names)
        return words

    def cause_text(self, cause: Notice) -> str:
        """A cause as the output's ``result`` writes it: ``"PN-31: A sank the poison alone
        and wins"`` (the rule ID, then the long words with the sides as ``A`` and ``B``)."""
        return f"{cause.rule}: {self.describe(cause, ('A', 'B')).long}"

    def output_head(self, state: Any) -> dict[str, Any]:
        """The keys every game's output starts with, from the typed face: ``game``,
        ``status``, ``winner``, ``score`` (whole numbers as integers) and ``phase``."""
        status = self.rules.status(state)
        result = self.rules.outcome(state) if status == "finished" else None
        score = self.rules.score(state).as_dict()
        return {
            "game": self.name,
            "status": status,
            "winner": result.winner if result else None,
            "score": {s: int(v) if v == int(v) else v for s, v in score.items()},
            "phase": state.phase,
        }

    def result_text(self, state: Any) -> str | None:
        """The output's ``result``: the cause of the end (:meth:`cause_text`), or None
        while the match is played."""
        result = self.rules.outcome(state) if self.rules.status(state) == "finished" else None
        return self.cause_text(result.cause) if result else None
