"""Uniqueness checked from outside: an answer-set encoding of the three Cave
rules, written from the rule text alone, agrees with our counts on random
boards too big for the brute force."""

from __future__ import annotations

import pytest

import pencilbox
from tests.asp import ADJACENT, agree_on_uniqueness, shaded, solve, tokens

RULES = """
{ wall(R,C) } :- cell(R,C), not clue(R,C).
cave(R,C) :- cell(R,C), not wall(R,C).
% The cave is one group, and not empty.
some :- cave(_,_).
:- not some.
later(R,C) :- cave(R,C), cave(X,Y), (X,Y) < (R,C).
reach(R,C) :- cave(R,C), not later(R,C).
reach(X,Y) :- reach(R,C), adj(R,C,X,Y), cave(X,Y).
:- cave(R,C), not reach(R,C).
% Every wall connects through walls to the border.
inner(R,C) :- cell(R-1,C), cell(R+1,C), cell(R,C-1), cell(R,C+1).
out(R,C) :- wall(R,C), not inner(R,C).
out(X,Y) :- out(R,C), adj(R,C,X,Y), wall(X,Y).
:- wall(R,C), not out(R,C).
% A number counts itself and the cave cells it sees in four directions,
% up to a wall or the edge.
dir(0,1;1,0;0,-1;-1,0).
sees(R,C,D,E,R+D,C+E) :- number(R,C,_), dir(D,E), cave(R+D,C+E).
sees(R,C,D,E,X+D,Y+E) :- sees(R,C,D,E,X,Y), cave(X+D,Y+E).
:- number(R,C,N), #count{ D,E,X,Y : sees(R,C,D,E,X,Y) } != N - 1.
#show wall/2.
"""


def program(text: str) -> str:
    facts = []
    for r, row in enumerate(tokens(text)):
        for c, tok in enumerate(row):
            facts.append(f"cell({r},{c}).")
            if tok == "o":
                facts.append(f"clue({r},{c}).")
            elif tok != ".":
                facts.append(f"clue({r},{c}). number({r},{c},{int(tok)}).")
    return ADJACENT + RULES + "\n".join(facts)


@pytest.mark.parametrize(("n", "boards"), [(2, 13), (3, 213), (4, 9349)])
def test_the_encoding_meets_the_census(n: int, boards: int) -> None:
    blank = "\n".join(" ".join("." * n) for _ in range(n))
    assert solve(program(blank), limit=0).count == boards


def test_outside_solver_agrees_on_uniqueness() -> None:
    kind = pencilbox.puzzle("cave")

    def atoms(p, answer) -> frozenset[str]:
        return shaded("wall", p, answer)

    tally = agree_on_uniqueness(kind, program, atoms, [8, 10], 0.85, boards=12)
    assert tally["compared"] == tally["boards"] and tally["unique"] and tally["several"]
