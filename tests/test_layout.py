"""The layering the README's "How it is built" describes: puzzles behind
one interface, nothing outside a puzzle's package names it, the engine
imports no layer above, and no module imports itself round a cycle."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import re
from collections.abc import Iterable, Mapping

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
    """The string literals of a module that are not docstrings or comments,
    and the modules it imports (as dotted names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    imported = [
        (node.lineno, name)
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [f"{node.module}.{a.name}" for a in node.names]
        )
    ]
    return imported + [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose
    ]


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_no_shared_test_names_a_puzzle(name: str) -> None:
    """Shared tests (outside every puzzle's own test directory) parametrize
    over the registry and never name a puzzle in their code (a string, or a
    module they import), so a new puzzle is never a KeyError there (prose
    may still name one as an example)."""
    kind = pencilbox.puzzle(name)
    words = {name, *kind.aliases, kind.title}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w-])")
    own = {d for k in map(pencilbox.puzzle, pencilbox.puzzle_names()) for d in _own_tests(k)}
    found = [
        f"{path.relative_to(TESTS)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        if not own & {*path.parents}
        for line, text in _literals(path)
        if pattern.search(text)
    ]
    assert not found, f"{name} is named in shared tests: {', '.join(found)}"


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


# -- import cycles ------------------------------------------------------------------
KNOWN_CYCLES: set[frozenset[str]] = set()
"""Import cycles known and still to be broken, each as the set of modules
that import one another. The test fails when one of them is gone, so an
entry is removed once its cycle is."""


def module_names() -> dict[str, pathlib.Path]:
    """Every module of the package by dotted name (a package by its own)."""
    out = {}
    for path in _files(".py"):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: pathlib.Path, modules: Iterable[str]) -> set[str]:
    """The pencilbox modules ``name`` imports.

    Every import counts: at the top, inside a function, or under ``if
    TYPE_CHECKING:``. A function-level import only puts the cycle off to
    run time, and a type-only one still makes two modules that cannot be
    read one without the other. ``from pkg import mod`` counts as an import
    of ``pkg.mod`` and ``from pkg import name`` of ``pkg``; the packages
    Python initialises on the way (``pkg/__init__.py`` above ``pkg.mod``)
    are not counted, or every module would be in a cycle with
    ``pencilbox/__init__.py``.
    """
    known = set(modules)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            for alias in node.names:
                inner = f"{origin}.{alias.name}"
                found.add(inner if inner in known else origin)
    return {m for m in found if m in known}


def import_graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: Mapping[str, Iterable[str]]) -> set[frozenset[str]]:
    """The modules that import one another, one set per cycle group (the
    graph's strongly connected components with more than one module, or
    one that imports itself); Tarjan's algorithm, without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted(graph[root])))]
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1 or node in graph[node]:
                        found.add(frozenset(group))
    return found


def cycle_through(graph: Mapping[str, Iterable[str]], group: frozenset[str]) -> list[str]:
    """One cycle inside ``group``: the chain of imports from its first module
    (by name) back to it, found breadth first (so a shortest one)."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        node = frontier.pop(0)
        for nxt in sorted(set(graph[node]) & group):
            if nxt == start:
                chain = [node]
                while chain[-1] != start:
                    chain.append(came_from[chain[-1]])
                return [*reversed(chain), start]
            if nxt not in came_from:
                came_from[nxt] = node
                frontier.append(nxt)
    raise AssertionError(f"{sorted(group)} holds no cycle")


def test_cycles_are_found_with_the_imports_that_close_them() -> None:
    graph = {
        "a": {"b"},
        "b": {"c"},
        "c": {"a", "d"},
        "d": {"e"},
        "e": set(),
        "f": {"f"},
        "g": {"a"},
    }
    assert cycles(graph) == {frozenset("abc"), frozenset("f")}
    assert cycle_through(graph, frozenset("abc")) == ["a", "b", "c", "a"]
    assert cycle_through(graph, frozenset("f")) == ["f", "f"]
    graph["c"] = {"d"}
    assert cycles(graph) == {frozenset("f")}


def test_imports_count_inside_functions_and_type_checking(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "mod.py"
    path.write_text(
        "from typing import TYPE_CHECKING\n"
        "import pencilbox.x\n"
        "from . import y\n"
        "from .z import thing\n"
        "if TYPE_CHECKING:\n"
        "    from pencilbox.w import Name\n"
        "def f():\n"
        "    from pencilbox import v\n"
    )
    modules = {"pencilbox", "pencilbox.p", "pencilbox.p.mod", "pencilbox.p.y", "pencilbox.p.z"}
    modules |= {"pencilbox.x", "pencilbox.w", "pencilbox.v"}
    found = imports_of("pencilbox.p.mod", path, modules)
    assert found == {"pencilbox.x", "pencilbox.p.y", "pencilbox.p.z", "pencilbox.w", "pencilbox.v"}


def test_no_module_imports_itself_round_a_cycle() -> None:
    graph = import_graph()
    found = cycles(graph)
    new = [" -> ".join(cycle_through(graph, group)) for group in found - KNOWN_CYCLES]
    gone = [", ".join(sorted(group)) for group in KNOWN_CYCLES - found]
    assert not new, "import cycles: " + "; ".join(sorted(new))
    assert not gone, "no longer a cycle, remove from KNOWN_CYCLES: " + "; ".join(sorted(gone))
