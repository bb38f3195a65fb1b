"""``pencilbox site OUT``: the static build (what ``make site`` runs)."""

from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Callable
from pathlib import Path

from pencilbox.bank.store import Bank
from pencilbox.commands.common import Handler, Result, Subcommands, add_command
from pencilbox.site.runtime import SiteError


def declare(commands: Subcommands) -> None:
    """Add ``site`` to the command line."""
    p = add_command(
        commands,
        "site",
        "write the game and the studio as a static site, the engine inside the page",
        Handler(run, text, spaced=False),
    )
    p.add_argument("out", type=Path, help="the folder to write (empty, or an earlier build)")
    p.add_argument(
        "--bank",
        type=Path,
        default=None,
        help="the bank to deal from (default: the server's, $PENCILBOX_BANK or the shipped one)",
    )
    p.add_argument("--no-bank", action="store_true", help="ship no bank: every board is generated")
    p.add_argument(
        "--cache",
        type=Path,
        default=None,
        help="where the fetched Pyodide is kept (default: $PENCILBOX_SITE_CACHE, "
        "else ~/.cache/pencilbox/site)",
    )
    p.add_argument(
        "--manual",
        type=Path,
        default=None,
        help="the built documentation (make docs) to put beside the game, linked from its page",
    )


def run(args: argparse.Namespace) -> list[Result]:
    from pencilbox.site.build import build

    bank: Path | None | str = None if args.no_bank else (args.bank or "default")
    if args.cache is not None:
        refuse_unless(args.cache, stat.S_ISDIR, "the cache", "a folder")
    if args.manual is not None:
        refuse_unless(args.manual, stat.S_ISDIR, "the manual", "a folder")
    if args.bank is not None and not args.no_bank:
        Bank(args.bank).close()  # a pencilbox bank, said at once (BankError otherwise)
    try:
        site = build(args.out, bank=bank, cache=args.cache, manual=args.manual)
    except OSError as e:  # a folder that cannot be made or written, a disk full
        where = f" ({e.filename})" if e.filename else ""
        raise SiteError(f"cannot write the site: {e.strerror or e}{where}") from None
    return [
        {
            "folder": str(site.folder),
            "build": site.build,
            "files": len(site.files),
            "bytes": site.size,
            "engine": site.engine,
            "pyodide": site.pyodide,
        }
    ]


def refuse_unless(path: Path, is_kind: Callable[[int], bool], what: str, kind: str) -> None:
    """SiteError unless ``path`` is ``kind`` or nothing yet, said at once: a
    device, a pipe, a symlink loop or a name too long is one line, never a
    traceback or a wait."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except (OSError, ValueError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise SiteError(f"cannot use {what} {path}: {why}") from None
    if not is_kind(mode):
        raise SiteError(f"{what} {path} is not {kind}")


def text(result: Result) -> str:
    engine = result["engine"]
    return (
        f"wrote {result['folder']}: {result['files']} files, "
        f"{result['bytes'] / 1e6:.1f} MB (build {result['build']}, Pyodide {result['pyodide']}); "
        f"the engine's download {engine['raw'] / 1e6:.1f} MB, {engine['br'] / 1e6:.1f} MB as "
        f"brotli; host it with: python -m http.server -d {result['folder']}"
    )
