"""The graded bank: puzzles of every type, size and grade, proved unique.

>>> from pencilbox.bank import Bank, SHIPPED
>>> with Bank(SHIPPED) as bank:          # the bank that ships with the package
...     shelves = bank.shelves()

Layers: :mod:`~pencilbox.bank.grading` (thinning to an exact grade, proofs),
:mod:`~pencilbox.bank.store` (the SQLite file), :mod:`~pencilbox.bank.build`
(tasks, seeds, process pool or Dask), :mod:`~pencilbox.bank.cli` (``pencilbox
bank build|list|show|export``).
"""

from __future__ import annotations

from pencilbox.bank.build import GENERATOR, Task, build, make_board, task_seed
from pencilbox.bank.grading import bank_grades, has_exact_grade, is_minimal, prove_unique, thin
from pencilbox.bank.store import SHIPPED, Bank, BankError, Board, Shelf

__all__ = [
    "GENERATOR",
    "SHIPPED",
    "Bank",
    "BankError",
    "Board",
    "Shelf",
    "Task",
    "bank_grades",
    "build",
    "has_exact_grade",
    "is_minimal",
    "make_board",
    "prove_unique",
    "task_seed",
    "thin",
]
