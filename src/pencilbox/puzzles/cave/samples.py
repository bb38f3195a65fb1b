"""Cave's boards for the shared tests (see :mod:`pencilbox.engine.samples`).

The probe board is a real puzzle; the other graded boards come from the
shipped bank. The clue-free 3×3 boards are the simple cycles of the 4×4
lattice of cell corners: 213 (OEIS A140517).
"""

from __future__ import annotations

from pencilbox.engine.samples import Sample, Samples

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
    shipped_sizes=(6, 8, 10),
    ablation=(("bridge", "cave 4x4\n. 2 . .\n4 5 . 4\n. . 3 .\n. . 3 .\n"),),
)
