"""Every format gives back what it was given: each registered puzzle on
generated boards of every size 2…30 and rectangles, with an answer and with
partial marks where the format holds them, and the published puzzles its
samples list through every format. Reading needs no type: every format
pencilbox writes says it."""

from __future__ import annotations

import functools
import random

import pytest

import pencilbox
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.formats import registry
from pencilbox.formats.base import Document, given_values

from ..kinds import kinds, names

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
    for t in names():
        kind = pencilbox.puzzle(t)
        out += [(t, f.name) for f in registry.FORMATS if f.supports(kind)]
    return out


def partial(kind: PuzzleKind, p: Puzzle, answer: Values, rng: random.Random) -> Marks:
    """Some of ``answer`` as marks, at least one: clue cells show what their
    clue fixes (for a puzzle whose clues fix no colour, nothing)."""
    given = given_values(kind, p)
    marks = [
        given[c] if p.clues[c] is not None else (v if rng.random() < 0.5 else None)
        for c, v in enumerate(answer)
    ]
    if all(m is None for m in marks):  # a game half solved has a mark
        marks[0] = answer[0]
    return tuple(marks)


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
    for kind in kinds():
        if not f.supports(kind):
            continue
        for real in kind.samples.real:
            url = real.url
            p = kind.from_url(url)
            answer = None
            if real.answer is not None and f.holds_answer:
                answer = kind.parse_solution(real.answer, p)
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
