"""Precompressed copies of the site's files, as the usual static hosts serve them.

Beside each file that compresses, the build writes ``NAME.br`` (brotli, at
its strongest) and ``NAME.gz`` (gzip, at its strongest): nginx
(``gzip_static``, ``brotli_static``), Caddy (``precompressed``), Netlify
and the like send them to a browser that accepts them, with the file's own
type, so the page, the runtime and the engine travel compressed without
the host compressing anything itself. A copy that would not save a tenth of
the file is not written.

Brotli at its strongest is slow on the runtime's megabytes, so each
compressed copy of a large file is kept in the build's cache under the
sha256 of what it compresses (the most recently used :data:`KEEP`), and a
later build of the same file copies it from there.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

import brotli

KINDS = (".br", ".gz")
SAVES = 0.9
"""A copy is written only when it is at most this share of the file."""
STAMP = 0
"""The gzip header's time: the same file always makes the same bytes."""
LARGE = 1 << 18
"""Files of this many bytes or more have their copies kept in the cache."""
KEEP = 48
"""Compressed copies the cache keeps."""


@dataclass(frozen=True)
class Sizes:
    """A file's bytes as sent plain, with brotli and with gzip (the plain
    size when no copy was written)."""

    raw: int
    br: int
    gz: int


def squeeze(data: bytes, kind: str) -> bytes:
    """``data`` compressed as ``kind`` (".br" or ".gz"), at its strongest."""
    if kind == ".br":
        out: bytes = brotli.compress(data, quality=11)
        return out
    return gzip.compress(data, compresslevel=9, mtime=STAMP)


def copies(path: Path, cache: Path) -> Sizes:
    """Write ``path``'s compressed copies beside it (from ``cache`` when
    made before); its sizes."""
    data = path.read_bytes()
    key = hashlib.sha256(data).hexdigest()
    sizes = {}
    for kind in KINDS:
        kept = cache / f"{key}{kind}"
        if len(data) < LARGE:
            squeezed = squeeze(data, kind)
        elif kept.is_file():
            squeezed = kept.read_bytes()
            kept.touch()
        else:
            squeezed = squeeze(data, kind)
            cache.mkdir(parents=True, exist_ok=True)
            partial = kept.with_name(kept.name + ".part")
            partial.write_bytes(squeezed)
            partial.replace(kept)
        sizes[kind] = len(squeezed)
        if len(squeezed) <= SAVES * len(data):
            path.with_name(path.name + kind).write_bytes(squeezed)
        else:
            sizes[kind] = len(data)
    return Sizes(len(data), sizes[".br"], sizes[".gz"])


def precompress(folder: Path, files: list[str], cache: Path) -> dict[str, Sizes]:
    """Write the compressed copies of ``files`` (paths under ``folder``);
    each file's sizes."""
    sizes = {name: copies(folder / name, cache) for name in files}
    if cache.is_dir():
        kept = sorted(cache.glob("*.[bg][rz]"), key=lambda p: p.stat().st_mtime)
        for old in kept[:-KEEP]:
            old.unlink(missing_ok=True)
    return sizes
