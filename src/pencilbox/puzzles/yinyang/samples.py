"""Yin-Yang's boards for the shared tests (see :mod:`pencilbox.engine.samples`).

The bridge board is a real puzzle (the README's example); the other graded
boards come from the shipped bank. 34 clue-free 3×3 boards are legal, the
count the Yin-Yang tests also reach by plain enumeration.
"""

from __future__ import annotations

from pencilbox.engine.samples import Sample, Samples

SAMPLES = Samples(
    graded=(
        Sample(
            "yinyang 6x6\n"
            "o o . . # .\n"
            "o . o . . #\n"
            "o . . o . .\n"
            ". . # o o #\n"
            "o . . . . #\n"
            ". o . . # #\n",
            "o o o # # #\no # o o o #\no # # o # #\no o # o o #\no # # # o #\no o o # # #\n",
            "window",
        ),
        Sample(
            "yinyang 6x6\n"
            ". . # . o .\n"
            ". . . # . .\n"
            ". . o . o .\n"
            ". . . . . .\n"
            ". # . # . .\n"
            "# . . . . .\n",
            "# # # o o o\n# o # # # o\n# o o o o o\n# o # o # o\n# # # # # o\n# o o o o o\n",
            "border",
        ),
        Sample(
            "https://puzz.link/p?yinyang/6/6/6a166b230900",
            "# # # o o o\n# o o o # #\n# # # o o #\n# o # # o #\n# o o o o #\n# # # # # #\n",
            "bridge",
        ),
        Sample(
            "yinyang 6x6\n"
            ". . . . . .\n"
            ". . . . . .\n"
            ". o . . . .\n"
            "# . . . # .\n"
            ". . . . . .\n"
            "o . . # . .\n",
            "# # # # # #\n# o o o o #\n# o # # o #\n# o o # # #\n# # o o o #\no o o # # #\n",
            "probe",
        ),
    ),
    contradiction="yinyang 4x4\n# # . .\n# # . .\n. . . .\n. . . .\n",  # a black 2×2
    refused=(
        "yinyang 2x3\n# o x\n. . .\n",
        "yinyang 2x2\n\x00 .\n. .\n",
        "https://puzz.link/p?yinyang/99999/99999/0",
        "https://puzz.link/p?yinyang/5/5/01",
        "https://puzz.link/p?yinyang/6/6/zz!",
    ),
    census=(3, 3, 34),
    bank_grade="bridge",
    shipped_sizes=(6, 8, 10),
    ablation=(("bridge", "yinyang 4x4\n# # # .\no o o #\no # . #\no . o o\n"),),
)
