"""Tally's boards for the shared tests (see :mod:`pencilbox.engine.samples`),
as any puzzle package ships them. The graded boards are from Tally's own
bank build; without clues every shading is legal (2⁹ = 512 3×3 boards)."""

from __future__ import annotations

from pencilbox.engine.samples import Sample, Samples

SAMPLES = Samples(
    graded=(
        Sample(
            "tally 6x6\n"
            "2 3 . 1 . 1\n"
            ". 4 3 1 . 0\n"
            "2 3 . . 1 .\n"
            "1 . 4 3 . 0\n"
            "2 . 3 . . .\n"
            "1 . 2 . 1 .\n",
            "# # o o # o\no # # o o o\no # # o # o\n# o # # o o\no o # # o o\n# o o # o o\n",
            "cross",
        ),
        Sample(
            "tally 6x6\n"
            ". 2 . . 0 0\n"
            ". 3 2 2 2 .\n"
            ". 3 2 . . .\n"
            "2 . 2 2 . 4\n"
            "1 . 3 . 2 3\n"
            ". 2 . 2 . .\n",
            "o # # o o o\n# o o # o o\n# # o # # #\no # o o # #\no # # o o #\no o # # o #\n",
            "probe",
        ),
    ),
    # the 0 makes r1c2 white, and the 3 beside it cannot find three black cells
    contradiction="tally 4x4\n0 3 . .\n. . . .\n. . . .\n. . . .\n",
    refused=(
        "tally 2x2\n6 .\n. .\n",
        "tally 2x2\n6² .\n. .\n",
        "tally 2x2\n-1 .\n. .\n",
        "https://puzz.link/p?tally/2/2/6",
        "https://puzz.link/p?tally/6²/2/1",
    ),
    census=(3, 3, 512),
    bank_grade="probe",
    ablation=(
        ("full", "tally 3x3\n. 4 3\n3 4 4\n2 . .\n"),
        ("short", "tally 3x3\n0 1 0\n1 1 .\n0 1 0\n"),
    ),
)
