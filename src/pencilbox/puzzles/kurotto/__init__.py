"""Kurotto: shade cells so that each circled number equals the total size of
the black blocks touching it. No connectivity, no 2×2 ban: arithmetic only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pencilbox.engine import search
from pencilbox.engine.budget import Budget
from pencilbox.engine.kind import MeasureDefaults, Puzzle, PuzzleKind, Study, Verdict
from pencilbox.engine.ladder import Status
from pencilbox.engine.results import GapCheck, Values
from pencilbox.engine.state import State
from pencilbox.formats.text import GridText

from . import brute, certificates, generate, model, rules, sketch, validate
from .certificates import OracleResult
from .frontend import FRONTEND
from .samples import SAMPLES

__all__ = ["KIND", "GapCheck", "Kurotto"]


class Kurotto(PuzzleKind):
    title = "Kurotto"
    samples = SAMPLES
    summary = (
        "Shade cells so that each circled number is the total size of the black blocks touching it."
    )
    notations = {"pzprv3": model.PZPRV3, "penpa": model.PENPA, "janko": model.JANKO}
    measure_defaults = MeasureDefaults(0.8, 0.9, (0.5, 0.6, 0.7, 0.8, 0.9, 1.0))
    style = generate.SETTER
    certificate, certificate_short = "silent flip", "flip"
    unique_note = "boards that pass the oracle's three certificates and its search"

    def start(self, p: Puzzle) -> State[model.Board]:
        return State(model.Board.of(p), [3 if v is None else 1 << model.WHITE for v in p.clues])

    # -- uniqueness --------------------------------------------------------------
    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)

    def sketch(self, p: Puzzle, budget: Budget) -> tuple[tuple[Values, ...], Values | None]:
        """A likely answer by local search from the fixpoint of echo
        (:mod:`.sketch`); when it is one, a second read off it (a silent
        flip or pair, :mod:`.certificates`), each checked by the validator."""
        s = self.start(p)
        if (
            self.ladder.propagate(s, rules.LEVELS.index("echo"), budget=budget).status
            is Status.CONTRADICTION
        ):
            return (), None
        likely, off = sketch.shade(s.board, s.cands, budget)
        if off or self.validate(p, likely):
            return (), tuple(likely)
        found = [tuple(likely)]
        for second in certificates.seconds(p, likely):
            found.append(tuple(second))
            break
        return tuple(found), tuple(likely)

    def is_certificate_free(self, p: Puzzle, answer: Sequence[int]) -> bool:
        return not self.silent_flips(p, answer)

    def oracle(
        self, p: Puzzle, solution: Sequence[int], budget: int = search.DEFAULT_UNITS
    ) -> OracleResult:
        """Is ``solution`` the only answer? Coverage, silent-flip and
        silent-pair certificates first; the counting search (within
        ``budget`` nodes) only for boards that pass all three."""

        def count(nodes: int) -> tuple[int, bool, int]:
            c = self.count(p, limit=2, budget=nodes)
            return c.solutions, c.complete, c.nodes

        return certificates.oracle(p, solution, count, budget)

    def unique_by_oracle(
        self, p: Puzzle, answer: Sequence[int], budget: int = search.DEFAULT_UNITS
    ) -> Verdict:
        verdict = self.oracle(p, answer, budget=budget).verdict
        return "unique" if verdict == "unique" else "unknown" if verdict == "unknown" else "several"

    def studies(self) -> Mapping[str, Study]:
        from . import studies

        return studies.STUDIES


KIND = Kurotto(
    model.NAME,
    model,
    rules.LADDER,
    validate,
    brute,
    generate,
    GridText(model.NAME, model),
    FRONTEND,
)
