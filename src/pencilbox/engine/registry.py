"""The one registry of puzzle kinds, filled from the ``pencilbox.puzzles``
entry-point group.

A puzzle package, built in or third-party, declares its kind in its
``pyproject.toml``::

    [project.entry-points."pencilbox.puzzles"]
    mypuzzle = "mypackage.mypuzzle:KIND"

and :func:`puzzle` finds it by name or by one of the kind's aliases. The
entry points are read on first use; :func:`register` adds a kind by hand
(tests, notebooks).
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from pencilbox.errors import UnknownPuzzle

if TYPE_CHECKING:
    from pencilbox.engine.kind import PuzzleKind

GROUP = "pencilbox.puzzles"
"""The entry-point group every puzzle package registers its kind in."""

_KINDS: dict[str, PuzzleKind] = {}
_ALIASES: dict[str, str] = {}
_SEEN: dict[str, str] = {}
"""Entry points already loaded: name → value."""
_DISCOVERED = False


def register(kind: PuzzleKind) -> PuzzleKind:
    """Add ``kind`` under its name and its aliases; returns it."""
    _KINDS[kind.name] = kind
    for alias in kind.aliases:
        _ALIASES[alias] = kind.name
    return kind


def unregister(name: str) -> None:
    """Forget the kind called ``name``, its aliases and its entry point (tests)."""
    _KINDS.pop(name, None)
    _SEEN.pop(name, None)
    for alias in [a for a, n in _ALIASES.items() if n == name]:
        del _ALIASES[alias]


def discover() -> None:
    """Load every entry point of the group not loaded yet (in declaration order)."""
    global _DISCOVERED
    for ep in entry_points(group=GROUP):
        if _SEEN.get(ep.name) == ep.value:
            continue
        kind = ep.load()
        if kind.name != ep.name:
            raise ValueError(f"entry point {ep.name!r} loads a kind called {kind.name!r}")
        _SEEN[ep.name] = ep.value
        register(kind)
    _DISCOVERED = True


def puzzle(name: str) -> PuzzleKind:
    """The registered puzzle type called ``name`` (UnknownPuzzle otherwise)."""
    key = name.strip().lower()
    if not _DISCOVERED:
        discover()
    found = _KINDS.get(_ALIASES.get(key, key))
    if found is None:  # a package installed since: look again
        discover()
        found = _KINDS.get(_ALIASES.get(key, key))
    if found is not None:
        return found
    known = ", ".join(sorted(_KINDS)) or "none (is pencilbox installed? pip install -e .)"
    raise UnknownPuzzle(f"unknown puzzle type {name!r}; known types: {known}")


def puzzle_names() -> tuple[str, ...]:
    """The names of every registered puzzle type, in registration order."""
    if not _DISCOVERED:
        discover()
    return tuple(_KINDS)


def kinds() -> tuple[PuzzleKind, ...]:
    """Every registered puzzle kind, in registration order."""
    if not _DISCOVERED:
        discover()
    return tuple(_KINDS.values())
