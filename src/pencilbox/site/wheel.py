"""pencilbox's engine as a wheel for the page (what the Web Worker unpacks).

The build first writes a wheel of every Python module of the installed
package, as source, to learn in the page's own Python which of them the page
imports (:mod:`.bytecode`); the page's wheel then holds only those, as their
bytecode for that Python (its front end, the bank and the site's own assets
travel beside it as files of the site). Both hold the entry points of the
puzzles pencilbox itself provides, so the page finds its puzzle types as the
server does. It is written here with
:mod:`zipfile`, no build tool needed, and the same source always makes the
same bytes (sorted entries, fixed times), so an unchanged engine keeps the
site's build hash.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from importlib.metadata import entry_points
from pathlib import Path

import pencilbox
from pencilbox.engine.registry import GROUP

PACKAGE = Path(pencilbox.__file__).parent
STAMP = (1980, 1, 1, 0, 0, 0)
KEEP = ("*.py", "py.typed")
"""The files of the package that go into the wheel."""


def wheel_name() -> str:
    return f"pencilbox-{pencilbox.__version__}-py3-none-any.whl"


def modules() -> list[Path]:
    """The package's files that go into the wheel, sorted."""
    found = {p for pattern in KEEP for p in PACKAGE.rglob(pattern)}
    return sorted(p for p in found if "__pycache__" not in p.parts)


def puzzle_entry_points() -> str:
    """``entry_points.txt``: the puzzle types whose code is in the package."""
    lines = [f"[{GROUP}]"]
    for ep in entry_points(group=GROUP):
        if ep.value.split(":")[0].split(".")[0] == PACKAGE.name:
            lines.append(f"{ep.name} = {ep.value}")
    return "\n".join(lines) + "\n"


def write_wheel(folder: Path, bytecode: dict[str, bytes] | None = None) -> Path:
    """Write the wheel into ``folder``: the package's source, or, when
    ``bytecode`` is given (files by their path in the wheel), those files
    alone; its path."""
    version = pencilbox.__version__
    info = f"pencilbox-{version}.dist-info"
    entries: list[tuple[str, bytes]] = (
        sorted(bytecode.items())
        if bytecode is not None
        else [
            (f"{PACKAGE.name}/{p.relative_to(PACKAGE).as_posix()}", p.read_bytes())
            for p in modules()
        ]
    )
    entries += [
        (
            f"{info}/METADATA",
            f"Metadata-Version: 2.1\nName: pencilbox\nVersion: {version}\n".encode(),
        ),
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: pencilbox site\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        ),
        (f"{info}/entry_points.txt", puzzle_entry_points().encode()),
    ]
    record = [f"{name},sha256={_digest(data)},{len(data)}" for name, data in entries]
    entries.append((f"{info}/RECORD", ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()))
    # The page's wheel is stored as it is, for the host to compress whole
    # (as the standard library: :data:`pencilbox.site.bytecode.ZIP_MODE`).
    mode = zipfile.ZIP_STORED if bytecode is not None else zipfile.ZIP_DEFLATED
    path = folder / wheel_name()
    with zipfile.ZipFile(path, "w", mode) as z:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, STAMP)
            entry.external_attr = 0o644 << 16
            z.writestr(entry, data, mode)
    return path


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
