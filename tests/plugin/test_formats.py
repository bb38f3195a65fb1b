"""A puzzle from outside pencilbox (the toy Tally of ``tests/plugin``) in every
format: pencilbox's own, penpa-edit and Janko text (its text tokens in the
cells) hold it; a puzz.link file cannot, and says so."""

from __future__ import annotations

import pytest

from pencilbox.errors import ParseError
from pencilbox.formats import registry
from pencilbox.formats.base import Document

from .tally import Tally
from .test_plugin import tally  # noqa: F401 (the fixture that installs it)


def test_the_toy_in_every_format_it_fits(tally: Tally) -> None:  # noqa: F811
    p, answer = tally.generate(4, 5, seed=2)
    assert "pzprv3" not in registry.supported(tally)
    for name in registry.supported(tally):
        holds = registry.by_name(name).holds_answer
        text = registry.write(name, tally, Document(p, answer=answer if holds else None))
        (doc,) = registry.read(text, tally)
        assert doc.puzzle == p
        if holds:
            assert (doc.answer if doc.answer is not None else doc.marks) == answer
    with pytest.raises(ParseError, match="cannot hold a Tally puzzle"):
        registry.write("pzprv3", tally, Document(p))
