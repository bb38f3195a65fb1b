"""Real puzzles from the wild: puzz.link URLs people made (puzzle tools' tests
and example lists), each with the number of answers an outside ASP solver
found under the standard rules ("none": no answer), and the answers known.
"""

from __future__ import annotations

URLS: list[tuple[str, int]] = [
    ("https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i", 1),
    (
        "https://puzz.link/p?kurotto/13/12/g1g1h.h0g1h2g0h4h4g1h3g1h.h2g4i2h.g1h2j.h2g.h."
        "j6h.g.h3i6g2h5h5g4h2g.h.h3g.h5g.h.h8g9i3h.g.h6j5h3g.h.j7h.g.h9h",
        1,
    ),
    ("https://puzz.link/p?kurotto/4/4/g4g3.l.3g3g", 1),
    ("https://puzz.link/p?kurotto/7/7/g123v66k55v456g", 1),
    (
        "https://puzz.link/p?kurotto/9/17/i123zg5h2g2h66h3g3h.7h.g4h4x567i4.5x5h7g4h56h8g"
        "5h.7h.g6h7zg234i",
        1,
    ),
    ("https://puzz.link/p?cave/10/10/7i6i7j6j3i5i6w8p6w2i7i5j3j6i3ib", 1),
    (
        "https://puzz.link/p?cave/19/11/5g5g757g5i5i7775g5g7g7g5i5i7g7d9dgdbdgdi7i9g95g5g"
        "5g5g5i5i7g75g5g5g5g755g735g777y5g5g733g753g5h5g5g5g5g5i5i63g5g5g5g-14g-14-10-10g"
        "-14-10-10g-14g-10-14g-14g737g5i5i5h5i5g5g733g733g5h5g62",
        1,
    ),
    ("https://puzz.link/p?cave/7/5/g.g3.g3i3g.3g3r3h3h3", 0),
    ("https://puzz.link/p?yinyang/12/5/02903a2o490i392o0290", 1),
    ("https://puzz.link/p?yinyang/14/10/000003fji00i3i669j099i31109960kl0320g010a000000", 1),
    ("https://puzz.link/p?cave/11/11/9g7k6g5g7m5g5g6k7g6u6g7o9o6g7u5g5kag6gbm3g6g8k7g6", 1),
    (
        "https://puzz.link/p?kurotto/17/13/7i4i-1ai4iay1i6ibi0y3ibi9i-14iay4i7i-10i4y-11i"
        "ei6ici3y1ibi7i2y-10i8i0i4i1",
        1,
    ),
    ("https://puzz.link/p?yinyang/11/11/02000620ik00i0i00i8kiq030061206j002100600", 1),
    (
        "https://puzz.link/p?yinyang/22/18/0000000000000003019003000090000300000090013002"
        "0006000l0000090000i0020009400030200060000002empf01900001009901030130900031009a00"
        "009000",
        1,
    ),
    ("https://puzz.link/p?cave/10/10/l.j2h2h2h.h.h.q2i2h2g.l.k.h.h.g2h2i.i.j2h2j.i.i", 1),
    (
        "https://puzz.link/p?yinyang/15/15/00000000006a8jo3j6b06a8b03j6207h31o000005bobc0"
        "b6965j6bc626964bojc0000000000",
        1,
    ),
    ("https://puzz.link/p?yinyang/8/8/9003003c30099033100030", 1),
    ("https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2", 1),
    ("https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n", 1),
    ("https://puzz.link/p?yinyang/6/6/6a166b230900", 1),
    ("https://puzz.link/p?yinyang/6/6/0j40j0060220", 1),
    ("https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23", 1),
    ("https://puzz.link/p?cave/10/10/i4h4k3j7i6l5g5j6i6j5p4j5i7j6g8l9i6j8k7h7i", 1),
    ("https://puzz.link/p?yinyang/9/9/00016009b6090p720020i069230", 1),
    ("https://puzz.link/p?yinyang/9/9/000630k036300a0003399030000", 1),
]
"""(URL, number of answers) for every real puzzle."""

ANSWERS: dict[str, str] = {
    "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2": """
o # o # o o
# o # o o #
# o # # # o
o # # o o o
# # o o # o
o o # o # o
""",
    "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n": """
# # # o o o
# # o o # #
# o o # # #
# # o o o #
o # o o # #
o o o # # #
""",
    "https://puzz.link/p?yinyang/6/6/6a166b230900": """
# # # o o o
# o o o # #
# # # o o #
# o # # o #
# o o o o #
# # # # # #
""",
    "https://puzz.link/p?yinyang/5/5/016612300": """
o o o o o
o # # # o
# # o o o
o # # # o
o o o o o
""",
    "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g": """
# o o o # #
# # # o # #
# o # o o #
o o o o o o
o # o o # #
o # # o o #
""",
    "https://puzz.link/p?kurotto/5/5/30m4h6h4m02": """
o o o o o
# o # # o
# # o o #
o o # o #
# o o o o
""",
}
"""Known answers, ``#`` shaded and ``o`` unshaded, as text grid rows."""
