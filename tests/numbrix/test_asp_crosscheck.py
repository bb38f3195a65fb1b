"""Uniqueness checked from outside: an answer-set encoding of the Numbrix
rules, written from the rule text alone, agrees with our counts on random
boards too big for the brute force."""

from __future__ import annotations

import pytest

import pencilbox
from tests.asp import ADJACENT, agree_on_uniqueness, solve, tokens

RULES = """
size(S) :- S = #count{ R,C : cell(R,C) }.
% Each cell holds one number of 1..S, and each number is in one cell.
1 { at(R,C,V) : V = 1..S } 1 :- cell(R,C), size(S).
1 { at(R,C,V) : cell(R,C) } 1 :- size(S), V = 1..S.
:- given(R,C,V), not at(R,C,V).
% Consecutive numbers are neighbours.
follows(R,C,V) :- at(R,C,V), adj(R,C,X,Y), at(X,Y,V+1).
:- at(R,C,V), size(S), V < S, not follows(R,C,V).
#show at/3.
"""


def program(text: str) -> str:
    facts = []
    for r, row in enumerate(tokens(text)):
        for c, tok in enumerate(row):
            facts.append(f"cell({r},{c}).")
            if tok != ".":
                facts.append(f"given({r},{c},{int(tok)}).")
    return ADJACENT + RULES + "\n".join(facts)


@pytest.mark.parametrize(("n", "paths"), [(3, 40), (4, 552)])
def test_the_encoding_meets_the_census(n: int, paths: int) -> None:
    """Directed Hamiltonian paths of the n×n grid (published counts)."""
    blank = "\n".join(" ".join("." * n) for _ in range(n))
    assert solve(program(blank), limit=0).count == paths


def test_outside_solver_agrees_on_uniqueness() -> None:
    kind = pencilbox.puzzle("numbrix")

    def atoms(p, answer) -> frozenset[str]:
        return frozenset(f"at({i // p.cols},{i % p.cols},{v + 1})" for i, v in enumerate(answer))

    tally = agree_on_uniqueness(kind, program, atoms, [8, 10], 0.3, boards=8)
    assert tally["compared"] == tally["boards"] and tally["unique"] and tally["several"]
