"""The ``(rule ID, code)`` of every notice and refusal the Master Move engine gives, read
off its source (rulings.md section 4): what the words tests and the text-fit test cover,
derived instead of kept by hand."""

from __future__ import annotations

import ast
from pathlib import Path

from pitchside.core.rules import mastermove as M
from pitchside.core.rules.mastermove.movegen import KIND_RULE

RULES_DIR = Path(M.__file__).resolve().parent


def _notices(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "of"
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "Notice"]


def emitted_codes() -> set[tuple[str | None, str]]:
    """(rule, code) of every ``Notice.of(RULE, "code", ...)`` in the rules package (the
    rule None where it is computed, e.g. the piece's rule of MM-06..MM-11)."""
    found: set[tuple[str | None, str]] = set()
    for path in RULES_DIR.glob("*.py"):
        for node in _notices(ast.parse(path.read_text(encoding="utf-8"))):
            rule, code = node.args[0], node.args[1]
            assert isinstance(code, ast.Constant), ast.dump(node)
            found.add((rule.value if isinstance(rule, ast.Constant) else None, code.value))
    return found


def cause_rules() -> set[str]:
    """The rules of the causes a game ends by: each ``Outcome(winner, Notice.of(RULE, ...))``."""
    rules: set[str] = set()
    for path in RULES_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Outcome":
                for cause in _notices(node):
                    assert isinstance(cause.args[0], ast.Constant), ast.dump(cause)
                    rules.add(cause.args[0].value)
    return rules


COMPUTED = {"not_its_way": lambda: set(KIND_RULE.values()), "game_over": cause_rules}
"""The codes whose rule the engine computes, and the rules each can take: a piece's way
of moving under its kind's rule (MM-06..MM-11), a finished game under its cause's."""


def wordings() -> set[tuple[str, str]]:
    """Every ``(rule, code)`` the engine gives: the literal ones, and each computed code
    under every rule it can take (:data:`COMPUTED`).

    :raises KeyError: a computed rule this module does not know how to expand."""
    out: set[tuple[str, str]] = set()
    for rule, code in emitted_codes():
        out |= {(rule, code)} if rule is not None else {(r, code) for r in COMPUTED[code]()}
    return out
