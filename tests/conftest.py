"""The whole suite runs with the toy puzzle of :mod:`tests.plugin` installed,
as a fifth registered puzzle: the shared tests, which parametrize over the
registry, run on it as on the built-in ones, and prove that nothing outside
a puzzle's own package and tests names a puzzle.
"""

from __future__ import annotations

import pathlib
import shutil
import tempfile

import pytest

from tests.plugin import install


def pytest_configure(config: pytest.Config) -> None:
    install.SITE = pathlib.Path(tempfile.mkdtemp(prefix="pencilbox-plugin-")) / "site"
    install.write_distribution(install.SITE)
    install.put_on_path(install.SITE)


def pytest_unconfigure(config: pytest.Config) -> None:
    if install.SITE is not None:
        install.take_off_path(install.SITE)
        shutil.rmtree(install.SITE.parent, ignore_errors=True)
        install.SITE = None
