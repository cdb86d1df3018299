"""Options and input fields declared once: what each takes, and which rule says so.

A game's ``Options`` field, or a field of one of its inputs, is declared with
:func:`option` (or :func:`declared` as a ``field(metadata=...)`` for a field with no
default), and the declaration is kept as the dataclass field's metadata (a :class:`Spec`).
Everything else is derived from it, so an option is spelled in one place:

* the replay codec reads and writes the field (:class:`pitchside.core.record.fields.Fields`
  ``.read`` and :func:`to_json`), with the same messages for every game;
* the range part of each game's ``check_options`` (:func:`check_declared`);
* ``check-config``'s option messages (:mod:`pitchside.app.config`: the key, the bad value,
  what is allowed and the rule);
* the hypothesis strategies of the property tests (``tests/support/strategies.py``).

The kinds of field (:attr:`Spec.kind`), by their JSON shape:

``"bool"``   ``true``/``false``.
``"int"``    an integer, optionally within ``lo..hi``.
``"choice"`` one of ``choices`` (strings such as ``"singles"``, or the sides ``"A"``/``"B"``).
``"counts"`` ``{"A": n, "B": n}`` (absent sides 0), each 0..``hi``; a :class:`PerSide`.
``"ints"``   a list of integers ``lo..hi``, ``length`` = (least, most) items; a tuple.
``"list"``   a list of ``choices``, ``length`` = (least, most) items; a tuple.
``"value"``  one JSON value made by ``encode`` and read back by ``decode`` (which raises
             ``ValueError``): a Master Move square.
``"given"``  a shape of its own, read and written by the game's codec by hand; the
             declaration still gives its rule and words.

Any kind but ``"given"`` may be ``nullable`` (JSON ``null``, Python None). Stdlib only.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass
from typing import Any, Literal, TypeVar

from pitchside.core.sides import SIDES, PerSide

T = TypeVar("T")
Kind = Literal["bool", "int", "choice", "counts", "ints", "list", "value", "given"]
KEY = "pitchside"
"""The dataclass field metadata key under which a :class:`Spec` is kept."""


@dataclass(frozen=True, slots=True)
class Spec:
    """What one option or input field takes (kept as its dataclass field's metadata).

    :ivar kind: the JSON shape (module docstring).
    :ivar rule: the rule ID that sets it (``"PN-26"``; docs/rules/GAME.md).
    :ivar doc: a few words on what it means, for messages and menus.
    :ivar choices: the allowed values of a ``"choice"`` or of each item of a ``"list"``.
    :ivar lo: the least integer (``"int"``, ``"ints"``), or None for no bound.
    :ivar hi: the greatest integer (``"int"``, ``"ints"``, ``"counts"``), or None.
    :ivar nullable: JSON ``null`` (None) is allowed too.
    :ivar length: ``(least, most)`` items of an ``"ints"`` or ``"list"``.
    :ivar noun: how messages name one value (``"a die value"``; ``"an integer"`` by default).
    :ivar key: the JSON member's name when it is not the field's (``"from"`` for ``frm``).
    :ivar encode: a ``"value"``'s JSON form of the Python value.
    :ivar decode: a ``"value"``'s Python value of the JSON form; raises ``ValueError``.
    """

    kind: Kind
    rule: str
    doc: str = ""
    choices: tuple[Any, ...] = ()
    lo: int | None = None
    hi: int | None = None
    nullable: bool = False
    length: tuple[int, int] | None = None
    noun: str = ""
    key: str | None = None
    encode: Callable[[Any], Any] | None = None
    decode: Callable[[Any], Any] | None = None

    def allowed(self) -> str:
        """What the field takes, in words: ``"an integer 1..50"``, ``"one of 'rounds',
        'race500'"``, ``"true or false"`` (``" or null"`` added when nullable)."""
        if self.kind == "bool":
            words = "true or false"
        elif self.kind == "int":
            words = f"{self.noun or 'an integer'}{_span(self.lo, self.hi, ' ')}"
        elif self.kind == "choice":
            words = "one of " + ", ".join(repr(c) for c in self.choices)
        elif self.kind == "counts":
            words = f'an object like {{"A": 1}} of counts 0..{self.hi}'
        elif self.kind == "ints":
            words = f"a list of {_count(self.length)} {self.noun or 'integers'}{_span(self.lo, self.hi, ' ')}"
        elif self.kind == "list":
            words = f"a list of {_count(self.length)} {'/'.join(repr(c) for c in self.choices)}"
        else:
            words = self.noun or "a value of its own shape"
        return f"{words} or null" if self.nullable else words

    def problem(self, name: str, value: Any) -> str | None:
        """What is wrong with ``value`` for the field called ``name``, or None if it is
        allowed. The words start with the name and end with the rule:
        ``"'pucks' is 0, out of range 1..50 (PI-01)"``. A ``"given"`` field is never checked
        here (its codec checks it)."""
        if value is None and self.nullable:
            return None
        wrong = self._wrong(name, value)
        return None if wrong is None else f"{wrong} ({self.rule})"

    def _wrong(self, name: str, value: Any) -> str | None:
        kind = self.kind
        if kind == "bool":
            return None if isinstance(value, bool) else f"{name!r} must be {self.allowed()}, not {value!r}"
        if kind == "int":
            if not _is_int(value):
                return f"{name!r} must be {self.allowed()}, not {value!r}"
            return _out_of_range(name, value, self.lo, self.hi)
        if kind == "choice":
            ok = any(value == c and type(value) is type(c) for c in self.choices)
            return None if ok else f"{name!r} must be {self.allowed()}, not {value!r}"
        if kind == "counts":
            return self._wrong_counts(name, value)
        if kind in ("ints", "list"):
            return self._wrong_list(name, value)
        if kind == "value" and self.decode is not None:
            try:
                self.decode(value)
            except (ValueError, TypeError):
                return f"{name!r} must be {self.allowed()}, not {value!r}"
        return None

    def _wrong_counts(self, name: str, value: Any) -> str | None:
        if not isinstance(value, dict):
            return f"{name!r} must be {self.allowed()}, not {value!r}"
        unknown = sorted(set(value) - set(SIDES), key=str)
        if unknown:
            return f"{name!r} has unknown side(s) {unknown}; sides are 'A' and 'B'"
        for side in SIDES:
            n = value.get(side, 0)
            if not _is_int(n):
                return f"{name}.{side} must be an integer, not {n!r}"
            wrong = _out_of_range(f"{name}.{side}", n, 0, self.hi)
            if wrong:
                return wrong
        return None

    def _wrong_list(self, name: str, value: Any) -> str | None:
        least, most = self.length or (0, None)
        if not isinstance(value, list) or len(value) < least or (most is not None and len(value) > most):
            return f"{name!r} must be {self.allowed()}, not {value!r}"
        for i, item in enumerate(value):
            if self.kind == "list":
                if not any(item == c and type(item) is type(c) for c in self.choices):
                    allowed = ", ".join(repr(c) for c in self.choices)
                    return f"{name}[{i}] must be one of {allowed}, not {item!r}"
                continue
            if not _is_int(item):
                return f"{name}[{i}] must be {_singular(self.noun) or 'an integer'}, not {item!r}"
            wrong = _out_of_range(f"{name}[{i}]", item, self.lo, self.hi)
            if wrong:
                return wrong
        return None

    def from_json(self, value: Any) -> Any:
        """The Python value of an allowed JSON ``value`` (lists become tuples, a
        ``"counts"`` object a :class:`PerSide`, a ``"value"`` goes through ``decode``)."""
        if value is None:
            return None
        if self.kind == "counts":
            return PerSide(value.get("A", 0), value.get("B", 0))
        if self.kind in ("ints", "list"):
            return tuple(value)
        if self.kind == "value" and self.decode is not None:
            return self.decode(value)
        return value

    def to_json(self, value: Any) -> Any:
        """The JSON form of the field's Python ``value`` (the inverse of :meth:`from_json`;
        a ``"counts"`` object leaves out the sides at 0)."""
        if value is None:
            return None
        if self.kind == "counts":
            return {s: n for s, n in value.as_dict().items() if n}
        if self.kind == "value" and self.encode is not None:
            return self.encode(value)
        if isinstance(value, tuple):
            return list(value)
        return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _span(lo: int | None, hi: int | None, lead: str = "") -> str:
    if lo is not None and hi is not None:
        return f"{lead}{lo}..{hi}"
    if lo is not None:
        return f"{lead}from {lo}"
    if hi is not None:
        return f"{lead}up to {hi}"
    return ""


def _out_of_range(name: str, value: int, lo: int | None, hi: int | None) -> str | None:
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            return f"{name!r} is {value}, out of range {lo}..{hi}"
        return f"{name!r} is {value}, less than {lo}" if lo is not None else f"{name!r} is {value}, more than {hi}"
    return None


def _count(length: tuple[int, int] | None) -> str:
    if length is None:
        return "any number of"
    least, most = length
    if least == most:
        return str(least)
    if least == 0:
        return f"at most {most}"
    return f"{least} to {most}" if most - least > 1 else f"{least} or {most}"


def _singular(noun: str) -> str:
    """``"die values"`` -> ``"a die value"`` (the noun of one item of a list)."""
    if not noun:
        return ""
    one = noun[:-1] if noun.endswith("s") else noun
    return f"{'an' if one[0] in 'aeiou' else 'a'} {one}"


def declared(
    kind: Kind | None = None,
    *,
    rule: str,
    doc: str = "",
    choices: tuple[Any, ...] = (),
    lo: int | None = None,
    hi: int | None = None,
    nullable: bool = False,
    length: tuple[int, int] | None = None,
    noun: str = "",
    key: str | None = None,
    encode: Callable[[Any], Any] | None = None,
    decode: Callable[[Any], Any] | None = None,
    default: Any = MISSING,
) -> dict[str, Spec]:
    """The metadata of a declared field, for ``field(metadata=declared(...))`` (a field
    with no default: ``winner: Side = field(metadata=declared(choices=SIDES, rule="PN-05"))``).

    ``kind`` may be left out: ``"choice"`` with ``choices``, ``"bool"`` for a bool
    ``default``, else ``"int"``.

    :raises ValueError: a ``"choice"`` or ``"list"`` without its ``choices``.
    """
    if kind is None:
        kind = "choice" if choices else "bool" if isinstance(default, bool) else "int"
    if kind in ("choice", "list") and not choices:
        raise ValueError(f"a {kind!r} field needs its choices")
    spec = Spec(kind, rule, doc, tuple(choices), lo, hi, nullable, length, noun, key, encode, decode)
    return {KEY: spec}


def option(default: T, kind: Kind | None = None, **declaration: Any) -> T:
    """A declared field with a default: ``pieces: int = option(10, lo=1, hi=50,
    rule="PN-02")``, ``turn_continues: TurnRule = option("more_own",
    choices=("more_own", "any_piece"), rule="PN-26")``. ``declaration``: the keywords of
    :func:`declared` (``rule`` is required).

    The default must be immutable (a frozen value; tuples for lists)."""
    made: T = field(default=default, metadata=declared(kind, default=default, **declaration))
    return made


@functools.cache
def _declared(cls: type) -> tuple[tuple[str, Spec, Field[Any]], ...]:
    """The declared fields of the dataclass ``cls`` as ``(name, spec, field)``, in field
    order, read once per class: :func:`to_json` runs at every journaled input, and
    ``dataclasses.fields`` builds its tuple afresh at each call (a cost paid on every input).

    :raises TypeError: ``cls`` is not a dataclass.
    """
    if not is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    return tuple((f.name, f.metadata[KEY], f) for f in fields(cls) if KEY in f.metadata)


def specs(cls: type) -> dict[str, Spec]:
    """The declared fields of the dataclass ``cls``, by field name, in field order
    (fields with no declaration, such as Boulomania's ``board``, are left out).

    :raises TypeError: ``cls`` is not a dataclass.
    """
    return {name: spec for name, spec, _ in _declared(cls)}


def _default(f: Field[Any]) -> Any:
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:
        return f.default_factory()
    return MISSING


def default_of(cls: type, name: str) -> Any:
    """The default of field ``name`` of dataclass ``cls``, or :data:`dataclasses.MISSING`."""
    f: Field[Any] = next(f for f in fields(cls) if f.name == name)
    return _default(f)


def to_json(obj: Any, *, every: bool = False) -> dict[str, Any]:
    """The declared fields of the dataclass value ``obj`` as a JSON object, under their
    JSON names. With ``every`` (a header's options) every field is written; else (an
    input) those equal to their default are left out.

    A ``"given"`` field is written as its value (a tuple as a list): a codec whose given
    field has another JSON shape writes that input by hand.
    """
    out: dict[str, Any] = {}
    cls: type = type(obj)
    for name, spec, f in _declared(cls):
        value = getattr(obj, name)
        if not every and value == _default(f):
            continue
        out[spec.key or name] = spec.to_json(value)
    return out


def check_declared(obj: Any) -> None:
    """Check every declared field of the dataclass value ``obj`` against its declaration
    (the range part of a game's ``check_options``).

    :raises ValueError: the first field that is not allowed, naming it, the value, what
        is allowed and the rule: ``"'pieces' is 0, out of range 1..50 (PN-02)"``.
    """
    for name, spec in specs(type(obj)).items():
        if spec.kind in ("given", "value"):
            continue
        value = spec.to_json(getattr(obj, name))
        problem = spec.problem(name, value)
        if problem is not None:
            raise ValueError(problem)
