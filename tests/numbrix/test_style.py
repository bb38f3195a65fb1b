"""Numbrix's two styles: the raw stream as the measurements read it, unchanged
(its boards hash to what they always did); its setter's style draws the
raw answer."""

from __future__ import annotations

from ..streams import raw_fingerprints

RAW = ("898a5d26a3cbecc5", "f63110bab0309741")
"""The raw streams' fingerprints (:func:`tests.streams.raw_fingerprints`),
as the generator and the raw thinning have always made them."""


def test_the_raw_stream_is_unchanged() -> None:
    assert raw_fingerprints("numbrix") == RAW
