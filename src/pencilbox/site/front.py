"""The static site's front end as a first visit fetches it.

The server's page loads some twenty modules, each asked for only once the
one importing it has arrived; on a slow phone network that is a dozen round
trips before the first board. The site's page loads them as one file
instead: ``static/page.js``, the page's scripts and every module they import
bundled and minified by esbuild (pinned beside Pyodide, :mod:`.runtime`).
The modules a test or the engine imports by their own URL stay apart
(:data:`APART`: ``api.js``, and through it ``engine.js`` and ``ahead.js``),
so there is one of each in the page. The modules themselves are in the site
too, as the server serves them.

index.html names up front what the first board needs (:func:`index_html`):
the answers written ahead that every first visit reads (the puzzle types,
and the shelf its first board is dealt from), and the bundle, the modules
kept apart and each puzzle's own module, with what they import
(``modulepreload``), so the browser fetches them at once. It holds the first
board's rules too (:func:`pencilbox.web.assets.with_rules`), painted with
the page.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from pencilbox.site.ahead import shelf_file
from pencilbox.site.runtime import SiteError
from pencilbox.web import assets

BUNDLE = "page.js"
"""The bundle, in the site's ``static/``."""
APART = ("api.js",)
"""Modules the bundle imports by URL rather than holding (and what they import)."""
PAGE_MODULES = ("engine.js",)
"""The modules the page loads beside the bundle and what it imports (api.js
loads the engine with a dynamic import, which an index of imports misses)."""
ESBUILD_SECONDS = 120


def bundle(static: Path, esbuild: Path) -> Path:
    """Write ``static/page.js``: the page's scripts (``assets.ENTRIES``) and
    what they import, but :data:`APART`, as one minified module; its path."""
    node = shutil.which("node")
    if node is None:
        raise SiteError("the static build bundles the page with Node.js: install it")
    out = static / BUNDLE
    with tempfile.NamedTemporaryFile("w", dir=static, suffix=".js", delete=False) as entry:
        entry.write("".join(f'import "./{name}";\n' for name in assets.ENTRIES))
    try:
        command = [node, str(esbuild), Path(entry.name).name, "--bundle", "--format=esm"]
        command += ["--minify", "--log-level=error", f"--outfile={BUNDLE}"]
        command += [f"--external:./{name}" for name in APART]
        try:
            ran = subprocess.run(
                command, cwd=static, capture_output=True, text=True, timeout=ESBUILD_SECONDS
            )
        except subprocess.TimeoutExpired:
            raise SiteError(f"esbuild did not bundle the page within {ESBUILD_SECONDS} s") from None
    finally:
        Path(entry.name).unlink()
    if ran.returncode != 0 or not out.is_file():
        said = (ran.stderr or ran.stdout).strip().splitlines()
        raise SiteError("esbuild could not bundle the page: " + (said[-1] if said else "failed"))
    return out


def index_html(
    folder: Path, template: str, wheel: str, bank: str | None, ahead: str, puzzle_modules: list[str]
) -> str:
    """The server's index.html as the page of the site in ``folder``: the
    engine said to be in the page (with where its wheel, its bank and the
    answers written ahead are), the files its first paint waits for
    written in, the bundle in place of the page's scripts,
    the first board's rules written in, and what the first board needs
    named up front."""
    scripts = "".join(
        f'<script type="module" src="/static/{name}"></script>\n' for name in assets.ENTRIES
    )
    if template.count(scripts) != 1:
        raise SiteError("index.html does not load the page's scripts as the build expects")
    page = assets.inlined(template).replace(
        scripts, f'<script type="module" src="/static/{BUNDLE}"></script>\n'
    )
    page = assets.with_rules(page, assets.first_kind())
    with_bank = f' data-bank="/{bank}"' if bank else ""
    engine = (
        f'<meta name="pencilbox-engine" content="page" data-wheel="/{wheel}"{with_bank} '
        f'data-ahead="/{ahead}">\n'
    )
    entries = [f"/static/{name}" for name in (BUNDLE, *PAGE_MODULES)] + puzzle_modules
    modules = assets.imported(entries, lambda url: folder / url.lstrip("/"))
    fetches = [f"/{ahead}puzzles.json", *first_deal(folder, ahead)]
    return assets.with_head(page, engine + assets.preloads(modules, fetches))


def first_deal(folder: Path, ahead: str) -> list[str]:
    """The URL of the shelf a first visit's board is dealt from, written
    ahead under ``ahead`` in ``folder``: the first puzzle's, at its default
    size and easiest grade, as the page asks for it (none when the bank has
    no such shelf)."""
    kinds = json.loads((folder / ahead / "puzzles.json").read_text(encoding="utf-8"))
    first = next((k for k in kinds if k["frontend"]), None)
    if first is None or not first["deal_levels"]:
        return []
    side = first["limits"]["deal_default_side"]
    name = ahead + shelf_file(first["type"], side, side, first["deal_levels"][0])
    return [f"/{name}"] if (folder / name).is_file() else []
