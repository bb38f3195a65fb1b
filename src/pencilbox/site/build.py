"""The static build: the game and the studio as a folder any file server hosts.

``pencilbox site OUT`` (and ``make site``) writes, into OUT:

- ``index.html`` and ``static/`` — the front end, as the server serves it,
  with index.html saying ``<meta name="pencilbox-engine" content="page">``
  (so ``api.js`` asks the engine inside the page, not a server), linking the
  web app manifest and naming the wheel and the bank;
- ``puzzles/NAME/`` — each puzzle type's own front-end files;
- ``worker.js`` — the Web Worker that runs the engine on Pyodide
  (:mod:`pencilbox.web.page` answers the API's calls there);
- ``engine/`` — pencilbox as a wheel (:mod:`.wheel`), the bank it deals
  from (the server's: ``$PENCILBOX_BANK``, else the one shipped) and the
  answers written ahead (:mod:`.ahead`) that show the first board while the
  engine starts;
- ``pyodide/`` — the Python runtime, fetched with npm and checked
  (:mod:`.runtime`), its standard library with the bytecode of the modules
  the page imports (:mod:`.bytecode`, as is the wheel's);
- ``manifest.webmanifest`` and ``icons/`` — what installs it as an app;
- ``sw.js`` — the service worker that keeps every file for offline use,
  its cache named for the build's hash;
- ``site.json`` — the build: its hash, versions and files;
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
from pencilbox.site import ahead, bytecode, icons, runtime, wheel
from pencilbox.site.runtime import SiteError
from pencilbox.web import calls

WEB = Path(pencilbox.__file__).parent / "web"
FILES = Path(__file__).parent / "files"
MARK = "site.json"
"""The file that marks a folder as a build (a later build may replace it)."""
MANUAL = "manual"
"""Where the documentation goes beside the game (``--manual``)."""
TITLE = "pencilbox"
THEME = "#24324f"
BACKGROUND = "#ffffff"


@dataclass(frozen=True)
class Site:
    """A finished build: where, its hash, its files and their bytes."""

    folder: Path
    build: str
    files: tuple[str, ...]
    size: int
    pyodide: str


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
    shutil.copytree(compiled.ahead, engine / ahead.FOLDER)
    (out / "pyodide").mkdir()
    for name in pyodide.files:
        shutil.copyfile(pyodide.folder / name, out / "pyodide" / name)
    shutil.copyfile(compiled.stdlib, out / "pyodide" / compiled.stdlib.name)
    icons.write_icons(out / "icons")
    (out / "manifest.webmanifest").write_text(manifest(), encoding="utf-8")
    page = index_html(
        whl.relative_to(out).as_posix(),
        shipped.relative_to(out).as_posix() if shipped is not None else None,
        f"engine/{ahead.FOLDER}/",
        manual=manual is not None,
    )
    (out / "index.html").write_text(page, encoding="utf-8")
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode() + b"\0" + (out / name).read_bytes())
    digest = h.hexdigest()[:16]
    (out / "sw.js").write_text(service_worker(digest, ["./", *files]), encoding="utf-8")
    size = sum((out / name).stat().st_size for name in files)
    info = {
        "pencilbox": pencilbox.__version__,
        "build": digest,
        "pyodide": pyodide.version,
        "files": files,
        "bytes": size,
    }
    (out / MARK).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    if manual is not None:
        shutil.copytree(manual, out / MANUAL)
    return Site(out, digest, tuple(files), size, pyodide.version)


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


def index_html(
    wheel_path: str, bank_path: str | None, ahead_path: str, manual: bool = False
) -> str:
    """The server's index.html, saying the engine is in the page (and where
    its wheel, its bank and the answers written ahead are), and with
    ``manual`` a link to the documentation beside the game."""
    page = (WEB / "static" / "index.html").read_text(encoding="utf-8")
    if manual:
        if page.count("</header>") != 1:
            raise SiteError("index.html has no single </header> to add the manual's link to")
        link = f'  <a class="manual" href="/{MANUAL}/index.html">Manual</a>\n'
        page = page.replace("</header>", link + "</header>")
    bank = f' data-bank="/{bank_path}"' if bank_path else ""
    head = (
        f'<meta name="pencilbox-engine" content="page" data-wheel="/{wheel_path}"{bank} '
        f'data-ahead="/{ahead_path}">\n'
        f'<meta name="theme-color" content="{THEME}">\n'
        '<link rel="manifest" href="/manifest.webmanifest">\n'
        f'<link rel="apple-touch-icon" href="/icons/icon-{icons.SIZES[0]}.png">\n'
    )
    if page.count("</head>") != 1:
        raise SiteError("index.html has no single </head> to add the engine's tags to")
    return page.replace("</head>", head + "</head>")


def manifest() -> str:
    """The web app manifest: what a phone installs."""
    return json.dumps(
        {
            "name": TITLE,
            "short_name": TITLE,
            "description": "Pencil puzzles with a solver inside: play, hint, check and set "
            "puzzles, offline.",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": BACKGROUND,
            "theme_color": THEME,
            "icons": [
                {
                    "src": f"/icons/icon-{side}.png",
                    "sizes": f"{side}x{side}",
                    "type": "image/png",
                    "purpose": "any maskable",
                }
                for side in icons.SIZES
            ],
        },
        indent=1,
    )


def service_worker(build_hash: str, files: list[str]) -> str:
    """sw.js with the build's hash and its files written in."""
    text = (FILES / "sw.js").read_text(encoding="utf-8")
    lines = {
        'const BUILD = "unbuilt";': f"const BUILD = {json.dumps(build_hash)};",
        "const FILES = [];": f"const FILES = {json.dumps(files)};",
    }
    for old, new in lines.items():
        if text.count(old) != 1:
            raise SiteError(f"sw.js has no single line {old!r} to write the build into")
        text = text.replace(old, new)
    return text
