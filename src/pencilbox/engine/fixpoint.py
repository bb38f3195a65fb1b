"""Two questions a ladder answers with fixpoints alone, never guessing.

- :func:`first_deduction`: the first cell the rules of a level decide from a
  state (what a hint shows), narrated on a copy;
- :func:`lowest_solving_level`: the lowest level whose fixpoint solves a
  state (the grade, when the ladder finishes it).

Both leave the caller's state untouched and stop when their budget of
work runs out, by raising :class:`~pencilbox.errors.Stopped`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pencilbox.engine.budget import Budget
from pencilbox.engine.ladder import Ladder, Outcome, Status
from pencilbox.engine.state import B, Deduction, Mask, State


@dataclass(frozen=True)
class FirstDeduction:
    """The next proved cell at a level, or why there is none."""

    status: Status
    deduction: Deduction | None = None
    outcome: Outcome | None = None
    reached: list[Mask] | None = None
    """When nothing is decided and the level stalls: the candidates of its
    fixpoint (what a higher rung starts from without running it again)."""
    narrated: tuple[Deduction, ...] = ()
    """Every deduction of the run, in order, the decisive one last: what a
    hint rests on besides the state it started from."""


def first_deduction(
    ladder: Ladder[B], state: State[B], level: int, budget: Budget | None = None
) -> FirstDeduction:
    """The first deduction at ``level`` that decides a cell of ``state``.

    ``state`` is narrated on a copy; the caller's state is untouched.
    Raises :class:`~pencilbox.errors.Stopped` when ``budget`` runs out first.
    """
    narrated = State(state.board, state.cands[:], [], state.scratch)
    narrated.budget = budget
    outcome = ladder.propagate(narrated, level, stop=lambda d: d.decides)
    said = tuple(narrated.trace or ())
    if outcome.stopped is not None:
        return FirstDeduction(Status.STALLED, outcome.stopped, outcome, narrated=said)
    reached = narrated.cands if outcome.status is Status.STALLED else None
    return FirstDeduction(outcome.status, None, outcome, reached, said)


def lowest_solving_level(
    ladder: Ladder[B], state: State[B], budget: Budget | None = None
) -> tuple[int | None, Status]:
    """The lowest level whose fixpoint solves ``state`` (None: beyond).

    Also returns the status at the top level, which tells a contradiction
    (no solution) from a stall (beyond the ladder). Raises
    :class:`~pencilbox.errors.Stopped` when ``budget`` runs out first.
    """
    status = Status.STALLED
    s = state.copy()
    s.budget = budget
    for level in range(len(ladder.levels)):
        # Every rule is sound, so a level may start from the fixpoint below it.
        status = ladder.propagate(s, level).status
        if status is Status.SOLVED:
            return level, status
        if status is Status.CONTRADICTION:
            return None, status
    return None, status
