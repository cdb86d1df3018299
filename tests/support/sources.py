"""The source of a module as the words tests read it: one file, or every file of a
package (a rules engine grown into a package keeps its notices in its modules)."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType


def source_files(module: ModuleType) -> list[Path]:
    """The module's file, or its package's ``__init__.py`` and the modules beside it."""
    assert module.__file__ is not None
    path = Path(module.__file__)
    return sorted(path.parent.glob("*.py")) if path.name == "__init__.py" else [path]


def source_trees(module: ModuleType) -> list[ast.Module]:
    """Each of :func:`source_files` parsed (a package's modules are parsed one by one:
    each has its own ``from __future__`` line)."""
    return [ast.parse(p.read_text(encoding="utf-8")) for p in source_files(module)]


def source_text(module: ModuleType) -> str:
    """The text of :func:`source_files`, one after the other (for searching, not parsing)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in source_files(module))


def tree_of(module: ModuleType) -> ast.Module:
    """One tree of every statement of :func:`source_files` (a package read as one
    module, for tests that walk a table's code as a whole)."""
    return ast.Module(body=[stmt for tree in source_trees(module) for stmt in tree.body], type_ignores=[])
