"""How Tally looks, on screen and on paper: black and white stones, plain
numbers; and on screen, as its theory, the border of every cross that
already holds its tally."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Frontend, Numbers, Theory, Token

from .model import BLACK, WHITE

FRONTEND = Frontend(
    input="cycle",
    tokens=(
        Token(BLACK, "#", "black", "black", "stone-black", ("1", "b")),
        Token(WHITE, "o", "white", "white", "stone-white", ("2", "w")),
    ),
    clue=Clue(look="number", input="numbers", numbers=Numbers(0, 5)),
    theory=Theory("tallies", "A number whose cross holds its tally is underlined."),
    module="tally.js",
    static_dir=Path(__file__).parent / "static",
    solved="Solved! Every cross holds its tally.",
)
