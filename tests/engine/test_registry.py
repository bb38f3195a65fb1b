"""The registry: built-in puzzles come through the entry-point group like any
other package; names and aliases find them; bad names get one clear error."""

from __future__ import annotations

import importlib.metadata
import pathlib

import pytest

import pencilbox
from pencilbox.engine import registry
from pencilbox.errors import UnknownPuzzle


def test_every_registered_puzzle_comes_from_an_entry_point() -> None:
    points = {ep.name: ep for ep in importlib.metadata.entry_points(group=registry.GROUP)}
    for name in pencilbox.puzzle_names():
        assert name in points, f"{name} is registered but declares no entry point"
        assert points[name].load() is pencilbox.puzzle(name)


def test_aliases_and_case_find_the_same_kind() -> None:
    for kind in registry.kinds():
        for alias in (kind.name.upper(), f"  {kind.name} ", *kind.aliases):
            assert pencilbox.puzzle(alias) is kind


def test_an_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(UnknownPuzzle) as e:
        pencilbox.puzzle("no-such-puzzle")
    assert all(name in str(e.value) for name in pencilbox.puzzle_names())


def test_an_entry_point_must_load_the_kind_it_names(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    points = {ep.name: ep for ep in importlib.metadata.entry_points(group=registry.GROUP)}
    some = points[pencilbox.puzzle_names()[0]].value  # a real kind, under another name
    info = tmp_path / "misnamed-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: misnamed\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[pencilbox.puzzles]\nimpostor = {some}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        with pytest.raises(ValueError, match="impostor"):
            registry.discover()
    finally:
        registry.unregister("impostor")
    assert "impostor" not in pencilbox.puzzle_names()
