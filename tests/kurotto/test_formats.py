"""Kurotto in each format, read from text written by hand (or by the other
tools) and told apart by its content: what the files say, cell by cell."""

from __future__ import annotations

import base64
import zlib

import pytest

import pencilbox
from pencilbox.errors import PuzzleError
from pencilbox.formats import penpa_url, registry
from pencilbox.formats.base import Document

KUROTTO = pencilbox.puzzle("kurotto")
CAVE = pencilbox.puzzle("cave")

KUROTTO_FILE = "".join(
    line + "\n"
    for line in [
        "pzprv3",
        "kurotto",
        "5",
        "5",
        "3 0 . . . ",
        ". . . . 4 ",
        ". . 6 . . ",
        "4 . . . . ",
        ". . . 0 2 ",
        ". . + + + ",
        "# + # # + ",
        "# # . + # ",
        ". + # + # ",
        "# + + . . ",
    ]
)
"""A solved Kurotto as puzz.link saves it (written by hand; pzpr's own
checker calls it complete)."""
KUROTTO_URL = "https://puzz.link/p?kurotto/5/5/30m4h6h4m02"
KUROTTO_ANSWER = """
o o o o o
# o # # o
# # o o #
o o # o #
# o o o o
"""

_MODE = (
    '{z9:zA,zG:["1","2","1"],zQ:{zM:zN,zS:["",4],zL:["1",2],zE:["1",2],zW:["",2],zC:["1",10],'
    'zN:["1",6],zY:["circle_L",1],zP:[zT,""],zB:["",""],"move":["1",""],"combi":["battleship",""],'
    '"sudoku":["1",1]},zA:{zM:zS,zS:["",4],zL:["1",3],zE:["1",3],zW:["",3],zC:["1",10],'
    'zN:["1",6],zY:["circle_L",1],zP:[zT,""],zB:["",""],"move":["1",""],"combi":["blpo",""],'
    '"sudoku":["1",9]}}'
)
_EMPTY = "zF:{},z2:{},zT:[],z3:[],zD:[],z0:[],z5:[],zL:{},zE:{},zW:{},zC:{},z4:{},z6:[],z7:[]"
_LINES = [
    "square,4,4,38,0,1,1,190,190,91,91,0,0,0,0,Title: ,Author: ,,,OFF,false",
    "[0,0,0,0]",
    _MODE,
    '{zR:{z_:[]},zU:{z_:[]},z8:{z_:[]},zS:{},zN:{"18":[5,6,"1"],"21":[" ",6,"1"],'
    '"36":[0,6,"1"]},z1:{},zY:{},' + _EMPTY + "}",
    '{zR:{z_:[]},zU:{z_:[]},z8:{z_:[]},zS:{"19":2,"20":4},zN:{},z1:{},zY:{},' + _EMPTY + "}",
    "[18,1,1,1,5,1,1,1,5,1,1,1,5,1,1,1]",
    '["Surface","Number Normal"]',
    "{}",
    '"x"',
    '"x"',
    "[3,1,4]",
    _MODE,
    '"x"',
    "0",
    "{zR:{z_:[]},zU:{z_:[]},z8:{z_:[]},zS:{},zN:{},z1:{},zY:{}," + _EMPTY + "}",
    "{zR:{z_:[]},zU:{z_:[]},z8:{z_:[]},zS:{},zN:{},z1:{},zY:{}," + _EMPTY + "}",
    "{}",
    '["kurotto"]',
    "",
]
"""A 4×4 Kurotto laid out line by line as penpa-edit 3.1.4 writes its URLs
(the lines of a real one, cut down): numbers in circles (style 6, a blank
for a blank circle), two cells of the solution layer painted (2 white, 4 black)."""


def penpa_link(lines: list[str]) -> str:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress("\n".join(lines).encode()) + deflate.flush()
    return "https://swaroopg92.github.io/penpa-edit/?m=edit&p=" + base64.b64encode(data).decode()


PENPA_KUROTTO = penpa_link(_LINES)


def test_a_puzzlink_file_gives_the_clues_and_the_marks() -> None:
    (doc,) = registry.read(KUROTTO_FILE)
    assert doc.format == "pzprv3"
    assert doc.puzzle == KUROTTO.from_url(KUROTTO_URL)
    answer = KUROTTO.parse_solution(KUROTTO_ANSWER, doc.puzzle)
    # every cell the player left "." is a clue, whose colour its clue fixes
    assert doc.marks == answer


def test_a_puzzlink_file_on_one_line_and_with_a_history_tail() -> None:
    one_line = "/".join(KUROTTO_FILE.strip().split("\n"))
    assert registry.read(one_line)[0].puzzle == KUROTTO.from_url(KUROTTO_URL)
    pasted = KUROTTO_FILE.replace("\n", " ")  # what a one-line box makes of a paste
    assert registry.read(pasted)[0] == registry.read(KUROTTO_FILE)[0]
    tail = KUROTTO_FILE + 'history:{\n "type": "pzpr",\n "datas": []\n}\n'
    assert registry.read(tail)[0].marks == registry.read(KUROTTO_FILE)[0].marks


def test_writing_an_answer_gives_puzzlinks_layers() -> None:
    p = KUROTTO.from_url(KUROTTO_URL)
    answer = KUROTTO.parse_solution(KUROTTO_ANSWER, p)
    text = registry.write("pzprv3", KUROTTO, Document(p, answer=answer))
    assert text.split("\n")[:10] == [
        "pzprv3",
        "kurotto",
        "5",
        "5",
        "3 0 . . . ",
        ". . . . 4 ",
        ". . 6 . . ",
        "4 . . . . ",
        ". . . 0 2 ",
        ". . + + + ",
    ]
    assert text.split("\n")[10:15] == ["# + # # . ", "# # . + # ", ". + # + # ", "# + + . . ", ""]


def test_a_penpa_url_gives_its_board() -> None:
    (doc,) = registry.read(PENPA_KUROTTO)  # the genre tag says Kurotto
    p = doc.puzzle
    assert (p.type, p.rows, p.cols) == ("kurotto", 4, 4)
    assert p.clues == (5, None, None, -1) + (None,) * 6 + (0,) + (None,) * 5
    assert doc.marks is not None
    assert doc.marks[1:3] == (1, 0)  # painted white, painted black
    assert doc.marks[4] is None


def test_penpa_layout() -> None:
    assert penpa_url.decode(PENPA_KUROTTO).tags == ("kurotto",)
    # penpa centres the canvas on the point in the board's middle: a vertex
    # on an even board (the header's 91 here), a cell on an odd one
    assert penpa_url.centre_point(4, 4) == 91
    assert penpa_url.centre_point(3, 3) == 3 * 7 + 3


def test_a_janko_block_gives_the_clues_and_the_answer() -> None:
    block = """begin
puzzle kurotto
author someone
size 5
problem
3 0 - - -
- - - - 4
- - 6 - -
4 - - - -
- - - 0 2
solution
- - - - -
x - x x -
x x - - x
- - x - x
x - - - -
moves
Z2;ba,2;
end
"""
    (doc,) = registry.read(block)
    assert doc.format == "janko"
    assert doc.puzzle == KUROTTO.from_url(KUROTTO_URL)
    assert doc.answer == KUROTTO.parse_solution(KUROTTO_ANSWER, doc.puzzle)


@pytest.mark.parametrize(
    ("text", "kind", "match"),
    [
        (KUROTTO_FILE, CAVE, "holds a Kurotto puzzle, not a Cave one"),
        ("pzprv3\nbag\n2\n2\n. . \n. . \n", None, "genre 'bag'"),
        ("pzprv3\nkurotto\n2\n2\n. . \n", None, "fewer than 2 rows"),
        ("pzprv3\nkurotto\n2\n2\n. x \n. . \n", None, "row 1, column 2"),
    ],
)
def test_broken_input_gets_one_clear_error(text: str, kind: object, match: str) -> None:
    with pytest.raises(PuzzleError, match=match):
        registry.read(text, kind)  # type: ignore[arg-type]
