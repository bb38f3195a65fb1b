"""MkDocs hooks for the documentation (``mkdocs.yml`` names this file).

pencilbox's docstrings name other code the way Sphinx does (``:func:`x```,
``:mod:`y```); the API reference shows the name alone.
"""

from __future__ import annotations

import re
from typing import Any

ROLE = re.compile(r":(?:func|mod|class|meth|data|attr|exc|obj):(?=<code|<a )")


def on_page_content(html: str, **kwargs: Any) -> str:
    """The page's HTML without the roles' prefixes."""
    return ROLE.sub("", html)
