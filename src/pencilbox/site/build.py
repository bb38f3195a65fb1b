"""The static build: the game and the studio as a folder any file server hosts.

``pencilbox site OUT`` (and ``make site``) writes, into OUT:

- ``index.html`` and ``static/`` — the front end, as the server serves it,
  and its scripts bundled into ``static/page.js`` (:mod:`.front`), with
  index.html saying ``<meta name="pencilbox-engine" content="page">`` (so
  ``api.js`` asks the engine inside the page, not a server), naming the
  wheel, the bank and the answers written ahead, and what the first board
  needs preloaded;
- ``puzzles/NAME/`` — each puzzle type's own front-end files;
- ``worker.js`` — the Web Worker that runs the engine on Pyodide
  (:mod:`pencilbox.web.page` answers the API's calls there);
- ``engine/`` — pencilbox as a wheel of the modules the page imports
  (:mod:`.wheel`), the bank it deals from (the server's: ``$PENCILBOX_BANK``,
  else the one shipped) and the answers written ahead (:mod:`.ahead`) that
  show the first board, and hint it, while the engine starts;
- ``pyodide/`` — the Python runtime, fetched with npm and checked
  (:mod:`.runtime`): its standard library trimmed to the modules the page
  imports, as bytecode (:mod:`.bytecode`), and its lock file to no packages;
- ``manifest.webmanifest`` and ``icons/`` — what installs it as an app;
- ``sw.js`` — the service worker that keeps every file for offline use,
  its cache named for the build's hash;
- ``site.json`` — the build: its hash, versions, files and bytes, the
  engine's download (as is, and as brotli and gzip copies) and the modules
  the page imports;
- beside every file that compresses, ``NAME.br`` and ``NAME.gz``
  (:mod:`.compress`), which the usual static hosts send in its place;
- ``manual/`` — with ``--manual DIR`` (``make site`` gives it), the
  documentation ``make docs`` built, linked from the page's header and read
  online (the service worker does not keep it).

The folder is served from the root of its host (the pages use absolute
paths, as on the server): ``python -m http.server -d OUT`` is enough.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pencilbox
from pencilbox.site import ahead, bytecode, compress, front, runtime, wheel
from pencilbox.site.runtime import SiteError
from pencilbox.web import assets, calls, icons

WEB = Path(pencilbox.__file__).parent / "web"
FILES = Path(__file__).parent / "files"
MARK = "site.json"
"""The file that marks a folder as a build (a later build may replace it)."""
MANUAL = "manual"
"""Where the documentation goes beside the game (``--manual``)."""


@dataclass(frozen=True)
class Site:
    """A finished build: where, its hash, its files and their bytes."""

    folder: Path
    build: str
    files: tuple[str, ...]
    size: int
    pyodide: str
    engine: dict[str, int]
    """The bytes the engine's worker fetches as it starts: "raw", and as
    brotli ("br") and gzip ("gz") copies."""


def default_bank() -> Path | None:
    """The bank the server deals from (``$PENCILBOX_BANK``, else the shipped one)."""
    from pencilbox.web.app import default_bank as server_bank

    return server_bank()


def build(
    out: Path,
    bank: Path | None | str = "default",
    cache: Path | None = None,
    manual: Path | None = None,
) -> Site:
    """Write the static site into ``out`` (missing, empty, or an earlier
    build, which is replaced); ``bank``: the bank to ship (None: none, every
    board is generated); ``cache``: where the runtime is kept (see
    :func:`runtime.cache_root`); ``manual``: the built documentation (``make
    docs``), put beside the game under ``manual/`` and linked from its page
    (it is read online: the service worker does not keep it)."""
    chosen = default_bank() if bank == "default" else (Path(bank) if bank else None)
    if chosen is not None and not chosen.is_file():
        raise SiteError(f"no bank at {chosen}")
    if manual is not None and not (manual / "index.html").is_file():
        raise SiteError(f"no built documentation at {manual} (make docs builds it)")
    pyodide = runtime.fetch(cache)
    prepare(out)
    copy_tree(WEB / "static", out / "static")
    for name in pencilbox.puzzle_names():
        frontend = pencilbox.puzzle(name).frontend
        if frontend is not None and frontend.static_dir is not None:
            copy_tree(frontend.static_dir, out / calls.PUZZLE_STATIC.strip("/") / name)
    front.bundle(out / "static", pyodide.esbuild)
    shutil.copyfile(FILES / "worker.js", out / "worker.js")
    engine = out / "engine"
    engine.mkdir()
    with tempfile.TemporaryDirectory() as work:
        source = wheel.write_wheel(Path(work))
        compiled = bytecode.make(pyodide.folder, pyodide.version, source, chosen, pyodide.cache)
    whl = wheel.write_wheel(engine, compiled.files)
    shipped = engine / "bank.sqlite" if chosen is not None else None
    if chosen is not None and shipped is not None:
        shutil.copyfile(chosen, shipped)
        ahead.write_hints(engine / ahead.FOLDER / ahead.HINTS, chosen, pyodide.cache)
    shutil.copytree(compiled.ahead, engine / ahead.FOLDER, dirs_exist_ok=True)
    (out / "pyodide").mkdir()
    for name in runtime.AS_IS:
        shutil.copyfile(pyodide.folder / name, out / "pyodide" / name)
    shutil.copyfile(compiled.stdlib, out / "pyodide" / compiled.stdlib.name)
    (out / "pyodide" / runtime.LOCK).write_text(runtime.no_packages(pyodide.folder), "utf-8")
    icons.write_icons(out / "icons")
    (out / "manifest.webmanifest").write_text(assets.manifest(), encoding="utf-8")
    page = front.index_html(
        out,
        (WEB / "static" / "index.html").read_text(encoding="utf-8"),
        whl.relative_to(out).as_posix(),
        shipped.relative_to(out).as_posix() if shipped is not None else None,
        f"engine/{ahead.FOLDER}/",
        puzzle_modules(),
    )
    if manual is not None:
        page = manual_link(page)
    (out / "index.html").write_text(page, encoding="utf-8")
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    sums = {name: hashlib.sha256((out / name).read_bytes()).hexdigest()[:16] for name in files}
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode() + b"\0" + sums[name].encode())
    digest = h.hexdigest()[:16]
    kept = [("./", sums["index.html"])] + [(n, sums[n]) for n in files if offline(n)]
    (out / "sw.js").write_text(service_worker(digest, kept), encoding="utf-8")
    files.append("sw.js")
    sizes = compress.precompress(out, files, pyodide.cache / "compressed")
    size = sum(s.raw for s in sizes.values())
    fetched = [n for n in files if engine_file(n)]
    download = {way: sum(getattr(sizes[n], way) for n in fetched) for way in ("raw", "br", "gz")}
    info = {
        "pencilbox": pencilbox.__version__,
        "build": digest,
        "pyodide": pyodide.version,
        "files": files,
        "bytes": size,
        "engine": download,
        "imported": compiled.imported,
    }
    (out / MARK).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    if manual is not None:
        shutil.copytree(manual, out / MANUAL)
    return Site(out, digest, tuple(files), size, pyodide.version, download)


def manual_link(page: str) -> str:
    """``page`` with a link to the documentation beside the game in its header."""
    if page.count("</header>") != 1:
        raise SiteError("index.html has no single </header> to add the manual's link to")
    link = f'  <a class="manual" href="/{MANUAL}/index.html">Manual</a>\n'
    return page.replace("</header>", link + "</header>")


def engine_file(name: str) -> bool:
    """Whether the engine's worker fetches ``name`` as it starts."""
    if name.endswith(compress.KINDS):
        return False
    return name == "worker.js" or (
        name.startswith(("pyodide/", "engine/")) and not name.startswith(f"engine/{ahead.FOLDER}/")
    )


def offline(name: str) -> bool:
    """Whether the service worker keeps ``name`` for offline use: every file
    but the hint chains (the engine, kept, hints offline) and the build's own."""
    hints = f"engine/{ahead.FOLDER}/{ahead.HINTS}/"
    return name not in ("sw.js", MARK) and not name.startswith(hints)


def prepare(out: Path) -> None:
    """An empty ``out``: made, or emptied if it holds an earlier build."""
    if out.exists() and not out.is_dir():
        raise SiteError(f"{out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()):
        if not (out / MARK).is_file():
            raise SiteError(
                f"{out} is not empty and holds no earlier build: choose an empty folder"
            )
        for child in out.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    out.mkdir(parents=True, exist_ok=True)


def copy_tree(source: Path, target: Path) -> None:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def puzzle_modules() -> list[str]:
    """The URLs of the puzzles' own front-end modules."""
    out = []
    for name in pencilbox.puzzle_names():
        fe = calls.frontend_json(pencilbox.puzzle(name))
        if fe is not None and fe["module_url"]:
            out.append(str(fe["module_url"]))
    return out


def service_worker(build_hash: str, files: list[tuple[str, str]]) -> str:
    """sw.js with the build's hash and its files (each with the hash of its
    bytes) written in."""
    text = (FILES / "sw.js").read_text(encoding="utf-8")
    listed = json.dumps([list(f) for f in files], separators=(",", ":"))
    lines = {
        'const BUILD = "unbuilt";': f"const BUILD = {json.dumps(build_hash)};",
        "const FILES = [];": f"const FILES = {listed};",
    }
    for old, new in lines.items():
        if text.count(old) != 1:
            raise SiteError(f"sw.js has no single line {old!r} to write the build into")
        text = text.replace(old, new)
    return text
