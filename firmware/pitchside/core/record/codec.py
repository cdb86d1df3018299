"""What the replay machinery needs from each game: the :class:`GameCodec` protocol,
generic over the game's options, state and input types."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar

from pitchside.core.errors import MalformedInput
from pitchside.core.fields import to_json
from pitchside.core.game import GameRules
from pitchside.core.notice import Notice, Words
from pitchside.core.record.fields import read_input, read_options
from pitchside.core.step import Step

OptionsT = TypeVar("OptionsT")
"""A game's options type (its rules' ``Options`` dataclass)."""
StateT = TypeVar("StateT")
"""A game's state type (its rules' ``State`` dataclass)."""
InputT = TypeVar("InputT")
"""A game's input type (its rules' ``Input``, a union of input dataclasses)."""


class Phased(Protocol):
    """A game's state: every one names its phase (the output's ``phase``)."""

    @property
    def phase(self) -> str: ...


PhasedT = TypeVar("PhasedT", bound=Phased)
"""A game's state type, as :class:`RulesCodec` reads it."""


InputT_contra = TypeVar("InputT_contra", contravariant=True)


class RulesModule(GameRules[StateT], Protocol[OptionsT, StateT, InputT_contra]):
    """What a codec uses of its game's rules module (``pitchside.core.rules.<game>``,
    which is itself the value: a module conforms to a protocol by its functions)."""

    @property
    def Options(self) -> Callable[..., OptionsT]:  # noqa: N802 (the module's class)
        """The options dataclass (read field by field from a header)."""
        ...

    def check_options(self, opts: OptionsT) -> None:
        """:raises ValueError: options out of range (named)."""
        ...

    def apply(self, state: StateT, inp: InputT_contra) -> Step[StateT]:
        """:raises IllegalInput: the rules refuse ``inp`` now."""
        ...


class WordsModule(Protocol):
    """A game's words module (``pitchside.core.words.<game>``)."""

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words: ...


class GameCodec(Protocol[OptionsT, StateT, InputT]):
    """A game's part of the replay format and its rules engine, behind one face.

    States and inputs are the game's own frozen dataclasses (``StateT``, ``InputT``);
    code that serves every game holds a ``GameCodec[Any, Any, Any]``.
    """

    name: str
    """The header's ``game`` value (``"pichenotte"``, ...)."""
    rules_version: int
    """The rules engine's version, written by export and stored with each match."""

    @property
    def rules(self) -> GameRules[StateT]:
        """The game's rules module: the typed face of
        :class:`pitchside.core.game.GameRules` (``status``, ``score``, ``turn``,
        ``outcome``). Read-only, so a codec's class attribute of the module conforms."""
        ...

    def parse_options(self, raw: Mapping[str, Any]) -> OptionsT:
        """Options from the header's ``options`` object (absent ones take defaults).

        :raises MalformedInput: an unknown option or a bad value.
        """
        ...

    def options_to_json(self, options: OptionsT) -> dict[str, Any]:
        """The options as a header ``options`` object (every option, explicit)."""
        ...

    def new_state(self, options: OptionsT) -> StateT:
        """The state before the first input."""
        ...

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> InputT:
        """One input from its name and fields (without ``input`` and ``at``).

        :raises MalformedInput: an unknown input name or field, or a bad value.
        """
        ...

    def input_to_json(self, inp: InputT) -> dict[str, Any]:
        """One input as a replay line's object, ``{"input": NAME, ...}``."""
        ...

    def apply(self, state: StateT, inp: InputT) -> Step[StateT]:
        """:raises IllegalInput: the rules refuse ``inp`` now."""
        ...

    def output(self, state: StateT) -> dict[str, Any]:
        """The game's output object: ``game``, ``status``, ``winner``, ``score``,
        ``phase`` and its own keys (``rejected`` is added by the machinery)."""
        ...

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        """The words of one of the game's notices or refusals (its words module,
        :mod:`pitchside.core.words`), for the sides' ``names``."""
        ...


class RulesCodec(Generic[OptionsT, PhasedT, InputT]):
    """What every game's codec does the same way, from the declarations of its options
    and inputs (:mod:`pitchside.core.fields`): options and inputs are read and written
    field by field, ``apply`` is the rules module's ``apply``. A game's codec subclasses
    it (``RulesCodec[rules.Options, rules.State, rules.Input]``), sets ``name``,
    ``rules`` (its rules module), ``words`` (its words module) and ``inputs``, and writes
    by hand only what has a JSON shape of its own."""

    name: str
    rules: RulesModule[OptionsT, PhasedT, InputT]
    """The game's rules module (``apply(state, input) -> Step``, ``Options``,
    ``check_options`` and the typed face ``status``, ``score``, ``outcome``)."""
    words: WordsModule
    """The game's words module (:mod:`pitchside.core.words`): ``describe(notice, names)``."""
    inputs: Mapping[str, type[InputT]] = {}
    """The game's inputs by replay name (``{"coin_toss": CoinToss, ...}``), in the
    order the unknown-input message lists them."""

    def parse_options(self, raw: Mapping[str, Any]) -> OptionsT:
        return read_options(raw, self.rules.Options, self.rules.check_options)

    def options_to_json(self, options: OptionsT) -> dict[str, Any]:
        return to_json(options, every=True)

    def parse_input(self, name: str, fields: Mapping[str, Any]) -> InputT:
        inp = read_input(fields, f"input {name!r}", self.input_class(name))
        self.check_input(inp)
        return inp

    def check_input(self, inp: InputT) -> None:
        """A game's own check of a read input that its fields alone do not make
        (e.g. a shot's ``by_hand`` against what the shot has); none by default.

        :raises MalformedInput: ``inp`` is not a well-formed input of the game.
        """

    def input_class(self, name: str) -> type[InputT]:
        """The input dataclass of replay input ``name``.

        :raises MalformedInput: not one of the game's inputs.
        """
        cls = self.inputs.get(name)
        if cls is None:
            raise MalformedInput(f"unknown input {name!r} for {self.name} ({', '.join([*self.inputs, 'undo'])})")
        return cls

    def input_to_json(self, inp: InputT) -> dict[str, Any]:
        name = next(n for n, cls in self.inputs.items() if type(inp) is cls)
        return {"input": name, **to_json(inp)}

    def apply(self, state: PhasedT, inp: InputT) -> Step[PhasedT]:
        return self.rules.apply(state, inp)

    def describe(self, notice: Notice, names: tuple[str, str]) -> Words:
        return self.words.describe(notice, names)

    def cause_text(self, cause: Notice) -> str:
        """A cause as the output's ``result`` writes it: ``"PN-31: A sank the poison alone
        and wins"`` (the rule ID, then the long words with the sides as ``A`` and ``B``)."""
        return f"{cause.rule}: {self.describe(cause, ('A', 'B')).long}"

    def output_head(self, state: PhasedT) -> dict[str, Any]:
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

    def result_text(self, state: PhasedT) -> str | None:
        """The output's ``result``: the cause of the end (:meth:`cause_text`), or None
        while the match is played."""
        result = self.rules.outcome(state) if self.rules.status(state) == "finished" else None
        return self.cause_text(result.cause) if result else None


AnyCodec = GameCodec[Any, Any, Any]
"""The codec of any game (the registry's, the replay reader's)."""
