"""Numbrix's boards for the shared tests (see :mod:`pencilbox.engine.samples`).

The graded boards come from the shipped bank. The clue-free 3×3 boards are
the directed Hamiltonian paths of the 3×3 grid: 40 (OEIS A096969). The slow
boards, nearly blank, once kept a server's worker busy long after its
request's deadline.
"""

from __future__ import annotations

from pencilbox.engine.samples import Sample, Samples

HUGE = "9" * 5000
"""A 5000-digit number, which once crashed the parser."""

SAMPLES = Samples(
    graded=(
        Sample(
            "numbrix/6/6/odi-22k-21l-1b-181i-1ci",
            "9 10 11 12 15 16\n"
            "8 7 6 13 14 17\n"
            "35 34 5 4 3 18\n"
            "36 33 26 25 2 19\n"
            "31 32 27 24 1 20\n"
            "30 29 28 23 22 21\n",
            "link",
        ),
        Sample(
            "numbrix/6/6/g-24k3gfv-13i-1ck",
            "35 36 5 6 7 8\n"
            "34 3 4 15 14 9\n"
            "33 2 1 16 13 10\n"
            "32 31 18 17 12 11\n"
            "29 30 19 20 21 22\n"
            "28 27 26 25 24 23\n",
            "block",
        ),
        Sample(
            "numbrix/6/6/m1n9q-19-12-22k",
            "3 4 5 12 13 14\n"
            "2 1 6 11 10 15\n"
            "31 30 7 8 9 16\n"
            "32 29 28 27 26 17\n"
            "33 36 23 24 25 18\n"
            "34 35 22 21 20 19\n",
            "edge",
        ),
        Sample(
            "numbrix/6/6/uf-12g5o-22m",
            "24 25 26 27 28 29\n"
            "23 22 21 20 19 30\n"
            "4 3 14 15 18 31\n"
            "5 2 13 16 17 32\n"
            "6 1 12 11 34 33\n"
            "7 8 9 10 35 36\n",
            "probe",
        ),
    ),
    contradiction="numbrix 4x4\n1 . . .\n. . . .\n. . . .\n. . . 2\n",  # 1 and 2 far apart
    refused=(
        "numbrix 2x2\n1 ²\n. .\n",
        f"numbrix 2x2\n{HUGE} .\n. .\n",
        "numbrix/6²/6/1",
        f"numbrix/6/{HUGE}/1",
    ),
    census=(3, 3, 40),
    bank_grade="edge",
    shipped_sizes=(4, 6, 8, 10, 12, 15),
    slow=("numbrix/13/13/6", "numbrix/30/30/1"),
)
