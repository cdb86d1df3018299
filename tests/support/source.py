"""The parsed source of a module, or of every module of a package (a game's table or
rules grown into a package of parts), for tests that read the code itself."""

from __future__ import annotations

import ast
from pathlib import Path


def files_of(module: object) -> list[Path]:
    """The source files of ``module``: its own, or every ``.py`` of its package."""
    path = Path(module.__file__)  # type: ignore[attr-defined]
    return sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]


def tree_of(module: object) -> ast.Module:
    """One tree of every statement of ``module``'s source files (:func:`files_of`)."""
    body = [stmt for f in files_of(module) for stmt in ast.parse(f.read_text(encoding="utf-8")).body]
    return ast.Module(body=body, type_ignores=[])
