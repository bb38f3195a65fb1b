"""Uniqueness checked from outside: an answer-set encoding of the two Yin-Yang
rules, written from the rule text alone, agrees with our counts on random
boards too big for the brute force."""

from __future__ import annotations

import pytest

import pencilbox
from tests.asp import ADJACENT, agree_on_uniqueness, shaded, solve, tokens

RULES = """
{ black(R,C) } :- cell(R,C).
:- given(R,C,"#"), not black(R,C).
:- given(R,C,"o"), black(R,C).
colour(R,C,b) :- black(R,C).
colour(R,C,w) :- cell(R,C), not black(R,C).
% No 2x2 window is all one colour.
:- colour(R,C,K), colour(R+1,C,K), colour(R,C+1,K), colour(R+1,C+1,K).
% Each colour is one group: all of it is reachable from its first cell.
later(R,C,K) :- colour(R,C,K), colour(X,Y,K), (X,Y) < (R,C).
reach(R,C,K) :- colour(R,C,K), not later(R,C,K).
reach(X,Y,K) :- reach(R,C,K), adj(R,C,X,Y), colour(X,Y,K).
:- colour(R,C,K), not reach(R,C,K).
#show black/2.
"""


def program(text: str) -> str:
    facts = []
    for r, row in enumerate(tokens(text)):
        for c, tok in enumerate(row):
            facts.append(f"cell({r},{c}).")
            if tok != ".":
                facts.append(f'given({r},{c},"{tok}").')
    return ADJACENT + RULES + "\n".join(facts)


@pytest.mark.parametrize(("n", "boards"), [(2, 12), (3, 34), (4, 96)])
def test_the_encoding_meets_the_census(n: int, boards: int) -> None:
    blank = "\n".join(" ".join("." * n) for _ in range(n))
    assert solve(program(blank), limit=0).count == boards


def test_outside_solver_agrees_on_uniqueness() -> None:
    kind = pencilbox.puzzle("yinyang")

    def atoms(p, answer) -> frozenset[str]:
        return shaded("black", p, answer)

    tally = agree_on_uniqueness(kind, program, atoms, [8, 10], 0.9, boards=12)
    assert tally["compared"] == tally["boards"] and tally["unique"] and tally["several"]
