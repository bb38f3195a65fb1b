"""Kurotto's boards for the shared tests (see :mod:`pencilbox.engine.samples`).

The graded boards come from the shipped bank; the board graded ``case`` is a
real puzzle. Without circles every shading is legal: 2⁹ = 512 clue-free 3×3
boards. The slow board is a generated 30×30 at 50% circles (seed 1), whose
probe fixpoint runs for minutes.
The real puzzles were published on puzz.link; how many answers each has is
an outside ASP solver's count.
"""

from __future__ import annotations

from pencilbox.engine.samples import Published, Sample, Samples

HUGE = "9" * 5000
"""A 5000-digit number, which once crashed the parser."""

SAMPLES = Samples(
    graded=(
        Sample(
            "https://puzz.link/p?kurotto/6/6/j-13k-14l-14-16j-16g-16h-16i-16-16h",
            "# # # # o o\n# # # # o #\n# # # # # o\no # # # # o\n# o # # o #\n# # o o # #\n",
            "sum",
        ),
        Sample(
            "https://puzz.link/p?kurotto/6/6/g1g5q04hcch0mcchc",
            "o o # o # #\n# o o o # #\n# # o o o o\n# o o o o o\n# # # # # o\n# o o # # o\n",
            "door",
        ),
        Sample(
            "https://puzz.link/p?kurotto/6/6/8g8g3o9i8cgcq0h",
            "o # o o o #\n# # # # o #\n# # o # o #\no o # o # o\no # o o # #\n# # o o o o\n",
            "echo",
        ),
        Sample(
            "https://puzz.link/p?kurotto/6/6/9o9idm26o0h",
            "o # # o # #\n# o # # o #\n# # o # o #\n# o # o o o\no # # o # #\no # o o o o\n",
            "probe",
        ),
    ),
    contradiction="kurotto 4x4\n1 0 . .\n0 . . .\n. . . .\n. . . .\n",  # a 1 walled in by circles
    refused=(
        "kurotto 2x2\n6² .\n. .\n",
        f"kurotto 2x2\n{HUGE} .\n. .\n",
        f"kurotto {HUGE}x2\n. .\n. .\n",
        "https://puzz.link/p?kurotto/6²/6/abc",
        "https://puzz.link/p?kurotto/6/¹/abc",
    ),
    census=(3, 3, 512),
    split="kurotto 4x4\n. . . .\n0 5 . .\n. . . .\n. 6 . .\n",
    bank_grade="echo",
    shipped_sizes=(6, 8, 10, 12, 15),
    case=Sample(
        "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2",
        "o # o # o o\n# o # o o #\n# o # # # o\no # # o o o\n# # o o # o\no o # o # o\n",
        "case",
    ),
    slow=(
        "https://puzz.link/p?kurotto/30/30/hdidi-17p3csdg-16o-3cj-48cchciddj-16l-3ch-3cmchc-13g1i"
        "03-19i-17r-3c0gc0g69i7o-3co-14l9g50i-16p-3cj-14k515ier-3ck-14h0gcl-21h-1ag-40-3cj-3c0g-6"
        "5pbl-2bj-3cj-65h-79j-14ibbj-20h-19g-40i-3cg-65h-29h-16-14nbl-19j0-29qbm-15-15h-15j-29h-2"
        "9-29-2ch-16n-22n-51p-17i-14o-2cg-15g-51h-3c-29h-29j3-3dh1g-18i-17-17g-17-15g-15g-51g-3c-"
        "3ci-29j-29o-17-17q-65l-29i1k-17i-2cg-16-15h-3cg-3ch-2ag-29l0g-19k-17h-16j-3ep-38g01g2-17"
        "-18-17g-1d6g3g10j-3cr20h1o4i0h-4cg-2bg2fh-1066g76i3k90-24l-4eg-11fndh7h3gap-34ifjdhd7h4g"
        "9m-23-23h-32kc6h7g7g6h47h0-23l-23ifjc7kbgbi7-23m-26h3k-13j8if770g-23-23i-23jbkco70h3i-23"
        "0-23-24n3h40idham-23h9i1gcg03i066jag5p9ich300k8k3h0g8h80g",
    ),
    pzprjs=True,
    real=(
        Published("https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i"),
        Published(
            "https://puzz.link/p?kurotto/13/12/g1g1h.h0g1h2g0h4h4g1h3g1h.h2g4i2h.g1h2j.h2g.h.j6h.g."
            "h3i6g2h5h5g4h2g.h.h3g.h5g.h.h8g9i3h.g.h6j5h3g.h.j7h.g.h9h",
        ),
        Published("https://puzz.link/p?kurotto/4/4/g4g3.l.3g3g"),
        Published("https://puzz.link/p?kurotto/7/7/g123v66k55v456g"),
        Published(
            "https://puzz.link/p?kurotto/9/17/i123zg5h2g2h66h3g3h.7h.g4h4x567i4.5x5h7g4h56h8g5h.7h."
            "g6h7zg234i",
        ),
        Published(
            "https://puzz.link/p?kurotto/17/13/7i4i-1ai4iay1i6ibi0y3ibi9i-14iay4i7i-10i4y-11iei6ici"
            "3y1ibi7i2y-10i8i0i4i1",
            slow=True,
        ),
        Published(
            "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2",
            answer="o # o # o o\n# o # o o #\n# o # # # o\no # # o o o\n# # o o # o\no o # o # o\n",
        ),
        Published("https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23"),
        Published(
            "https://puzz.link/p?kurotto/5/5/30m4h6h4m02",
            answer="o o o o o\n# o # # o\n# # o o #\no o # o #\n# o o o o\n",
        ),
    ),
)
