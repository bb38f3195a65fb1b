"""Bank figures: boards per minute per grade at 10×10 for each type (one core,
failed attempts included), and the median clue count of the boards made."""

from __future__ import annotations

import statistics
import time

import pencilbox
from pencilbox.bank import Task, bank_grades, make_board

SIZE = 10
BOARDS = 3
"""Tasks per (type, grade); each may try up to ATTEMPTS seeds."""
ATTEMPTS = 10


def run() -> None:
    print(f"{SIZE}x{SIZE}, {BOARDS} tasks per grade, up to {ATTEMPTS} seeds each")
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        for grade in bank_grades(kind):
            t0 = time.perf_counter()
            outcomes = [
                make_board(Task(name, SIZE, SIZE, grade, 10_000 + i, ATTEMPTS))
                for i in range(BOARDS)
            ]
            seconds = time.perf_counter() - t0
            clues = [o.board["clues"] for o in outcomes if o.board is not None]
            attempts = sum(o.attempts for o in outcomes)
            rate = len(clues) / seconds * 60.0 if seconds else 0.0
            median = f"{statistics.median(clues):5.1f}" if clues else "    -"
            print(
                f"  {name:<8} {grade:<7} {rate:8.1f} boards/min   median clues {median}"
                f"   ({len(clues)} boards, {attempts} attempts, {seconds:.1f} s)",
                flush=True,
            )
