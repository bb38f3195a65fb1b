"""Words a reason puts around its numbers: plural forms that agree with them.

Every hint, grade and check message that counts something says it through
:func:`count`, so "1 cell" and "2 cells" are right on every surface (the
browser's own messages follow the same rule in ``static/dom.js``).
"""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and its noun in the form that agrees with it: "1 cell", "3 cells".

    ``plural`` is the noun's plural when adding "s" is wrong ("1 branch",
    "2 branches" need it); a noun of several words takes the plural on its
    last word ("1 black cell", "2 black cells")."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {plural if plural is not None else noun + 's'}"
