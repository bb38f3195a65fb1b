"""The ``pencilbox`` command's entry point.

It loads the command line (:mod:`pencilbox.cli`) inside a guard, so that
even when memory runs out while Python loads the program (a small
``ulimit -v``: then loading fails as a MemoryError, an ImportError, or as
odder errors of the compiler), or a part of it cannot be loaded, the command
says so in one line and exits with status 2, never with a traceback. The line is
written with :func:`os.write` from bytes made in advance: printing may
itself need memory there is none of.
"""

from __future__ import annotations

import contextlib
import os

OUT_OF_MEMORY = b"pencilbox: error: out of memory: the input is too large to process\n"
EXIT_USAGE = 2


def main() -> int:
    failed = b""
    try:
        from pencilbox.cli import main as run
    except MemoryError:
        failed = OUT_OF_MEMORY  # written below, once the traceback's frames are freed
    except Exception as e:  # short of memory, loading fails in odd ways
        said = f"{type(e).__name__}: {e}"
        if "memory" in said or "map segment" in said:
            failed = OUT_OF_MEMORY
        else:
            failed = f"pencilbox: error: cannot load the program ({said[:200]})\n".encode()
    else:
        try:
            return run()
        except MemoryError:  # the command line's own handler ran short too
            failed = OUT_OF_MEMORY
    with contextlib.suppress(OSError):
        os.write(2, failed)
    return EXIT_USAGE


if __name__ == "__main__":
    raise SystemExit(main())
