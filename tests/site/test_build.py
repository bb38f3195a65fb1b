"""The static build (pencilbox site OUT): what the folder holds, and that
the runtime in it is the one pinned."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
import zipfile
from pathlib import Path

import pytest

import pencilbox
from pencilbox.bank.store import SHIPPED
from pencilbox.cli import main
from pencilbox.site import runtime
from pencilbox.site.build import build
from pencilbox.site.runtime import SiteError
from pencilbox.site.wheel import PACKAGE, modules, wheel_name
from pencilbox.web.app import STATIC

from .conftest import shipped_puzzles

SERVER_PAGE = (STATIC / "index.html").read_text(encoding="utf-8")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_page_is_the_servers_saying_the_engine_is_inside(site_folder: Path) -> None:
    page = (site_folder / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'<meta name="pencilbox-engine" content="page"[^>]*>', page)
    assert meta is not None
    wheel = re.search(r'data-wheel="/([^"]+)"', meta.group(0))
    bank = re.search(r'data-bank="/([^"]+)"', meta.group(0))
    assert wheel is not None and (site_folder / wheel.group(1)).is_file()
    assert bank is not None
    assert (site_folder / bank.group(1)).read_bytes() == SHIPPED.read_bytes()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    added = [line for line in page.splitlines() if line not in SERVER_PAGE.splitlines()]
    assert len(added) == 4 and page.count("\n") == SERVER_PAGE.count("\n") + 4


def test_the_front_end_and_every_puzzles_files_are_there(site_folder: Path) -> None:
    for path in STATIC.rglob("*"):
        if path.is_file() and path.name != "index.html":
            assert (site_folder / "static" / path.relative_to(STATIC)).read_bytes() == (
                path.read_bytes()
            )
    for name in shipped_puzzles():
        fe = pencilbox.puzzle(name).frontend
        if fe is not None and fe.module:
            assert (site_folder / "puzzles" / name / fe.module).is_file()
    for name in ("worker.js", "sw.js", "manifest.webmanifest"):
        assert (site_folder / name).is_file()


def test_the_manifest_installs_it_as_an_app(site_folder: Path) -> None:
    manifest = json.loads((site_folder / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["name"]
    sizes = set()
    for icon in manifest["icons"]:
        side = png_size(site_folder / icon["src"].lstrip("/"))
        assert icon["sizes"] == f"{side[0]}x{side[1]}" and side[0] == side[1]
        sizes.add(side[0])
    assert {192, 512} <= sizes


def test_the_service_worker_keeps_every_file_under_the_builds_name(site_folder: Path) -> None:
    info = json.loads((site_folder / "site.json").read_text())
    sw = (site_folder / "sw.js").read_text()
    build_hash = re.search(r'^const BUILD = "([0-9a-f]{16})";$', sw, re.M)
    files = re.search(r"^const FILES = (\[.*\]);$", sw, re.M)
    assert build_hash is not None and files is not None
    assert build_hash.group(1) == info["build"]
    on_disk = sorted(
        p.relative_to(site_folder).as_posix()
        for p in site_folder.rglob("*")
        if p.is_file() and p.name not in ("sw.js", "site.json")
    )
    assert json.loads(files.group(1)) == ["./", *on_disk]
    assert "caches.open(CACHE)" in sw and "pencilbox-${BUILD}" in sw


def test_the_runtime_is_the_pinned_pyodide(site_folder: Path) -> None:
    pin = runtime.pinned()
    sums: dict[str, str] = pin["files"]  # type: ignore[assignment]
    for name, want in sums.items():
        if name != "python_stdlib.zip":
            assert runtime.sha256(site_folder / "pyodide" / name) == want, name
    fetched = runtime.fetch()
    assert runtime.mismatches(fetched.folder, sums) == []
    # The standard library is the pinned one, with bytecode beside the source.
    with (
        zipfile.ZipFile(fetched.folder / "python_stdlib.zip") as pinned,
        zipfile.ZipFile(site_folder / "pyodide" / "python_stdlib.zip") as shipped,
    ):
        names = set(shipped.namelist())
        for entry in pinned.namelist():
            assert shipped.read(entry) == pinned.read(entry), entry
        added = names - set(pinned.namelist())
        assert added and all(n.endswith(".pyc") and n[:-1] in names for n in added)
        assert "json/__init__.pyc" in added
        # What only the command line and a bank builder use is not imported
        # by the page, so nothing of it was compiled for the page.
        for unused in ("argparse.pyc", "multiprocessing/__init__.pyc"):
            assert unused not in added, unused
        head = shipped.read("json/__init__.pyc")[:8]
        assert head[4:8] == (1).to_bytes(4, "little")  # hash-based, never checked


def test_the_wheel_holds_every_module_its_bytecode_and_the_puzzles(site_folder: Path) -> None:
    path = site_folder / "engine" / wheel_name()
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        info = f"pencilbox-{pencilbox.__version__}.dist-info"
        for module in modules():
            assert "pencilbox/" + module.relative_to(PACKAGE).as_posix() in names
        for source in (n for n in names if n.endswith(".py")):
            folder, _, stem = source[:-3].rpartition("/")
            assert any(
                n.startswith(f"{folder}/__pycache__/{stem}.cpython-") and n.endswith(".pyc")
                for n in names
            ), source
        points = z.read(f"{info}/entry_points.txt").decode()
        for name in shipped_puzzles():
            assert f"{name} = pencilbox.puzzles.{name}:KIND" in points
        for line in z.read(f"{info}/RECORD").decode().splitlines():
            name, digest, size = line.split(",")
            if digest:
                data = z.read(name)
                assert len(data) == int(size)
                h = hashlib.sha256(data).digest()
                assert digest == "sha256=" + base64.urlsafe_b64encode(h).rstrip(b"=").decode()
        assert not any(n.endswith((".sqlite", ".js", ".css", ".html")) for n in names)


def test_a_build_replaces_an_earlier_one_with_the_same_bytes(
    site_folder: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    first = build(out, bank=SHIPPED)
    (out / "static" / "stale.js").write_text("left over")
    again = build(out, bank=SHIPPED)
    assert not (out / "static" / "stale.js").exists()
    assert (
        first.build == again.build == json.loads((site_folder / "site.json").read_text())["build"]
    )


def test_a_folder_that_holds_something_else_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SiteError, match="not empty"):
        build(tmp_path)
    assert main(["site", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("pencilbox: error:") and "\n" not in err
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_without_npm_the_build_says_what_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(SiteError, match="npm"):
        runtime.fetch(tmp_path / "empty-cache")


def test_a_changed_runtime_file_is_found(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"pinned")
    sums = {"a": hashlib.sha256(b"pinned").hexdigest(), "b": "0" * 64}
    assert runtime.mismatches(tmp_path, sums) == ["b"]
    (tmp_path / "a").write_bytes(b"changed")
    assert runtime.mismatches(tmp_path, sums) == ["a", "b"]


def test_the_answers_written_ahead_are_the_servers(site_folder: Path) -> None:
    """What the page shows before its engine starts is what the server
    answers: the puzzle types, and every bank board by its shelf, grade and
    number (each shelf whole, in the bank's order, so a random number
    wraps onto the board the engine would deal)."""
    from fastapi.testclient import TestClient

    from pencilbox.bank.store import Bank
    from pencilbox.web.app import create_app

    ahead = site_folder / "engine" / "ahead"
    with TestClient(create_app(SHIPPED, workers=1), base_url="http://localhost") as server:
        kinds = json.loads((ahead / "puzzles.json").read_text(encoding="utf-8"))
        served = server.get("/api/puzzles").json()
        assert kinds == [k for k in served if k["type"] in shipped_puzzles()]
        with Bank(SHIPPED) as bank:
            shelves = [s for s in bank.shelves() if s.type in shipped_puzzles()]
        assert shelves
        for s in shelves:
            shelf = json.loads((ahead / "deal" / f"{s.type}-{s.rows}x{s.cols}.json").read_text())
            assert shelf["top"] == pencilbox.puzzle(s.type).levels[-1]
            boards = shelf["grades"][s.grade]
            assert len(boards) == s.boards
            for n in (0, s.boards - 1, s.boards + 1):
                query = f"type={s.type}&size={s.rows}&cols={s.cols}&grade={s.grade}&index={n}"
                dealt = server.get(f"/api/puzzle?{query}").json()
                assert boards[n % s.boards] == dealt, query
    assert not (ahead / "deal" / "toy-6x6.json").exists()


def test_the_page_links_the_manual_only_when_the_site_carries_it() -> None:
    from pencilbox.site.build import index_html

    plain = index_html("engine/p.whl", None, "engine/ahead/")
    linked = index_html("engine/p.whl", None, "engine/ahead/", manual=True)
    assert "/manual/index.html" not in plain
    header = linked[linked.index("<header>") : linked.index("</header>")]
    assert '<a class="manual" href="/manual/index.html">Manual</a>' in header


def test_a_manual_that_was_not_built_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="make docs"):
        build(tmp_path / "out", manual=tmp_path / "no-docs")
    assert not (tmp_path / "out").exists()
