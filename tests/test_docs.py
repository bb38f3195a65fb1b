"""Documentation keeps up: every puzzle, rule and command is described."""

from __future__ import annotations

import importlib
import pathlib
import subprocess
import sys

import pytest

import pencilbox
from pencilbox.cli import build_parser

ROOT = pathlib.Path(__file__).parents[1]
README = (ROOT / "README.md").read_text()
DOCS = {page.name: page.read_text() for page in sorted((ROOT / "docs").glob("*.md"))}
"""The reference: every page of docs/, by file name."""


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_every_rule_is_described_in_its_module_docstring(name: str) -> None:
    kind = pencilbox.puzzle(name)
    rules = importlib.import_module(type(kind).__module__ + ".rules")  # the package's rules.py
    doc = rules.__doc__ or ""
    for level in kind.levels:
        assert level in doc, f"{name}: level {level!r} is not described in rules.py"
    for rule in kind.ladder.rules:
        assert rule.summary, f"{name}: rule {rule.name!r} has no summary"
    for rule in kind.ladder.search_rules:
        assert rule.summary, f"{name}: search rule {rule.name!r} has no summary"
        assert rule.name in doc, f"{name}: search rule {rule.name!r} is not described"


ALL_DOCS = "\n".join([README, *DOCS.values()])


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_every_puzzle_and_its_levels_are_in_the_docs(name: str) -> None:
    kind = pencilbox.puzzle(name)
    assert kind.title in ALL_DOCS
    for level in kind.levels:
        assert f"`{level}`" in ALL_DOCS or f" {level}" in ALL_DOCS, f"{name}: level {level!r}"


def test_every_command_is_in_the_command_line_reference() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    reference = DOCS["command-line.md"]
    for command in sub.choices:  # type: ignore[union-attr]
        assert f"pencilbox {command}" in reference, f"command {command!r} missing from the docs"


def test_every_page_is_in_the_navigation_and_the_readme_links_each() -> None:
    nav = (ROOT / "mkdocs.yml").read_text()
    for page in DOCS:
        assert f": {page}" in nav, f"docs/{page} is not in mkdocs.yml's nav"
        if page != "index.md":
            assert f"docs/{page}" in README or page == "api.md", f"the README links no {page}"


def test_the_docs_build_strictly(tmp_path: pathlib.Path) -> None:
    """``make docs``: MkDocs builds docs/ with every warning an error (a
    broken link, a page left out of the navigation, an API name that does
    not resolve), and the API reference holds the docstrings."""
    root = pathlib.Path(__file__).parents[1]
    out = tmp_path / "docs"
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    api = (out / "api.html").read_text()
    assert "PuzzleKind" in api and ":func:" not in api
