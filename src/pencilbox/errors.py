"""Errors a user can act on. Each is a narrow ``ValueError`` subclass whose
message is one clear line; the CLI prints it and exits with status 2, the
web API answers it with a 4xx JSON body."""

from __future__ import annotations


class PuzzleError(ValueError):
    """Base class of every input error pencilbox reports to a user."""


class ParseError(PuzzleError):
    """Malformed puzzle text or URL."""


class UnknownPuzzle(PuzzleError):
    """A puzzle type pencilbox does not know."""


class SizeError(PuzzleError):
    """A board size outside the supported range."""


class ContradictoryClues(PuzzleError):
    """Clues that cannot all hold at once."""


class NoSolution(PuzzleError):
    """A puzzle with no solution, where one is required."""


class BudgetExceeded(PuzzleError):
    """A search that ran out of its node budget or deadline."""


class Stopped(BudgetExceeded):
    """Work (a fixpoint, a probe pass, a search) stopped at its deadline.

    The engine raises it from :meth:`pencilbox.engine.ladder.Ladder.propagate`;
    every caller turns it into an honest outcome (a count that is not
    complete, a fixpoint or hint that says it stopped) or a clear error.
    """


class SolverBusy(BudgetExceeded):
    """No solver worker became free, or the job ran past its deadline (HTTP 503).

    ``retry_after`` is how many seconds a client should wait before asking
    again (the ``Retry-After`` header)."""

    retry_after = 1


class SolverFull(SolverBusy):
    """Too many jobs are already waiting for a worker (HTTP 429)."""


class SolverLate(SolverBusy):
    """The job did not answer within its deadline (and the grace after it):
    its worker was killed."""


class SolverDied(SolverBusy):
    """The worker of a job died under it (killed from outside, or crashed),
    and again on the one retry (HTTP 503)."""


class ServeError(PuzzleError):
    """The web server cannot start: its address is taken or is no address."""


class UnknownLevel(PuzzleError):
    """A ladder level the puzzle does not have."""
