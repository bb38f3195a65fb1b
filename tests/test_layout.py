"""The layering DESIGN.md promises: puzzles behind one interface, nothing
outside a puzzle's package names it, the engine imports no layer above."""

from __future__ import annotations

import ast
import importlib
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


TESTS = pathlib.Path(__file__).parent


def _own_tests(kind: pencilbox.PuzzleKind) -> set[pathlib.Path]:
    """A puzzle's own test directories: ``tests/<name>/``, and for a package
    that lives among the tests (the toy plug-in) the directory holding it."""
    module = importlib.import_module(type(kind).__module__)
    assert module.__file__ is not None
    package = pathlib.Path(module.__file__).parent
    own = {TESTS / kind.name}
    if TESTS in package.parents:
        own.add(package.parent)
    return own


def _literals(path: pathlib.Path) -> list[tuple[int, str]]:
    """The string literals of a module that are not docstrings or comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose
    ]


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_no_shared_test_names_a_puzzle(name: str) -> None:
    """Shared tests (outside every puzzle's own test directory) parametrize
    over the registry and never name a puzzle in their code, so a new puzzle
    is never a KeyError there (prose may still name one as an example)."""
    kind = pencilbox.puzzle(name)
    pattern = re.compile(
        r"(?<![\w-])(" + "|".join(re.escape(w) for w in {name, *kind.aliases}) + r")(?![\w-])"
    )
    own = {d for k in map(pencilbox.puzzle, pencilbox.puzzle_names()) for d in _own_tests(k)}
    found = [
        f"{path.relative_to(TESTS)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        if not own & {*path.parents}
        for line, text in _literals(path)
        if pattern.search(text)
    ]
    assert not found, f"{name} is named in shared tests: {', '.join(found)}"
