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
from pencilbox.engine.state import values_of
from pencilbox.render.glyphs import Glyphs, Label, Ring, Shade, Stone, answer_glyphs, clue_glyphs

from ..kinds import blank_text, hardest, names, names_with, refuted_at_once, sample

SVG = "{http://www.w3.org/2000/svg}"

PUZZLES = {name: hardest(pencilbox.puzzle(name)).puzzle for name in names()}
MORE = {name: sample(pencilbox.puzzle(name)).puzzle for name in names()}
"""Two unique boards of each puzzle (its samples; the brute force confirms
them in tests/test_samples.py and below)."""


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


def shows(group: ET.Element) -> tuple[tuple[str, ...], ...]:
    """What a cell's group shows: its shading, circles and texts."""
    out: list[tuple[str, ...]] = []
    for e in group.iter():
        if e.tag == f"{SVG}rect" and e.get("class") == "shade":
            out.append(("shade",))
        elif e.tag == f"{SVG}circle":
            out.append(("circle", e.get("class", "")))
        elif e.tag == f"{SVG}text":
            out.append(("text", "".join(e.itertext())))
    return tuple(sorted(out))


def looks(glyphs: Glyphs) -> tuple[tuple[str, ...], ...]:
    """What a cell drawn with ``glyphs`` shows, as :func:`shows` reads it."""
    out: list[tuple[str, ...]] = []
    for m in glyphs:
        if isinstance(m, Shade):
            out.append(("shade",))
        elif isinstance(m, Stone):
            out.append(("circle", "stone black" if m.black else "stone white"))
        elif isinstance(m, Ring):
            out.append(("circle", "ring"))
        elif isinstance(m, Label):
            out.append(("text", m.text))
    return tuple(sorted(out))


def read_answer(kind: PuzzleKind, p: Puzzle, board: ET.Element) -> dict[int, int]:
    """The answer drawn on a solution board in the cells without a clue: in
    each, the one value whose answer glyphs look as the cell does."""
    look = kind.frontend
    assert look is not None
    cands = kind.start(p).cands
    out: dict[int, int] = {}
    for g in groups(board, "cell"):
        cell = int(g.attrib["data-r"]) * p.cols + int(g.attrib["data-c"])
        if p.clues[cell] is not None:
            continue
        shown = shows(g)
        matches = [v for v in values_of(cands[cell]) if looks(answer_glyphs(look, v)) == shown]
        assert len(matches) == 1, (p.grid.name(cell), shown, matches)
        out[cell] = matches[0]
    return out


@pytest.mark.parametrize("name", names())
def test_every_puzzle_has_a_look_to_draw_it_by(name: str) -> None:
    assert pencilbox.puzzle(name).frontend is not None


@pytest.mark.parametrize("name", names())
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
        look = kind.frontend
        assert look is not None
        for spot, v in given.items():
            assert shows(clues[spot]) == looks(clue_glyphs(look, v)), spot
        # The puzzle page shows no answer.
        assert all(not list(g) for g in cells)


@pytest.mark.parametrize("name", names())
def test_each_puzzle_shows_type_size_grade_and_url(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    kind = pencilbox.puzzle(name)
    src = write_puzzles(tmp_path, name, [PUZZLES[name]])
    code, _, _ = run(capsys, "render", name, src, "--out", str(tmp_path / f"{name}.svg"))
    assert code == 0
    (page,) = svg_pages(tmp_path, name)
    words = " ".join(texts(page))
    p = kind.parse(PUZZLES[name])
    assert f"{kind.title} {p.rows}×{p.cols}" in words
    assert f"grade: {hardest(kind).grade}" in words
    url = "".join("".join(t.itertext()) for t in page.iter(f"{SVG}text") if t.get("class") == "url")
    assert url == kind.to_url(p)


@pytest.mark.parametrize("name", names())
def test_no_grade_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    src = write_puzzles(tmp_path, name, [PUZZLES[name]])
    out = str(tmp_path / f"{name}.svg")
    assert run(capsys, "render", name, src, "--no-grade", "--out", out)[0] == 0
    (page,) = svg_pages(tmp_path, name)
    assert "grade: ?" in texts(page)


@pytest.mark.parametrize("name", names())
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
    shown = read_answer(kind, p, board)
    assert counted.first is not None and shown
    assert shown == {c: v for c, v in enumerate(counted.first) if p.clues[c] is None}
    # The clue cells' answers are what the clues say: with them, the drawn
    # answer is one the checker accepts.
    answer = [shown.get(c, v) for c, v in enumerate(counted.first)]
    assert kind.validate(p, answer) == []


@pytest.mark.parametrize("name", names())
def test_a_puzzle_with_two_answers_shows_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    kind = pencilbox.puzzle(name)
    rows, cols, _ = kind.samples.census
    text = blank_text(kind, rows, cols)
    assert kind.brute_count(kind.parse(text), limit=2).solutions == 2
    src = write_puzzles(tmp_path, name, [text])
    out = str(tmp_path / f"{name}.svg")
    assert run(capsys, "render", name, src, "--solution", "--out", out)[0] == 0
    _, solution_page = svg_pages(tmp_path, name)
    (board,) = boards(solution_page)
    assert all(not list(g) for g in groups(board, "cell"))
    assert any("several" in t for t in texts(solution_page))


def layouts(per_pages: list[int]) -> list[tuple[str, int]]:
    """Every layout for the first puzzle, the fullest for the others: pages
    are laid out alike for every puzzle."""
    first, *others = names()
    return [(first, n) for n in per_pages] + [(name, per_pages[-1]) for name in others]


@pytest.mark.parametrize(("name", "per_page"), layouts([1, 2, 4, 6]))
def test_pdf_has_a_page_per_sheet_and_solutions_after(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, per_page: int, name: str
) -> None:
    pypdf = pytest.importorskip("pypdf")
    kind = pencilbox.puzzle(name)
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
        name,
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
    assert f"1. {kind.title} 5×5" in text


@pytest.mark.parametrize(("name", "per_page"), layouts([1, 2, 3, 4, 6, 9, 12]))
def test_boards_lie_inside_the_page_and_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, per_page: int, name: str
) -> None:
    kind = pencilbox.puzzle(name)
    texts_ = []
    for seed, (r, c) in enumerate([(5, 5), (4, 9), (9, 4), (12, 12)] * 3):
        p, _ = kind.generate(r, c, density=0.5, seed=seed)
        texts_.append(kind.format(p))
    src = write_puzzles(tmp_path, name, texts_[:per_page])
    out = str(tmp_path / "n.svg")
    argv = ["render", name, src, "--no-grade", "--per-page", str(per_page), "--out", out]
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


@pytest.mark.parametrize("name", names())
def test_png_pages(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    from pencilbox.render.convert import PNG_DPI

    src = write_puzzles(tmp_path, name, [PUZZLES[name], MORE[name]])
    code, out, err = run(
        capsys, "render", name, src, "--solution", "--out", str(tmp_path / "k.png")
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


@pytest.mark.parametrize("name", names())
def test_one_page_writes_the_named_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    src = write_puzzles(tmp_path, "yy", [PUZZLES[name]])
    out = tmp_path / "one.svg"
    code, stdout, _ = run(capsys, "render", name, src, "--out", str(out), "--json")
    assert code == 0
    assert json.loads(stdout)["files"] == [str(out)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.svg", "yy.txt"]


BAD = [
    ["nosuchtype", "{src}", "--out", "{dir}/x.svg"],
    ["{name}", "{dir}/missing.txt", "--out", "{dir}/x.svg"],
    ["{name}", "{bad}", "--out", "{dir}/x.svg"],
    ["{name}", "{src}", "--out", "{dir}/x.svg", "--per-page", "0"],
    ["{name}", "{src}", "--out", "{dir}/x.svg", "--per-page", "13"],
    ["{name}", "{src}", "--out", "{dir}/x.svg", "--budget", "0"],
    ["{name}", "{src}", "--out", "{dir}/x.svg", "--seconds", "0"],
    ["{name}", "{src}", "--out", "{dir}/x.txt"],
    ["{name}", "{src}", "--out", "{dir}/x.svg", "--format", "gif"],
    ["{name}", "{src}", "--out", "{dir}/no/such/dir/x.svg"],
    ["{name}", "{src}"],
]
"""Bad render command lines for the puzzle {name}."""
CONTRADICTION = ["{name}", "{contradiction}", "--out", "{dir}/x.svg"]
"""Clues the lowest rung refutes are bad input too."""


@pytest.mark.parametrize(
    ("name", "args"),
    [(name, args) for name in names() for args in BAD]
    + [(name, CONTRADICTION) for name in names_with(refuted_at_once)],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, args: list[str]
) -> None:
    kind = pencilbox.puzzle(name)
    src = write_puzzles(tmp_path, "ok", [PUZZLES[name]])
    bad = write_puzzles(tmp_path, "bad", [kind.samples.refused[0]])
    contradiction = write_puzzles(tmp_path, "no", [kind.samples.contradiction])
    names_ = {
        "name": name,
        "src": src,
        "bad": bad,
        "dir": str(tmp_path),
        "contradiction": contradiction,
    }
    code, out, err = run(capsys, "render", *(a.format(**names_) for a in args))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("pencilbox: error: ")
    assert not list(tmp_path.glob("x*"))


def test_png_without_pillow_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)
    name = names()[0]
    src = write_puzzles(tmp_path, "ok", [PUZZLES[name]])
    code, out, err = run(capsys, "render", name, src, "--out", str(tmp_path / "x.png"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Pillow" in err
    assert not list(tmp_path.glob("x*"))


@pytest.mark.parametrize("name", names())
def test_png_draws_what_the_svg_draws(tmp_path: Path, name: str) -> None:
    """Each cell of a solution page's PNG is as dark as its SVG cell says:
    pencilbox draws the PNG itself, shape by shape, from the page's SVG."""
    from PIL import Image

    from pencilbox.render import convert, paper, svg
    from pencilbox.render.cli import look_of

    kind = pencilbox.puzzle(name)
    s = hardest(kind)
    p = kind.parse(s.puzzle)
    entry = svg.Entry(1, kind.title, look_of(kind), p, "?", "", kind.parse_solution(s.answer, p))
    page = list(svg.pages([entry], 1, True))[1]
    image = Image.open(io.BytesIO(convert.to_png(page))).convert("L")
    scale = image.width / 210
    for shape in paper.read(page).shapes:
        if isinstance(shape, paper.Circle) and shape.paint.fill == (17, 17, 17):
            assert image.getpixel((shape.cx * scale, shape.cy * scale)) < 60  # a black stone
        if isinstance(shape, paper.Rect) and shape.paint.fill == paper.colour(svg.SHADE):
            mid = ((shape.x + shape.width / 2) * scale, (shape.y + shape.height / 2) * scale)
            assert image.getpixel(mid) < 90  # a shaded cell
    corner = image.getpixel((2, 2))
    assert corner == 255  # the paper stays white


def test_a_page_holding_a_shape_pencilbox_does_not_draw_is_refused() -> None:
    from pencilbox.render import paper

    svg_ns = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 210 297"'
    with pytest.raises(ValueError, match="ellipse"):
        paper.read(f'<svg {svg_ns}><ellipse cx="1" cy="1" rx="1" ry="2"/></svg>')
    with pytest.raises(ValueError, match="moves and lines"):
        paper.read(f'<svg {svg_ns}><path d="M0 0 C 1 1 2 2 3 3"/></svg>')
    page = paper.read(f'<svg {svg_ns}><path d="M1 2h3v4M0 0L5 5" stroke="#000"/></svg>')
    assert page.shapes[0].segments == ((1, 2, 4, 2), (4, 2, 4, 6), (0, 0, 5, 5))  # type: ignore[union-attr]


def sheet_of(count: int) -> list[object]:
    from pencilbox.render.cli import look_of
    from pencilbox.render.svg import Entry

    kind = pencilbox.puzzle(names()[0])
    out: list[object] = []
    for i in range(count):
        p, _ = kind.generate(6, 6, seed=i)
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
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    name = names()[0]
    src = write_puzzles(tmp_path, "some", [PUZZLES[name]] * 3)
    argv = ["render", name, src, "--no-grade", "--out", "/dev/full", "--format", "pdf"]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and "/dev/full" in err
    assert not Path("/dev/full.pdf").exists()


@pytest.mark.parametrize(("out", "fmt"), [("x.pdf", "svg"), ("x.svg", "png"), ("x.PNG", "pdf")])
def test_an_out_name_that_says_another_format_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, out: str, fmt: str
) -> None:
    name = names()[0]
    src = write_puzzles(tmp_path, "one", [PUZZLES[name]])
    argv = ["render", name, src, "--no-grade", "--out", str(tmp_path / out), "--format", fmt]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and "--format" in err
    assert not list(tmp_path.glob("x*"))


def test_an_out_name_without_a_suffix_is_written_as_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    name = names()[0]
    src = write_puzzles(tmp_path, "one", [PUZZLES[name]])
    out = tmp_path / "sheet"
    argv = ["render", name, src, "--no-grade", "--out", str(out), "--format", "svg"]
    assert run(capsys, *argv)[0] == 0
    assert out.read_text().startswith("<?xml") and not list(tmp_path.glob("sheet.*"))


def drawn_clues(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str
) -> list[tuple[int, list[str], list[str]]]:
    """Each clue of the puzzle ``text`` as its sheet draws it: the clue's
    value, the classes of its circles and its texts (for a puzzle's own
    tests of how its clues look)."""
    kind = pencilbox.puzzle(name)
    p = kind.parse(text)
    src = write_puzzles(tmp_path, name, [text])
    out = str(tmp_path / f"{name}.svg")
    assert run(capsys, "render", name, src, "--no-grade", "--out", out)[0] == 0
    (page,) = svg_pages(tmp_path, name)
    (board,) = boards(page)
    drawn = []
    for g in groups(board, "clue"):
        v = p.clues[int(g.attrib["data-r"]) * p.cols + int(g.attrib["data-c"])]
        assert v is not None
        circles = [e.get("class", "") for e in g.iter(f"{SVG}circle")]
        drawn.append((v, circles, texts(g)))
    assert len(drawn) == p.clue_count
    return drawn


def assert_glyphs(name: str, clues: dict[str, Glyphs], answers: dict[str, Glyphs]) -> None:
    """What each clue token and answer token of a 5×5 board of ``name``
    prints as (for a puzzle's own tests of its declared look)."""
    kind = pencilbox.puzzle(name)
    look = kind.frontend
    assert look is not None
    for token, glyphs in clues.items():
        value = kind.parse_clue(token)
        assert value is not None
        assert clue_glyphs(look, value) == glyphs, token
    for token, glyphs in answers.items():
        value = kind.parse_value(token, 25)
        assert value is not None
        assert answer_glyphs(look, value) == glyphs, token
