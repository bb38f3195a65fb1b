"""Cave's boards for the shared tests (see :mod:`pencilbox.engine.samples`).

The probe board is a real puzzle; the other graded boards come from the
shipped bank. The clue-free 3×3 boards are the simple cycles of the 4×4
lattice of cell corners: 213 (OEIS A140517).
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
            "https://puzz.link/p?cave/6/6/g3i47u9i5h3g5g8h",
            "o o # o o o\no o o o o o\n# # # o o #\no o o o o o\n# o o o # o\n# o o o # o\n",
            "count",
        ),
        Sample(
            "https://puzz.link/p?cave/6/6/m3h5g7g5n3jag2i6g",
            "o # # # # #\no o # # o #\no o o o o #\n# # # # o o\no o o o o o\no # # o o #\n",
            "corner",
        ),
        Sample(
            "https://puzz.link/p?cave/6/6/58l4k6j4n36g3j",
            "o o o o o #\n# o o # # #\no o o o # o\n# o # o # o\n# # # o o o\n# o o o # o\n",
            "bridge",
        ),
        Sample(
            "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n",
            "# # # o o o\n# # o o # #\n# o o # # #\n# # o o o #\no # o o # #\no o o # # #\n",
            "probe",
        ),
    ),
    contradiction="cave 4x4\n1 1 . .\n. . . .\n. . . .\n. . . .\n",  # two 1s that see each other
    refused=(
        "cave 2x2\n. x\n. .\n",
        "cave 2x2\n¹ .\n. .\n",
        f"cave 2x2\n{HUGE} .\n. .\n",
        f"https://puzz.link/p?cave/{HUGE}/6/abc",
    ),
    census=(3, 3, 213),
    bank_grade="bridge",
    quick_grade="corner",  # count alone takes seconds to thin a 10×10
    shipped_sizes=(6, 8, 10, 12, 15),
    ablation=(("bridge", "cave 4x4\n. 2 . .\n4 5 . 4\n. . 3 .\n. . 3 .\n"),),
    real=(
        Published("https://puzz.link/p?cave/10/10/7i6i7j6j3i5i6w8p6w2i7i5j3j6i3ib"),
        Published(
            "https://puzz.link/p?cave/19/11/5g5g757g5i5i7775g5g7g7g5i5i7g7d9dgdbdgdi7i9g95g5g5g5g5i"
            "5i7g75g5g5g5g755g735g777y5g5g733g753g5h5g5g5g5g5i5i63g5g5g5g-14g-14-10-10g-14-10-10g-1"
            "4g-10-14g-14g737g5i5i5h5i5g5g733g733g5h5g62",
        ),
        Published(
            "https://puzz.link/p?cave/7/5/g.g3.g3i3g.3g3r3h3h3",
            answers=0,
        ),
        Published(
            "https://puzz.link/p?cave/11/11/9g7k6g5g7m5g5g6k7g6u6g7o9o6g7u5g5kag6gbm3g6g8k7g6",
        ),
        Published("https://puzz.link/p?cave/10/10/l.j2h2h2h.h.h.q2i2h2g.l.k.h.h.g2h2i.i.j2h2j.i.i"),
        Published(
            "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n",
            answer="# # # o o o\n# # o o # #\n# o o # # #\n# # o o o #\no # o o # #\no o o # # #\n",
        ),
        Published("https://puzz.link/p?cave/10/10/i4h4k3j7i6l5g5j6i6j5p4j5i7j6g8l9i6j8k7h7i"),
        Published(
            "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g",
            answer="# o o o # #\n# # # o # #\n# o # o o #\no o o o o o\no # o o # #\no # # o o #\n",
        ),
    ),
)
