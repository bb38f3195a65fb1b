"""Every format gives back what it was given: each puzzle type on generated
boards of every size 2…30 and rectangles, with an answer and with partial
marks where the format holds them, and the real puzzles through every
format. Reading needs no type: every format pencilbox writes says it."""

from __future__ import annotations

import functools
import random

import pytest

import pencilbox
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.formats import registry
from pencilbox.formats.base import Document, given_values
from tests.formats.real_puzzles import ANSWERS, URLS

TYPES = ("yinyang", "cave", "kurotto", "numbrix")
SIZES = [(n, n) for n in range(2, 31)] + [(2, 30), (30, 2), (3, 17), (13, 7), (5, 29), (24, 11)]
MARKS_FORMATS = ("text", "pzprv3", "penpa", "json")
"""Formats that hold the player's marks (Janko holds a solution only)."""


@functools.cache
def boards(name: str) -> list[tuple[Puzzle, Values]]:
    """Generated boards of every size in SIZES, made once per type."""
    kind = pencilbox.puzzle(name)
    return [kind.generate(r, c, seed=r * 31 + c) for r, c in SIZES]


def pairs() -> list[tuple[str, str]]:
    out = []
    for t in TYPES:
        kind = pencilbox.puzzle(t)
        out += [(t, f.name) for f in registry.FORMATS if f.supports(kind)]
    return out


def partial(kind: PuzzleKind, p: Puzzle, answer: Values, rng: random.Random) -> Marks:
    """Some of ``answer`` as marks: clue cells show what their clue fixes."""
    given = given_values(kind, p)
    return tuple(
        given[c] if p.clues[c] is not None else (v if rng.random() < 0.5 else None)
        for c, v in enumerate(answer)
    )


def the_only(text: str, kind: PuzzleKind | None = None) -> Document:
    docs = registry.read(text, kind)
    assert len(docs) == 1
    return docs[0]


@pytest.mark.parametrize(("name", "fmt"), pairs())
def test_every_size_comes_back(name: str, fmt: str) -> None:
    kind = pencilbox.puzzle(name)
    holds = registry.by_name(fmt).holds_answer
    for p, answer in boards(name):
        doc = Document(p, answer=answer if holds else None)
        text = registry.write(fmt, kind, doc)
        back = the_only(text)  # no type given: the text says it
        assert back.format == fmt
        assert back.puzzle == p, f"{p.rows}x{p.cols}"
        if holds:
            got = back.answer if back.answer is not None else back.marks
            assert got == answer, f"{p.rows}x{p.cols}"
        assert the_only(text, kind).puzzle == p


@pytest.mark.parametrize(("name", "fmt"), [(n, f) for n, f in pairs() if f in MARKS_FORMATS])
def test_half_solved_games_come_back(name: str, fmt: str) -> None:
    kind = pencilbox.puzzle(name)
    rng = random.Random(7)
    for p, answer in boards(name)[::4]:
        marks = partial(kind, p, answer, rng)
        back = the_only(registry.write(fmt, kind, Document(p, marks=marks)), kind)
        assert back.puzzle == p
        assert back.marks == marks
        assert back.answer is None


@pytest.mark.parametrize("fmt", registry.names())
def test_every_real_puzzle_comes_back(fmt: str) -> None:
    f = registry.by_name(fmt)
    for url, _ in URLS:
        kind = pencilbox.puzzle(url.split("?")[1].split("/")[0])
        if not f.supports(kind):
            continue
        p = kind.from_url(url)
        answer = None
        if url in ANSWERS and f.holds_answer:
            answer = kind.parse_solution(ANSWERS[url], p)
        back = the_only(registry.write(fmt, kind, Document(p, answer=answer)))
        assert back.puzzle == p
        assert kind.to_url(back.puzzle) == url
        if answer is not None:
            assert (back.answer if back.answer is not None else back.marks) == answer


def test_every_format_holds_what_the_issue_asks() -> None:
    assert set(registry.names()) >= {"url", "text", "pzprv3", "penpa", "json"}
    holders = {f.name for f in registry.FORMATS if f.holds_answer}
    assert holders >= {"text", "pzprv3", "penpa"}
    assert "url" not in holders
    numbrix = pencilbox.puzzle("numbrix")
    assert "penpa" in registry.supported(numbrix)
    assert "pzprv3" not in registry.supported(numbrix)  # puzz.link has no Numbrix
