"""The layering DESIGN.md promises: puzzles behind one interface, nothing
outside a puzzle's package names it, the engine imports no layer above."""

from __future__ import annotations

import ast
import inspect
import pathlib
import re

import pytest

import pencilbox

SRC = pathlib.Path(pencilbox.__file__).parent
CODE = (".py", ".js", ".html", ".css")
"""The kinds of file checked for puzzle names."""


def _files(*suffixes: str) -> list[pathlib.Path]:
    return sorted(p for p in SRC.rglob("*") if p.suffix in suffixes)


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_nothing_outside_its_package_names_a_puzzle(name: str) -> None:
    kind = pencilbox.puzzle(name)
    words = {name, *kind.aliases, kind.title}
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b", re.IGNORECASE)
    own = SRC / "puzzles" / name
    found = [
        f"{path.relative_to(SRC)}:{i}"
        for path in _files(*CODE)
        if own not in path.parents
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, f"{name} is named outside its package: {', '.join(found)}"


def test_the_engine_imports_no_layer_above_it() -> None:
    above = re.compile(r"^\s*(from|import) pencilbox\.(formats|puzzles|bank|measure|web|cli)\b")
    for path in _files(".py"):
        if path.parent != SRC / "engine":
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            assert not above.match(line), f"{path.name}: {line.strip()}"


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_a_validator_imports_nothing_of_pencilbox_but_the_violations(name: str) -> None:
    """The independent checker shares no code with the engine or the rules:
    of pencilbox it imports only :mod:`pencilbox.violations`."""
    path = pathlib.Path(inspect.getfile(pencilbox.puzzle(name).checker))
    imported = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    ours = {m for m in imported if m.startswith((".", "pencilbox"))}
    assert ours == {"pencilbox.violations"}, f"{path.name} imports {sorted(ours)}"
