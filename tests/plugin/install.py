"""Install the toy puzzle :mod:`tests.plugin.tally` the way pip would: a
distribution's metadata declaring it in the ``pencilbox.puzzles`` group, in a
directory put on ``sys.path`` (and on ``PYTHONPATH``, for the command lines
and worker processes the tests start)."""

from __future__ import annotations

import os
import pathlib
import shutil
import sys
import tempfile

from pencilbox.engine import registry

ROOT = pathlib.Path(__file__).resolve().parents[2]
"""The repository, from where ``tests.plugin.tally`` is imported."""
NAME = "tally"
SITE: pathlib.Path | None = None
"""Where the test run installed the toy (see tests/conftest.py)."""


def write_distribution(site: pathlib.Path) -> None:
    """What ``pip install`` of a package declaring Tally would leave in ``site``."""
    info = site / "pencilbox_tally-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pencilbox-tally\nVersion: 0.1\n")
    entry = f"[pencilbox.puzzles]\n{NAME} = tests.plugin.tally:KIND\n"
    (info / "entry_points.txt").write_text(entry)


def put_on_path(site: pathlib.Path) -> None:
    """``site`` at the end of this process's path (so the toy registers after
    the built-in puzzles) and on the path of processes it starts."""
    sys.path.append(str(site))
    known = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys([*known, str(ROOT), str(site)]))
    registry.discover()


def take_off_path(site: pathlib.Path) -> None:
    """Undo :func:`put_on_path`: the toy unknown again."""
    while str(site) in sys.path:
        sys.path.remove(str(site))
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in paths if p and p != str(site))
    registry.unregister(NAME)


def install_for_tests() -> None:
    """Install the toy in a fresh directory for the rest of the process."""
    global SITE
    if SITE is None:
        SITE = pathlib.Path(tempfile.mkdtemp(prefix="pencilbox-plugin-")) / "site"
        write_distribution(SITE)
        put_on_path(SITE)


def uninstall_for_tests() -> None:
    global SITE
    if SITE is not None:
        take_off_path(SITE)
        shutil.rmtree(SITE.parent, ignore_errors=True)
        SITE = None
