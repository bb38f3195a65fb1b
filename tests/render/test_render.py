"""``pencilbox render``: puzzle sheets as SVG, PNG and PDF.

No expected drawing is stored: the tests read the pages back (XML, PDF, PNG
header) and check facts that hold for any correct sheet — one cell group
per cell, the clues' text, answers that the independent checker accepts,
the page count, the image size, boards inside the page and apart.
"""

from __future__ import annotations

import io
import json
import math
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import pencilbox
from pencilbox.cli import main
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.render.glyphs import Glyphs, Label, Ring, Shade, Stone, answer_glyphs, clue_glyphs

SVG = "{http://www.w3.org/2000/svg}"

PUZZLES = {
    # Unique puzzles people made (as in benchmarks/bench_cases.py) and, for
    # Numbrix, which puzz.link lacks, a 5x5 grid whose uniqueness the brute
    # force confirms below.
    "yinyang": "https://puzz.link/p?yinyang/6/6/6a166b230900",
    "cave": "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n",
    "kurotto": "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2",
    "numbrix": "numbrix 5x5\n. . . . .\n8 1 . 21 .\n7 2 . . .\n. 3 . 19 18\n. 4 15 . .\n",
}
MORE = {
    "yinyang": "https://puzz.link/p?yinyang/6/6/0j40j0060220",
    "cave": "https://puzz.link/p?cave/10/10/7i6i7j6j3i5i6w8p6w2i7i5j3j6i3ib",
    "kurotto": "https://puzz.link/p?kurotto/4/4/g4g3.l.3g3g",
    "numbrix": "numbrix 4x4\n1 . . 16\n. . . .\n. . . .\n4 . . 13\n",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write_puzzles(tmp_path: Path, name: str, texts: list[str]) -> str:
    path = tmp_path / f"{name}.txt"
    path.write_text("\n\n".join(t.strip() for t in texts) + "\n")
    return str(path)


def parse(kind: PuzzleKind, text: str) -> Puzzle:
    return kind.parse(text)


def boards(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "board"]


def groups(board: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in board.iter(f"{SVG}g") if g.get("class") == cls]


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]


def svg_pages(tmp_path: Path, name: str) -> list[ET.Element]:
    files = sorted(tmp_path.glob(f"{name}*.svg"))
    return [ET.parse(f).getroot() for f in files]


def read_answer(kind: PuzzleKind, p: Puzzle, board: ET.Element) -> str:
    """The answer drawn on a solution board, as the text format's rows."""
    tokens: dict[tuple[int, int], str] = {}
    for cls in ("cell", "clue"):
        for g in groups(board, cls):
            r, c = int(g.attrib["data-r"]), int(g.attrib["data-c"])
            shaded = any(e.get("class") == "shade" for e in g.iter(f"{SVG}rect"))
            stones = [e.get("class", "") for e in g.iter(f"{SVG}circle")]
            words = texts(g)
            if p.type == "numbrix":
                if words:
                    tokens[(r, c)] = words[0]
            elif p.type == "yinyang":
                if stones:
                    tokens[(r, c)] = "#" if "black" in stones[0] else "o"
            else:
                tokens.setdefault((r, c), "#" if shaded else "o")
                if cls == "clue":
                    tokens[(r, c)] = "o"
    rows = [" ".join(tokens.get((r, c), "?") for c in range(p.cols)) for r in range(p.rows)]
    return "\n".join(rows)


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_every_puzzle_has_a_look_to_draw_it_by(name: str) -> None:
    assert pencilbox.puzzle(name).frontend is not None


BLACK, WHITE = (Stone(black=True),), (Stone(black=False),)
GLYPHS: dict[str, tuple[dict[str, Glyphs], dict[str, Glyphs]]] = {
    # What each clue token and answer token of a 5x5 board prints as.
    "yinyang": ({"#": BLACK, "o": WHITE}, {"#": BLACK, "o": WHITE}),
    "cave": ({"3": (Label("3"),), "o": (Label("?"),)}, {"#": (Shade(),), "o": ()}),
    "kurotto": (
        {"0": (Ring(), Label("0")), "12": (Ring(), Label("12")), "o": (Ring(),)},
        {"#": (Shade(),), "o": ()},
    ),
    "numbrix": (
        {"1": (Label("1"),), "25": (Label("25"),)},
        {"1": (Label("1"),), "25": (Label("25"),)},
    ),
}


@pytest.mark.parametrize("name", sorted(GLYPHS))
def test_glyphs_follow_the_declared_look(name: str) -> None:
    kind = pencilbox.puzzle(name)
    look = kind.frontend
    assert look is not None
    clues, answers = GLYPHS[name]
    for token, glyphs in clues.items():
        value = kind.parse_clue(token)
        assert value is not None
        assert clue_glyphs(look, value) == glyphs, token
    for token, glyphs in answers.items():
        value = kind.parse_value(token, 25)
        assert value is not None
        assert answer_glyphs(look, value) == glyphs, token


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_svg_has_a_cell_group_per_cell_and_the_clues(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    kind = pencilbox.puzzle(name)
    src = write_puzzles(tmp_path, name, [PUZZLES[name], MORE[name]])
    code, _, err = run(
        capsys, "render", name, src, "--per-page", "2", "--out", str(tmp_path / f"{name}.svg")
    )
    assert code == 0, err
    (page,) = svg_pages(tmp_path, name)
    assert page.tag == f"{SVG}svg"
    drawn = boards(page)
    assert len(drawn) == 2
    for board, text in zip(drawn, [PUZZLES[name], MORE[name]], strict=True):
        p = parse(kind, text)
        cells = groups(board, "cell")
        assert len(cells) == p.rows * p.cols
        spots = {(int(g.attrib["data-r"]), int(g.attrib["data-c"])) for g in cells}
        assert spots == {(r, c) for r in range(p.rows) for c in range(p.cols)}
        clues = {
            (int(g.attrib["data-r"]), int(g.attrib["data-c"])): g for g in groups(board, "clue")
        }
        given = {divmod(i, p.cols): v for i, v in enumerate(p.clues) if v is not None}
        assert set(clues) == set(given)
        for spot, v in given.items():
            words = texts(clues[spot])
            circles = [e.get("class", "") for e in clues[spot].iter(f"{SVG}circle")]
            if name == "yinyang":
                colour = kind.value_token(v)
                assert circles == ["stone black" if colour == "#" else "stone white"]
            elif v >= 0:
                assert words == [str(v)]
            else:
                assert words in ([], ["?"])
            if name == "kurotto":
                assert circles == ["ring"]
        # The puzzle page shows no answer.
        assert all(not list(g) for g in cells)


def test_each_puzzle_shows_type_size_grade_and_url(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kind = pencilbox.puzzle("cave")
    src = write_puzzles(tmp_path, "cave", [PUZZLES["cave"]])
    code, _, _ = run(capsys, "render", "cave", src, "--out", str(tmp_path / "cave.svg"))
    assert code == 0
    (page,) = svg_pages(tmp_path, "cave")
    words = " ".join(texts(page))
    p = kind.parse(PUZZLES["cave"])
    assert "Cave 6×6" in words
    assert f"grade: {kind.grade(p).grade}" in words
    url = "".join("".join(t.itertext()) for t in page.iter(f"{SVG}text") if t.get("class") == "url")
    assert url == PUZZLES["cave"]


def test_no_grade_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = write_puzzles(tmp_path, "cave", [PUZZLES["cave"]])
    out = str(tmp_path / "cave.svg")
    assert run(capsys, "render", "cave", src, "--no-grade", "--out", out)[0] == 0
    (page,) = svg_pages(tmp_path, "cave")
    assert "grade: ?" in texts(page)


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_solution_pages_hold_an_answer_the_checker_accepts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.parse(PUZZLES[name])
    counted = kind.brute_count(p, limit=2)
    assert counted.complete and counted.solutions == 1
    src = write_puzzles(tmp_path, name, [PUZZLES[name]])
    code, _, err = run(
        capsys, "render", name, src, "--solution", "--out", str(tmp_path / f"{name}.svg")
    )
    assert code == 0, err
    puzzle_page, solution_page = svg_pages(tmp_path, name)
    assert "solutions" in solution_page.attrib["class"]
    (board,) = boards(solution_page)
    answer = kind.parse_solution(read_answer(kind, p, board), p)
    assert kind.validate(p, answer) == []
    assert answer == counted.first


def test_a_puzzle_with_two_answers_shows_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kind = pencilbox.puzzle("numbrix")
    text = "numbrix 3x3\n1 . .\n. . .\n. . .\n"
    assert kind.brute_count(kind.parse(text), limit=2).solutions == 2
    src = write_puzzles(tmp_path, "numbrix", [text])
    out = str(tmp_path / "numbrix.svg")
    assert run(capsys, "render", "numbrix", src, "--solution", "--out", out)[0] == 0
    _, solution_page = svg_pages(tmp_path, "numbrix")
    (board,) = boards(solution_page)
    assert all(not list(g) for g in groups(board, "cell"))
    assert any("several" in t for t in texts(solution_page))


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_pdf_has_a_page_per_sheet_and_solutions_after(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, per_page: int
) -> None:
    pypdf = pytest.importorskip("pypdf")
    kind = pencilbox.puzzle("yinyang")
    lines = []
    for seed in range(7):
        p, _ = kind.generate(5, 5, density=0.6, seed=seed)
        lines.append(json.dumps({"puzzle": kind.puzzle_rows(p)}))
    src = tmp_path / "many.jsonl"
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "sheet.pdf"
    code, stdout, err = run(
        capsys,
        "render",
        "yinyang",
        str(src),
        "--solution",
        "--per-page",
        str(per_page),
        "--seconds",
        "1",
        "--out",
        str(out),
        "--json",
    )
    assert code == 0, err
    sheets = math.ceil(7 / per_page)
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 2 * sheets
    report = json.loads(stdout)
    assert report["pages"] == 2 * sheets and report["puzzles"] == 7
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width * 25.4 / 72), round(height * 25.4 / 72)) == (210, 297)
    text = reader.pages[0].extract_text()
    assert "1. Yin-Yang 5×5" in text


@pytest.mark.parametrize("per_page", [1, 2, 3, 4, 6, 9, 12])
def test_boards_lie_inside_the_page_and_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, per_page: int
) -> None:
    kind = pencilbox.puzzle("numbrix")
    texts_ = []
    for seed, (r, c) in enumerate([(5, 5), (4, 9), (9, 4), (12, 12)] * 3):
        p, _ = kind.generate(r, c, density=0.5, seed=seed)
        texts_.append(kind.format(p))
    src = write_puzzles(tmp_path, "numbrix", texts_[:per_page])
    out = str(tmp_path / "n.svg")
    argv = ["render", "numbrix", src, "--no-grade", "--per-page", str(per_page), "--out", out]
    assert run(capsys, *argv)[0] == 0
    (page,) = svg_pages(tmp_path, "n")
    _, _, width, height = (float(v) for v in page.attrib["viewBox"].split())
    boxes = []
    for board in boards(page):
        rect = board.find(f"{SVG}rect")
        assert rect is not None
        x, y = float(rect.attrib["x"]), float(rect.attrib["y"])
        w, h = float(rect.attrib["width"]), float(rect.attrib["height"])
        assert x > 0 and x + w < width and y > 0 and y + h < height
        rows, cols = int(board.attrib["data-rows"]), int(board.attrib["data-cols"])
        assert w / cols == pytest.approx(h / rows, abs=0.02)
        boxes.append((x, y, x + w, y + h))
    assert len(boxes) == per_page
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_png_pages(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    from pencilbox.render.convert import PNG_DPI

    src = write_puzzles(tmp_path, "kurotto", [PUZZLES["kurotto"], MORE["kurotto"]])
    code, out, err = run(
        capsys, "render", "kurotto", src, "--solution", "--out", str(tmp_path / "k.png")
    )
    assert code == 0, err
    files = sorted(tmp_path.glob("k-*.png"))
    assert [f.name for f in files] == ["k-1.png", "k-2.png", "k-3.png", "k-4.png"]
    assert out.startswith("wrote ") and out.count("\n") == 1
    for f in files:
        data = f.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert data[12:16] == b"IHDR"
        width, height = struct.unpack(">II", data[16:24])
        assert (width, height) == (round(210 / 25.4 * PNG_DPI), round(297 / 25.4 * PNG_DPI))


def test_one_page_writes_the_named_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = write_puzzles(tmp_path, "yy", [PUZZLES["yinyang"]])
    out = tmp_path / "one.svg"
    code, stdout, _ = run(capsys, "render", "yinyang", src, "--out", str(out), "--json")
    assert code == 0
    assert json.loads(stdout)["files"] == [str(out)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.svg", "yy.txt"]


@pytest.mark.parametrize(
    "args",
    [
        ["nosuchtype", "{src}", "--out", "{dir}/x.svg"],
        ["cave", "{dir}/missing.txt", "--out", "{dir}/x.svg"],
        ["cave", "{bad}", "--out", "{dir}/x.svg"],
        ["cave", "{src}", "--out", "{dir}/x.svg", "--per-page", "0"],
        ["cave", "{src}", "--out", "{dir}/x.svg", "--per-page", "13"],
        ["cave", "{src}", "--out", "{dir}/x.svg", "--budget", "0"],
        ["cave", "{src}", "--out", "{dir}/x.svg", "--seconds", "0"],
        ["cave", "{src}", "--out", "{dir}/x.txt"],
        ["cave", "{src}", "--out", "{dir}/x.svg", "--format", "gif"],
        ["cave", "{src}", "--out", "{dir}/no/such/dir/x.svg"],
        ["cave", "{src}"],
        ["cave", "{contradiction}", "--out", "{dir}/x.svg"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str]
) -> None:
    src = write_puzzles(tmp_path, "ok", [PUZZLES["cave"]])
    bad = write_puzzles(tmp_path, "bad", ["cave 2x2\n. x\n. .\n"])
    contradiction = write_puzzles(
        tmp_path, "no", ["https://puzz.link/p?cave/7/5/g.g3.g3i3g.3g3r3h3h3"]
    )
    names = {"src": src, "bad": bad, "dir": str(tmp_path), "contradiction": contradiction}
    code, out, err = run(capsys, "render", *(a.format(**names) for a in args))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("pencilbox: error: ")
    assert not list(tmp_path.glob("x*"))


def test_png_without_cairosvg_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    src = write_puzzles(tmp_path, "ok", [PUZZLES["cave"]])
    code, out, err = run(capsys, "render", "cave", src, "--out", str(tmp_path / "x.png"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "pencilbox[render]" in err
    assert not list(tmp_path.glob("x*"))


def sheet_of(count: int) -> list[object]:
    from pencilbox.render.cli import look_of
    from pencilbox.render.svg import Entry

    kind = pencilbox.puzzle("yinyang")
    out: list[object] = []
    for i in range(count):
        p, _ = kind.generate(6, 6, density=0.6, seed=i)
        out.append(Entry(i + 1, kind.title, look_of(kind), p, "?", kind.to_url(p)))
    return out


def test_pages_are_made_one_at_a_time() -> None:
    """Python's memory while SVG pages of 20 and of 200 puzzles are made and
    dropped one after another: the longer sheet takes hardly more (its
    entries), not ten times as much (its pages)."""
    import tracemalloc

    from pencilbox.render import svg

    peaks = []
    for count in (20, 200):
        sheet = sheet_of(count)
        tracemalloc.start()
        for page in svg.pages(sheet, 1, True):  # type: ignore[arg-type]
            assert page.startswith("<?xml")
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < 2 * peaks[0], peaks


def test_a_pdf_is_written_a_page_at_a_time(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    from pencilbox.render import convert, svg

    sizes = []
    with convert.PdfDocument(tmp_path / "many.pdf", "many") as document:
        for page in svg.pages(sheet_of(4), 1, False):  # type: ignore[arg-type]
            document.add(page)
            sizes.append(document.file.tell())
    assert sizes == sorted(set(sizes)) and sizes[0] > 0  # each page went out as it came
    assert (tmp_path / "many.pdf").read_bytes().startswith(b"%PDF")


def test_a_pdf_that_cannot_be_written_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("cairosvg")
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    src = write_puzzles(tmp_path, "yy", [PUZZLES["yinyang"]] * 3)
    argv = ["render", "yinyang", src, "--no-grade", "--out", "/dev/full", "--format", "pdf"]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and "/dev/full" in err
    assert not Path("/dev/full.pdf").exists()


@pytest.mark.parametrize(("out", "fmt"), [("x.pdf", "svg"), ("x.svg", "png"), ("x.PNG", "pdf")])
def test_an_out_name_that_says_another_format_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, out: str, fmt: str
) -> None:
    src = write_puzzles(tmp_path, "yy", [PUZZLES["yinyang"]])
    argv = ["render", "yinyang", src, "--no-grade", "--out", str(tmp_path / out), "--format", fmt]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and "--format" in err
    assert not list(tmp_path.glob("x*"))


def test_an_out_name_without_a_suffix_is_written_as_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = write_puzzles(tmp_path, "yy", [PUZZLES["yinyang"]])
    out = tmp_path / "sheet"
    argv = ["render", "yinyang", src, "--no-grade", "--out", str(out), "--format", "svg"]
    assert run(capsys, *argv)[0] == 0
    assert out.read_text().startswith("<?xml") and not list(tmp_path.glob("sheet.*"))
