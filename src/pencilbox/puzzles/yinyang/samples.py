"""Yin-Yang's boards for the shared tests (see :mod:`pencilbox.engine.samples`).

The bridge board is a real puzzle (the README's example); the other graded
boards come from the shipped bank. 34 clue-free 3×3 boards are legal, the
count the Yin-Yang tests also reach by plain enumeration. The split board is
a generated one with few givens and many answers: the unique 6×6 to 8×8
boards generated in a search for one were all finished by probe or by
single assumptions.
The real puzzles were published on puzz.link; how many answers each has is
an outside ASP solver's count.
"""

from __future__ import annotations

from pencilbox.engine.samples import Published, Sample, Samples

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
    # A generated 6x6 at 15% givens (seed 35), not unique (575 answers):
    # probe stalls at once, no single assumption fails, and a split on r2c1
    # shows r1c3 is black; the brute force finds no answer with r1c3 white.
    # No unique 6x6 to 8x8 was found where probe needs a split.
    split="https://puzz.link/p?yinyang/6/6/o00600002001",
    shipped_sizes=(6, 8, 10, 12, 15),
    ablation=(("bridge", "yinyang 4x4\n# # # .\no o o #\no # . #\no . o o\n"),),
    pzprjs=True,
    real=(
        Published("https://puzz.link/p?yinyang/12/5/02903a2o490i392o0290"),
        Published(
            "https://puzz.link/p?yinyang/14/10/000003fji00i3i669j099i31109960kl0320g010a000000",
        ),
        Published("https://puzz.link/p?yinyang/11/11/02000620ik00i0i00i8kiq030061206j002100600"),
        Published(
            "https://puzz.link/p?yinyang/22/18/0000000000000003019003000090000300000090013002000600"
            "0l0000090000i0020009400030200060000002empf01900001009901030130900031009a00009000",
        ),
        Published(
            "https://puzz.link/p?yinyang/15/15/00000000006a8jo3j6b06a8b03j6207h31o000005bobc0b6965j"
            "6bc626964bojc0000000000",
        ),
        Published("https://puzz.link/p?yinyang/8/8/9003003c30099033100030"),
        Published(
            "https://puzz.link/p?yinyang/6/6/6a166b230900",
            answer="# # # o o o\n# o o o # #\n# # # o o #\n# o # # o #\n# o o o o #\n# # # # # #\n",
        ),
        Published("https://puzz.link/p?yinyang/6/6/0j40j0060220"),
        Published("https://puzz.link/p?yinyang/9/9/00016009b6090p720020i069230"),
        Published("https://puzz.link/p?yinyang/9/9/000630k036300a0003399030000"),
        Published(
            "https://puzz.link/p?yinyang/5/5/016612300",
            answer="o o o o o\no # # # o\n# # o o o\no # # # o\no o o o o\n",
        ),
    ),
)
