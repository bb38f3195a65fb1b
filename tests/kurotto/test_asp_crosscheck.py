"""Uniqueness checked from outside: an answer-set encoding of the Kurotto
rules, written from the rule text alone, agrees with our counts on random
boards too big for the brute force."""

from __future__ import annotations

import pytest

from tests.asp import ADJACENT, agree_on_uniqueness, shaded, solve, tokens

RULES = """
% Circles are never shaded; any other cell may be.
{ black(R,C) } :- cell(R,C), not circle(R,C).
% The black cells a numbered circle reaches: its black neighbours, then
% every black cell next to one it reaches (whole blocks, each counted once).
touch(R,C,X,Y) :- number(R,C,_), adj(R,C,X,Y), black(X,Y).
touch(R,C,X2,Y2) :- touch(R,C,X,Y), adj(X,Y,X2,Y2), black(X2,Y2).
:- number(R,C,N), #count{ X,Y : touch(R,C,X,Y) } != N.
#show black/2.
"""


def program(text: str) -> str:
    facts = []
    for r, row in enumerate(tokens(text)):
        for c, tok in enumerate(row):
            facts.append(f"cell({r},{c}).")
            if tok == "o":
                facts.append(f"circle({r},{c}).")
            elif tok != ".":
                facts.append(f"circle({r},{c}). number({r},{c},{int(tok)}).")
    return ADJACENT + RULES + "\n".join(facts)


@pytest.mark.parametrize(("number", "completions"), [(0, 2), (1, 2), (2, 3), (3, 1)])
def test_the_encoding_meets_the_hand_count(number: int, completions: int) -> None:
    """The spec's anchor: a 2×2 with one circle in a corner, counted by hand."""
    assert solve(program(f"{number} .\n. .\n"), limit=0).count == completions


@pytest.mark.parametrize("density", [0.8, 1.0])
def test_outside_solver_agrees_on_uniqueness(kind, density: float) -> None:
    def atoms(p, answer) -> frozenset[str]:
        return shaded("black", p, answer)

    tally = agree_on_uniqueness(kind, program, atoms, [8, 10], density, boards=12)
    assert tally["compared"] >= tally["boards"] - 2
