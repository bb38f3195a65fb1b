"""The static site's Python runtime, Pyodide, and its bundler, esbuild:
fetched with npm and pinned.

``runtime/package.json`` names the ``pyodide`` and ``esbuild`` packages of
the npm registry at one version each, and ``runtime/package-lock.json`` pins
them (and what they depend on) by the sha512 of their tarballs: ``npm ci``
installs exactly that,
and refuses a tarball whose checksum differs (npm's ``integrity`` check).
Installed once into a cache folder outside the repository, keyed by the
version and the lock file's hash, it is reused by every later build. The
few files the page loads are checked again on every build against their
sha256 in ``runtime/pyodide.json`` (so a cached copy that changed is fetched
afresh), and only they go into the site: :data:`AS_IS` as they are, the
standard library trimmed to what the page imports (:mod:`.bytecode`), and
the lock file without its packages (:func:`no_packages`: the page loads
none).

To move to another Pyodide: change the version in ``runtime/package.json``,
run ``npm install --package-lock-only`` there, and write the new files' sums
into ``runtime/pyodide.json`` (the build says which differ).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pencilbox.errors import PuzzleError

HERE = Path(__file__).parent / "runtime"
NPM_FILES = ("package.json", "package-lock.json")
ENV = "PENCILBOX_SITE_CACHE"
NPM_SECONDS = 600
"""How long ``npm ci`` may take to fetch the runtime."""
AS_IS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""The runtime's files the site holds as they are."""
LOCK = "pyodide-lock.json"


class SiteError(PuzzleError):
    """A static build that cannot be made (no npm, no network, a bad folder)."""


@dataclass(frozen=True)
class Runtime:
    """Pyodide's files for the page, checked: where they are, their version,
    the cache they were kept in, and the esbuild installed beside them."""

    folder: Path
    version: str
    files: tuple[str, ...]
    cache: Path

    @property
    def esbuild(self) -> Path:
        """esbuild's command (a Node.js script)."""
        return self.folder.parent / "esbuild" / "bin" / "esbuild"


def pinned() -> dict[str, object]:
    """``runtime/pyodide.json``: the version, and each file's sha256."""
    data: dict[str, object] = json.loads((HERE / "pyodide.json").read_text(encoding="utf-8"))
    return data


def cache_root() -> Path:
    """Where fetched runtimes are kept: ``$PENCILBOX_SITE_CACHE``, else
    ``site`` in pencilbox's cache folder (``$XDG_CACHE_HOME/pencilbox``, else
    ``~/.cache/pencilbox``)."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pencilbox" / "site"


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def mismatches(folder: Path, sums: dict[str, str]) -> list[str]:
    """The files of ``folder`` missing or not matching their pinned sums."""
    return [
        name
        for name, want in sums.items()
        if not (folder / name).is_file() or sha256(folder / name) != want
    ]


def fetch(cache: Path | None = None) -> Runtime:
    """The pinned Pyodide, from the cache, else installed there with ``npm ci``."""
    pin = pinned()
    version = str(pin["version"])
    sums: dict[str, str] = dict(pin["files"])  # type: ignore[call-overload]
    lock = hashlib.sha256((HERE / "package-lock.json").read_bytes()).hexdigest()[:12]
    root = cache or cache_root()
    home = root / f"pyodide-{version}-{lock}"
    folder = home / "node_modules" / "pyodide"
    if mismatches(folder, sums) or not (home / "node_modules" / "esbuild").is_dir():
        install(home)
        wrong = mismatches(folder, sums)
        if wrong:
            raise SiteError(
                f"Pyodide {version} from npm does not match the sums pinned in "
                f"{HERE / 'pyodide.json'}: {', '.join(wrong)}"
            )
    return Runtime(folder, version, tuple(sums), root)


def install(home: Path) -> None:
    """``npm ci`` of ``runtime/`` into ``home`` (replacing what was there),
    in a fresh folder beside it first, so a failed fetch leaves nothing."""
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError("the static build fetches Pyodide with npm: install Node.js and npm")
    home.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=home.parent, prefix=".fetch-") as work:
        for name in NPM_FILES:
            shutil.copyfile(HERE / name, Path(work) / name)
        command = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
        try:
            done = subprocess.run(
                command, cwd=work, capture_output=True, text=True, timeout=NPM_SECONDS
            )
        except subprocess.TimeoutExpired:
            raise SiteError(f"npm ci did not fetch Pyodide within {NPM_SECONDS} s") from None
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()
            raise SiteError("npm ci could not fetch Pyodide: " + (said[-1] if said else "failed"))
        if home.exists():
            shutil.rmtree(home)
        Path(work).rename(home)
        Path(work).mkdir()  # for the context manager to remove


def no_packages(folder: Path) -> str:
    """The runtime's lock file (in ``folder``) with no packages: what it says
    of the runtime, which Pyodide checks as it starts, without the 357
    packages of its distribution, which the page never loads."""
    lock = json.loads((folder / LOCK).read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":"))


def publish(work: Path, done: Path, keep: int) -> None:
    """Put the finished folder ``work`` in the cache as ``done`` (in place
    of an earlier one), and keep only the ``keep`` most recent folders
    beside it. ``work`` is made again, empty, for its context manager."""
    if done.exists():
        shutil.rmtree(done)
    work.rename(done)
    work.mkdir()
    for old in sorted(done.parent.iterdir(), key=lambda p: p.stat().st_mtime)[:-keep]:
        if old.is_dir() and not old.name.startswith("."):
            shutil.rmtree(old, ignore_errors=True)
