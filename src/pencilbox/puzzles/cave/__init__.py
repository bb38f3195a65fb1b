"""Cave (Corral, Bag): shade walls so the cave is one group, every wall
reaches the border, and each number sees that many cave cells. The cave's
boundary is one simple closed loop on the lattice points."""

from __future__ import annotations

from collections.abc import Sequence

from pencilbox.engine.kind import MeasureDefaults, Puzzle, PuzzleKind, Values, flipped
from pencilbox.engine.state import State
from pencilbox.formats.text import GridText

from . import brute, certificates, generate, model, rules, validate
from .frontend import FRONTEND
from .samples import SAMPLES

_BOTH = (1 << model.WALL) | (1 << model.CAVE)


class Cave(PuzzleKind):
    title = "Cave"
    samples = SAMPLES
    summary = (
        "Shade walls so the cave is one connected group, every wall reaches "
        "the border, and each number sees that many cave cells in a line."
    )
    aliases = ("corral", "bag")
    notations = {"pzprv3": model.PZPRV3, "penpa": model.PENPA, "janko": model.JANKO}
    measure_defaults = MeasureDefaults(0.85, 0.85, (0.5, 0.6, 0.7, 0.8, 0.9, 1.0))
    style = generate.SETTER
    certificate, certificate_short = "silent flip", "flip"

    def start(self, p: Puzzle) -> State[model.Board]:
        cave = 1 << model.CAVE
        return State(model.Board.of(p), [_BOTH if v is None else cave for v in p.clues])

    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)

    def second_solution(self, p: Puzzle, answer: Sequence[int]) -> Values | None:
        return flipped(answer, self.silent_flips(p, answer))

    def is_certificate_free(self, p: Puzzle, answer: Sequence[int]) -> bool:
        return not self.silent_flips(p, answer)


KIND = Cave(
    model.NAME,
    model,
    rules.LADDER,
    validate,
    brute,
    generate,
    GridText(model.NAME, model),
    FRONTEND,
)
